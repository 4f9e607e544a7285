"""The calendar and the two sides of the desert war sample, shared by every part of its build."""

from __future__ import annotations

import datetime as dt
from typing import Any

Json = dict[str, Any]

START = dt.date(1941, 3, 24)
"""Turn 1: the Axis strikes at El Agheila."""
TURN_DAYS = 14
TURNS = 38
"""Turn 38 opens on 1942-08-24: the game ends after Alam Halfa, the last Axis offensive."""

AXIS, ALLIES = "axis", "allies"


def turn_of(date: str) -> int:
    """The turn whose fortnight holds the date."""
    days = (dt.date.fromisoformat(date) - START).days
    return days // TURN_DAYS + 1
