"""Shots and their results in the automatic air fights: AA fire and dogfights.

These fights have no battle window, so they are settled in one go: every shooter rolls, then
hits fall at random on the targets, damaged planes test their nerve, and the panic results go
to the planes with the lowest morale (A2, A3).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .. import board, modifiers
from .basing import reduced, supply_change

if TYPE_CHECKING:
    from ..game import Game

Shooter = tuple[str, int]
"""A unit and the combat factor it shoots with (modifiers included)."""


def value(game: Game, unit_id: str, stat: str) -> int:
    """A unit's ``attack``, ``defence`` or ``air_to_air``, with reduced values when damaged,
    supply penalties (ground units: aircraft out of supply never fly) and card modifiers."""
    unit_type = game.world.unit_type(unit_id)
    if unit_type is None:
        return 0
    if stat == "air_to_air":
        base = unit_type.air_to_air or 0
    else:
        base = getattr(unit_type, stat)
        if reduced(game, unit_id) and unit_type.reduced is not None:
            lowered = getattr(unit_type.reduced, stat)
            base = base if lowered is None else lowered
        base += supply_change(game, unit_id, stat)
    return base + modifiers.total(game, unit_id, stat)


def shoot(game: Game, shooters: list[Shooter]) -> tuple[int, list[dict[str, Any]]]:
    """Every shooter fires its rate of fire; returns the hits and one entry per shot."""
    rules = game.scenario.rules.battle
    hits = 0
    shots: list[dict[str, Any]] = []
    for unit_id, factor in shooters:
        unit_type = game.world.unit_type(unit_id)
        if unit_type is None:
            continue
        for _ in range(unit_type.rate_of_fire):
            rolls = [game.dice.roll()]
            hit = _hits(rolls[0], factor, rules.zero_always_hits)
            if not hit and unit_type.elite and rules.elite_reroll:
                rolls.append(game.dice.roll())
                hit = _hits(rolls[1], factor, rules.zero_always_hits)
            hits += hit
            shots.append({"unit": unit_id, "factor": factor, "rolls": rolls, "hit": hit})
    return hits, shots


def _hits(roll: int, factor: int, zero_hits: bool) -> bool:
    return roll <= factor or (zero_hits and roll == 0)


def allocate(game: Game, targets: list[str], hits: int) -> dict[str, int]:
    """Spread hits at random over the targets still standing; extra hits are lost."""
    taken = dict.fromkeys(targets, 0)
    standing = [u for u in targets if game.state.units[u].strength > 0]
    for _ in range(hits):
        if not standing:
            break
        unit_id = standing[game.dice.below(len(standing))]
        taken[unit_id] += 1
        unit = game.state.units[unit_id]
        unit.strength -= 1
        if unit.strength <= 0:
            standing.remove(unit_id)
    return {u: n for u, n in taken.items() if n}


def strike(
    game: Game, targets: list[str], hits: int, *, cause: str, region: str
) -> dict[str, list[str]]:
    """Apply hits to planes.

    Returns ``{"eliminated": [...], "panicked": [...]}``; panicked units are only named here,
    the caller sends them home. Logs ``air_hits`` and, when someone tests, ``air_panic``.
    """
    before = {u: game.state.units[u].strength for u in targets}
    taken = allocate(game, targets, hits)
    if hits:
        game.record("air_hits", region=region, cause=cause, hits=hits, taken=taken)
    dead = [u for u in targets if game.state.units[u].strength <= 0]
    for unit_id in dead:
        board.eliminate(game, unit_id, cause)
    survivors = [u for u in targets if u not in dead]
    if not taken:
        return {"eliminated": dead, "panicked": []}
    rules = game.scenario.rules.battle
    tests: list[dict[str, Any]] = []
    for unit_id in survivors:
        heavy = taken.get(unit_id, 0) >= rules.panic_hits_fraction * before[unit_id]
        if taken.get(unit_id) and heavy:
            limit = rules.panic_morale_multiplier * _base_morale(game, unit_id)
            roll = game.dice.roll()
            tests.append({"unit": unit_id, "roll": roll, "limit": limit, "failed": roll > limit})
    failures = sum(t["failed"] for t in tests)
    panicked = lowest_morale(game, survivors, failures)
    if tests:
        game.record("air_panic", region=region, cause=cause, tests=tests, panicked=panicked)
    return {"eliminated": dead, "panicked": panicked}


def _base_morale(game: Game, unit_id: str) -> int:
    """The unit's own morale (its reduced value when damaged), without any modifier."""
    unit_type = game.world.unit_type(unit_id)
    if unit_type is None:
        return 0
    lowered = unit_type.reduced.morale if unit_type.reduced else None
    if lowered is not None and reduced(game, unit_id):
        return lowered
    return unit_type.morale


def lowest_morale(game: Game, units: list[str], count: int) -> list[str]:
    """``count`` of the units with the lowest morale; equal morale is settled by the dice."""
    if count <= 0:
        return []
    pool = list(units)
    game.dice.shuffle(pool)
    pool.sort(key=lambda u: _base_morale(game, u))
    return pool[:count]
