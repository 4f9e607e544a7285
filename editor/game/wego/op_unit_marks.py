"""Two overlays of the side's own units in an operational game (OF11), beside the units'
values (:mod:`.op_unit_values`, whose badge place at a hex's lower right they share, so one
shows at a time):

* **Night-capable units**: a badge on each hex holding night-capable units of the side, ``N``
  in green when every one of them acts at night as by day (OU15, OW3: readiness high enough),
  ``n`` in orange when one is below that readiness; pointing at it lists the hex's units with
  their capability and readiness. Hexes without a capable unit get no badge.
* **Units ordered to move**: a blue badge ``→`` on each hex whose units the plan sends out of
  it this turn (moves, road moves, withdrawals, attacks from another hex), with each unit's
  order and where its route ends; it follows the plan as orders are given.

Both are the engine's answers (:mod:`engine.wego.op.unit_marks`), drawn as they are.
"""

from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING

from PySide6.QtGui import QColor
from PySide6.QtWidgets import QGraphicsItem

from editor.game.panels.knowledge import unit_name
from editor.game.wego.op_unit_values import FAIR, GOOD, UnitValuesItem
from engine.wego.op import unit_marks

if TYPE_CHECKING:
    from editor.game.map.scene import GameMapScene

UNIT_MARKS: list[tuple[str, str]] = [
    ("night", "Night-capable units"),
    ("moved", "Units ordered to move"),
]
"""The two overlays, by name, with their labels for the View menu."""
MOVED = QColor("#1c7ed6")
ORDER_WORDS = {
    "order_move": "move",
    "order_ignore_enemy": "move ignoring the enemy",
    "order_road_move": "road move",
    "order_withdraw": "withdraw",
    "order_attack": "attack",
    "order_assault": "assault",
    "order_attack_no_advance": "attack without advance",
}


def night_cells(scene: GameMapScene, side: str) -> list[tuple[str, str, QColor, str]]:
    """(hex, text, colour, tooltip) for each hex holding night-capable units of ``side``."""
    game = scene.game
    marks = unit_marks.night_marks(game, side)
    by_hex: dict[str, list[unit_marks.NightMark]] = defaultdict(list)
    for stack in game.state.stacks.values():
        for unit_id in stack.units:
            if unit_id in marks:
                by_hex[stack.region].append(marks[unit_id])
    cells = []
    for hex_id, found in sorted(by_hex.items()):
        capable = [m for m in found if m.capable]
        if not capable or hex_id not in scene.points:
            continue
        ready = all(m.by_day for m in capable)
        lines = [f"Night capability in {hex_id} (OU15):"]
        for mark in found:
            name = unit_name(game, mark.unit)
            if not mark.capable:
                lines.append(f"{name}: not night capable")
            elif mark.by_day:
                lines.append(f"{name}: night capable, acts as by day ({mark.readiness:.0f}%)")
            else:
                lines.append(
                    f"{name}: night capable, but needs {mark.needs:.0f}% readiness "
                    f"({mark.readiness:.0f}% now)"
                )
        cells.append((hex_id, "N" if ready else "n", GOOD if ready else FAIR, "\n".join(lines)))
    return cells


def moved_cells(scene: GameMapScene, side: str) -> list[tuple[str, str, QColor, str]]:
    """(hex, text, colour, tooltip) for each hex whose units ``side``'s plan moves out."""
    game = scene.game
    marks = unit_marks.moving(game, side, viewer=scene.session.viewer)
    by_hex: dict[str, list[unit_marks.MoveMark]] = defaultdict(list)
    for mark in marks.values():
        by_hex[mark.start].append(mark)
    cells = []
    for hex_id, found in sorted(by_hex.items()):
        if hex_id not in scene.points:
            continue
        lines = [f"Ordered to leave {hex_id}:"]
        for mark in found:
            words = ORDER_WORDS.get(mark.order, mark.order)
            goal = f", then attack {mark.target}" if mark.target else ""
            lines.append(f"{unit_name(game, mark.unit)}: {words} to {mark.end}{goal}")
        cells.append((hex_id, "\u2192", MOVED, "\n".join(lines)))
    return cells


def mark_items(
    scene: GameMapScene, side: str, name: str
) -> tuple[dict[str, str], list[QGraphicsItem]]:
    """The overlay ``name``'s badges for ``side``, with each badge's text by hex."""
    cells = night_cells(scene, side) if name == "night" else moved_cells(scene, side)
    item = UnitValuesItem(scene, cells)
    scene.addItem(item)
    return {hex_id: text for hex_id, text, _c, _t in cells}, [item]


def plan_key(scene: GameMapScene, side: str) -> tuple[object, ...]:
    """What the moved units' overlay depends on beyond the board: the side's moving orders."""
    marks = unit_marks.moving(scene.game, side, viewer=scene.session.viewer)
    return tuple((m.unit, m.end, m.target) for m in marks.values())


def legend(name: str) -> list[tuple[QColor, str]]:
    if name == "night":
        return [(GOOD, "acts as by day (N)"), (FAIR, "capable, readiness too low (n)")]
    return [(MOVED, "ordered to move (\u2192)")]
