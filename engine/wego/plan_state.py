"""A side's plan as one value, and the planning actions that bring a plan back to it: what
the game view's Undo and Redo of a plan's edits work on (:mod:`editor.game.wego.plan_edits`).

:func:`snapshot` reads everything a side may change while it plans: the stacks' orders, and
under the operational rules where its units stand (setups, OT1), which of them are broken
down (OU12-OU14), its HQ moves (OO16), its supply orders (OO13), its assets' missions
(OA4-OA14), its guns' fire orders (OC33) and its engineers' orders (OO14). An order is kept
by the units of its stack, not the stack's id (which it leaves out): a setup taken back and
made again puts the units in stacks with new ids, and the order still finds them.

:func:`next_action` gives one planning action that brings the plan closer to a snapshot
(``None``: it is there). The caller applies it through the engine, which checks it as any
other planning action, and asks again; each answer is read from the game as it stands, so
the stacks formed by one action are known to the next. Orders in the way go first (a stack
with an order is neither set up nor broken down), then breakdowns and combines, setups, HQ
moves, the books of orders, parts of stacks detached or joined (OO1), and the stacks' orders
last. :func:`fresh` is the snapshot of
the plan before the side's first planning action of the turn (the game view's "Start again").
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from ..actions import Action
from . import family, plan
from .orders import CancelOrder, Order

if TYPE_CHECKING:
    from ..game import Game

Units = tuple[str, ...]
"""The units of a stack, sorted: what a stack's order is kept by."""


@dataclass(frozen=True)
class PlanState:
    """What a side's plan holds (see the module docstring); equal plans compare equal."""

    orders: tuple[tuple[Units, Order], ...]
    """Each stack's order (its ``stack`` left empty), by the stack's units."""
    places: tuple[tuple[str, str], ...] = ()
    """Each unit of the side on the map (operational rules), with its region."""
    parents: tuple[tuple[str, str], ...] = ()
    """The HQs moved under another corps this turn (OO16), with their corps."""
    books: tuple[tuple[str, Action], ...] = ()
    """The supply, mission, fire and engineer orders, each by ``kind:key``."""
    groups: tuple[Units, ...] = ()
    """The side's stacks, each as its units (operational rules: parts of stacks detached,
    OO1)."""


def _units(game: Game, stack_id: str) -> Units:
    return tuple(sorted(game.state.stacks[stack_id].units))


def snapshot(game: Game, side: str) -> PlanState:
    """``side``'s plan as it stands (asked for the side itself: its plan is hidden)."""
    given = plan.orders_of(game, side, viewer=side)
    orders = tuple(sorted((_units(game, s), replace(o, stack="")) for s, o in given.items()))
    if not family.operational(game):
        return PlanState(orders)
    from .op import books, detach

    return PlanState(
        orders,
        books.places(game, side),
        books.parents(game, side),
        books.of(game, side),
        detach.groups(game, side),
    )


def fresh(game: Game, side: str) -> PlanState:
    """``side``'s plan as it stood before the side took any planning action this turn: no
    order of any kind and, under the operational rules, its units where they stood and its
    HQs under the corps they had (:mod:`engine.wego.op.plan_start`); what "Start again"
    brings a plan back to."""
    if not family.operational(game):
        return PlanState(())
    from .op import detach, plan_start

    return PlanState(
        (),
        plan_start.places(game, side),
        plan_start.parents(game, side),
        groups=detach.start_groups(game, side),
    )


def _stack_of(game: Game, units: Units) -> str | None:
    """The stack holding exactly ``units`` now."""
    first = game.state.units.get(units[0]) if units else None
    stack = game.state.stacks.get(first.stack or "") if first is not None else None
    return stack.id if stack is not None and _units(game, stack.id) == units else None


def next_action(game: Game, side: str, wanted: PlanState) -> Action | None:
    """One planning action toward ``wanted`` (see the module docstring), or ``None``."""
    now = snapshot(game, side)
    if now == wanted:
        return None
    kept = dict(wanted.orders)
    moving: set[str] = set()
    if family.operational(game):
        from .op import books, detach

        moving = books.units_to_move(now, wanted) | detach.regrouped(now.groups, wanted.groups)
    for units, order in now.orders:
        if kept.get(units) != order or moving.intersection(units):
            stack = _stack_of(game, units)
            if stack is not None:
                return CancelOrder(stack)
    if family.operational(game):
        from .op import books

        action = books.next_action(game, now, wanted) or detach.next_action(
            now.groups, wanted.groups
        )
        if action is not None:
            return action
    given = dict(now.orders)
    for units, order in wanted.orders:
        stack = _stack_of(game, units)
        if stack is not None and given.get(units) != order:
            return replace(order, stack=stack)
    # What is left cannot be reached (the units stand otherwise than when an order was given).
    return None
