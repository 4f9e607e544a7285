"""Organisational integrity (OC4, OW8) and the forts and entrenchments a scenario places
(OH3's overlay rows, OH8)."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field, model_validator

from ..base import NationId, StrictModel
from ..ranges import MAX_MODIFIER
from .numbers import TableMultiplier

IntegrityPercent = Annotated[float, Field(ge=0.0, le=200.0)]
"""A percentage of a side's total, 0 to 200."""


class IntegritySteps(StrictModel):
    """Table OC4, one half of a row: % of the side's total by how far its units' HQs are
    from the nearest HQ they share."""

    alone: IntegrityPercent = 100.0
    """A single unit."""
    same_hq: IntegrityPercent = 100.0
    """Every unit under the same HQ."""
    one_step: IntegrityPercent = 100.0
    """Their nearest shared HQ is one step up."""
    two_steps: IntegrityPercent = 100.0
    """Two steps up, or more, or no shared HQ at all."""


def _attack() -> IntegritySteps:
    return IntegritySteps(alone=100, same_hq=80, one_step=65, two_steps=50)


def _defence() -> IntegritySteps:
    return IntegritySteps(alone=100, same_hq=105, one_step=85, two_steps=80)


class IntegrityRow(StrictModel):
    """Table OC4: one nation's row, and its night cut (OW8)."""

    attack: IntegritySteps = Field(default_factory=_attack)
    """When its units attack."""
    defence: IntegritySteps = Field(default_factory=_defence)
    """When they defend."""
    night_cut: IntegrityPercent = 0.0
    """OW8: points off at night (20 for the nations the manual flags)."""


class IntegrityRules(StrictModel):
    """OC4, OW8: a side's totals in a battle are multiplied by its organisational integrity."""

    played: bool = True
    """OC4: integrity is played (only between units that all have an HQ in the tree)."""
    default: IntegrityRow = Field(default_factory=IntegrityRow)
    """The row of a nation ``nations`` does not list (the manual's most common values)."""
    nations: dict[NationId, IntegrityRow] = Field(default_factory=dict)
    """Table OC4: each nation's own row."""


class OverlayEffect(StrictModel):
    """Table OH3's overlay rows: what a fort or an entrenchment gives its owner's units."""

    defence: TableMultiplier
    """Defence multiplier of the owner's units in the hex (both columns)."""
    engineer_target: bool = False
    """OC10, OE1: combat engineers get their shift against the hex."""


class FortRules(StrictModel):
    """OH2, OH3, OH8: forts and entrenchments are the scenario's structures with a
    fortification level (any kind of structure): from ``entrenchment_from`` an entrenchment,
    from ``fort_from`` a fort. Only the structure's owner benefits; the hex is never open
    (no shock) for an attack on them; an enemy unit that begins a turn in the hex removes the
    overlay for good."""

    fort: OverlayEffect = Field(
        default_factory=lambda: OverlayEffect(defence=2.0, engineer_target=True)
    )
    """Table OH3: a fort, DF x2."""
    entrenchment: OverlayEffect = Field(default_factory=lambda: OverlayEffect(defence=1.5))
    """Table OH3: an entrenchment, DF x1.5."""
    entrenchment_from: int = Field(default=1, ge=1, le=MAX_MODIFIER)
    """The fortification level from which a structure is an entrenchment."""
    fort_from: int = Field(default=2, ge=1, le=MAX_MODIFIER)
    """The fortification level from which it is a fort."""
    removed_by_enemy: bool = True
    """OH8: an enemy unit that begins a turn in the hex removes the overlay for good."""

    @model_validator(mode="after")
    def _ordered(self) -> FortRules:
        if self.fort_from < self.entrenchment_from:
            raise ValueError("'fort_from' is below 'entrenchment_from'")
        return self

    def kind_of(self, level: int) -> str | None:
        """``fort``, ``entrenchment`` or ``None`` for a structure's fortification level."""
        if level >= self.fort_from:
            return "fort"
        if level >= self.entrenchment_from:
            return "entrenchment"
        return None
