"""What the planning screen needs of the engine's WEGO plan, asked for the planning side only:
where a stack may be ordered (from the legal actions), the orders given, and their words.

Everything comes from :mod:`engine.wego.plan`: the legal actions list the cheapest route to
every reachable region and every attack; :func:`engine.wego.plan.path_cost` prices a route
and :func:`engine.wego.plan.route_through` builds one through waypoints. A side's orders are
asked with ``viewer`` set to that side, so another side's plan is never read.
"""

from __future__ import annotations

from dataclasses import replace

from engine.actions import Action
from engine.errors import IllegalAction
from engine.game import Game
from engine.queries import Destination
from engine.wego import family, plan
from engine.wego.orders import (
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
)

KIND_WORDS = {
    "order_move": "Move",
    "order_attack": "Attack",
    "order_hold": "Hold",
    "order_defend": "Defend",
    "order_withdraw": "Withdraw",
    "order_road": "Road move",
    "order_assault": "Assault",
    "order_attack_no_advance": "Attack without advance",
    "order_hold_all": "Hold at all costs",
    "order_withdraw_if_attacked": "Withdraw if attacked",
    "order_ignore_enemy": "Move ignoring the enemy",
}

MODES: dict[str, tuple[type[Order], type[OrderAttack] | None]] = {
    "move": (OrderMove, OrderAttack),
    "withdraw": (OrderWithdraw, None),
    "road": (OrderRoadMove, None),
    "assault": (OrderMove, OrderAssault),
    "no_advance": (OrderMove, OrderAttackNoAdvance),
    "ignore_enemy": (OrderIgnoreEnemy, None),
}
"""What a click on the map orders in each mode of the plan: the order of a move to a washed
region, and of an attack on a region with enemies (``None``: the mode attacks nothing).
``road``, ``assault``, ``no_advance`` and ``ignore_enemy`` are orders of the operational
rules (OO3, OO4, OO7)."""

MODE_TITLES = {
    "move": "Move or attack: click or drag",
    "withdraw": "Withdraw: click or drag",
    "road": "Road move: click or drag",
    "assault": "Move or assault: click or drag",
    "no_advance": "Move or attack without advance: click or drag",
    "ignore_enemy": "Move ignoring the enemy: click or drag",
}
"""The heading of the map's legend of where the selected stack may go, in each mode of the
plan (:data:`MODES`): the person sees which order the next click gives."""

STAYS = (OrderHold, OrderDefend, OrderHoldAtAllCosts, OrderWithdrawIfAttacked)
"""Orders that keep the stack where it stands (no route, no wait)."""
MOVING = (OrderMove, OrderWithdraw, OrderRoadMove)
"""Orders that follow a route to its end."""


def planning_side(game: Game) -> str | None:
    """The side whose plan is open now (``None`` outside planning)."""
    if game.state.wego is None or game.state.outcome is not None:
        return None
    if game.state.wego.get("stage") != "planning":
        return None
    return plan.planner(game)


def destinations(
    game: Game, legal: list[Action], stack_id: str, mode: str
) -> dict[str, Destination]:
    """Where ``stack_id`` may be ordered in ``mode`` (:data:`MODES`), from the legal actions:
    ``move`` gives moves and attacks (a region holding seen enemies), ``withdraw`` the
    withdrawals, ``road`` the road moves, ``assault`` and ``no_advance`` moves and those
    attacks. Their MP are the engine's prices of the same routes
    (:func:`engine.wego.plan.routes` and :func:`engine.wego.plan.attack_routes`)."""
    stack = game.state.stacks.get(stack_id)
    if stack is None or mode not in MODES:
        return {}
    moving, attacking = MODES[mode]
    mine = [a for a in legal if getattr(a, "stack", None) == stack_id]
    if not any(isinstance(a, (*MOVING, OrderAttack)) for a in mine):
        return {}
    if moving is OrderIgnoreEnemy:
        # OO3: every hex within reach with the enemy taken away, onto enemies too; the
        # engine lists only those an ordinary move cannot reach alike, so ask it whole.
        if not any(type(a) in (OrderMove, OrderIgnoreEnemy) for a in mine):
            return {}  # no move is open to the stack (fixed in place, formed this turn)
        reach = plan.routes(game, stack, ignore_enemy=True)
        return {
            r: Destination(r, "move", route.cost, route.path, True) for r, route in reach.items()
        }
    reach = plan.routes(game, stack, road=mode == "road")
    attacks = plan.attack_routes(game, stack) if attacking is not None else {}
    out: dict[str, Destination] = {}
    for action in mine:
        if type(action) is moving:
            assert isinstance(action, MOVING)
            end = action.path[-1]
            cost = reach[end].cost if end in reach else 0.0
            out[end] = Destination(end, "move", cost, action.path, True)
        elif attacking is not None and type(action) is attacking:
            assert isinstance(action, OrderAttack)
            route = attacks.get(action.target)
            cost = route.cost if route is not None else 0.0
            path = (*action.path, action.target)
            out[action.target] = Destination(action.target, "battle", cost, path, True)
    return out


def order_to(
    game: Game,
    stack_id: str,
    waypoints: tuple[str, ...],
    region: str,
    *,
    attack: Destination | None,
    mode: str = "move",
    wait: int,
    road: Destination | None = None,
) -> Order:
    """The order of ``mode`` (:data:`MODES`) sending ``stack_id`` through ``waypoints`` to
    ``region``; with ``attack`` (the region's destination as an attack), an attack on it,
    from the end of the route through the waypoints, else by the engine's cheapest approach.
    A road move without waypoints follows ``road``, the road route the engine listed. Raises
    :class:`IllegalAction` when no route can be made; the order is checked whole when it is
    applied."""
    moving, attacking = MODES.get(mode, MODES["move"])
    if attack is not None:
        path = plan.route_through(game, stack_id, waypoints) if waypoints else attack.path[:-1]
        return (attacking or OrderAttack)(stack_id, region, path, wait)
    if moving is OrderRoadMove and road is not None and not waypoints:
        return OrderRoadMove(stack_id, road.path, wait)
    ignoring = moving is OrderIgnoreEnemy  # OO3: routes as if no enemy were there
    path = plan.route_through(game, stack_id, (*waypoints, region), ignore_enemy=ignoring)
    return moving(stack_id, path, wait)  # type: ignore[call-arg]


def with_wait(order: Order, wait: int) -> Order:
    """The same order with another wait (orders that stay have none)."""
    if isinstance(order, (*MOVING, OrderAttack)):
        return replace(order, wait=wait)  # type: ignore[type-var]
    return order


def route_of(game: Game, order: Order) -> list[str]:
    """The regions an order goes through, its stack's own first (a hold: only that)."""
    stack = game.state.stacks.get(order.stack)
    start = [stack.region] if stack is not None else []
    if isinstance(order, OrderAttack):
        return [*start, *order.path, order.target]
    if isinstance(order, MOVING):
        return [*start, *order.path]
    return start


def order_words(game: Game, order: Order) -> str:
    """An order in a few words: "Attack Kessel via Lenz", "Move to Lenz, wait 2"."""
    regions = game.world.regions

    def name(region: str) -> str:
        return regions[region].name if region in regions else region

    kind = KIND_WORDS.get(order.kind, order.kind)
    if isinstance(order, STAYS):
        return kind
    if isinstance(order, OrderAttack):
        text = f"{kind} {name(order.target)}"
        if order.path:
            text += f" from {name(order.path[-1])}"
    else:
        assert isinstance(order, MOVING)
        text = f"{kind} to {name(order.path[-1])}" if order.path else kind
        if len(order.path) > 1:
            text += f" ({len(order.path)} steps)"
    wait = getattr(order, "wait", 0)
    if wait:
        text += f", wait {wait} tick{'s' if wait != 1 else ''}"
    if isinstance(order, OrderAttack) and family.operational(game):
        text += f" · {attack_odds_words(game, order)}"
    return text


def attack_odds_words(game: Game, order: OrderAttack) -> str:
    """An operational attack order's final odds, as a plan shows them beside the order
    before it is sealed: "odds 2:1" (the engine's odds preview, as the ordering side sees
    the target now; the plan panel breaks them down)."""
    from engine.wego.op import map_queries

    try:
        preview = map_queries.attack_odds(game, order)
    except IllegalAction:
        return "odds unknown"
    return f"odds {preview.final_text}"
