"""Questions the game asks a player in the middle of something: an event's choice, where a
reinforcement brought by a card lands, whether and where to break through.

Pending decisions are plain dicts in ``GameState.pending`` (so they save with the game), each
with a ``kind`` and the ``side`` that answers (their shapes: :data:`engine.records.Decision`).
While one is pending, it is the only thing anybody may do. Modules register a
:class:`Handler` for each kind they raise.

Some choices the rules leave to chance unless a player wants to make them (where a beaten
stack retreats among equally good regions). A side makes them only once it is listed by
:func:`let_choose` (the game view lists the sides people play); for every other side (the
AI, headless games) the die decides as before, so their games and logs do not change.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .actions import Action, Choose
from .errors import IllegalAction
from .records import Decision

if TYPE_CHECKING:
    from .game import Game


@dataclass(frozen=True)
class Handler:
    describe: Callable[[Game, Decision], str]
    actions: Callable[[Game, Decision], list[Action]]
    apply: Callable[[Game, Decision, Action], None]
    """Carries out the answer (one that passed ``check``); it must pop the decision when it
    is settled."""
    check: Callable[[Game, Decision, Action], None] | None = None
    """Refuses an answer that is not one of ``actions`` nor a documented equivalent; by
    default only the listed answers are accepted."""


HANDLERS: dict[str, Handler] = {}


def register(kind: str, handler: Handler) -> None:
    HANDLERS[kind] = handler


CHOOSERS = "choosing_sides"
"""``state.stats`` key: the sides that make the choices the die would otherwise make."""


def let_choose(game: Game, sides: list[str]) -> None:
    """Let ``sides`` make the choices the rules otherwise leave to the die (an empty list:
    the die makes them all). Saved with the game."""
    if sides:
        game.state.stats[CHOOSERS] = sorted(sides)
    else:
        game.state.stats.pop(CHOOSERS, None)


def chooses(game: Game, side: str) -> bool:
    """Whether ``side`` makes its own choices where the die would otherwise pick."""
    return side in game.state.stats.get(CHOOSERS, ())


def push(game: Game, decision: Decision) -> None:
    game.state.pending.append(decision)
    game.record("decision", decision=decision["kind"], for_side=decision["side"])


def pop(game: Game) -> Decision:
    return game.state.pending.pop(0)


def side_of(game: Game, decision: Decision) -> str:
    return str(decision["side"])


def describe(game: Game, decision: Decision) -> str:
    return HANDLERS[decision["kind"]].describe(game, decision)


def actions(game: Game, decision: Decision) -> list[Action]:
    return HANDLERS[decision["kind"]].actions(game, decision)


def check(game: Game, decision: Decision, action: Action) -> None:
    """Raise :class:`IllegalAction` unless ``action`` answers the decision; changes nothing."""
    handler = HANDLERS[decision["kind"]]
    if handler.check is not None:
        handler.check(game, decision, action)
    elif action not in handler.actions(game, decision):
        raise IllegalAction(f"{describe(game, decision)}; '{action.kind}' does not answer it")


def apply(game: Game, decision: Decision, action: Action) -> None:
    HANDLERS[decision["kind"]].apply(game, decision, action)


# -- choices of events and cards -------------------------------------------------------------------


def _choice_actions(game: Game, decision: Decision) -> list[Action]:
    assert decision["kind"] == "choice"
    return choose_among(decision["options"])


def choose_among(options: list[Any]) -> list[Action]:
    """One :class:`~engine.actions.Choose` per option, by its number."""
    return [Choose(i) for i in range(len(options))]


def _choice_describe(game: Game, decision: Decision) -> str:
    assert decision["kind"] == "choice"
    return f"{decision['side']} must answer: {decision['prompt'] or decision['source']}"


def _choice_apply(game: Game, decision: Decision, action: Action) -> None:
    from schemas.effects import ChoiceOption

    from .effects import run_effects

    assert decision["kind"] == "choice" and isinstance(action, Choose)
    pop(game)
    option = ChoiceOption.model_validate(decision["options"][action.option])
    game.record("chose", side_id=decision["side"], option=option.label, source=decision["source"])
    run_effects(game, option.effects, side=decision["acting_for"], source=decision["source"])


register(
    "choice",
    Handler(
        describe=_choice_describe,
        actions=_choice_actions,
        apply=_choice_apply,
    ),
)
