"""Unit types, units and leaders (U1-U5), and where they start."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from .base import (
    Domain,
    Entity,
    NationId,
    PerSideRef,
    RegionId,
    StrictModel,
    StructureId,
    UnitId,
    UnitTypeId,
)
from .operational.units import OperationalType, OperationalUnit
from .ranges import (
    Capacity,
    Forage,
    HitPoints,
    LeaderStacking,
    Modifier,
    MovementPoints,
    RateOfFire,
    Rating,
    UnitStacking,
    VictoryPoints,
)

UnitClass = Literal["combat", "support"]
"""Combat units fight; support units do not, and die when caught alone."""

MovementClass = Literal["foot", "motorized", "heavy", "immobile"]
"""Motorized and heavy units suffer more out of supply; immobile units never move."""

LossPriority = Literal["first", "normal", "last"]
"""Order in which a side's units absorb hits."""

Role = Literal[
    "armour",
    "artillery",
    "siege_artillery",
    "aa",
    "logistics",
    "hq",
    "recon",
    "mine",
    "fortification",
    "fighter",
    "fighter_bomber",
    "dive_bomber",
    "bomber",
    "naval",
    "transport",
    "paratroop",
    "guerrilla",
    "antitank",
    "stealth",
]
"""What a unit does beyond plain fighting; see ``docs/scenario-format.md``."""


class Booster(StrictModel):
    """Bonuses a unit or leader gives to every unit of its stack."""

    attack: Modifier = 0
    """Added to the attack of the stack's combat units."""
    defence: Modifier = 0
    """Added to their defence."""
    morale: Modifier = 0
    """Added to the stack's battle morale."""


class ReducedValues(StrictModel):
    """Values of a unit at or below half strength; ``null`` keeps the full value."""

    attack: Rating | None = None
    """Attack when reduced."""
    defence: Rating | None = None
    """Defence when reduced."""
    morale: Rating | None = None
    """Morale when reduced."""
    movement: MovementPoints | None = None
    """MP when reduced."""


class UnitType(Entity):
    """A kind of unit: the values every unit of the type shares."""

    name: str
    """Full name."""
    short_name: str = ""
    """Name on the counter; empty uses ``name``."""
    domain: Domain = "land"
    """Where it moves and fights."""
    unit_class: UnitClass = "combat"
    """Combat or support."""
    attack: Rating = 0
    """Attack factor: a shot hits on a roll at most this, after modifiers."""
    defence: Rating = 0
    """Defence factor, used when its side defends."""
    morale: Rating = 0
    """Morale factor."""
    movement: MovementPoints = 0
    """Movement points; an aircraft's range."""
    hit_points: HitPoints = 1
    """Strength: hits it can take before it is eliminated."""
    stacking: UnitStacking = 1
    """Stacking points it uses."""
    rate_of_fire: RateOfFire = 1
    """Shots per round."""
    reduced: ReducedValues | None = None
    """Values when at or under half strength."""
    elite: bool = False
    """Rolls a missed shot again."""
    loss_priority: LossPriority = "normal"
    """When it takes hits, relative to the rest of its side."""
    movement_class: MovementClass = "foot"
    """How it moves."""
    roles: list[Role] = Field(default_factory=list)
    """Special abilities."""
    tags: list[str] = Field(default_factory=list)
    """Free labels that cards and events can select on (``infantry``, ``tiger``...)."""
    booster: Booster = Field(default_factory=Booster)
    """Bonuses to its stack."""
    pursuit: bool = False
    """May fire in a pursuit round."""
    breakthrough: bool = False
    """May break through or follow a breakthrough."""
    agile: bool = False
    """May pursue and break through where the terrain only lets agile units do so."""
    ambush: bool = False
    """May fire in an ambush round where the terrain allows it (units with the ``guerrilla``
    role always may)."""
    air_to_air: Rating | None = None
    """Combat factor against aircraft, for air units; ``null`` means it cannot fight in the air."""
    transport_capacity: Capacity = 0
    """Stacking points of land units it can carry."""
    forage: Forage = 0
    """Forage need, subtracted from the terrain's forage in survival tests."""
    destroyed_vp: PerSideRef[VictoryPoints] = Field(default_factory=dict)
    """VP each side gains (or, negative, loses) when a unit of this type is destroyed; keys are
    side ids, or ``@self`` (the unit's own side) and ``@enemy`` (the sides at war with it)."""
    picture: str = ""
    """Image for the counter, relative to the scenario file; empty draws a symbol."""
    description: str = ""
    """Notes for designers and players."""
    operational: OperationalType | None = None
    """Its values under the operational rules (``rules.family`` ``operational``)."""


class Location(StrictModel):
    """Where something is: in a region, sheltered inside a structure, or aboard a ship."""

    region: RegionId | None = None
    """Region, outside any structure."""
    structure: StructureId | None = None
    """Structure (which also fixes the region)."""
    aboard: UnitId | None = None
    """A ship with a ``transport_capacity`` that carries the unit at the start (sea transport,
    ``rules.transport.sea`` with ``rules.naval.enabled``); the unit is where the ship is."""

    @model_validator(mode="after")
    def _exactly_one(self) -> Location:
        named = [x for x in (self.region, self.structure, self.aboard) if x is not None]
        if len(named) != 1:
            raise ValueError("a location names exactly one of a region, a structure or a ship")
        return self


class Unit(Entity):
    """One unit in the scenario, on the map at the start or waiting for a reinforcement."""

    type: UnitTypeId
    """Unit type."""
    nation: NationId
    """Owning nation (or sub-nation)."""
    name: str = ""
    """Name on the counter; empty uses the type's name."""
    strength: HitPoints | None = None
    """Hit points at the start; ``null`` is full strength."""
    location: Location | None = None
    """Start position; ``null`` for units that arrive as reinforcements."""
    entrenched: bool = False
    """Starts entrenched."""
    operational: OperationalUnit | None = None
    """Its echelon, quality, strength and readiness under the operational rules; ``null``
    gives a regular battalion at full strength and readiness."""


class Leader(Entity):
    """U3: a commander. Leaders are unique, so each carries its own values."""

    name: str
    """Name on the counter."""
    nation: NationId
    """Owning nation."""
    rank: Annotated[int, Field(ge=1, le=3)] = 1
    """Stars, from 1 to 3; sets the command limit."""
    hierarchy: Annotated[str, Field(pattern=r"^[A-Z]$")] = "A"
    """Seniority among leaders of the same rank: A before B."""
    attack: Modifier = 0
    """Bonus to the attack of the units it commands."""
    defence: Modifier = 0
    """Bonus to their defence."""
    morale: Rating = 0
    """Added to battle morale."""
    movement: MovementPoints = 0
    """Movement points."""
    stacking: LeaderStacking = 0
    """Stacking points; negative values free room for the other units of the stack."""
    booster: Booster = Field(default_factory=Booster)
    """Extra bonuses to every unit of its stack."""
    breakthrough: bool = False
    """Goes along with breakthroughs."""
    siege: bool = False
    """Siege expert: helps besiege, or resist a siege."""
    killed_vp: PerSideRef[VictoryPoints] = Field(default_factory=dict)
    """VP each side gains (or, negative, loses) when the leader is killed; keys as for a unit
    type's ``destroyed_vp``."""
    location: Location | None = None
    """Start position; ``null`` for leaders that arrive as reinforcements."""
    picture: str = ""
    """Portrait, relative to the scenario file."""
    description: str = ""
    """Biography shown in the unit window."""
