"""The planning phase of a WEGO turn: every side gives its stacks orders, hidden from the
other sides, then seals its plan.

The plan lives in ``game.state.wego`` as JSON (so a game saves and loads in the middle of a
plan): ``stage``, ``orders`` (per side, stack id to the order's JSON) and ``sealed`` (the
sides whose plans are closed, in the order they sealed). The side to act is the first side in
the turn order whose plan is still open, so in a hot-seat game each player plans in turn and
in a game by e-mail a sitting ends when a plan is sealed.

What a plan may hold depends only on what its side knows: the routes of its orders are
priced on the map as its side sees it (:mod:`engine.wego.route_finding`, whose names this
module gives on, so ``plan.routes`` and the others keep working). Every question about a plan
names the side asking (``viewer``), and a plan is only shown to its own side
(:class:`HiddenPlan` otherwise).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .. import board, movement
from ..actions import Action
from ..errors import IllegalAction
from ..state import StackState
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
    OrderIgnoreEnemy,
    OrderMove,
    OrderRoadMove,
    OrderWithdraw,
    OrderWithdrawIfAttacked,
    SealPlan,
    order_from_json,
)
from .route_finding import Route as Route
from .route_finding import allowance as allowance
from .route_finding import attack_routes as attack_routes
from .route_finding import movable
from .route_finding import path_cost as path_cost
from .route_finding import route_through as route_through
from .route_finding import routes as routes
from .route_finding import seen_enemies as seen_enemies
from .route_finding import step_cost as step_cost

if TYPE_CHECKING:
    from ..game import Game


class HiddenPlan(PermissionError):
    """A side asked about another side's plan."""


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
        if stack.side != side or not movable(game, stack):
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
        if operational:  # OO3: where only a move that ignores the enemy goes
            out += ignore_enemy_orders(game, stack, reach)
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


def ignore_enemy_orders(
    game: Game, stack: StackState, reach: dict[str, Route]
) -> list[OrderIgnoreEnemy]:
    """OO3: an ignore-enemy move to every hex whose cheapest route, with the enemy taken
    away, goes where an ordinary move's cannot (through or onto a hex where the side sees
    enemies) or costs less; ``reach`` is the ordinary moves' routes. Elsewhere the two orders
    would move the stack alike, so only the ordinary move is listed."""
    barred = seen_enemies(game, stack.side)
    out: list[OrderIgnoreEnemy] = []
    for region, route in routes(game, stack, ignore_enemy=True).items():
        usual = reach.get(region)
        if usual is None or route.cost < usual.cost or barred.intersection(route.path):
            out.append(OrderIgnoreEnemy(stack.id, route.path))
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
    if not movable(game, stack):
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
