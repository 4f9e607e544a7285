"""The men, guns and vehicles a unit of the operational family stands for (OU1, OU4, OU5,
OF6, OF10): ``rules.operational.establishment``.

The manual lists personnel, vehicles and guns among a unit's data for the statistics, and
gives men only as the size marks of OU4. The family reads them from the unit's echelon and
category (choice, docs/rules-operational.md): a unit at full strength has the men of its
echelon (``men``, the middle of OU4's ranges), and guns and vehicles at its category's rate
per 1,000 of those men (``equipment``, a row per category; a category without a row has
none). At a lower strength it has that share of each (OU5: strength is men, tanks and guns
alike), rounded to whole ones.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import Field, model_validator

from ..base import StrictModel
from .units import Category

Men = Annotated[int, Field(ge=0, le=2_000_000)]
"""Men of a unit at full strength."""
PerThousand = Annotated[float, Field(ge=0.0, le=1000.0)]
"""Guns or vehicles per 1,000 men."""


class MenByEchelon(StrictModel):
    """OU4: men at full strength by echelon (the middle of the manual's size ranges)."""

    platoon: Men = 40
    """A platoon's men."""
    company: Men = 200
    """A company's men."""
    battalion: Men = 650
    """A battalion's men."""
    regiment: Men = 2_250
    """A regiment's men."""
    brigade: Men = 5_000
    """A brigade's men."""
    division: Men = 12_500
    """A division's men."""
    corps: Men = 35_000
    """A corps' men."""
    army: Men = 100_000
    """An army's men."""
    front: Men = 500_000
    """A front's (army group's) men."""


class EquipmentRate(StrictModel):
    """Guns and vehicles per 1,000 men of one unit category."""

    category: Category
    """The unit category (the unit type's `category`) the row is for."""
    guns: PerThousand = 0.0
    """Guns (artillery pieces, antitank and AA guns) per 1,000 men."""
    vehicles: PerThousand = 0.0
    """Tanks, armoured cars, lorries and tractors per 1,000 men."""


def default_equipment() -> list[EquipmentRate]:
    """The rates of the family (choice: round figures of a 1942 establishment)."""
    rows: tuple[tuple[Category, float, float], ...] = (
        ("armour", 2, 60),
        ("mechanized", 5, 50),
        ("motorized", 5, 40),
        ("infantry", 6, 5),
        ("recce", 4, 40),
        ("artillery", 40, 20),
        ("antitank", 40, 10),
        ("heavy_antitank", 30, 15),
        ("aa", 40, 10),
        ("heavy_aa", 30, 15),
        ("combat_engineer", 0, 10),
        ("bridging_engineer", 0, 30),
        ("hq", 0, 20),
        ("ski", 2, 0),
        ("partisan", 0, 0),
        ("security", 1, 5),
    )
    return [EquipmentRate(category=c, guns=g, vehicles=v) for c, g, v in rows]


class EstablishmentRules(StrictModel):
    """OU1, OU4, OF6, OF10: how many men, guns and vehicles a unit stands for (see the
    module docstring)."""

    men: MenByEchelon = Field(default_factory=MenByEchelon)
    """OU4: men at full strength by echelon."""
    equipment: list[EquipmentRate] = Field(default_factory=default_equipment)
    """Guns and vehicles per 1,000 men, a row per category (none without a row)."""

    @model_validator(mode="after")
    def _one_row_each(self) -> EstablishmentRules:
        seen: set[str] = set()
        for row in self.equipment:
            if row.category in seen:
                raise ValueError(f"'{row.category}' has two rows in 'equipment'")
            seen.add(row.category)
        return self

    def rate(self, category: str) -> EquipmentRate | None:
        return next((row for row in self.equipment if row.category == category), None)
