"""The Mexican-American War sample: clean, playable to the end, and Scott's army really goes
ashore at Veracruz from the fleet's off-map anchorage."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from engine.runner import Result, play
from schemas import load_file
from schemas.scenario import Scenario

SAMPLE = Path(__file__).resolve().parents[2] / "sample_scenarios" / "mexican-war.json"
SEED = 1
BUDGET_SECONDS = 20.0


@pytest.fixture(scope="module")
def scenario() -> Scenario:
    result = load_file(SAMPLE)
    assert result.scenario is not None
    return result.scenario


@pytest.fixture(scope="module")
def game(scenario: Scenario) -> tuple[Result, float]:
    started = time.monotonic()
    result = play(scenario, SEED)
    return result, time.monotonic() - started


def test_validates_without_any_issue() -> None:
    assert [str(issue) for issue in load_file(SAMPLE).issues] == []


def test_ai_plays_to_the_end_within_budget(game: tuple[Result, float]) -> None:
    result, elapsed = game
    assert result.finished
    assert result.game.outcome() is not None
    assert elapsed < BUDGET_SECONDS


def test_scott_lands_at_veracruz(game: tuple[Result, float]) -> None:
    records = game[0].game.log.records
    arrived = [
        r
        for r in records
        if r["type"] == "reinforcement" and r["reinforcement"] == "scott-expedition"
    ]
    assert arrived and arrived[0]["region"] == "lobos-anchorage"
    landings = [
        r
        for r in records
        if r["type"] == "move"
        and r["path"][:1] == ["lobos-anchorage"]
        and r["path"][-1] == "veracruz"
    ]
    assert landings, "the expedition never went ashore"
    landing = landings[0]
    assert "scott" in landing["units"]
    # The landing link spends the whole move: the army stops on the beach.
    assert landing["path"] == ["lobos-anchorage", "veracruz"]
    # Then the port itself is fought for: stormed or besieged by the United States.
    fights = [
        r
        for r in records
        if r["seq"] > landing["seq"]
        and r["type"] in ("battle_start", "siege_start")
        and r.get("structure") == "veracruz-fortress"
        and r.get("attacker", r.get("besieger")) == "usa"
    ]
    assert fights, "nobody fought for Veracruz after the landing"


def test_landing_link_is_closed_to_mexico(scenario: Scenario) -> None:
    """The anchorage stands for the fleet: only the United States may be there."""
    anchorage = next(r for r in scenario.regions if r.id == "lobos-anchorage")
    area = next(a for a in scenario.areas if a.id == anchorage.area)
    assert anchorage.off_map and area.closed_to == ["mexico"]
