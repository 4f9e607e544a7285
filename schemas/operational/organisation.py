"""Breaking units down and combining them again (OU12-OU14, OT1): which units may, into what
echelon, and the limits, in ``rules.operational.organisation``."""

from __future__ import annotations

from pydantic import Field

from ..base import StrictModel
from .numbers import Factor, Percent
from .units import Category, Echelon

PARTS = 3
"""OU12: a unit breaks down into three parts, named and numbered -1, -2, -3 (fixed: the
parts' ids and names are read by saves and by players)."""


class BreakdownStep(StrictModel):
    """OU12: a unit of ``echelon`` breaks down into three units of ``into``."""

    echelon: Echelon
    """The echelon of the unit as the scenario starts it."""
    into: Echelon
    """The echelon of each of its three parts."""


def _steps() -> list[BreakdownStep]:
    return [
        BreakdownStep(echelon="regiment", into="battalion"),
        BreakdownStep(echelon="brigade", into="battalion"),
        BreakdownStep(echelon="battalion", into="company"),
    ]


def _categories() -> list[Category]:
    return [
        "infantry",
        "motorized",
        "mechanized",
        "armour",
        "recce",
        "artillery",
        "antitank",
        "heavy_antitank",
        "aa",
        "heavy_aa",
    ]


class OrganisationRules(StrictModel):
    """OU12-OU14: breakdown and combine. Only a unit at the echelon the scenario starts it
    with breaks down (its parts never do); three parts of one unit combine into it again."""

    steps: list[BreakdownStep] = Field(default_factory=_steps)
    """OU12: the echelons that break down, and into what."""
    categories: list[Category] = Field(default_factory=_categories)
    """OU12: the unit categories that may break down."""
    min_factor: Factor = 3.0
    """OU13: no breakdown when the printed attack or defence factor is below this (each
    part gets a third of them)."""
    min_strength: Percent = 25.0
    """OU13: no breakdown at this strength (%) or less."""
    whole_turn: bool = True
    """OU13, OU14: in play, a unit broken down or combined stays in its hex for the rest of
    the turn (Hold or Defend orders only); in the setup both are free."""

    def into(self, echelon: Echelon) -> Echelon | None:
        """The parts' echelon for a unit of ``echelon``, ``None`` when it does not break
        down."""
        for step in self.steps:
            if step.echelon == echelon:
                return step.into
        return None
