"""The baseline AI's choice among the operational family's own orders (OO4, OO7, OO8, OM7,
OM8), once its plan is made with the orders both families share.

* **Offensive orders** (OO7): an attack whose odds, as the side sees them, reach
  ``ASSAULT_FACTOR`` times the odds it wants is an Assault (one intensity level up, OC15:
  more losses to both sides, which the stronger side can afford); a stack that attacks from
  a victory location and is the side's only stack there attacks without advancing, so the
  location is not left empty.
* **Defensive orders** (OO8): a stack that stays on the front (next to a region the enemy
  holds, :func:`engine.ai.fronts.distance_to_enemy`) holds at all costs
  on a victory location of the side (the location is worth its VP every turn, OV2); away
  from one, a stack whose average readiness is below ``WITHDRAW_BELOW`` withdraws if
  attacked (OC25), which spares it a battle it would lose badly.
* **Road moves** (OM7, OM8): a stack moving while no enemy it sees is within
  ``ROAD_CLEAR`` hexes moves in Road Movement when that takes it nearer the enemy stacks it
  sees than its plain move would (farther along the roads for the same turn); the road move
  taken is the one ending nearest them, never next to one.

Each replacement is made only when ``game.is_legal`` accepts it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import numpy as np

from ... import fog
from ...ai.fronts import distance_to_enemy
from ..orders import (
    Order,
    OrderAssault,
    OrderAttack,
    OrderAttackNoAdvance,
    OrderDefend,
    OrderHold,
    OrderHoldAtAllCosts,
    OrderMove,
    OrderRoadMove,
    OrderWithdrawIfAttacked,
)
from ..plan import road_refusal, routes
from . import handicap, state

if TYPE_CHECKING:
    from ...game import Game

ASSAULT_FACTOR = 2.0
"""An attack at twice the odds the AI wants (4:1 at the default style) is an Assault."""

WITHDRAW_BELOW = 40.0
"""Readiness %: a stack below it, next to the enemy and off any victory location, withdraws
if attacked."""

ROAD_CLEAR = 4
"""Hexes: no seen enemy this close for a stack to take the road."""


def assault_or_not(game: Game, order: OrderAttack, odds: float, threshold: float) -> OrderAttack:
    """OO7: the attack order for ``order``'s stack at ``odds`` (see the module docstring)."""
    stack = game.state.stacks[order.stack]
    if _on_location(game, stack.region, stack.side) and _alone(game, stack.id):
        return OrderAttackNoAdvance(order.stack, order.target, order.path)
    if odds >= ASSAULT_FACTOR * threshold:
        return OrderAssault(order.stack, order.target, order.path)
    return order


def refine(game: Game, side: str, orders: dict[str, Order]) -> None:
    """OO8, OM7, OM8: the defensive orders and road moves of the side's plan, in place."""
    board = state.board_of(game)
    units = state.units(game)
    gap = _gap(game, side)
    for stack_id, order in sorted(orders.items()):
        stack = game.state.stacks[stack_id]
        better: Order | None = None
        if isinstance(order, (OrderHold, OrderDefend)):
            if distance_to_enemy(game, stack.region, side, limit=2) > 1:
                continue  # not on the front: no region next to it is the enemy's
            members = [units[u] for u in stack.units if u in units]
            readiness = sum(u.readiness for u in members) / len(members) if members else 100.0
            if _on_location(game, stack.region, side):
                better = OrderHoldAtAllCosts(stack_id)
            elif readiness < WITHDRAW_BELOW:
                better = OrderWithdrawIfAttacked(stack_id)
        elif isinstance(order, OrderMove) and order.path and not order.wait:
            if road_refusal(game, stack) is not None:
                continue
            if gap(stack.region) <= ROAD_CLEAR:
                continue
            plain = gap(order.path[-1])
            best = plain
            for region, route in sorted(routes(game, stack, road=True).items()):
                ends = gap(region)
                if route.path and board.grid.find(region) is not None and 1 < ends < best:
                    best = ends
                    better = OrderRoadMove(stack_id, route.path)
        if better is not None and game.is_legal(better):
            orders[stack_id] = better


def _gap(game: Game, side: str) -> Callable[[str], float]:
    """Hexes from a region to the nearest enemy stack the side sees (when it sees none: to
    the nearest region the enemy holds, :func:`engine.ai.fronts.distance_to_enemy`)."""
    board = state.board_of(game)
    every = handicap.sees_all(game, side)  # OT11 plus: through the fog
    seen = [
        i
        for s in game.state.stacks.values()
        if s.side != side
        and (every or fog.view_of(game, s, side) != "none")
        and (i := board.grid.find(s.region)) is not None
    ]
    targets = np.array(seen)

    def gap(region: str) -> float:
        here = board.grid.find(region)
        if not seen or here is None:
            return float(distance_to_enemy(game, region, side))
        return float(board.grid.distance(targets, here).min())

    return gap


def _on_location(game: Game, hex_id: str, side: str) -> bool:
    """OV2: ``hex_id`` is a victory location worth VP to ``side``."""
    rules = state.board_of(game).rules
    return any(
        loc.hex == hex_id and loc.per_turn.get(side, 0) > 0 for loc in rules.victory.locations
    )


def _alone(game: Game, stack_id: str) -> bool:
    stack = game.state.stacks[stack_id]
    return not any(
        s.id != stack_id and s.side == stack.side and s.region == stack.region
        for s in game.state.stacks.values()
    )
