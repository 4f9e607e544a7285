"""Intelligence: the level at which a side sees each enemy unit, and what it may misread
(OI1-OI6, OW4)."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

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
    """Table OI5: one unit category's intelligence range (hexes) and strength (a level)."""

    range: IntelRange
    """How many hexes away its units see."""
    strength: IntelLevel
    """The level they see next to them (falling with distance)."""


def _sources() -> dict[Category, IntelSource]:
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
    return {k: IntelSource(range=r, strength=s) for k, (r, s) in rows.items()}


def _target_quality() -> dict[Quality, IntelAdjustment]:
    return {"conscript": 1, "green": 0, "regular": 0, "veteran": 0, "elite": -1}


def _night_full() -> list[Category]:
    return ["infantry", "motorized", "mechanized", "combat_engineer", "recce", "ski"]


def _patrols() -> list[Category]:
    return ["infantry", "combat_engineer"]


def _misread() -> dict[Category, list[Category]]:
    mobile: list[Category] = ["armour", "motorized", "recce", "mechanized"]
    guns: list[Category] = ["artillery", "antitank", "heavy_antitank"]
    out: dict[Category, list[Category]] = {m: [o for o in mobile if o != m] for m in mobile}
    out.update({g: [o for o in guns if o != g] for g in guns})
    out["combat_engineer"] = ["infantry"]
    return out


class IntelRules(StrictModel):
    """OI1-OI6, OW4: intelligence levels (docs/rules-operational.md, OI)."""

    sources: dict[Category, IntelSource] = Field(default_factory=_sources)
    """Table OI5: range and strength by the watching unit's category."""
    other: IntelSource = Field(default_factory=lambda: IntelSource(range=1, strength=1))
    """Table OI5: every category ``sources`` does not list."""
    fall_per_hex: IntelLevel = 1
    """OI5: levels lost per hex of distance beyond the first."""
    target_quality: dict[Quality, IntelAdjustment] = Field(default_factory=_target_quality)
    """OI5 (choice): levels added for a target of this quality (poorer targets yield more)."""
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
    misread_as: dict[Category, list[Category]] = Field(default_factory=_misread)
    """OI4: what each category may be mistaken for (infantry: never misread)."""
    values_wrong_at: IntelLevel = 3
    """OI2: at this level (and below, where shown) the combat values may be wrong."""
    values_wrong_chance: Percent = 50.0
    """OI2 (choice): the chance % that a unit's shown values are off."""
    values_error: Share = 0.25
    """OI2 (choice): how far off: up to this share either way."""
