"""The skilled WEGO planner's judgement: what the ``normal`` and ``hard`` levels add to the
baseline's plans (:mod:`engine.wego.ai`) on a map of the area family.

The baseline planner sends every stack that can reach a target at once, each by its
cheapest route: the nearest goes in first and fights alone, the others arrive ticks later
and fight battles of their own (the battles of a tick are fought once every step of the
tick is taken, docs/wego.md). The skilled planner uses the ``wait`` a WEGO order carries:

- **Attacks go in together.** The tick of an attack is the earliest by which the stacks
  able to get there have the level's ratio over the strength the side believes is there;
  every stack arriving by then takes part, and each waits so that all of them step into the
  target in that tick and fight one battle. Stacks arriving later are left for other work.
- **A stack waits only where it is safe.** Waiting leaves a stack where it stands while the
  enemy carries out its own plan; when the enemy strength the side sees within
  :data:`THREAT_REACH` steps could attack it there at :data:`ENEMY_RATIO` (counting the
  side's other stacks in the region), it goes in at once instead: striking first pins the
  enemy stacks it meets (their orders end), and the others come as fast as they can.

Everything is sorted and nothing is random, so a seed still fixes the game.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .. import movement
from ..ai.estimates import enemy_strength, region_value, stack_strength
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
    safe_wait: bool = False
    """A stack waits for the others only where the enemy within reach could not attack it
    at their ratio; otherwise it goes in at once."""
    attack_ratio: float | None = None
    """The ratio its attacks need, when not the level style's."""
    economise: bool = False
    """Under the operational rules, send into an assault only the stacks its odds need and
    keep the others for another attack or an ignore-enemy move past it
    (:func:`engine.wego.op.ai.attacks`). ``hard`` only: at ``normal`` it beat ``baseline``
    more often on the Kharkov operational sample (82% of 40 games against 69%) but turned
    the sample, balanced for ``normal`` on both sides, one-sided (17% to 83% over 60 games)."""
    split: bool = False
    """Under the operational rules, split a stack next to two enemy hexes that each half
    could attack at the odds the plan asks, and attack both (OO1,
    :mod:`engine.wego.op.ai_split`)."""


GREEDY = Judgement()
"""The baseline planner's judgement (the ``baseline`` and ``easy`` levels)."""
SKILLED = Judgement(synchronise=True, safe_wait=True, split=True)
"""The judgement of the ``normal`` level, and of ``hard`` at ``normal``'s attack ratio."""

THREAT_REACH = 2
"""Steps within which enemy stacks count as a threat to a region: a foot division's turn of
march on open ground, less the step into the region."""
ENEMY_RATIO = 1.5
"""The ratio the enemy is assumed to attack at (the baseline's)."""


def arrival(game: Game, route: Route) -> int:
    """The tick in which a stack setting off at once along ``route`` (whose cost includes
    the last step, into the target) makes that last step: it gains ``tick_mp`` a tick and
    steps once it has gained the step's cost (docs/wego.md, the execution)."""
    tick_mp = game.scenario.calendar.wego.tick_mp
    return max(1, math.ceil(route.cost / tick_mp - 1e-9))


def threat(game: Game, side: str, seen: set[str]) -> dict[str, float]:
    """The enemy strength ``side`` sees within :data:`THREAT_REACH` steps of each region
    (``seen``: the regions where it sees enemies in the field)."""
    found: dict[str, float] = {}
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
            found[place] = found.get(place, 0.0) + power
    return found


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
    threats: dict[str, float] | None = None,
) -> None:
    """Timed concentric attacks: for each target, best odds first, the earliest tick by
    which the stacks that can get there (none of them ordered yet, none that ``stays``)
    have ``style.attack_ratio`` over the strength the side believes is there (with the
    side's aircraft over it, ``air_over``); every stack arriving by that tick attacks,
    waiting so that all step in together unless it is pressed where it waits (``threats``,
    from :func:`threat`)."""
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
        timed = [
            (arrival(game, route), -stack_strength(game, s), s.id, s, route)
            for s, route in options[target]
            if s.id not in orders and not stays(s, route)
        ]
        timed.sort(key=lambda c: c[:3])
        ratio = judge.attack_ratio if judge.attack_ratio is not None else style.attack_ratio
        need = ratio * theirs[target]
        total = air_over(game, target, side)
        tick = None
        for when, minus, _, _, _ in timed:
            total -= minus
            if total >= need:
                tick = when
                break
        if tick is None:
            continue
        for when, _, _, stack, route in timed:
            if when <= tick:
                wait = tick - when
                if wait and judge.safe_wait and _pressed(game, stack, threats or {}):
                    wait = 0
                orders[stack.id] = OrderAttack(stack.id, target, route.path, wait=wait)


def _pressed(game: Game, stack: StackState, threats: dict[str, float]) -> bool:
    """Whether the enemy within reach of ``stack`` could attack it where it stands at
    :data:`ENEMY_RATIO`, counting the side's other stacks there."""
    theirs = threats.get(stack.region, 0.0)
    if theirs <= 0:
        return False
    ours = sum(
        stack_strength(game, s)
        for s in game.state.stacks.values()
        if s.region == stack.region and s.side == stack.side
    )
    return theirs > ENEMY_RATIO * ours
