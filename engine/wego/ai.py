"""The baseline AI's WEGO plans: legal orders chosen by a few plain judgements.

For the side planning, stack by stack (in id order), with what that side can see:

1. **Attack** a region holding enemies it sees when the stacks that can reach it this turn
   together, with the side's aircraft flown over it in the air phase before the plans, have
   at least ``Style.attack_ratio`` times the strength the side believes is there
   (:func:`engine.ai.estimates.enemy_strength`); every one of those stacks attacks. Under the
   operational rules the attacks go by the odds instead (:mod:`engine.wego.op.ai`, reached
   through :mod:`engine.wego.family`).
2. **Hold** what holds VP: the last fighting stack on a region worth defending
   (:func:`engine.ai.estimates.defence_value`) digs in (``order_defend``) when enemies stand
   within three steps, else holds.
3. **Advance** toward objectives and enemies: the region reachable this turn with the best
   score, where taking an enemy or neutral region is worth its VP
   (:func:`engine.ai.estimates.region_value`) and one more point, and every step nearer the
   enemy (:func:`engine.ai.fronts.distance_to_enemy`) is worth one point; regions the plan
   would already fill to the stacking limit are skipped. A stack that finds nothing better
   than where it stands holds.

The ``normal`` and ``hard`` levels time their attacks (:mod:`engine.wego.tactics`): the
stacks of an attack wait so that all of them go in in the same tick and fight one battle,
except a stack the enemy within reach could attack where it waits.

The plan is worked out once per turn and side, then given one order at a time (each a legal
action of the moment) and sealed. Under the operational rules the side first sets up,
breaks down and combines (:mod:`engine.wego.op.ai_organise`), then buys the supply
a draft of its plan needs (Move+ widens the routes the plan then chooses from), its HQs keep
out of harm and in supply, and after the orders it buys what the plan itself needs
(:mod:`engine.wego.op.ai`). Everything is sorted, so a seed fixes the AI's plans.
"""

from __future__ import annotations

import weakref
from dataclasses import replace
from typing import TYPE_CHECKING

from .. import board, movement
from ..actions import Action
from ..ai.estimates import defence_value, enemy_strength, region_value, stack_strength
from ..ai.fronts import distance_to_enemy, forget
from ..state import StackState
from . import family, tactics
from .orders import Order, OrderAttack, OrderDefend, OrderHold, OrderMove, SealPlan
from .plan import attack_routes, orders_of, planner, routes, seen_enemies

if TYPE_CHECKING:
    from ..ai.baseline import Style
    from ..game import Game


_PLANS: weakref.WeakKeyDictionary[Game, dict[tuple[int, str, Style], list[Order]]] = (
    weakref.WeakKeyDictionary()
)
"""Per game, the plans worked out this turn: orders change nothing on the map, so a side's
plan stays the same while it is given."""

_DRAFTS: weakref.WeakKeyDictionary[Game, dict[tuple[int, str, Style], list[Order]]] = (
    weakref.WeakKeyDictionary()
)
"""Under the operational rules, the first draft of each plan, whose needs the side's supply
orders buy before the plan itself is made."""


def planning(game: Game) -> bool:
    """Whether the WEGO game is planning (the AI gives orders); in the windows of IGOUGO
    phases around the planning (events, cards, reinforcements, air, sieges, replacements)
    the baseline AI plays those phases as in an IGOUGO game."""
    return game.phase == "wego_planning"


def choose(game: Game, style: Style) -> Action:
    """The next planning action of the side to plan: its next order, then sealing."""
    side = planner(game)
    assert side is not None, "no plan is open"
    given = orders_of(game, side, viewer=side)
    known = _PLANS.setdefault(game, {})
    key = (game.turn, side, style)
    if key not in known and family.operational(game) and not given:
        # The map first (OT1, OU12-OU14): setups, breakdowns and combines change what the
        # plan is made on, and none is open to a stack with an order.
        for action in family.organise_actions(game, side):
            if game.is_legal(action):
                return action
        # OO1: garrisons left on its locations, so the rest of a stack gets its own order.
        for action in family.garrison_actions(game, side, style):
            return action
        # Supply first (OS3-OS6): the levels a first draft of the plan needs are bought
        # before the plan is made, so its routes are planned with the MP Move+ gives.
        drafts = _DRAFTS.setdefault(game, {})
        if key not in drafts:
            drafts.clear()
            drafts[key] = make_plan(game, side, style)
        for action in family.supply_actions(game, side, drafts[key]):
            if game.is_legal(action):
                return action
    if key not in known:
        known.clear()
        known[key] = make_plan(game, side, style)
    for order in known[key]:
        if given.get(order.stack) != order and game.is_legal(order):
            return order
    if family.operational(game):
        # What the plan itself needs beyond the draft's purchases (OS3-OS6), then the
        # missions of its assets (OA4-OA14) and its engineers' work (OO14).
        for action in family.supply_actions(game, side, known[key]):
            if game.is_legal(action):
                return action
        for action in family.asset_actions(game, side, known[key]):
            if game.is_legal(action):
                return action
        for action in family.engineer_actions(game, side, known[key]):  # OO14
            if game.is_legal(action):
                return action
    return SealPlan()


def make_plan(game: Game, side: str, style: Style) -> list[Order]:
    """The whole plan of ``side`` for this turn, stack by stack."""
    forget(game)
    stacks = [
        s
        for s in sorted(game.state.stacks.values(), key=lambda s: s.id)
        if s.side == side and movement.stack_domain(game, s) in ("land", "naval")
    ]
    orders: dict[str, Order] = {}
    if family.operational(game):
        # HQs keep out of harm and in supply; the attacks go by the odds (engine.wego.op.ai).
        orders.update((o.stack, o) for o in family.hq_orders(game, side))
        attacks = family.attack_orders(game, side, style)
        orders.update((o.stack, o) for o in attacks if o.stack not in orders)
    elif judgement(style).synchronise:
        judge = judgement(style)
        tactics.attacks(
            game,
            side,
            stacks,
            style,
            orders,
            air_over=_air_over,
            stays=lambda s, route: bool(route.path) and _last_guard(game, s),
            judge=judge,
            threats=tactics.threat(game, side, seen_enemies(game, side))
            if judge.safe_wait
            else None,
        )
    else:
        _attacks(game, side, stacks, style, orders)
    load: dict[str, int] = {}
    for stack in stacks:
        if stack.id in orders:
            continue
        if _last_guard(game, stack):
            near = _enemy_near(game, stack.region, side)
            orders[stack.id] = OrderDefend(stack.id) if near else OrderHold(stack.id)
            continue
        orders[stack.id] = _advance(game, stack, load)
    if family.operational(game):
        family.refine_orders(game, side, orders)  # OO7, OO8, road moves (engine.wego.op)
    return [orders[s.id] for s in stacks]


def judgement(style: Style) -> tactics.Judgement:
    """How a level plans: the levels hand the planner their style only
    (:class:`engine.ai.baseline.BaselineAI`), so the styles of ``normal`` and ``hard`` name
    the skilled judgement (:mod:`engine.wego.tactics`), ``hard``'s at ``normal``'s attack
    ratio, and every other style the greedy one."""
    from ..ai import levels

    if style == levels.HARD:
        # Its own ratios (1.3 to 1: 8-11-1; 1 to 1: 40-38-2) did no better than normal's
        # timed plans on Kharkov (docs/ai.md): hard plans WEGO turns as normal does.
        return replace(tactics.SKILLED, attack_ratio=levels.NORMAL.attack_ratio, economise=True)
    return tactics.SKILLED if style == levels.NORMAL else tactics.GREEDY


def _attacks(
    game: Game, side: str, stacks: list[StackState], style: Style, orders: dict[str, Order]
) -> None:
    """Concentric attacks: every target the side's reachable strength beats by the ratio."""
    options: dict[str, list[tuple[StackState, tuple[str, ...]]]] = {}
    for stack in stacks:
        if movement.why_immobile(game, stack) is not None or stack_strength(game, stack) <= 0:
            continue
        for target, route in attack_routes(game, stack).items():
            options.setdefault(target, []).append((stack, route.path))
    ranked = []
    for target, comers in sorted(options.items()):
        enemies = movement.enemy_here(game, target, side)
        theirs = enemy_strength(game, enemies, side)
        ours = sum(stack_strength(game, s) for s, _ in comers) + _air_over(game, target, side)
        ranked.append((-(ours / max(theirs, 0.1)), -region_value(game, target, side), target))
    for _, _, target in sorted(ranked):
        comers = [(s, p) for s, p in options[target] if s.id not in orders]
        # A stack guarding what holds VP stays unless it is already next to the target.
        comers = [(s, p) for s, p in comers if not (p and _last_guard(game, s))]
        enemies = movement.enemy_here(game, target, side)
        theirs = enemy_strength(game, enemies, side)
        ours = sum(stack_strength(game, s) for s, _ in comers) + _air_over(game, target, side)
        if comers and ours >= style.attack_ratio * max(theirs, 0.1):
            for stack, path in comers:
                orders[stack.id] = OrderAttack(stack.id, target, path)


def _air_over(game: Game, region: str, side: str) -> float:
    """The strength of the side's aircraft over ``region``: flown there in the air phase
    before the plans (docs/wego.md), they fight in a battle there during the execution."""
    return sum(
        stack_strength(game, s)
        for s in board.stacks_in(game, region, side)
        if movement.stack_domain(game, s) == "air" and s.structure is None
    )


def _last_guard(game: Game, stack: StackState) -> bool:
    if stack_strength(game, stack) <= 0 or defence_value(game, stack.region, stack.side) <= 0:
        return False
    return not any(
        stack_strength(game, s) > 0
        for s in board.stacks_in(game, stack.region, stack.side)
        if s.id != stack.id
    )


def _enemy_near(game: Game, region: str, side: str, radius: int = 3) -> bool:
    return distance_to_enemy(game, region, side, limit=radius + 1) <= radius


def _advance(game: Game, stack: StackState, load: dict[str, int]) -> Order:
    side = stack.side
    if movement.why_immobile(game, stack) is not None:
        return OrderHold(stack.id)
    here = distance_to_enemy(game, stack.region, side)
    best: tuple[float, float, int, str] | None = None
    chosen: tuple[str, ...] = ()
    points = movement.stacking_points(game, stack)
    for region, route in sorted(routes(game, stack).items()):
        if movement.stack_domain(game, stack) == "land":
            limit = game.world.land_stacking(region, game.world.regions[region].network)
            used = movement.region_load(game, region, side) + load.get(region, 0)
            if used + points > limit:
                continue
        score = float(here - distance_to_enemy(game, region, side))
        if board.side_of_region(game, region) != side:
            score += 1.0 + region_value(game, region, side)
        if score <= 0:
            continue
        key = (-score, route.cost, len(route.path), region)
        if best is None or key < best:
            best, chosen = key, route.path
    if not chosen:
        return OrderHold(stack.id)
    load[chosen[-1]] = load.get(chosen[-1], 0) + points
    return OrderMove(stack.id, chosen)
