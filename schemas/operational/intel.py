"""Intelligence: the level at which a side sees each enemy unit, and what it may misread
(OI1-OI6, OW4)."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field, model_validator

from ..base import StrictModel
from .numbers import Percent, Share
from .units import Category, Quality

IntelLevel = Annotated[int, Field(ge=0, le=5)]
"""OI2: a level of intelligence, 0 (nothing) to 5 (extreme)."""
IntelRange = Annotated[int, Field(ge=0, le=50)]
"""OI5: a range in hexes."""
IntelAdjustment = Annotated[int, Field(ge=-5, le=5)]
"""OI5: levels added to (or taken from) what a target yields."""


class IntelSource(StrictModel):
    """Table OI5: an intelligence range (hexes) and strength (a level)."""

    range: IntelRange
    """How many hexes away its units see."""
    strength: IntelLevel
    """The level they see next to them (falling with distance)."""


class CategorySource(StrictModel):
    """Table OI5: one unit category's row."""

    category: Category
    """The watching units' category."""
    range: IntelRange
    """How many hexes away its units see."""
    strength: IntelLevel
    """The level they see next to them (falling with distance)."""


class QualityYield(StrictModel):
    """OI5 (choice): levels added for a target of each quality (poorer targets yield more)."""

    conscript: IntelAdjustment = 1
    """A conscript target."""
    green: IntelAdjustment = 0
    """A green target."""
    regular: IntelAdjustment = 0
    """A regular target."""
    veteran: IntelAdjustment = 0
    """A veteran target."""
    elite: IntelAdjustment = -1
    """An elite target."""

    def of(self, quality: Quality) -> int:
        found: int = getattr(self, quality)
        return found


class Misreading(StrictModel):
    """OI4: what units of one category may be taken for at the misreading level."""

    category: Category
    """The units' true category."""
    read_as: list[Category] = Field(default_factory=list)
    """The categories they may show instead."""


def _sources() -> list[CategorySource]:
    # Category: (range in hexes, strength as a level).
    rows: dict[Category, tuple[int, int]] = {
        "infantry": (1, 2),
        "combat_engineer": (1, 1),
        "artillery": (1, 1),
        "motorized": (2, 2),
        "armour": (3, 1),
        "mechanized": (3, 2),
        "recce": (4, 4),
    }
    return [CategorySource(category=k, range=r, strength=s) for k, (r, s) in rows.items()]


def _night_full() -> list[Category]:
    return ["infantry", "motorized", "mechanized", "combat_engineer", "recce", "ski"]


def _patrols() -> list[Category]:
    return ["infantry", "combat_engineer"]


def _misread() -> list[Misreading]:
    mobile: list[Category] = ["armour", "motorized", "recce", "mechanized"]
    guns: list[Category] = ["artillery", "antitank", "heavy_antitank"]
    out = [Misreading(category=m, read_as=[o for o in mobile if o != m]) for m in mobile]
    out += [Misreading(category=g, read_as=[o for o in guns if o != g]) for g in guns]
    out.append(Misreading(category="combat_engineer", read_as=["infantry"]))
    return out


class IntelRules(StrictModel):
    """OI1-OI6, OW4: intelligence levels (docs/rules-operational.md, OI)."""

    sources: list[CategorySource] = Field(default_factory=_sources)
    """Table OI5: range and strength by the watching unit's category, a row per category."""
    other: IntelSource = Field(default_factory=lambda: IntelSource(range=1, strength=1))
    """Table OI5: every category ``sources`` does not list."""
    fall_per_hex: IntelLevel = 1
    """OI5: levels lost per hex of distance beyond the first."""
    target_quality: QualityYield = Field(default_factory=QualityYield)
    """OI5: what a target's quality adds to the level it is seen at."""
    five_adjacent_only: bool = True
    """OI3: level 5 only for units next to one of the side's units."""
    night_range: IntelRange = 1
    """OW4: everyone's range at night, except ``night_full_range`` categories."""
    night_full_range: list[Category] = Field(default_factory=_night_full)
    """OW4: categories that keep their range at night."""
    night_patrols: list[Category] = Field(default_factory=_patrols)
    """OW4: categories whose units that stay put get ``patrol_bonus`` more range at night."""
    patrol_bonus: IntelRange = 1
    """OW4: that bonus."""
    misread_at: IntelLevel = 2
    """OI4: at this level (and only this one) a unit's type may be read wrong."""
    misread_chance: Percent = 50.0
    """OI4 (choice): the chance % that it is, when its category may be misread."""
    misread_as: list[Misreading] = Field(default_factory=_misread)
    """OI4: what each category may be mistaken for (infantry, not listed: never misread)."""
    values_wrong_at: IntelLevel = 3
    """OI2: at this level (and below, where shown) the combat values may be wrong."""
    values_wrong_chance: Percent = 50.0
    """OI2 (choice): the chance % that a unit's shown values are off."""
    values_error: Share = 0.25
    """OI2 (choice): how far off: up to this share either way."""

    @model_validator(mode="after")
    def _once_each(self) -> IntelRules:
        for name, keys in (
            ("sources", [row.category for row in self.sources]),
            ("misread_as", [row.category for row in self.misread_as]),
        ):
            twice = sorted({k for k in keys if keys.count(k) > 1})
            if twice:
                raise ValueError(f"'{name}' lists category '{twice[0]}' twice")
        return self

    def source(self, category: str) -> IntelSource:
        """Table OI5: the category's range and strength, or ``other``'s."""
        found = next((row for row in self.sources if row.category == category), None)
        if found is None:
            return self.other
        return IntelSource(range=found.range, strength=found.strength)

    def misread(self, category: str) -> list[str]:
        """OI4: what the category may be read as (empty: never misread)."""
        found = next((row for row in self.misread_as if row.category == category), None)
        return list(found.read_as) if found is not None else []
