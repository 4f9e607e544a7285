"""Fire, hit allocation and the after-effects of hits for many battles at once (B3, B5, B6).

The numpy counterparts of :mod:`.rounds` (``_shoot``, ``_volley``), :mod:`.losses` and
:mod:`.morale` (``settle``), working on a :class:`Many`: the same battle set-up in every row,
each row a battle of its own. They follow the round engine rule for rule; what differs is only
how chance is drawn. A unit firing ``rof`` shots that each hit with probability ``p`` scores a
binomial number of hits, drawn in one call for every unit of every battle, where the round
engine rolls each shot; a die roll is uniform on ``0 .. sides - 1``, so a shot hits on ``aim``
with probability ``(aim + 1) / sides``, and with a re-roll of a miss ``1 - (1 - p)**2``.
``tests/engine/test_battles_batch.py`` checks that the two agree in distribution.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from .batch import Many, Plan

Int = np.ndarray
Bool = np.ndarray


def volley(
    plan: Plan, many: Many, s: int, kind: str, bonus: Int, rows: Bool
) -> tuple[Int, Int, Int]:
    """Side ``s`` fires in a round of ``kind`` in the battles of ``rows``: hits by armour,
    hits by the others, anti-aircraft hits (each a count per battle)."""
    units = plan.fires[kind][s]
    armour_hits, other_hits = shoot(plan, many, units, kind, bonus, rows)
    aa_hits = np.zeros(many.count, dtype=np.int64)
    guns = plan.aa_units[s]
    if len(guns):
        planes = plan.fires[kind][1 - s]
        planes = planes[plan.air[planes]]
        if len(planes):
            flying = many.on_field(planes).any(axis=1)
            zero = np.zeros(many.count, dtype=np.int64)
            a, o = shoot(plan, many, guns, kind, zero, rows & flying)
            aa_hits = a + o
    return armour_hits, other_hits, aa_hits


def shoot(plan: Plan, many: Many, units: Int, kind: str, bonus: Int, rows: Bool) -> tuple[Int, Int]:
    """Units ``units`` on the field fire (``bonus`` per battle added to their factor): hits
    scored by armour and by the others, per battle (zero outside ``rows``)."""
    count = many.count
    if not len(units):
        zero = np.zeros(count, dtype=np.int64)
        return zero, zero
    fixed = plan.shooters(kind, units)
    strength = many.strength[:, units]
    factor = np.where(strength <= fixed.reduced_at, fixed.reduced, fixed.full)
    factor += bonus[:, None]
    first = many.rounds == 1
    if plan.conn_any and kind != "mines":
        early = many.rounds <= plan.nums.connection_rounds
        factor += fixed.conn * early[:, None]
    if fixed.cardfirst is not None:
        factor += fixed.cardfirst * first[:, None]
    if plan.nums.zero_hits:
        np.maximum(factor, 0, out=factor)
    p = np.clip((factor + 1) / plan.sides, 0.0, 1.0)
    if fixed.again is not None or fixed.again_first is not None:
        again = np.zeros(p.shape, dtype=bool) if fixed.again is None else fixed.again
        if fixed.again_first is not None:
            again = again | (fixed.again_first & first[:, None])
        p = np.where(again, 1.0 - (1.0 - p) ** 2, p)
    firing = (many.status[:, units] == 0) & (strength > 0) & rows[:, None]
    hits = many.rng.binomial(fixed.rof * firing, p)
    return hits[:, fixed.armour].sum(axis=1), hits[:, ~fixed.armour].sum(axis=1)


def spread(hits: Int, tiers: list[Int], many: Many, most: int, taken: Int) -> Int:
    """Share ``hits`` (per battle) among the units of a group, tier by tier of loss priority,
    in proportion to their strength by running totals (B5, as ``losses.spread``); returns the
    hits no unit of the group could absorb."""
    strength = many.strength
    for tier in tiers:
        if not hits.any():
            break
        able = strength[:, tier] * (many.status[:, tier] <= most)
        total = able.sum(axis=1)
        full = hits >= total
        running = np.cumsum(able, axis=1)
        twice = 2 * np.maximum(total, 1)
        upto = (2 * hits[:, None] * running + total[:, None]) // twice[:, None]
        share = np.diff(upto, axis=1, prepend=0)
        share = np.where(full[:, None], able, np.where((hits > 0)[:, None], share, 0))
        strength[:, tier] -= share
        taken[:, tier] += share
        hits = np.where(full, hits - total, 0)
    return hits


def _any_able(plan_group: list[Int], many: Many, most: int) -> Bool:
    found = np.zeros(many.count, dtype=bool)
    for tier in plan_group:
        found |= ((many.strength[:, tier] > 0) & (many.status[:, tier] <= most)).any(axis=1)
    return found


def take_hits(
    plan: Plan,
    many: Many,
    s: int,
    armour_hits: Int,
    other_hits: Int,
    aa_hits: Int,
    taken: Int,
    *,
    pursuit: bool = False,
) -> None:
    """Hits fired at side ``s`` allocated as ``losses.take_hits`` does; what nobody can absorb
    is lost. In a pursuit the panicked units are back and share the hits."""
    most = 1 if pursuit else 0
    arm, oth = plan.arm[s], plan.oth[s]
    left = spread(armour_hits, arm, many, most, taken)
    left = spread(left, oth, many, most, taken)
    over = spread(other_hits, oth, many, most, taken)
    armour_left = _any_able(arm, many, most)
    part = np.where(armour_left, (over * plan.nums.cavalry_fraction).astype(np.int64), 0)
    left = left + np.where(armour_left, spread(part, arm, many, most, taken), over)
    if left.any() and plan.sup[s]:
        alone = ~(_any_able(arm, many, most) | _any_able(oth, many, most))
        to_support = np.where(alone, left, 0)
        spread(to_support, plan.sup[s], many, most, taken)
    if aa_hits.any():
        spread(aa_hits, plan.airs[s], many, most, taken)


def settle(plan: Plan, many: Many, s: int, taken: Int, present: Int) -> None:
    """After side ``s`` took its hits in a round: eliminations, panic tests, heavy losses
    (as ``morale.settle``); ``present`` is its strength on the field when the round began."""
    nums = plan.nums
    units = plan.units_of[s]
    hits = taken[:, units]
    if not hits.any():
        return
    strength = many.strength[:, units]
    status = many.status[:, units]
    gone = (hits > 0) & (strength == 0)
    own = np.where(strength <= plan.reduced_at[units], plan.low[units], plan.morale[units])
    shaken = (hits > 0) & (strength > 0) & (hits >= nums.panic_fraction * (strength + hits))
    rolls = many.rng.integers(0, plan.sides, size=hits.shape)
    panicked = shaken & (rolls > nums.panic_multiplier * own)
    status[gone] = 2
    status[panicked] = 1
    many.status[:, units] = status
    out = gone.sum(axis=1)
    fled = panicked.sum(axis=1)
    many.lost[:, s] += out
    many.panics[:, s] += fled
    many.morale[:, s] += nums.per_unit_lost * (out + fled)
    heavy = hits.sum(axis=1) > nums.heavy_fraction * present
    many.morale[:, s] += np.where(heavy, nums.heavy_morale, 0)
