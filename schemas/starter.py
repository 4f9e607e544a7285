"""A new, empty scenario to start designing from (the studio's File > New)."""

from __future__ import annotations

import datetime as dt

from .calendar import Calendar
from .generator.landscape import terrain_table
from .scenario import Scenario, ScenarioInfo
from .sides import Nation, Side


def new_scenario(title: str = "Untitled scenario") -> Scenario:
    """Two sides with one nation each, the standard terrain table, ten weekly turns, no map.

    The empty map is not valid yet; live validation lists what a playable scenario still needs.
    """
    return Scenario(
        schema_version=1,
        info=ScenarioInfo(title=title),
        calendar=Calendar(start_date=dt.date(1940, 5, 10), turns=10, turn_order=["red", "blue"]),
        terrain=terrain_table(),
        regions=[],
        sides=[
            Side(id="red", name="Red", color="#b03a2e"),
            Side(id="blue", name="Blue", color="#2e5cb0"),
        ],
        nations=[
            Nation(
                id="redland",
                name="Redland",
                side="red",
                main=True,
                color_dark="#7a1f16",
                color_light="#e8a39b",
            ),
            Nation(
                id="blueland",
                name="Blueland",
                side="blue",
                main=True,
                color_dark="#1b3a78",
                color_light="#9db6e8",
            ),
        ],
    )
