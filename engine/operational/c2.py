"""Command and control: whether a stack leaves its hex on schedule (OM18, OW10).

Each time a stack is due to leave a hex, :func:`stack_chance` gives the chance % that it goes
on schedule: the least of its units' chances (a stack moves at its slowest unit's pace, as its
MP do), each unit's being its quality's modifier (Table OU3) + its side's CCV (less
``night_ccv`` at night) + its readiness % + its LOC state's modifier (Table OQ9), kept within
the table's minimum and maximum. :func:`on_schedule` rolls it on the game's die; a chance of
100 or more rolls nothing, so fresh, supported units move as if C2 were not played.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from schemas.operational.rules import OperationalRules

from ..dice import Dice
from .night import night_for
from .units import OpUnit


@dataclass(frozen=True)
class C2Check:
    """One check of OM18: the chance % and the percentile rolled (-1: none was needed)."""

    chance: float
    roll: int

    @property
    def delayed(self) -> bool:
        return self.roll >= 0 and self.roll >= self.chance


def side_ccv(rules: OperationalRules, side: str, *, night: bool = False) -> int:
    """OM18, OW10: the side's CCV this turn."""
    table = rules.c2
    value = table.of(side)
    return value + (table.night_ccv if night else 0)


def unit_chance(rules: OperationalRules, unit: OpUnit, *, night: bool = False) -> float:
    """OM18: the chance % that ``unit`` leaves its hex on schedule."""
    table = rules.c2
    loc: int = getattr(rules.command.c2, unit.loc)
    raw = (
        rules.quality.of(unit.quality).c2_modifier
        + side_ccv(rules, unit.side, night=night_for(rules, unit, "c2", night))  # OW10, OW3
        + unit.readiness
        + loc
    )
    return min(table.maximum_chance, max(table.minimum_chance, raw))


def stack_chance(rules: OperationalRules, units: Iterable[OpUnit], *, night: bool = False) -> float:
    """OM18: the least chance of the stack's units (100 for a stack without units)."""
    return min((unit_chance(rules, u, night=night) for u in units), default=100.0)


def on_schedule(
    rules: OperationalRules, units: Iterable[OpUnit], dice: Dice, *, night: bool = False
) -> C2Check:
    """OM18: check the stack as it leaves a hex. Nothing is rolled when delays are off or
    the chance is 100 or more; otherwise one percentile (0-99) on the game's die, a delay
    when it is not below the chance."""
    if not rules.c2.delays:
        return C2Check(100.0, -1)
    chance = stack_chance(rules, units, night=night)
    if chance >= 100.0:
        return C2Check(chance, -1)
    return C2Check(chance, dice.below(100))
