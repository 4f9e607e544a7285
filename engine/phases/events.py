"""Events phase (E1): events whose turn and condition hold fire for the active side."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..conditions import holds
from ..effects import run_effects
from ..targets import Context
from .base import Phase

if TYPE_CHECKING:
    from ..game import Game


def owner(game: Game, event_id: str) -> str:
    """The side in whose events phase an event fires (``@self`` of its effects)."""
    event = game.world.events[event_id]
    return event.side if event.side is not None else game.sides_in_play[0]


def fire(game: Game, event_id: str) -> None:
    event = game.world.events[event_id]
    side = owner(game, event_id)
    game.state.events_fired.append(event_id)
    game.record("event", event=event_id, title=event.title, visible_to=event.visible_to)
    run_effects(game, event.effects, side=side, source=event_id)


class Events(Phase):
    name = "events"

    def begin(self, game: Game) -> None:
        for event in game.scenario.events:
            if not event.automatic or owner(game, event.id) != game.active_side:
                continue
            if event.id in game.state.events_fired and not event.repeat:
                continue
            if not event.turns.contains(game.turn):
                continue
            if holds(game, event.condition, Context(owner(game, event.id), event.id)):
                fire(game, event.id)
