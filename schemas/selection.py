"""How cards and events point at things: units, places, destinations and durations."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from .base import (
    AreaId,
    Domain,
    NationId,
    RegionId,
    SideRef,
    StrictModel,
    StructureId,
    TheatreId,
    Turn,
    UnitId,
    UnitTypeId,
)
from .ranges import PickCount, TurnCount
from .units import Role, UnitClass


class TurnRange(StrictModel):
    """A set of turns: from ``from_turn`` to ``to_turn`` (inclusive), every ``every`` turns."""

    from_turn: Turn = 1
    """First turn of the range."""
    to_turn: Turn | None = None
    """Last turn; ``null`` runs to the end of the game."""
    every: TurnCount = 1
    """Keep one turn in this many, counting from ``from_turn``."""

    def contains(self, turn: int) -> bool:
        """Whether ``turn`` belongs to the range."""
        if turn < self.from_turn or (self.to_turn is not None and turn > self.to_turn):
            return False
        return (turn - self.from_turn) % self.every == 0


class UnitFilter(StrictModel):
    """Which units: those of ``side`` that match every non-empty list (any entry of a list)."""

    side: SideRef = "@self"
    """Whose units."""
    nations: list[NationId] = Field(default_factory=list)
    """Owned by one of these nations (sub-nations included)."""
    unit_types: list[UnitTypeId] = Field(default_factory=list)
    """Of one of these types."""
    roles: list[Role] = Field(default_factory=list)
    """Having one of these roles."""
    tags: list[str] = Field(default_factory=list)
    """Whose type carries one of these tags."""
    domains: list[Domain] = Field(default_factory=list)
    """Moving in one of these domains."""
    classes: list[UnitClass] = Field(default_factory=list)
    """Combat or support."""
    units: list[UnitId] = Field(default_factory=list)
    """Exactly these units."""


Context = Literal["anywhere", "battle", "siege"]
"""``battle`` and ``siege`` restrict to the units engaged in the current battle or siege."""


class Scope(StrictModel):
    """Where: the whole map, or some regions, areas and theatres, or the current battle."""

    context: Context = "anywhere"
    """Restrict to the current battle or siege."""
    regions: list[RegionId] = Field(default_factory=list)
    """In one of these regions."""
    areas: list[AreaId] = Field(default_factory=list)
    """In a region of one of these areas."""
    theatres: list[TheatreId] = Field(default_factory=list)
    """In a region of one of these theatres."""


class Selection(StrictModel):
    """Units picked by an effect."""

    units: UnitFilter = Field(default_factory=UnitFilter)
    """Which units qualify."""
    scope: Scope = Field(default_factory=Scope)
    """Where they must be."""
    count: PickCount | None = None
    """How many to pick; ``null`` takes every qualifying one."""
    per: Literal["unit", "stack"] = "unit"
    """Whether ``count`` counts units or whole stacks."""
    pick: Literal["player", "random"] = "player"
    """Who picks when ``count`` is set: the side concerned, or the die."""


class Destination(StrictModel):
    """Where units go; with more than one region the player chooses among them."""

    regions: list[RegionId] = Field(default_factory=list)
    """Allowed regions."""
    areas: list[AreaId] = Field(default_factory=list)
    """Every region of these areas is allowed."""
    structure: StructureId | None = None
    """Straight into this structure (its region is then the destination)."""
    friendly_only: bool = True
    """Only regions the receiving side controls qualify."""

    @model_validator(mode="after")
    def _structure_alone(self) -> Destination:
        if self.structure is not None and (self.regions or self.areas):
            raise ValueError("a destination names a structure, or regions and areas, not both")
        return self


DurationKind = Literal[
    "end_of_round",
    "end_of_battle",
    "end_of_siege",
    "end_of_phase",
    "end_of_turn",
    "turns",
    "permanent",
]


class Duration(StrictModel):
    """How long a lasting effect stays in force."""

    until: DurationKind = "end_of_turn"
    """When it ends; ``turns`` counts the playing side's turns."""
    turns: TurnCount = 1
    """Number of turns when ``until`` is ``turns``."""
