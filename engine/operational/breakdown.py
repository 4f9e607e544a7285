"""OU12-OU14: breaking a unit down into three parts and combining the three again, as rules
on :class:`~.units.OpUnit` records and on the scenario (no game state here).

A part is a unit of its own for the rest of the game: its id is the unit's id with ``-1``,
``-2`` or ``-3`` added, its name the unit's name with the same ending, its type the unit's
type with a third of the printed attack and defence factors (OU12), its echelon one step
down (``rules.operational.organisation.steps``). Everything about a part follows from the
scenario alone, so :func:`parts_of` lists every part a game could ever hold; the game keeps
only which of them are on the map.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from schemas.operational.organisation import PARTS, OrganisationRules
from schemas.operational.units import QUALITY_LEVELS, OperationalUnit
from schemas.scenario import Scenario
from schemas.units import Unit, UnitType

from .board import OpBoard
from .movement import stacking_limit
from .units import OpUnit, stacking_points


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
    never breaks down (:func:`refusal` says why)."""
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


def refusal(
    rules: OrganisationRules,
    unit: OpUnit,
    *,
    breakable: bool,
    board: OpBoard | None = None,
    others: Iterable[OpUnit] = (),
    parts: Sequence[OpUnit] = (),
) -> str:
    """OU12, OU13: why ``unit`` may not break down (empty when it may). ``breakable``: the
    scenario lists parts for it (:func:`parts_of`); with ``board``, ``others`` (the units on
    the map) and ``parts`` (the parts as they would stand), the hex's stacking is checked."""
    if not breakable:
        if rules.into(unit.echelon) is None:
            return f"a {unit.echelon} does not break down (OU12)"
        if unit.category not in rules.categories:
            return f"a unit of category {unit.category} does not break down (OU12)"
        return f"'{unit.id}' does not break down: its parts' ids are taken by other units"
    if unit.attack < rules.min_factor or unit.defence < rules.min_factor:
        return (
            f"attack {unit.attack:g} and defence {unit.defence:g}: both must be at least "
            f"{rules.min_factor:g} to break down (OU13)"
        )
    if unit.strength <= rules.min_strength:
        return f"strength {unit.strength:g}% is {rules.min_strength:g}% or less (OU13)"
    if board is not None and parts:
        used = sum(
            stacking_points(board.rules, u) for u in others if u.hex == unit.hex and u.id != unit.id
        )
        added = sum(stacking_points(board.rules, p) for p in parts)
        limit = stacking_limit(board, unit.hex)
        if used + added > limit + 1e-9:
            return (
                f"the three parts need {added:g} SP and the hex has {limit - used:g} left "
                "(OU13: no breakdown that overstacks)"
            )
    return ""


def split(unit: OpUnit, parts: Sequence[Part]) -> list[OpUnit]:
    """OU12: the parts as they stand once ``unit`` breaks down: its hex, strength, readiness,
    dug-in state, quality and LOC state, a third of its factors, one echelon down."""
    out = []
    for part in parts:
        assert part.unit.operational is not None
        out.append(
            replace(
                unit,
                id=part.id,
                attack=unit.attack / PARTS,
                defence=unit.defence / PARTS,
                echelon=part.unit.operational.echelon,
            )
        )
    return out


@dataclass(frozen=True)
class Combined:
    """OU14: the values of a unit combined from its three parts."""

    strength: float
    """The parts' average (each carries a third of the unit)."""
    readiness: float
    """The parts' average (OU14)."""
    dug_in: bool
    """Dug in only when all three are (the hex's state, OU14)."""
    quality: str
    """The lowest of the parts' (a part's quality falls when its HQ is lost, OQ11)."""


def combined(parts: Sequence[OpUnit]) -> Combined:
    """OU14: what the three parts make together."""
    count = len(parts)
    return Combined(
        strength=sum(p.strength for p in parts) / count,
        readiness=sum(p.readiness for p in parts) / count,
        dug_in=all(p.dug_in for p in parts),
        quality=min((p.quality for p in parts), key=lambda q: QUALITY_LEVELS[q]),
    )
