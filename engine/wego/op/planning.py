"""The supply, HQ and asset actions of a side's WEGO plan under the operational rules (OO13, OO16,
OS3-OS14): which are open (:func:`actions`), why one is refused (:func:`refusal`), and
carrying one out (:func:`apply`). :mod:`engine.wego.plan` reaches them through
:mod:`engine.wego.family`, for the side planning only, so they stay as hidden as its orders.

A supply order is priced when it is given, against the side's pools less what its other
orders of the turn cost (OS11: a side never plans more than it can pay); the points are
taken when the execution starts (:func:`.supply.reserve_all`). Only a Supported or Extended
HQ may order (OS8). A division HQ moved to another corps (OO16) reports to it at once: the
costs of the side's orders and its lines of communication from the next trace follow the new
tree. Asset missions (OA4-OA14) are checked and kept by :mod:`.assets`, artillery fire
orders (OC33) by :mod:`.fire`, engineer orders (OO14, OE2-OE5) by :mod:`.works`, the order
shortcuts (OO2, OO9, OO17) by :mod:`.shortcuts`.
"""

from __future__ import annotations

from itertools import product
from typing import TYPE_CHECKING

from ...actions import Action
from ...errors import IllegalAction
from ...operational.hq import Scope
from ...operational.supply import Pool, SupplyOrder, order_cost, order_refusal
from . import assets, detach, fire, organise, setup, shortcuts, state, supply, works
from .actions import (
    AssignAsset,
    AssignFire,
    BreakDown,
    CancelAsset,
    CancelEngineer,
    CancelFire,
    CancelSupply,
    Combine,
    Detach,
    Join,
    OrderEngineer,
    OrderSupply,
    ReassignHq,
    SetUp,
)
from .shortcut_actions import SHORTCUTS

if TYPE_CHECKING:
    from ...game import Game

_LEVELS = [combo for combo in product((False, True), repeat=3) if any(combo)]
"""Move+, Combat+, Repl+: every purchase that buys something."""


def actions(game: Game, side: str) -> list[Action]:
    """The side's open supply orders (every affordable purchase of every HQ that may buy,
    for its direct attachments, and for everything below it when it has HQs below), the
    cancellations of its orders, its HQ moves (OO16), its assets' missions
    (:func:`.assets.actions`), its engineers' work (OO14, :func:`.works.actions`) and, on the
    first turn, its setups (OT1, :mod:`.setup`)."""
    command = supply.tree(game)
    units = state.units(game)
    rules = state.board_of(game).rules
    given = supply.orders(game, side)
    costs = {o.hq: order_cost(rules, command, units, o) for o in given}
    held = supply.spendable(game, side)
    out: list[Action] = []
    for hq in command.hqs_of(side):
        if hq not in units:
            continue
        if hq in costs:
            out.append(CancelSupply(hq))
        left = held
        for other, cost in costs.items():
            if other != hq:
                left = left - cost
        # As refusal() would find, with the units, tree and pools read once for every HQ.
        scopes: tuple[Scope, ...] = ("direct", "all") if command.children.get(hq) else ("direct",)
        for (move, combat, repl), scope in product(_LEVELS, scopes):
            plain = SupplyOrder(hq, move, combat, repl, scope)
            if not order_refusal(rules, command, units, plain, left):
                out.append(OrderSupply(hq, move, combat, repl, scope))
        for corps in command.hqs_of(side):
            if corps in units and not command.reassign_refusal(hq, corps):
                out.append(ReassignHq(hq, corps))
    return (
        out
        + assets.actions(game, side)
        + fire.actions(game, side)
        + works.actions(game, side)
        + setup.actions(game, side)
        + organise.actions(game, side)
        + detach.actions(game, side)
        + shortcuts.actions(game, side)
    )


def _others_cost(game: Game, side: str, hq: str) -> Pool:
    """What the side's orders of this turn other than ``hq``'s cost."""
    rules = state.board_of(game).rules
    command, units = supply.tree(game), state.units(game)
    total = Pool()
    for order in supply.orders(game, side):
        if order.hq != hq:
            total = total + order_cost(rules, command, units, order)
    return total


def refusal(game: Game, side: str, action: Action) -> str:
    """Why ``side`` may not take ``action`` now (empty when it may)."""
    if isinstance(action, SetUp):
        return setup.refusal(game, side, action)
    if isinstance(action, (Detach, Join)):
        return detach.refusal(game, side, action)
    if isinstance(action, BreakDown):
        return organise.break_refusal(game, side, action)
    if isinstance(action, Combine):
        return organise.combine_refusal(game, side, action)
    if isinstance(action, (AssignAsset, CancelAsset)):
        return assets.refusal(game, side, action)
    if isinstance(action, (OrderEngineer, CancelEngineer)):
        return works.refusal(game, side, action)
    if isinstance(action, (AssignFire, CancelFire)):
        return fire.refusal(game, side, action)
    if isinstance(action, SHORTCUTS):  # OO2, OO9, OO17
        return shortcuts.refusal(game, side, action)
    command = supply.tree(game)
    if isinstance(action, CancelSupply):
        if not any(o.hq == action.hq for o in supply.orders(game, side)):
            return f"'{action.hq}' has no supply order to take back"
        return ""
    if isinstance(action, ReassignHq):
        for hq in (action.hq, action.corps):
            if not isinstance(hq, str) or command.side.get(hq) != side:
                return f"'{hq}' is not an HQ of '{side}'"
        if action.corps not in game.state.units or game.state.units[action.corps].stack is None:
            return f"'{action.corps}' is not on the map"
        return command.reassign_refusal(action.hq, action.corps)
    if not isinstance(action, OrderSupply):
        return f"'{action.kind}' is not a supply action"
    flags = (action.move_plus, action.combat_plus, action.replacements)
    if not all(isinstance(f, bool) for f in flags):
        return "a supply order's levels are true or false"
    if action.scope not in ("direct", "all"):
        return "a supply order covers the HQ's 'direct' attachments or 'all' below it"
    if not isinstance(action.hq, str) or command.side.get(action.hq) != side:
        return f"'{action.hq}' is not an HQ of '{side}'"
    order = SupplyOrder(action.hq, *flags, scope="all" if action.scope == "all" else "direct")
    rules = state.board_of(game).rules
    left = supply.spendable(game, side) - _others_cost(game, side, action.hq)
    return order_refusal(rules, command, state.units(game), order, left)


def check(game: Game, side: str, action: Action) -> None:
    """Raise :class:`IllegalAction` with the reason unless ``side`` may take ``action``."""
    reason = refusal(game, side, action)
    if reason:
        raise IllegalAction(reason)


def apply(game: Game, side: str, action: Action) -> None:
    """Carry out an action that passed :func:`check`."""
    if isinstance(action, SetUp):
        setup.apply(game, side, action)
    elif isinstance(action, (Detach, Join)):
        detach.apply(game, side, action)
    elif isinstance(action, BreakDown):
        organise.break_down(game, side, action)
    elif isinstance(action, Combine):
        organise.combine(game, side, action)
    elif isinstance(action, (AssignAsset, CancelAsset)):
        assets.apply(game, side, action)
    elif isinstance(action, (OrderEngineer, CancelEngineer)):
        works.apply(game, side, action)
    elif isinstance(action, (AssignFire, CancelFire)):
        fire.apply(game, side, action)
    elif isinstance(action, SHORTCUTS):
        shortcuts.apply(game, side, action)
    elif isinstance(action, CancelSupply):
        supply.drop_order(game, side, action.hq)
    elif isinstance(action, ReassignHq):
        supply.reassign(game, action.hq, action.corps)
    elif isinstance(action, OrderSupply):
        scope: Scope = "all" if action.scope == "all" else "direct"
        order = SupplyOrder(
            action.hq, action.move_plus, action.combat_plus, action.replacements, scope
        )
        supply.set_order(game, side, order)
