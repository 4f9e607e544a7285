"""A1, A4, A5: flights, changes of base, and what the air phases offer the player.

A flight takes off from an airport and is flown region by region: in each region entered,
enemy AA fires first (A2), then an interception test may follow (A3). The planes left at the
end stay over the destination as their own stack: over enemy land units they wait for the
battles phase (A4), over enemy ships they strike at the end of the offensive phase.
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING

from .. import board, stack_index
from ..actions import Action, Merge, Move, Rebase, Split
from ..errors import IllegalAction
from ..state import StackState
from ..world import World
from .aa import aa_fire, aa_units
from .basing import (
    REBASED,
    SORTIES,
    air_range,
    flyable,
    grounded,
    is_airport,
    may_move,
    range_in_regions,
    room_in,
    stacking_of,
)
from .interception import at_risk, intercept

if TYPE_CHECKING:
    from ..game import Game

DEFENSIVE = "air_defensive"


# -- what may fly where --------------------------------------------------------------------------


def _stack(game: Game, stack_id: str) -> StackState:
    stack = game.state.stacks.get(stack_id)
    if stack is None:
        raise IllegalAction(f"there is no stack '{stack_id}'")
    if stack.side != game.active_side:
        raise IllegalAction(f"stack '{stack_id}' belongs to another side")
    return stack


def why_grounded(game: Game, stack: StackState) -> str | None:
    """Why a stack may not take off now, or ``None``."""
    if not grounded(game, stack):
        return "only aircraft inside an airport can take off"
    for unit_id in stack.units:
        if game.state.units[unit_id].domain != "air":
            return "the stack holds land or naval units: split the aircraft off first"
        if not may_move(game, unit_id):
            return f"{unit_id} cannot fly now (already flown, rebased, pinned or unsupplied)"
    return None


class Airspace:
    """A side's view of the map for one decision: aircraft already in the air per region and
    regions holding enemies, counted once instead of once per candidate destination.

    Both depend on where the stacks stand, what they hold and which are inside a structure
    alone, so they are kept until one of those changes (:func:`stack_index.kept`): the AI's
    choice, the check of the flight and its application ask for the same airspace. Shared:
    never to be changed."""

    __slots__ = ("enemies", "load", "side")

    def __init__(self, game: Game, side: str) -> None:
        self.side = side
        self.load: dict[str, int]
        self.enemies: set[str]
        self.load, self.enemies = stack_index.kept(
            game.state, ("airspace", side), lambda: _survey(game, side)
        )


def _survey(game: Game, side: str) -> tuple[dict[str, int], set[str]]:
    load: dict[str, int] = {}
    enemies: set[str] = set()
    units = game.state.units
    at_war = game.world.at_war
    for stack in game.state.stacks.values():
        if at_war(side, stack.side):
            enemies.add(stack.region)
        elif stack.side == side and not grounded(game, stack):
            air = [u for u in stack.units if units[u].domain == "air"]
            load[stack.region] = load.get(stack.region, 0) + stacking_of(game, air)
    return load, enemies


def why_not_there(
    game: Game, stack: StackState, region: str, airspace: Airspace | None = None
) -> str | None:
    """Why a flight may not end in ``region`` in this phase, or ``None``."""
    side = stack.side
    space = airspace or Airspace(game, side)
    if not flyable(game, region, side):
        return f"aircraft cannot fly into {region}"
    need = stacking_of(game, stack.units)
    if space.load.get(region, 0) + need > game.world.air_stacking(region):
        return f"the air stacking limit of {region} would be exceeded"
    if game.phase == DEFENSIVE and region in space.enemies:
        return "in the defensive phase aircraft may only fly to friendly or empty regions"
    return None


def routes(game: Game, stack: StackState) -> dict[str, tuple[str, ...]]:
    """A shortest flight path to every region within the range of the stack's aircraft (its
    own region excluded); ties keep the scenario's connection order."""
    planes = [u for u in stack.units if game.state.units[u].domain == "air"]
    limit = range_in_regions(game, planes)
    # Where aircraft may fly depends on the map alone (``flyable``): the paths from a region
    # within a range are the same all game, and the AI asks for them at every air decision.
    known = _ROUTES.setdefault(game.world, {})
    key = (stack.region, stack.side, limit)
    found = known.get(key)
    if found is None:
        found = known[key] = _routes(game, stack.region, stack.side, limit)
    return dict(found)


_ROUTES: weakref.WeakKeyDictionary[
    World, dict[tuple[str, str, int], dict[str, tuple[str, ...]]]
] = weakref.WeakKeyDictionary()
"""Per scenario, :func:`routes` by start, side and range in regions."""


def _routes(game: Game, start: str, side: str, limit: int) -> dict[str, tuple[str, ...]]:
    paths: dict[str, tuple[str, ...]] = {start: ()}
    frontier = [start]
    while frontier:
        following = []
        for here in frontier:
            if len(paths[here]) >= limit:
                continue
            for link in game.world.neighbours(here):
                if link.to not in paths and flyable(game, link.to, side):
                    paths[link.to] = (*paths[here], link.to)
                    following.append(link.to)
        frontier = following
    del paths[start]
    return paths


def air_reach(game: Game, stack_id: str) -> dict[str, dict[str, int | bool]]:
    """For a UI: every region the stack could fly to with its MP cost, whether an
    interception test is possible there and whether enemy AA would fire there (in the
    offensive phase only, A2/A3); ``allowed`` tells whether the flight may end there now
    (stacking, defensive-phase limits)."""
    stack = game.state.stacks[stack_id]
    cost = game.scenario.rules.movement.air_cost_per_region
    planes = [u for u in stack.units if game.state.units[u].domain == "air"]
    space = Airspace(game, stack.side)
    contested = game.phase != DEFENSIVE
    out: dict[str, dict[str, int | bool]] = {}
    for region, path in routes(game, stack).items():
        out[region] = {
            "cost": len(path) * cost,
            "interception_risk": contested and at_risk(game, region, stack.side, planes),
            "aa": contested and bool(aa_units(game, region, stack.side)),
            "allowed": why_not_there(game, stack, region, space) is None,
        }
    return out


def rebase_targets(game: Game, stack: StackState) -> list[str]:
    """Friendly airports with room for the whole stack, within its range."""
    within = {stack.region, *routes(game, stack)}
    need = stacking_of(game, stack.units)
    return [
        s.id
        for s in game.scenario.structures
        if s.airport
        and s.id != stack.structure
        and s.region in within
        and board.side_of_structure(game, s.id) == stack.side
        and room_in(game, s.id, need)
    ]


def actions(game: Game) -> list[Action]:
    """Splits, merges, flights (by a shortest path) and changes of base open now."""
    side = game.active_side
    space = Airspace(game, side)
    out: list[Action] = []
    by_airport: dict[str, list[str]] = {}
    for stack in list(game.state.stacks.values()):
        if stack.side != side or not grounded(game, stack):
            continue
        air = [u for u in stack.units if game.state.units[u].domain == "air"]
        if not air:
            continue
        if len(air) < len(stack.units):
            out.append(Split(stack.id, tuple(air)))
            continue
        by_airport.setdefault(stack.structure or "", []).append(stack.id)
        if len(air) > 1:
            out.extend(Split(stack.id, (u,)) for u in air)
        if why_grounded(game, stack) is not None:
            continue
        for region, path in routes(game, stack).items():
            if why_not_there(game, stack, region, space) is None:
                out.append(Move(stack.id, path))
        out.extend(Rebase(stack.id, target) for target in rebase_targets(game, stack))
    out.extend(Merge(tuple(ids)) for ids in by_airport.values() if len(ids) > 1)
    return out


# -- doing it ------------------------------------------------------------------------------------


def check(game: Game, action: Action) -> None:
    """What :func:`actions` lists, and its equivalents: a flight along any path within range
    to a region where it may end, a split of any proper subset of a stack in an airport, a
    merge of any of the aircraft stacks in one airport."""
    if isinstance(action, Move):
        check_flight(game, action)
    elif isinstance(action, Rebase):
        _check_rebase(game, action)
    elif isinstance(action, Split):
        _check_split(game, action)
    elif isinstance(action, Merge):
        _check_merge(game, action)
    else:
        raise IllegalAction(f"'{action.kind}' is not possible in the {game.phase} phase")


def apply(game: Game, action: Action) -> None:
    if isinstance(action, Move):
        fly(game, action)
    elif isinstance(action, Rebase):
        rebase(game, action)
    elif isinstance(action, Split):
        _split(game, action)
    elif isinstance(action, Merge):
        _merge(game, action)


def check_flight(game: Game, action: Move) -> StackState:
    stack = _stack(game, action.stack)
    reason = why_grounded(game, stack)
    if reason:
        raise IllegalAction(reason)
    path = list(action.path)
    if not path:
        raise IllegalAction("a flight needs at least one region")
    if len(path) > range_in_regions(game, stack.units):
        raise IllegalAction("the destination is out of range")
    seen = {stack.region}
    here = stack.region
    for region in path:
        if region in seen:
            raise IllegalAction(f"the path passes {region} twice")
        if all(link.to != region for link in game.world.neighbours(here)):
            raise IllegalAction(f"{region} is not connected to {here}")
        if not flyable(game, region, stack.side):
            raise IllegalAction(f"aircraft cannot fly into {region}")
        seen.add(region)
        here = region
    reason = why_not_there(game, stack, path[-1])
    if reason:
        raise IllegalAction(reason)
    return stack


def fly(game: Game, action: Move) -> None:
    """Fly a stack along its path, taking AA fire and interceptions on the way."""
    stack = check_flight(game, action)
    planes = list(stack.units)
    side = stack.side
    cost = len(action.path) * game.scenario.rules.movement.air_cost_per_region
    origin = stack.structure
    for unit_id in planes:
        unit = game.state.units[unit_id]
        unit.base = origin
        unit.mp_spent = cost
    stack.moved = True
    game.record(
        "air_move", stack=stack.id, units=planes, base=origin, path=list(action.path), cost=cost
    )
    destination = action.path[-1]
    # A2/A3: AA fire and interceptions meet the offensive (first) air movement only.
    contested = game.phase != DEFENSIVE
    for region in action.path:
        # The battle rules send attackers back where they came from; for aircraft that is
        # the last region flown over (they need no land route).
        stack.came_from, stack.crossed = stack.region, None
        board.relocate(game, stack, region, None)
        if contested:
            planes = aa_fire(game, planes, region, side)
            if planes:
                planes = intercept(game, stack.id, planes, region, destination)
        if not planes:
            return
    if game.phase != DEFENSIVE:
        sorties = game.state.stats.setdefault(SORTIES, {})
        for unit_id in planes:
            sorties[unit_id] = [game.turn, destination]
    game.record(
        "air_arrived",
        stack=stack.id,
        units=planes,
        region=destination,
        over_enemy_land=_enemies_in(game, destination, side, "land"),
        over_enemy_ships=_enemies_in(game, destination, side, "naval"),
    )


def _enemies_in(game: Game, region: str, side: str, domain: str) -> bool:
    return any(
        game.state.units[u].domain == domain
        for s in board.enemy_stacks_in(game, region, side)
        for u in s.units
    )


def _check_rebase(game: Game, action: Rebase) -> StackState:
    stack = _stack(game, action.stack)
    reason = why_grounded(game, stack)
    if reason:
        raise IllegalAction(reason)
    if action.structure not in rebase_targets(game, stack):
        raise IllegalAction(f"{action.structure} is not a friendly airport with room within range")
    return stack


def rebase(game: Game, action: Rebase) -> None:
    """Move a stack to another friendly airport for good; it uses all its MP this turn."""
    stack = _check_rebase(game, action)
    origin = stack.structure
    rebased = game.state.stats.setdefault(REBASED, {})
    for unit_id in stack.units:
        unit = game.state.units[unit_id]
        unit.mp_spent = air_range(game, unit_id)
        unit.base = action.structure
        rebased[unit_id] = game.turn
    board.relocate(game, stack, game.world.structures[action.structure].region, action.structure)
    stack.moved = True
    game.record(
        "air_rebase", stack=stack.id, units=list(stack.units), base=origin, to=action.structure
    )


def _check_split(game: Game, action: Split) -> StackState:
    stack = _stack(game, action.stack)
    if not is_airport(game, stack.structure):
        raise IllegalAction("in the air phases only stacks inside an airport may be split")
    if not any(game.state.units[u].domain == "air" for u in stack.units):
        raise IllegalAction("in the air phases only stacks holding aircraft may be split")
    units = list(dict.fromkeys(action.units))
    if not units or len(units) >= len(stack.units) or not set(units) <= set(stack.units):
        raise IllegalAction("name some, but not all, of the stack's units")
    return stack


def _split(game: Game, action: Split) -> None:
    stack = _check_split(game, action)
    units = list(dict.fromkeys(action.units))
    fresh = board.split(game, stack, units)
    game.record("split", stack=stack.id, new_stack=fresh.id, units=units)


def _check_merge(game: Game, action: Merge) -> list[StackState]:
    stacks = [_stack(game, s) for s in dict.fromkeys(action.stacks)]
    if len(stacks) < 2:
        raise IllegalAction("name at least two stacks")
    place = stacks[0].structure
    if not is_airport(game, place) or any(s.structure != place for s in stacks):
        raise IllegalAction("only stacks inside the same airport may be merged")
    if any(game.state.units[u].domain != "air" for s in stacks for u in s.units):
        raise IllegalAction("only aircraft stacks may be merged in the air phases")
    return stacks


def _merge(game: Game, action: Merge) -> None:
    stacks = _check_merge(game, action)
    board.merge(game, stacks[0], stacks[1:])
    game.record("merged", stack=stacks[0].id, stacks=[s.id for s in stacks[1:]])
