"""The round engine shared by the game and by simulations (B2, B3, B7, B8).

Everything here works on a :class:`~.prepare.Setup` and a :class:`~.morale.Fight`: plain lists,
a ``roll`` callable (the only randomness) and an optional ``emit`` callable for the log. The
game calls :func:`play_round` once per round between card windows; :func:`run` plays a whole
battle at once for the AI and the benchmark.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from .losses import take_hits
from .morale import Emit, Fight, Roll, drop, rout_check, settle
from .prepare import SPECIAL

if TYPE_CHECKING:
    from .prepare import Setup

_SEQUENCES: dict[int, tuple[str, ...]] = {}


def sequence(max_next_rounds: int) -> tuple[str, ...]:
    """Every round a battle may have, in order (cards excluded)."""
    found = _SEQUENCES.get(max_next_rounds)
    if found is None:
        found = _SEQUENCES[max_next_rounds] = (*SPECIAL, "main") + ("next",) * max_next_rounds
    return found


def can_fire(setup: Setup, fight: Fight, kind: str) -> bool:
    strength, status = fight.strength, fight.status
    for group in setup.fires[kind]:
        for i in group:
            if status[i] == 0 and strength[i] > 0:
                return True
    return False


def next_round(setup: Setup, fight: Fight, step: int) -> tuple[str | None, int]:
    """The next round to fight from position ``step`` of the sequence, and its position;
    ``None`` when the battle has no round left (B2: ``max_rounds``, and ``air_only_rounds``
    when one side is only aircraft)."""
    nums = setup.nums
    seq = sequence(nums.max_next_rounds)
    cap = nums.max_rounds
    if setup.air_only[0] or setup.air_only[1]:
        cap = min(cap, nums.air_only_rounds)
    while step < len(seq) and fight.rounds < cap:
        kind = seq[step]
        if can_fire(setup, fight, kind):
            return kind, step
        step += 1
    return None, step


def alive(setup: Setup, fight: Fight, s: int) -> bool:
    """Whether side ``s`` still has combat units on the battlefield: land units for a side
    that brought some, aircraft for a side that came with aircraft alone."""
    return fight.vital[s] > 0


def over(setup: Setup, fight: Fight) -> bool:
    return (
        fight.routed is not None
        or fight.retreated is not None
        or not alive(setup, fight, 0)
        or not alive(setup, fight, 1)
    )


def winner(setup: Setup, fight: Fight) -> int:
    """B8: the only side with combat units left, else the side that did not retreat (or
    rout), else the defender."""
    a0, a1 = alive(setup, fight, 0), alive(setup, fight, 1)
    if a0 != a1:
        return 0 if a0 else 1
    out = fight.retreated if fight.retreated is not None else fight.routed
    return 1 - out if out is not None else 1


def superiority(setup: Setup, fight: Fight) -> list[int]:
    """Armour superiority combat bonus per side for this round (B3)."""
    nums = setup.nums
    mine, theirs = fight.armour
    if not (mine or theirs):
        return [0, 0]
    least = max(1, nums.sup_min)
    return [
        nums.sup_combat if mine >= least and mine >= nums.sup_ratio * theirs else 0,
        nums.sup_combat if theirs >= least and theirs >= nums.sup_ratio * mine else 0,
    ]


def _shoot(
    setup: Setup,
    fight: Fight,
    shooters: list[int],
    kind: str,
    bonus: int,
    roll: Roll,
    emit: Emit,
) -> tuple[int, int]:
    """Fire ``shooters``: returns (hits by armour, hits by the others)."""
    nums = setup.nums
    strength = fight.strength
    base, red, below, rof = setup.base, setup.red, setup.reduced_at, setup.rof
    mods = setup.mods[kind]
    first = fight.rounds == 1
    extra = setup.cardfirst.get(kind) if first else None
    conn = None
    if setup.conn_any and kind != "mines" and fight.rounds <= nums.connection_rounds:
        conn = setup.conn
    again_list = setup.elite
    again_kind = setup.rerolls.get(kind)
    if again_kind is not None or (first and setup.reroll_any_first):
        again_first = setup.reroll_first if first else setup.elite
        again_kind = again_kind or setup.elite
        again_list = [
            a or b or c for a, b, c in zip(again_list, again_kind, again_first, strict=True)
        ]
    zero = nums.zero_hits
    armour = setup.armour
    by_armour = by_others = 0
    for i in shooters:
        factor = (red[i] if strength[i] <= below[i] else base[i]) + mods[i] + bonus
        if conn is not None:
            factor += conn[i]
        if extra is not None:
            factor += extra[i]
        # With the zero rule a negative factor still hits on a 0, like a factor of 0.
        aim = 0 if zero and factor < 0 else factor
        hits = 0
        if emit is None:
            if again_list[i]:
                for _ in range(rof[i]):
                    if roll() <= aim or roll() <= aim:
                        hits += 1
            else:
                for _ in range(rof[i]):
                    if roll() <= aim:
                        hits += 1
        else:
            rolls: list[int] = []
            rerolls: list[int] = []
            for _ in range(rof[i]):
                result = roll()
                rolls.append(result)
                if result <= aim:
                    hits += 1
                elif again_list[i]:
                    result = roll()
                    rerolls.append(result)
                    if result <= aim:
                        hits += 1
            emit(
                "battle_fire",
                unit=setup.ids[i],
                round=kind,
                factor=factor,
                rolls=rolls,
                rerolls=rerolls,
                hits=hits,
            )
        if armour[i]:
            by_armour += hits
        else:
            by_others += hits
    return by_armour, by_others


def _volley(
    setup: Setup, fight: Fight, s: int, kind: str, bonus: list[int], roll: Roll, emit: Emit
) -> tuple[int, int, int]:
    """Side ``s`` fires in a round: (armour hits, other hits, anti-aircraft hits). AA units
    only shoot, and only at aircraft firing at them in this round."""
    strength, status = fight.strength, fight.status
    shooters = [i for i in setup.fires[kind][s] if status[i] == 0 and strength[i] > 0]
    armour_hits, other_hits = _shoot(setup, fight, shooters, kind, bonus[s], roll, emit)
    aa_hits = 0
    if setup.aa_units[s]:
        air = setup.air
        planes = any(
            air[i] and status[i] == 0 and strength[i] > 0 for i in setup.fires[kind][1 - s]
        )
        if planes:
            guns = [i for i in setup.aa_units[s] if status[i] == 0 and strength[i] > 0]
            a, o = _shoot(setup, fight, guns, kind, 0, roll, emit)
            aa_hits = a + o
    return armour_hits, other_hits, aa_hits


def play_round(setup: Setup, fight: Fight, kind: str, roll: Roll, emit: Emit) -> None:
    """Fight one round of ``kind``: both sides fire at once (or one after the other when a
    card gives a side the first shot), hits are taken, units panic, morale drops, a side may
    rout."""
    fight.rounds += 1
    nums = setup.nums
    if kind == "next":
        fight.next_rounds += 1
        drop(setup, fight, 0, nums.per_next_round, "next_round", emit)
        drop(setup, fight, 1, nums.per_next_round, "next_round", emit)
    if emit is not None:
        emit("battle_round", round=kind, number=fight.rounds, morale=list(fight.morale))
    strength, status = fight.strength, fight.status
    present = list(fight.present)
    bonus = superiority(setup, fight) if kind in setup.sup_ok else [0, 0]
    bits = setup.sf.get(kind, 0) | (setup.sf.get("first", 0) if fight.rounds == 1 else 0)
    taken = [0] * setup.n
    if bits in (1, 2):
        a = 0 if bits == 1 else 1
        b = 1 - a
        hits = _volley(setup, fight, a, kind, bonus, roll, emit)
        take_hits(setup, strength, status, b, *hits, taken)
        settle(setup, fight, b, taken, present[b], roll, emit)
        if fight.morale[b] <= 0:
            # Demoralised before it could answer: it does not fire and routs at once.
            fight.routed = b
            if emit is not None:
                reason = "demoralised_before_firing"
                emit(
                    "battle_rout", side_id=setup.sides[b], reason=reason, morale=list(fight.morale)
                )
            return
        hits = _volley(setup, fight, b, kind, bonus, roll, emit)
        take_hits(setup, strength, status, a, *hits, taken)
        settle(setup, fight, a, taken, present[a], roll, emit)
    else:
        first_hits = _volley(setup, fight, 0, kind, bonus, roll, emit)
        second_hits = _volley(setup, fight, 1, kind, bonus, roll, emit)
        take_hits(setup, strength, status, 1, *first_hits, taken)
        take_hits(setup, strength, status, 0, *second_hits, taken)
        settle(setup, fight, 1, taken, present[1], roll, emit)
        settle(setup, fight, 0, taken, present[0], roll, emit)
    rout_check(setup, fight, emit)


def pursue(setup: Setup, fight: Fight, win: int, roll: Roll, emit: Emit) -> None:
    """B7: after a rout, the winner's units able to pursue (where the terrain lets them)
    fire once more, alone; the loser's panicked units are back and share the hits."""
    strength, status = fight.strength, fight.status
    shooters = [i for i in setup.fires["pursuit"][win] if status[i] == 0 and strength[i] > 0]
    lose = 1 - win
    if not shooters or not any(strength[i] > 0 for i in setup.units_of[lose]):
        return
    fight.pursued = True
    if emit is not None:
        emit("battle_pursuit", side_id=setup.sides[win], units=[setup.ids[i] for i in shooters])
    bonus = superiority(setup, fight)[win] if "pursuit" in setup.sup_ok else 0
    hits = _shoot(setup, fight, shooters, "pursuit", bonus, roll, emit)
    taken = [0] * setup.n
    take_hits(setup, strength, status, lose, hits[0], hits[1], 0, taken, pursuit=True)
    for i in setup.units_of[lose]:
        if taken[i]:
            if emit is not None:
                emit("battle_hits", unit=setup.ids[i], hits=taken[i], strength=strength[i])
            if strength[i] == 0:
                status[i] = 2
                fight.lost[lose] += 1


def doomed_support(setup: Setup, fight: Fight, below: Callable[[int], int]) -> list[int]:
    """Support units lost at the end (U1, B8): all of them for a side that had no combat
    unit at all against one that had; ``total_elimination_support_fraction`` of them (rounded
    half up, picked by the die) for a side whose combat units were all eliminated."""
    out: list[int] = []
    strength, status = fight.strength, fight.status
    for s in (0, 1):
        support = [i for i in setup.sup[s] if strength[i] > 0 and status[i] < 2]
        if not support:
            continue
        if not setup.had_combat[s]:
            # Caught alone by enemy combat units (U1).
            if setup.had_combat[1 - s]:
                out += support
            continue
        ground = setup.ground[s]
        combat, air = setup.combat, setup.air
        left = any(
            combat[i] and strength[i] > 0 and status[i] < 2 and (not ground or not air[i])
            for i in setup.units_of[s]
        )
        if left:
            continue
        count = int(len(support) * setup.nums.support_fraction + 0.5)
        for _ in range(count):
            out.append(support.pop(below(len(support))))
    return out


def run(setup: Setup, fight: Fight, roll: Roll, emit: Emit = None) -> int:
    """Fight a whole battle with no cards and no voluntary retreat; returns the winner."""
    step = 0
    while not over(setup, fight):
        kind, step = next_round(setup, fight, step)
        if kind is None:
            break
        play_round(setup, fight, kind, roll, emit)
        step += 1
    win = winner(setup, fight)
    if fight.routed == 1 - win:
        pursue(setup, fight, win, roll, emit)
    return win
