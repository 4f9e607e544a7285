"""The part of a battle's setup that only depends on who fights whom on which terrain: the
units' values and roles in parallel lists. It is cached per world, so the rounds of one battle
in the game and repeated simulations of the same battle share it; nothing here is changed
after it is made.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from .values import Tables

if TYPE_CHECKING:
    from schemas.terrain import TerrainType

KINDS = ("ambush", "artillery", "air_support", "mines", "recon", "main", "next", "pursuit")
CACHE_SIZE = 512


Pair = tuple[list[int], list[int]]
"""Unit indices per side: (attacker's, defender's)."""


class Skeleton:
    """Unit lists of a battle, side 0 the attacker; see :class:`~.prepare.Setup`."""

    __slots__ = (
        "aa_units",
        "air",
        "airs",
        "arm",
        "armour",
        "base",
        "boost",
        "boost_morale",
        "combat",
        "elite",
        "fires",
        "hp",
        "ids",
        "index",
        "morale",
        "n",
        "oth",
        "prio",
        "red",
        "reduced_at",
        "reduced_morale",
        "rof",
        "side",
        "stat",
        "sup",
        "units_of",
    )

    ids: list[str]
    """Unit ids (leaders are not in the lists)."""
    index: dict[str, int]
    n: int
    side: list[int]
    """Per unit: 0 attacker, 1 defender."""
    hp: list[int]
    rof: list[int]
    elite: list[bool]
    combat: list[bool]
    air: list[bool]
    armour: list[bool]
    prio: list[int]
    """Loss priority: 0 first, 1 normal, 2 last."""
    morale: list[int]
    base: list[int]
    """The factor each fires with (attack or defence), full strength."""
    red: list[int]
    """That factor when reduced."""
    reduced_at: list[int]
    reduced_morale: list[int]
    stat: list[str]
    """``attack`` or ``defence``: the value each fires with."""
    units_of: Pair
    boost: list[int]
    boost_morale: list[int]
    fires: dict[str, Pair]
    """Round kind -> who may fire in it, per side."""
    aa_units: Pair
    arm: Pair
    """Armour, per side, by loss priority (how hits are taken, B5)."""
    oth: Pair
    sup: Pair
    airs: Pair


def skeleton(t: Tables, terrain: TerrainType, ids: list[str], side: list[int]) -> Skeleton:
    key = (terrain.id, tuple(ids), tuple(side))
    cache = t.skeletons
    found = cache.get(key)
    if found is None:
        if len(cache) >= CACHE_SIZE:
            cache.clear()
        found = cache[key] = _make(t, terrain, ids, side)
    return found


def _make(t: Tables, terrain: TerrainType, ids: list[str], side: list[int]) -> Skeleton:
    rows = [t.row(uid, s == 0) for uid, s in zip(ids, side, strict=True)]
    if terrain.domain == "sea":
        # A4: in an air-sea battle ships only fire back at the aircraft, as AA units do; with
        # ships on both sides (a naval battle) they fire at each other like land units.
        navies = {s for uid, s in zip(ids, side, strict=True) if t.units[uid].domain == "naval"}
        rows = [
            replace(r, aa=True, kinds=())
            if t.units[uid].domain == "naval" and 1 - s not in navies
            else r
            for r, uid, s in zip(rows, ids, side, strict=True)
        ]
    n = len(ids)
    sk = Skeleton()
    sk.ids, sk.side, sk.n = ids, side, n
    sk.index = {uid: i for i, uid in enumerate(ids)}
    sk.hp = [r.hp for r in rows]
    sk.rof = [r.rof for r in rows]
    sk.elite = [r.elite for r in rows]
    sk.combat = [r.combat for r in rows]
    sk.air = [r.air for r in rows]
    sk.armour = [r.armour for r in rows]
    sk.prio = [r.prio for r in rows]
    sk.morale = [r.morale for r in rows]
    sk.base = [r.full for r in rows]
    sk.red = [r.red for r in rows]
    sk.reduced_at = [r.reduced_at for r in rows]
    sk.reduced_morale = [r.reduced_morale for r in rows]
    sk.stat = [r.stat for r in rows]
    sk.units_of = ([i for i in range(n) if not side[i]], [i for i in range(n) if side[i]])
    sk.boost, sk.boost_morale = [0, 0], [0, 0]
    for r, s in zip(rows, side, strict=True):
        sk.boost[s] += r.boost
        sk.boost_morale[s] += r.boost_morale

    fires: dict[str, Pair] = {k: ([], []) for k in KINDS}
    groups: tuple[Pair, ...] = tuple(([], []) for _ in range(4))
    aa: Pair = ([], [])
    barred = set()
    if not terrain.ambush:
        barred.add("ambush")
    if not terrain.recon:
        barred.add("recon")
    may_pursue = terrain.pursuit
    if may_pursue == "none":
        barred.add("pursuit")
    for i, r in enumerate(rows):
        s = side[i]
        for k in r.kinds:
            if k in barred or (k == "pursuit" and may_pursue == "agile" and not r.agile):
                continue
            fires[k][s].append(i)
        if r.aa:
            aa[s].append(i)
        groups[r.group][s].append(i)
    fires["next"] = fires["main"]
    for pair in groups:
        for group in pair:
            group.sort(key=sk.prio.__getitem__)
    sk.fires, sk.aa_units = fires, aa
    sk.arm, sk.oth, sk.sup, sk.airs = groups[0], groups[1], groups[2], groups[3]
    return sk
