"""Breaking units down and combining them again (OU12-OU14, OT1): which units may, into what
echelon, and the limits, in ``rules.operational.organisation``; and the parts every unit of
a scenario may break down into (:func:`parts_of`), which are units of a game as much as the
scenario's own (the engine's world and the save checks read them here)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from pydantic import Field

from ..base import StrictModel
from .numbers import Factor, Percent
from .units import Category, Echelon, OperationalUnit

if TYPE_CHECKING:
    from ..scenario import Scenario
    from ..units import Unit, UnitType

PARTS = 3
"""OU12: a unit breaks down into three parts, named and numbered -1, -2, -3 (fixed: the
parts' ids and names are read by saves and by players)."""


class BreakdownStep(StrictModel):
    """OU12: a unit of ``echelon`` breaks down into three units of ``into``."""

    echelon: Echelon
    """The echelon of the unit as the scenario starts it."""
    into: Echelon
    """The echelon of each of its three parts."""


def _steps() -> list[BreakdownStep]:
    return [
        BreakdownStep(echelon="regiment", into="battalion"),
        BreakdownStep(echelon="brigade", into="battalion"),
        BreakdownStep(echelon="battalion", into="company"),
    ]


def _categories() -> list[Category]:
    return [
        "infantry",
        "motorized",
        "mechanized",
        "armour",
        "recce",
        "artillery",
        "antitank",
        "heavy_antitank",
        "aa",
        "heavy_aa",
    ]


class OrganisationRules(StrictModel):
    """OU12-OU14: breakdown and combine. Only a unit at the echelon the scenario starts it
    with breaks down (its parts never do); three parts of one unit combine into it again."""

    steps: list[BreakdownStep] = Field(default_factory=_steps)
    """OU12: the echelons that break down, and into what."""
    categories: list[Category] = Field(default_factory=_categories)
    """OU12: the unit categories that may break down."""
    min_factor: Factor = 3.0
    """OU13: no breakdown when the printed attack or defence factor is below this (each
    part gets a third of them)."""
    min_strength: Percent = 25.0
    """OU13: no breakdown at this strength (%) or less."""
    whole_turn: bool = True
    """OU13, OU14: in play, a unit broken down or combined stays in its hex for the rest of
    the turn (Hold or Defend orders only); in the setup both are free."""

    def into(self, echelon: Echelon) -> Echelon | None:
        """The parts' echelon for a unit of ``echelon``, ``None`` when it does not break
        down."""
        for step in self.steps:
            if step.echelon == echelon:
                return step.into
        return None


@dataclass(frozen=True)
class Part:
    """One part a unit breaks down into."""

    id: str
    parent: str
    number: int
    """1, 2 or 3."""
    unit: Unit
    """The part as a unit of the scenario would be written (id, name, echelon)."""
    kind: UnitType
    """Its type: the parent's with a third of the operational factors."""


def part_ids(unit_id: str) -> tuple[str, ...]:
    """OU12: the ids of the parts of ``unit_id``, in order."""
    return tuple(f"{unit_id}-{n}" for n in range(1, PARTS + 1))


def part_name(name: str, number: int) -> str:
    """OU12: a part's name (empty when the unit has none: the id is shown instead)."""
    return f"{name}-{number}" if name else ""


def parts_of(scenario: Scenario) -> dict[str, Part]:
    """Every part any unit of the scenario may break down into, by part id (empty for a
    scenario of the area rules). A unit whose part ids another unit or leader already has
    never breaks down (the engine says why when asked)."""
    tables = scenario.rules.operational
    if scenario.rules.family != "operational" or tables is None:
        return {}
    rules = tables.organisation
    kinds = {t.id: t for t in scenario.unit_types}
    taken = {u.id for u in scenario.units} | {x.id for x in scenario.leaders}
    out: dict[str, Part] = {}
    for unit in scenario.units:
        kind = kinds.get(unit.type)
        if kind is None or kind.operational is None or kind.domain != "land":
            continue
        state = unit.operational or OperationalUnit()
        into = rules.into(state.echelon)
        if into is None or kind.operational.category not in rules.categories:
            continue
        ids = part_ids(unit.id)
        if taken.intersection(ids):
            continue
        values = kind.operational.model_copy(
            update={
                "attack": kind.operational.attack / PARTS,
                "defence": kind.operational.defence / PARTS,
            }
        )
        part_kind = kind.model_copy(update={"operational": values})
        for number, part_id in enumerate(ids, start=1):
            own = state.model_copy(update={"echelon": into, "fixed": None})
            made = unit.model_copy(
                update={
                    "id": part_id,
                    "name": part_name(unit.name, number),
                    "operational": own,
                    "strength": None,
                }
            )
            out[part_id] = Part(part_id, unit.id, number, made, part_kind)
    return out
