"""The baseline AI's use of a stack's parts (OO1) and of the ignore-enemy move (OO3).

* **A garrison left behind** (OO1, :func:`garrison_actions`): before its orders, a stack of
  two fighting units or more that is the side's only stack on one of its victory locations
  (OV2) leaves one of them there when the side's draft plan would take the stack off the
  hex (a move or an attack with a route), or would hold it there whole although no enemy the
  side sees stands within ``GARRISON_CLEAR`` hexes. The unit left is the one weakest in
  attack (ties: the stronger in defence, then the id); it then holds (:func:`hold_garrisons`,
  with OO8's defensive orders on the front), and the rest is planned as any stack. An HQ
  is never the garrison, and a stack holding an HQ is left whole (its HQ's orders keep it
  back, :func:`.ai.hq_orders`).
* **Through an enemy it expects to be gone** (OO3, :func:`ignore_enemy`): a stack without
  an HQ that the plan advances with a plain move takes an ignore-enemy move instead when
  the plan assaults a hex on the way (OO7: odds of twice what the AI asks, so the defenders
  are expected to retreat or die) and the route through that hex ends nearer the enemy than
  the plain move does.
  The route may cross only the assaulted hexes of the plan, never another hex where the
  side sees enemies, and never ends on one (the attackers advance into it). Should the
  defenders still be there when the stack arrives, it halts short of them (OO3), no worse
  off than a stack whose way round was long.

Every action is made only when ``game.is_legal`` accepts it, and everything is sorted, so a
seed fixes the choices.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ... import board as places
from ...ai.estimates import region_value
from ...ai.fronts import distance_to_enemy
from ..orders import Order, OrderAssault, OrderHold, OrderIgnoreEnemy, OrderMove
from ..plan import allowance, routes, seen_enemies
from . import ai_split, state, supply
from .actions import Detach
from .ai_orders import _gap, _on_location
from .detach import _this_turn

if TYPE_CHECKING:
    from ...ai.baseline import Style
    from ...game import Game

GARRISON_CLEAR = 2
"""Hexes: a stack holding a location whole with no seen enemy this close leaves a garrison
and sends the rest on."""


def garrison_actions(game: Game, side: str, style: Style) -> list[Detach]:
    """OO1: the garrisons the side leaves on its victory locations this turn (see the module
    docstring), at most one detachment a stack, then the detachments that split a stack to
    attack two hexes (:mod:`.ai_split`)."""
    return [*_garrisons(game, side, style), *ai_split.split_actions(game, side, style)]


def _garrisons(game: Game, side: str, style: Style) -> list[Detach]:
    command = supply.tree(game)
    units = state.units(game)
    candidates: dict[str, list[str]] = {}
    for stack in sorted(game.state.stacks.values(), key=lambda s: s.id):
        if stack.side != side or not _on_location(game, stack.region, side):
            continue
        if any(command.is_hq(u) for u in stack.units) or not _alone(game, stack.id):
            continue
        fighting = [u for u in stack.units if u in units and not command.is_hq(u)]
        if len(fighting) >= 2 and len(fighting) == len(stack.units):
            candidates[stack.id] = fighting
    if not candidates:
        return []
    from ..ai import make_plan  # the WEGO planner calls this module through engine.wego.family

    draft = {o.stack: o for o in make_plan(game, side, style)}
    gap = _gap(game, side)
    out: list[Detach] = []
    for stack_id, fighting in sorted(candidates.items()):
        order = draft.get(stack_id)
        path = getattr(order, "path", ())
        leaves = bool(path)
        idle = not leaves and gap(game.state.stacks[stack_id].region) > GARRISON_CLEAR
        if not (leaves or idle):
            continue
        keep = min(fighting, key=lambda u: (units[u].attack, -units[u].defence, u))
        action = Detach((keep,))
        if game.is_legal(action):
            out.append(action)
    return out


def hold_garrisons(game: Game, side: str, orders: dict[str, Order]) -> None:
    """OO1: each garrison the side detached this turn and still on its location holds there
    (the plan's defensive orders then apply to it, :func:`.ai_orders.refine`), in place."""
    for record in _this_turn(game):
        if record.get("type") != "op_detach" or record.get("side_id") != side:
            continue
        unit = game.state.units.get(record["units"][0])
        stack = game.state.stacks.get(unit.stack or "") if unit is not None else None
        if stack is None or sorted(stack.units) != sorted(record["units"]):
            continue
        if stack.id in orders and _on_location(game, stack.region, side):
            orders[stack.id] = OrderHold(stack.id)


def _alone(game: Game, stack_id: str) -> bool:
    """The stack is the only one of its side on its hex."""
    stack = game.state.stacks[stack_id]
    return not any(s.id != stack_id for s in places.stacks_in(game, stack.region, stack.side))


def ignore_enemy(game: Game, side: str, orders: dict[str, Order]) -> None:
    """OO3: plain advances turned into ignore-enemy moves through the hexes the plan
    assaults (see the module docstring), in place."""
    assaulted = {o.target for o in orders.values() if isinstance(o, OrderAssault)}
    if not assaulted:
        return
    barred = seen_enemies(game, side) - assaulted
    command = supply.tree(game)
    board = state.board_of(game)
    targets = np.array([board.index(h) for h in sorted(assaulted)])
    step = max(board.rules.roads.minimum_normal_cost, 0.1)  # OM2: the cheapest step
    for stack_id, order in sorted(orders.items()):
        if type(order) is not OrderMove or not order.path or order.wait:
            continue
        stack = game.state.stacks[stack_id]
        if any(command.is_hq(u) for u in stack.units):
            continue  # an HQ's move keeps it back (ai.hq_orders), never toward the enemy
        # A route through an assaulted hex costs a step a hex at least (OM2): a stack
        # farther than its MP allow never reaches one, so its routes are not worked out.
        away = int(board.grid.distance(targets, board.index(stack.region)).min())
        if away > allowance(game, stack) / step + 1:
            continue
        here = distance_to_enemy(game, stack.region, side)
        plain = _gain(game, side, here, order.path[-1])
        best: tuple[float, str] | None = None
        chosen: Order | None = None
        for end, route in sorted(routes(game, stack, ignore_enemy=True).items()):
            if not route.path or end in assaulted or barred.intersection(route.path):
                continue
            if not assaulted.intersection(route.path):
                continue
            gain = _gain(game, side, here, end)
            if gain <= plain:
                continue
            key = (-gain, end)
            if best is None or key < best:
                best, chosen = key, OrderIgnoreEnemy(stack_id, route.path)
        if chosen is not None and game.is_legal(chosen):
            orders[stack_id] = chosen


def _gain(game: Game, side: str, here: int, region: str) -> float:
    """What ending in ``region`` is worth to an advance from ``here`` hexes off the enemy, as
    the plain advance of :func:`engine.wego.ai.make_plan` weighs it: a point a hex nearer
    the enemy, and a region not the side's worth its VP and one more."""
    gained = float(here - distance_to_enemy(game, region, side))
    if places.side_of_region(game, region) != side:
        gained += 1.0 + region_value(game, region, side)
    return gained
