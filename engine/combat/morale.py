"""Battle morale changes (B4), panic (B6) and the rout test (B7).

The starting battle morale is worked out in :mod:`.prepare`; here it only goes down: by
``morale_per_unit_lost`` for each unit eliminated or panicked, by ``morale_per_next_round`` at
each next round, and by ``heavy_losses_morale`` in a round in which a side loses more than
``heavy_losses_fraction`` of the strength it had at the round's start.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .prepare import Setup

Emit = Callable[..., Any] | None
Roll = Callable[[], int]


class Fight:
    """What changes during a battle: strength and whereabouts of each unit, battle morale,
    counts of losses and panics, rounds fought, and how it ended.

    ``status`` is 0 for a unit on the battlefield, 1 for one that panicked (it is back for the
    pursuit and leaves with its side) and 2 for an eliminated one."""

    __slots__ = (
        "armour",
        "lost",
        "morale",
        "next_rounds",
        "panics",
        "present",
        "pursued",
        "retreated",
        "rounds",
        "routed",
        "status",
        "strength",
        "vital",
    )

    strength: list[int]
    status: list[int]
    morale: list[int]
    lost: list[int]
    panics: list[int]
    rounds: int
    next_rounds: int
    routed: int | None
    retreated: int | None
    pursued: bool
    vital: list[int]
    armour: list[int]
    present: list[int]

    def __init__(self, setup: Setup, status: list[int] | None = None) -> None:
        self.strength = strength = list(setup.strength)
        self.status = status = status if status is not None else [0] * setup.n
        self.morale = list(setup.morale_base)
        self.lost = [0, 0]
        self.panics = [0, 0]
        self.rounds = 0
        self.next_rounds = 0
        self.routed: int | None = None
        self.retreated: int | None = None
        self.pursued = False
        # Running counts of what stands on the battlefield, kept up to date by settle():
        # units that keep the side in the fight, armour units, and strength.
        self.vital = [0, 0]
        self.armour = [0, 0]
        self.present = [0, 0]
        vital, armour, side = setup.vital, setup.armour, setup.side
        for i in range(setup.n):
            if status[i] == 0 and strength[i] > 0:
                s = side[i]
                self.present[s] += strength[i]
                if vital[i]:
                    self.vital[s] += 1
                if armour[i]:
                    self.armour[s] += 1

    def leave(self, setup: Setup, i: int) -> None:
        """Unit ``i`` leaves the battlefield (eliminated or panicked)."""
        s = setup.side[i]
        self.present[s] -= self.strength[i]
        if setup.vital[i]:
            self.vital[s] -= 1
        if setup.armour[i]:
            self.armour[s] -= 1


def drop(setup: Setup, fight: Fight, s: int, amount: int, reason: str, emit: Emit) -> None:
    """Change side ``s``'s battle morale by ``amount`` (negative: a drop) and log why."""
    if not amount:
        return
    fight.morale[s] += amount
    if emit is not None:
        emit(
            "battle_morale",
            side_id=setup.sides[s],
            change=amount,
            total=fight.morale[s],
            reason=reason,
        )


def settle(
    setup: Setup,
    fight: Fight,
    s: int,
    taken: list[int],
    present: int,
    roll: Roll,
    emit: Emit,
) -> None:
    """After side ``s`` took its hits in a round: eliminations, panic tests, heavy losses.
    ``present`` is the strength the side had on the battlefield when the round began."""
    nums = setup.nums
    strength = fight.strength
    status = fight.status
    lost_now = 0
    for i in setup.units_of[s]:
        hits = taken[i]
        if not hits:
            continue
        lost_now += hits
        fight.present[s] -= hits
        if emit is not None:
            emit("battle_hits", unit=setup.ids[i], hits=hits, strength=strength[i])
        if strength[i] == 0:
            fight.leave(setup, i)
            status[i] = 2
            fight.lost[s] += 1
            drop(setup, fight, s, nums.per_unit_lost, "unit_lost", emit)
        elif hits >= nums.panic_fraction * (strength[i] + hits):
            # B6: a unit hard hit keeps its nerve unless the die beats twice its own morale.
            own = setup.low[i] if strength[i] <= setup.reduced_at[i] else setup.morale[i]
            limit = nums.panic_multiplier * own
            result = roll()
            panicked = result > limit
            if emit is not None:
                emit("battle_panic", unit=setup.ids[i], roll=result, limit=limit, panicked=panicked)
            if panicked:
                fight.leave(setup, i)
                status[i] = 1
                fight.panics[s] += 1
                drop(setup, fight, s, nums.per_unit_lost, "panic", emit)
    if lost_now > nums.heavy_fraction * present:
        drop(setup, fight, s, nums.heavy_morale, "heavy_losses", emit)


def rout_check(setup: Setup, fight: Fight, emit: Emit) -> None:
    """B7: a side whose battle morale is down to 0 or below routs. When both are, only the
    one with more losses and panics together routs; on a tie the one with more panics; on a
    full tie nobody does."""
    if fight.routed is not None:
        return
    down = [fight.morale[0] <= 0, fight.morale[1] <= 0]
    if not (down[0] or down[1]):
        return
    reason = "demoralised"
    if down[0] and down[1]:
        toll = [fight.lost[s] + fight.panics[s] for s in (0, 1)]
        if toll[0] != toll[1]:
            side = 0 if toll[0] > toll[1] else 1
            reason = "more_losses"
        elif fight.panics[0] != fight.panics[1]:
            side = 0 if fight.panics[0] > fight.panics[1] else 1
            reason = "more_panics"
        else:
            if emit is not None:
                emit("battle_rout", side_id=None, reason="full_tie", morale=list(fight.morale))
            return
    else:
        side = 0 if down[0] else 1
    fight.routed = side
    if emit is not None:
        emit("battle_rout", side_id=setup.sides[side], reason=reason, morale=list(fight.morale))
