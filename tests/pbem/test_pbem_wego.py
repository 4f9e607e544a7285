"""Play by e-mail with WEGO turns (issue 14, P1): a turn file holds one side's sealed plan.

Red plans and seals: its file holds red's orders and the seal, and is addressed to blue.
Blue opens it (the game replayed and checked), plans and seals: the execution runs in blue's
sitting, so blue's file holds blue's plan and the whole execution, addressed to red. A
changed order in red's file is caught when blue opens it.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.pbem import Tampered, ai_sitting, load, start, verify
from engine.pbem.turnfile import read
from engine.wego import film
from schemas.io import load_file
from schemas.scenario import Scenario
from tests.wego_scenarios import STORED


@pytest.fixture(scope="module")
def scenario() -> Scenario:
    result = load_file(STORED)
    assert result.scenario is not None
    return result.scenario


def test_p1_a_turn_file_holds_one_sides_sealed_plan(scenario: Scenario, tmp_path: Path) -> None:
    pbem, _ = start(scenario, "crossing", tmp_path, seed=11, game_id="w1")
    ai_sitting(pbem)
    first = pbem.write_turn()
    turn, _ = read(first)
    assert (turn.side, turn.next, turn.phase) == ("red", "blue", "wego_planning")
    kinds = [a["kind"] for a in turn.actions]
    assert kinds[-1] == "seal_plan" and kinds.count("seal_plan") == 1
    assert all(k.startswith("order_") for k in kinds[:-1]) and kinds[:-1]
    assert not any(r["type"] == "wego_execution" for r in turn.records)

    blue = load(first, scenario, side="blue")
    assert blue.game.to_act() == "blue"
    ai_sitting(blue)
    second = blue.write_turn()
    turn2, _ = read(second)
    assert (turn2.side, turn2.next) == ("blue", "red")
    assert [a["kind"] for a in turn2.actions][-1] == "seal_plan"
    assert any(r["type"] == "wego_execution" for r in turn2.records)
    checked = verify(second, scenario)
    assert (checked.files, checked.next) == (2, "red")
    red = load(second, scenario, side="red")
    # After the execution red plays its window of replacements (docs/wego.md), then turn 2.
    assert (red.game.turn, red.game.phase, red.game.to_act()) in {
        (1, "replacements", "red"),
        (2, "wego_planning", "red"),
    }
    assert film.verify(red.game.log.records) == []


def test_p1_a_changed_order_in_a_sealed_plan_is_caught(scenario: Scenario, tmp_path: Path) -> None:
    pbem, _ = start(scenario, "crossing", tmp_path, seed=11, game_id="w2")
    ai_sitting(pbem)
    first = pbem.write_turn()
    data = json.loads(first.read_text(encoding="utf-8"))
    order = next(a for a in data["actions"] if a["kind"] == "order_move")
    order["kind"] = "order_hold"
    del order["path"], order["wait"]
    first.write_text(json.dumps(data, indent=2, sort_keys=True), encoding="utf-8")
    with pytest.raises(Tampered):
        load(first, scenario, side="blue")
