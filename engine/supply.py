"""Supply lines (S1-S5): where a side's supply reaches, and what going without it costs.

Everything here only reads the game; the supply phase (:mod:`engine.phases.supply`) is what
changes units. The search behind :func:`lines` is the hot spot (every stack of a side on a map
of 10,000 regions within 50 ms), so it is shaped for speed:

* a :class:`~engine.supply_graph.Graph` of integer adjacency, terrain masks, ports and sea
  basins is built once per :class:`~engine.world.World` (:mod:`engine.supply_graph`);
* from the state only the inputs are gathered (enemy-occupied regions, friendly relays, open
  sources, bridges changed by effects); they double as the cache key, so a cached answer is
  reused exactly while those inputs are unchanged, whoever changed the state and however;
* one breadth-first search from every origin at once, in buckets by distance, where reaching
  a relay puts the distance back to 0.

Choices where the rules leave room are listed in ``docs/rules.md`` under S1-S5.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

from schemas.rules import SupplyRules, SupplyStage

from . import modifiers, stack_index
from .combat.values import commanding_leader
from .supply_graph import Graph, bridge_adjacency, graph, sea_links, spread

if TYPE_CHECKING:
    from .game import Game
    from .state import GameState, StackState

SUPPLIED = "supplied"
UNSUPPLIED = "unsupplied"
ENEMY = "enemy"
NONE = "none"
"""Region states of :func:`supply_view`; ``none`` is a region land supply never concerns
(sea, lake, unplayable)."""

# -- lines ---------------------------------------------------------------------------------------


@dataclass(slots=True)
class Lines:
    """One side's supply net at one moment."""

    side: str
    range: int
    dist: list[int]
    """Per region index: steps from the nearest origin or relay (above ``range``: unreached)."""
    reached: list[int]
    """Region indices in supply."""
    enemy: frozenset[int]
    """Region indices holding a stack of a side at war with ``side``."""
    graph: Graph
    _regions: frozenset[str] | None = None

    def covers(self, region: str) -> bool:
        return self.dist[self.graph.index[region]] <= self.range

    @property
    def regions(self) -> frozenset[str]:
        if self._regions is None:
            ids = self.graph.ids
            self._regions = frozenset(ids[i] for i in self.reached)
        return self._regions


_CACHE: weakref.WeakKeyDictionary[Game, dict[str, tuple[tuple[object, ...], Lines]]] = (
    weakref.WeakKeyDictionary()
)


def lines(game: Game, side: str) -> Lines:
    """The supply net of ``side`` as the board stands now (S1), cached while its inputs hold.

    A side the scenario gives no source at all (not even an inoperative or shared one) does not
    play the supply rules: its net covers every land region.
    """
    g = graph(game.world)
    # No line is longer than the map has regions: a larger range means the same, and the
    # search allocates a bucket per step of range, so it never follows the file's number.
    rng = min(game.scenario.rules.supply.range, len(g.ids))
    cached = _CACHE.setdefault(game, {}).get(side)
    if side not in g.sourced:
        if cached is None:
            dist = [0 if x else rng + 1 for x in g.land]
            land = [i for i, x in enumerate(g.land) if x]
            cached = _CACHE[game][side] = ((), Lines(side, rng, dist, land, frozenset(), g))
        return cached[1]
    got = _inputs(game, side, g)
    # The inputs are the key: the ports' sea regions are static, their regions say it all.
    key = (got.enemy, got.naval, got.relays, tuple(r for r, _ in got.ports), *got[4:])
    if cached is not None and cached[0] == key:
        return cached[1]
    passable = bytearray(g.side_passable(side))
    for region in got.enemy:
        passable[region] = 0
    relay = bytearray(len(g.ids))
    for region in got.relays:
        relay[region] = 1
    adjacency = bridge_adjacency(g, got.bridges) if got.bridges else g.adjacency
    links = sea_links(g, got.ports, got.naval, passable)
    starts = [r for r in got.origins if r not in got.enemy]
    dist, reached = spread(adjacency, passable, relay, starts, links, rng)
    result = Lines(side, rng, dist, reached, got.enemy, g)
    _CACHE[game][side] = (key, result)
    return result


def forget(game: Game) -> None:
    """Drop a game's cached nets (benchmarks time the search cold with it)."""
    _CACHE.pop(game, None)


class _Inputs(NamedTuple):
    """Everything in the state a side's net depends on (region indices)."""

    enemy: frozenset[int]
    """Regions holding a stack of a side at war (garrisons besieged there excepted)."""
    naval: frozenset[int]
    """Regions holding an enemy ship (blockades)."""
    relays: frozenset[int]
    """Regions with a friendly relay structure or logistic unit."""
    ports: list[tuple[int, tuple[int, ...]]]
    """Friendly relaying ports: region, and the sea regions they open onto."""
    origins: tuple[int, ...]
    """Regions of the sources open to the side."""
    bridges: tuple[tuple[str, bool], ...]
    """Bridges effects built or blew, where they differ from the map."""


def _inputs(game: Game, side: str, g: Graph) -> _Inputs:
    state = game.state
    enemy, naval, relays = _from_stacks(game, side, g)
    held, ports = _held_relays(game, side, g)
    relays |= held
    is_open = state.sources_open
    origins = tuple(
        region
        for source_id, region, sides in g.sources
        if is_open.get(source_id, False) and (not sides or side in sides)
    )
    bridges = tuple(
        (cid, bool(now[0]))
        for cid, now in sorted(state.connection_state.items())
        if cid in g.bridged and bool(now[0]) != g.bridged[cid][2]
    )
    return _Inputs(enemy, naval, frozenset(relays), ports, origins, bridges)


_HELD: weakref.WeakKeyDictionary[
    Game, dict[str, tuple[GameState, int, frozenset[int], list[tuple[int, tuple[int, ...]]]]]
] = weakref.WeakKeyDictionary()
"""Per game and side, the relaying structures it holds, kept with the state and its count of
changes of control they were worked out for."""


def _held_relays(
    game: Game, side: str, g: Graph
) -> tuple[frozenset[int], list[tuple[int, tuple[int, ...]]]]:
    """Regions of the relaying structures ``side`` holds, and its relaying ports (region, the
    sea regions they open onto), kept until a structure changes hands (a map of thousands of
    towns made this the costliest part of every question about supply)."""
    state = game.state
    kept = _HELD.setdefault(game, {}).get(side)
    if kept is not None and kept[0] is state and kept[1] == state._control_changes:
        return kept[2], list(kept[3])
    world = game.world
    owner, side_of = state.structure_owner, world.side_of
    relays: set[int] = set()
    ports = []
    for structure_id, region, seas in g.relays:
        nation = owner.get(structure_id)
        if nation is not None and side_of.get(nation) == side:
            relays.add(region)
            if seas:
                ports.append((region, seas))
    held = frozenset(relays)
    _HELD[game][side] = (state, state._control_changes, held, ports)
    return held, list(ports)


def _from_stacks(
    game: Game, side: str, g: Graph
) -> tuple[frozenset[int], frozenset[int], set[int]]:
    """The side's net's inputs the stacks give: regions of enemies in the field (and of
    besieged garrisons no stack of the side stands outside of), of enemy ships, and of the
    side's logistic units.

    The enemies' part is kept until an enemy stack changes (:func:`stack_index.kept_for`):
    they stand still while the side moves, and the AI asks at every decision. The side's own
    part is read from its logistic units and the besieged regions, not from every stack."""
    world, state = game.world, game.state
    enemies = [s for s in world.sides if world.at_war(side, s)]
    field, sheltered, naval = stack_index.kept_for(
        state, ("supply_enemies", side), enemies, lambda: _enemy_stacks(game, side, g)
    )
    index = stack_index.index_of(state)
    # A garrison shut in its structure does not cut the lines of the side besieging it there.
    besieged = {
        g.index[region]
        for region in sheltered
        if not any(s.structure is None for s in index.in_region(region, side))
    }
    enemy = field | besieged if besieged else field
    relays: set[int] = set()
    units, stacks = state.units, state.stacks
    for unit_id in g.logistics:
        unit = units.get(unit_id)
        stack = stacks.get(unit.stack) if unit is not None and unit.stack is not None else None
        if stack is not None and stack.side == side and unit_id in stack.units:
            relays.add(g.index[stack.region])
    return enemy, naval, relays


def _enemy_stacks(
    game: Game, side: str, g: Graph
) -> tuple[frozenset[int], frozenset[str], frozenset[int]]:
    """Regions (indices) of stacks at war with ``side`` in the field, regions (ids) of those
    inside structures, regions (indices) of those with ships."""
    world = game.world
    index = g.index
    at_war = {s: world.at_war(side, s) for s in world.sides}
    field: set[int] = set()
    sheltered: set[str] = set()
    naval: set[int] = set()
    ships = g.naval
    for stack in game.state.stacks.values():
        if stack.side != side and at_war.get(stack.side, False):
            if stack.structure is None:
                field.add(index[stack.region])
            else:
                sheltered.add(stack.region)
            if not ships.isdisjoint(stack.units):
                naval.add(index[stack.region])
    return frozenset(field), frozenset(sheltered), frozenset(naval)


def supplied_regions(game: Game, side: str) -> frozenset[str]:
    """Regions a supply line of ``side`` reaches now (S1)."""
    return lines(game, side).regions


# -- stacks and units ----------------------------------------------------------------------------


def in_fortified_structure(game: Game, stack: StackState) -> bool:
    """Units sheltering in a fortified structure are always in supply (S2, G1)."""
    return stack.structure is not None and stack.structure in graph(game.world).fortified


def needs_supply(game: Game, unit_id: str) -> bool:
    """Guerrillas live off the land and ships are not on land lines (S2): neither needs one."""
    return unit_id not in graph(game.world).exempt


def stack_supplied(game: Game, stack: StackState) -> bool:
    """Whether a stack counts as supplied now: on a line, in a fortress, or every unit of it
    exempt or still living on a logistic unit consumed at its last supply phase."""
    return _fed(game, lines(game, stack.side), stack)


def stacks_supplied(game: Game, side: str) -> dict[str, bool]:
    """:func:`stack_supplied` for every stack of a side at once (one search, one pass)."""
    net = lines(game, side)
    return {s.id: _fed(game, net, s) for s in game.state.stacks.values() if s.side == side}


def _fed(game: Game, net: Lines, stack: StackState) -> bool:
    g = net.graph
    if net.dist[g.index[stack.region]] <= net.range:
        return True
    if stack.structure is not None and stack.structure in g.fortified:
        return True
    units, exempt = game.state.units, g.exempt
    return all(u in exempt or units[u].supplied_by_logistics for u in stack.units)


@dataclass(frozen=True, slots=True)
class SupplyView:
    """What a supply map shows one side."""

    regions: dict[str, str]
    """Every region: ``supplied``, ``unsupplied``, ``enemy`` (held or occupied by a side at
    war, and not on a line) or ``none`` (sea, lake, unplayable)."""
    stacks: dict[str, str]
    """The side's stacks (``supplied`` / ``unsupplied``) and its enemies' (``enemy``)."""


def supply_view(game: Game, side: str) -> SupplyView:
    """Supply state of every region and stack, for a map overlay or the AI."""
    net = lines(game, side)
    g = net.graph
    world = game.world
    hostile_nations = {n for n, s in world.side_of.items() if world.at_war(side, s)}
    owner = game.state.owner
    regions: dict[str, str] = {}
    for i, region_id in enumerate(g.ids):
        if not g.land[i]:
            regions[region_id] = NONE
        elif net.dist[i] <= net.range:
            regions[region_id] = SUPPLIED
        elif i in net.enemy or owner.get(region_id) in hostile_nations:
            regions[region_id] = ENEMY
        else:
            regions[region_id] = UNSUPPLIED
    stacks: dict[str, str] = {}
    for stack in game.state.stacks.values():
        if stack.side == side:
            stacks[stack.id] = SUPPLIED if _fed(game, net, stack) else UNSUPPLIED
        elif world.at_war(side, stack.side):
            stacks[stack.id] = ENEMY
    return SupplyView(regions, stacks)


# -- out-of-supply stages ------------------------------------------------------------------------


def stage_for(rules: SupplyRules, count: int) -> SupplyStage | None:
    """The stage for ``count`` consecutive supply phases out of supply; the last one repeats."""
    found = None
    for stage in rules.stages:
        if stage.turns > count:
            break
        found = stage
    return found


def stage_of(game: Game, unit_id: str) -> SupplyStage | None:
    """The out-of-supply stage a unit suffers now, or ``None`` (S4)."""
    unit = game.state.units.get(unit_id)
    if unit is None or unit.unsupplied <= 0:
        return None
    return stage_for(game.scenario.rules.supply, unit.unsupplied)


@dataclass(frozen=True, slots=True)
class Penalty:
    """Changes to a unit's values from its supply stage (all 0 when supplied)."""

    movement: int = 0
    attack: int = 0
    defence: int = 0
    morale: int = 0


NO_PENALTY = Penalty()


def penalty(game: Game, unit_id: str) -> Penalty:
    """The stage's changes for this unit; motorized and heavy units add the stage's
    ``motorized_movement`` to its ``movement``."""
    stage = stage_of(game, unit_id)
    if stage is None:
        return NO_PENALTY
    movement = stage.movement
    if unit_id in graph(game.world).motorized:
        movement += stage.motorized_movement
    return Penalty(movement, stage.attack, stage.defence, stage.morale)


def movement_penalty(game: Game, unit_id: str) -> int:
    return penalty(game, unit_id).movement


def attack_penalty(game: Game, unit_id: str) -> int:
    return penalty(game, unit_id).attack


def defence_penalty(game: Game, unit_id: str) -> int:
    return penalty(game, unit_id).defence


def morale_penalty(game: Game, unit_id: str) -> int:
    return penalty(game, unit_id).morale


def can_fly(game: Game, unit_id: str) -> bool:
    """Aircraft found out of supply at their side's last supply phase stay grounded (S5, A1)."""
    unit = game.state.units.get(unit_id)
    return unit is not None and unit.unsupplied == 0


# -- survival ------------------------------------------------------------------------------------


def base_morale(game: Game, unit_id: str) -> int:
    """A unit's own morale, its reduced value once at or under the reduced-strength fraction;
    no supply stage, card or leader counted ("unmodified")."""
    unit_type = game.world.unit_type(unit_id)
    if unit_type is None:
        return 0
    reduced = unit_type.reduced
    fraction = game.scenario.rules.battle.reduced_strength_fraction
    strength = game.state.units[unit_id].strength
    if (
        reduced is not None
        and reduced.morale is not None
        and strength <= fraction * unit_type.hit_points
    ):
        return reduced.morale
    return unit_type.morale


def survival_target(game: Game, unit_id: str, stage: SupplyStage) -> int:
    """The highest roll a unit survives at ``stage`` without a hit (S4).

    Own morale times the stage's multiplier, plus the morale of the stack's commanding leader,
    the city modifier where the region holds any structure, the terrain's forage (its trail
    value where the region has a trail or better) less the unit's, and the side's ``survival``
    card modifiers.
    """
    world = game.world
    unit = game.state.units[unit_id]
    unit_type = world.unit_type(unit_id)
    assert unit.stack is not None and unit_type is not None
    stack = game.state.stacks[unit.stack]
    target = base_morale(game, unit_id) * stage.survival_multiplier
    leader = commanding_leader(game, stack)
    if leader is not None:
        target += world.leaders[leader].morale
    if world.structures_in.get(stack.region):
        target += game.scenario.rules.supply.city_survival_modifier
    terrain = world.terrain_of[stack.region]
    forage = terrain.forage
    if terrain.forage_with_trail is not None and world.regions[stack.region].network != "none":
        forage = terrain.forage_with_trail
    target += forage - unit_type.forage
    return target + modifiers.side_total(game, unit.side, "survival")
