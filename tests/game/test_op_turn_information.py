"""The operational family's turn information in the event log (OF8): the asset missions
flown, the air war, interdiction, AA fire and bombardments in words, as each side may read
them."""

from __future__ import annotations

from pathlib import Path

import pytest

from editor.game.panels.knowledge import Sight
from editor.game.panels.wording import sentence
from engine.ai import BaselineAI
from engine.game import Game
from engine.wego.views import visible_records
from schemas.io import load_file

SAMPLE = Path(__file__).resolve().parents[2] / "sample_scenarios"
KINDS = ("op_asset_mission", "op_air_war", "op_interdiction", "op_aa_fire", "op_bombardment")


@pytest.fixture(scope="module")
def played() -> Game:
    """The Kharkov operational sample, two turns of the AI against itself."""
    scenario = load_file(SAMPLE / "kharkov-1942-operational.json").scenario
    assert scenario is not None
    game = Game(scenario, seed=1)
    ai = BaselineAI()
    while game.turn < 3:
        game.apply(ai.choose(game))
    return game


def test_of8_every_asset_mission_and_the_air_war_of_a_played_turn_has_a_line(played):
    records = [r for r in visible_records(played.log.records, "soviet") if r["type"] in KINDS]
    kinds = {r["type"] for r in records}
    assert {"op_asset_mission", "op_air_war"} <= kinds, "the AI flies its assets"
    sight = Sight(played, "soviet")
    for record in records:
        line = sentence(sight, record)
        assert line, record
        assert "{" not in line and "None" not in line


def test_of8_a_mission_names_the_asset_its_target_and_its_return_turn(played):
    sight = Sight(played, "soviet")
    record = {
        "type": "op_asset_mission",
        "side_id": "soviet",
        "asset": "vvs-swf",
        "mission": "offensive_support",
        "target": "c26r18",
        "back_on": 4,
        "gone": False,
    }
    assert sentence(sight, record) == (
        "Your Air forces of the South-Western Front flies offensive support at hex c26r18; "
        "back on turn 4."
    )
    enemy = {**record, "side_id": "axis", "asset": "fk-iv", "mission": "ground_attack"}
    assert sentence(Sight(played, "axis"), enemy).endswith("back on turn 4.")
    assert sentence(sight, {**record, "gone": True}).endswith("it then leaves for good.")


def test_of8_an_enemy_asset_s_return_turn_stays_hidden_under_the_fog_of_war():
    scenario = load_file(SAMPLE / "kharkov-1942-operational.json").scenario
    game = Game(scenario, seed=1, fog=True)
    record = {
        "type": "op_asset_mission",
        "side_id": "axis",
        "asset": "fk-iv",
        "mission": "ground_attack",
        "target": "c26r18",
        "back_on": 5,
        "gone": False,
    }
    line = sentence(Sight(game, "soviet"), record)
    assert line == "Army Group South's IV Fliegerkorps (Stukas) flies ground attack at hex c26r18."
    assert "turn 5" in sentence(Sight(game, "axis"), record)


def test_of8_air_war_interdiction_aa_fire_and_bombardment_in_words(played):
    sight = Sight(played, "soviet")
    air = {
        "type": "op_air_war",
        "counter_air": {"axis": 2, "soviet": 0},
        "advantage": {"axis": 2, "soviet": 0},
    }
    assert sentence(sight, air) == (
        "Air war (OA7-OA9): counter-air Army Group South 2, you 0; advantage Army Group South +2."
    )
    cut = {
        "type": "op_interdiction",
        "side_id": "axis",
        "assets": ["fk-viii"],
        "effective": 1,
        "lost": {"fuel": 2.0, "ammo": 0.5, "personnel": 0.0, "equipment": 0.0},
        "loc_cut": 10.0,
    }
    assert sentence(sight, cut) == (
        "Army Group South's interdiction (1 asset, 1 effective): the enemy loses 2 fuel, "
        "0.5 ammunition and 10% of its HQs' LOC range."
    )
    aa = {
        "type": "op_aa_fire",
        "side_id": "soviet",
        "asset": "vvs-swf",
        "target": "c26r18",
        "result": "aborted",
        "damage": 5.0,
    }
    assert sentence(sight, aa) == (
        "AA fire at Air forces of the South-Western Front (yours) over hex c26r18: aborted, "
        "5% strength lost."
    )
    bomb = {
        "type": "op_bombardment",
        "side_id": "axis",
        "target": "c26r18",
        "units": {"u1": 80.0, "u2": 75.0},
        "loss": 12.5,
    }
    assert sentence(sight, bomb) == (
        "Army Group South's bombardment of hex c26r18 (OC31): 2 units there each lose 12.5% "
        "readiness."
    )


def test_oa2_oa13_os16_random_arrivals_leavings_and_logistics_in_words(played):
    sight = Sight(played, "axis")
    arrived = {
        "type": "op_asset_arrived",
        "side_id": "axis",
        "asset": "fk-viii",
        "window": [5, 8],
    }
    assert sentence(sight, arrived) == (
        "Your VIII Fliegerkorps arrived (at random between turns 5 and 8, OA2)."
    )
    left = {"type": "op_asset_left", "side_id": "soviet", "asset": "vvs-swf"}
    assert sentence(sight, left) == (
        "South-Western Direction's Air forces of the South-Western Front left for the rest "
        "of the scenario after its mission (OA13)."
    )
    trucks = {
        "type": "op_logistics",
        "side_id": "axis",
        "asset": "fk-iv",
        "target": "c26r18",
        "levels": ["move_plus", "combat_plus"],
        "units": ["a", "b"],
    }
    assert sentence(sight, trucks) == (
        "Your IV Fliegerkorps (Stukas) brings Move+, Combat+ to 2 units around hex c26r18 (OS16)."
    )
