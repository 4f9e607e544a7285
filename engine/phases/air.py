"""The two air phases of a player-turn (A1-A5).

Both open with aircraft coming home (:func:`engine.air.open_phase`) and let the side fly
stacks out of airports or change their base. In the offensive phase any region in range may
be the target; the defensive phase only allows regions free of enemies, where the aircraft
stand guard until the side's next offensive phase.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import Action
from ..air import air_sea_battles, movement, open_phase
from .base import Phase

if TYPE_CHECKING:
    from ..game import Game


class AirOffensive(Phase):
    name = "air_offensive"
    card_timing = "air"

    def begin(self, game: Game) -> None:
        open_phase(game, defensive=False)

    def actions(self, game: Game) -> list[Action]:
        return movement.actions(game)

    def apply(self, game: Game, action: Action) -> None:
        movement.apply(game, action)

    def end(self, game: Game) -> None:
        air_sea_battles(game)


class AirDefensive(Phase):
    name = "air_defensive"
    card_timing = "air"

    def begin(self, game: Game) -> None:
        open_phase(game, defensive=True)

    def actions(self, game: Game) -> list[Action]:
        return movement.actions(game)

    def apply(self, game: Game, action: Action) -> None:
        movement.apply(game, action)
