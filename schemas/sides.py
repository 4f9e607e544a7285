"""Sides, nations and the tension index (N1-N4)."""

from __future__ import annotations

from pydantic import Field

from .base import Color, Domain, Entity, NationId, RegionId, SideId, StrictModel
from .effects import Effect
from .ranges import Modifier, Money, Tension, VictoryPoints


class Side(Entity):
    """N1: what a player commands. Sides own the cards, the VP and the treasury."""

    name: str
    """Name shown to players."""
    color: Color
    """Colour of everything the side controls."""
    flag: str = ""
    """Flag image, relative to the scenario file; empty draws the colour."""
    neutral: bool = False
    """A neutral side is at war with nobody and never plays."""
    morale_bonus: Modifier = 0
    """N3: added to the side's battle morale in every battle."""
    rail: bool = True
    """May use railways at rail cost; otherwise rail counts as road for it."""
    start_vp: VictoryPoints = 0
    """VP at the start."""
    start_treasury: Money = 0
    """Treasury at the start."""
    briefing: str = ""
    """Text a player reads before playing this side: situation, goals, advice."""


class Capitals(StrictModel):
    """Where a nation's units go in last resort, per domain."""

    land: RegionId | None = None
    """For land units."""
    naval: RegionId | None = None
    """For ships."""
    air: RegionId | None = None
    """For aircraft."""


class Nation(Entity):
    """N2: a nation or sub-nation of a side, with its own colours and abilities."""

    name: str
    """Name shown to players."""
    side: SideId
    """Side it fights for."""
    parent: NationId | None = None
    """For a sub-nation (an air force, volunteers...), the nation it is attached to."""
    main: bool = False
    """The side's main nation; each side has exactly one."""
    color_dark: Color
    """Dark colour of its counters."""
    color_light: Color
    """Light colour of its counters."""
    flag: str = ""
    """Flag image, relative to the scenario file."""
    capitals: Capitals = Field(default_factory=Capitals)
    """Last-resort regions per domain."""
    preferred_domain: Domain = "land"
    """Domain the AI favours for it."""
    radar: bool = False
    """Has radar (AA fire and interception)."""
    fog_advantage: bool = False
    """Enemies see only a flag on its stacks."""
    entrench: bool = True
    """Its stacks may entrench."""
    breakthrough: bool = True
    """Its units may break through."""
    double_breakthrough: bool = True
    """Its stacks may break through twice in a turn (up to the rules' limit)."""


class TensionStep(StrictModel):
    """Something that happens the first time the tension index reaches a value."""

    value: Tension
    """Index value that sets it off (reached going up)."""
    description: str = ""
    """What it means, shown to the players."""
    effects: list[Effect] = Field(default_factory=list)
    """What happens."""


class TensionIndex(StrictModel):
    """N4: a scenario-wide index (foreign intervention, public unrest...)."""

    name: str
    """Name shown to the players."""
    start: Tension = 0
    """Value at the start."""
    benefits: SideId
    """The side that wins when the index reaches the threshold."""
    threshold: Tension | None = 10
    """Checked at the end of each turn; ``null`` for an index that never ends the game."""
    minimum: Tension = 0
    """The index never goes below this."""
    steps: list[TensionStep] = Field(default_factory=list)
    """Effects of reaching given values."""
    description: str = ""
    """What the index stands for."""
