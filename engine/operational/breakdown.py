"""OU12-OU14: breaking a unit down into three parts and combining the three again, as rules
on :class:`~.units.OpUnit` records and on the scenario (no game state here).

A part is a unit of its own for the rest of the game: its id is the unit's id with ``-1``,
``-2`` or ``-3`` added, its name the unit's name with the same ending, its type the unit's
type with a third of the printed attack and defence factors (OU12), its echelon one step
down (``rules.operational.organisation.steps``). Everything about a part follows from the
scenario alone, so :func:`schemas.operational.organisation.parts_of` lists every part a game
could ever hold; the game keeps only which of them are on the map.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

__all__ = ["Combined", "Part", "combined", "part_ids", "parts_of", "refusal", "split"]

from schemas.operational.organisation import PARTS, OrganisationRules, Part, part_ids, parts_of
from schemas.operational.units import QUALITY_LEVELS

from .board import OpBoard
from .movement import stacking_limit
from .units import OpUnit, stacking_points


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
