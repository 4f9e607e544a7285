"""Cards phase (E2): the active side draws, plays what it wants, discards down to the limit."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import cards
from .base import Phase

if TYPE_CHECKING:
    from ..game import Game


class Cards(Phase):
    name = "cards"
    card_timing = "cards"

    def begin(self, game: Game) -> None:
        cards.draw(game, game.active_side, game.scenario.rules.cards.draw_per_turn)

    def blocking(self, game: Game) -> str | None:
        extra = cards.excess(game, game.active_side)
        if extra:
            return f"{extra} card{'s' if extra > 1 else ''} over the hand limit must be discarded"
        return None
