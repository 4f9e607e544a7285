"""Readiness and strength over a unit's life (OC18-OC20, OU7-OU9, OU11, OU19, OM19).

Battle damage (:func:`apply_damage`), resting and encirclement at the end of a turn
(:func:`end_of_turn`), readiness spent moving (:func:`movement_loss`), and the dug-in state.
Each returns a new :class:`~engine.operational.units.OpUnit`. :func:`outlook` plays
:func:`end_of_turn` forward over given turns to tell how many turns of rest bring a unit to
100%, or an encircled one to 0% (OU19).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Literal

from schemas.operational.rules import OperationalRules

from .units import OpUnit


@dataclass(frozen=True)
class Damage:
    """What one unit lost in a battle."""

    unit: str
    percent: float
    """The damage it took, after intensity, quality and orders."""
    readiness_lost: float
    strength_lost: float
    destroyed: bool


def apply_damage(rules: OperationalRules, unit: OpUnit, percent: float) -> tuple[OpUnit, Damage]:
    """OC18, OC20: a share of the damage equal to the unit's readiness comes off readiness,
    the rest off strength (90% readiness: 90/10); readiness that runs out passes the rest to
    strength. The unit is destroyed when both fall below its quality's threshold."""
    readiness_part = percent * unit.readiness / 100.0
    strength_part = percent - readiness_part
    if readiness_part > unit.readiness:
        strength_part += readiness_part - unit.readiness
        readiness_part = unit.readiness
    strength_part = min(strength_part, unit.strength)
    after = replace(
        unit,
        readiness=unit.readiness - readiness_part,
        strength=unit.strength - strength_part,
    )
    threshold = rules.quality.of(unit.quality).destroyed_below
    destroyed = after.readiness < threshold and after.strength < threshold
    return after, Damage(unit.id, percent, readiness_part, strength_part, destroyed)


def movement_loss(rules: OperationalRules, used: float, allowance: float) -> float:
    """OM19: readiness spent moving: the full figure for the whole allowance, otherwise the
    used share of it rounded up (half the MP: 5 of 10)."""
    if used <= 0 or allowance <= 0:
        return 0.0
    full = rules.readiness.full_move_cost
    return float(min(full, math.ceil(full * used / allowance - 1e-9)))


def spend_movement(
    rules: OperationalRules, unit: OpUnit, used: float, allowance: float, *, factor: float = 1.0
) -> OpUnit:
    """A unit that moved: readiness spent (OM19; times ``factor``, the night's, OW7), and it
    is no longer dug in (OU11)."""
    loss = movement_loss(rules, used, allowance) * factor
    return replace(unit, readiness=max(0.0, unit.readiness - loss), dug_in=False)


def _zoc_cut(rules: OperationalRules, enemy_zoc: float) -> float:
    table = rules.readiness
    return min(table.zoc_rest_cap, table.zoc_rest_factor * max(0.0, enemy_zoc))


def end_of_turn(
    rules: OperationalRules,
    unit: OpUnit,
    *,
    moved: bool,
    enemy_zoc: float = 0.0,
    damage_taken: float = 0.0,
    night: bool = False,
    recovery: float = 1.0,
) -> OpUnit:
    """OU7-OU9, OU11 for one unit at the end of a turn.

    A unit that did not move digs in. Supported or Extended (choice: Extended rests as well),
    it rests: its quality's gain (doubled at night, OW9; times ``recovery``, the weather's
    factor, OW1) less twice the enemy ZOC of its hex (capped) and less the damage it took
    this turn (OU8), never below 0. Isolated units neither gain nor lose (choice). Encircled
    units lose the encirclement loss plus the ZOC cut; what readiness cannot pay comes off
    strength.
    """
    if moved:
        return unit
    unit = replace(unit, dug_in=True)
    table = rules.readiness
    if unit.loc == "encircled":
        loss = table.encircled_loss + _zoc_cut(rules, enemy_zoc)
        short = max(0.0, loss - unit.readiness)
        return replace(
            unit,
            readiness=max(0.0, unit.readiness - loss),
            strength=max(0.0, unit.strength - short),
        )
    if unit.loc == "isolated":
        return unit
    gain = rules.quality.of(unit.quality).rest_gain * recovery
    if night:
        gain *= table.night_rest
    gain = max(0.0, gain - _zoc_cut(rules, enemy_zoc) - damage_taken)
    return replace(unit, readiness=min(table.maximum, unit.readiness + gain))


@dataclass(frozen=True)
class RestTurn:
    """OU19: what one coming end of turn gives a unit that stays put (the arguments of
    :func:`end_of_turn` other than the unit)."""

    night: bool = False
    recovery: float = 1.0
    """OW1: the weather's factor (0 for a gun whose fire was used this turn, OC33)."""
    enemy_zoc: float = 0.0
    damage_taken: float = 0.0


@dataclass(frozen=True)
class Outlook:
    """OU19: where a unit that stays put is heading, and after how many turns."""

    goal: Literal["full", "empty"]
    """``full``: back to the rules' maximum readiness (100%); ``empty``: at 0% (encircled)."""
    turns: int


def outlook(rules: OperationalRules, unit: OpUnit, turns: Iterable[RestTurn]) -> Outlook | None:
    """OU19: the number of ``turns`` (each end of turn in order) after which ``unit``, never
    moving, is back at full readiness (Supported or Extended) or down to 0% (Encircled),
    by playing :func:`end_of_turn` forward with its LOC state unchanged. ``None`` when that
    does not apply (already full, or already at 0%; Isolated units neither gain nor lose) or
    is not reached within ``turns`` (a rest the enemy's zone cancels)."""
    table = rules.readiness
    if unit.loc == "isolated":
        return None
    goal: Literal["full", "empty"] = "empty" if unit.loc == "encircled" else "full"
    if (goal == "full" and unit.readiness >= table.maximum) or (
        goal == "empty" and unit.readiness <= 0
    ):
        return None
    for count, turn in enumerate(turns, start=1):
        unit = end_of_turn(
            rules,
            unit,
            moved=False,
            enemy_zoc=turn.enemy_zoc,
            damage_taken=turn.damage_taken,
            night=turn.night,
            recovery=turn.recovery,
        )
        if goal == "full" and unit.readiness >= table.maximum:
            return Outlook(goal, count)
        if goal == "empty" and unit.readiness <= 0:
            return Outlook(goal, count)
    return None
