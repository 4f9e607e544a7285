"""The overlays of the enemy's values in an operational game (OF11): strength, readiness,
quality and defence of the enemy units the side sees, one at a time, as far as its
intelligence reads them (Table OI2, :func:`engine.wego.op.hex_queries.enemy_values`).

Each hex holding seen enemy units gets a badge at its lower right (the place of the side's
own values, which only its own hexes have), coloured like the own values (poor red to good
green) where the value is known. A value is known only at the level that shows it: strength,
readiness and quality at level 5, the printed defence from level 3. Where some units of the
hex do not show it the badge adds "?", and where none does it is a grey "?": the figure
behind a level too low to show it is never drawn, nor put in the badge's tooltip (which lists
what each unit there shows: a level-1 unit is only "an enemy unit").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import QColor
from PySide6.QtWidgets import QGraphicsItem

from editor.game.panels.knowledge import unit_name
from editor.game.wego.op_intel import NAME_AT, level_words
from editor.game.wego.op_overlay_items import number
from editor.game.wego.op_unit_values import NONE, UnitValuesItem, grade
from engine.wego.op.hex_queries import KnownEnemy, enemy_values
from schemas.operational.units import QUALITY_LEVELS

if TYPE_CHECKING:
    from editor.game.map.scene import GameMapScene

ENEMY_VALUES: list[tuple[str, str]] = [
    ("enemy_strength", "Strength of enemy units (as known)"),
    ("enemy_readiness", "Readiness of enemy units (as known)"),
    ("enemy_quality", "Quality of enemy units (as known)"),
    ("enemy_defence", "Defence of enemy units (as known)"),
]
"""The enemy-value overlays, one shown at a time (they share the badge's place)."""
DEFENCE = QColor("#1971c2")
"""A read defence: no grade (a strong enemy is not "good" for the side)."""
UNKNOWN = "?"


def _known(name: str, enemy: KnownEnemy) -> float | None:
    """The value ``name`` of one enemy unit as the side knows it; ``None``: not known."""
    if name == "enemy_quality":
        return float(QUALITY_LEVELS[enemy.quality]) if enemy.quality is not None else None
    value: float | None = getattr(enemy, name.removeprefix("enemy_"))
    return value


def badge(name: str, found: tuple[KnownEnemy, ...]) -> tuple[str, QColor]:
    """A hex's badge for the overlay ``name``: its text and colour, from the known values
    only (the weakest strength and readiness, the mean quality level, the summed defence)."""
    known = [v for v in (_known(name, e) for e in found) if v is not None]
    if not known:
        return UNKNOWN, NONE
    more = UNKNOWN if len(known) < len(found) else ""
    if name == "enemy_defence":
        return number(sum(known)) + more, DEFENCE
    if name == "enemy_quality":
        mean = sum(known) / len(known)
        return number(mean) + more, grade(mean / max(QUALITY_LEVELS.values()))
    worst = min(known)
    return f"{worst:.0f}{more}", grade(worst / 100.0)


def enemy_words(scene: GameMapScene, enemy: KnownEnemy) -> str:
    """What the side knows of one enemy unit, in one line (only what its level shows: its
    name from level 3, as the Intel overlay gives it, Table OI2)."""
    named = enemy.unit is not None and enemy.level >= NAME_AT
    who = unit_name(scene.game, enemy.unit) if named and enemy.unit else "an enemy unit"
    parts: list[str] = []
    if enemy.category is not None:
        parts.append(enemy.category.replace("_", " "))
    if enemy.quality is not None:
        parts.append(enemy.quality)
    if enemy.strength is not None:
        parts.append(f"strength {enemy.strength:.0f}%")
    if enemy.readiness is not None:
        parts.append(f"readiness {enemy.readiness:.0f}%")
    if enemy.attack is not None and enemy.defence is not None:
        parts.append(f"attack {number(enemy.attack)}, defence {number(enemy.defence)}")
    if enemy.dug_in:
        parts.append("dug in")
    line = f"{who}: {level_words(enemy.level)}"
    return line + (", " + ", ".join(parts) if parts else "")


def enemy_value_items(
    scene: GameMapScene, side: str, name: str
) -> tuple[dict[str, str], list[QGraphicsItem]]:
    """The overlay ``name``'s badges over the enemy hexes ``side`` sees, with each badge's
    text by hex."""
    cells: list[tuple[str, str, QColor, str]] = []
    texts: dict[str, str] = {}
    for hex_id, found in enemy_values(scene.game, side).items():
        if hex_id not in scene.points:
            continue
        text, colour = badge(name, found)
        texts[hex_id] = text
        lines = [enemy_words(scene, e) for e in found]
        tip = f"Enemy in {hex_id}, as your intelligence reads it:\n" + "\n".join(lines)
        cells.append((hex_id, text, colour, tip))
    item = UnitValuesItem(scene, cells)
    scene.addItem(item)
    return texts, [item]


def legend(name: str) -> list[tuple[QColor, str]]:
    if name == "enemy_defence":
        return [(DEFENCE, "read defence"), (NONE, "not known (?)")]
    poor, fair, good = grade(0.0), grade(0.5), grade(1.0)
    return [(poor, "poor"), (fair, "fair"), (good, "good"), (NONE, "not known (?)")]
