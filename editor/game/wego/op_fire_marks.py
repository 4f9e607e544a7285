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

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsPathItem

from editor.game.map.style import Z_PATH
from editor.game.panels.knowledge import unit_name
from editor.game.wego.op_asset_marks import hex_words
from editor.game.wego.plan_marks import Given, PlanMarks, shortened
from engine.game import Game
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


class FireMarks(PlanMarks):
    """The markers of the side's fire orders on the map (see the module docstring)."""

    def orders(self, game: Game, side: str) -> dict[str, Given]:
        by_hex: dict[str, Given] = defaultdict(list)
        for unit_id, order in fire.orders(game, side, viewer=side).items():
            by_hex[order.target].append((unit_id, order.mission))
        return by_hex

    def draw(self, game: Game, hex_id: str, given: Given) -> None:
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
                self.add(line)
            self.label(  # under the hex: the asset missions' labels go above it
                f"fire-{unit_id}",
                f"{FIRE_SHORT.get(mission, mission)} \u00b7 {shortened(name, LABEL_CHARS)}",
                colour,
                hex_id,
                36 + 17 * n,
                f"{name}: {words} at {place} (planned)",
            )
        first = FIRE_COLOURS.get(given[0][1], QColor("#333333"))
        tip = f"Artillery fire planned at {place}:\n" + "\n".join(lines)
        self.ring(hex_id, first, 2.5, Qt.PenStyle.DotLine, tip)
