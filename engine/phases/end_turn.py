"""End of turn: a last window for cards; the checks run when the player-turn closes."""

from __future__ import annotations

from .base import Phase


class EndOfTurn(Phase):
    name = "end_of_turn"
    card_timing = "end_of_turn"
