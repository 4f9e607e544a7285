"""Night capability (OW3, OU15, OW11, OW12): what a night-capable ground unit keeps of the
day in a night turn, and the night's extra cost and gain for assets.

The manual flags ground units as night capable and says a capable unit "acts as by day" at
80% readiness or more, without saying which of the night's effects that lifts (the checklist's
open point). Salient's choice: each effect a unit suffers on its own at night is a switch
here, on by default: a capable unit at ``readiness`` or more keeps its day intelligence range
(OW4), its side's day CCV in its own command check (OW10), its day readiness cost of moving
(OW7), its full zone of control (OM10, OW5), and a side whose units in a battle all act as by
day loses no integrity (OW8). What belongs to the battle or the ground (the intensity +1 of
OW6, the infiltrators' half ZOC cost of OW5, the doubled rest of OW9) is the same for all.
"""

from __future__ import annotations

from ..base import StrictModel
from .intel import IntelRange
from .numbers import Percent, TableMultiplier


class NightRules(StrictModel):
    """OW3, OU15, OW11, OW12: night capability of ground units and assets at night."""

    readiness: Percent = 80.0
    """OU15: a night-capable ground unit acts as by day from this readiness."""
    intel: bool = True
    """OW4: a capable unit keeps its day intelligence range."""
    c2: bool = True
    """OW10: a capable unit's command check reads its side's day CCV."""
    move_readiness: bool = True
    """OW7: a capable unit spends the day's readiness moving."""
    zoc: bool = True
    """OM10, OW5: a capable unit's zone of control is not cut at night."""
    integrity: bool = True
    """OW8: a side whose units in a battle all act as by day loses no integrity."""
    air_mission_readiness: TableMultiplier = 1.5
    """OW11 (choice: the manual gives no size): readiness an air asset spends on a night
    mission, times ``assets.mission_readiness_cost``."""
    ew_strength: IntelRange = 1
    """OW12: intelligence strength an electronic-warfare asset adds at night."""
