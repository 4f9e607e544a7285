"""Night capability of ground units (OW3, OU15): which of the night's effects a unit escapes.

A night-capable unit at ``rules.operational.night.readiness`` or more acts at night as by day
(OU15); ``rules.operational.night`` says, effect by effect, what that lifts (the manual leaves
it open for ground units: docs/rules-operational.md, "Day, night and weather"). The rules that
read the night ask :func:`night_for` for each unit instead of the turn's night alone.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from schemas.operational.rules import OperationalRules

from .units import OpUnit

NightEffect = Literal["intel", "c2", "move_readiness", "zoc", "integrity"]
"""The night's effects a capable unit may escape, each a switch of ``rules.operational.night``."""


def by_day(rules: OperationalRules, unit: OpUnit) -> bool:
    """OU15: whether ``unit`` acts at night as by day (night capable, readiness high enough)."""
    return unit.night_capable and unit.readiness + 1e-9 >= rules.night.readiness


def night_for(rules: OperationalRules, unit: OpUnit, effect: NightEffect, night: bool) -> bool:
    """Whether ``effect`` of the night reaches ``unit`` in a turn that is a night turn
    (``night``): never by day, and not for a unit acting as by day when the rules lift that
    effect for it (OW3)."""
    if not night:
        return False
    return not (getattr(rules.night, effect) and by_day(rules, unit))


def side_night(
    rules: OperationalRules, units: Iterable[OpUnit], effect: NightEffect, night: bool
) -> bool:
    """Whether ``effect`` reaches a group (a side in a battle): at night, unless every unit of
    the group escapes it (OW8: integrity is the whole side's)."""
    group = list(units)
    if not night:
        return False
    return not group or any(night_for(rules, u, effect, night) for u in group)
