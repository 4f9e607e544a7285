"""Sieges phase (G1): every enemy fortified structure the active side besieges is rolled for
once, in the order the player picks; each siege opens a card window for the besieger, then
one for the besieged side, before the die."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import cards
from ..actions import Action, ContinueBattle, ResolveSiege
from ..combat import siege
from ..errors import IllegalAction
from .base import Phase

if TYPE_CHECKING:
    from ..game import Game


class Sieges(Phase):
    name = "sieges"

    def begin(self, game: Game) -> None:
        game.state.stats[siege.DONE] = []

    def actions(self, game: Game) -> list[Action]:
        if siege.is_open(game):
            return [] if cards.mandatory_left(game) else [ContinueBattle()]
        return [ResolveSiege(s) for s in siege.open_to_siege(game, game.active_side)]

    def apply(self, game: Game, action: Action) -> None:
        if siege.is_open(game):
            if not isinstance(action, ContinueBattle):
                raise IllegalAction("finish the siege being resolved first")
            if cards.mandatory_left(game):
                raise IllegalAction("a mandatory card must be played first")
            siege.pass_window(game)
            return
        if not isinstance(action, ResolveSiege):
            raise IllegalAction(f"'{action.kind}' is not possible in the sieges phase")
        if action.structure not in siege.open_to_siege(game, game.active_side):
            raise IllegalAction(f"there is no siege of {action.structure} to resolve")
        siege.open_siege(game, action.structure)

    def blocking(self, game: Game) -> str | None:
        if siege.is_open(game):
            return f"the siege of {game.state.stats[siege.STRUCTURE]} is being resolved"
        left = siege.open_to_siege(game, game.active_side)
        if left:
            return f"{len(left)} siege(s) still to resolve: {', '.join(left)}"
        return None

    def end(self, game: Game) -> None:
        game.state.stats.pop(siege.DONE, None)
