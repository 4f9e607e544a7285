"""Where aircraft live: airports, range, supply, and the flight home (A1, A5).

An air unit is *grounded* while its stack sits inside an airport structure and *flying*
otherwise. ``UnitState.base`` is the airport it took off from; every flight home aims there
first, then at the nearest friendly airport with room, and a unit that finds none crashes.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from typing import TYPE_CHECKING

from .. import board, modifiers, stack_index
from ..setup import new_stack
from ..state import StackState, UnitState

if TYPE_CHECKING:
    from ..game import Game

REBASED = "air_rebased"
"""Key in ``GameState.stats``: unit id -> turn of its last change of base."""
SORTIES = "air_sorties"
"""Key in ``GameState.stats``: unit id -> ``[turn, region]`` where its last offensive flight
ended (a bomber there supports a siege of that region, G1)."""


# -- units ---------------------------------------------------------------------------------------


def is_air(game: Game, unit_id: str) -> bool:
    unit = game.state.units[unit_id]
    return unit.domain == "air" and unit.status == "active" and not unit.leader


def has_role(game: Game, unit_id: str, role: str) -> bool:
    unit_type = game.world.unit_type(unit_id)
    return unit_type is not None and role in unit_type.roles


def stacking_of(game: Game, unit_ids: Iterable[str]) -> int:
    total = 0
    for unit_id in unit_ids:
        unit_type = game.world.unit_type(unit_id)
        total += unit_type.stacking if unit_type else 0
    return total


def reduced(game: Game, unit_id: str) -> bool:
    """At or under the strength where the reduced values of its type apply."""
    unit_type = game.world.unit_type(unit_id)
    if unit_type is None or unit_type.reduced is None:
        return False
    limit = unit_type.hit_points * game.scenario.rules.battle.reduced_strength_fraction
    return game.state.units[unit_id].strength <= limit


def air_range(game: Game, unit_id: str) -> int:
    """Range in MP, one way: movement (reduced when damaged) plus lasting card modifiers."""
    unit_type = game.world.unit_type(unit_id)
    if unit_type is None:
        return 0
    mp = unit_type.movement
    if reduced(game, unit_id) and unit_type.reduced and unit_type.reduced.movement is not None:
        mp = unit_type.reduced.movement
    return max(0, mp + modifiers.total(game, unit_id, "movement"))


def range_in_regions(game: Game, unit_ids: Iterable[str]) -> int:
    """How many regions the slowest of these units may fly."""
    mp = min((air_range(game, u) for u in unit_ids), default=0)
    return mp // game.scenario.rules.movement.air_cost_per_region


def can_fly(game: Game, unit_id: str) -> bool:
    """S5: out-of-supply aircraft stay on the ground."""
    from .. import supply  # supply imports the combat rules, which reach the air rules

    return supply.can_fly(game, unit_id)


def supply_change(game: Game, unit_id: str, stat: str) -> int:
    """What being out of supply does to a unit's ``attack`` or ``defence`` (S4)."""
    from .. import supply

    penalty = supply.penalty(game, unit_id)
    return penalty.attack if stat == "attack" else penalty.defence


def rebased_this_turn(game: Game, unit_id: str) -> bool:
    rebased: dict[str, int] = game.state.stats.get(REBASED, {})
    return rebased.get(unit_id) == game.turn


def may_move(game: Game, unit_id: str) -> bool:
    """Not yet flown this phase, not rebased this turn, not pinned by a card, supplied."""
    unit = game.state.units[unit_id]
    return (
        is_air(game, unit_id)
        and unit.mp_spent == 0
        and not rebased_this_turn(game, unit_id)
        and not modifiers.immobile(game, unit_id)
        and air_range(game, unit_id) > 0
        and can_fly(game, unit_id)
    )


# -- places --------------------------------------------------------------------------------------


def is_airport(game: Game, structure: str | None) -> bool:
    return structure is not None and game.world.structures[structure].airport


def grounded(game: Game, stack: StackState) -> bool:
    return is_airport(game, stack.structure)


def flyable(game: Game, region: str, side: str | None) -> bool:
    """Aircraft cross every terrain and connection, but never unplayable regions nor (for a
    given side) regions closed to it."""
    if game.world.domain(region) == "unplayable":
        return False
    return side is None or side not in game.world.closed_to[region]


def distances(game: Game, start: str, side: str | None, limit: int | None = None) -> dict[str, int]:
    """Regions reachable by air from ``start`` with their distance in regions, nearest first;
    ties keep the scenario's connection order, so results never depend on chance."""
    seen = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        if limit is not None and seen[here] >= limit:
            continue
        for link in game.world.neighbours(here):
            if link.to not in seen and flyable(game, link.to, side):
                seen[link.to] = seen[here] + 1
                queue.append(link.to)
    return seen


def air_used(game: Game, structure: str) -> int:
    return stacking_of(
        game,
        (
            u
            for s in game.state.stacks.values()
            if s.structure == structure
            for u in s.units
            if game.state.units[u].domain == "air"
        ),
    )


def room_in(game: Game, structure: str, extra: int) -> bool:
    """Whether ``extra`` stacking points of aircraft fit inside an airport."""
    capacity = game.world.structures[structure].capacity.air
    return capacity is None or air_used(game, structure) + extra <= capacity


def friendly_airports(game: Game, side: str) -> list[str]:
    return [
        s.id
        for s in game.scenario.structures
        if s.airport and board.side_of_structure(game, s.id) == side
    ]


def home_for(game: Game, unit: UnitState, region: str) -> str | None:
    """Airport a unit lands at: its base, else the nearest friendly airport with room."""
    need = stacking_of(game, [unit.id])
    side = unit.side
    if (
        unit.base is not None
        and is_airport(game, unit.base)
        and board.side_of_structure(game, unit.base) == side
        and room_in(game, unit.base, need)
    ):
        return unit.base
    mine = friendly_airports(game, side)
    reach = distances(game, region, side)
    options = [a for a in mine if game.world.structures[a].region in reach]
    options.sort(key=lambda a: reach[game.world.structures[a].region])
    return next((a for a in options if room_in(game, a, need)), None)


# -- landing -------------------------------------------------------------------------------------


def land(game: Game, unit_id: str, structure: str) -> None:
    """Put a unit inside an airport, with its side's other aircraft there."""
    unit = game.state.units[unit_id]
    board.remove_from_stack(game, unit)
    region = game.world.structures[structure].region
    stack = next(
        (
            s
            for s in board.stacks_in(game, region, unit.side)
            if s.structure == structure
            and all(game.state.units[u].domain == "air" for u in s.units)
        ),
        None,
    )
    if stack is None:
        stack = new_stack(game.state, unit.side, region, structure)
    stack.units.append(unit_id)
    stack_index.touched(game.state, stack)  # it may have joined a stack already there
    unit.stack = stack.id
    unit.base = structure


def fly_home(game: Game, unit_ids: Iterable[str], reason: str) -> None:
    """Send aircraft back to base (A5); logs one ``air_return`` per airport and one
    ``air_crash`` per unit that found nowhere to land."""
    landed: dict[str, list[str]] = {}
    diverted: list[str] = []
    for unit_id in list(unit_ids):
        unit = game.state.units[unit_id]
        if unit.status != "active":
            continue
        stack = game.state.stacks.get(unit.stack or "")
        region = stack.region if stack else None
        target = home_for(game, unit, region) if region else None
        if target is None:
            game.record("air_crash", unit=unit_id, owner=unit.side, base=unit.base, reason=reason)
            board.eliminate(game, unit_id, "crash")
            continue
        if target != unit.base:
            diverted.append(unit_id)
        land(game, unit_id, target)
        landed.setdefault(target, []).append(unit_id)
    for structure, units in landed.items():
        game.record(
            "air_return",
            units=units,
            owner=game.state.units[units[0]].side,
            to=structure,
            reason=reason,
            diverted=[u for u in units if u in diverted],
        )


def flying_units(game: Game, side: str) -> list[str]:
    """Aircraft of a side that are not inside an airport, in stack order."""
    return [
        u
        for s in list(game.state.stacks.values())
        if s.side == side and not grounded(game, s)
        for u in s.units
        if game.state.units[u].domain == "air"
    ]
