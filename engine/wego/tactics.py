"""The skilled WEGO planner's judgement: what the ``normal`` and ``hard`` levels add to the
baseline's plans (:mod:`engine.wego.ai`) on a map of the area family.

The baseline planner sends every stack that can reach a target, each by its cheapest route,
with no wait: the nearest goes in first and fights alone, the others arrive ticks later and
fight battles of their own (docs/wego.md: the battles of a tick are fought once every step
of the tick is taken). The skilled planner uses what the WEGO rules give a player who plans:

- **Attacks go in together.** An attack is made only with stacks whose arrival it can time:
  the earliest tick by which the stacks able to get there have the ratio is the tick of the
  attack, every stack arriving by then takes part, and each waits (the order's ``wait``) so
  that all of them step into the target in that tick and fight one battle.
- **Moves keep in supply and out of harm.** A stack advancing weighs where it ends: off its
  side's supply lines (S1) a stack loses morale, then movement and combat, then hit points
  (S4), so a region the lines do not reach counts against the move; a region next to enemy
  strength the stack alone cannot stand against (the enemy's attack ratio) counts against it
  unless friends already stand there with it.

Everything is sorted and nothing is random, so a seed still fixes the game.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .. import board, movement
from ..ai.estimates import enemy_strength, region_value, stack_strength, sudden_death_targets
from .orders import Order, OrderAttack
from .plan import Route, attack_routes

if TYPE_CHECKING:
    from collections.abc import Callable

    from ..ai.baseline import Style
    from ..game import Game
    from ..state import StackState


@dataclass(frozen=True, slots=True)
class Judgement:
    """How a level plans its WEGO turns on top of the baseline's plain judgements."""

    synchronise: bool = False
    """Time concentric attacks so that every attacker goes in in the same tick."""
    mass: bool = False
    """Every stack that can reach the target attacks (the baseline's concentric attack),
    timed to the slowest; otherwise only the stacks arriving by the earliest tick that gives
    the ratio."""
    safe_wait: bool = False
    """A stack waits for the others only where the enemies it sees next to it could not
    attack it at their ratio; otherwise it goes in at once (striking first pins them)."""
    ground: bool = False
    """Ask for a higher ratio where the target's terrain (and entrenchment) favours the
    defender."""
    off_supply: float = 0.0
    """What a move ending where the side's supply lines do not reach is held against it
    (points; a step nearer the enemy is worth one)."""
    exposed: float = 0.0
    """What ending a move where the enemy strength within :data:`THREAT_REACH` steps could
    attack the stacks there at the enemy's ratio is held against it (points)."""
    vital: float = 0.0
    """What a move into a threatened region whose loss could hand the enemy a sudden-death
    win is worth while its guards are too weak (points; 0: such regions are not guarded
    beyond the baseline's last guard)."""


GREEDY = Judgement()
"""The baseline planner's judgement (the ``baseline`` and ``easy`` levels)."""
SKILLED = Judgement(synchronise=True, safe_wait=True)
"""The judgement of the ``normal`` and ``hard`` levels."""


def arrival(game: Game, route: Route) -> int:
    """The tick in which a stack setting off at once along ``route`` (whose cost includes
    the last step, into the target) makes that last step: it gains ``tick_mp`` a tick and
    steps once it has gained the step's cost (docs/wego.md, the execution)."""
    tick_mp = game.scenario.calendar.wego.tick_mp
    return max(1, math.ceil(route.cost / tick_mp - 1e-9))


def attacks(
    game: Game,
    side: str,
    stacks: list[StackState],
    style: Style,
    orders: dict[str, Order],
    *,
    air_over: Callable[[Game, str, str], float],
    stays: Callable[[StackState, Route], bool],
    judge: Judgement = SKILLED,
    threat: dict[str, float] | None = None,
) -> None:
    """Timed concentric attacks: for each target, best odds first, the earliest tick by
    which the stacks that can get there (none of them ordered yet, none that ``stays``)
    have ``style.attack_ratio`` over the strength the side believes is there; every stack
    arriving by that tick attacks, waiting so that all step in together."""
    options: dict[str, list[tuple[StackState, Route]]] = {}
    for stack in stacks:
        if movement.why_immobile(game, stack) is not None or stack_strength(game, stack) <= 0:
            continue
        for target, route in attack_routes(game, stack).items():
            options.setdefault(target, []).append((stack, route))
    theirs: dict[str, float] = {}
    ranked = []
    for target, comers in sorted(options.items()):
        enemies = movement.enemy_here(game, target, side)
        theirs[target] = max(enemy_strength(game, enemies, side), 0.1)
        ours = sum(stack_strength(game, s) for s, _ in comers) + air_over(game, target, side)
        ranked.append((-(ours / theirs[target]), -region_value(game, target, side), target))
    for _, _, target in sorted(ranked):
        comers = [
            (arrival(game, route), -stack_strength(game, s), s.id, s, route)
            for s, route in options[target]
            if s.id not in orders and not stays(s, route)
        ]
        comers.sort(key=lambda c: c[:3])
        need = (
            style.attack_ratio
            * theirs[target]
            * (ground_factor(game, target) if judge.ground else 1)
        )
        total = air_over(game, target, side)
        tick = None
        for when, minus, _, _, _ in comers:
            total -= minus
            if total >= need:
                tick = when
                break
        if tick is None:
            continue
        if judge.mass:
            tick = max(c[0] for c in comers)
        for when, _, _, stack, route in comers:
            if when <= tick:
                wait = tick - when
                if wait and judge.safe_wait and _pressed(game, stack, threat):
                    wait = 0
                orders[stack.id] = OrderAttack(stack.id, target, route.path, wait=wait)


def _pressed(game: Game, stack: StackState, threat: dict[str, float] | None = None) -> bool:
    """Whether the enemies ``stack`` sees next to it (``threat``: within reach) could attack
    it where it stands at their ratio (:data:`ENEMY_RATIO`), counting the side's other
    stacks there."""
    side = stack.side
    theirs = 0.0
    if threat is not None:
        theirs = threat.get(stack.region, 0.0)
    else:
        for link in game.world.neighbours(stack.region):
            enemies = movement.enemy_here(game, link.to, side)
            if enemies:
                theirs += enemy_strength(game, enemies, side)
    if theirs <= 0:
        return False
    ours = sum(
        stack_strength(game, s)
        for s in game.state.stacks.values()
        if s.region == stack.region and s.side == side
    )
    return theirs > ENEMY_RATIO * ours


TYPICAL_FACTOR = 3.5
"""A typical attack or defence factor, to turn a terrain modifier into a share of firepower."""


def ground_factor(game: Game, region: str) -> float:
    """How much the ground multiplies the strength an attack on ``region`` needs: the
    defender's terrain modifier raises its fire, the attacker's lowers the attackers'
    (B3), and an entrenched defender (U5) lowers it once more, each against a typical
    factor of :data:`TYPICAL_FACTOR`."""
    terrain = game.world.terrain_of[region]
    attacker = terrain.attacker_modifier
    if any(s.entrenched for s in game.state.stacks.values() if s.region == region):
        attacker += game.scenario.rules.entrenchment.attacker_modifier
    defence = max(0.5, TYPICAL_FACTOR + terrain.defender_modifier)
    attack = max(0.5, TYPICAL_FACTOR + attacker)
    return max(1.0, defence / attack)


THREAT_REACH = 2
"""Steps within which enemy stacks count as a threat to a region (a turn's march of a
foot division on open ground, less the step into the region)."""
ENEMY_RATIO = 1.5
"""The ratio the enemy is assumed to attack at (the baseline's)."""
VITAL_RATIO = 1.2
"""The guards of a sudden-death region should be strong enough that the enemy around it
could not attack them at this ratio (``normal``'s)."""


@dataclass(slots=True)
class Survey:
    """What the skilled planner reads of the map once per plan."""

    supplied: frozenset[str] | None
    """Regions the side's supply lines reach (``None``: the scenario plays without supply)."""
    threat: dict[str, float]
    """Enemy strength the side sees within :data:`THREAT_REACH` steps of each region."""
    strength: dict[str, float]
    """The side's strength planned to stand in each region at the end of the execution, as
    far as the plan has gone (stacks holding, and moves given)."""
    vital: dict[str, float]
    """The side's regions whose loss could hand the enemy a sudden-death win and that enemy
    stacks threaten, with the strength their guards need there."""


def survey(game: Game, side: str, seen: set[str]) -> Survey:
    """The supply lines and the enemy's threat, as ``side`` sees them (``seen``: regions
    where it sees enemies in the field)."""
    from ..supply import supplied_regions

    supplied = supplied_regions(game, side) if game.scenario.supply_sources else None
    threat: dict[str, float] = {}
    world = game.world
    for region in sorted(seen):
        power = enemy_strength(game, movement.enemy_here(game, region, side), side)
        if power <= 0:
            continue
        reached = {region}
        frontier = [region]
        for _ in range(THREAT_REACH):
            following = []
            for here in frontier:
                for link in world.neighbours(here):
                    if link.to not in reached:
                        reached.add(link.to)
                        following.append(link.to)
            frontier = following
        for place in reached:
            threat[place] = threat.get(place, 0.0) + power
    strength: dict[str, float] = {}
    for stack in game.state.stacks.values():
        if stack.side == side:
            strength[stack.region] = strength.get(stack.region, 0.0) + stack_strength(game, stack)
    vital = {
        region: threat[region] / VITAL_RATIO
        for region in sorted(sudden_death_targets(game, side))
        if threat.get(region, 0.0) > 0 and board.side_of_region(game, region) == side
    }
    return Survey(supplied, threat, strength, vital)


def guards(game: Game, survey_: Survey, stack: StackState) -> bool:
    """Whether ``stack`` stands on a threatened region whose loss could lose the game: it
    stays there, whole, and digs in."""
    return stack.region in survey_.vital and stack_strength(game, stack) > 0


def short(survey_: Survey, region: str) -> bool:
    """Whether the guards planned for a threatened sudden-death region are too weak yet."""
    need = survey_.vital.get(region)
    return need is not None and survey_.strength.get(region, 0.0) < need


def weigh(game: Game, judge: Judgement, survey_: Survey, stack: StackState, region: str) -> float:
    """What ending the stack's move in ``region`` is held against it (0: nothing)."""
    cost = 0.0
    if judge.vital and short(survey_, region) and region != stack.region:
        return -judge.vital  # worth going to whatever else it costs
    if region in survey_.vital:
        return 0.0  # a guard stands where it must
    if judge.off_supply and survey_.supplied is not None and region not in survey_.supplied:
        cost += judge.off_supply
    if judge.exposed:
        mine = stack_strength(game, stack)
        there = survey_.strength.get(region, 0.0) + (0.0 if region == stack.region else mine)
        if survey_.threat.get(region, 0.0) > ENEMY_RATIO * there:
            cost += judge.exposed
    return cost


def moved(game: Game, survey_: Survey, stack: StackState, region: str) -> None:
    """The plan sends ``stack`` to ``region``: its strength counts there, not where it was."""
    mine = stack_strength(game, stack)
    survey_.strength[stack.region] = survey_.strength.get(stack.region, 0.0) - mine
    survey_.strength[region] = survey_.strength.get(region, 0.0) + mine
