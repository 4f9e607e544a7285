"""The hard level's look-ahead (engine/ai/planner.py): each turn is played by the candidate plan
whose rollouts, played on copies of the game to the side's next turn, leave the best position.

The scenarios are hand-made (tests/engine/builder.py); a plan that never moves is the foil: the
planner must see, by playing the turn out, that attacking a weak enemy next door is better.
"""

from __future__ import annotations

from engine import Game
from engine.actions import Action, EndPhase, Move
from engine.ai.levels import NORMAL, NORMAL_TACTICS
from engine.ai.planner import Plan, Planner
from engine.ai.tactical import Tactician
from tests.engine.builder import Builder, advance_to


class Passive:
    """Ends every phase it may end, and otherwise takes the first legal action."""

    def choose(self, game: Game) -> Action:
        actions = game.legal_actions()
        return EndPhase() if EndPhase() in actions else actions[0]


def _normal() -> Tactician:
    return Tactician(NORMAL, NORMAL_TACTICS)


def _weak_enemy_next_door(decisive: bool = True) -> Builder:
    """Four red infantry in a1, one blue infantry in b1 next door, and red wins outright by
    taking b1: an attack the ``normal`` tactician makes and a passive plan does not."""
    b = Builder(cols=3)
    b.source("rs", "a1", "red").source("bs", "c1", "blue")
    take_b1 = {"kind": "controls", "regions": ["b1"]}
    if decisive:
        b.set("victory", {"sudden_death": [{"id": "take-b1", "side": "red", "condition": take_b1}]})
    for unit in ("r1", "r2", "r3", "r4"):
        b.unit(unit, "inf", "a1")
    b.unit("x1", "inf", "b1", nation="blueland")
    return b


def _play_turn(game: Game, player: Planner, limit: int = 300) -> list[Action]:
    """Let ``player`` act for the active side until the side's player-turn ends."""
    side, turn = game.active_side, game.turn
    taken: list[Action] = []
    for _ in range(limit):
        if game.outcome() is not None or (game.active_side, game.turn) != (side, turn):
            return taken
        acting = game.to_act()
        action = player.choose(game) if acting == side else _normal().choose(game)
        if acting == side:
            taken.append(action)
        game.apply(action)
    raise AssertionError("the turn never ended")


def test_the_planner_plays_the_turn_with_the_plan_whose_rollouts_score_best() -> None:
    game = _weak_enemy_next_door().game(seed=3)
    advance_to(game, "land_movement")
    planner = Planner([Plan("passive", Passive), Plan("normal", _normal)], _normal)
    taken = _play_turn(game, planner)
    assert planner.choices == [(1, "red", "normal")]
    assert any(isinstance(a, Move) and a.path[-1] == "b1" for a in taken)


def test_the_planner_with_one_plan_plays_it_without_rollouts() -> None:
    game = _weak_enemy_next_door().game(seed=3)
    advance_to(game, "land_movement")
    planner = Planner([Plan("passive", Passive)], _normal)
    taken = _play_turn(game, planner)
    assert planner.choices == []
    assert not any(isinstance(a, Move) for a in taken)


def test_the_planner_plans_once_per_player_turn() -> None:
    game = _weak_enemy_next_door(decisive=False).game(seed=3)
    advance_to(game, "land_movement")
    planner = Planner([Plan("normal", _normal), Plan("passive", Passive)], _normal)
    _play_turn(game, planner)
    _play_turn(game, Planner([Plan("normal", _normal)], _normal))  # blue's turn
    _play_turn(game, planner)
    assert [(turn, side) for turn, side, _ in planner.choices] == [(1, "red"), (2, "red")]


def test_the_planner_plans_only_the_first_turn_when_asked_to_plan_once() -> None:
    game = _weak_enemy_next_door(decisive=False).game(seed=3)
    advance_to(game, "land_movement")
    plans = [Plan("normal", _normal), Plan("passive", Passive)]
    planner = Planner(plans, _normal, horizon=2, every=0)
    _play_turn(game, planner)
    _play_turn(game, Planner([Plan("normal", _normal)], _normal))
    _play_turn(game, planner)
    assert [(turn, side) for turn, side, _ in planner.choices] == [(1, "red")]


def test_a_planners_game_is_fixed_by_its_seed() -> None:
    """The rollouts roll their own dice, seeded by where the game stands: the same seed plays
    the same game, plan for plan and record for record."""

    def played() -> tuple[str, list[tuple[int, str, str]]]:
        game = _weak_enemy_next_door(decisive=False).game(seed=7)
        plans = [Plan("passive", Passive), Plan("normal", _normal)]
        red = Planner(plans, _normal)
        blue = Planner([Plan("normal", _normal), Plan("passive", Passive)], _normal)
        while game.outcome() is None and game.turn <= 3:
            player = red if game.active_side == "red" else blue
            game.apply(player.choose(game))
        return game.log.digest(), red.choices + blue.choices

    first = played()
    assert len(first[1]) >= 4
    assert played() == first
