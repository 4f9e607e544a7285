"""The Winter War sample: the theatre's shape, the Allied Intervention index moving in play, and
guerrillas that ambush and need no supply (clean and playable: ``test_theatres.py``)."""

from __future__ import annotations

import pytest

from engine.runner import Result
from schemas.scenario import Scenario
from tests.samples import played

SEED = 3


@pytest.fixture(scope="module")
def scenario() -> Scenario:
    return played.scenario("winter-war")


@pytest.fixture(scope="module")
def finished() -> tuple[Result, float]:
    return played.played("winter-war", SEED)


def test_shape_of_the_theatre(scenario: Scenario) -> None:
    regions = {r.id: r for r in scenario.regions}
    assert 40 <= len(regions) <= 150
    assert any(r.off_map for r in regions.values())
    lakes = {t.id for t in scenario.terrain if t.domain == "lake"}
    assert sum(r.terrain in lakes for r in regions.values()) >= 10
    for side in ("finland", "ussr"):
        deck = [c for c in scenario.cards if c.side == side]
        assert len(deck) >= 12
        assert {c.color for c in deck} == {"black", "red"}
        assert any(c.mandatory for c in deck)
    assert scenario.tension is not None and scenario.tension.threshold == 10


def test_allied_intervention_rises_in_play(finished) -> None:
    result, _ = finished
    rises = [r for r in result.game.log if r["type"] == "tension" and r["change"] > 0]
    reasons = {r["reason"] for r in rises}
    # The League's verdict is scripted; the Terijoki card is dealt and played on turn 1.
    assert {"league-expels", "terijoki"} <= reasons
    assert any(r["type"] == "tension_step" for r in result.game.log)
    assert result.game.state.tension is not None and result.game.state.tension >= 4


def test_guerrillas_ambush_and_need_no_supply(finished) -> None:
    result, _ = finished
    log = list(result.game.log)
    assert any(r["type"] == "battle_round" and r["round"] == "ambush" for r in log)
    guerrillas = {
        u.id
        for u in result.game.scenario.units
        if "guerrilla" in next(t.roles for t in result.game.scenario.unit_types if t.id == u.type)
    }
    starved = {
        r["unit"] for r in log if r["type"] == "eliminated" and r["cause"] == "out of supply"
    }
    assert guerrillas and not guerrillas & starved
