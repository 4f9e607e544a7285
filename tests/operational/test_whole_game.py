"""A whole AI-against-AI game of the operational family (issue 15): deterministic, saved and
loaded in the middle to the same end, and its film replays exactly (OT6, OF1, OF5)."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from engine import Game, SaveError
from engine.ai import BaselineAI
from engine.runner import play
from engine.wego import film
from engine.wego.ai import make_plan
from engine.wego.orders import OrderAttack
from tests.operational.builder import OpBuilder
from tests.operational.scenarios import skirmish
from tests.wego_scenarios import lane


def test_ot6_an_ai_game_is_deterministic_and_fights_with_the_odds_combat() -> None:
    scenario = skirmish().build()
    first, second = play(scenario, 5), play(scenario, 5)
    assert first.finished and first.game.log.records == second.game.log.records
    kinds = Counter(r["type"] for r in first.game.log.records)
    assert kinds["op_battle"] > 0 and kinds["wego_battle"] == 0
    outcome = first.game.outcome()
    assert outcome is not None and outcome.turns_played == 6
    assert outcome.battles == kinds["op_battle"]


def test_ot6_a_save_in_the_middle_loads_and_plays_to_the_same_end() -> None:
    scenario = skirmish().build()
    game, ai = Game(scenario, 9), BaselineAI()
    saves: list[str] = []
    while game.outcome() is None:
        game.apply(ai.choose(game))
        if len(game.log) > 0 and game.phase == "wego_planning" and len(saves) < 3:
            saves.append(json.dumps(game.save()))
    assert saves
    for text in saves:
        copy, other = Game.from_save(scenario, text), BaselineAI()
        while copy.outcome() is None:
            copy.apply(other.choose(copy))
        assert copy.outcome() == game.outcome()
        assert copy.state.to_json() == game.state.to_json()
        assert copy.log.records == game.log.records


def test_of1_of5_the_film_rebuilds_every_frame_and_lists_every_battle() -> None:
    records = play(skirmish().build(), 5).game.log.records
    assert film.verify(records) == []
    rows = film.battles(records)
    fights = Counter(r["type"] for r in records)
    assert len(rows) == fights["op_battle"] + fights["op_overrun"]  # OM14: overruns listed
    assert all(row.rounds == (row.kind != "overrun") for row in rows)
    assert all(row.attacker != row.defender for row in rows)
    frames = film.frames(records, viewer=None, turn=2)
    assert frames and frames[0].tick == 0


def test_the_ai_attacks_at_good_odds_and_leaves_bad_odds_alone() -> None:
    b = OpBuilder(columns=6, rows=3)
    b.rules("fog", enabled=False)
    b.unit("tank", "armour", "c2r1", echelon="regiment")
    b.unit("pea", "inf", "c2r3", quality="conscript", readiness=40)
    b.unit("weak", "inf", "c3r1", nation="blueland", quality="green", readiness=40)
    b.unit("rock", "inf", "c3r3", nation="blueland", echelon="regiment", quality="elite")
    game = b.game(seed=1)
    style = BaselineAI().style
    orders = make_plan(game, "red", style)
    attacks = {o.stack: o.target for o in orders if isinstance(o, OrderAttack)}
    tank = game.state.units["tank"].stack
    assert attacks.get(tank) == "c3r1"
    assert "c3r3" not in attacks.values()  # an elite regiment: the odds are poor


def test_a_damaged_operational_state_in_a_save_is_refused_with_its_place() -> None:
    game = Game(skirmish().build(), 3)
    data = game.save()
    data["state"]["operational"] = {
        "units": {"r-tank": {"strength": 150.0, "readiness": 90.0, "dug_in": False}},
        "turn": {"used": {}, "damage": {}},
    }
    with pytest.raises(SaveError) as caught:
        Game.load(game.scenario, data)
    assert caught.value.pointer == "/state/operational/units/r-tank/strength"
    data["state"]["operational"]["units"] = {
        "ghost": {"strength": 50.0, "readiness": 50.0, "dug_in": False}
    }
    with pytest.raises(SaveError):
        Game.load(game.scenario, data)
    area = lane().unit("r", "inf", "c1r1").game()
    data = area.save()
    data["state"]["operational"] = {"units": {}, "turn": {"used": {}, "damage": {}}}
    with pytest.raises(SaveError, match="no operational state"):
        Game.load(area.scenario, data)
