"""The orders of a WEGO plan, as immutable actions.

A side gives each of its stacks at most one order while it plans; the orders are carried out
together in the execution phase (:mod:`engine.wego.execute`). A stack without an order holds.
Giving a stack a new order replaces its old one (changing an order), :class:`CancelOrder`
takes it back, and :class:`SealPlan` closes the side's plan: after it nothing of the plan may
change. ``wait`` on the moving orders is the "wait N ticks" of the rules: the stack stays put
for that many ticks before it sets off.

Every class is registered in :data:`engine.actions.ACTIONS`, so orders travel in logs, play
by e-mail files and action lists like any other action.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..actions import ACTIONS, Action


@dataclass(frozen=True, slots=True)
class Order(Action):
    """Base of the orders a side gives one of its stacks."""

    kind: ClassVar[str] = "order"
    stack: str


@dataclass(frozen=True, slots=True)
class OrderMove(Order):
    """Move along ``path`` (neighbouring regions, the stack's own excluded), after waiting
    ``wait`` ticks. A stack that runs into enemies on the way stops and fights them (a
    meeting engagement)."""

    kind: ClassVar[str] = "order_move"
    path: tuple[str, ...] = ()
    wait: int = 0


@dataclass(frozen=True, slots=True)
class OrderAttack(Order):
    """Move along ``path`` (empty: attack from where the stack stands), then go into
    ``target``, a neighbour of the path's last region, and fight whoever holds it when the
    stack gets there."""

    kind: ClassVar[str] = "order_attack"
    target: str = ""
    path: tuple[str, ...] = ()
    wait: int = 0


@dataclass(frozen=True, slots=True)
class OrderHold(Order):
    """Stay where it stands (what a stack without an order does)."""

    kind: ClassVar[str] = "order_hold"


@dataclass(frozen=True, slots=True)
class OrderDefend(Order):
    """Stay and dig in as the execution starts, where the entrenchment rules allow it."""

    kind: ClassVar[str] = "order_defend"


@dataclass(frozen=True, slots=True)
class OrderWithdraw(Order):
    """Fall back along ``path``: a withdrawal steps before every other move of its tick and
    never goes into a region holding enemies (it stops short instead)."""

    kind: ClassVar[str] = "order_withdraw"
    path: tuple[str, ...] = ()
    wait: int = 0


@dataclass(frozen=True, slots=True)
class OrderAssault(OrderAttack):
    """An attack fought one intensity level higher (operational rules only, OO7, OC15):
    more damage to both sides."""

    kind: ClassVar[str] = "order_assault"


@dataclass(frozen=True, slots=True)
class OrderAttackNoAdvance(OrderAttack):
    """An attack whose stack stays where it attacked from, even when the hex is emptied
    (operational rules only, OO7, OC27)."""

    kind: ClassVar[str] = "order_attack_no_advance"


@dataclass(frozen=True, slots=True)
class OrderHoldAtAllCosts(Order):
    """Stay, and when attacked try to hold the hex however the battle goes, at the price of
    more damage (operational rules only, OO8, OC19, OC24)."""

    kind: ClassVar[str] = "order_hold_all"


@dataclass(frozen=True, slots=True)
class OrderWithdrawIfAttacked(Order):
    """Stay, and when attacked try to slip away one hex with lighter losses (operational
    rules only, OO8, OC25)."""

    kind: ClassVar[str] = "order_withdraw_if_attacked"


@dataclass(frozen=True, slots=True)
class OrderRoadMove(Order):
    """Move along ``path`` in Road Movement (operational rules only, OO4, OM7, OM8): every
    step follows a road or track at its Road Movement cost, the allowance is the type's
    share of Table OM8, and the stack never attacks (it halts before enemies)."""

    kind: ClassVar[str] = "order_road"
    path: tuple[str, ...] = ()
    wait: int = 0


@dataclass(frozen=True, slots=True)
class OrderIgnoreEnemy(OrderMove):
    """Move along ``path`` as if the enemy were absent (operational rules only, OO3): the
    route may run through or end on a hex where the side sees enemies (one it expects to be
    gone). In execution the stack halts in the last hex short of an enemy it meets, never
    overruns nor attacks, and pays the enemy's zones of control as it enters them."""

    kind: ClassVar[str] = "order_ignore_enemy"


@dataclass(frozen=True, slots=True)
class CancelOrder(Action):
    """Take back the order given to a stack (it holds again)."""

    kind: ClassVar[str] = "cancel_order"
    stack: str


@dataclass(frozen=True, slots=True)
class SealPlan(Action):
    """Close the side's plan; once every side has sealed, the execution phase runs."""

    kind: ClassVar[str] = "seal_plan"


ORDERS: dict[str, type[Order]] = {
    cls.kind: cls
    for cls in (
        OrderMove,
        OrderAttack,
        OrderHold,
        OrderDefend,
        OrderWithdraw,
        OrderRoadMove,
        OrderAssault,
        OrderAttackNoAdvance,
        OrderHoldAtAllCosts,
        OrderWithdrawIfAttacked,
        OrderIgnoreEnemy,
    )
}
"""The order classes by ``kind``."""

OPERATIONAL_ONLY = (
    OrderRoadMove,
    OrderAssault,
    OrderAttackNoAdvance,
    OrderHoldAtAllCosts,
    OrderWithdrawIfAttacked,
    OrderIgnoreEnemy,
)
"""The orders only the operational rules family gives (docs/rules-operational.md)."""

ATTACKS = frozenset(cls.kind for cls in (OrderAttack, OrderAssault, OrderAttackNoAdvance))
"""The kinds of the orders that attack."""

MOVING = (OrderMove, OrderAttack, OrderWithdraw, OrderRoadMove, OrderIgnoreEnemy)
"""The orders that move their stack."""

_REGISTERED: tuple[type[Action], ...] = (*ORDERS.values(), CancelOrder, SealPlan)
for _cls in _REGISTERED:
    ACTIONS[_cls.kind] = _cls


def order_from_json(data: dict[str, object]) -> Order:
    """An order as the plan keeps it (:meth:`Action.to_json`)."""
    order = Action.from_json(dict(data))
    assert isinstance(order, Order)
    return order
