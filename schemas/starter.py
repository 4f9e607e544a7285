"""A new, empty scenario to start designing from (the studio's File > New)."""

from __future__ import annotations

import datetime as dt

from .calendar import Calendar
from .generator.landscape import terrain_table
from .rules import Rules, VictoryRules
from .scenario import SCHEMA_VERSION, Scenario, ScenarioInfo
from .sides import Nation, Side

_PARTIES = (
    # side id, name, colour; its main nation's id, name, dark and light colours
    ("red", "Red", "#b03a2e", "redland", "Redland", "#7a1f16", "#e8a39b"),
    ("blue", "Blue", "#2e5cb0", "blueland", "Blueland", "#1b3a78", "#9db6e8"),
)
"""The two sides, each with the one nation that fights for it, in order of play."""


def new_scenario(title: str = "Untitled scenario") -> Scenario:
    """Two sides with one nation each, the standard terrain table, ten weekly turns, no map.

    The empty map is not valid yet; live validation lists what a playable scenario still needs.
    """
    return Scenario(
        schema_version=SCHEMA_VERSION,
        info=ScenarioInfo(title=title),
        calendar=Calendar(
            start_date=dt.date(1940, 5, 10), turns=10, turn_order=[p[0] for p in _PARTIES]
        ),
        terrain=terrain_table(),
        regions=[],
        sides=[Side(id=side, name=name, color=colour) for side, name, colour, *_ in _PARTIES],
        nations=[
            Nation(id=nation, name=name, side=side, main=True, color_dark=dark, color_light=light)
            for side, _, _, nation, name, dark, light in _PARTIES
        ],
        # No VP exist yet, so a victory level could not be reached: the game plays to its last
        # turn until the designer gives the sides something to score and sets a level.
        rules=Rules(victory=VictoryRules(victory_level=None)),
    )
