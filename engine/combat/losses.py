"""Hit allocation (B5): the game, not the player, decides who takes each hit.

Hits fired by armour (the rules' "cavalry") go to the enemy's armour first, in proportion to
the strength each unit has left (rounded by running totals, so the shares always add up), and
what armour cannot absorb goes to the other units. Hits
fired by everything else go to the non-armour units; when only armour is left to take them,
armour takes ``cavalry_only_hit_fraction`` of them (rounded down) and the rest are wasted.
Within a group, units that take losses ``first`` absorb hits before ``normal`` ones, and those
before ``last``. Support units are only hit once no combat unit of their side is left (U1);
aircraft are only hit by anti-aircraft fire. Hits nobody can absorb are lost.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .prepare import Setup


def spread(
    hits: int, group: list[int], strength: list[int], taken: list[int], prio: list[int]
) -> int:
    """Share ``hits`` among the units of ``group`` (sorted by loss priority, all alive) in
    proportion to their strength, tier by tier; returns the hits left over."""
    start = 0
    count = len(group)
    while hits > 0 and start < count:
        level = prio[group[start]]
        if prio[group[-1]] == level:
            tier = group if start == 0 else group[start:]
            start = count
        else:
            end = start + 1
            while prio[group[end]] == level:
                end += 1
            tier = group[start:end]
            start = end
        total = 0
        for i in tier:
            total += strength[i]
        if hits >= total:
            for i in tier:
                taken[i] += strength[i]
                strength[i] = 0
            hits -= total
            continue
        if len(tier) == 1:
            i = tier[0]
            strength[i] -= hits
            taken[i] += hits
            return 0
        # Pro rata by running totals: each unit gets the rounded share of the units up to
        # and including it, less what the units before it got (exact, never above its
        # strength, and no sorting).
        twice = 2 * total
        running = given = 0
        for i in tier:
            running += strength[i]
            upto = (2 * hits * running + total) // twice
            share = upto - given
            if share:
                given = upto
                strength[i] -= share
                taken[i] += share
        return 0
    return hits


def take_hits(
    setup: Setup,
    strength: list[int],
    status: list[int],
    s: int,
    armour_hits: int,
    other_hits: int,
    aa_hits: int,
    taken: list[int],
    *,
    pursuit: bool = False,
) -> int:
    """Apply hits fired at side ``s``; returns how many were wasted. In a pursuit round the
    units that panicked are back and take hits too."""
    prio = setup.prio
    wasted = 0
    left = 0
    # On the battlefield: status 0; in a pursuit the panicked (1) are back too.
    most = 1 if pursuit else 0
    arm = [i for i in setup.arm[s] if strength[i] > 0 and status[i] <= most]
    oth = [i for i in setup.oth[s] if strength[i] > 0 and status[i] <= most]
    if armour_hits:
        over = spread(armour_hits, arm, strength, taken, prio) if arm else armour_hits
        if over and oth:
            over = spread(over, oth, strength, taken, prio)
            oth = [i for i in oth if strength[i] > 0]
        left += over
    if other_hits:
        over = spread(other_hits, oth, strength, taken, prio) if oth else other_hits
        if over:
            arm = [i for i in arm if strength[i] > 0]
            if arm:
                part = int(over * setup.nums.cavalry_fraction)
                wasted += over - part
                left += spread(part, arm, strength, taken, prio)
            else:
                left += over
    if left:
        combat_left = any(strength[i] > 0 for i in arm) or any(strength[i] > 0 for i in oth)
        support = [i for i in setup.sup[s] if strength[i] > 0 and status[i] <= most]
        if not combat_left and support:
            left = spread(left, support, strength, taken, prio)
        wasted += left
    if aa_hits:
        airs = [i for i in setup.airs[s] if strength[i] > 0 and status[i] <= most]
        wasted += spread(aa_hits, airs, strength, taken, prio) if airs else aa_hits
    return wasted
