"""Small hand-made WEGO scenarios for the WEGO tests (not samples).

``crossing()`` is the scenario stored as ``tests/data/wego/river_crossing.json`` (the test
``test_the_stored_scenario_is_the_builders`` keeps the two equal): a 10 by 6 hex map, a river
with two bridges between the sides, a town in the middle worth VP to both, four stacks a
side. ``lane()`` is a single row of hexes for the resolution-order tests.
"""

from __future__ import annotations

from pathlib import Path

from schemas.scenario import Scenario
from tests.hexes import HexBuilder

STORED = Path(__file__).parent / "data" / "wego" / "river_crossing.json"


def wego(b: HexBuilder, **settings: float) -> HexBuilder:
    """Make the builder's scenario play WEGO turns."""
    b.raw["calendar"]["turn_system"] = "wego"
    if settings:
        b.raw["calendar"]["wego"] = dict(settings)
    return b


def lane(columns: int = 8, *, fog: bool = False) -> HexBuilder:
    """A row of clear hexes ``c1r1``..``cNr1``, the west half red, the east half blue."""
    b = wego(HexBuilder(columns=columns, rows=1))
    b.raw["info"]["title"] = "WEGO lane"
    b.rules("fog", enabled=fog)
    return b


def crossing() -> HexBuilder:
    b = wego(HexBuilder(columns=10, rows=6, turns=6), max_ticks=6)
    b.raw["info"]["title"] = "WEGO river crossing (test)"
    b.rules("victory", victory_level=None)
    for row in range(1, 7):
        b.hexside(f"c5r{row}", f"c6r{row}", "river")
    b.bridge("c5r2", "c6r2").bridge("c5r5", "c6r5")
    b.terrain("forest", "c3r1*2", "c8r6*2")
    b.terrain("hills", "c7r3")
    b.record(
        "c5r3",
        name="Kessel",
        values={
            "red": {"capture": 3, "hold_at_end": 3},
            "blue": {"capture": 3, "hold_at_end": 3, "loss": 2},
        },
    )
    b.owner("c5r3", "blueland")
    for name, where in (("r1", "c1r1"), ("r2", "c2r3"), ("r3", "c2r4"), ("r4", "c1r6")):
        b.unit(name, "inf", where)
    for name, where in (("b1", "c10r1"), ("b2", "c9r3"), ("b3", "c5r3"), ("b4", "c10r6")):
        b.unit(name, "inf", where, nation="blueland")
    return b


def crossing_scenario() -> Scenario:
    return crossing().build()
