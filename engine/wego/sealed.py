"""Plans sealed by commitment: a side's plan fixed without being shown (docs/wego.md).

A game by e-mail sends one side's sitting to the other as a file; a plan sent in the clear
would let the opponent read it before making its own. So a side that seals its plan while
another side has still to plan may seal it by **commitment** instead:

* :class:`CommitPlan` ``{commitment}`` closes the side's plan with the SHA-256 of the plan
  (:func:`commitment`: the side, a random salt and the plan, as canonical JSON), the plan
  itself staying with the player (the game holds nothing of it for that side);
* once every side has sealed or committed, the side that committed first (in the turn order)
  is to act and reveals: :class:`RevealPlan` ``{orders, salt}`` gives the plan and the salt;
  the engine refuses them unless they hash to the commitment, then carries the plan's
  actions out one by one as the side's own (:func:`apply_reveal`), the plan counts as
  sealed and, with the last reveal, the execution runs as after a
  :class:`~engine.wego.orders.SealPlan`.

The plan is the list of the side's planning actions in the order it took them
(:func:`plan_text`): the stacks' orders and their cancellations, and under the operational
rules its supply orders, HQ moves, setups, breakdowns and combines, asset missions,
artillery fire, engineer orders and order shortcuts (OO2, OO9, OO17: worked out again as
they are revealed) (:data:`PLAN_KINDS`), so a plan sealed by commitment
holds everything a plan sealed in the clear holds, and replaying it gives the side the
same plan. Each action is checked as the side's when it is revealed; one the rules refuse
then (a cheat, or an opponent's setup standing where a route was planned) is dropped and
recorded for the side alone (``plan_action_dropped``), so a reveal never stalls the game.
The stacks a plan's setups and breakdowns formed get their ids when it is revealed; the
plan's later orders naming them are translated (:func:`_renamed`).

The salt makes the hash useless for guessing: without it, an opponent could hash likely
plans until one matched. Revealing lists no legal action (only the player knows the plan):
``legal_actions()`` is empty while a reveal is due, and ``check`` accepts the one reveal that
matches. Hot-seat games and games against the AI seal in the clear (:class:`SealPlan`); only
play by e-mail commits (:mod:`engine.pbem.sealing`).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, ClassVar

from schemas.io import canonical_json

from ..actions import ACTIONS, Action
from ..errors import IllegalAction
from .family import PLANNING_KINDS
from .orders import ORDERS, CancelOrder, Order

if TYPE_CHECKING:
    from ..game import Game


@dataclass(frozen=True, slots=True)
class CommitPlan(Action):
    """Seal the side's plan by the SHA-256 of its content; the plan is revealed later."""

    kind: ClassVar[str] = "commit_plan"
    commitment: str


@dataclass(frozen=True, slots=True)
class RevealPlan(Action):
    """Reveal a committed plan: its actions (canonical JSON of a list) and its salt."""

    kind: ClassVar[str] = "reveal_plan"
    orders: str
    salt: str


for _cls in (CommitPlan, RevealPlan):
    ACTIONS[_cls.kind] = _cls

PLAN_KINDS = frozenset({*ORDERS, CancelOrder.kind, *PLANNING_KINDS})
"""The action kinds a plan sealed by commitment may hold: everything a side does while it
plans except sealing."""


def plan_text(actions: Sequence[Action]) -> str:
    """A plan as the text a commitment hashes: canonical JSON of its actions, in order."""
    return canonical_json([a.to_json() for a in actions])


def orders_text(orders: list[Order]) -> str:
    """A plan of stack orders only, by stack (:func:`plan_text` of the sorted orders)."""
    ordered: list[Order] = sorted(orders, key=lambda o: o.stack)
    return plan_text(ordered)


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
    if _holds_plan(game, side):
        raise IllegalAction(
            "a plan sealed by commitment holds no order in the game: its orders are revealed "
            "once every side has sealed"
        )


def _holds_plan(game: Game, side: str) -> bool:
    """Whether the game holds an order of ``side``'s plan (a stack's, or one of the
    operational family's books: supply, missions, fire, engineers)."""
    assert game.state.wego is not None
    if game.state.wego["orders"].get(side):
        return True
    kept = game.state.operational or {}
    books = (
        (kept.get("supply") or {}).get("orders", {}),
        (kept.get("assets") or {}).get("missions", {}),
        (kept.get("fire") or {}).get("orders", {}),
    )
    return any(book.get(side) for book in books)


def apply_commit(game: Game, side: str, action: CommitPlan) -> None:
    plan = game.state.wego
    assert plan is not None
    plan.setdefault("committed", {})[side] = action.commitment
    # The stack ids the plan's own setups and breakdowns began from (see _renamed).
    plan.setdefault("stack_base", {})[side] = game.state.next_stack
    game.record("plan_committed", side_id=side, commitment=action.commitment)


def revealed_actions(game: Game, side: str, action: RevealPlan) -> list[Action]:
    """The actions of a reveal, checked against the commitment and as a plan's actions;
    raises :class:`IllegalAction` with the reason otherwise. Whether the rules allow each
    is asked when it is carried out (:func:`apply_reveal`)."""
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
    actions: list[Action] = []
    for index, item in enumerate(data):
        if not isinstance(item, dict) or item.get("kind") not in PLAN_KINDS:
            raise IllegalAction(f"the revealed plan's item {index} is not an order: {item!r:.80}")
        try:
            actions.append(Action.from_json(item))
        except (TypeError, ValueError, KeyError) as exc:
            raise IllegalAction(f"the revealed plan's item {index} cannot be read ({exc})") from exc
    if plan_text(actions) != action.orders:
        raise IllegalAction("the revealed orders are not in their canonical form")
    return actions


def _renamed(action: Action, names: dict[str, str]) -> Action:
    """``action`` with its stack named as the reveal named it (a stack formed by the plan's
    own setup or breakdown got the next free id when the plan was made; it gets the next
    free id now, which differs when the other side formed stacks meanwhile)."""
    if isinstance(action, Order | CancelOrder) and action.stack in names:
        return replace(action, stack=names[action.stack])
    return action


def apply_reveal(game: Game, side: str, actions: list[Action]) -> None:
    """Carry the revealed plan out as ``side``'s planning, action by action; one the rules
    refuse now is dropped and recorded for the side (see the module docstring)."""
    from . import plan as planning  # it imports this module

    wego = game.state.wego
    assert wego is not None
    names: dict[str, str] = {}
    planned = int(wego.get("stack_base", {}).get(side, game.state.next_stack))
    dropped = 0
    for action in actions:
        action = _renamed(action, names)
        try:
            planning.check(game, action, side)
        except IllegalAction as exc:
            dropped += 1
            game.record(
                "plan_action_dropped", side_id=side, action=action.to_json(), reason=str(exc)
            )
            continue
        before = game.state.next_stack
        planning.apply(game, action, side)
        for offset in range(game.state.next_stack - before):
            names[f"s{planned + offset}"] = f"s{before + offset}"
        planned += game.state.next_stack - before
    del wego["committed"][side]
    del wego["stack_base"][side]
    for key in ("committed", "stack_base"):
        if not wego[key]:
            del wego[key]
    wego["sealed"].append(side)
    game.record(
        "plan_revealed",
        side_id=side,
        orders=len(wego["orders"].get(side, {})),
        actions=len(actions),
        dropped=dropped,
    )
