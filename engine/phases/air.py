"""The two air phases of a player-turn (A1-A5).

Both open with aircraft coming home (:func:`engine.air.open_phase`) and let the side fly
stacks out of airports or change their base. In the offensive phase any region in range may
be the target; the defensive phase only allows regions free of enemies, where the aircraft
stand guard until the side's next offensive phase.

Aircraft that end their offensive flight over enemy ships at sea fight an air-sea battle at
the end of the side's air movement (A4): the side picks each such battle (``ResolveBattle``)
once it has flown everything it wanted, and it is fought like any battle, round by round with
card windows. Opening the first one ends the side's flying for the phase.

The offensive phase also carries land units by air (:mod:`engine.air.airlift`), and ends with
the searches of recon aircraft (:mod:`engine.air.recon`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import Action, Airlift, Drop, ResolveBattle
from ..air import airlift, movement, open_phase
from ..air.recon import reconnoitre
from ..combat import battle
from ..combat.field import air_sea_regions
from ..errors import IllegalAction
from .base import Phase

if TYPE_CHECKING:
    from ..game import Game

FOUGHT = "air_sea_fought"
"""Key in ``GameState.stats`` once the side's air-sea battles have begun: the sea regions
already fought over in this phase (no more flights then)."""


def pending(game: Game) -> list[str]:
    """Sea regions where an air-sea battle is still to be fought in this phase."""
    fought = game.state.stats.get(FOUGHT) or []
    return [r for r in air_sea_regions(game, game.active_side) if r not in fought]


def striking(game: Game) -> bool:
    """The side's air-sea battles have begun: its air movement is over for the phase."""
    return game.state.stats.get(FOUGHT) is not None


class AirOffensive(Phase):
    name = "air_offensive"
    card_timing = "air"

    def begin(self, game: Game) -> None:
        game.state.stats.pop(FOUGHT, None)
        open_phase(game, defensive=False)

    def actions(self, game: Game) -> list[Action]:
        flights = [] if striking(game) else movement.actions(game) + airlift.actions(game)
        return flights + [ResolveBattle(r) for r in pending(game)]

    def check(self, game: Game, action: Action) -> None:
        if isinstance(action, ResolveBattle):
            if action.region not in pending(game):
                raise IllegalAction(f"there is no air-sea battle to fight at {action.region}")
            return
        if striking(game):
            raise IllegalAction("the air movement is over: the air-sea battles are being fought")
        if isinstance(action, Airlift | Drop):
            airlift.check(game, action)
            return
        movement.check(game, action)

    def apply(self, game: Game, action: Action) -> None:
        if isinstance(action, ResolveBattle):
            fought = game.state.stats.setdefault(FOUGHT, [])
            fought.append(action.region)
            battle.open_battle(game, action.region)
            return
        if isinstance(action, Airlift | Drop):
            airlift.apply(game, action)
            return
        movement.apply(game, action)

    def blocking(self, game: Game) -> str | None:
        regions = pending(game)
        if not regions:
            return None
        return f"{len(regions)} air-sea battle(s) still to fight: {', '.join(regions)}"

    def end(self, game: Game) -> None:
        game.state.stats.pop(FOUGHT, None)
        reconnoitre(game)


class AirDefensive(Phase):
    name = "air_defensive"
    card_timing = "air"

    def begin(self, game: Game) -> None:
        open_phase(game, defensive=True)

    def actions(self, game: Game) -> list[Action]:
        return movement.actions(game)

    def check(self, game: Game, action: Action) -> None:
        movement.check(game, action)

    def apply(self, game: Game, action: Action) -> None:
        movement.apply(game, action)
