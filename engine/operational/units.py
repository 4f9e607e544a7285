"""Ground units as the operational rules see them: immutable records of their state.

A rule that changes a unit returns a new :class:`OpUnit` (``dataclasses.replace``); a caller
(the WEGO execution, a test) keeps them by id. :func:`units_of` reads a scenario's placed units.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from schemas.operational.rules import OperationalRules
from schemas.operational.terrain import MovementColumn
from schemas.operational.units import (
    QUALITY_LEVELS,
    Category,
    Echelon,
    OperationalType,
    OperationalUnit,
    Quality,
    ShockType,
)
from schemas.scenario import Scenario

from .board import OpBoard

LocState = Literal["supported", "extended", "isolated", "encircled"]
"""OQ7: a unit's line-of-communication state (traced by a later group; given here)."""


@dataclass(frozen=True)
class OpUnit:
    """One ground unit: what its type gives it and its own changing state."""

    id: str
    side: str
    hex: int
    """Index of its hex on the board's grid."""
    category: Category
    column: MovementColumn
    attack: float
    """Printed attack factor."""
    defence: float
    """Printed defence factor."""
    movement: float
    """Printed MP."""
    shock: ShockType
    echelon: Echelon = "battalion"
    quality: Quality = "regular"
    strength: float = 100.0
    """OU5: percent of full strength."""
    readiness: float = 100.0
    """OU6: percent."""
    dug_in: bool = False
    loc: LocState = "supported"
    night_capable: bool = False
    personnel: int | None = None
    """OU1: the scenario's own men at full strength (``None``: the establishment table's)."""
    guns: int | None = None
    """OU1: the scenario's own guns at full strength (``None``: the table's)."""
    vehicles: int | None = None
    """OU1: the scenario's own vehicles at full strength (``None``: the table's)."""

    @property
    def level(self) -> int:
        """OU3: quality level, conscript 0 to elite 4."""
        return QUALITY_LEVELS[self.quality]

    @property
    def cut_off(self) -> bool:
        """Isolated or encircled (OM10, OC13)."""
        return self.loc in ("isolated", "encircled")


def stacking_points(rules: OperationalRules, unit: OpUnit) -> float:
    """Table OM4: the unit's SP, from its echelon (HQs their own value)."""
    return rules.stacking.of(unit.echelon, unit.category)


def readiness_factor(value_at_zero: float, readiness: float) -> float:
    """OU6: 1 at 100% readiness, ``value_at_zero`` at 0%, linear in between (choice)."""
    share = min(max(readiness, 0.0), 100.0) / 100.0
    return value_at_zero + (1.0 - value_at_zero) * share


def usable_shock(rules: OperationalRules, unit: OpUnit, value: float) -> float:
    """OC13, OU18: a shock value as the unit can use it now: none below the loss threshold of
    readiness or strength, half below the halving threshold or when cut off."""
    shock = rules.combat.shock
    worst = min(unit.readiness, unit.strength)
    if worst < shock.lost_below:
        return 0.0
    if worst < shock.halved_below or unit.cut_off:
        return value / 2.0
    return value


def attack_shock(rules: OperationalRules, unit: OpUnit) -> float:
    """The unit's usable attacking shock (Table OC14, OC13)."""
    return usable_shock(rules, unit, rules.shock.of(unit.shock).attack)


def make_unit(
    unit_id: str,
    side: str,
    hex_index: int,
    kind: OperationalType,
    state: OperationalUnit | None = None,
    loc: LocState = "supported",
) -> OpUnit:
    """An :class:`OpUnit` from a unit type's operational values and a unit's own state."""
    state = state or OperationalUnit()
    return OpUnit(
        id=unit_id,
        side=side,
        hex=hex_index,
        category=kind.category,
        column=kind.column,
        attack=kind.attack,
        defence=kind.defence,
        movement=kind.movement,
        shock=kind.shock,
        echelon=state.echelon,
        quality=state.quality,
        strength=state.strength,
        readiness=state.readiness,
        dug_in=state.dug_in,
        loc=loc,
        night_capable=kind.night_capable,
        personnel=state.personnel,
        guns=state.guns,
        vehicles=state.vehicles,
    )


def units_of(scenario: Scenario, board: OpBoard) -> dict[str, OpUnit]:
    """The scenario's land units placed on hexes at the start (in a structure: on its hex), by
    id. Units without a place (arrivals) and units of types without operational values are
    left out (validation reports the latter, ``operational-type-missing``)."""
    kinds = {t.id: t for t in scenario.unit_types}
    side_of = {n.id: n.side for n in scenario.nations}
    structure_hex = {s.id: s.region for s in scenario.structures}
    out: dict[str, OpUnit] = {}
    for unit in scenario.units:
        kind = kinds.get(unit.type)
        if kind is None or kind.operational is None or kind.domain != "land":
            continue
        if unit.location is None:
            continue
        where = unit.location.region
        if where is None and unit.location.structure is not None:
            where = structure_hex.get(unit.location.structure)
        found = board.grid.find(where) if where is not None else None
        if found is None:
            continue
        side = side_of.get(unit.nation)
        if side is None:
            continue
        out[unit.id] = make_unit(unit.id, side, found, kind.operational, unit.operational)
    return out
