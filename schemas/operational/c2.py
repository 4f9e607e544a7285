"""Command and control: the chance of a move going on schedule (OM18, OW10)."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field, model_validator

from ..base import SideId, StrictModel
from .numbers import Percent

Ccv = Annotated[int, Field(ge=-100, le=100)]
"""A side's command-and-control value (the manual's sides run from -20 to -40)."""


class SideCcv(StrictModel):
    """OM18, OT5: one side's CCV."""

    side: SideId
    """The side."""
    ccv: Ccv
    """Its command-and-control value."""


class C2Rules(StrictModel):
    """OM18, OW10: each time a stack leaves a hex it moves on schedule with a chance of its
    units' quality modifier (Table OU3) + its side's CCV + their readiness % + their LOC
    state's modifier (Table OQ9), within ``minimum_chance`` and ``maximum_chance``; a stack
    that fails loses the step's MP and tries again (docs/rules-operational.md, OM18)."""

    delays: bool = True
    """OM18: command-and-control delays are played."""
    ccv: list[SideCcv] = Field(default_factory=list)
    """OM18, OT5: each side's CCV, a row per side; a side not listed has ``default_ccv``."""
    default_ccv: Ccv = -20
    """OM18: the CCV of a side ``ccv`` does not list."""
    night_ccv: Ccv = -20
    """OW10: added to every side's CCV in a night turn."""
    minimum_chance: Percent = 10.0
    """OM18: the chance never falls below this."""
    maximum_chance: Percent = 100.0
    """OM18: nor rises above this."""

    @model_validator(mode="after")
    def _ordered(self) -> C2Rules:
        if self.minimum_chance > self.maximum_chance:
            raise ValueError("'minimum_chance' is above 'maximum_chance'")
        sides = [row.side for row in self.ccv]
        twice = sorted({s for s in sides if sides.count(s) > 1})
        if twice:
            raise ValueError(f"'ccv' lists side '{twice[0]}' twice")
        return self

    def of(self, side: str) -> int:
        """The side's CCV (``default_ccv`` when not listed)."""
        return next((row.ccv for row in self.ccv if row.side == side), self.default_ccv)
