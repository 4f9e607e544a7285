"""The turn calendar and the phases of a player-turn (T1-T3)."""

from __future__ import annotations

import datetime as dt
from typing import Literal, get_args

from pydantic import Field, model_validator

from .base import SideId, StrictModel
from .ranges import Days, TickCount, TickMp, TurnCount
from .selection import TurnRange

PhaseName = Literal[
    "turn_summary",
    "events",
    "cards",
    "reinforcements",
    "supply",
    "air_offensive",
    "naval_movement",
    "land_movement",
    "battles",
    "air_defensive",
    "sieges",
    "replacements",
    "end_of_turn",
]
"""Phases of a player-turn, in the only order they can run."""

PHASE_ORDER: tuple[PhaseName, ...] = get_args(PhaseName)
"""The phases in the order they run."""


class PhaseSpec(StrictModel):
    """A phase the scenario plays, and on which turns."""

    phase: PhaseName
    """The phase."""
    turns: TurnRange = Field(default_factory=TurnRange)
    """Turns on which it is played."""


TurnSystem = Literal["igougo", "wego"]
"""How a turn runs: ``igougo``, each side in turn plays its phases (``turn_order``); ``wego``,
both sides plan their stacks' orders at the same time and the engine carries them out together,
tick by tick (docs/wego.md)."""


class WegoSettings(StrictModel):
    """How the execution phase of a WEGO turn runs (read only when ``turn_system`` is
    ``wego``)."""

    tick_mp: TickMp = 1.0
    """Movement points one tick is worth: every moving stack advances this much per tick."""
    max_ticks: TickCount = 0
    """Longest execution phase in ticks; 0: as long as the fastest unit's movement lasts."""


def _all_phases() -> list[PhaseSpec]:
    return [PhaseSpec(phase=name) for name in PHASE_ORDER]


class Calendar(StrictModel):
    """How long the game lasts and how each turn runs."""

    start_date: dt.date
    """Date of the first turn."""
    turns: TurnCount
    """Number of turns."""
    turn_length_days: Days = 7
    """Days per turn: 7 for weekly turns, 14 for two-week turns."""
    turn_order: list[SideId]
    """Sides in the order they play within a turn."""
    phases: list[PhaseSpec] = Field(default_factory=_all_phases)
    """Phases each player-turn runs, in the rules' order; leave one out to drop it."""
    turn_system: TurnSystem = "igougo"
    """``igougo`` (sides play in turn) or ``wego`` (simultaneous planned turns)."""
    wego: WegoSettings = Field(default_factory=WegoSettings)
    """The execution phase of WEGO turns."""

    @model_validator(mode="after")
    def _last_date_exists(self) -> Calendar:
        # Dates stop at 9999-12-31: a game whose last turn falls later could not show it.
        span = (self.turns - 1) * self.turn_length_days
        if span > (dt.date.max - self.start_date).days:
            raise ValueError(
                f"the last turn would fall after {dt.date.max.isoformat()}: {self.turns} turns "
                f"of {self.turn_length_days} days from {self.start_date.isoformat()}"
            )
        return self

    def date_of(self, turn: int) -> dt.date:
        """Date shown for ``turn`` (counted from 1)."""
        return self.start_date + dt.timedelta(days=(turn - 1) * self.turn_length_days)
