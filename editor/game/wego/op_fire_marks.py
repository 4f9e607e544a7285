"""The planning markers of the artillery's fire orders on an operational game's map (OF12):
each fire order of the side's plan draws a thin dashed line from the gun's hex to its target,
rings the target in the fire's colour (crimson for offensive fire, blue for defensive) and
labels it under the hex with the kind of fire and the gun (several guns on one hex: their
labels one under the other, the ring shared).

Only the planning side's own orders are asked of the engine
(:func:`engine.wego.op.fire.orders` with ``viewer`` = that side), and only while the board
shows that side's plan, like the asset missions' markers (:mod:`.op_asset_marks`).
"""

from __future__ import annotations

from collections import defaultdict

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPathItem

from editor.game.map.marks import MarkItem
from editor.game.map.style import Z_BADGES, Z_PATH
from editor.game.panels.knowledge import unit_name
from editor.game.session import GameSession
from editor.game.wego.op_asset_marks import hex_words
from editor.game.wego.plan_map import PlanMapView
from engine.game import Game
from engine.wego import family
from engine.wego.op import fire

FIRE_COLOURS: dict[str, QColor] = {
    "offensive": QColor("#c2255c"),
    "defensive": QColor("#1c7ed6"),
}
FIRE_SHORT = {"offensive": "Fire", "defensive": "Def. fire"}
"""A marker's label is short: the map is crowded."""
FIRE_WORDS = {
    "offensive": "offensive fire (supports an attack on the hex, else bombards it)",
    "defensive": "defensive fire (joins the hex's defence if it is attacked)",
}
LABEL_CHARS = 16


def gun_hex(game: Game, unit_id: str) -> str | None:
    """The hex the gun stands in (``None``: not on the map)."""
    unit = game.state.units.get(unit_id)
    stack = game.state.stacks.get(unit.stack or "") if unit is not None else None
    return stack.region if stack is not None else None


def _short(name: str) -> str:
    return name if len(name) <= LABEL_CHARS else name[: LABEL_CHARS - 1].rstrip() + "\u2026"


class FireMarks:
    """The markers of the side's fire orders on the map (see the module docstring)."""

    def __init__(self, session: GameSession, map_view: PlanMapView) -> None:
        self.session = session
        self.map_view = map_view
        self.items: list[QGraphicsItem] = []
        self.shown: dict[str, list[tuple[str, str]]] = {}
        """What is drawn: target hex -> (gun, mission) of each order there."""
        session.changed.connect(self.refresh)
        session.toAct.connect(lambda _s: self.refresh())
        session.handover.connect(lambda _s: self.refresh())
        map_view.planChanged.connect(self.refresh)
        self.refresh()

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
        by_hex: dict[str, list[tuple[str, str]]] = defaultdict(list)
        for unit_id, order in fire.orders(game, side, viewer=side).items():
            if order.target in scene.paths:
                by_hex[order.target].append((unit_id, order.mission))
        for hex_id, given in sorted(by_hex.items()):
            self.shown[hex_id] = given
            self._draw(game, hex_id, given)

    def _add(self, item: QGraphicsItem) -> None:
        self.map_view.map_scene.addItem(item)
        self.items.append(item)

    def _draw(self, game: Game, hex_id: str, given: list[tuple[str, str]]) -> None:
        scene = self.map_view.map_scene
        place = hex_words(game, hex_id)
        target = scene.points[hex_id]
        lines = []
        for n, (unit_id, mission) in enumerate(given):
            name = unit_name(game, unit_id)
            colour = FIRE_COLOURS.get(mission, QColor("#333333"))
            words = FIRE_WORDS.get(mission, mission)
            lines.append(f"{name}: {words}")
            source = gun_hex(game, unit_id)
            if source is not None and source in scene.points and source != hex_id:
                path = QPainterPath(scene.points[source])
                path.lineTo(target)
                line = QGraphicsPathItem(path)
                pen = QPen(colour, 2.0, Qt.PenStyle.DotLine)
                pen.setCosmetic(True)
                line.setPen(pen)
                line.setZValue(Z_PATH - 3)
                line.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
                line.setToolTip(f"{name}: {words} at {place} (planned)")
                self._add(line)
            label = MarkItem("text", f"fire-{unit_id}", Z_BADGES + 3)
            label.set_look(
                (f"{FIRE_SHORT.get(mission, mission)} \u00b7 {_short(name)}", colour.rgba())
            )
            label.setPos(target)
            label.set_offset(QPointF(0, 36 + 17 * n))  # under the hex: asset labels go above
            label.setToolTip(f"{name}: {words} at {place} (planned)")
            self._add(label)
        first = FIRE_COLOURS.get(given[0][1], QColor("#333333"))
        tip = f"Artillery fire planned at {place}:\n" + "\n".join(lines)
        # A white ring under the coloured one, as the asset markers: it stands out on both
        # sides' control washes.
        for colour, width, style in (
            (QColor(255, 255, 255, 230), 5.0, Qt.PenStyle.SolidLine),
            (first, 2.5, Qt.PenStyle.DotLine),
        ):
            ring = QGraphicsPathItem(scene.paths[hex_id])
            pen = QPen(colour, width, style)
            pen.setCosmetic(True)
            ring.setPen(pen)
            ring.setZValue(Z_PATH - 2)
            ring.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
            ring.setToolTip(tip)
            self._add(ring)
