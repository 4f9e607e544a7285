"""Play by e-mail with WEGO turns (issue 14, P1): a turn file holds one side's sealed plan,
and the plan sealed first travels by its hash only (engine/pbem/sealing.py).

Red plans and seals: its file holds the commitment of red's plan (no order), and red keeps
the orders in a keep file beside it. Blue opens the file, plans and seals in the clear (red's
plan is fixed already). Red opens blue's file: its client reveals red's plan from the keep
file, the execution runs in red's sitting, and red's file holds the reveal. Every replay
checks the revealed plan against the commitment: a changed plan is caught.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.pbem import MissingPlan, Tampered, ai_sitting, load, start, verify
from engine.pbem.sealing import KEEP_SUFFIX
from engine.pbem.turnfile import read
from engine.wego import film
from engine.wego.orders import order_from_json
from engine.wego.sealed import orders_text
from schemas.io import load_file
from schemas.scenario import Scenario
from tests.wego_scenarios import STORED


@pytest.fixture(scope="module")
def scenario() -> Scenario:
    result = load_file(STORED)
    assert result.scenario is not None
    return result.scenario


def three_files(scenario: Scenario, folder: Path, game_id: str) -> list[Path]:
    """Red commits, blue plans in the clear, red reveals and the execution runs."""
    pbem, _ = start(scenario, "crossing", folder, seed=11, game_id=game_id)
    ai_sitting(pbem)
    first = pbem.write_turn()
    blue = load(first, scenario, side="blue")
    ai_sitting(blue)
    second = blue.write_turn()
    red = load(second, scenario, side="red")
    ai_sitting(red)
    return [first, second, red.write_turn()]


def test_p1_the_first_sealed_plan_travels_by_its_hash_only(
    scenario: Scenario, tmp_path: Path
) -> None:
    first, second, third = three_files(scenario, tmp_path, "w1")
    turn, data = read(first)
    assert (turn.side, turn.next, turn.phase) == ("red", "blue", "wego_planning")
    assert [a["kind"] for a in turn.actions] == ["commit_plan"]
    # Red's orders are nowhere in its file: not as actions, records, or text.
    keeps = sorted(tmp_path.glob(f"*{KEEP_SUFFIX}"))
    assert [k.name for k in keeps] == ["crossing_w1_red_001.salient-plan"]
    kept = json.loads(keeps[0].read_text(encoding="utf-8"))
    orders = json.loads(kept["orders"])
    assert orders and kept["side"] == "red"
    text = data.decode("utf-8")
    assert "order_" not in text and kept["orders"] not in text and kept["salt"] not in text
    assert not any(r["type"] in ("plan_sealed", "wego_execution") for r in turn.records)
    committed = [r for r in turn.records if r["type"] == "plan_committed"]
    assert [r["commitment"] for r in committed] == [kept["commitment"]]

    # Blue plans in the clear: red's plan was fixed before blue saw anything of it.
    turn2, _ = read(second)
    assert (turn2.side, turn2.next) == ("blue", "red")
    assert [a["kind"] for a in turn2.actions][-1] == "seal_plan"
    assert not any(r["type"] == "wego_execution" for r in turn2.records)

    # Red's client revealed red's plan from the keep file; the execution ran in its sitting.
    turn3, _ = read(third)
    assert turn3.side == "red" and turn3.actions[0]["kind"] == "reveal_plan"
    assert json.loads(turn3.actions[0]["orders"]) == orders
    assert any(r["type"] == "wego_execution" for r in turn3.records)
    checked = verify(third, scenario)
    assert checked.files == 3
    blue = load(third, scenario, side=turn3.next) if turn3.next else None
    game = blue.game if blue is not None else load(third, scenario).game
    assert game.log.of_type("plan_revealed")[0]["side_id"] == "red"
    assert film.verify(game.log.records) == []


def _rewrite(path: Path, change: object) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)  # type: ignore[operator]
    path.write_text(json.dumps(data, indent=2, sort_keys=True), encoding="utf-8")


def test_p1_a_plan_changed_after_its_commitment_is_caught(
    scenario: Scenario, tmp_path: Path
) -> None:
    _, _, third = three_files(scenario, tmp_path, "w2")

    def hold_instead(data: dict) -> None:
        reveal = data["actions"][0]
        orders = json.loads(reveal["orders"])
        moved = next(o for o in orders if o["kind"] != "order_hold")
        orders[orders.index(moved)] = {"kind": "order_hold", "stack": moved["stack"]}

        reveal["orders"] = orders_text([order_from_json(o) for o in orders])

    _rewrite(third, hold_instead)
    with pytest.raises(Tampered, match="does not match the commitment"):
        verify(third, scenario)


def test_p1_a_changed_commitment_is_caught(scenario: Scenario, tmp_path: Path) -> None:
    first, second, _ = three_files(scenario, tmp_path, "w3")

    def other_hash(data: dict) -> None:
        data["actions"][0]["commitment"] = "0" * 64

    _rewrite(first, other_hash)
    with pytest.raises(Tampered):
        verify(second, scenario)


def test_p1_a_plan_cannot_be_revealed_without_its_keep_file(
    scenario: Scenario, tmp_path: Path
) -> None:
    pbem, _ = start(scenario, "crossing", tmp_path, seed=11, game_id="w4")
    ai_sitting(pbem)
    first = pbem.write_turn()
    blue = load(first, scenario, side="blue")
    ai_sitting(blue)
    second = blue.write_turn()
    for keep in tmp_path.glob(f"*{KEEP_SUFFIX}"):
        keep.unlink()
    with pytest.raises(MissingPlan, match="salient-plan"):
        load(second, scenario, side="red")
    assert verify(second, scenario).next == "red"  # the files themselves are sound


def test_p1_salient_pbem_plays_a_wego_turn_with_a_sealed_plan(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The command line: red commits, blue plans, red's `play` reveals and executes."""
    from editor.cli import main

    folder = tmp_path / "game"
    folder.mkdir()
    start_args = ["pbem", "start", str(STORED), "--side", "red", "--folder", str(folder)]
    assert main([*start_args, "--seed", "5", "--game", "cli", "--ai"]) == 0
    assert "keep " in capsys.readouterr().out
    first = folder / "river-crossing_cli_red_001.salient-turn"
    keep = folder / "river-crossing_cli_red_001.salient-plan"
    assert first.is_file() and keep.is_file()
    assert "order_" not in first.read_text(encoding="utf-8")
    assert main(["pbem", "play", str(first), str(STORED), "--side", "blue", "--ai"]) == 0
    second = folder / "river-crossing_cli_blue_002.salient-turn"
    assert main(["pbem", "play", str(second), str(STORED), "--side", "red", "--ai"]) == 0
    third = folder / "river-crossing_cli_red_003.salient-turn"
    turn3, _ = read(third)
    assert turn3.actions[0]["kind"] == "reveal_plan"
    capsys.readouterr()
    assert main(["pbem", "verify", str(third), str(STORED)]) == 0
    assert "verified: 3 files" in capsys.readouterr().out
