"""A fire range drawn on an operational game's map (OC33, OA13): the hexes a gun or a naval
asset reaches, as the engine lists them (:func:`engine.wego.op.fire.reach`,
:func:`engine.wego.op.assets.reach`), washed faintly with one outline round the whole area.

One item, not one per hex: the outline is the union of the hexes' shapes, so a range reads
as an area with an edge rather than a honeycomb of rings, and it does not hide the counters
(it lies under them and takes no clicks).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsPathItem

from editor.game.map.scene import GameMapScene
from editor.game.map.style import Z_HIGHLIGHT
from engine.wego.op import assets, state

if TYPE_CHECKING:
    from editor.game.wego.op_assets import AssetsBox

GUN_RANGE = QColor("#5f3dc4")
"""A gun's range: violet, a colour neither side's control wash nor a fire marker uses."""
NAVAL_REACH = QColor("#1864ab")
"""A naval asset's reach from its river hexes: river blue."""


class RangeArea:
    """One range on the map, drawn or cleared (see the module docstring)."""

    def __init__(self, scene: GameMapScene) -> None:
        self.scene = scene
        self.items: list[QGraphicsPathItem] = []
        self.hexes: tuple[str, ...] = ()
        """The hexes drawn (empty: nothing is)."""

    def show(self, hexes: list[str], colour: QColor, tip: str) -> None:
        """Draw the area of ``hexes`` (the ones the map has) in ``colour``, replacing the
        range drawn before."""
        self.clear()
        paths = self.scene.paths
        shown = tuple(h for h in hexes if h in paths)
        if not shown:
            return
        area = QPainterPath()
        area.setFillRule(Qt.FillRule.WindingFill)
        for hex_id in shown:
            area.addPath(paths[hex_id])
        outline = area.simplified()  # the union: one edge round the area
        wash = QColor(colour)
        wash.setAlpha(60)
        # A white band under the dashed edge: the range must read on both sides' control
        # washes (a crimson edge alone vanished on red ground).
        for pen_colour, width, style, brush in (
            (QColor(255, 255, 255, 235), 6.0, Qt.PenStyle.SolidLine, QBrush(wash)),
            (colour, 3.0, Qt.PenStyle.DashLine, QBrush()),
        ):
            item = QGraphicsPathItem(outline)
            item.setBrush(brush)
            pen = QPen(pen_colour, width, style)
            pen.setCosmetic(True)
            pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
            item.setPen(pen)
            item.setZValue(Z_HIGHLIGHT - 1)
            item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
            item.setToolTip(tip)
            self.scene.addItem(item)
            self.items.append(item)
        self.hexes = shown

    def clear(self) -> None:
        for item in self.items:
            self.scene.removeItem(item)
        self.items = []
        self.hexes = ()


class NavalReach:
    """OA13: the reach of the naval asset picked in the Assets tab, drawn while that tab is
    shown (an asset of the air or with no river hexes reaches every hex: nothing drawn)."""

    def __init__(self, box: AssetsBox) -> None:
        self.box = box
        self.area = RangeArea(box.map_view.map_scene)
        self.active = False
        box.table.itemSelectionChanged.connect(self.refresh)
        box.session.changed.connect(self.refresh)
        box.session.handover.connect(lambda _s: self.refresh())

    def set_active(self, active: bool) -> None:
        self.active = active
        self.refresh()

    def refresh(self) -> None:
        asset_id = self.box.asset() if self.active and self.box.side() else None
        game = self.box.session.game
        hexes = assets.reach(game, asset_id) if asset_id else None
        asset = state.board_of(game).rules.assets.asset(asset_id) if asset_id else None
        if not hexes or asset is None:
            self.area.clear()
            return
        name = asset.name or asset.id
        tip = f"The reach of {name}: {asset.fire_range} hexes from its river hexes (OA13)"
        self.area.show(hexes, NAVAL_REACH, tip)
