"""Land (and sea) movement: what a step costs, where a stack can go, and why not.

A move is priced one of three ways (M4, V1): along a railway through friendly rail regions
(free, for sides that may use rail), along a road through friendly road regions (half an MP a
region, the total rounded up), or plainly (terrain, less a trail's reduction, plus the
connection crossed). Roads and rails only count when the whole move runs on them. Entering a
region held by an enemy stack stops the move (V2) unless the stack overruns it; a stack that
has spent nothing may always take one step (V4).

The rules live in four modules: what a stack is (:mod:`.stacks`), the steps and what they
cost (:mod:`.steps`), the enemies in the way (:mod:`.enemies`) and the search for where a
stack can go (:mod:`.search`). Everything callers use is read from this package.
"""

from __future__ import annotations

from .enemies import (
    FieldEnemies,
    can_overrun,
    enemy_here,
    field_enemies,
    overruns,
)
from .search import Reach, ReachKind, reachable
from .stacks import (
    Room,
    fits,
    fresh,
    has_combat_unit,
    hit_points,
    mp_left,
    region_load,
    stack_domain,
    stacking_points,
    unit_movement,
    why_immobile,
)
from .steps import (
    connection_flags,
    on_network,
    plain_cost,
    step_refusal,
    uses_rail,
)

__all__ = [
    "FieldEnemies",
    "Reach",
    "ReachKind",
    "Room",
    "can_overrun",
    "connection_flags",
    "enemy_here",
    "field_enemies",
    "fits",
    "fresh",
    "has_combat_unit",
    "hit_points",
    "mp_left",
    "on_network",
    "overruns",
    "plain_cost",
    "reachable",
    "region_load",
    "stack_domain",
    "stacking_points",
    "step_refusal",
    "unit_movement",
    "uses_rail",
    "why_immobile",
]
