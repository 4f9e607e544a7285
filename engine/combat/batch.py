"""Many battles of one set-up at once, with numpy: the odds calculator's and the AI's fast path.

:func:`fight_many` fights ``count`` battles of one :class:`~.prepare.Setup` side by side, each
row of the arrays a battle of its own, round by round as :func:`.rounds.run` does (special
rounds, main, next rounds, shoot-first rights, rout, pursuit, support units lost at the end),
with no cards and no voluntary retreat. Battles that end early simply stop changing. The result
is the same in distribution as fighting them one by one with :func:`.fast.fight` (checked by
``tests/engine/test_battles_batch.py``), at a fraction of the cost: a thousand battles in a few
milliseconds. :mod:`.batch_odds` sums them up for the calculator and the AI.

The die is a private ``numpy`` generator seeded by the caller: asking for odds never touches
``game.dice``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from .batch_fire import settle, shoot, take_hits, volley
from .rounds import sequence

if TYPE_CHECKING:
    from .prepare import Setup

Int = np.ndarray


def _tiers(group: Sequence[int], prio: Sequence[int]) -> list[Int]:
    """A group (sorted by loss priority) cut into runs of equal priority."""
    tiers: list[list[int]] = []
    for i in group:
        if tiers and prio[tiers[-1][-1]] == prio[i]:
            tiers[-1].append(i)
        else:
            tiers.append([i])
    return [np.array(t, dtype=np.intp) for t in tiers]


class Plan:
    """A set-up's lists as numpy arrays, made once for all the battles fought from it."""

    def __init__(self, setup: Setup, sides: int) -> None:
        n = setup.n
        self.n, self.nums, self.sides = n, setup.nums, sides
        ints = {
            name: np.array(getattr(setup, name), dtype=np.int64)
            for name in ("strength", "rof", "base", "red", "reduced_at", "morale", "low", "side")
        }
        self.start = ints["strength"]
        self.rof, self.base, self.red = ints["rof"], ints["base"], ints["red"]
        self.reduced_at, self.morale, self.low = ints["reduced_at"], ints["morale"], ints["low"]
        self.side = ints["side"]
        self.elite = np.array(setup.elite, dtype=bool)
        self.air = np.array(setup.air, dtype=bool)
        self.armour = np.array(setup.armour, dtype=bool)
        self.combat = np.array(setup.combat, dtype=bool)
        self.vital = np.array(setup.vital, dtype=bool)
        self.mods = {k: np.array(v, dtype=np.int64) for k, v in setup.mods.items()}
        self.conn = np.array(setup.conn, dtype=np.int64)
        self.conn_any = setup.conn_any
        self.cardfirst = {k: np.array(v, dtype=np.int64) for k, v in setup.cardfirst.items()}
        self.rerolls = {k: np.array(v, dtype=bool) for k, v in setup.rerolls.items()}
        self.reroll_first = np.array(setup.reroll_first, dtype=bool)
        self.reroll_any_first = setup.reroll_any_first
        self.sf: dict[str, int] = dict(setup.sf)
        self.sup_ok = setup.sup_ok
        self.fires = {
            k: tuple(np.array(g, dtype=np.intp) for g in pair) for k, pair in setup.fires.items()
        }
        self.aa_units = tuple(np.array(g, dtype=np.intp) for g in setup.aa_units)
        self.units_of = tuple(np.array(g, dtype=np.intp) for g in setup.units_of)
        self.arm = tuple(_tiers(g, setup.prio) for g in setup.arm)
        self.oth = tuple(_tiers(g, setup.prio) for g in setup.oth)
        self.sup = tuple(_tiers(g, setup.prio) for g in setup.sup)
        self.airs = tuple(_tiers(g, setup.prio) for g in setup.airs)
        self.morale_base = np.array(setup.morale_base, dtype=np.int64)
        self.had_combat = list(setup.had_combat)
        self.ground = list(setup.ground)
        cap = self.nums.max_rounds
        if setup.air_only[0] or setup.air_only[1]:
            cap = min(cap, self.nums.air_only_rounds)
        self.cap = cap
        self.sequence = sequence(self.nums.max_next_rounds)
        self.side_mask = (self.side == 0, self.side == 1)
        # Units whose survival keeps a side from losing its support units at the end (U1).
        self.keeps_support = tuple(
            self.combat & self.side_mask[s] & (~self.air if self.ground[s] else True)
            for s in (0, 1)
        )
        self._shooters: dict[tuple[str, bytes], Shooters] = {}

    def shooters(self, kind: str, units: Int) -> Shooters:
        key = (kind, units.tobytes())
        found = self._shooters.get(key)
        if found is None:
            mods = self.mods[kind][units]
            again = self.elite[units]
            if kind in self.rerolls:
                again = again | self.rerolls[kind][units]
            first = self.reroll_first[units] if self.reroll_any_first else None
            extra = self.cardfirst.get(kind)
            found = self._shooters[key] = Shooters(
                full=self.base[units] + mods,
                reduced=self.red[units] + mods,
                reduced_at=self.reduced_at[units],
                rof=self.rof[units],
                armour=self.armour[units],
                conn=self.conn[units],
                cardfirst=None if extra is None else extra[units],
                again=again if again.any() else None,
                again_first=first if first is not None and first.any() else None,
            )
        return found


@dataclass(frozen=True)
class Shooters:
    """What does not change about a list of units firing in rounds of one kind."""

    full: Int
    """Factor at full strength: the unit's value and the round's modifiers."""
    reduced: Int
    reduced_at: Int
    rof: Int
    armour: np.ndarray
    conn: Int
    cardfirst: Int | None
    again: np.ndarray | None
    """Re-roll a miss in every round of the kind (elite units, cards), if any unit may."""
    again_first: np.ndarray | None
    """Re-roll a miss in the first round only (cards), if any unit may."""


class Many:
    """What changes in ``count`` battles of one plan: one row per battle."""

    ROWS = ("strength", "status", "morale", "lost", "panics", "rounds", "routed", "pursued")

    def __init__(self, plan: Plan, count: int, rng: np.random.Generator) -> None:
        self.count, self.rng = count, rng
        self.index = np.arange(count)
        """Which battle each row is (rows are dropped as battles end, see :meth:`take`)."""
        self.strength = np.tile(plan.start, (count, 1))
        self.status = np.zeros((count, plan.n), dtype=np.int8)
        self.morale = np.tile(plan.morale_base, (count, 1))
        self.lost = np.zeros((count, 2), dtype=np.int64)
        self.panics = np.zeros((count, 2), dtype=np.int64)
        self.rounds = np.zeros(count, dtype=np.int64)
        self.routed = np.full(count, -1, dtype=np.int64)
        self.pursued = np.zeros(count, dtype=bool)

    def take(self, rows: np.ndarray) -> Many:
        """The battles of ``rows`` alone (a copy): later rounds skip the battles over."""
        other = Many.__new__(Many)
        other.count, other.rng, other.index = int(rows.sum()), self.rng, self.index[rows]
        for name in self.ROWS:
            setattr(other, name, getattr(self, name)[rows])
        return other

    def put(self, other: Many) -> None:
        """Write the battles of ``other`` (taken from this one) back into their rows."""
        for name in self.ROWS:
            getattr(self, name)[other.index] = getattr(other, name)

    def on_field(self, units: Int) -> np.ndarray:
        standing: np.ndarray = (self.status[:, units] == 0) & (self.strength[:, units] > 0)
        return standing

    def counts(self, plan: Plan, mask: np.ndarray) -> Int:
        """Per battle and side, the units on the field among ``mask``: shape (count, 2)."""
        here = (self.status == 0) & (self.strength > 0) & mask
        totals: Int = np.stack(
            [here[:, plan.side_mask[0]].sum(1), here[:, plan.side_mask[1]].sum(1)], 1
        )
        return totals

    def present(self, plan: Plan) -> Int:
        here = np.where((self.status == 0), self.strength, 0)
        totals: Int = np.stack(
            [here[:, plan.side_mask[0]].sum(1), here[:, plan.side_mask[1]].sum(1)], 1
        )
        return totals


def _superiority(plan: Plan, many: Many) -> Int:
    """The armour superiority combat bonus per battle and side (B3)."""
    nums = plan.nums
    armour = many.counts(plan, plan.armour)
    mine, theirs = armour[:, 0], armour[:, 1]
    least = max(1, nums.sup_min)
    first = (mine >= least) & (mine >= nums.sup_ratio * theirs)
    second = (theirs >= least) & (theirs >= nums.sup_ratio * mine)
    return np.stack([first * nums.sup_combat, second * nums.sup_combat], 1).astype(np.int64)


def _over(plan: Plan, many: Many) -> np.ndarray:
    vital = many.counts(plan, plan.vital)
    over: np.ndarray = (many.routed >= 0) | (vital[:, 0] == 0) | (vital[:, 1] == 0)
    return over


def _rout_check(plan: Plan, many: Many, rows: np.ndarray) -> None:
    """B7 for every battle of ``rows`` not yet routed (as ``morale.rout_check``)."""
    open_ = rows & (many.routed < 0)
    down = many.morale <= 0
    toll = many.lost + many.panics
    both = down[:, 0] & down[:, 1]
    by_toll = np.where(toll[:, 0] > toll[:, 1], 0, 1)
    by_panic = np.where(many.panics[:, 0] > many.panics[:, 1], 0, 1)
    tie = (toll[:, 0] == toll[:, 1]) & (many.panics[:, 0] == many.panics[:, 1])
    chosen = np.where(toll[:, 0] != toll[:, 1], by_toll, by_panic)
    single = np.where(down[:, 0], 0, 1)
    side = np.where(both, chosen, single)
    routs = open_ & (down[:, 0] | down[:, 1]) & ~(both & tie)
    many.routed = np.where(routs, side, many.routed)


def _play_round(plan: Plan, many: Many, kind: str, rows: np.ndarray) -> None:
    """One round of ``kind`` in the battles of ``rows`` (as ``rounds.play_round``)."""
    nums = plan.nums
    many.rounds += rows
    if kind == "next":
        many.morale += np.where(rows, nums.per_next_round, 0)[:, None]
    present = many.present(plan)
    bonus = _superiority(plan, many) if kind in plan.sup_ok else np.zeros((many.count, 2), int)
    bits = np.full(many.count, plan.sf.get(kind, 0))
    if "first" in plan.sf:
        bits = bits | np.where(many.rounds == 1, plan.sf["first"], 0)
    together = rows & ~np.isin(bits, (1, 2))
    if together.any():
        taken = np.zeros_like(many.strength)
        first = volley(plan, many, 0, kind, bonus[:, 0], together)
        second = volley(plan, many, 1, kind, bonus[:, 1], together)
        take_hits(plan, many, 1, *first, taken)
        take_hits(plan, many, 0, *second, taken)
        settle(plan, many, 1, taken, present[:, 1])
        settle(plan, many, 0, taken, present[:, 0])
    for a in (0, 1):
        group = rows & (bits == a + 1)
        if not group.any():
            continue
        b = 1 - a
        taken = np.zeros_like(many.strength)  # its own: settle reads every hit in it
        take_hits(plan, many, b, *volley(plan, many, a, kind, bonus[:, a], group), taken)
        settle(plan, many, b, taken, present[:, b])
        # Demoralised before it could answer: it does not fire and routs at once.
        broken = group & (many.morale[:, b] <= 0)
        many.routed = np.where(broken, b, many.routed)
        answer = group & ~broken
        take_hits(plan, many, a, *volley(plan, many, b, kind, bonus[:, b], answer), taken)
        settle(plan, many, a, taken, present[:, a])
    _rout_check(plan, many, rows)


def _pursue(plan: Plan, many: Many, winner: Int) -> None:
    """B7: the winner's pursuers fire once at a routed loser (as ``rounds.pursue``)."""
    for win in (0, 1):
        lose = 1 - win
        rows = (winner == win) & (many.routed == lose)
        shooters = plan.fires["pursuit"][win]
        if not rows.any() or not len(shooters):
            continue
        standing = many.on_field(shooters).any(axis=1)
        loser_left = (many.strength[:, plan.units_of[lose]] > 0).any(axis=1)
        rows = rows & standing & loser_left
        if not rows.any():
            continue
        many.pursued |= rows
        bonus = np.zeros(many.count, dtype=np.int64)
        if "pursuit" in plan.sup_ok:
            bonus = _superiority(plan, many)[:, win]
        armour_hits, other_hits = shoot(plan, many, shooters, "pursuit", bonus, rows)
        taken = np.zeros_like(many.strength)
        zero = np.zeros(many.count, dtype=np.int64)
        take_hits(plan, many, lose, armour_hits, other_hits, zero, taken, pursuit=True)
        units = plan.units_of[lose]
        gone = (taken[:, units] > 0) & (many.strength[:, units] == 0)
        status = many.status[:, units]
        status[gone] = 2
        many.status[:, units] = status
        many.lost[:, lose] += gone.sum(axis=1)


def _doomed_support(plan: Plan, many: Many) -> None:
    """Support units lost at the end (U1, B8; as ``rounds.doomed_support``): all of them for a
    side that never had combat units against one that had, a share picked at random for a side
    whose combat units are all gone."""
    for s in (0, 1):
        support = np.concatenate(plan.sup[s]) if plan.sup[s] else np.array([], dtype=np.intp)
        if not len(support):
            continue
        alive = (many.strength[:, support] > 0) & (many.status[:, support] < 2)
        if not plan.had_combat[s]:
            doomed = alive if plan.had_combat[1 - s] else np.zeros_like(alive)
        else:
            keeps = plan.keeps_support[s]
            left = ((many.strength > 0) & (many.status < 2) & keeps).any(axis=1)
            count = (alive.sum(axis=1) * plan.nums.support_fraction + 0.5).astype(np.int64)
            count = np.where(left, 0, count)
            # A uniformly random subset of the survivors: the ``count`` smallest random keys.
            keys = np.where(alive, many.rng.random(alive.shape), np.inf)
            rank = np.argsort(np.argsort(keys, axis=1), axis=1)
            doomed = alive & (rank < count[:, None])
        if not doomed.any():
            continue
        strength = many.strength[:, support]
        status = many.status[:, support]
        strength[doomed] = 0
        status[doomed] = 2
        many.strength[:, support] = strength
        many.status[:, support] = status
        many.lost[:, s] += doomed.sum(axis=1)


@dataclass(frozen=True)
class Battles:
    """How ``count`` battles ended (side 0 the attacker), one entry per battle."""

    winner: Int
    rounds: Int
    routed: Int
    """The side that routed, or -1."""
    pursued: np.ndarray
    wiped: np.ndarray
    """The loser had no combat unit left on the field (all eliminated or fled)."""
    hits_lost: Int
    """Hit points each side lost: shape (count, 2)."""
    units_lost: Int
    """Units each side lost, support units taken at the end included: shape (count, 2)."""

    def __len__(self) -> int:
        return len(self.winner)


def fight_many(setup: Setup, count: int, rng: np.random.Generator, sides: int) -> Battles:
    """Fight ``count`` battles of ``setup`` to their end, rolling a die of ``sides`` faces."""
    plan = Plan(setup, sides)
    many = Many(plan, count, rng)
    work = many
    live = ~_over(plan, work)
    for kind in plan.sequence:
        if not live.any():
            break
        if live.sum() < 0.8 * work.count:
            # Most battles are over: carry on with the others only.
            many.put(work)
            work = work.take(live)
            live = live[live]
        able = np.concatenate(plan.fires[kind])
        if not len(able):
            continue
        rows = live & (work.rounds < plan.cap) & work.on_field(able).any(axis=1)
        if not rows.any():
            continue
        _play_round(plan, work, kind, rows)
        live &= ~_over(plan, work)
    if work is not many:
        many.put(work)
    vital = many.counts(plan, plan.vital) > 0
    holds = np.where(many.routed >= 0, 1 - many.routed, 1)
    winner = np.where(vital[:, 0] != vital[:, 1], np.where(vital[:, 0], 0, 1), holds)
    wiped = ~vital[np.arange(count), 1 - winner]
    _pursue(plan, many, winner)
    _doomed_support(plan, many)
    lost_strength = plan.start - many.strength
    hits = np.stack(
        [lost_strength[:, plan.side_mask[0]].sum(1), lost_strength[:, plan.side_mask[1]].sum(1)], 1
    )
    return Battles(winner, many.rounds, many.routed, many.pursued, wiped, hits, many.lost.copy())
