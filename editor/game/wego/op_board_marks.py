"""What the map of an operational game always shows beside the counters (docs/wego.md, "In
the game view"):

- the victory locations (OV2, OV5): each hex ringed in the colour of the side holding it
  (grey for nobody) with a gold star at its top, its tooltip what it is worth each turn to
  each side and what it has given so far (the Victory tab's figures, from
  :func:`engine.wego.op.standing.standing`; public, so the same for every side);
- on a frozen day (OW1), the rivers drawn as ice: a pale dashed line along each river
  hexside, since units and supply trucks cross them as plain hexsides that day;
- during the setup (OT1: the planning of turn 1), the planning side's setup zone washed and
  outlined in its colour, where a Ctrl+click sets a stack up again.

Each picture is rebuilt only when what it shows changes (the holders, the day's weather, the
side setting up), not on every order of the plan.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QBrush, QColor, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPathItem

from editor.game.map.hexes import hexside_borders
from editor.game.map.marks import MarkItem
from editor.game.map.style import (
    UNCONTROLLED,
    Z_CONNECTIONS,
    Z_LABELS,
    Z_OVERLAY,
    side_colours,
)
from editor.game.panels.knowledge import side_name
from editor.game.wego.op_overlay_items import band_outline
from engine.wego.op import map_queries, state, zones
from engine.wego.op.standing import LocationStanding, standing

if TYPE_CHECKING:
    from editor.game.map.scene import GameMapScene

ICE = QColor("#e7f5ff")
"""A frozen river's ice: near white, with a blue edge."""
ICE_EDGE = QColor("#74c0fc")


def location_tip(scene: GameMapScene, spot: LocationStanding) -> str:
    """A victory location in words: who holds it, its worth each turn, what it gave."""
    game = scene.game
    worth = ", ".join(f"{side_name(game, s)} {v}" for s, v in spot.per_turn.items()) or "nothing"
    got = ", ".join(f"{side_name(game, s)} {v}" for s, v in spot.received.items() if v)
    holder = side_name(game, spot.holder) if spot.holder else "nobody"
    lines = [
        f"{spot.name}: victory location (OV2)",
        f"Held by {holder}",
        f"Worth at each turn's end to the side holding it: {worth}",
    ]
    if got:
        lines.append(f"Given so far: {got}")
    return "\n".join(lines)


class BoardMarks:
    """The victory locations, frozen rivers and setup zone on a scene (see the module
    docstring)."""

    def __init__(self, scene: GameMapScene) -> None:
        self.scene = scene
        self._items: dict[str, list[QGraphicsItem]] = {}
        self._keys: dict[str, object] = {}
        self.holders: dict[str, str | None] = {}
        """The victory locations drawn: hex -> the side holding it."""
        self.frozen: list[str] = []
        """The river hexsides drawn as ice (connection ids)."""
        self.setup: frozenset[str] = frozenset()
        """The hexes of the setup zone drawn."""

    def refresh(self, *, setup_side: str | None, hidden: bool = False) -> None:
        """Redraw what changed; ``setup_side``: the side setting up now (its zone shown);
        ``hidden``: the board is handed over (no side's zone shows)."""
        game = self.scene.game
        found = standing(game).locations
        holders = tuple((spot.hex, spot.holder, tuple(spot.received.items())) for spot in found)
        self._redo("victory", holders, lambda: self._victory(found))
        frozen = map_queries.clock(game).frozen
        self._redo("ice", frozen, lambda: self._ice() if frozen else [])
        side = None if hidden else setup_side
        self._redo("setup", side, lambda: self._setup(side) if side is not None else [])

    def _redo(self, name: str, key: object, build: Callable[[], list[QGraphicsItem]]) -> None:
        if name in self._items and self._keys.get(name) == key:
            return
        for item in self._items.pop(name, []):
            self.scene.removeItem(item)
        self._keys[name] = key
        self._items[name] = build()

    def _victory(self, found: tuple[LocationStanding, ...]) -> list[QGraphicsItem]:
        scene = self.scene
        grid = scene.grid
        colours = side_colours(scene.game)
        items: list[QGraphicsItem] = []
        self.holders = {}
        for spot in found:
            outline = scene.paths.get(spot.hex)
            index = grid.find(spot.hex) if grid is not None else None
            if outline is None or grid is None or index is None:
                continue
            self.holders[spot.hex] = spot.holder
            tip = location_tip(scene, spot)
            holder = colours.get(spot.holder or "", UNCONTROLLED)
            # A dark ring under the holder's: a side's colour on its own control wash.
            for colour, width in ((QColor(20, 20, 20, 200), 5.5), (holder, 3.0)):
                ring = QGraphicsPathItem(outline)
                pen = QPen(colour, width)
                pen.setCosmetic(True)
                pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
                ring.setPen(pen)
                ring.setZValue(Z_CONNECTIONS + 3)
                ring.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
                ring.setAcceptHoverEvents(False)  # the hex's own tooltip stays; the star's says it
                scene.addItem(ring)
                items.append(ring)
            x, y = grid.centres()[index].tolist()
            star = MarkItem("vp", f"op-location-{spot.hex}", Z_LABELS + 1)
            star.set_look(("vp",))
            star.setPos(QPointF(x, y - grid.size * 0.62))
            star.setToolTip(tip)
            scene.addItem(star)
            items.append(star)
        return items

    def _ice(self) -> list[QGraphicsItem]:
        """OW1: every river hexside drawn as ice (its connection type's row says ``river``)."""
        scene = self.scene
        game = scene.game
        grid = scene.grid
        if grid is None:
            return []
        rivers = {row.connection_type for row in state.board_of(game).rules.hexsides if row.river}
        path = QPainterPath()
        self.frozen = []
        borders, _others = hexside_borders(game, grid)
        for connection_id, segment in borders:
            if game.world.connections[connection_id].type in rivers:
                path.addPath(segment)
                self.frozen.append(connection_id)
        if path.isEmpty():
            return []
        items: list[QGraphicsItem] = []
        for colour, width, style in (
            (ICE_EDGE, 5.0, Qt.PenStyle.SolidLine),
            (ICE, 3.0, Qt.PenStyle.SolidLine),
            (ICE_EDGE, 1.2, Qt.PenStyle.DotLine),
        ):
            item = QGraphicsPathItem(path)
            pen = QPen(colour, width, style)
            pen.setCosmetic(True)
            pen.setCapStyle(Qt.PenCapStyle.RoundCap)
            item.setPen(pen)
            item.setZValue(Z_CONNECTIONS + 0.5)  # over the rivers, under the roads' bridges
            item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
            item.setToolTip("Frozen river (OW1): crossed as a plain hexside today")
            scene.addItem(item)
            items.append(item)
        return items

    def _setup(self, side: str) -> list[QGraphicsItem]:
        """OT1: the side's setup zone, washed and outlined in its colour."""
        scene = self.scene
        game = scene.game
        ids = state.board_of(game).hex_ids
        hexes = sorted(ids[i] for i in zones.setup_hexes(game, side))
        self.setup = frozenset(hexes)
        outline = band_outline(scene, hexes)
        if outline.isEmpty() or scene.grid is None:
            return []
        # Hatched in the side's colour and outlined twice (white under the side's dashes):
        # a plain wash of the side's colour vanished on its own control colour.
        colour = side_colours(game).get(side, UNCONTROLLED)
        hatch = QColor(colour)
        hatch.setAlpha(170)
        items: list[QGraphicsItem] = []
        for pen, brush in (
            (
                QPen(QColor(255, 255, 255, 220), scene.grid.size * 0.22),
                QBrush(hatch, Qt.BrushStyle.BDiagPattern),
            ),
            (QPen(colour, scene.grid.size * 0.12, Qt.PenStyle.DashLine), QBrush()),
        ):
            pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
            item = QGraphicsPathItem(outline)
            item.setPen(pen)
            item.setBrush(brush)
            item.setZValue(Z_OVERLAY + 0.2)
            item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
            scene.addItem(item)
            items.append(item)
        # No tooltip: it would hide the hexes' own; selecting a stack in the zone says how
        # to set it up (PlanMapView._on_selection).
        return items
