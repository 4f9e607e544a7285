"""Lines of communication (OQ4-OQ11, OS15): supply source -> HQs -> units, and their states.

:class:`~.loc_network.LocNetwork` (built once per game) prices every step a supply truck may
take (OQ4); :func:`trace` gives one side's state for every unit and HQ:

- a path may not enter a hex holding an enemy unit, nor a hex in enemy ZOC unless a friendly
  unit stands in it (OQ4);
- an HQ within its own range of a supply source is Supported; of a depot, Extended (OQ5,
  OQ10); otherwise it is fed by its superior like any unit;
- a unit (or HQ) at most ``supported_share`` of its HQ's range away is Supported, within the
  range Extended, never better than its HQ (OQ7, OQ8); a unit whose HQ is gone draws from the
  next HQ up, at most Extended (OQ11);
- out of its own HQ's reach but within the range of another supplied HQ of its HQ's echelon
  or higher: Extended (OQ6); within the range of a supplied airfield: Extended (OQ10, OS15);
- otherwise Isolated, or Encircled when no Supported HQ has any clear path to it (OQ7).

Shortest paths run in compiled code (``scipy.sparse.csgraph.dijkstra``) from every HQ of the
side at once, cut at the longest range (docs/performance.md).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import cast

import numpy as np
from scipy.sparse import csr_matrix
from scipy.sparse.csgraph import dijkstra

from .board import OpBoard
from .hq import CommandTree
from .loc_network import LocNetwork as LocNetwork  # re-exported: callers build it with a trace
from .units import LocState, OpUnit
from .zoc import enemy_zoc

STATE_ORDER: dict[str, int] = {"supported": 0, "extended": 1, "isolated": 2, "encircled": 3}
"""Best first: a state is capped by taking the worse of two (OQ8)."""

_TINY = 1e-9
"""Slack when comparing distances with ranges."""


def worse(a: LocState, b: LocState) -> LocState:
    return a if STATE_ORDER[a] >= STATE_ORDER[b] else b


@dataclass(frozen=True)
class LocTrace:
    """One side's lines of communication after a trace."""

    side: str
    state: Mapping[str, LocState]
    """Every unit and HQ of the side on the map -> its state."""
    fed_by: Mapping[str, str]
    """Each fed unit or HQ -> what feeds it: an HQ id, or ``source:<hex>``, ``depot:<hex>``,
    ``airfield:<hex>``."""
    distance: Mapping[str, float]
    """Each fed unit or HQ -> MP from what feeds it (0 for an airfield's units)."""
    hq_rows: Mapping[str, int]
    """Each HQ on the map -> its row of ``hq_distance``."""
    hq_distance: np.ndarray
    """``(HQs, hexes)``: MP from each HQ to each hex, ``inf`` beyond its reach."""
    ranges: Mapping[str, float]
    """Each HQ on the map -> its LOC range this turn (after interdiction)."""
    traced: bool = True
    """``False`` for a side without HQs: every unit is Supported (choice)."""
    share: float = 0.5
    """OQ7: the share of a range that is Supported (the overlay's green band)."""

    def of(self, unit_id: str) -> LocState:
        """OQ7: the unit's state (Supported for a unit this trace did not see)."""
        return self.state.get(unit_id, "supported")

    def reach(self, hq: str) -> np.ndarray:
        """OQ12: per hex, 0 outside the HQ's range, 1 in its Extended band, 2 in its
        Supported band (the overlay of an HQ's reach)."""
        row = self.hq_rows.get(hq)
        out = np.zeros(self.hq_distance.shape[1], dtype=np.int8)
        if row is None:
            return out
        dist = self.hq_distance[row]
        limit = self.ranges[hq]
        out[dist <= limit + _TINY] = 1
        out[dist <= limit * self.share + _TINY] = 2
        return out


def blocked_hexes(board: OpBoard, units: Iterable[OpUnit], side: str) -> np.ndarray:
    """OQ4: hexes a line of ``side`` may not enter: enemy-held, or in enemy ZOC without a
    friendly unit in them."""
    everyone = list(units)
    count = board.grid.count
    enemy = np.zeros(count, dtype=bool)
    friend = np.zeros(count, dtype=bool)
    for u in everyone:
        (friend if u.side == side else enemy)[u.hex] = True
    field = enemy_zoc(board, everyone, side)
    blocked: np.ndarray = enemy | ((field.values > 0) & ~friend)
    return blocked


def trace(
    network: LocNetwork,
    tree: CommandTree,
    units: Mapping[str, OpUnit],
    side: str,
    *,
    cut: float = 0.0,
    air_supplied: Iterable[int] | Mapping[int, float] = (),
) -> LocTrace:
    """OQ4-OQ11: the LOC state of every unit and HQ of ``side``.

    ``units``: every unit on the map by id (both sides; an HQ missing from it is destroyed);
    ``cut``: the enemy's interdiction cut in percent to division-and-higher ranges (OA10);
    ``air_supplied``: hexes of this side's airfields an air transport supplies this turn
    (OS15; airfields marked ``supplied`` in the data always count), or those hexes to the
    transport's own supply range (the airfield's ``range`` when larger)."""
    board = network.board
    rules = board.rules
    command = rules.command
    mine = [u for u in units.values() if u.side == side]
    if not tree.plays_loc(side):
        return LocTrace(
            side, {u.id: "supported" for u in mine}, {}, {}, {}, np.zeros((0, 0)), {}, traced=False
        )
    blocked = blocked_hexes(board, units.values(), side)
    graph = network.graph(blocked)
    count = board.grid.count
    flown = dict(air_supplied) if isinstance(air_supplied, Mapping) else {}
    flown.update({h: 0.0 for h in air_supplied if h not in flown})
    sources, depots, airfields = _anchors(board, side, flown)
    enemy_held = np.zeros(count, dtype=bool)
    for u in units.values():
        if u.side != side:
            enemy_held[u.hex] = True
    sources = [h for h in sources if not enemy_held[h]]
    depots = [h for h in depots if not enemy_held[h]]

    hqs = [hq for hq in tree.hqs_of(side) if hq in units]
    ranges = {hq: tree.loc_range(hq, cut) for hq in hqs}
    rows = {hq: n for n, hq in enumerate(hqs)}
    hq_distance = _hq_distances(graph, [units[hq].hex for hq in hqs], [ranges[h] for h in hqs])
    # A source or depot farther than every HQ's range feeds nobody: the searches stop there.
    longest = max([*ranges.values(), 0.0])
    from_source, source_of = _nearest(graph, sources, count, longest)
    from_depot, depot_of = _nearest(graph, depots, count, longest)

    state: dict[str, LocState] = {}
    fed_by: dict[str, str] = {}
    distance: dict[str, float] = {}
    share = command.supported_share
    alive = set(units)

    def via_hq(unit: OpUnit) -> tuple[LocState, str, float] | None:
        hq, lost = tree.acting_hq(unit.id, alive)
        if hq is None or state.get(hq, "isolated") not in ("supported", "extended"):
            return None
        d = float(hq_distance[rows[hq], unit.hex])
        reach = ranges[hq]
        if d > reach + 1e-9:
            return None
        found: LocState = "supported" if d <= reach * share + 1e-9 else "extended"
        found = worse(found, state[hq])
        if lost:
            found = worse(found, "extended")
        return found, hq, d

    def via_other(unit: OpUnit) -> tuple[LocState, str, float] | None:
        if not command.other_hq_extended:
            return None
        own, _ = tree.acting_hq(unit.id, alive)
        need = tree.rank(own) if own is not None else tree.rank(unit.id)
        best: tuple[LocState, str, float] | None = None
        for hq in hqs:
            if hq == own or hq == unit.id or tree.rank(hq) < need:
                continue
            if state.get(hq) not in ("supported", "extended"):
                continue
            d = float(hq_distance[rows[hq], unit.hex])
            if d <= ranges[hq] + 1e-9 and (best is None or d < best[2]):
                best = ("extended", hq, d)
        return best

    def settle(unit: OpUnit, options: list[tuple[LocState, str, float] | None]) -> bool:
        found = [o for o in options if o is not None]
        if not found:
            return False
        best = min(found, key=lambda o: (STATE_ORDER[o[0]], o[2]))
        changed = state.get(unit.id) != best[0]
        state[unit.id], fed_by[unit.id], distance[unit.id] = best
        return changed

    # HQs top-down, again until nothing changes: an HQ rescued by another HQ's range (OQ6)
    # may in turn feed the HQs below it.
    for _ in range(len(hqs) + 1):
        changed = False
        for hq in hqs:
            unit = units[hq]
            options: list[tuple[LocState, str, float] | None] = []
            d = float(from_source[unit.hex])
            if d <= ranges[hq] + 1e-9:
                options.append(("supported", f"source:{board.hex_ids[source_of[unit.hex]]}", d))
            d = float(from_depot[unit.hex])
            if d <= ranges[hq] + 1e-9:
                options.append(("extended", f"depot:{board.hex_ids[depot_of[unit.hex]]}", d))
            options += [via_hq(unit), via_other(unit)]
            changed |= settle(unit, options)
        if not changed:
            break
    _units_pass(
        tree,
        [u for u in mine if u.id not in rows],
        alive,
        rows,
        hq_distance,
        ranges,
        share,
        state,
        fed_by,
        distance,
        others=command.other_hq_extended,
    )
    for hex_index, reach_hexes in airfields:
        near = board.grid.distance(np.arange(count), hex_index) <= reach_hexes
        for unit in mine:
            if unit.id not in state and near[unit.hex]:
                state[unit.id] = "extended"
                fed_by[unit.id] = f"airfield:{board.hex_ids[hex_index]}"
                distance[unit.id] = 0.0
    # OQ7: isolated when some Supported HQ has a clear path of any length, else encircled.
    unfed = [unit for unit in mine if unit.id not in state]
    if unfed:
        supported_hexes = [units[hq].hex for hq in hqs if state.get(hq) == "supported"]
        reachable = np.isfinite(_nearest(graph, supported_hexes, count)[0])
        for unit in unfed:
            state[unit.id] = "isolated" if reachable[unit.hex] else "encircled"
    return LocTrace(side, state, fed_by, distance, rows, hq_distance, ranges, share=share)


def _units_pass(
    tree: CommandTree,
    plain: list[OpUnit],
    alive: set[str],
    rows: Mapping[str, int],
    hq_distance: np.ndarray,
    ranges: Mapping[str, float],
    share: float,
    state: dict[str, LocState],
    fed_by: dict[str, str],
    distance: dict[str, float],
    *,
    others: bool,
) -> None:
    """OQ6-OQ8, OQ11 for the units that are not HQs, every HQ's state being known: the rule
    of :func:`trace`'s HQ pass, computed for all units at once."""
    if not plain:
        return
    fed = ("supported", "extended")
    acting = [tree.acting_hq(u.id, alive) for u in plain]
    hexes = np.fromiter((u.hex for u in plain), dtype=np.int64, count=len(plain))
    row = np.array([rows[h] if h is not None and state.get(h) in fed else -1 for h, _ in acting])
    reach = np.array([ranges[h] if h is not None and h in ranges else 0.0 for h, _ in acting])
    has = row >= 0
    d = np.full(len(plain), np.inf)
    d[has] = hq_distance[row[has], hexes[has]]
    within = d <= reach + 1e-9
    near = d <= reach * share + 1e-9
    nearest: dict[int, tuple[np.ndarray, np.ndarray]] = {}
    for n, unit in enumerate(plain):
        hq, lost = acting[n]
        if within[n] and hq is not None:
            found: LocState = "supported" if near[n] else "extended"
            found = worse(found, state[hq])
            if lost:
                found = worse(found, "extended")
            state[unit.id], fed_by[unit.id], distance[unit.id] = found, hq, float(d[n])
            continue
        if not others:
            continue
        # OQ6: the nearest other supplied HQ of its own HQ's echelon or higher, in range.
        need = tree.rank(hq) if hq is not None else -1
        if need not in nearest:
            nearest[need] = _nearest_in_range(tree, rows, hq_distance, ranges, state, need)
        names, dist = nearest[need]
        if names.size and np.isfinite(dist[unit.hex]):
            state[unit.id] = "extended"
            fed_by[unit.id] = str(names[unit.hex])
            distance[unit.id] = float(dist[unit.hex])


def _nearest_in_range(
    tree: CommandTree,
    rows: Mapping[str, int],
    hq_distance: np.ndarray,
    ranges: Mapping[str, float],
    state: Mapping[str, LocState],
    need: int,
) -> tuple[np.ndarray, np.ndarray]:
    """Per hex: the nearest supplied HQ of rank ``need`` or higher whose range reaches it,
    and its distance (``inf``: none)."""
    chosen = [
        hq for hq in rows if tree.rank(hq) >= need and state.get(hq) in ("supported", "extended")
    ]
    if not chosen:
        return np.zeros(0, dtype=object), np.full(hq_distance.shape[1], np.inf)
    picked = hq_distance[[rows[hq] for hq in chosen]]
    limit = np.array([ranges[hq] for hq in chosen])[:, None] + 1e-9
    picked = np.where(picked <= limit, picked, np.inf)
    return np.array(chosen, dtype=object)[picked.argmin(axis=0)], picked.min(axis=0)


def _hq_distances(graph: csr_matrix, starts: list[int], ranges: list[float]) -> np.ndarray:
    """``(HQs, hexes)`` MP from each start, ``inf`` beyond its range: one search per distinct
    range, each cut at that range (a division's search stops at 10 MP, not at the army's 40)."""
    count = graph.shape[0]
    out = np.full((len(starts), count), np.inf)
    for reach in sorted(set(ranges)):
        picked = [n for n, r in enumerate(ranges) if r == reach]
        found = dijkstra(
            graph, directed=True, indices=[starts[n] for n in picked], limit=reach + 1e-6
        )
        out[picked] = np.atleast_2d(found)
    return out


def _nearest(
    graph: csr_matrix, starts: list[int], count: int, limit: float = np.inf
) -> tuple[np.ndarray, np.ndarray]:
    """Per hex: MP from the nearest of ``starts`` (``inf`` beyond ``limit``), and which start
    hex that is."""
    if not starts:
        return np.full(count, np.inf), np.full(count, -1)
    dist, _, start = dijkstra(
        graph,
        directed=True,
        indices=starts,
        min_only=True,
        return_predecessors=True,
        limit=limit + 1e-6,
    )
    return cast(np.ndarray, dist), cast(np.ndarray, start)


def _anchors(
    board: OpBoard, side: str, air_supplied: Mapping[int, float]
) -> tuple[list[int], list[int], list[tuple[int, float]]]:
    sources: list[int] = []
    depots: list[int] = []
    airfields: list[tuple[int, float]] = []
    for row in board.rules.supply.sources:
        if row.side != side:
            continue
        found = board.grid.find(row.hex)
        if found is None:
            continue
        if row.kind == "source":
            sources.append(found)
        elif row.kind == "depot":
            depots.append(found)
        elif row.supplied or found in air_supplied:
            airfields.append((found, max(row.range, air_supplied.get(found, 0.0))))
    return sources, depots, airfields


def with_loc(units: Mapping[str, OpUnit], traces: Iterable[LocTrace]) -> dict[str, OpUnit]:
    """The units with the states of ``traces`` written into their ``loc`` field."""
    out = dict(units)
    for found in traces:
        for unit_id, value in found.state.items():
            unit = out.get(unit_id)
            if unit is not None and unit.loc != value:
                out[unit_id] = replace(unit, loc=value)
    return out


# -- what a state does (Table OQ9) ---------------------------------------------------------------


def combat_multiplier(board: OpBoard, state: LocState) -> float:
    """OS12, Table OQ9: attack and defence at Basic and Move+."""
    value: float = getattr(board.rules.combat.loc, state)
    return value


def c2_modifier(board: OpBoard, state: LocState) -> int:
    """OM18, Table OQ9: the state's part of the chance to move on schedule."""
    value: int = getattr(board.rules.command.c2, state)
    return value


def may_buy_supply(state: LocState) -> bool:
    """OS8, Table OQ9: only a Supported or Extended HQ buys Move+, Combat+ or Repl+."""
    return state in ("supported", "extended")


def road_movement_allowed(state: LocState, move_plus: bool) -> bool:
    """OM7, OS5, Table OQ9: Road Movement needs a Supported unit whose HQ bought Move+."""
    return state == "supported" and move_plus
