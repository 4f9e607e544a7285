"""Two overlays of the side's own units for the game view's map (OF11): its night-capable
units, and its units ordered to move this turn.

* :func:`night_marks`: each of the side's units on the map, whether its type is night capable
  and whether it acts as by day at night now (OU15, OW3: capable at
  ``rules.operational.night.readiness`` or more; :mod:`engine.operational.night`);
* :func:`moving`: the side's units whose stack leaves its hex under the plan's orders (a move,
  a road move, a withdrawal, or an attack from another hex), with the hex its route ends on;
  part of the side's hidden plan, so another ``viewer`` is refused (``HiddenPlan``).

The view draws these answers and never works a rule out itself.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...operational.night import by_day
from ..orders import MOVING, OrderAttack
from ..plan import only_own, orders_of
from . import state

if TYPE_CHECKING:
    from ...game import Game


@dataclass(frozen=True)
class NightMark:
    """One unit's night capability (OU15)."""

    unit: str
    capable: bool
    """Its type is night capable."""
    by_day: bool
    """It acts at night as by day now (capable, readiness high enough)."""
    readiness: float
    needs: float
    """The readiness a capable unit needs to act as by day (``night.readiness``)."""


@dataclass(frozen=True)
class MoveMark:
    """One unit ordered to leave its hex this turn."""

    unit: str
    stack: str
    order: str
    """The order's kind (``order_move``, ``order_attack``...)."""
    start: str
    end: str
    """The last hex of its route."""
    target: str = ""
    """The hex it attacks from there (an attack order), else empty."""


def night_marks(game: Game, side: str) -> dict[str, NightMark]:
    """OU15, OW3: every unit of ``side`` on the map with its night capability, by id."""
    rules = state.board_of(game).rules
    out: dict[str, NightMark] = {}
    for stack in game.state.stacks.values():
        if stack.side != side:
            continue
        for unit in state.stack_units(game, stack).values():
            out[unit.id] = NightMark(
                unit.id,
                unit.night_capable,
                by_day(rules, unit),
                unit.readiness,
                rules.night.readiness,
            )
    return dict(sorted(out.items()))


def moving(game: Game, side: str, *, viewer: str | None) -> dict[str, MoveMark]:
    """The units of ``side`` its plan sends out of their hex this turn, by id (empty when no
    plan is open); ``viewer`` other than ``side`` (or ``None``, the umpire) is refused."""
    only_own("the plan", side, viewer)
    if game.state.wego is None:
        return {}
    out: dict[str, MoveMark] = {}
    for stack_id, order in orders_of(game, side, viewer=viewer).items():
        stack = game.state.stacks.get(stack_id)
        path = tuple(getattr(order, "path", ()))
        if stack is None or not isinstance(order, MOVING) or not path:
            continue
        target = order.target if isinstance(order, OrderAttack) else ""
        for unit_id in stack.units:
            out[unit_id] = MoveMark(unit_id, stack_id, order.kind, stack.region, path[-1], target)
    return dict(sorted(out.items()))
