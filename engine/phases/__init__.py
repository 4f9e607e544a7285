"""One module per phase of a player-turn; ``PHASES`` maps each phase name to its rules."""

from __future__ import annotations

from .air import AirDefensive, AirOffensive
from .base import Phase
from .battles import Battles
from .cards_phase import Cards
from .end_turn import EndOfTurn
from .events import Events
from .movement import LandMovement
from .naval import NavalMovement
from .reinforcements import Reinforcements
from .replacements import Replacements
from .sieges import Sieges
from .summary import TurnSummary
from .supply import Supply

PHASES: dict[str, Phase] = {
    "turn_summary": TurnSummary(),
    "events": Events(),
    "cards": Cards(),
    "reinforcements": Reinforcements(),
    "supply": Supply(),
    "air_offensive": AirOffensive(),
    "naval_movement": NavalMovement(),
    "land_movement": LandMovement(),
    "battles": Battles(),
    "air_defensive": AirDefensive(),
    "sieges": Sieges(),
    "replacements": Replacements(),
    "end_of_turn": EndOfTurn(),
}
