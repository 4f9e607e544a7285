"""What the planning screen needs of the engine's WEGO plan, asked for the planning side only:
where a stack may be ordered (from the legal actions), the orders given, and their words.

Everything comes from :mod:`engine.wego.plan`: the legal actions list the cheapest route to
every reachable region and every attack; :func:`engine.wego.plan.path_cost` prices a route
and :func:`engine.wego.plan.route_through` builds one through waypoints. A side's orders are
asked with ``viewer`` set to that side, so another side's plan is never read.
"""

from __future__ import annotations

from engine.actions import Action
from engine.errors import IllegalAction
from engine.game import Game
from engine.queries import Destination
from engine.wego import family, plan
from engine.wego.orders import (
    Order,
    OrderAttack,
    OrderDefend,
    OrderHold,
    OrderMove,
    OrderWithdraw,
)

KIND_WORDS = {
    "order_move": "Move",
    "order_attack": "Attack",
    "order_hold": "Hold",
    "order_defend": "Defend",
    "order_withdraw": "Withdraw",
}


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
    """Where ``stack_id`` may be ordered, from the legal actions: ``mode`` ``move`` gives
    moves and attacks (a region holding seen enemies), ``withdraw`` the withdrawals. Their
    MP are the engine's prices of the same routes (:func:`engine.wego.plan.routes` and
    :func:`engine.wego.plan.attack_routes`, one search each)."""
    stack = game.state.stacks.get(stack_id)
    if stack is None:
        return {}
    mine = [a for a in legal if getattr(a, "stack", None) == stack_id]
    if not any(isinstance(a, OrderMove | OrderAttack | OrderWithdraw) for a in mine):
        return {}
    reach = plan.routes(game, stack)
    attacks = plan.attack_routes(game, stack) if mode == "move" else {}
    wanted = OrderWithdraw if mode == "withdraw" else OrderMove
    out: dict[str, Destination] = {}
    for action in mine:
        if type(action) is wanted:
            assert isinstance(action, OrderMove | OrderWithdraw)
            end = action.path[-1]
            cost = reach[end].cost if end in reach else 0.0
            out[end] = Destination(end, "move", cost, action.path, True)
        elif mode == "move" and isinstance(action, OrderAttack):
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
    withdraw: bool,
    wait: int,
) -> Order:
    """The order sending ``stack_id`` through ``waypoints`` to ``region``; with ``attack``
    (the region's destination as an attack), an attack on it, from the end of the route
    through the waypoints, else by the engine's cheapest approach. Raises
    :class:`IllegalAction` when no route can be made; the order is checked whole when it is
    applied."""
    if attack is not None:
        path = plan.route_through(game, stack_id, waypoints) if waypoints else attack.path[:-1]
        return OrderAttack(stack_id, region, path, wait)
    path = plan.route_through(game, stack_id, (*waypoints, region))
    if withdraw:
        return OrderWithdraw(stack_id, path, wait)
    return OrderMove(stack_id, path, wait)


def with_wait(order: Order, wait: int) -> Order:
    """The same order with another wait (holds and defences have none)."""
    if isinstance(order, OrderMove | OrderAttack | OrderWithdraw):
        kind = type(order)
        if isinstance(order, OrderAttack):
            return OrderAttack(order.stack, order.target, order.path, wait)
        return kind(order.stack, order.path, wait)  # type: ignore[call-arg]
    return order


def route_of(game: Game, order: Order) -> list[str]:
    """The regions an order goes through, its stack's own first (a hold: only that)."""
    stack = game.state.stacks.get(order.stack)
    start = [stack.region] if stack is not None else []
    if isinstance(order, OrderAttack):
        return [*start, *order.path, order.target]
    if isinstance(order, OrderMove | OrderWithdraw):
        return [*start, *order.path]
    return start


def order_words(game: Game, order: Order) -> str:
    """An order in a few words: "Attack Kessel via Lenz", "Move to Lenz, wait 2"."""
    regions = game.world.regions

    def name(region: str) -> str:
        return regions[region].name if region in regions else region

    kind = KIND_WORDS.get(order.kind, order.kind)
    if isinstance(order, OrderHold | OrderDefend):
        return kind
    if isinstance(order, OrderAttack):
        text = f"Attack {name(order.target)}"
        if order.path:
            text += f" from {name(order.path[-1])}"
    else:
        assert isinstance(order, OrderMove | OrderWithdraw)
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
