"""Routes of a WEGO plan: where a stack may go in one execution phase, and what a route
costs, as its side knows the map (:mod:`engine.wego.plan` checks the orders with them).

Routes are priced on the map, and enemy stacks bar a route (or may be attacked) only where
the planning side sees them (:func:`engine.fog.view_of`); hidden enemies are met during the
execution. Under the operational rules the steps are priced by
:func:`engine.wego.family.step_pricer`.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .. import board, fog, movement
from ..errors import IllegalAction
from ..state import StackState
from ..world import Link
from . import family

if TYPE_CHECKING:
    from ..game import Game


@dataclass(frozen=True, slots=True)
class Route:
    """A way a stack may go in one execution phase: the regions in order and their MP."""

    path: tuple[str, ...]
    cost: float


def allowance(game: Game, stack: StackState, *, road: bool = False) -> float:
    """The MP the stack has for this turn's execution (under the operational rules, the
    least effective MP of its units, :mod:`engine.wego.op.movement`; ``road``: in Road
    Movement, OM8)."""
    if family.operational(game):
        return family.allowance(game, stack, road=road)
    return max(0.0, float(movement.mp_left(game, stack)))


def step_cost(
    game: Game, link: Link, spent: float, budget: float, *, first: bool
) -> tuple[float, bool]:
    """MP a step costs after ``spent`` of ``budget``, and whether it ends the move: its plain
    cost (V1, M2, M3); a crossing that ends a move takes every MP left; a first step dearer
    than the whole budget takes the whole budget (the minimal move, V4; a stack with no MP
    does not move at all). Under the operational rules routes are priced by
    :func:`engine.wego.family.step_pricer` instead."""
    cost = movement.plain_cost(game, link)
    ends = False
    if link.kind.uses_all_movement:
        cost, ends = max(cost, budget - spent), True
    if first and cost > budget > 0:
        cost, ends = budget, True
    return cost, ends


def seen_enemies(game: Game, side: str) -> set[str]:
    """Regions where ``side`` sees enemy stacks in the field. Under the operational rules'
    fog, only those of them where its intelligence reads an enemy stack too (OI2,
    :func:`engine.wego.family.read_stacks`: what its planning map draws), so no route or
    attack offered gives away an enemy the map does not show (a category watching at range
    or strength 0 reads nothing even next to it)."""
    # As fog.view_of(...) != "none" for each stack, with the watched regions found once.
    watched = fog.watched_regions(game, side)
    enemies = movement.field_enemies(game, side)
    found = {
        region
        for region, stacks in enemies.items()
        if region in watched or any(not fog.hidden_from(game, s, side) for s in stacks)
    }
    if found and game.fog and family.operational(game):
        read = family.read_stacks(game, side)
        found = {r for r in found if any(s.id in read for s in enemies[r])}
    return found


def enemy_forts(game: Game, side: str) -> set[str]:
    """Regions holding a fortified structure of an enemy of ``side``: an attack there whose
    region holds no enemy in the field goes in and besieges it (G1, docs/wego.md)."""
    world = game.world
    out = set()
    for structure in world.scenario.structures:
        if structure.fortification == 0:
            continue
        holder = board.side_of_structure(game, structure.id)
        if holder is not None and world.at_war(side, holder):
            out.add(structure.region)
    return out


def movable(game: Game, stack: StackState) -> bool:
    """Whether the stack is given WEGO orders (land and naval stacks; aircraft are not)."""
    return movement.stack_domain(game, stack) in ("land", "naval")


def routes(
    game: Game, stack: StackState, *, road: bool = False, ignore_enemy: bool = False
) -> dict[str, Route]:
    """The cheapest route to every region the stack can reach this turn, as its side knows
    the map: no region where it sees enemies is entered (those are attacked, see
    :func:`attack_routes`). Ties go to fewer steps, then to the map's order of regions.
    ``road``: in Road Movement (operational rules only: along roads, OM8); ``ignore_enemy``:
    as if no enemy were on the map (the operational rules' ignore-enemy move, OO3)."""
    side, domain = stack.side, movement.stack_domain(game, stack)
    budget = allowance(game, stack, road=road)
    barred = set() if ignore_enemy else seen_enemies(game, side)
    operational = family.operational(game)
    pricer = family.step_pricer(game, stack, road=road) if operational else None
    order = {r: i for i, r in enumerate(game.world.regions)}
    best: dict[str, Route] = {stack.region: Route((), 0.0)}
    final: set[str] = set()
    """Regions whose best route's last step ends the move (a minefield, a minimal move)."""
    heap: list[tuple[float, int, int, str]] = [(0.0, 0, order[stack.region], stack.region)]
    while heap:
        spent, steps, _, here = heapq.heappop(heap)
        route = best[here]
        if route.cost < spent:
            continue
        if here in final:
            continue
        for link in game.world.neighbours(here):
            to = link.to
            if to in route.path or to == stack.region or to in barred:
                continue
            if pricer is not None:
                priced = pricer(here, to, spent, budget, here == stack.region)
                if isinstance(priced, str):
                    continue
                price, ends = priced
            elif movement.step_refusal(game, side, domain, link) is not None:
                continue
            else:
                price, ends = step_cost(game, link, spent, budget, first=here == stack.region)
            cost = spent + price
            if cost > budget:
                continue
            known = best.get(to)
            if known is None or (cost, steps + 1) < (known.cost, len(known.path)):
                best[to] = Route((*route.path, to), cost)
                if ends:
                    final.add(to)
                else:
                    final.discard(to)
                heapq.heappush(heap, (cost, steps + 1, order[to], to))
    del best[stack.region]
    return best


def attack_routes(game: Game, stack: StackState) -> dict[str, Route]:
    """For every region holding enemies the stack's side sees, or an enemy fortified
    structure, and that it can reach this turn, the cheapest approach: the route to the
    region it attacks from (empty from its own)."""
    if not movement.has_combat_unit(game, stack):
        return {}
    side, domain = stack.side, movement.stack_domain(game, stack)
    budget = allowance(game, stack)
    barred = seen_enemies(game, side)
    targets = barred | (enemy_forts(game, side) if domain == "land" else set())
    starts = {stack.region: Route((), 0.0), **routes(game, stack)}
    out: dict[str, Route] = {}
    operational = family.operational(game)
    for region, route in starts.items():
        for link in game.world.neighbours(region):
            if link.to not in targets:
                continue
            if operational:
                # OO6: an attack is made from the hex next to the target; it costs no MP.
                cost = route.cost
            elif movement.step_refusal(game, side, domain, link):
                continue
            else:
                price, _ = step_cost(game, link, route.cost, budget, first=not route.path)
                cost = route.cost + price
            if cost > budget:
                continue
            known = out.get(link.to)
            if known is None or (cost, len(route.path)) < (known.cost, len(known.path)):
                out[link.to] = Route(route.path, cost)
    return dict(sorted(out.items()))


def path_cost(
    game: Game, stack: StackState, path: tuple[str, ...], target: str | None, *, road: bool = False
) -> float:
    """The MP the route costs, checked step by step; raises :class:`IllegalAction` with the
    reason when the stack may not be ordered along it (``road``: in Road Movement)."""
    side, domain = stack.side, movement.stack_domain(game, stack)
    budget = allowance(game, stack, road=road)
    barred = seen_enemies(game, side)
    steps = (*path, target) if target is not None else path
    if len(set(steps)) != len(steps) or stack.region in steps:
        raise IllegalAction("a route never passes through a region twice")
    here, spent = stack.region, 0.0
    pricer = family.step_pricer(game, stack, road=road) if family.operational(game) else None
    for index, region in enumerate(steps):
        if not isinstance(region, str):
            raise IllegalAction("a route is a list of region ids")
        link = next((lk for lk in game.world.neighbours(here) if lk.to == region), None)
        if link is None:
            raise IllegalAction(f"no connection leads from '{here}' to '{region}'")
        last = index == len(steps) - 1
        if pricer is not None:
            # OM14, OM16: outside Road Movement a route may run into an enemy hex to overrun it
            # (plotted there, a stack that cannot overrun attacks or halts at its edge, OM5-OM6).
            if road and region in barred and not (target is not None and last):
                raise IllegalAction(f"enemies hold '{region}': Road Movement never overruns (OM8)")
            if target is not None and last:
                break  # OO6: the attack is made from the hex next to the target
            priced = pricer(here, region, spent, budget, index == 0)
            if isinstance(priced, str):
                raise IllegalAction(priced)
            price, ends = priced
            if ends and not last:
                raise IllegalAction(f"the move ends in '{region}' (it takes every MP left)")
            spent += price
            here = region
            continue
        refusal = movement.step_refusal(game, side, domain, link)
        if refusal is not None:
            raise IllegalAction(refusal)
        if region in barred and not (target is not None and last):
            raise IllegalAction(f"enemies hold '{region}': attack it instead of moving through")
        price, ends = step_cost(game, link, spent, budget, first=index == 0)
        if ends and not last:
            raise IllegalAction(f"the move ends in '{region}' (it takes every MP left)")
        spent += price
        here = region
    if spent > budget:
        raise IllegalAction(f"the route costs {spent:g} MP and the stack has {budget:g}")
    if target is not None and target not in barred and target not in enemy_forts(game, side):
        raise IllegalAction(f"'{target}' holds no enemy this side can see, nor an enemy fortress")
    return spent


def route_through(
    game: Game, stack_id: str, waypoints: tuple[str, ...], *, ignore_enemy: bool = False
) -> tuple[str, ...]:
    """The path through ``waypoints`` in order, each leg the cheapest between its ends on the
    map as the stack's side knows it (for a view where the player clicks waypoints); raises
    :class:`IllegalAction` when a leg cannot be made (``ignore_enemy``: as if no enemy were
    on the map, the operational rules' OO3)."""
    stack = game.state.stacks.get(stack_id)
    if stack is None:
        raise IllegalAction(f"there is no stack '{stack_id}'")
    path: list[str] = []
    start = stack.region
    for point in waypoints:
        ghost = StackState(stack.id, stack.side, start, list(stack.units))
        leg = routes(game, ghost, ignore_enemy=ignore_enemy).get(point)
        if leg is None:
            raise IllegalAction(f"'{point}' cannot be reached from '{start}'")
        path.extend(leg.path)
        start = point
    return tuple(path)
