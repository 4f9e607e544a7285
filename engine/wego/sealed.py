"""Plans sealed by commitment: a side's plan fixed without being shown (docs/wego.md).

A game by e-mail sends one side's sitting to the other as a file; a plan sent in the clear
would let the opponent read it before making its own. So a side that seals its plan while
another side has still to plan may seal it by **commitment** instead:

* :class:`CommitPlan` ``{commitment}`` closes the side's plan with the SHA-256 of the plan
  (:func:`commitment`: the side, a random salt and the orders, as canonical JSON), the orders
  themselves staying with the player (the game holds none for that side);
* once every side has sealed or committed, the side that committed first (in the turn order)
  is to act and reveals: :class:`RevealPlan` ``{orders, salt}`` gives the orders and the salt;
  the engine refuses them unless they hash to the commitment and every order is one the side
  could have given, then the plan counts as sealed and, with the last reveal, the execution
  runs as after a :class:`~engine.wego.orders.SealPlan`.

The salt makes the hash useless for guessing: without it, an opponent could hash likely
plans until one matched. Revealing lists no legal action (only the player knows the plan):
``legal_actions()`` is empty while a reveal is due, and ``check`` accepts the one reveal that
matches. Hot-seat games and games against the AI seal in the clear (:class:`SealPlan`); only
play by e-mail commits (:mod:`engine.pbem.sealing`).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from schemas.io import canonical_json

from ..actions import ACTIONS, Action
from ..errors import IllegalAction
from .orders import ORDERS, Order, order_from_json

if TYPE_CHECKING:
    from ..game import Game


@dataclass(frozen=True, slots=True)
class CommitPlan(Action):
    """Seal the side's plan by the SHA-256 of its content; the orders are revealed later."""

    kind: ClassVar[str] = "commit_plan"
    commitment: str


@dataclass(frozen=True, slots=True)
class RevealPlan(Action):
    """Reveal a committed plan: its orders (canonical JSON of a list) and its salt."""

    kind: ClassVar[str] = "reveal_plan"
    orders: str
    salt: str


for _cls in (CommitPlan, RevealPlan):
    ACTIONS[_cls.kind] = _cls


def orders_text(orders: list[Order]) -> str:
    """A plan's orders as the text a commitment hashes: canonical JSON, by stack."""
    return canonical_json([o.to_json() for o in sorted(orders, key=lambda o: o.stack)])


def commitment(side: str, orders: str, salt: str) -> str:
    """The SHA-256 a plan is committed by."""
    text = canonical_json({"side": side, "salt": salt, "orders": orders})
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def committed(game: Game) -> dict[str, str]:
    """The sides whose plans are committed and not yet revealed, with their commitments."""
    plan = game.state.wego
    return dict(plan.get("committed", {})) if plan is not None else {}


def revealer(game: Game) -> str | None:
    """The side to reveal its plan: once every side has sealed or committed, the first
    committed side in the turn order."""
    waiting = committed(game)
    return next((s for s in game.sides_in_play if s in waiting), None)


def check_commit(game: Game, side: str, action: CommitPlan) -> None:
    value = action.commitment
    if not isinstance(value, str) or len(value) != 64 or value.strip("0123456789abcdef"):
        raise IllegalAction("a commitment is a SHA-256 in 64 lower-case hex digits")
    assert game.state.wego is not None
    if game.state.wego["orders"].get(side):
        raise IllegalAction(
            "a plan sealed by commitment holds no order in the game: its orders are revealed "
            "once every side has sealed"
        )


def apply_commit(game: Game, side: str, action: CommitPlan) -> None:
    plan = game.state.wego
    assert plan is not None
    plan.setdefault("committed", {})[side] = action.commitment
    game.record("plan_committed", side_id=side, commitment=action.commitment)


def revealed_orders(game: Game, side: str, action: RevealPlan) -> list[Order]:
    """The orders of a reveal, checked against the commitment and as orders ``side`` could
    give now; raises :class:`IllegalAction` with the reason otherwise."""
    if not isinstance(action.orders, str) or not isinstance(action.salt, str):
        raise IllegalAction("a reveal holds the plan's orders and salt as text")
    expected = committed(game).get(side)
    if expected is None:
        raise IllegalAction(f"'{side}' has no committed plan to reveal")
    if commitment(side, action.orders, action.salt) != expected:
        raise IllegalAction(
            f"the plan revealed does not match the commitment '{side}' sealed: the plan or "
            "its salt has been changed"
        )
    try:
        data: Any = json.loads(action.orders)
    except ValueError as exc:
        raise IllegalAction(f"the revealed orders are not JSON ({exc})") from exc
    if not isinstance(data, list):
        raise IllegalAction("the revealed orders are a list")
    orders: list[Order] = []
    for item in data:
        if not isinstance(item, dict) or item.get("kind") not in ORDERS:
            raise IllegalAction(f"not an order: {item!r:.80}")
        try:
            orders.append(order_from_json(item))
        except (TypeError, ValueError, KeyError) as exc:
            raise IllegalAction(f"an order cannot be read ({exc})") from exc
    if orders_text(orders) != action.orders:
        raise IllegalAction("the revealed orders are not in their canonical form")
    if len({o.stack for o in orders}) != len(orders):
        raise IllegalAction("a revealed plan gives each stack one order")
    return orders


def apply_reveal(game: Game, side: str, orders: list[Order]) -> None:
    plan = game.state.wego
    assert plan is not None
    plan["orders"][side] = {o.stack: o.to_json() for o in orders}
    del plan["committed"][side]
    if not plan["committed"]:
        del plan["committed"]
    plan["sealed"].append(side)
    game.record("plan_revealed", side_id=side, orders=len(orders))
