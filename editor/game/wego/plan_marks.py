"""What the planning markers of an operational plan have in common (OF12): the asset
missions' (:mod:`.op_asset_marks`) and the guns' fire orders' (:mod:`.op_fire_marks`).

Each target hex of the side's orders is ringed (a white ring under the order's coloured one,
so it stands out on both sides' control washes) and labelled with what goes there, several
orders on one hex sharing the ring, their labels one under another. Only the planning side's
own orders are drawn, and only while the board shows that side's plan (:meth:`side`).
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPathItem

from editor.game.map.marks import MarkItem
from editor.game.map.style import Z_BADGES, Z_PATH
from editor.game.session import GameSession
from editor.game.wego.plan_map import PlanMapView
from engine.game import Game
from engine.wego import family

Given = list[tuple[str, str]]
"""The orders at one hex: (who goes: an asset or a gun, its mission)."""


def shortened(name: str, chars: int) -> str:
    """A name cut to ``chars`` characters for a marker (the tooltip has it whole)."""
    return name if len(name) <= chars else name[: chars - 1].rstrip() + "\u2026"


class PlanMarks:
    """The markers of one kind of order (see the module docstring): a kind says which
    orders there are (:meth:`orders`) and draws a hex's (:meth:`draw`)."""

    def __init__(self, session: GameSession, map_view: PlanMapView) -> None:
        self.session = session
        self.map_view = map_view
        self.items: list[QGraphicsItem] = []
        self.shown: dict[str, Given] = {}
        """What is drawn: target hex -> the orders there."""
        session.changed.connect(self.refresh)
        session.toAct.connect(lambda _s: self.refresh())
        session.handover.connect(lambda _s: self.refresh())
        map_view.planChanged.connect(self.refresh)
        # The labels keep their size on screen, so their extent in map units is large on a
        # small map: without a fixed rectangle the scene grew round them and the map jumped
        # sideways when an order was given.
        scene = map_view.map_scene
        scene.setSceneRect(scene.sceneRect())
        self.refresh()

    def orders(self, game: Game, side: str) -> dict[str, Given]:
        """The side's orders of this kind by target hex."""
        raise NotImplementedError

    def draw(self, game: Game, hex_id: str, given: Given) -> None:
        """Draw the markers of the orders at ``hex_id``."""
        raise NotImplementedError

    def side(self) -> str | None:
        """The side whose orders are drawn: the person planning, when the board shows
        their plan."""
        side = self.map_view.shown_side()
        if side is None or side != self.session.human_to_act():
            return None
        if not family.operational(self.session.game):
            return None
        return side

    def refresh(self) -> None:
        scene = self.map_view.map_scene
        for item in self.items:
            scene.removeItem(item)
        self.items = []
        self.shown = {}
        side = self.side()
        if side is None:
            return
        game = self.session.game
        for hex_id, given in sorted(self.orders(game, side).items()):
            if hex_id in scene.paths:
                self.shown[hex_id] = given
                self.draw(game, hex_id, given)

    def add(self, item: QGraphicsItem) -> None:
        self.map_view.map_scene.addItem(item)
        self.items.append(item)

    def label(
        self, key: str, words: str, colour: QColor, hex_id: str, below: float, tip: str
    ) -> None:
        """A label ``below`` pixels under the hex's centre (negative: above it)."""
        label = MarkItem("text", key, Z_BADGES + 3)
        label.set_look((words, colour.rgba()))
        label.setPos(self.map_view.map_scene.points[hex_id])
        label.set_offset(QPointF(0, below))
        label.setToolTip(tip)
        self.add(label)

    def ring(self, hex_id: str, colour: QColor, width: float, style: Qt.PenStyle, tip: str) -> None:
        """The hex ringed in ``colour`` over a white ring a little wider."""
        for pen_colour, pen_width, pen_style in (
            (QColor(255, 255, 255, 230), width * 2, Qt.PenStyle.SolidLine),
            (colour, width, style),
        ):
            ring = QGraphicsPathItem(self.map_view.map_scene.paths[hex_id])
            pen = QPen(pen_colour, pen_width, pen_style)
            pen.setCosmetic(True)
            ring.setPen(pen)
            ring.setZValue(Z_PATH - 2)
            ring.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
            ring.setToolTip(tip)
            self.add(ring)
