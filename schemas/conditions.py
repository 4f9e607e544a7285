"""Conditions of cards, events, reinforcements and victory: a typed, declarative language.

Each condition is a JSON object whose ``kind`` names it. They combine with ``all``, ``any`` and
``not``. Nothing here is ever executed as code; the engine interprets the data.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from .base import (
    AreaId,
    CardId,
    EventId,
    FlagName,
    LeaderId,
    RegionId,
    SideRef,
    StrictModel,
    StructureId,
    Turn,
)
from .ranges import Modifier, Tension, TurnCount, UnitCount
from .ranges import VictoryPoints as VPValue
from .selection import Scope, UnitFilter


class TurnCondition(StrictModel):
    """The current turn lies in a range."""

    kind: Literal["turn"]
    """Always ``turn``."""
    from_turn: Turn = 1
    """First turn it holds."""
    to_turn: Turn | None = None
    """Last turn it holds; ``null`` for no end."""
    every: TurnCount = 1
    """Hold only one turn in this many, counted from ``from_turn``."""


class AllOf(StrictModel):
    """Every condition holds."""

    kind: Literal["all"]
    """Always ``all``."""
    conditions: list[Condition]
    """Conditions that must all hold."""


class AnyOf(StrictModel):
    """At least one condition holds."""

    kind: Literal["any"]
    """Always ``any``."""
    conditions: list[Condition]
    """Conditions of which one must hold."""


class Not(StrictModel):
    """The condition does not hold."""

    kind: Literal["not"]
    """Always ``not``."""
    condition: Condition
    """Condition that must fail."""


class Controls(StrictModel):
    """A side controls places: regions, structures, or whole areas."""

    kind: Literal["controls"]
    """Always ``controls``."""
    side: SideRef = "@self"
    """The side that must control them."""
    regions: list[RegionId] = Field(default_factory=list)
    """Regions to control."""
    structures: list[StructureId] = Field(default_factory=list)
    """Structures to control."""
    areas: list[AreaId] = Field(default_factory=list)
    """Areas whose every region must be controlled."""
    mode: Literal["all", "any"] = "all"
    """Whether every listed place, or one of them, is enough."""


class UnitsPresent(StrictModel):
    """Enough units matching a filter stand somewhere (or take part in the current battle)."""

    kind: Literal["units_present"]
    """Always ``units_present``."""
    units: UnitFilter = Field(default_factory=UnitFilter)
    """Which units count."""
    scope: Scope = Field(default_factory=Scope)
    """Where they must be."""
    at_least: UnitCount = 1
    """Minimum number of units."""
    at_most: UnitCount | None = None
    """Maximum number of units; ``0`` with ``at_least: 0`` means none may be there."""


class LeaderAlive(StrictModel):
    """A leader is still in the game: not killed and not removed (not yet arrived counts)."""

    kind: Literal["leader_alive"]
    """Always ``leader_alive``."""
    leader: LeaderId
    """The leader."""


class TensionLevel(StrictModel):
    """The tension index lies between bounds."""

    kind: Literal["tension"]
    """Always ``tension``."""
    at_least: Tension | None = None
    """Lower bound, inclusive."""
    at_most: Tension | None = None
    """Upper bound, inclusive."""


class VictoryPoints(StrictModel):
    """A side's VP lie between bounds."""

    kind: Literal["vp"]
    """Always ``vp``."""
    side: SideRef = "@self"
    """Whose VP."""
    at_least: VPValue | None = None
    """Lower bound, inclusive."""
    at_most: VPValue | None = None
    """Upper bound, inclusive."""


class FlagSet(StrictModel):
    """A scenario flag (set by a card or event) has a value."""

    kind: Literal["flag"]
    """Always ``flag``."""
    flag: FlagName
    """Flag name."""
    value: bool = True
    """Required value; flags start false."""


class CardPlayed(StrictModel):
    """A card has been played earlier in the game."""

    kind: Literal["card_played"]
    """Always ``card_played``."""
    card: CardId
    """The card."""


class EventFired(StrictModel):
    """An event has happened earlier in the game."""

    kind: Literal["event_fired"]
    """Always ``event_fired``."""
    event: EventId
    """The event."""


class BattleRole(StrictModel):
    """In the current battle, the side concerned attacks (or defends)."""

    kind: Literal["battle_role"]
    """Always ``battle_role``."""
    role: Literal["attacker", "defender"]
    """Required role."""


class ActiveSide(StrictModel):
    """It is a given side's player-turn."""

    kind: Literal["active_side"]
    """Always ``active_side``."""
    side: SideRef
    """The side whose turn it must be."""


class Roll(StrictModel):
    """A die roll succeeds: the roll (from 0 to the die's sides minus one) is at most
    ``at_most``."""

    kind: Literal["roll"]
    """Always ``roll``."""
    at_most: Modifier
    """Highest successful roll."""


Condition = Annotated[
    TurnCondition
    | AllOf
    | AnyOf
    | Not
    | Controls
    | UnitsPresent
    | LeaderAlive
    | TensionLevel
    | VictoryPoints
    | FlagSet
    | CardPlayed
    | EventFired
    | BattleRole
    | ActiveSide
    | Roll,
    Field(discriminator="kind"),
]
"""Any condition, told apart by its ``kind``."""

# Built now, once what they refer to is defined, even where models are deferred: their
# fields' types stay forward references until then, and the walks over the format's fields
# (references for Find usages and validation, ranges, search) read those types.
for _model in (AllOf, AnyOf, Not):
    _model.model_rebuild()
