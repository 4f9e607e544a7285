"""The engineers in the game view (OE2-OE6): their work in the log panel, told in words to
their own side, never to the enemy's (it sees the work itself on the map); the Engineers tab
only in scenarios that have engineers."""

from __future__ import annotations

from editor.game.panels.knowledge import Sight
from editor.game.panels.log_panel import kind_of
from editor.game.panels.wording import sentence
from editor.game.wego.op_engineers import has_engineers
from engine.wego.op.actions import OrderEngineer
from tests.operational.test_engineers import bridged, river_bank, turn


def test_oe4_a_destroyed_bridge_is_told_to_its_side_only_with_the_roll() -> None:
    game = bridged(minor_bridge={"destroy": 1.0, "repair": 1.0})
    records = turn(game, OrderEngineer("bridger", "destroy_bridge", "c4r1"))
    (work,) = [r for r in records if r["type"] == "op_engineering"]
    said = sentence(Sight(game, "red"), work)
    assert said is not None
    assert said.startswith("Bridger (bridger) destroyed the bridge at c3r1-c4r1 (roll ")
    assert said.endswith(", 100 or less needed).")
    assert sentence(Sight(game, "blue"), work) is None
    assert kind_of("op_engineering") == "places"


def test_oe5_oe6_pontoon_work_and_its_removal_in_words() -> None:
    game = river_bank("major-river").game(seed=2)
    records = turn(game, OrderEngineer("bridger", "pontoon"))
    (work,) = [r for r in records if r["type"] == "op_engineering"]
    assert sentence(Sight(game, "red"), work) == (
        "Bridger (bridger) worked on a pontoon in c3r1: turn 1 of the work."
    )
    records = turn(game)
    (built,) = [r for r in records if r["type"] == "op_engineering"]
    assert (
        sentence(Sight(game, None), built) == "Bridger (bridger) finished a pontoon over c3r1-c4r1."
    )
    gone = {"type": "op_pontoon_removed", "side_id": "red", "region": "c3r1", "reason": "why"}
    assert sentence(Sight(game, "blue"), gone) == "The pontoon in c3r1 was taken up: why."


def test_oo14_the_engineers_tab_is_offered_where_the_scenario_has_engineers() -> None:
    from pathlib import Path

    from engine import Game
    from schemas.io import load_file

    assert has_engineers(bridged())
    sample = Path(__file__).resolve().parents[2] / "sample_scenarios"
    loaded = load_file(sample / "kharkov-1942-operational.json")
    assert loaded.scenario is not None
    assert not has_engineers(Game(loaded.scenario, 1))  # no engineers in the Kharkov sample
