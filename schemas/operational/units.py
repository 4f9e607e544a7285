"""Units of the operational family: what a unit type and a unit add (OU1-OU3, OM4, OC14).

A unit type of an operational scenario carries :class:`OperationalType` (category, terrain
column, factors, MP, shock type); each unit carries :class:`OperationalUnit` (echelon,
quality, strength, readiness, dug-in). The tables here (quality effects, stacking by echelon,
shock types) live in ``rules.operational``.
"""

from __future__ import annotations

from typing import Annotated, Literal, get_args

from pydantic import Field

from ..base import Slug, StrictModel
from ..ranges import TurnNumber
from .numbers import Factor, Percent, ReadinessPoints, StackingPoints, TableMultiplier, ZocPoints
from .terrain import MovementColumn

Category = Literal[
    "armour",
    "mechanized",
    "motorized",
    "infantry",
    "recce",
    "artillery",
    "antitank",
    "heavy_antitank",
    "combat_engineer",
    "bridging_engineer",
    "aa",
    "heavy_aa",
    "hq",
    "ski",
    "partisan",
    "security",
]
"""OU2: the unit types the family's tables name."""

Quality = Literal["conscript", "green", "regular", "veteran", "elite"]
"""OU3: the quality ladder, lowest first (levels 0 to 4)."""

QUALITY_LEVELS: dict[str, int] = {name: level for level, name in enumerate(get_args(Quality))}
"""Each quality's level, conscript 0 to elite 4."""

Echelon = Literal[
    "platoon", "company", "battalion", "regiment", "brigade", "division", "corps", "army", "front"
]
"""OU4, OM4: a unit's size."""

ShockType = Literal["shock4", "shock2", "heavy_antitank", "antitank", "mobile", "none"]
"""OC14: how a unit takes part in shock."""


class OperationalType(StrictModel):
    """OU1: the values every unit of a type shares under the operational rules."""

    category: Category = "infantry"
    """OU2: which rows of the family's tables it reads."""
    column: MovementColumn = "infantry"
    """OH3: the terrain column it reads (armour, mechanized and motorized usually ``armour``)."""
    attack: Factor = 0.0
    """Printed attack factor (at full strength and readiness)."""
    defence: Factor = 0.0
    """Printed defence factor."""
    movement: Factor = 0.0
    """Printed MP."""
    shock: ShockType = "none"
    """OC14: its shock type."""
    night_capable: bool = False
    """OU15: acts at night as by day at readiness of 80% or more."""
    fire_range: Annotated[int, Field(ge=0, le=100)] | None = None
    """OC33: an artillery type's firing range in hexes; ``null``: ``artillery.range``."""


class FixedStatus(StrictModel):
    """OM20: a unit held in place by the scenario, and what frees it.

    Without a ``zone`` the unit may not leave its start hex; with one it moves freely inside
    that fixed zone (``hex_map.fixed_zones``) and never out of it. The releases add up: the
    first to happen frees the unit for the rest of the game. A unit forced to retreat out of
    its hex or zone is freed as well (the manual's rule, always on)."""

    zone: Slug | None = None
    """The fixed zone it may move inside (a key of ``hex_map.fixed_zones``); ``null``: it
    may not move at all."""
    until_turn: TurnNumber | None = None
    """Free to move from the planning of this turn on; ``null``: no release by turn."""
    on_enemy_adjacent: bool = False
    """Freed once an enemy unit stands next to it (checked as each turn's planning opens and
    at the end of each execution)."""
    whole_game: bool = False
    """Fixed for the whole game on purpose, with no release (silences the validation's
    warning about a fixed unit nothing frees)."""


class OperationalUnit(StrictModel):
    """OU1: one unit's own state under the operational rules, as the scenario starts it."""

    echelon: Echelon = "battalion"
    """OU4: its size, which sets its stacking points (Table OM4)."""
    quality: Quality = "regular"
    """OU3: its quality."""
    strength: Percent = 100.0
    """OU5: men and equipment, as a percentage of full strength."""
    readiness: Percent = 100.0
    """OU6: freshness, as a percentage."""
    dug_in: bool = False
    """OU11: starts dug in."""
    fixed: FixedStatus | None = None
    """OM20: held in place (or inside a fixed zone) until released; ``null``: free."""
    personnel: Annotated[int, Field(ge=0, le=2_000_000)] | None = None
    """OU1: men at full strength; ``null``: its echelon's in ``establishment.men``."""
    guns: Annotated[int, Field(ge=0, le=100_000)] | None = None
    """OU1: guns at full strength; ``null``: its category's rate per 1,000 of its men."""
    vehicles: Annotated[int, Field(ge=0, le=100_000)] | None = None
    """OU1: vehicles at full strength; ``null``: its category's rate per 1,000 of its men."""


class QualityEffects(StrictModel):
    """Table OU3: what one quality level does."""

    rest_gain: ReadinessPoints
    """OU7: readiness a resting, supported unit gains per turn."""
    zoc_adjustment: ZocPoints
    """OM10: added to the unit's SP when it exerts a zone of control."""
    zoc_entry_adjustment: ZocPoints
    """OM12: added to the enemy-ZOC cost the unit pays to enter a hex."""
    c2_modifier: ZocPoints
    """OM18: its command-and-control modifier."""
    destroyed_below: Percent
    """OC20: the unit is destroyed when readiness and strength are both below this."""
    damage: TableMultiplier
    """OC19: multiplier on the battle damage it takes (better quality takes less)."""


def _quality(
    rest: float, zoc: int, entry: int, c2: int, below: float, damage: float
) -> QualityEffects:
    return QualityEffects(
        rest_gain=rest,
        zoc_adjustment=zoc,
        zoc_entry_adjustment=entry,
        c2_modifier=c2,
        destroyed_below=below,
        damage=damage,
    )


class QualityTable(StrictModel):
    """Table OU3, one row per quality. The damage column is a choice (OC19): each level above
    regular takes 10% less damage, each level below 10% more."""

    conscript: QualityEffects = Field(default_factory=lambda: _quality(12, -1, 2, -20, 25, 1.2))
    """Conscript."""
    green: QualityEffects = Field(default_factory=lambda: _quality(16, 0, 2, 0, 20, 1.1))
    """Green."""
    regular: QualityEffects = Field(default_factory=lambda: _quality(20, 0, 0, 20, 15, 1.0))
    """Regular."""
    veteran: QualityEffects = Field(default_factory=lambda: _quality(24, 0, -1, 40, 10, 0.9))
    """Veteran."""
    elite: QualityEffects = Field(default_factory=lambda: _quality(28, 1, -2, 60, 5, 0.8))
    """Elite."""

    def of(self, quality: Quality) -> QualityEffects:
        row: QualityEffects = getattr(self, quality)
        return row


class StackingTable(StrictModel):
    """Table OM4: stacking points by echelon. HQs use ``hq`` whatever their echelon. The
    manual gives no value for combat divisions and above: a whole hex (9) is the choice."""

    platoon: StackingPoints = 1.0
    """Platoon."""
    company: StackingPoints = 1.0
    """Company or battery."""
    battalion: StackingPoints = 2.0
    """Battalion."""
    regiment: StackingPoints = 4.0
    """Regiment."""
    brigade: StackingPoints = 4.0
    """Brigade."""
    division: StackingPoints = 9.0
    """Division (a combat division; choice)."""
    corps: StackingPoints = 9.0
    """Corps (choice)."""
    army: StackingPoints = 9.0
    """Army (choice)."""
    front: StackingPoints = 9.0
    """Front or army group (choice)."""
    hq: StackingPoints = 1.0
    """Any HQ (division, corps, army or front HQ)."""

    def of(self, echelon: Echelon, category: Category) -> float:
        value: float = self.hq if category == "hq" else getattr(self, echelon)
        return value


class ShockValues(StrictModel):
    """One row of Table OC14."""

    attack: Factor = 0.0
    """Its shock when attacking."""
    defence: Factor | None = 0.0
    """Its shock when defending; ``null``: equal to the attacking side's shock."""
    defence_cap: Factor | None = None
    """When ``defence`` is ``null``: at most this (antitank: 2)."""
    counts: bool = True
    """Counts as a shock unit (in the SP share of OC11); ``false`` dilutes."""


class ShockTable(StrictModel):
    """Table OC14. The defending values of the 4 and 2 types are the attacking ones (the manual
    does not print them: choice)."""

    shock4: ShockValues = Field(default_factory=lambda: ShockValues(attack=4.0, defence=4.0))
    """Tank units and the like."""
    shock2: ShockValues = Field(default_factory=lambda: ShockValues(attack=2.0, defence=2.0))
    """Shock-2 units."""
    heavy_antitank: ShockValues = Field(
        default_factory=lambda: ShockValues(attack=2.0, defence=None)
    )
    """Heavy antitank (AT-AA guns): defends with the attacker's shock."""
    antitank: ShockValues = Field(
        default_factory=lambda: ShockValues(attack=0.0, defence=None, defence_cap=2.0)
    )
    """Antitank: defends with the attacker's shock, at most 2."""
    mobile: ShockValues = Field(default_factory=ShockValues)
    """Mobile units without shock (motorized...): 0, but count as shock units."""
    none: ShockValues = Field(default_factory=lambda: ShockValues(counts=False))
    """No shock (leg infantry...): dilutes its side's shock."""

    def of(self, shock: ShockType) -> ShockValues:
        row: ShockValues = getattr(self, shock)
        return row
