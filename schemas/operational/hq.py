"""The order of battle of the operational family: HQs, what reports to them, LOC ranges
(OQ1-OQ8, OQ11, OO16).

``rules.operational.command`` holds the HQ tree as two lists a studio edits by drag and drop:
``hqs`` (each HQ unit and its superior HQ) and ``attachments`` (each other unit and the HQ it
reports to). An HQ is a unit of the scenario whose type's category is ``hq``; its echelon is the
unit's own ``operational.echelon``. The range of its lines of communication comes from Table
OQ3 by echelon unless the entry names its own (the manual's "10-8" label: range 10, MP 8).
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from ..base import StrictModel, UnitId
from .numbers import Cost, Share, ZocPoints
from .terrain import MovementColumn
from .units import Echelon

HqSupplyType = Literal["non_motorized", "semi_motorized", "motorized", "mechanized", "artillery"]
"""OS9, OS10, OS14: the row of the supply and replacement cost tables an HQ pays."""


class HqEntry(StrictModel):
    """OQ1, OQ2: one HQ of the tree."""

    unit: UnitId
    """The HQ unit (its type's category is ``hq``)."""
    parent: UnitId | None = None
    """Its superior HQ; ``null`` for the root (supreme) HQ of its side."""
    loc_range: Cost | None = None
    """OQ2, OQ3: its LOC range in MP; ``null`` reads Table OQ3 by the HQ's echelon."""
    supply_type: HqSupplyType | None = None
    """OS10: the cost row it pays; ``null`` takes the costliest type directly attached to it."""


class Attachment(StrictModel):
    """OQ1: a unit (not an HQ) and the HQ it reports to."""

    unit: UnitId
    """The unit."""
    hq: UnitId
    """Its parent HQ (an entry of ``hqs``)."""


class LocRangeTable(StrictModel):
    """Table OQ3: LOC range in MP by HQ echelon. The manual stops at regiment and brigade;
    battalion and smaller HQs read the regiment's value (choice)."""

    front: Cost = 60.0
    """Front or army group."""
    army: Cost = 40.0
    """Army."""
    corps: Cost = 20.0
    """Corps."""
    division: Cost = 10.0
    """Division."""
    brigade: Cost = 10.0
    """Brigade."""
    regiment: Cost = 10.0
    """Regiment."""
    battalion: Cost = 10.0
    """Battalion (choice)."""
    company: Cost = 10.0
    """Company (choice)."""
    platoon: Cost = 10.0
    """Platoon (choice)."""

    def of(self, echelon: Echelon) -> float:
        value: float = getattr(self, echelon)
        return value


class LocC2(StrictModel):
    """Table OQ9, OM18: the command-and-control modifier of each LOC state."""

    supported: ZocPoints = 40
    """Supported."""
    extended: ZocPoints = 0
    """Extended."""
    isolated: ZocPoints = -40
    """Isolated."""
    encircled: ZocPoints = -40
    """Encircled."""


class HqRules(StrictModel):
    """OQ1-OQ8, OQ11: the HQ tree and how lines of communication are traced along it."""

    hqs: list[HqEntry] = Field(default_factory=list)
    """OQ1: every HQ with its superior. A side without any HQ here does not trace LOC: its
    units are Supported wherever they stand (choice, for scenarios that leave supply out)."""
    attachments: list[Attachment] = Field(default_factory=list)
    """OQ1: every other unit with its parent HQ."""
    loc_range: LocRangeTable = Field(default_factory=LocRangeTable)
    """Table OQ3."""
    supported_share: Share = 0.5
    """OQ7: a unit within this share of its HQ's range is Supported, beyond it Extended."""
    truck_column: MovementColumn = "armour"
    """OQ4: the terrain column a supply truck pays off the road (choice; along a road it
    pays the Road Movement cost of OH4)."""
    other_hq_extended: bool = True
    """OQ6: a unit (or HQ) out of its own HQ's reach but within the range of another friendly
    HQ of its echelon or higher, itself in supply, is Extended."""
    lost_hq_quality_drop: int = Field(default=1, ge=0, le=4)
    """OQ11, OU3: quality levels a unit loses when its HQ is destroyed."""
    c2: LocC2 = Field(default_factory=LocC2)
    """Table OQ9: C2 modifier by LOC state (OM18)."""
    reassign_under: Echelon = "army"
    """OO16: a division HQ may move only between corps under the same HQ of this echelon."""

    def entry(self, unit_id: str) -> HqEntry | None:
        return next((e for e in self.hqs if e.unit == unit_id), None)
