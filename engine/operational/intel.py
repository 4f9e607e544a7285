"""Intelligence: what one side knows of each enemy unit (OI1-OI6, OW4).

:func:`hex_levels` gives, for every hex, the best level any of the side's units reaches there
(OI6): a unit of Table OI5's category (``rules.operational.intel.sources``) sees its
``strength`` in the hexes next to it, one level less per further hex (``fall_per_hex``), never
below 1 within its ``range`` and nothing beyond. At night only the ``night_full_range``
categories keep their range, everyone else sees ``night_range`` hexes, and patrolling
categories that stay put see ``patrol_bonus`` further (OW4).

:func:`picture` reads each enemy unit at its hex's level plus its quality's
``target_quality`` (poorer targets yield more, OI5), within 1 to 5, and at most 4 unless it
stands next to one of the side's units (OI3). What each level shows follows Table OI2
(:class:`SeenUnit`); at ``misread_at`` a unit may show another category of its group (OI4)
and up to ``values_wrong_at`` its combat values may be off. Those draws come from a
generator seeded by the caller's ``key`` (the WEGO query uses the game's seed and turn), side
and unit id, never from the game's die: asking what a side sees changes nothing in the game,
and asking again in the same turn gives the same answer.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass, replace
from typing import cast

import numpy as np

from schemas.operational.intel import IntelRules
from schemas.operational.units import Category

from .board import OpBoard
from .night import night_for
from .units import LocState, OpUnit


@dataclass(frozen=True)
class SeenUnit:
    """An enemy unit as a side knows it (Table OI2); ``None``: not known at its level."""

    unit: str
    hex: int
    level: int
    """OI2: 1 presence, 2 low, 3 medium, 4 high, 5 extreme."""
    category: str | None = None
    """Level 2 and up; at ``misread_at`` possibly another category of its group (OI4)."""
    attack: float | None = None
    """Level 3 and up (possibly off at ``values_wrong_at``), printed factors."""
    defence: float | None = None
    loc: str | None = None
    """Level 4 and up: its supply status (LOC state)."""
    dug_in: bool | None = None
    """Level 4 and up."""
    strength: float | None = None
    """Level 5: strength %."""
    readiness: float | None = None
    """Level 5: readiness %."""


@dataclass(frozen=True)
class IntelPicture:
    """What ``side`` knows: the level of every hex and the enemy units it sees (level 1+)."""

    side: str
    levels: tuple[int, ...]
    """Per hex, the best level the side's units reach there (0-5), before target quality."""
    units: Mapping[str, SeenUnit]

    def level_of(self, unit_id: str) -> int:
        """The level at which the side sees an enemy unit (0: not at all)."""
        seen = self.units.get(unit_id)
        return seen.level if seen is not None else 0


def hex_levels(
    board: OpBoard,
    units: Mapping[str, OpUnit],
    side: str,
    *,
    night: bool = False,
    stationary: Collection[str] = (),
    extra: Iterable[tuple[int, int, int]] = (),
) -> np.ndarray:
    """OI5, OI6, OW4: every hex's best level for ``side`` (``stationary``: ids of its units
    that stay put, for the night patrols; ``extra``: further sources as (hex, range,
    strength), the assets' recon and intelligence missions of OA12 and OI7, which fall off
    from their target hex the same way)."""
    count = len(board.hex_ids)
    best = np.zeros(count, dtype=np.int64)
    everywhere = np.arange(count)
    for hex_index, reach, strength in _sources(board, units, side, night, stationary, extra):
        _see(board, best, everywhere, hex_index, reach, strength)
    return best


def _sources(
    board: OpBoard,
    units: Mapping[str, OpUnit],
    side: str,
    night: bool,
    stationary: Collection[str],
    extra: Iterable[tuple[int, int, int]],
) -> list[tuple[int, int, int]]:
    """Every source of ``side``'s intelligence as (hex, range, strength): its units (Table
    OI5, cut at night, OW4) and the ``extra`` ones."""
    table = board.rules.intel
    found: list[tuple[int, int, int]] = []
    for unit in units.values():
        if unit.side != side:
            continue
        source = table.source(unit.category)
        reach = source.range
        if unit.category not in table.night_full_range and night_for(
            board.rules, unit, "intel", night
        ):  # OW4; a unit acting as by day keeps its range (OW3, OU15)
            reach = min(reach, table.night_range)
        if night and unit.category in table.night_patrols and unit.id in stationary:
            reach += table.patrol_bonus
        found.append((unit.hex, reach, source.strength))
    found.extend(extra)
    return found


def enemy_levels(
    board: OpBoard,
    units: Mapping[str, OpUnit],
    side: str,
    *,
    night: bool = False,
    stationary: Collection[str] = (),
    extra: Iterable[tuple[int, int, int]] = (),
) -> dict[str, int]:
    """OI5, OI3, OI8: the level at which ``side`` reads each enemy unit it sees (1 to 5, as
    :func:`picture` reads it, unseen units left out), worked out at the enemies' hexes only:
    the film asks it at every tick of an execution (:mod:`engine.wego.op.tracking`)."""
    enemies = [u for u in units.values() if u.side != side]
    if not enemies:
        return {}
    table = board.rules.intel
    targets = np.fromiter((u.hex for u in enemies), dtype=np.int64, count=len(enemies))
    found = [s for s in _sources(board, units, side, night, stationary, extra) if min(s[1:]) > 0]
    if not found:
        return {}
    # Every source against every enemy hex at once (units sharing a hex and values once).
    sources = np.unique(np.array(found, dtype=np.int64), axis=0)
    centre, reach, strength = (sources[:, i : i + 1] for i in range(3))
    distance = board.grid.distance(centre, targets[np.newaxis, :])
    level = np.maximum(1, strength - table.fall_per_hex * np.maximum(0, distance - 1))
    best = np.where(distance <= reach, np.minimum(level, 5), 0).max(axis=0)
    near: set[int] = set()
    if table.five_adjacent_only:
        for unit in units.values():
            if unit.side == side:
                near.add(unit.hex)
                near.update(int(n) for n in board.neighbours[unit.hex] if n >= 0)
    out: dict[str, int] = {}
    for unit, base in zip(enemies, best.tolist(), strict=True):
        if base <= 0:
            continue
        level = max(1, min(5, base + table.target_quality.of(unit.quality)))
        if table.five_adjacent_only and unit.hex not in near:
            level = min(level, 4)
        out[unit.id] = level
    return out


def _see(
    board: OpBoard,
    best: np.ndarray,
    everywhere: np.ndarray,
    centre: int,
    reach: int,
    strength: int,
) -> None:
    """OI5: one source's levels around ``centre`` kept where they beat ``best``."""
    if reach <= 0 or strength <= 0:
        return
    distance = board.grid.distance(everywhere, centre)
    fall = board.rules.intel.fall_per_hex * np.maximum(0, distance - 1)
    level = np.maximum(1, strength - fall)
    level = np.where(distance <= reach, np.minimum(level, 5), 0)
    np.maximum(best, level, out=best)


def picture(
    board: OpBoard,
    units: Mapping[str, OpUnit],
    side: str,
    *,
    key: str,
    night: bool = False,
    stationary: Collection[str] = (),
    fog: bool = True,
    extra: Iterable[tuple[int, int, int]] = (),
) -> IntelPicture:
    """OI1-OI6: what ``side`` knows of every enemy unit. ``fog`` off: everything at level 5
    (OI1). ``key`` seeds the misreadings (see the module docstring); ``extra``: the assets'
    recon sources (:func:`hex_levels`, OA12, OI7)."""
    table = board.rules.intel
    levels = hex_levels(board, units, side, night=night, stationary=stationary, extra=extra)
    own = [u.hex for u in units.values() if u.side == side]
    near = np.zeros(len(board.hex_ids), dtype=bool)
    for hex_index in own:
        near[hex_index] = True
        around = board.neighbours[hex_index]
        near[around[around >= 0]] = True
    seen: dict[str, SeenUnit] = {}
    for unit in units.values():
        if unit.side == side:
            continue
        if not fog:
            seen[unit.id] = _shown(table, unit, 5, None)
            continue
        base = int(levels[unit.hex])
        if base <= 0:
            continue
        level = max(1, min(5, base + table.target_quality.of(unit.quality)))
        if table.five_adjacent_only and not near[unit.hex]:
            level = min(level, 4)
        draw = random.Random(f"{key}:{side}:{unit.id}")
        seen[unit.id] = _shown(table, unit, level, draw)
    return IntelPicture(side, tuple(int(v) for v in levels), dict(sorted(seen.items())))


def _shown(table: IntelRules, unit: OpUnit, level: int, draw: random.Random | None) -> SeenUnit:
    """Table OI2: what ``level`` shows of ``unit``; ``draw`` decides the misreadings (OI4)."""
    category: str | None = None
    attack = defence = None
    if level >= 2:
        category = unit.category
        others = table.misread(unit.category)
        misread = draw is not None and level == table.misread_at and bool(others)
        if misread and draw is not None and draw.random() * 100.0 < table.misread_chance:
            category = draw.choice(others)
    if level >= 3:
        attack, defence = unit.attack, unit.defence
        off = draw is not None and level <= table.values_wrong_at
        if off and draw is not None and draw.random() * 100.0 < table.values_wrong_chance:
            attack *= 1.0 + draw.uniform(-table.values_error, table.values_error)
            defence *= 1.0 + draw.uniform(-table.values_error, table.values_error)
            attack, defence = round(attack, 1), round(defence, 1)
    return SeenUnit(
        unit.id,
        unit.hex,
        level,
        category,
        attack,
        defence,
        unit.loc if level >= 4 else None,
        unit.dug_in if level >= 4 else None,
        unit.strength if level >= 5 else None,
        unit.readiness if level >= 5 else None,
    )


def as_known(unit: OpUnit, seen: SeenUnit | None) -> OpUnit | None:
    """OI10: ``unit`` as a side that reads it at ``seen`` knows it, for the odds shown to a
    player: the category and printed factors it reads (misread or off at low levels, OI4),
    full strength and readiness unless level 5 shows them, dug in and out of supply only
    where level 4 shows it, and regular quality unless level 5 shows the true one. ``None``
    when the side does not know its factors (not seen, or seen below level 3)."""
    if seen is None or seen.attack is None or seen.defence is None:
        return None
    full = seen.level >= 5
    return replace(
        unit,
        category=cast(Category, seen.category or unit.category),
        attack=seen.attack,
        defence=seen.defence,
        strength=seen.strength if seen.strength is not None else 100.0,
        readiness=seen.readiness if seen.readiness is not None else 100.0,
        dug_in=bool(seen.dug_in),
        loc=cast(LocState, seen.loc or "supported"),
        quality=unit.quality if full else "regular",
    )
