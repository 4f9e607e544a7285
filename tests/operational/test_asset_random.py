"""Assets arriving at random turns (OA2) and leaving at random after a mission (OA2, OA13):
drawn with the game's die at fixed points of the turn (arrivals as a turn opens, leaving as
the mission flies), recorded, the same for a seed, and the same after a save and load.

The lane of tests/operational/test_asset_missions.py: red's armour at ``c4r1`` faces blue's
infantry at ``c5r1``; red's ``stuka`` bombards.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine import Game, IllegalAction
from engine.ai import BaselineAI
from engine.wego import views
from engine.wego.op import assets
from engine.wego.op.actions import AssignAsset
from tests.operational.play import execute, of
from tests.operational.test_asset_missions import lane, with_


def arrival_turn(game: Game) -> int | None:
    found = of(game.log.records, "op_asset_arrived")
    return found[0]["turn"] if found else None


def play_empty_turns(game: Game, turns: int) -> None:
    for _ in range(turns):
        if game.outcome() is None:
            execute(game, [])


def test_oa2_an_asset_arriving_at_random_comes_inside_its_window_and_says_so() -> None:
    b = lane(with_(arrives=2, arrives_by=4, arrival_chance=50), turns=6)
    seen = set()
    for seed in range(12):
        game = b.game(seed=seed)
        assert arrival_turn(game) is None
        refusals = {o.mission: o.refusal for o in assets.options(game, "red", "stuka")}
        assert "arrives at random, turns 2 to 4" in refusals["ground_attack"]
        play_empty_turns(game, 4)  # into turn 5
        turn = arrival_turn(game)
        assert turn is not None and 2 <= turn <= 4
        state = assets.state_of(game, "stuka")
        assert state is not None and state.arrived == turn
        seen.add(turn)
    assert len(seen) > 1  # the draw decides, not the first turn of the window


def test_oa2_the_chance_decides_and_the_last_turn_of_the_window_is_sure() -> None:
    sure = lane(with_(arrives=2, arrives_by=4, arrival_chance=100), turns=5).game(seed=3)
    never = lane(with_(arrives=2, arrives_by=4, arrival_chance=0), turns=5).game(seed=3)
    for game in (sure, never):
        play_empty_turns(game, 3)  # into turn 4
    assert arrival_turn(sure) == 2 and arrival_turn(never) == 4
    with pytest.raises(IllegalAction, match="not arrived yet"):
        lane(with_(arrives=1, arrives_by=4, arrival_chance=0), turns=5).game(seed=3).apply(
            AssignAsset("stuka", "ground_attack", "c5r1")
        )


def test_oa2_a_waiting_asset_flies_once_it_has_arrived_and_its_arrival_is_reds_own() -> None:
    game = lane(with_(arrives=1, arrives_by=3, arrival_chance=100), turns=3).game(seed=1)
    assert arrival_turn(game) == 1  # drawn as the first turn opens, before any plan
    game.apply(AssignAsset("stuka", "ground_attack", "c5r1"))
    blue = views.visible_records(game.log.records, "blue")
    assert not of(blue, "op_asset_arrived")


def test_oa2_fixed_assets_read_no_die_and_games_play_as_before() -> None:
    plain = lane(with_(arrives=2), turns=3).game(seed=5)
    windowless = lane(with_(arrives=2, arrives_by=2), turns=3).game(seed=5)
    for game in (plain, windowless):
        play_empty_turns(game, 2)
    assert plain.log.records == windowless.log.records
    assert not of(plain.log.records, "op_asset_arrived")


def test_oa13_a_mission_may_be_the_assets_last_inside_its_window() -> None:
    ship: dict[str, Any] = {
        "id": "monitor",
        "side": "red",
        "domain": "naval",
        "missions": ["ground_attack"],
        "bombardment": 6,
        "delay": {"turns": 1},
        "leave_chance": 100,
        "leave_from": 2,
    }
    game = lane(ship, turns=4).game(seed=2)
    execute(game, [AssignAsset("monitor", "ground_attack", "c5r1")])  # turn 1: outside
    assert not of(game.log.records, "op_asset_left")
    records = execute(game, [AssignAsset("monitor", "ground_attack", "c5r1")])
    (left,) = of(records, "op_asset_left")
    assert left["asset"] == "monitor"
    (flown,) = of(records, "op_asset_mission")
    assert flown["gone"]
    state = assets.state_of(game, "monitor")
    assert state is not None and state.gone and state.left
    (option,) = assets.options(game, "red", "monitor")
    assert "left the scenario" in option.refusal


def test_oa2_oa13_os16_the_draws_are_the_same_for_a_seed_and_after_save_and_load() -> None:
    b = lane(
        with_(arrives=1, arrives_by=3, arrival_chance=40, leave_chance=50, delay={"turns": 1}),
        with_(id="late", arrives=2, arrives_by=4, arrival_chance=30),
        {"id": "trucks", "side": "red", "domain": "ground", "missions": ["logistics"]},
        turns=5,
    )

    def run(game: Game) -> Game:
        ai = BaselineAI()
        while game.outcome() is None:
            game.apply(ai.choose(game))
        return game

    first = run(b.game(seed=11))
    second = run(b.game(seed=11))
    assert first.log.records == second.log.records
    assert of(first.log.records, "op_asset_arrived") and of(first.log.records, "op_logistics")
    halfway = b.game(seed=11)
    ai = BaselineAI()
    while halfway.turn < 3:
        halfway.apply(ai.choose(halfway))
    halfway.apply(ai.choose(halfway))  # into turn 3's planning
    again = Game.load(halfway.scenario, json.loads(json.dumps(halfway.save())))
    assert run(again).log.records == first.log.records
