"""Where a stack can go this phase: every region it can reach, the cheapest way, and what
ending a move there means (V1-V4, M4, U4)."""

from __future__ import annotations

import heapq
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from .. import board
from ..naval import sailing
from ..state import StackState
from ..world import Link
from .enemies import field_enemies, overruns
from .stacks import Room, fresh, has_combat_unit, mp_left, stack_domain, why_immobile
from .steps import land_entry, land_steps, network_links, plain_cost, step_refusal, uses_rail

if TYPE_CHECKING:
    from ..game import Game


ReachKind = Literal["move", "battle", "overrun", "overstack"]
"""What moving into a region means (see :class:`Reach`)."""


@dataclass(frozen=True, slots=True)
class Reach:
    """How a stack can get to a region."""

    cost: float
    path: tuple[str, ...]
    kind: ReachKind
    """``move`` (ends there), ``battle`` (enemy units there: the move stops and a battle
    follows), ``overrun`` (enemy units too weak to stop it) or ``overstack`` (reachable, but
    the stack may not end there: over the stacking limit)."""


def reachable(game: Game, stack: StackState) -> dict[str, Reach]:
    """Every region the stack can reach this phase, the cheapest way, and what happens there."""
    if why_immobile(game, stack) is not None:
        return {}
    budget = mp_left(game, stack)
    side, domain = stack.side, stack_domain(game, stack)
    enemies: Mapping[str, list[StackState]] = field_enemies(game, side)
    if sailing.sails(game, domain):
        enemies = sailing.at_sea(game, dict(enemies))
    best: dict[str, Reach] = {}
    # Where the stack may end is judged for every region reached: its room once.
    room = Room(game, stack) if domain == "land" else None

    def better(region: str, cost: float, path: tuple[str, ...]) -> bool:
        old = best.get(region)
        return old is None or (cost, len(path)) < (old.cost, len(old.path))

    def offer(region: str, reach: Reach) -> None:
        # ``better`` asked first where a move's kind costs work to find (the networks).
        if better(region, reach.cost, reach.path):
            best[region] = reach

    for reach_region, reach in _plain_search(
        game, stack, budget, side, domain, enemies, room
    ).items():
        offer(reach_region, reach)
    if domain == "land":
        # Priced as the move itself prices them (engine/phases/movement.py, M4).
        rules = game.scenario.rules.movement
        if uses_rail(game, side):
            rail = rules.rail_cost_per_region

            def rail_cost(length: int) -> float:
                return rail * length

            for region, path in _network_search(
                game, stack, "rail", enemies, rail_cost, budget
            ).items():
                cost = rail_cost(len(path))
                if cost <= budget and better(region, cost, path):
                    offer(
                        region,
                        _classify(
                            game, stack, path, float(cost), enemies, domain=domain, room=room
                        ),
                    )
        road = rules.road_cost_per_region

        def road_cost(length: int) -> float:
            return math.ceil(road * length)

        for region, path in _network_search(
            game, stack, "road", enemies, road_cost, budget
        ).items():
            cost = road_cost(len(path))
            if cost <= budget and better(region, cost, path):
                offer(
                    region,
                    _classify(game, stack, path, float(cost), enemies, domain=domain, room=room),
                )
        if fresh(game, stack):
            combat = has_combat_unit(game, stack)
            for link in game.world.neighbours(stack.region):
                if link.to in best or step_refusal(game, side, domain, link) is not None:
                    continue
                if link.kind.uses_all_movement or (enemies.get(link.to) and not combat):
                    continue
                offer(
                    link.to,
                    _classify(game, stack, (link.to,), budget, enemies, domain=domain, room=room),
                )
    best.pop(stack.region, None)
    return best


def _classify(
    game: Game,
    stack: StackState,
    path: tuple[str, ...],
    cost: float,
    field: Mapping[str, list[StackState]],
    overrun: bool = False,
    domain: str | None = None,
    room: Room | None = None,
) -> Reach:
    """What ending a move of ``stack`` along ``path`` at ``cost`` means; ``field`` holds the
    enemies in the field per region (:func:`field_enemies`); ``overrun`` says whether those in
    the last region are overrun (decided where the MP are known); ``domain`` and ``room``
    (its :class:`Room`): the stack's, when the caller has them."""
    region = path[-1]
    if domain is None:
        domain = stack_domain(game, stack)
    enemies = field.get(region)
    kind: ReachKind
    if enemies and not overrun:
        kind = "battle"
    elif domain == "land" and not (room or Room(game, stack)).fits(region):
        # U4/V3: an overrun does not stop the move, so the stack must fit where it ends,
        # exactly as the move itself checks it.
        kind = "overstack"
    elif sailing.sails(game, domain) and sailing.may_end(game, stack, region):
        kind = "overstack"
    elif enemies:
        kind = "overrun"
    else:
        kind = "move"
    return Reach(cost, path, kind)


def _plain_search(
    game: Game,
    stack: StackState,
    budget: float,
    side: str,
    domain: str,
    field: Mapping[str, list[StackState]],
    room: Room | None = None,
) -> dict[str, Reach]:
    """Dijkstra over plain costs; enemy-held regions end a path unless overrun (V2: strong
    enough, and with the overrun's MP left after entering)."""
    if domain == "land":
        return _land_search(game, stack, budget, side, field, room or Room(game, stack))
    start = stack.region
    combat = has_combat_unit(game, stack)
    overrun_cost = game.scenario.rules.movement.overrun_mp_cost
    queue: list[tuple[float, int, str, tuple[str, ...], bool]] = [(0.0, 0, start, (), False)]
    done: dict[str, Reach] = {}
    counter = 0
    while queue:
        cost, _, region, path, overrun = heapq.heappop(queue)
        if region in done or (region == start and path):
            continue
        if path:
            done[region] = _classify(game, stack, path, cost, field, overrun, domain, room)
            if done[region].kind == "battle":
                continue  # the move stops in an enemy-held region
        for link, step in _plain_steps(game, region, side, domain, done):
            enemies = field.get(link.to, [])
            if enemies and not combat:
                continue  # only stacks with a combat unit may enter enemy-held regions
            if link.kind.uses_all_movement:
                step = max(step, budget - cost)
            total = cost + step
            # A crossing that spends all MP leaves none for an overrun.
            left = -1.0 if link.kind.uses_all_movement else budget - total
            over = bool(enemies) and overruns(game, stack, enemies, left)
            if over:
                total += overrun_cost
            if total <= budget:
                counter += 1
                heapq.heappush(queue, (total, counter, link.to, (*path, link.to), over))
    return done


def _land_search(
    game: Game,
    stack: StackState,
    budget: float,
    side: str,
    field: Mapping[str, list[StackState]],
    room: Room,
) -> dict[str, Reach]:
    """:func:`_plain_search` of a land stack, the search the AI asks for most: the same
    regions, paths, costs and kinds in the same order, with the steps (:func:`_plain_steps`)
    and what ending in a region means (:func:`_classify`) worked out in the loop itself, and
    a step's overrun only judged when the step is affordable (an overrun only adds to it)."""
    start = stack.region
    combat = has_combat_unit(game, stack)
    overrun_cost = game.scenario.rules.movement.overrun_mp_cost
    world = game.world
    table = land_steps(world)
    closed = world.closed_to
    changed = game.state.connection_state
    # The enemies of each region looked at, asked of ``field`` once per search (a region
    # is looked at from each of its neighbours settled).
    looked: dict[str, list[StackState]] = {}
    fits = room.fits
    pop, push = heapq.heappop, heapq.heappush
    queue: list[tuple[float, int, str, tuple[str, ...], bool]] = [(0.0, 0, start, (), False)]
    done: dict[str, Reach] = {}
    counter = 0
    while queue:
        cost, _, region, path, overrun = pop(queue)
        if region in done or (region == start and path):
            continue
        if path:
            enemies = looked[region]  # looked at when the step here was offered
            if enemies and not overrun:
                done[region] = Reach(cost, path, "battle")
                continue  # the move stops in an enemy-held region
            # U4/V3: an overrun does not stop the move, so the stack must fit where it ends.
            if not fits(region):
                done[region] = Reach(cost, path, "overstack")
            else:
                done[region] = Reach(cost, path, "overrun" if enemies else "move")
        for link, step in table.get(region, ()):
            to = link.to
            if to in done or side in closed[to]:
                continue
            kind = link.kind
            flags = changed.get(link.connection.id)
            if flags is None:
                if kind.needs_bridge and not link.connection.bridge:
                    continue
            else:
                if kind.needs_bridge and not flags[0]:
                    continue
                step = land_entry(world, link, flags[0], flags[2])
            seen = looked.get(to)
            if seen is None:
                seen = looked[to] = field.get(to) or []
            enemies = seen
            if enemies and not combat:
                continue  # only stacks with a combat unit may enter enemy-held regions
            spends_all = kind.uses_all_movement
            if spends_all:
                step = max(step, budget - cost)
            total = cost + step
            if total > budget:
                continue
            over = False
            if enemies:
                # A crossing that spends all MP leaves none for an overrun.
                over = overruns(game, stack, enemies, -1.0 if spends_all else budget - total)
                if over:
                    total += overrun_cost
                    if total > budget:
                        continue
            counter += 1
            push(queue, (total, counter, to, (*path, to), over))
    return done


def _plain_steps(
    game: Game, region: str, side: str, domain: str, done: Mapping[str, Reach]
) -> list[tuple[Link, float]]:
    """The steps out of ``region`` a stack of ``side`` moving in ``domain`` (not land: see
    :func:`_land_search`) may take to a region not settled yet (``done``), each with its
    :func:`plain_cost`."""
    return [
        (link, plain_cost(game, link, domain))
        for link in game.world.neighbours(region)
        if link.to not in done and step_refusal(game, side, domain, link) is None
    ]


def _network_search(
    game: Game,
    stack: StackState,
    network: str,
    field: Mapping[str, list[StackState]],
    price: Callable[[int], float] | None = None,
    budget: float = math.inf,
) -> dict[str, tuple[str, ...]]:
    """Regions reachable along a road (or rail) through friendly regions: shortest paths.

    With ``price`` (the cost of a path of so many regions, growing with its length) and
    ``budget``, the search stops once no longer path is affordable: every path it leaves out
    would be priced out by the caller anyway (a railway costing nothing goes on to the end
    of the network). That stop is only taken when it cannot change a kept answer (see
    ``ends`` below)."""
    start, side = stack.region, stack.side
    world = game.world
    levels = ("rail",) if network == "rail" else ("road", "rail")
    if world.regions[start].network not in levels or board.side_of_region(game, start) != side:
        # A step only runs on the network from a region of the network the side controls
        # (``on_network``): none leaves the start.
        return {}
    ways = network_links(world, network)
    closed_to = world.closed_to
    changed = game.state.connection_state
    owner, side_of = game.state.owner, world.side_of
    paths: dict[str, tuple[str, ...]] = {start: ()}
    # A crossing that spends the whole move (a beach, a ferry) may end a road move but never
    # lead on: such ends are kept apart, and a way to them that can go further wins.
    ends: dict[str, tuple[str, ...]] = {}
    frontier = [start]
    length = 0
    while frontier:
        if price is not None and price(length + 1) > budget:
            # Nothing longer is affordable. An end not (yet) reached by a way that goes on
            # might still be reached so further out, which would drop it: only then search on.
            if all(r in paths for r in ends):
                break
            price = None
        length += 1
        following = []
        for region in frontier:
            way = paths[region]
            for link in ways.get(region, ()):
                # ``step_refusal`` and ``on_network`` as they judge this step, their parts
                # that depend on the map alone settled once in ``_network_links``.
                to = link.to
                if to in paths or side in closed_to[to]:
                    continue
                nation = owner.get(to)
                if nation is None or side_of.get(nation) != side:
                    continue
                flags = changed.get(link.connection.id)
                if flags is None:
                    c = link.connection
                    bridge, road, rail = c.bridge, c.road, c.rail
                else:
                    bridge, road, rail = flags[0], flags[1], flags[2]
                if link.kind.needs_bridge and not bridge:
                    continue
                if not (rail if network == "rail" else road or rail):
                    continue
                if field.get(to):
                    continue  # enemies in the field (asked last: the dearest question)
                if link.kind.uses_all_movement:
                    ends.setdefault(to, (*way, to))
                    continue
                paths[to] = (*way, to)
                following.append(to)
        frontier = following
    paths.pop(start)
    return {**{r: p for r, p in ends.items() if r not in paths and r != start}, **paths}
