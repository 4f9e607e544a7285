"""Meeting the enemy on the move (OH5, OM9, OM14-OM17, OC26, OC30): road congestion,
ambushes of road columns, overruns and the recce's pulling back. Every number is a default
a modder edits (docs/rules-operational.md, "Contact on the move")."""

from __future__ import annotations

from pydantic import Field

from ..base import StrictModel
from .numbers import Cost, OddsRatio, Percent, ReadinessPoints, Share
from .units import Category, Quality


def _pinning() -> list[Category]:
    return ["recce", "artillery", "combat_engineer"]


class ContactRules(StrictModel):
    """OH5, OM9, OM14-OM17, OC26, OC30."""

    congestion: Cost = 0.1
    """OH5: MP added to a hex's road cost for each unit that went through it along the road
    earlier in the same execution (0 turns congestion off)."""
    ambush: bool = True
    """OM9, OC30: a Road Movement column that enters an enemy zone of control stops there
    and the enemy units next to it fight it at once, taking no damage."""
    overrun_odds: OddsRatio = 10.0
    """OM14: final odds (every shift, no artillery, naval or air support) that overrun."""
    overrun_quality: Quality = "regular"
    """OM15: the lowest quality that takes part in an overrun."""
    overrun_readiness: Percent = 33.0
    """OM15: an overrunning unit's readiness must be above this."""
    overrun_mp: Share = 0.2
    """OM15: share of a unit's allowance an overrun costs, on top of the entry cost."""
    overrun_min_mp: Cost = 1.0
    """OM15: the least MP an overrun costs."""
    overrun_readiness_cost: ReadinessPoints = 5.0
    """OM15: readiness each overrunning unit spends."""
    recce_keep_out: bool = True
    """OM17: a recce stack moving under any order but an attack stops rather than enter a
    hex in the zone of control of non-recce enemy units."""
    recce_pull_back: bool = True
    """OM17: a recce stack with a non-recce enemy next to it pulls back to a hex free of
    enemy zones of control (not under Hold at all costs or an attack order)."""
    recce_pull_back_readiness: ReadinessPoints = 2.5
    """OM17 (choice): readiness a pulling-back recce unit spends (as a withdrawal's hex)."""
    recce_withdraw: bool = True
    """OC26: defenders that are all recce try to withdraw from an attack (not under Hold at
    all costs), ignoring the quality gap and taking half the low-readiness cut."""
    recce_pinned_by: list[Category] = Field(default_factory=_pinning)
    """OC26: recce never withdraw from an attack with a unit of these categories in it."""
