"""Campaigns (OV6, OS1): the campaign file, what a finished scenario carries into the next
(land units' strength and readiness, VP, unused supply and replacement points; assets
fresh), and ``salient campaign`` playing a chain headless, on small hand-made hex scenarios."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from editor.cli import main
from engine import Game
from engine.campaign import carried_into, result_of
from engine.wego.op import state as op_state
from engine.wego.op.actions import BreakDown
from schemas.campaign import CampaignError, loads_campaign
from schemas.io import dumps, load_text
from schemas.scenario import Scenario
from tests.operational.builder import OpBuilder


def chapter(turns: int = 2, stock: float = 30.0) -> Scenario:
    b = OpBuilder(columns=8, rows=2)
    b.raw["calendar"]["turns"] = turns
    b.rules("fog", enabled=False)
    b.rules("victory", victory_level=None)
    b.unit("reg", "inf", "c3r1", echelon="regiment")
    b.unit("bat", "inf", "c3r2", echelon="battalion")
    b.unit("foe", "inf", "c6r1", nation="blueland", echelon="regiment")
    b.table(
        "supply",
        pools=[
            {"side": "red", "stock": {"fuel": stock, "ammo": stock, "personnel": 5}},
            {"side": "blue", "stock": {"fuel": 10}},
        ],
    )
    return b.build()


def test_ov6_os1_a_result_carries_units_vp_and_leftover_points() -> None:
    game = Game(chapter(), seed=1)
    kept = op_state.data(game)["units"]
    game.state.sides["red"].vp = 7
    op_state.store(game, op_state.units(game)["bat"])
    kept["bat"]["strength"], kept["bat"]["readiness"] = 60.0, 45.0
    result = result_of(game, "one.json")
    assert result.vp["red"] == 7
    assert result.units["bat"].strength == 60.0 and result.units["bat"].readiness == 45.0
    assert result.pools["red"].fuel == 30.0 and result.pools["red"].personnel == 5.0
    nxt = carried_into(chapter(stock=20.0), result)
    bat = next(u for u in nxt.units if u.id == "bat")
    assert bat.operational is not None
    assert (bat.operational.strength, bat.operational.readiness) == (60.0, 45.0)
    assert next(s for s in nxt.sides if s.id == "red").start_vp == 7
    tables = nxt.rules.operational
    assert tables is not None
    red = next(p for p in tables.supply.pools if p.side == "red")
    assert red.stock.fuel == 50.0 and red.stock.personnel == 10.0  # its own + left over
    again = Game(nxt, seed=1)
    assert again.state.sides["red"].vp == 7
    assert op_state.units(again)["bat"].strength == 60.0


def test_ov6_a_unit_broken_down_is_carried_as_the_unit() -> None:
    game = Game(chapter(), seed=1)
    game.apply(BreakDown("reg"))
    kept = op_state.data(game)["units"]
    kept["reg-1"]["strength"], kept["reg-2"]["strength"] = 60.0, 90.0
    kept["reg-3"]["strength"] = 90.0
    result = result_of(game, "one.json")
    assert "reg-1" not in result.units
    assert result.units["reg"].strength == pytest.approx(80.0)


def test_ov6_the_campaign_file_refuses_what_it_cannot_use_with_its_place() -> None:
    with pytest.raises(CampaignError, match="/scenarios: "):
        loads_campaign('{"schema_version": 1, "title": "t", "scenarios": []}')
    with pytest.raises(CampaignError, match=r"/scenarios/0/file: .*inside its folder"):
        loads_campaign('{"title": "t", "scenarios": [{"file": "../x.json"}]}')
    with pytest.raises(CampaignError, match=r"/results/0/file: 'b\.json' is not scenario 1"):
        loads_campaign(
            '{"title": "t", "scenarios": [{"file": "a.json"}], "results": [{"file": "b.json"}]}'
        )
    with pytest.raises(CampaignError, match="/schema_version: version 9"):
        loads_campaign('{"schema_version": 9, "title": "t", "scenarios": []}')
    with pytest.raises(CampaignError, match="line 1"):
        loads_campaign("{")
    for hostile in ("[" * 100_000, '{"title": ' + "9" * 5000 + "}", "[]", '"text"'):
        with pytest.raises(CampaignError):
            loads_campaign(hostile)


def write_campaign(tmp_path: Path) -> Path:
    (tmp_path / "one.json").write_text(dumps(chapter()), encoding="utf-8")
    (tmp_path / "two.json").write_text(dumps(chapter(stock=20.0)), encoding="utf-8")
    path = tmp_path / "drive.json"
    campaign = {
        "schema_version": 1,
        "title": "The drive",
        "scenarios": [{"file": "one.json", "title": "Day one"}, {"file": "two.json"}],
    }
    path.write_text(json.dumps(campaign), encoding="utf-8")
    return path


def test_ov6_salient_campaign_plays_the_chain_headless_and_carries_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write_campaign(tmp_path)
    assert main(["campaign", str(path)]) == 0
    assert "1. Day one: next" in capsys.readouterr().out
    assert main(["campaign", str(path), "--next", "--headless", "--seed", "4"]) == 0
    first = loads_campaign(path.read_text(encoding="utf-8")).results[0]
    assert first.file == "one.json" and first.seed == 4
    # The second scenario, made ready, starts from the first's end.
    assert main(["campaign", str(path), "--prepare"]) == 0
    ready = Path(capsys.readouterr().out.strip().splitlines()[-1])
    assert ready == tmp_path / "drive.played" / "02-two.json"
    scenario = load_text(ready.read_text(encoding="utf-8")).scenario
    assert scenario is not None
    for unit_id, carried in first.units.items():
        unit = next(u for u in scenario.units if u.id == unit_id)
        assert unit.operational is not None
        assert unit.operational.strength == pytest.approx(carried.strength)
    tables = scenario.rules.operational
    assert tables is not None
    red = next(p for p in tables.supply.pools if p.side == "red")
    assert red.stock.fuel == pytest.approx(20.0 + first.pools["red"].fuel)
    assert main(["campaign", str(path), "--next", "--headless"]) == 0
    assert "The campaign is over." in capsys.readouterr().out
    assert main(["campaign", str(path), "--next", "--headless"]) == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "drive.json",
        "drive.played",
        "one.json",
        "two.json",
    ]


def test_ov6_recording_a_save_of_another_scenario_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write_campaign(tmp_path)
    other = Game(chapter(turns=3), seed=2)
    save = tmp_path / "other.save.json"
    save.write_text(json.dumps({"game": other.save(), "players": {}}), encoding="utf-8")
    assert main(["campaign", str(path), "--record", str(save)]) == 1
    assert "is not a game of scenario 1 of the campaign" in capsys.readouterr().err
    assert loads_campaign(path.read_text(encoding="utf-8")).results == []


def test_ov6_recording_a_game_not_over_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write_campaign(tmp_path)
    game = Game(chapter(), seed=2)
    save = tmp_path / "early.json"
    save.write_text(json.dumps(game.save()), encoding="utf-8")
    assert main(["campaign", str(path), "--record", str(save)]) == 1
    assert "is not over (turn 1 of 2)" in capsys.readouterr().out
