"""The Mexican-American War sample: Scott's army really goes ashore at Veracruz from the fleet's
off-map anchorage (clean and playable to the end: ``test_theatres.py``)."""

from __future__ import annotations

import pytest

from engine.runner import Result
from schemas.scenario import Scenario
from tests.samples import played

SEED = 1


@pytest.fixture(scope="module")
def scenario() -> Scenario:
    return played.scenario("mexican-war")


@pytest.fixture(scope="module")
def game() -> tuple[Result, float]:
    return played.played("mexican-war", SEED)


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
