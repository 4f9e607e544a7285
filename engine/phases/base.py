"""What every phase module provides to the game loop."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import Action
from ..errors import IllegalAction

if TYPE_CHECKING:
    from ..game import Game


class Phase:
    """One phase of a player-turn. Subclasses override what their phase does.

    ``begin`` runs the automatic part when the phase opens (draws, supply, arrivals),
    ``actions`` lists what the player may do, ``check`` refuses what it may not do (changing
    nothing), ``apply`` does an action that passed ``check``, ``blocking`` says what must still
    be done before the phase may end, and ``end`` runs when it closes.
    """

    name = "phase"
    card_timing: str | None = None
    """The card timing (``cards``, ``air``...) played at the start of this phase, if any."""

    def begin(self, game: Game) -> None:
        """Automatic work when the phase opens."""

    def actions(self, game: Game) -> list[Action]:
        """Actions of this phase open to the active side (cards and EndPhase come apart)."""
        return []

    def check(self, game: Game, action: Action) -> None:
        """Raise :class:`IllegalAction` unless ``action`` may be applied now; never changes
        the game. By default the action must be one :meth:`actions` lists; phases that also
        take documented equivalents (other paths, other subsets of units) say so."""
        if action not in self.actions(game):
            raise IllegalAction(f"'{action.kind}' is not possible now in the {self.name} phase")

    def apply(self, game: Game, action: Action) -> None:
        """Carry out one of this phase's actions (one that passed :meth:`check`)."""
        raise IllegalAction(f"'{action.kind}' is not possible in the {self.name} phase")

    def blocking(self, game: Game) -> str | None:
        """Why the phase cannot end yet, or ``None``."""
        return None

    def end(self, game: Game) -> None:
        """Automatic work when the phase closes."""
