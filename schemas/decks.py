"""Cards (E2) and events (E1)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from .base import Entity, SideId
from .conditions import Condition
from .effects import Effect
from .ranges import Copies
from .selection import TurnRange

CardPhase = Literal[
    "cards",
    "reinforcements",
    "supply",
    "air",
    "land_movement",
    "battle",
    "siege",
    "end_of_turn",
]
"""Moments a card may be played: at the start of a phase, or in a battle or siege window."""


class Card(Entity):
    """A card of a side's deck."""

    name: str
    """Title."""
    side: SideId
    """Deck it belongs to."""
    color: Literal["black", "red"] = "black"
    """Black cards go back to the bottom of the deck after play; red ones leave the game."""
    mandatory: bool = False
    """Must be played as soon as it can; the phase cannot end before."""
    phases: Annotated[list[CardPhase], Field(min_length=1)]
    """When it may be played."""
    condition: Condition | None = None
    """What must hold to play it."""
    effects: Annotated[list[Effect], Field(min_length=1)]
    """What it does."""
    copies: Copies = 1
    """Copies in the deck."""
    in_deck: bool = True
    """Starts in the deck; ``false`` for cards another card or event adds later."""
    text: str = ""
    """Flavour text on the card."""
    condition_text: str = ""
    """Short wording of the condition, printed under the picture."""
    effect_text: str = ""
    """Short wording of the effects."""
    picture: str = ""
    """Illustration, relative to the scenario file."""


class Event(Entity):
    """Something that happens at the start of a turn, by date or because a condition holds."""

    title: str
    """Headline."""
    text: str = ""
    """What the players read."""
    visible_to: list[SideId] = Field(default_factory=list)
    """Sides that read it; empty means everybody (a secret event lists one side)."""
    side: SideId | None = None
    """Player-turn in whose events phase it fires; ``null`` for the first side of the turn
    order. That side is ``@self`` in the event's conditions and effects."""
    turns: TurnRange = Field(default_factory=TurnRange)
    """Turns on which it may fire."""
    condition: Condition | None = None
    """What must also hold."""
    repeat: bool = False
    """Fires again on every qualifying turn; otherwise only once."""
    automatic: bool = True
    """Fires by itself when its turns and condition hold; ``false`` for an event that only a
    card's or another event's ``event`` effect sets off."""
    effects: list[Effect] = Field(default_factory=list)
    """What happens."""
    picture: str = ""
    """Illustration, relative to the scenario file."""
