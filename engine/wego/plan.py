"""The planning phase of a WEGO turn: every side gives its stacks orders, hidden from the
other sides, then seals its plan.

The plan lives in ``game.state.wego`` as JSON (so a game saves and loads in the middle of a
plan): ``stage``, ``orders`` (per side, stack id to the order's JSON) and ``sealed`` (the
sides whose plans are closed, in the order they sealed). The side to act is the first side in
the turn order whose plan is still open, so in a hot-seat game each player plans in turn and
in a game by e-mail a sitting ends when a plan is sealed.

What a plan may hold depends only on what its side knows: routes are priced on the map, and
enemy stacks bar a route (or may be attacked) only where the planning side sees them
(:func:`engine.fog.view_of`); hidden enemies are met during the execution. Every question
about a plan names the side asking (``viewer``), and a plan is only shown to its own side
(:class:`HiddenPlan` otherwise).
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .. import board, fog, movement
from ..actions import Action
from ..errors import IllegalAction
from ..state import StackState
from ..world import Link
from . import family
from . import sealed as sealed_plans
from .orders import (
    MOVING,
    OPERATIONAL_ONLY,
    CancelOrder,
    Order,
    OrderAssault,
    OrderAttack,
    OrderAttackNoAdvance,
    OrderDefend,
    OrderHold,
    OrderHoldAtAllCosts,
    OrderMove,
    OrderRoadMove,
    OrderWithdraw,
    OrderWithdrawIfAttacked,
    SealPlan,
    order_from_json,
)

if TYPE_CHECKING:
    from ..game import Game


class HiddenPlan(PermissionError):
    """A side asked about another side's plan."""


@dataclass(frozen=True, slots=True)
class Route:
    """A way a stack may go in one execution phase: the regions in order and their MP."""

    path: tuple[str, ...]
    cost: float


# -- the plan's data ---------------------------------------------------------------------------


def open_plan(game: Game) -> None:
    """A fresh plan for the turn: no orders, nothing sealed."""
    game.state.wego = {
        "stage": "planning",
        "orders": {side: {} for side in game.sides_in_play},
        "sealed": [],
    }


def _plan(game: Game) -> dict[str, Any]:
    plan = game.state.wego
    if plan is None:
        raise IllegalAction("no WEGO plan is open")
    return plan


def planner(game: Game) -> str | None:
    """The side whose plan is open and comes first in the turn order (``None``: every plan
    is sealed, or committed: :mod:`engine.wego.sealed`)."""
    plan = _plan(game)
    closed = (*plan["sealed"], *plan.get("committed", {}))
    return next((s for s in game.sides_in_play if s not in closed), None)


def sealed(game: Game) -> list[str]:
    """The sides whose plans are sealed (public: the other side may know that)."""
    return list(_plan(game)["sealed"])


def only_own(what: str, side: str, viewer: str | None) -> None:
    """Raise :class:`HiddenPlan` unless ``viewer`` is ``side`` itself or ``None`` (the
    umpire: tests, the final film): ``what`` of ``side`` ("the plan", "the fire orders") is
    part of its hidden plan."""
    if viewer is not None and viewer != side:
        raise HiddenPlan(f"{what} of '{side}' hidden from '{viewer}'")


def give(book: dict[str, dict[str, Any]], side: str, key: str, entry: Any) -> None:
    """Write ``entry`` under ``key`` in ``side``'s part of a plan's book of orders (supply,
    missions, fire, engineers), replacing what was there; kept sorted, so saves and logs
    are canonical."""
    given = book.setdefault(side, {})
    given[key] = entry
    book[side] = dict(sorted(given.items()))


def orders_of(game: Game, side: str, *, viewer: str | None) -> dict[str, Order]:
    """The orders ``side`` has given, by stack, as ``viewer`` may see them: only ``side``
    itself (or ``viewer=None``, the umpire: tests, the final film) may ask."""
    only_own("the plan", side, viewer)
    orders = _plan(game)["orders"].get(side, {})
    return {stack: order_from_json(data) for stack, data in sorted(orders.items())}


# -- routes ------------------------------------------------------------------------------------


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
    """Regions where ``side`` sees enemy stacks in the field."""
    # As fog.view_of(...) != "none" for each stack, with the watched regions found once.
    watched = fog.watched_regions(game, side)
    return {
        region
        for region, stacks in movement.field_enemies(game, side).items()
        if region in watched or any(not fog.hidden_from(game, s, side) for s in stacks)
    }


def _enemy_forts(game: Game, side: str) -> set[str]:
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


def _movable(game: Game, stack: StackState) -> bool:
    return movement.stack_domain(game, stack) in ("land", "naval")


def routes(game: Game, stack: StackState, *, road: bool = False) -> dict[str, Route]:
    """The cheapest route to every region the stack can reach this turn, as its side knows
    the map: no region where it sees enemies is entered (those are attacked, see
    :func:`attack_routes`). Ties go to fewer steps, then to the map's order of regions.
    ``road``: in Road Movement (operational rules only: along roads, OM8)."""
    side, domain = stack.side, movement.stack_domain(game, stack)
    budget = allowance(game, stack, road=road)
    barred = seen_enemies(game, side)
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
    targets = barred | (_enemy_forts(game, side) if domain == "land" else set())
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
    if target is not None and target not in barred and target not in _enemy_forts(game, side):
        raise IllegalAction(f"'{target}' holds no enemy this side can see, nor an enemy fortress")
    return spent


def route_through(game: Game, stack_id: str, waypoints: tuple[str, ...]) -> tuple[str, ...]:
    """The path through ``waypoints`` in order, each leg the cheapest between its ends on the
    map as the stack's side knows it (for a view where the player clicks waypoints); raises
    :class:`IllegalAction` when a leg cannot be made."""
    stack = game.state.stacks.get(stack_id)
    if stack is None:
        raise IllegalAction(f"there is no stack '{stack_id}'")
    path: list[str] = []
    start = stack.region
    for point in waypoints:
        ghost = StackState(stack.id, stack.side, start, list(stack.units))
        leg = routes(game, ghost).get(point)
        if leg is None:
            raise IllegalAction(f"'{point}' cannot be reached from '{start}'")
        path.extend(leg.path)
        start = point
    return tuple(path)


# -- the API -------------------------------------------------------------------------------------


def _own(game: Game, stack_id: object, side: str | None) -> StackState:
    stack = game.state.stacks.get(stack_id) if isinstance(stack_id, str) else None
    if stack is None or stack.side != side:
        raise IllegalAction(f"'{stack_id}' is not a stack of the side planning")
    return stack


def actions(game: Game) -> list[Action]:
    """The orders open to the planning side, stack by stack, then sealing the plan. A route
    listed is the cheapest to its end; :func:`check` takes any other legal route too."""
    side = planner(game)
    if side is None:
        return []
    given = _plan(game)["orders"].get(side, {})
    operational = family.operational(game)
    out: list[Action] = []
    for stack in sorted(game.state.stacks.values(), key=lambda s: s.id):
        if stack.side != side or not _movable(game, stack):
            continue
        out += [OrderHold(stack.id), OrderDefend(stack.id)]
        if operational:  # OO8: the defensive orders of the operational rules
            out += [OrderHoldAtAllCosts(stack.id), OrderWithdrawIfAttacked(stack.id)]
        if stack.id in given:
            out.append(CancelOrder(stack.id))
        if movement.why_immobile(game, stack) is not None:
            continue
        reach = routes(game, stack)
        for route in reach.values():
            out.append(OrderMove(stack.id, route.path))
        for region, route in reach.items():
            if board.side_of_region(game, region) == side:
                out.append(OrderWithdraw(stack.id, route.path))
        for target, route in attack_routes(game, stack).items():
            out.append(OrderAttack(stack.id, target, route.path))
            if operational:  # OO7: the other offensive orders of the operational rules
                out.append(OrderAssault(stack.id, target, route.path))
                out.append(OrderAttackNoAdvance(stack.id, target, route.path))
        if operational and road_refusal(game, stack) is None:
            road = routes(game, stack, road=True)
            out += [OrderRoadMove(stack.id, r.path) for r in road.values()]
        if operational and family.holds_fixed(game, stack):  # OM20: they keep to their area
            mine = [a for a in out if isinstance(a, Order) and a.stack == stack.id]
            barred = {id(a) for a in mine if family.fixed_refusal(game, stack, a) is not None}
            out = [a for a in out if id(a) not in barred]
    if family.operational(game):
        out += family.planning_actions(game, side)  # supply orders, HQ moves (OO13, OO16)
    out.append(SealPlan())
    return out


def road_refusal(game: Game, stack: StackState) -> str | None:
    """Why ``stack`` may not be ordered to move in Road Movement this turn, or ``None``
    (the operational rules' OM7, read with the enemies its side sees; the area rules have
    no Road Movement)."""
    if not family.operational(game):
        return "Road Movement is an order of the operational rules"
    return family.road_refusal(game, stack, seen_enemies(game, stack.side))


def max_wait(game: Game) -> int:
    """The longest wait an order may ask for: the execution's cap, else 1,000 ticks."""
    cap = game.scenario.calendar.wego.max_ticks
    return cap if cap > 0 else 1_000


def check(game: Game, action: Action, side: str | None = None) -> None:
    """Raise :class:`IllegalAction` unless the planning side (or ``side``, whose committed
    plan is being revealed) may do ``action`` now. A plan may be sealed by commitment
    (:class:`~engine.wego.sealed.CommitPlan`) in place of :class:`SealPlan`: it is not
    listed by :func:`actions`, since its hash is the player's own."""
    side = side or planner(game)
    if side is None:
        raise IllegalAction("every plan is sealed")
    if isinstance(action, SealPlan):
        return
    if isinstance(action, sealed_plans.CommitPlan):
        sealed_plans.check_commit(game, side, action)
        return
    if isinstance(action, CancelOrder):
        stack = _own(game, action.stack, side)
        if stack.id not in _plan(game)["orders"].get(side, {}):
            raise IllegalAction(f"stack '{stack.id}' has no order to cancel")
        return
    if family.operational(game) and family.is_planning_action(action):
        family.check_planning(game, side, action)
        return
    if not isinstance(action, Order):
        raise IllegalAction(f"'{action.kind}' is not possible while planning")
    if isinstance(action, OPERATIONAL_ONLY) and not family.operational(game):
        raise IllegalAction(f"'{action.kind}' is an order of the operational rules")
    stack = _own(game, action.stack, side)
    if not _movable(game, stack):
        raise IllegalAction("aircraft are not given WEGO orders")
    if family.operational(game):
        fixed = family.fixed_refusal(game, stack, action)  # OM20
        if fixed is not None:
            raise IllegalAction(fixed)
    if isinstance(action, OrderHold | OrderDefend | OrderHoldAtAllCosts | OrderWithdrawIfAttacked):
        return
    assert isinstance(action, MOVING)
    wait = action.wait
    if not isinstance(wait, int) or isinstance(wait, bool) or not 0 <= wait <= max_wait(game):
        raise IllegalAction(f"a wait is a whole number of ticks from 0 to {max_wait(game)}")
    path = action.path
    if not isinstance(path, tuple):
        raise IllegalAction("a route is a list of region ids")
    reason = movement.why_immobile(game, stack)
    if reason is not None:
        raise IllegalAction(reason)
    if isinstance(action, OrderAttack):
        if not isinstance(action.target, str) or not action.target:
            raise IllegalAction("an attack names the region it goes into")
        if not movement.has_combat_unit(game, stack):
            raise IllegalAction("only a stack with a combat unit may attack")
        path_cost(game, stack, path, action.target)
        return
    if not path:
        raise IllegalAction("a move needs at least one region to go to")
    road = isinstance(action, OrderRoadMove)
    if road:
        refusal = road_refusal(game, stack)
        if refusal is not None:
            raise IllegalAction(refusal)
    path_cost(game, stack, path, None, road=road)


def apply(game: Game, action: Action, side: str | None = None) -> None:
    """Carry out a planning action that passed :func:`check` (for the planning side, or
    ``side``, whose committed plan is being revealed)."""
    plan = _plan(game)
    side = side or planner(game)
    assert side is not None
    orders = plan["orders"].setdefault(side, {})
    if isinstance(action, SealPlan):
        game.record("plan_sealed", side_id=side, orders=len(orders))
        plan["sealed"].append(side)
    elif isinstance(action, sealed_plans.CommitPlan):
        sealed_plans.apply_commit(game, side, action)
    elif isinstance(action, CancelOrder):
        del orders[action.stack]
    elif family.operational(game) and family.is_planning_action(action):
        family.apply_planning(game, side, action)
    elif isinstance(action, Order):
        orders[action.stack] = action.to_json()
