"""One module per phase of a player-turn; ``PHASES`` maps each phase name to its rules."""

from __future__ import annotations

import importlib

from .base import Phase
from .cards_phase import Cards
from .end_turn import EndOfTurn
from .events import Events
from .reinforcements import Reinforcements
from .replacements import Replacements
from .summary import TurnSummary


def _optional(module: str, name: str, phase: str) -> Phase:
    # Phases still being written fall back to doing nothing, so the loop runs meanwhile.
    try:
        return getattr(importlib.import_module(f"{__name__}.{module}"), name)()
    except ModuleNotFoundError:
        fallback = Phase()
        fallback.name = phase
        return fallback


PHASES: dict[str, Phase] = {
    "turn_summary": TurnSummary(),
    "events": Events(),
    "cards": Cards(),
    "reinforcements": Reinforcements(),
    "supply": _optional("supply", "Supply", "supply"),
    "air_offensive": _optional("air", "AirOffensive", "air_offensive"),
    "land_movement": _optional("movement", "LandMovement", "land_movement"),
    "battles": _optional("battles", "Battles", "battles"),
    "air_defensive": _optional("air", "AirDefensive", "air_defensive"),
    "sieges": _optional("sieges", "Sieges", "sieges"),
    "replacements": Replacements(),
    "end_of_turn": EndOfTurn(),
}
