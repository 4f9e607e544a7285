"""Zones of control, movement and readiness over time (OM1-OM13, OM19, OU7, OU9)."""

from __future__ import annotations

from pydantic import Field

from ..base import StrictModel
from .numbers import Percent, ReadinessPoints, TableMultiplier, ZocCap, ZocPoints
from .units import Category


def _infiltrators() -> list[Category]:
    return ["infantry", "combat_engineer", "ski"]


class ZocRules(StrictModel):
    """OM10-OM13, OW5: zones of control."""

    isolated_adjustment: ZocPoints = -1
    """OM10: added to the SP of an isolated or encircled unit exerting a ZOC."""
    night_multiplier: TableMultiplier = 0.5
    """OM10, OW5: ZOC values at night."""
    entry_cap: ZocCap = 10.0
    """OM11: most MP an enemy ZOC adds to a hex's cost, after the mover's adjustment."""
    recce_entry_adjustment: ZocPoints = -2
    """OM12: further adjustment for recce movers."""
    minimum_entry_cost: ZocCap = 0.0
    """OM12: the adjusted ZOC cost never goes below this (choice: 0)."""
    infiltrators: list[Category] = Field(default_factory=_infiltrators)
    """OW5: movers paying the night share of the ZOC cost."""
    night_infiltration: TableMultiplier = 0.5
    """OW5: their share at night."""
    friendly_holder_exempts: bool = True
    """OM11: no ZOC cost in a hex a friendly unit holds and stays in this turn."""
    no_sliding: bool = True
    """OM13: a unit may not go from one hex of an enemy unit's ZOC into another hex of the
    same unit's ZOC, unless the new hex is also in the ZOC of another enemy unit."""
    minimal_move: bool = True
    """OM3: whatever the ZOC costs, a unit that has not moved may always go one hex."""


class AllowanceRules(StrictModel):
    """OM1, OM8, OS4, OW1: movement allowances."""

    basic_supply: TableMultiplier = 0.5
    """OS4: MP multiplier at Basic supply (Move+ gives full MP)."""
    road_movement_infantry: TableMultiplier = 0.5
    """Table OM8 (2,500 m map): Road Movement budget of infantry, partisans and security."""
    road_movement_recce: TableMultiplier = 0.8
    """Table OM8: of recce."""
    road_movement_others: TableMultiplier = 1.0
    """Table OM8: of every other type."""
    road_needs_move_plus: bool = True
    """OM7: Road Movement only at Move+ supply."""
    road_needs_supported: bool = True
    """OM7: Road Movement only for units Supported on their line of communication."""
    road_needs_no_adjacent_enemy: bool = True
    """OM7: Road Movement only for units with no enemy next to them as the turn starts."""


class ReadinessRules(StrictModel):
    """OU7, OU9, OM19: readiness gained and spent between battles."""

    full_move_cost: ReadinessPoints = 10.0
    """OM19: readiness spent for using the whole allowance (a part in proportion, rounded
    up)."""
    zoc_rest_factor: TableMultiplier = 2.0
    """OU7: resting gains this times the enemy ZOC value of the hex less."""
    zoc_rest_cap: ReadinessPoints = 10.0
    """OU7, OU9: most that cut takes."""
    encircled_loss: ReadinessPoints = 15.0
    """OU9: readiness an encircled, unmoving unit loses each turn."""
    night_rest: TableMultiplier = 2.0
    """OW9: rest gain at night (the play tips' double)."""
    maximum: Percent = 100.0
    """Readiness never rises above this."""
