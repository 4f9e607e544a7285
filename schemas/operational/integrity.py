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


class IntegrityRow(StrictModel):
    """Table OC4, one row: % of the side's total by how far its units' HQs are from the
    nearest HQ they share (``alone``: a single unit; ``two_steps``: two steps up or more, or
    no shared HQ), attacking and defending; and the row's night cut (OW8)."""

    attack_alone: IntegrityPercent = 100.0
    """Attacking, a single unit."""
    attack_same_hq: IntegrityPercent = 80.0
    """Attacking, every unit under the same HQ."""
    attack_one_step: IntegrityPercent = 65.0
    """Attacking, their nearest shared HQ one step up."""
    attack_two_steps: IntegrityPercent = 50.0
    """Attacking, two steps up or more."""
    defence_alone: IntegrityPercent = 100.0
    """Defending, a single unit."""
    defence_same_hq: IntegrityPercent = 105.0
    """Defending, the same HQ."""
    defence_one_step: IntegrityPercent = 85.0
    """Defending, one step up."""
    defence_two_steps: IntegrityPercent = 80.0
    """Defending, two steps up or more."""
    night_cut: IntegrityPercent = 0.0
    """OW8: points off at night (20 for the nations the manual flags)."""

    def value(self, attacking: bool, column: str) -> float:
        """The row's % for a side attacking or defending, at ``column``."""
        found: float = getattr(self, f"{'attack' if attacking else 'defence'}_{column}")
        return found


class _NationKey(StrictModel):
    nation: NationId
    """The nation."""


class NationIntegrity(IntegrityRow, _NationKey):
    """Table OC4: a nation's own row (its ``nation`` first: pydantic orders the fields of
    the last base first)."""


class IntegrityRules(StrictModel):
    """OC4, OW8: a side's totals in a battle are multiplied by its organisational integrity."""

    played: bool = True
    """OC4: integrity is played (only between units that all have an HQ in the tree)."""
    default: IntegrityRow = Field(default_factory=IntegrityRow)
    """The row of a nation ``nations`` does not list (the manual's most common values)."""
    nations: list[NationIntegrity] = Field(default_factory=list)
    """Table OC4: each nation's own row."""

    @model_validator(mode="after")
    def _once_each(self) -> IntegrityRules:
        names = [row.nation for row in self.nations]
        twice = sorted({n for n in names if names.count(n) > 1})
        if twice:
            raise ValueError(f"'nations' lists nation '{twice[0]}' twice")
        return self

    def row(self, nation: str) -> IntegrityRow:
        """The nation's row, or ``default``."""
        return next((r for r in self.nations if r.nation == nation), self.default)


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
