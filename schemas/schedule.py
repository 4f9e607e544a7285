"""Reinforcement and replacement schedules (E3, E4)."""

from __future__ import annotations

from pydantic import Field

from .base import Entity, LeaderId, NationId, SideId, Turn, UnitId
from .conditions import Condition
from .ranges import Points
from .selection import Destination, TurnRange


class Reinforcement(Entity):
    """Units and leaders that enter play together."""

    side: SideId
    """Receiving side."""
    turn: Turn | None = None
    """Turn of arrival; ``null`` when only a card or event brings it."""
    units: list[UnitId] = Field(default_factory=list)
    """Units arriving (defined in ``units`` without a location)."""
    leaders: list[LeaderId] = Field(default_factory=list)
    """Leaders arriving."""
    to: Destination
    """Where they appear; with several regions the player chooses."""
    condition: Condition | None = None
    """They only arrive if this holds on their turn."""
    text: str = ""
    """Line shown in the reinforcement summary."""


class ReplacementGrant(Entity):
    """Extra replacement points on some turns."""

    side: SideId
    """Receiving side."""
    turns: TurnRange = Field(default_factory=TurnRange)
    """Turns on which they come."""
    points: Points = 1
    """Points each of those turns."""
    nations: list[NationId] = Field(default_factory=list)
    """Only units of these nations may use them; empty for any."""
