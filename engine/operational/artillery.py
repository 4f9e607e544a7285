"""Artillery units' support fire (OC2, OC15, OC32, OC33): what one gun unit adds to a battle,
how far it reaches, and what artillery does to a battle's intensity.

A firing unit adds its effective attack (OC3 without terrain or hexside: it does not cross
into the hex) to its side's total: offensive fire times Table OC32 by the firing side's
intelligence of the target (OC32), defensive fire at x1. What decides whether it fires (its
orders, whether it moved, the battle it joins) is the WEGO game's (``engine/wego/op/fire.py``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from schemas.hexgrid.lines import within
from schemas.operational.combat import INTENSITIES, Intensity
from schemas.operational.rules import OperationalRules

from .board import OpBoard
from .units import OpUnit, readiness_factor


@dataclass(frozen=True)
class Fire:
    """One artillery unit's fire in a battle or a bombardment (OF6's artillery factors)."""

    unit: str
    side: str
    factor: float
    """Its effective attack (printed x strength x readiness x LOC x Combat+)."""
    multiplier: float = 1.0
    """OC32: Table OC32's value for offensive fire, 1 for defensive fire."""

    @property
    def value(self) -> float:
        """What it adds to its side's total."""
        return self.factor * self.multiplier


def fires(rules: OperationalRules, unit: OpUnit) -> bool:
    """OC33: whether the unit's category may be given fire orders (and has an attack)."""
    return unit.category in rules.artillery.categories and unit.attack > 0


def fire_range(rules: OperationalRules, type_range: int | None) -> int:
    """OC33: a gun's range in hexes: its type's ``fire_range``, else ``artillery.range``."""
    return rules.artillery.range if type_range is None else type_range


def in_range(board: OpBoard, unit: OpUnit, target: int, reach: int) -> bool:
    """OC33: the target hex lies within ``reach`` hexes of the unit's hex (rivers and other
    hexsides do not stop fire)."""
    return int(board.grid.distance(unit.hex, target)) <= reach


def reach(board: OpBoard, unit: OpUnit, hexes: int) -> list[int]:
    """OC33: the hexes within ``hexes`` of the unit's hex, by index (the view's fire range)."""
    return [int(h) for h in within(board.grid, unit.hex, hexes)]


def fire_factor(
    rules: OperationalRules, unit: OpUnit, *, combat_plus: bool, multiplier: float = 1.0
) -> Fire:
    """OC2, OC3, OS6: the unit's fire: printed attack x strength % x readiness factor (OU6)
    x its LOC multiplier (OQ9) x Combat+ (artillery x4) when its HQ bought it."""
    combat = rules.combat
    supply = 1.0
    if combat_plus:
        supply = (
            combat.supply.combat_plus_artillery
            if unit.category == "artillery"
            else combat.supply.combat_plus_attack
        )
    value = (
        unit.attack
        * (unit.strength / 100.0)
        * readiness_factor(combat.readiness.attack_at_zero, unit.readiness)
        * getattr(combat.loc, unit.loc)
        * supply
    )
    return Fire(unit.id, unit.side, value, multiplier)


def artillery_intensity(
    rules: OperationalRules,
    level: int,
    *,
    attackers: Iterable[OpUnit],
    defenders: Iterable[OpUnit],
    firing: int,
) -> int:
    """OC15: the artillery cases applied to an intensity ``level`` (an index of
    :data:`INTENSITIES`). An attack whose attackers are all artillery is fought at
    ``artillery_only``; otherwise, when the artillery units of the battle (``firing`` in
    support plus the artillery among attackers and defenders) outnumber the others, the
    level drops by ``more_than_ground`` (``twice_ground`` at twice as many), never below
    ``floor`` (a level already below it stays)."""
    table = rules.artillery.intensity
    guns = set(rules.artillery.categories)
    attacking = list(attackers)
    if attacking and all(u.category in guns for u in attacking):
        return INTENSITIES.index(table.artillery_only)
    fighting = attacking + list(defenders)
    artillery = firing + sum(1 for u in fighting if u.category in guns)
    ground = len(fighting) - (artillery - firing)
    if ground <= 0 or artillery <= ground:
        return level
    cut = table.twice_ground if artillery >= 2 * ground else table.more_than_ground
    floor = INTENSITIES.index(table.floor)
    if level <= floor:
        return level
    return max(level + cut, floor)


def intensity_name(level: int) -> Intensity:
    """The intensity of a level index, kept within the five levels."""
    return INTENSITIES[min(max(level, 0), len(INTENSITIES) - 1)]
