"""The baseline AI's own setup under the operational rules (OT1).

While a side plans turn 1, the units it may set up (:mod:`.setup`: in its setup zone, not
fixed, no order yet) are laid out afresh over the zone before any order is given:

- **The front line**: the zone's hexes nearest the enemy (the enemy's setup zone when it
  has one, else the enemy units the side sees, else the regions the enemy holds), and the
  side's victory locations in the zone, each get one fighting unit, the strongest (defence
  x strength) on the victory locations first, then along the front.
- **Thickening and reserves**: of the fighting units left, ``RESERVE_SHARE`` (the most
  mobile ones) form the reserve, stacked ``RESERVE_DEPTH`` hexes behind the front, nearest
  its middle; the others join the front hexes holding the least strength so far.
- **Guns** (units that take fire orders, OC33) go behind the front, to the hex from which
  they reach the most enemy hexes the side sees (ties: nearest the front).
- **HQs** go back, off the front line and at least ``HQ_BACK`` hexes from the enemy when
  the zone allows (else to its deepest hex), to the hex whose farthest directly attached
  unit is nearest (the nearer it is, the surer all of them are within the HQ's LOC range,
  OQ3), the highest HQ first.
- Engineers and every other unit go with the reserve.

Every hex is taken only with stacking room (OM4, OH9, the units that stay counted), and never
where the side sees an enemy. The layout reads only the scenario, the zone, the units' values
and what the side sees, never where its own units stand now: a side that has set up half its
units, saved and loaded, lays out the same and sets up the rest. Ties go by id, so a seed
fixes it.
"""

from __future__ import annotations

import weakref
from dataclasses import replace
from typing import TYPE_CHECKING

import numpy as np

from ...operational.artillery import fires
from ...operational.movement import fits
from . import setup, state, supply, zones
from .actions import SetUp

if TYPE_CHECKING:
    from ...game import Game
    from ...operational import OpBoard, OpUnit

RESERVE_SHARE = 1 / 3
"""Of the fighting units beyond one a front hex, the share kept in reserve."""

RESERVE_DEPTH = 2
"""Hexes behind the front line where the reserve stands."""

HQ_BACK = 3
"""Hexes: an HQ sets up at least this far from the enemy when the zone allows (farther than
the distance at which the AI's HQs fall back, :data:`.ai.HQ_DANGER`)."""

SUPPORT = ("combat_engineer", "bridging_engineer")
"""Categories that set up with the reserve, not in the line."""


def front(game: Game, side: str) -> list[int]:
    """The front line of the side's setup zone: its hexes nearest the enemy, by id."""
    hexes = sorted(zones.setup_hexes(game, side))
    if not hexes:
        return []
    distance = _distances(game, side, hexes)
    nearest = min(distance.values())
    return [h for h in hexes if distance[h] == nearest]


def _distances(game: Game, side: str, hexes: list[int]) -> dict[int, float]:
    """Hexes from each of ``hexes`` to the enemy: to the nearest hex of an enemy setup zone
    (scenario data every side knows, and it does not change with what the side's own units
    spot while they set up), else to the nearest enemy the side sees, else to the nearest
    region the enemy holds."""
    from ...ai.fronts import distance_to_enemy

    board = state.board_of(game)
    theirs = sorted(
        h
        for other, zone in zones.zones(game).setup.items()
        if other != side and game.world.at_war(side, other)
        for h in zone
    ) or sorted(_seen_hexes(game, side))
    if not theirs:
        return {h: float(distance_to_enemy(game, board.grid.ids[h], side)) for h in hexes}
    targets = np.array(theirs)
    return {h: float(board.grid.distance(targets, h).min()) for h in hexes}


def _power(unit: OpUnit) -> float:
    return unit.defence * unit.strength / 100.0


def layout(game: Game, side: str) -> dict[str, int]:
    """The hex (index) each unit the side may set up now should stand on (see the module
    docstring); a unit for which the zone has no room is left out (it stays)."""
    movable = setup._candidates(game, side)
    if not movable:
        return {}
    board = state.board_of(game)
    hexes = sorted(zones.setup_hexes(game, side))
    every = state.units(game)
    enemy = {u.hex for u in every.values() if u.side != side}
    seen_enemy = _seen_hexes(game, side)
    open_ = [h for h in hexes if h not in seen_enemy]
    distance = _distances(game, side, open_)
    if not open_:
        return {}
    nearest = min(distance.values())
    line = [h for h in open_ if distance[h] == nearest]
    held = [
        board.index(loc.hex)
        for loc in board.rules.victory.locations
        if loc.per_turn.get(side, 0) > 0 and board.grid.find(loc.hex) in open_
    ]
    keys = sorted(set(held)) + [h for h in line if h not in held]
    command = supply.tree(game)
    rules = board.rules
    hqs = sorted((u for u in movable.values() if command.is_hq(u.id)), key=lambda u: u.id)
    guns = sorted(
        (u for u in movable.values() if fires(rules, u) and not command.is_hq(u.id)),
        key=lambda u: u.id,
    )
    others = [u for u in movable.values() if u not in hqs and u not in guns]
    fighters = sorted(
        (u for u in others if u.category not in SUPPORT and u.defence > 0),
        key=lambda u: (-_power(u), u.id),
    )
    support = sorted((u for u in others if u not in fighters), key=lambda u: u.id)

    placed: dict[str, int] = {}
    load = [u for u in every.values() if u.id not in movable]

    def put(unit: OpUnit, choices: list[int]) -> int | None:
        for h in choices:
            if h in enemy:
                continue  # the setup refuses it (an enemy the side may not see)
            if fits(board, load, unit, h):
                load.append(replace(unit, hex=h))
                placed[unit.id] = h
                return h
        return None

    strength = dict.fromkeys(line, 0.0)
    rest: list[OpUnit] = []
    for unit in fighters:
        taken = [h for h in keys if h not in placed.values()]
        if taken and put(unit, taken) is not None:
            if placed[unit.id] in strength:
                strength[placed[unit.id]] += _power(unit)
        else:
            rest.append(unit)
    reserve_count = round(len(rest) * RESERVE_SHARE)
    reserve = sorted(rest, key=lambda u: (-u.movement, -_power(u), u.id))[:reserve_count]
    behind = _reserve_hexes(board, open_, distance, line, nearest)
    for unit in rest:
        if unit in reserve:
            continue
        weakest = sorted(line, key=lambda h: (strength[h], h))
        if put(unit, weakest) is not None:
            strength[placed[unit.id]] += _power(unit)
        else:
            reserve.append(unit)
    for unit in sorted(reserve, key=lambda u: u.id) + support:
        put(unit, behind)
    rear = [h for h in open_ if h not in line] or open_
    seen_list = sorted(seen_enemy)
    for unit in guns:
        from .fire import fire_range

        reach = fire_range(game, unit.id)

        def covered(h: int, reach: int = reach) -> int:
            return sum(1 for e in seen_list if int(board.grid.distance(h, e)) <= reach)

        put(unit, sorted(rear, key=lambda h: (-covered(h), distance[h], h)))
    back = [h for h in open_ if distance[h] >= HQ_BACK and h not in line] or sorted(
        open_, key=lambda h: (-distance[h], h)
    )[:1]
    for hq in sorted(hqs, key=lambda u: (-command.rank(u.id), u.id)):
        mine = [placed.get(u, every[u].hex) for u in command.under(hq.id, "direct") if u in every]
        mine = mine or list(placed.values())

        def spread(h: int, mine: list[int] = mine) -> int:
            return max((int(board.grid.distance(h, m)) for m in mine), default=0)

        put(hq, sorted(back, key=lambda h: (spread(h), -distance[h], h)))
    return placed


def _reserve_hexes(
    board: OpBoard, open_: list[int], distance: dict[int, float], line: list[int], nearest: float
) -> list[int]:
    """The zone's hexes for the reserve: ``RESERVE_DEPTH`` behind the front (or as deep as
    the zone goes), nearest the front's middle first."""
    depth = max((d for d in distance.values() if d <= nearest + RESERVE_DEPTH), default=nearest)

    def to_line(h: int) -> int:
        return sum(int(board.grid.distance(h, f)) for f in line)

    return sorted(open_, key=lambda h: (abs(distance[h] - depth), to_line(h), h))


def _seen_hexes(game: Game, side: str) -> set[int]:
    """The hexes where the side sees enemies (OI10; all of them under the OT11 handicap)."""
    from .ai import _seen

    return {u.hex for u in _seen(game, side, state.units(game)).values()}


_HANDED: weakref.WeakKeyDictionary[Game, dict[tuple[int, str], int]] = weakref.WeakKeyDictionary()
"""Per game, the setup lists handed out this turn per side: a bound that ends the setup
even if what the side spots while setting up kept changing its layout."""


def setup_actions(game: Game, side: str) -> list[SetUp]:
    """The setups that take the side's units to :func:`layout`'s hexes, in unit id order (the
    caller takes the first the engine accepts)."""
    places = layout(game, side)
    if not places:
        return []
    handed = _HANDED.setdefault(game, {})
    key = (game.state.turn, side)
    if handed.get(key, 0) > 2 * len(places) + 2:
        return []
    ids = state.board_of(game).grid.ids
    units = state.units(game)
    out = [
        SetUp(unit_id, ids[h])
        for unit_id, h in sorted(places.items())
        if unit_id in units and units[unit_id].hex != h
    ]
    if out:
        handed[key] = handed.get(key, 0) + 1
    return out
