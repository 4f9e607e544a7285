"""The overlays of the side's own units' values in an operational game (OF11) and the hex
details behind them (OF10): readiness, strength, quality, shock and dug-in, one at a time,
as a badge at the lower right of each hex holding the side's units, in a colour from poor
(red) to good (green) with the figure once hexes are large enough on screen. Pointing at a
badge gives the hex's details: every unit of the side there with its quality, strength,
readiness (with the turns of rest that bring it back to 100%, or the turns an encircled
unit has before 0%, OU19), usable shock (attacking and defending) and dug-in state, its line of
communication, the hex's AA value, stacking points used of its limit and the men, guns
and vehicles its units stand for, and the enemy's zone-of-control value on the hex.

Only the side's own units are drawn: an enemy's values are what its intelligence reads of
them, which the intelligence overlay shows (:mod:`.op_intel`). The figures are the rules'
own (:func:`engine.wego.op.map_queries.known_units`,
:func:`engine.operational.units.usable_shock`,
:func:`engine.wego.op.hex_queries.readiness_outlook`); the badge of a hex shows its weakest
unit's readiness and strength (the one an attack hurts first), the mean of its units' quality
levels, the best usable attacking shock, and whether all, some or none are dug in.
"""

from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING

from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QGraphicsItem

from editor.game.panels.knowledge import unit_name
from editor.game.wego.op_overlay_items import LOC_NAMES, BadgesItem, number
from engine.operational import OpUnit
from engine.operational.readiness import Outlook
from engine.operational.units import usable_shock
from engine.wego.op import hex_queries, map_queries, state
from engine.wego.op.hex_queries import HexValues
from schemas.operational.units import QUALITY_LEVELS

if TYPE_CHECKING:
    from editor.game.map.scene import GameMapScene

UNIT_VALUES: list[tuple[str, str]] = [
    ("readiness", "Readiness of your units"),
    ("strength", "Strength of your units"),
    ("quality", "Quality of your units"),
    ("shock", "Attack shock of your units"),
    ("dug_in", "Your units dug in"),
]
"""The unit-value overlays, one shown at a time (they share the badge's place)."""
POOR, FAIR, GOOD = QColor("#e03131"), QColor("#f08c00"), QColor("#2f9e44")
NONE = QColor("#868e96")


def grade(share: float) -> QColor:
    """A share of the best (0 to 1) as red, orange or green."""
    return POOR if share < 0.34 else FAIR if share < 0.67 else GOOD


def shock_of(scene: GameMapScene, unit: OpUnit) -> tuple[float, float | None]:
    """The unit's usable attacking and defending shock (``None``: it defends with the
    attacker's shock, Table OC14)."""
    rules = state.board_of(scene.game).rules
    row = rules.shock.of(unit.shock)
    defence = usable_shock(rules, unit, row.defence) if row.defence is not None else None
    return usable_shock(rules, unit, row.attack), defence


def badge(scene: GameMapScene, name: str, units: list[OpUnit]) -> tuple[str, QColor]:
    """A hex's badge for the overlay ``name``: its text and colour."""
    if name == "readiness":
        worst = min(u.readiness for u in units)
        return f"{worst:.0f}", grade(worst / 100.0)
    if name == "strength":
        worst = min(u.strength for u in units)
        return f"{worst:.0f}", grade(worst / 100.0)
    if name == "quality":
        mean = sum(u.level for u in units) / len(units)
        return number(mean), grade(mean / max(QUALITY_LEVELS.values()))
    if name == "shock":
        best = max(shock_of(scene, u)[0] for u in units)
        return number(best), GOOD if best >= 4 else FAIR if best > 0 else NONE
    dug = sum(u.dug_in for u in units)
    return ("D" if dug == len(units) else "d" if dug else "\u2013"), (
        GOOD if dug == len(units) else FAIR if dug else NONE
    )


def outlook_words(found: Outlook | None, maximum: float) -> str:
    """OU19: a unit's readiness outlook in words (empty when it has none)."""
    if found is None:
        return ""
    turns = f"{found.turns} turn{'s' if found.turns != 1 else ''}"
    if found.goal == "full":
        return f" (back to {maximum:g}% after {turns} of rest)"
    return f" (0% in {turns} if still encircled)"


def hex_details(
    scene: GameMapScene,
    hex_id: str,
    units: list[OpUnit],
    zoc: float,
    values: HexValues | None = None,
    outlook: dict[str, Outlook] | None = None,
) -> str:
    """OF10: the hex's units of the side with their values (``outlook``: each unit's turns
    to full readiness or to 0%, OU19), its AA value and stacking (``values``), and the
    enemy's zone there."""
    game = scene.game
    place = game.world.regions[hex_id].name
    title = place if place == hex_id else f"{place} ({hex_id})"
    lines = [f"{title}: {len(units)} unit{'s' if len(units) != 1 else ''} of yours"]
    maximum = state.board_of(game).rules.readiness.maximum
    for unit in units:
        ahead = outlook_words((outlook or {}).get(unit.id), maximum)
        attack, defence = shock_of(scene, unit)
        guard = number(defence) if defence is not None else "as the attacker's"
        lines.append(
            f"{unit_name(game, unit.id)}: {unit.quality}, strength {unit.strength:.0f}%, "
            f"readiness {unit.readiness:.0f}%{ahead}, shock {number(attack)} attacking / {guard} "
            f"defending{', dug in' if unit.dug_in else ''}, LOC {LOC_NAMES[unit.loc]}"
        )
    mean = sum(u.level for u in units) / len(units)
    lines.append(f"Mean quality level {number(mean)} (conscript 0 to elite 4)")
    if values is not None:
        lines.append(
            f"AA value {number(values.aa)} (OC35); stacking {number(values.sp_used)} of "
            f"{number(values.sp_limit)} SP (OH9)"
        )
        lines.append(
            f"About {values.men:,} men, {values.guns:,} guns, {values.vehicles:,} vehicles"
        )
    lines.append(f"Enemy zone of control here: {number(zoc)}" if zoc else "No enemy zone here")
    return "\n".join(lines)


class UnitValuesItem(BadgesItem):
    """A badge at the lower right of each hex holding the side's units (see the module
    docstring)."""

    def __init__(self, scene: GameMapScene, cells: list[tuple[str, str, QColor, str]]) -> None:
        super().__init__(scene, 0.3)
        size = self.size
        width, height = size * 0.62, size * 0.42
        for hex_id, text, colour, tip in cells:
            found = self.centre(hex_id)
            if found is None:
                continue
            x, y = found
            box = QRectF(x + size * 0.3, y + size * 0.12, width, height)
            self.badge(box, text, colour, tip)


def unit_value_items(
    scene: GameMapScene, side: str, name: str
) -> tuple[dict[str, str], list[QGraphicsItem]]:
    """The overlay ``name``'s badges for ``side``'s units, with each badge's text by hex."""
    game = scene.game
    grid = scene.grid
    assert grid is not None
    by_hex: dict[str, list[OpUnit]] = defaultdict(list)
    for unit in map_queries.known_units(game, side).values():
        if unit.side == side:
            by_hex[str(grid.ids[unit.hex])].append(unit)
    zoc = map_queries.enemy_zoc_values(game, side)
    own = hex_queries.hex_values(game, side)
    ahead = hex_queries.readiness_outlook(game, side)
    cells: list[tuple[str, str, QColor, str]] = []
    texts: dict[str, str] = {}
    for hex_id, units in sorted(by_hex.items()):
        if hex_id not in scene.points:
            continue
        text, colour = badge(scene, name, units)
        texts[hex_id] = text
        tip = hex_details(scene, hex_id, units, zoc.get(hex_id, 0), own.get(hex_id), ahead)
        cells.append((hex_id, text, colour, tip))
    item = UnitValuesItem(scene, cells)
    scene.addItem(item)
    return texts, [item]


def legend(name: str) -> list[tuple[QColor, str]]:
    if name == "dug_in":
        return [(GOOD, "all dug in (D)"), (FAIR, "some (d)"), (NONE, "none")]
    if name == "shock":
        return [(GOOD, "4 or more"), (FAIR, "some"), (NONE, "none")]
    return [(POOR, "poor"), (FAIR, "fair"), (GOOD, "good")]
