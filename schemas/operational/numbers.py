"""The range of every number of the operational family's tables.

Kept apart from :mod:`schemas.ranges` (the area family's numbers) so that each family's numbers
can be read on their own; every one is bounded, as every number of the format is.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

MAX_FACTOR = 1000.0
"""Largest attack or defence factor of a unit, and the largest MP value."""
MAX_MULTIPLIER = 100.0
"""Largest multiplier of a table (terrain, hexside, intensity, damage)."""
MAX_SHIFT = 50
"""Largest odds shift a table gives, either way."""

Factor = Annotated[float, Field(ge=0.0, le=MAX_FACTOR)]
"""An attack or defence factor, or a number of movement points."""
Cost = Annotated[float, Field(ge=0.0, le=MAX_FACTOR)]
"""Movement points a step costs."""
TableMultiplier = Annotated[float, Field(ge=0.0, le=MAX_MULTIPLIER)]
"""A multiplier read from a table (1 leaves the value as it is)."""
Percent = Annotated[float, Field(ge=0.0, le=100.0)]
"""A percentage, from 0 to 100."""
Share = Annotated[float, Field(ge=0.0, le=1.0)]
"""A share, from 0 to 1."""
Shift = Annotated[int, Field(ge=-MAX_SHIFT, le=MAX_SHIFT)]
"""Odds shifts, or shift-like table adjustments (ZOC points, protection)."""
ShiftSize = Annotated[float, Field(ge=0.0, le=MAX_SHIFT)]
"""Shifts given per step of something (per quality level...)."""
StackingPoints = Annotated[float, Field(ge=0.0, le=MAX_FACTOR)]
"""Stacking points (SP) of a unit, or a hex's limit."""
OddsRatio = Annotated[float, Field(gt=0.0, le=MAX_FACTOR)]
"""Attack to defence, as a real ratio (3 is 3:1, 0.5 is 1:2)."""
ZocPoints = Annotated[int, Field(ge=-100, le=100)]
"""An adjustment to a zone-of-control value or cost."""
ZocCap = Annotated[float, Field(ge=0.0, le=1000.0)]
"""A cap on a zone-of-control cost or loss."""
ReadinessPoints = Annotated[float, Field(ge=0.0, le=100.0)]
"""Readiness points (percentage points) gained or lost."""
