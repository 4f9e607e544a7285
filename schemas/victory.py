"""Victory conditions (W1-W3)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from .base import Entity, SideId, StrictModel
from .conditions import Condition


class SuddenDeath(Entity):
    """W2: a condition that wins the game at once."""

    side: SideId
    """Side that wins."""
    condition: Condition
    """What must hold, from that side's point of view (``@self`` is the winner)."""
    check: Literal["immediate", "end_of_turn"] = "immediate"
    """Checked after every action, or at the end of each turn."""
    description: str = ""
    """Wording shown to the players."""


class Victory(StrictModel):
    """How the game is won besides the VP count at the end."""

    sudden_death: list[SuddenDeath] = Field(default_factory=list)
    """Conditions that end the game at once."""
    description: str = ""
    """Summary of the victory conditions for the scenario sheet."""
