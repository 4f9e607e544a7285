"""Land (and sea) movement: what a step costs, where a stack can go, and why not.

A move is priced one of three ways (M4, V1): along a railway through friendly rail regions
(free, for sides that may use rail), along a road through friendly road regions (half an MP a
region, the total rounded up), or plainly (terrain, less a trail's reduction, plus the
connection crossed). Roads and rails only count when the whole move runs on them. Entering a
region held by an enemy stack stops the move (V2) unless the stack overruns it; a stack that
has spent nothing may always take one step (V4).
"""

from __future__ import annotations

import heapq
import math
import weakref
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from . import board, modifiers, stack_index
from .naval import sailing
from .state import StackState
from .world import Link, World

if TYPE_CHECKING:
    from .game import Game


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


# -- what a stack is ------------------------------------------------------------------------------


def stack_domain(game: Game, stack: StackState) -> str:
    """``naval`` or ``air`` for a stack of ships or aircraft alone, else ``land``."""
    ids = stack.units
    if not ids:
        return "land"
    units = game.state.units
    first = units[ids[0]].domain
    if first in ("naval", "air") and all(units[u].domain == first for u in ids):
        return first
    return "land"


def unit_movement(game: Game, unit_id: str) -> int:
    """A unit's MP this phase: its value, reduced at half strength, supply penalties, cards."""
    world = game.world
    unit = game.state.units[unit_id]
    if unit.leader:
        base = world.leaders[unit_id].movement
    else:
        unit_type = world.unit_type(unit_id)
        assert unit_type is not None
        base = unit_type.movement
        reduced = unit_type.reduced
        fraction = game.scenario.rules.battle.reduced_strength_fraction
        if (
            reduced
            and reduced.movement is not None
            and unit.strength <= fraction * (unit_type.hit_points)
        ):
            base = reduced.movement
        base += _supply_movement(game, unit_id)
    return max(0, base + modifiers.total(game, unit_id, "movement"))


def _supply_movement(game: Game, unit_id: str) -> int:
    from .supply import movement_penalty  # supply reads movement's neighbours: import late

    return movement_penalty(game, unit_id)


def mp_left(game: Game, stack: StackState) -> float:
    return min(
        (unit_movement(game, u) - game.state.units[u].mp_spent for u in stack.units), default=0
    )


def fresh(game: Game, stack: StackState) -> bool:
    """No unit of the stack has spent MP this turn (the minimal move is open, V4)."""
    return all(game.state.units[u].mp_spent == 0 for u in stack.units)


def why_immobile(game: Game, stack: StackState) -> str | None:
    if stack.moved:
        return "this stack has already moved this phase"
    for unit_id in stack.units:
        unit = game.state.units[unit_id]
        if not unit.leader:
            unit_type = game.world.unit_type(unit_id)
            if unit_type is not None and unit_type.movement_class == "immobile":
                return f"'{unit_id}' can never move; split it off first"
        if modifiers.immobile(game, unit_id):
            return f"'{unit_id}' is held in place this turn"
        if unit.carried_turn == game.turn:
            return f"'{unit_id}' was carried by sea or air this turn and has no MP left"
    return None


def hit_points(game: Game, stacks: list[StackState], combat_only: bool = True) -> int:
    return sum(
        game.state.units[u].strength
        for s in stacks
        for u in s.units
        if not combat_only or board.is_combat(game, game.state.units[u])
    )


def stacking_points(game: Game, stack: StackState) -> int:
    total = 0
    for unit_id in stack.units:
        unit = game.state.units[unit_id]
        if unit.leader:
            total += game.world.leaders[unit_id].stacking
        else:
            unit_type = game.world.unit_type(unit_id)
            total += unit_type.stacking if unit_type else 0
    return total


def region_load(game: Game, region: str, side: str, exclude: str | None = None) -> int:
    """Land stacking points a side already has in a region (outside structures)."""
    return sum(
        stacking_points(game, s)
        for s in board.stacks_in(game, region, side)
        if s.structure is None and s.id != exclude
    )


def fits(game: Game, stack: StackState, region: str) -> bool:
    """The stack may end its move in the region without breaking the stacking limit (U4)."""
    return Room(game, stack).fits(region)


class Room:
    """:func:`fits` for one stack, asked of region after region (a search asks it of every
    region it settles): the stack's stacking points are worked out once, and its side's load
    of each region is kept until one of the side's stacks changes (searches for stack after
    stack ask it of the same regions while nothing moves)."""

    __slots__ = ("_game", "_loads", "_points", "_stack")

    def __init__(self, game: Game, stack: StackState) -> None:
        self._game = game
        self._stack = stack
        self._points = stacking_points(game, stack)
        side = stack.side
        self._loads: dict[str, int] = stack_index.kept_for(
            game.state, ("loads", side), (side,), dict
        )

    def fits(self, region: str) -> bool:
        game, stack, points = self._game, self._stack, self._points
        limit = game.world.land_stacking(region, game.world.regions[region].network)
        load = self._loads.get(region)
        if load is None:
            load = self._loads[region] = region_load(game, region, stack.side)
        if stack.region == region and stack.structure is None:
            load -= points  # the stack itself (``region_load``'s ``exclude``)
        return load + points <= limit


# -- steps ----------------------------------------------------------------------------------------


def connection_flags(game: Game, link: Link) -> tuple[bool, bool, bool]:
    """Current (bridge, road, rail) of a connection: effects may have changed them."""
    state = game.state.connection_state.get(link.connection.id)
    if state is not None:
        return state[0], state[1], state[2]
    c = link.connection
    return c.bridge, c.road, c.rail


def step_refusal(game: Game, side: str, domain: str, link: Link) -> str | None:
    """Why a stack of ``side`` moving in ``domain`` cannot cross ``link`` at all."""
    world = game.world
    kind = link.kind
    target = world.domain(link.to)
    if side in world.closed_to[link.to]:
        return f"'{link.to}' is closed to this side"
    if domain == "naval":
        if kind.domain != "sea":
            return "ships only use sea connections"
        if target == "sea":
            return None
        ports = [
            s
            for s in world.structures_in[link.to]
            if s.port and board.side_of_structure(game, s.id) == side
        ]
        return None if ports else f"ships can only enter '{link.to}' at a friendly port"
    if kind.domain != "land" and not kind.only_from_sea:
        return f"land units cannot use a {kind.name.lower()} connection"
    if target != "land":
        return f"land units cannot enter '{link.to}' ({target})"
    bridge, _, _ = connection_flags(game, link)
    if kind.needs_bridge and not bridge:
        return f"the {kind.name.lower()} can only be crossed at a bridge"
    return None


def plain_cost(game: Game, link: Link, domain: str = "land") -> float:
    """Terrain entry cost (less a trail's reduction) plus the connection's cost (V1, M2, M3);
    ships under the naval rules pay :func:`sailing.entry_cost` instead."""
    if sailing.sails(game, domain):
        return sailing.entry_cost(game, link)
    world = game.world
    if world.domain(link.to) != "land":
        return float(world.terrain_of[link.to].movement_cost)
    bridge, _, rail = connection_flags(game, link)
    return _land_entry(world, link, bridge, rail)


def _land_entry(world: World, link: Link, bridge: bool, rail: bool) -> float:
    """:func:`plain_cost` of a step into land, given the connection's bridge and railway."""
    rules = world.scenario.rules.movement
    cost = world.terrain_of[link.to].movement_cost
    if world.regions[link.to].network != "none":
        cost = max(rules.minimum_land_cost, cost - rules.trail_cost_reduction)
    kind = link.kind
    extra = kind.movement_cost
    if bridge:
        extra = kind.bridge_movement_cost if kind.bridge_movement_cost is not None else extra
        if rail and kind.rail_bridge_movement_cost is not None:
            extra = kind.rail_bridge_movement_cost
    return float(max(0, cost + extra))


def on_network(game: Game, side: str, link: Link, network: str, origin: str) -> bool:
    """The step runs along a road (or railway) between regions the side controls, both of
    them on that network: the region a move starts from counts like every other (M4)."""
    if board.side_of_region(game, origin) != side or board.side_of_region(game, link.to) != side:
        return False
    _, road, rail = connection_flags(game, link)
    has = rail if network == "rail" else road or rail
    levels = ("rail",) if network == "rail" else ("road", "rail")
    regions = game.world.regions
    return has and regions[link.to].network in levels and regions[origin].network in levels


def uses_rail(game: Game, side: str) -> bool:
    return game.world.sides[side].rail


def _in_the_field(game: Game, stack: StackState) -> bool:
    """A stack not sheltered in a fortified structure: one there does not stop a move (it is
    besieged instead)."""
    structure = game.world.structures.get(stack.structure) if stack.structure else None
    return structure is None or structure.fortification == 0


def enemy_here(game: Game, region: str, side: str) -> list[StackState]:
    """Enemy stacks in the field of a region. Those sheltered in fortified structures do not
    stop a move (they are besieged instead), nor do aircraft alone (V2, A1)."""
    return [s for s in board.enemy_ground_stacks_in(game, region, side) if _in_the_field(game, s)]


def field_enemies(game: Game, side: str) -> FieldEnemies:
    """:func:`enemy_here` of every region at once (in the same order): a search for where a
    stack can go asks it of every region it looks at. Kept until a stack moves, comes, goes
    or changes its units (:func:`stack_index.kept`), and shared: never to be changed."""
    return stack_index.kept(game.state, ("field_enemies", side), lambda: FieldEnemies(game, side))


class FieldEnemies(Mapping[str, list[StackState]]):
    """Per region, the enemies of a side in its field (regions without any left out), as
    a read-only mapping. ``get`` works a region out when first asked, from the stacks by
    region (a search looks at a few hundred regions of a map of thousands); going through
    the whole mapping works out every region at once, in the order of a pass over the
    stacks (a region comes where its first enemy stack does)."""

    __slots__ = ("_at_war", "_found", "_game", "_whole")

    def __init__(self, game: Game, side: str) -> None:
        world = game.world
        self._game = game
        self._at_war = {other: world.at_war(side, other) for other in world.sides}
        self._found: dict[str, list[StackState]] = {}
        self._whole: dict[str, list[StackState]] | None = None

    def get(self, region: str, default: Any = None) -> Any:
        found = self._found.get(region)
        if found is None:
            found = self._found[region] = self._in(region)
        return found if found else default

    def __getitem__(self, region: str) -> list[StackState]:
        found = self.get(region)
        if found is None:
            raise KeyError(region)
        return found  # type: ignore[no-any-return]

    def __iter__(self) -> Iterator[str]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())

    def _enemy(self, stack: StackState) -> bool:
        game = self._game
        return (
            self._at_war.get(stack.side, False)
            and board.has_ground_units(game, stack)
            and _in_the_field(game, stack)
        )

    def _in(self, region: str) -> list[StackState]:
        here = stack_index.index_of(self._game.state).in_region(region, None)
        return [s for s in here if self._enemy(s)]

    def _all(self) -> dict[str, list[StackState]]:
        if self._whole is None:
            out: dict[str, list[StackState]] = {}
            for stack in self._game.state.stacks.values():
                if self._enemy(stack):
                    out.setdefault(stack.region, []).append(stack)
            self._whole = out
        return self._whole


def can_overrun(game: Game, stack: StackState, defenders: list[StackState]) -> bool:
    """V2: hit points at least the rules' multiple of the defenders', and no immobile or
    fortification defender."""
    rules = game.scenario.rules.movement
    for defender in defenders:
        for unit_id in defender.units:
            unit_type = game.world.unit_type(unit_id)
            if unit_type and (
                unit_type.movement_class == "immobile" or "fortification" in unit_type.roles
            ):
                return False
    ours = hit_points(game, [stack])
    theirs = hit_points(game, defenders)
    from .fog import hidden_from

    if any(hidden_from(game, d, stack.side) for d in defenders):
        return False
    return ours > 0 and ours >= rules.overrun_ratio * theirs


def overruns(game: Game, stack: StackState, defenders: list[StackState], left: float) -> bool:
    """V2: the stack overruns ``defenders`` when it entered their region with ``left`` MP
    still to spend: it must be strong enough (:func:`can_overrun`) and still have the MP the
    overrun costs. Without them the move stops there and a battle follows. Fleets under the
    naval rules never overrun: enemy ships always stop them."""
    if sailing.sails(game, stack_domain(game, stack)):
        return False
    cost = game.scenario.rules.movement.overrun_mp_cost
    return left >= cost and can_overrun(game, stack, defenders)


def has_combat_unit(game: Game, stack: StackState) -> bool:
    return any(board.is_combat(game, game.state.units[u]) for u in stack.units)


# -- where a stack can go ---------------------------------------------------------------------


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

    def offer(region: str, reach: Reach) -> None:
        old = best.get(region)
        if old is None or (reach.cost, len(reach.path)) < (old.cost, len(old.path)):
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
                if cost <= budget:
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
            if cost <= budget:
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
    start = stack.region
    combat = has_combat_unit(game, stack)
    overrun_cost = game.scenario.rules.movement.overrun_mp_cost
    # The map's steps, fetched once per search (not once per region settled).
    table = _land_steps(game.world) if domain == "land" else None
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
        for link, step in _plain_steps(game, region, side, domain, done, table):
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


def _plain_steps(
    game: Game,
    region: str,
    side: str,
    domain: str,
    done: Mapping[str, Reach],
    table: dict[str, list[tuple[Link, float]]] | None = None,
) -> list[tuple[Link, float]]:
    """The steps out of ``region`` a stack of ``side`` moving in ``domain`` may take (to a
    region not settled yet, ``done``), each with its :func:`plain_cost`. On land, from
    :func:`_land_steps` (``table``, when the caller has it): the map's part of
    ``step_refusal`` and of the cost settled once."""
    if domain != "land":
        return [
            (link, plain_cost(game, link, domain))
            for link in game.world.neighbours(region)
            if link.to not in done and step_refusal(game, side, domain, link) is None
        ]
    closed = game.world.closed_to
    changed = game.state.connection_state
    found = []
    if table is None:
        table = _land_steps(game.world)
    for link, fixed in table.get(region, ()):
        to = link.to
        if to in done or side in closed[to]:
            continue
        flags = changed.get(link.connection.id)
        if flags is None:
            if link.kind.needs_bridge and not link.connection.bridge:
                continue
            found.append((link, fixed))
        else:
            if link.kind.needs_bridge and not flags[0]:
                continue
            found.append((link, _land_entry(game.world, link, flags[0], flags[2])))
    return found


# ``World.kept["land_steps"]``: per scenario, for each region, the links land units may take
# as far as the map alone decides (a connection they use, into land), with the step's cost
# over the map's bridges and railways (effects that change a connection are read during the
# search).


def _land_steps(world: World) -> dict[str, list[tuple[Link, float]]]:
    found: dict[str, list[tuple[Link, float]]] | None = world.kept.get("land_steps")
    if found is None:
        found = world.kept["land_steps"] = {}
        for region in world.regions:
            found[region] = [
                (link, _land_entry(world, link, link.connection.bridge, link.connection.rail))
                for link in world.neighbours(region)
                if (link.kind.domain == "land" or link.kind.only_from_sea)
                and world.domain(link.to) == "land"
            ]
    return found


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
    ways = _network_links(world, network)
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
                if to in paths or side in closed_to[to] or field.get(to):
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
                if link.kind.uses_all_movement:
                    ends.setdefault(to, (*way, to))
                    continue
                paths[to] = (*way, to)
                following.append(to)
        frontier = following
    paths.pop(start)
    return {**{r: p for r, p in ends.items() if r not in paths and r != start}, **paths}


_NETWORK_LINKS: weakref.WeakKeyDictionary[World, dict[str, dict[str, list[Link]]]] = (
    weakref.WeakKeyDictionary()
)
"""Per scenario and network (``road``, ``rail``), the links a road or rail move may take as
far as the map alone decides: both regions on the network, a connection land units use, into
land. Who controls the regions, enemies and effects on connections are judged during the
search."""


def _network_links(world: World, network: str) -> dict[str, list[Link]]:
    known = _NETWORK_LINKS.setdefault(world, {})
    found = known.get(network)
    if found is None:
        levels = ("rail",) if network == "rail" else ("road", "rail")
        regions = world.regions
        found = known[network] = {}
        for region in regions:
            if regions[region].network not in levels:
                continue
            found[region] = [
                link
                for link in world.neighbours(region)
                if regions[link.to].network in levels
                and (link.kind.domain == "land" or link.kind.only_from_sea)
                and world.domain(link.to) == "land"
            ]
    return found
