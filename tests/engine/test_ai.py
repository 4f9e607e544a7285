"""The baseline AI plays any valid scenario legally to the end."""

from __future__ import annotations

import pytest

from engine.runner import play
from schemas.generator import generate_scenario


@pytest.mark.parametrize(("regions", "seed"), [(30, 1), (80, 2), (150, 3)])
def test_ai_finishes_generated_scenarios(regions: int, seed: int) -> None:
    scenario = generate_scenario(regions, seed)
    result = play(scenario, seed)
    assert result.finished, result.summary()
    summary = result.summary()
    assert summary["result"] in ("win", "draw")
    assert summary["turns_played"] >= 1
    kinds = {record["type"] for record in result.game.log}
    assert {"move", "card", "supply"} <= kinds  # it moves, plays cards and checks supply


def test_ai_fights_when_the_odds_are_good() -> None:
    result = play(generate_scenario(150, 3), 3)
    assert result.summary()["battles"] > 0
