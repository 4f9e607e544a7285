"""The desert war sample: Tobruk really is besieged in play, the railway is the Allies' and the
Nile is crossed at bridges (clean and playable to the end: ``test_theatres.py``)."""

from __future__ import annotations

import pytest

from engine.runner import Result
from schemas.scenario import Scenario
from tests.samples import played

SEED = 2
"""A seed on which the Axis reaches Tobruk early and lays siege to it (G1)."""


@pytest.fixture(scope="module")
def scenario() -> Scenario:
    return played.scenario("north-africa")


@pytest.fixture(scope="module")
def game() -> tuple[Result, float]:
    return played.played("north-africa", SEED)


def test_axis_besieges_tobruk(game: tuple[Result, float]) -> None:
    """G1: two Axis combat units stand outside the fortress, so the sieges phase rolls for
    it, with the modifiers of the scenario's rules and cards, and logs the result."""
    records = game[0].game.log.records
    starts = [r for r in records if r["type"] == "siege_start" and r["structure"] == "tobruk"]
    assert starts, "Tobruk was never besieged"
    first = starts[0]
    assert (first["besieger"], first["besieged"], first["region"]) == ("axis", "allies", "tobruk")
    over = [
        r
        for r in records
        if r["type"] == "siege_over" and r["structure"] == "tobruk" and r["seq"] > first["seq"]
    ]
    assert over, "the siege of Tobruk was never resolved"


def test_only_the_allies_run_trains(scenario: Scenario) -> None:
    """The railway is British: the Axis side moves along it at road rates only (M4)."""
    rail = {side.id: side.rail for side in scenario.sides}
    assert rail == {"axis": False, "allies": True}


def test_nile_and_canal_are_crossed_only_at_bridges(scenario: Scenario) -> None:
    """Land units never enter the Nile or the canal; the crossings need their bridge."""
    water = {t.id: t.domain for t in scenario.terrain}
    assert water["nile"] == water["canal"] == "sea"
    bridge_type = next(t for t in scenario.connection_types if t.id == "nile-bridge")
    assert bridge_type.needs_bridge
    crossings = [c for c in scenario.connections if c.type == "nile-bridge"]
    assert len(crossings) >= 8 and all(c.bridge for c in crossings)
