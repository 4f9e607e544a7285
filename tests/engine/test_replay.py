"""Replaying a recorded game (``engine.replay``): the same scenario gives the same log record for
record; an edit is reported at the first record it changes, with turn, phase and fields."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.replay import LogError, differences, read_log, replay
from engine.runner import play
from schemas import load_file

SAMPLE = load_file(Path(__file__).resolve().parents[2] / "sample_scenarios" / "vessa-crossing.json")


def _recorded(seed: int = 5, **options) -> list[dict]:
    """A headless game's log as it reads back from a file."""
    game = play(SAMPLE.scenario, seed, **options).game
    return read_log(game.log.jsonl().splitlines())


def _with_rifles_attack(change: int):
    scenario = SAMPLE.scenario
    types = [
        t.model_copy(update={"attack": t.attack + change}) if t.id == "rifle-division" else t
        for t in scenario.unit_types
    ]
    return scenario.model_copy(update={"unit_types": types})


def test_a_game_replays_record_for_record_on_its_scenario() -> None:
    records = _recorded()
    found = replay(SAMPLE.scenario, records)
    assert found.divergence is None
    assert found.compared == len(records)
    assert found.actions == sum(1 for r in records if r["type"] == "action")
    outcome = found.game.outcome()
    assert records[-1]["type"] == "game_over"
    assert outcome is not None and outcome["winner"] == records[-1]["winner"]


def test_an_edit_is_reported_at_the_first_record_it_changes() -> None:
    records = _recorded()
    found = replay(_with_rifles_attack(+1), records)
    divergence = found.divergence
    assert divergence is not None
    assert divergence.reason == "the record differs"
    assert divergence.recorded == records[divergence.index]
    assert divergence.recorded["seq"] == divergence.index
    where = divergence.where
    assert isinstance(where["turn"], int) and where["phase"] and where["side"]
    assert divergence.differences and all(": recorded " in d for d in divergence.differences)
    # Every record before it was compared and found equal; the game stopped after the action
    # during which it wrote the divergent record.
    assert found.compared == divergence.index
    assert len(found.game.log) > divergence.index
    last_action = max(i for i in range(divergence.index) if records[i]["type"] == "action")
    assert found.actions == sum(1 for r in records[: last_action + 1] if r["type"] == "action")
    text = divergence.describe()
    assert text.startswith(f"first divergence at record {divergence.index} (")
    assert f"turn {where['turn']}, {where['side']}'s {where['phase']} phase" in text


def test_a_scenario_only_renamed_replays_identically() -> None:
    records = _recorded()
    renamed = SAMPLE.scenario.model_copy(
        update={"info": SAMPLE.scenario.info.model_copy(update={"title": "Another title"})}
    )
    assert replay(renamed, records).divergence is None


def test_a_recorded_action_the_game_refuses_is_the_divergence() -> None:
    records = _recorded()
    index = next(i for i, r in enumerate(records) if r["type"] == "action" and r["turn"] == 2)
    tampered = [dict(r) for r in records]
    tampered[index] = dict(records[index], action={"kind": "move", "stack": "nope", "path": []})
    found = replay(SAMPLE.scenario, tampered)
    assert found.divergence is not None
    assert found.divergence.index == index
    assert found.divergence.reason.startswith("the recorded action is refused now: ")


def test_a_log_cut_short_replays_to_its_last_record() -> None:
    records = _recorded(turns=3)
    found = replay(SAMPLE.scenario, records)
    assert found.divergence is None
    assert found.game.outcome() is None and found.game.turn == 4


def test_the_log_carries_the_fog_setting_and_the_replay_uses_it() -> None:
    records = _recorded(seed=7, fog=False)
    assert records[0]["fog"] is False
    found = replay(SAMPLE.scenario, records)
    assert found.divergence is None and found.game.fog is False


def test_a_log_that_goes_on_after_the_game_ended_diverges() -> None:
    records = _recorded()
    extra = dict(records[-1], seq=len(records), type="phase")
    found = replay(SAMPLE.scenario, [*records, extra])
    assert found.divergence is not None
    assert found.divergence.reason.startswith("the game is over where the log goes on")


def test_nested_differences_are_named_by_their_path() -> None:
    a = {"type": "battle_modifiers", "units": {"r1": [["base", 3]], "r2": [["base", 4]]}}
    b = {"type": "battle_modifiers", "units": {"r1": [["base", 4]], "r2": [["base", 4]]}}
    assert differences(a, b) == ["units.r1[0][1]: recorded 3, now 4"]
    assert differences({"type": "x", "a": 1}, {"type": "x", "b": 1}) == [
        "a: recorded 1, now missing",
        "b: not recorded, now 1",
    ]


def test_a_log_that_is_not_a_game_is_refused_with_the_line() -> None:
    with pytest.raises(LogError, match="line 2 is not JSON"):
        read_log([json.dumps({"type": "game_start", "seed": 1}), "{oops"])
    with pytest.raises(LogError, match="does not start with the game's start"):
        read_log([json.dumps({"type": "phase", "turn": 1})])
    with pytest.raises(LogError, match="line 1 is not a record"):
        read_log(["[1, 2]"])
