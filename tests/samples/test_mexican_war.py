"""The Mexican-American War sample: Scott's army boards its transports at Isla de Lobos, sails
down the coast and lands over the beach at Collado with the real sea-transport rules (issue 11;
clean and playable to the end: ``test_theatres.py``)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine.runner import Result
from schemas.scenario import Scenario
from tests.samples import played

SEED = 1
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def scenario() -> Scenario:
    return played.scenario("mexican-war")


@pytest.fixture(scope="module")
def game() -> tuple[Result, float]:
    return played.played("mexican-war", SEED)


def _landing_story(records: list[dict]) -> None:
    """Scott's army arrives at Lobos, boards the transports, and the fleet puts it ashore
    over the Collado beach into the Veracruz region; then the port itself is fought for."""
    arrived = [
        r
        for r in records
        if r["type"] == "reinforcement" and r["reinforcement"] == "scott-expedition"
    ]
    assert arrived and arrived[0]["region"] == "lobos-anchorage"
    boarded = [r for r in records if r["type"] == "embarked" and "scott" in r["units"]]
    assert boarded, "the expedition never boarded the transports"
    assert boarded[0]["region"] == "lobos-anchorage"
    assert set(boarded[0]["carriers"].values()) <= {"lobos-transports-1", "lobos-transports-2"}
    landings = [
        r
        for r in records
        if r["type"] == "disembarked" and "scott" in r["units"] and r["seq"] > boarded[0]["seq"]
    ]
    assert landings, "the expedition never went ashore"
    landing = landings[0]
    assert landing["region"] == "veracruz" and landing["connection"] == "collado-beach"
    assert landing["origin"] == "alvarado-coast"  # from the fleet's waters, not a box
    fights = [
        r
        for r in records
        if r["seq"] > landing["seq"]
        and r["type"] in ("battle_start", "siege_start")
        and r.get("structure") == "veracruz-fortress"
        and r.get("attacker", r.get("besieger")) == "usa"
    ]
    assert fights, "nobody fought for Veracruz after the landing"


def test_scott_boards_at_lobos_and_lands_over_the_collado_beach(
    game: tuple[Result, float],
) -> None:
    _landing_story(game[0].game.log.records)


def test_the_headless_game_log_shows_the_landing(tmp_path: Path) -> None:
    """``salient play FILE --headless --log`` writes the boarding and the landing."""
    log = tmp_path / "game.jsonl"
    sample = ROOT / "sample_scenarios" / "mexican-war.json"
    command = [sys.executable, "-m", "editor.cli", "play", str(sample), "--headless"]
    done = subprocess.run(
        [*command, "--seed", str(SEED), "--log", str(log)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    records = [json.loads(line) for line in log.read_text().splitlines() if line.strip()]
    _landing_story(records)


def test_the_beach_is_only_crossed_from_the_sea(scenario: Scenario) -> None:
    """No land way leads from the anchorage to Veracruz: the army must sail and land."""
    beach = next(c for c in scenario.connections if c.id == "collado-beach")
    kind = next(t for t in scenario.connection_types if t.id == beach.type)
    assert kind.only_from_sea and kind.uses_all_movement
    assert not [
        c for c in scenario.connections if "lobos-anchorage" in (c.a, c.b) and c.type != "sea-lane"
    ]
    assert scenario.rules.naval.enabled and scenario.rules.transport.sea
    assert scenario.rules.transport.landings


def test_landing_link_is_closed_to_mexico(scenario: Scenario) -> None:
    """The anchorage stands for the fleet: only the United States may be there."""
    anchorage = next(r for r in scenario.regions if r.id == "lobos-anchorage")
    area = next(a for a in scenario.areas if a.id == anchorage.area)
    assert anchorage.off_map and area.closed_to == ["mexico"]
