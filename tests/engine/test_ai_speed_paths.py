"""The AI's shortcuts change how fast it thinks, never what it chooses.

In the movement phases the AI looks only at the moves of the stacks it comes to, instead of
every legal action; the distances to the front come from one search per decision. A player
without the shortcut (it always reads the full list of legal actions) must play the very
same game, record for record.
"""

from __future__ import annotations

import pytest

from engine.actions import Action
from engine.ai.baseline import BaselineAI
from engine.game import Game
from schemas.generator import generate_scenario
from tests.samples.played import scenario


class FullListAI(BaselineAI):
    """The baseline player deciding from the full list of legal actions every time."""

    def _choose_in_movement(self, game: Game) -> Action | None:
        return None


class CheckedAI(BaselineAI):
    """The baseline player, whose every choice is checked to be one the game lists."""

    def choose(self, game: Game) -> Action:
        chosen = super().choose(game)
        assert chosen in game.legal_actions(), (game.turn, game.phase, chosen)
        return chosen


def _log(game: Game, player: BaselineAI, turns: int) -> str:
    while game.outcome() is None and game.turn <= turns:
        game.apply(player.choose(game))
    return game.log.jsonl()


@pytest.mark.parametrize(("name", "seed", "turns"), [("north-africa", 2, 6), ("mexican-war", 1, 6)])
def test_the_movement_shortcut_plays_the_same_game(name: str, seed: int, turns: int) -> None:
    quick = _log(Game(scenario(name), seed), BaselineAI(), turns)
    full = _log(Game(scenario(name), seed), FullListAI(), turns)
    assert quick.count('"type":"move"') > 10  # the comparison covers real movement
    assert quick == full


def test_the_movement_shortcut_plays_the_same_game_on_a_generated_map() -> None:
    made = generate_scenario(150, 3)
    assert _log(Game(made, 3), BaselineAI(), 4) == _log(Game(made, 3), FullListAI(), 4)


def test_every_choice_is_among_the_legal_actions() -> None:
    game = Game(scenario("winter-war"), 3)
    _log(game, CheckedAI(), 3)
    assert game.turn > 3 or game.outcome() is not None
