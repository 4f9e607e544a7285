"""What the game view asks of an operational game (docs/rules-operational.md, "The game view"):
the enemy's zone of control, lines of communication, the units' supply marks, the time of day
and weather, and the odds of an attack order before the plan is sealed.

Every answer is computed by the rules themselves (:mod:`engine.operational`), for one side and
as that side knows the board: with fog of war on, an enemy stack the side cannot see inside
counts for nothing (it exerts no zone on the overlay and is not a defender in a preview). The
view draws these answers and never re-derives a rule.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

import numpy as np
from scipy.sparse.csgraph import dijkstra

from ... import fog
from ...errors import IllegalAction
from ...operational import AttackSpec, OddsPreview, OpBoard, OpUnit, enemy_zoc, odds_preview
from ...operational.hq import CommandTree
from ...operational.loc import LocNetwork, LocTrace, blocked_hexes, trace
from ...operational.units import LocState
from ..orders import OrderAttack
from . import state
from .movement import MODES, allowance

if TYPE_CHECKING:
    from ...game import Game

_TREES: weakref.WeakKeyDictionary[Game, CommandTree] = weakref.WeakKeyDictionary()
_NETWORKS: weakref.WeakKeyDictionary[Game, LocNetwork] = weakref.WeakKeyDictionary()


def tree_of(game: Game) -> CommandTree:
    """The scenario's command tree (built once: the scenario never changes)."""
    found = _TREES.get(game)
    if found is None:
        found = _TREES[game] = CommandTree.of(game.scenario)
    return found


def network_of(game: Game) -> LocNetwork:
    """The supply-truck network of the board (priced once per game, OQ4)."""
    found = _NETWORKS.get(game)
    if found is None:
        found = _NETWORKS[game] = LocNetwork.of(state.board_of(game))
    return found


def known_units(game: Game, side: str) -> dict[str, OpUnit]:
    """Every unit on the map as ``side`` knows it: its own and the enemy's it can see inside
    (fog of war, V7); by id."""
    out: dict[str, OpUnit] = {}
    for stack in game.state.stacks.values():
        if stack.side != side and fog.hidden_from(game, stack, side):
            continue
        out.update(state.stack_units(game, stack))
    return dict(sorted(out.items()))


# -- zones of control ----------------------------------------------------------------------------


def enemy_zoc_values(game: Game, side: str) -> dict[str, float]:
    """OM10, OW5: the ZOC value the enemies of ``side`` exert on each hex (only hexes with a
    value above 0), night already applied, from the enemy units ``side`` can see."""
    board = state.board_of(game)
    field = enemy_zoc(board, known_units(game, side).values(), side, night=state.clock(game).night)
    hexes = np.flatnonzero(field.values > 0).tolist()
    return {board.hex_ids[h]: round(float(field.values[h]), 2) for h in hexes}


# -- lines of communication ----------------------------------------------------------------------


@dataclass(frozen=True)
class LocLine:
    """One unit's line of communication: the hexes from what feeds it to the unit."""

    unit: str
    state: LocState
    fed_by: str
    """An HQ id, or ``source:<hex>``, ``depot:<hex>``, ``airfield:<hex>``."""
    hexes: tuple[str, ...]
    """From the feeder's hex to the unit's, both included (one hex when they share it)."""
    distance: float


@dataclass(frozen=True)
class LocPicture:
    """One side's lines of communication, as the overlay draws them."""

    side: str
    traced: bool
    """``False`` when the side has no HQs (every unit Supported, nothing to draw)."""
    states: dict[str, LocState]
    """Each unit and HQ of the side on the map -> its state (OQ7)."""
    lines: tuple[LocLine, ...]
    """The line of every fed unit (Isolated and Encircled units have none)."""


def loc_trace(game: Game, side: str) -> LocTrace:
    """OQ4-OQ11: the LOC state of every unit and HQ of ``side``, traced now on the board as
    ``side`` knows it."""
    return trace(network_of(game), tree_of(game), known_units(game, side), side)


def loc_picture(game: Game, side: str) -> LocPicture:
    """The lines of communication of ``side``: each unit's state and the path of its line
    (the cheapest truck path from what feeds it, in the network :func:`loc_trace` searched)."""
    board = state.board_of(game)
    units = known_units(game, side)
    found = trace(network_of(game), tree_of(game), units, side)
    states = dict(sorted(found.state.items()))
    if not found.traced or not found.fed_by:
        return LocPicture(side, found.traced, states, ())
    graph = network_of(game).graph(blocked_hexes(board, units.values(), side))
    feeders: dict[str, int] = {}
    for feeder in set(found.fed_by.values()):
        where = _feeder_hex(board, units, feeder)
        if where is not None:
            feeders[feeder] = where
    starts = sorted(set(feeders.values()))
    if not starts:
        return LocPicture(side, True, states, ())
    _, before = dijkstra(graph, indices=starts, return_predecessors=True)
    row_of = {h: n for n, h in enumerate(starts)}
    lines = []
    for unit_id, feeder in sorted(found.fed_by.items()):
        unit = units.get(unit_id)
        start = feeders.get(feeder)
        if unit is None or start is None:
            continue
        path = _path(before[row_of[start]], start, unit.hex)
        if path is None:
            continue  # an airfield's unit: fed by range, not along a path
        lines.append(
            LocLine(
                unit_id,
                found.of(unit_id),
                feeder,
                tuple(board.hex_ids[h] for h in path),
                round(found.distance.get(unit_id, 0.0), 3),
            )
        )
    return LocPicture(side, True, states, tuple(lines))


def _feeder_hex(board: OpBoard, units: dict[str, OpUnit], feeder: str) -> int | None:
    """The hex of what feeds a line: an HQ's, or the hex named after ``source:`` and the
    like."""
    if ":" in feeder:
        return board.grid.find(feeder.split(":", 1)[1])
    unit = units.get(feeder)
    return unit.hex if unit is not None else None


def _path(before: np.ndarray, start: int, end: int) -> list[int] | None:
    """The hexes from ``start`` to ``end`` along a shortest-path tree (``None``: not
    reached)."""
    path = [end]
    here = end
    while here != start:
        here = int(before[here])
        if here < 0:
            return None
        path.append(here)
    return path[::-1]


# -- supply marks --------------------------------------------------------------------------------


@dataclass(frozen=True)
class SupplyMark:
    """What a unit's supply mark says: its LOC state and the supply level it moves at."""

    unit: str
    loc: LocState
    level: str
    """``basic`` or ``move_plus`` (the level ``rules.operational.turns.supply`` plays every
    unit at until supply orders are played)."""


def supply_marks(game: Game, side: str) -> dict[str, SupplyMark]:
    """Each unit of ``side`` on the map with its LOC state (OQ7) and supply level (OS3)."""
    level = state.board_of(game).rules.turns.supply
    found = loc_trace(game, side)
    return {
        unit_id: SupplyMark(unit_id, found.of(unit_id), level)
        for unit_id, unit in known_units(game, side).items()
        if unit.side == side
    }


# -- the clock ------------------------------------------------------------------------------------


def clock(game: Game, turn: int | None = None) -> state.Night:
    """OT4, OW1: whether the turn is a night turn, its weather and their effects."""
    return state.clock(game, turn)


# -- odds before an attack is sealed -------------------------------------------------------------


def attack_odds(game: Game, order: OrderAttack) -> OddsPreview:
    """OC2-OC15: the odds ``order`` would fight at if everything stood as now when the stack
    gets there: its units at the end of its path (a move and attack is a move battle, OC28;
    an attack from where it stands a set-piece battle), against the enemy units its side sees
    in the target hex, at this turn's time of day. Raises :class:`IllegalAction` when no
    odds can be given (the stack or target is gone, no seen enemy holds the target, the
    stack has no operational units)."""
    stack = game.state.stacks.get(order.stack)
    if stack is None:
        raise IllegalAction(f"no stack {order.stack}")
    board = state.board_of(game)
    target = board.grid.find(order.target)
    if target is None:
        raise IllegalAction(f"{order.target} is not a hex of the map")
    start = order.path[-1] if order.path else stack.region
    there = board.grid.find(start)
    if there is None:
        raise IllegalAction(f"{start} is not a hex of the map")
    mine = state.stack_units(game, stack)
    if not mine:
        raise IllegalAction(f"stack {order.stack} has no units with operational values")
    # The preview reads the attackers and the target's defenders only: the units of the
    # stacks in the target hex the side can see are all it needs (not the whole map).
    units = {unit_id: replace(unit, hex=there) for unit_id, unit in mine.items()}
    for other in game.state.stacks.values():
        if other.region != order.target or other.side == stack.side:
            continue
        if not fog.hidden_from(game, other, stack.side):
            units.update(state.stack_units(game, other))
    if not any(u.hex == target and u.side != stack.side for u in units.values()):
        raise IllegalAction(f"no enemy unit {stack.side} sees holds {order.target}")
    spec = AttackSpec(
        tuple(sorted(mine)),
        target,
        "attack",
        "move_battle" if order.path else "set_piece",
        state.clock(game).night,
    )
    return odds_preview(board, units, spec)


def movement_mode(kind: str) -> str | None:
    """OO4: the movement mode a moving order's stack moves in (``None``: it stays)."""
    return MODES.get(kind)


def allowances(game: Game, stack_id: str) -> dict[str, float]:
    """OM1, OO4: the stack's MP this turn in each movement mode an order gives it (the
    least of its units', at this turn's supply level and weather); empty for a stack
    without units of operational values."""
    stack = game.state.stacks.get(stack_id)
    if stack is None:
        return {}
    group = list(state.stack_units(game, stack).values())
    if not group:
        return {}
    modes = sorted(set(MODES.values()))
    return {mode: round(allowance(game, group, mode), 3) for mode in modes}


def hq_reach(game: Game, side: str, hq: str) -> dict[str, int]:
    """OQ12: the hexes an HQ of ``side`` reaches with its line of communication this turn:
    2 in its Supported band, 1 in its Extended band (hexes beyond are left out); empty for a
    unit that is no HQ of the side on the map."""
    found = loc_trace(game, side)
    if hq not in found.hq_rows:
        return {}
    board = state.board_of(game)
    bands = found.reach(hq)
    return {board.hex_ids[h]: int(bands[h]) for h in np.flatnonzero(bands).tolist()}
