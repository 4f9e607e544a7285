"""``salient pbem`` (P1): start, play a sitting from a file of actions or by the AI, verify."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from editor.cli import main
from engine.ai import BaselineAI
from engine.game import Game
from schemas.io import load_file

SAMPLE = Path(__file__).resolve().parents[2] / "sample_scenarios" / "vessa-crossing.json"


def first_sitting_actions() -> list[dict]:
    """The AI's first sitting of the sample with seed 3, as a file of actions would hold it."""
    scenario = load_file(SAMPLE).scenario
    assert scenario is not None
    game = Game(scenario, 3)
    side = game.to_act()
    ai = BaselineAI()
    out = []
    while game.to_act() == side:
        action = ai.choose(game)
        game.apply(action)
        out.append(action.to_json())
    return out


def test_p1_pbem_start_play_verify(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    actions = tmp_path / "mine.json"
    actions.write_text(json.dumps(first_sitting_actions()))
    folder = tmp_path / "game"
    folder.mkdir()
    code = main(
        ["pbem", "start", str(SAMPLE), "--side", "dravan", "--folder", str(folder),
         "--seed", "3", "--game", "cli", "--actions", str(actions), "--json"]
    )  # fmt: skip
    assert code == 0
    started = json.loads(capsys.readouterr().out)
    first = Path(started["written"])
    assert first.name == "vessa-crossing_cli_dravan_001.salient-turn"
    assert started["next"] == "arvel"

    # The wrong side is refused and nothing is written.
    assert main(["pbem", "play", str(first), str(SAMPLE), "--side", "dravan", "--ai"]) == 1
    assert "addressed to arvel, not to dravan" in capsys.readouterr().out
    assert len(list(folder.iterdir())) == 1

    assert main(["pbem", "play", str(first), str(SAMPLE), "--side", "arvel", "--ai"]) == 0
    out = capsys.readouterr().out
    assert "file 1 by dravan replayed and checked" in out
    second = folder / "vessa-crossing_cli_arvel_002.salient-turn"
    assert second.is_file()

    assert main(["pbem", "verify", str(second), str(SAMPLE)]) == 0
    assert "verified: 2 files" in capsys.readouterr().out

    # A die roll or an action edited by hand: verify names the file and the place.
    data = json.loads(second.read_text())
    data["actions"][0]["kind"] = "retreat"
    second.write_text(json.dumps(data))
    assert main(["pbem", "verify", str(second), str(SAMPLE), "--json"]) == 1
    report = json.loads(capsys.readouterr().out)
    assert report["verified"] is False and report["file"] == str(second)
    assert report["where"].startswith("file 2, turn 1, action 1 'retreat'")


def test_p1_pbem_refuses_an_illegal_action_and_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    actions = tmp_path / "mine.json"
    actions.write_text(json.dumps([{"kind": "move", "stack": "s999", "path": ["x"]}]))
    folder = tmp_path / "game"
    folder.mkdir()
    code = main(
        ["pbem", "start", str(SAMPLE), "--side", "dravan", "--folder", str(folder),
         "--actions", str(actions)]
    )  # fmt: skip
    assert code == 1
    assert "mine.json: /0 (move): refused" in capsys.readouterr().out
    assert list(folder.iterdir()) == []


def test_p1_pbem_unfinished_sitting_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    actions = tmp_path / "mine.json"
    actions.write_text(json.dumps(first_sitting_actions()[:1]))
    code = main(
        ["pbem", "start", str(SAMPLE), "--side", "dravan", "--folder", str(tmp_path),
         "--seed", "3", "--actions", str(actions)]
    )  # fmt: skip
    assert code == 1
    assert "not over after its last action" in capsys.readouterr().out
    assert not list(tmp_path.glob("*.salient-turn"))
