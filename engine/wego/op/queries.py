"""What a game view asks about HQs, lines of communication and supply (OQ12, OS1, OS3, OF8),
answered by the rules so the view never works them out itself.

Every query names the side it is about; those that tell a side's plan (its supply orders,
what they cost, its pools) also name the ``viewer`` and raise
:class:`~engine.wego.plan.HiddenPlan` when it is another side (``viewer=None``: the umpire).

- :func:`loc_states`: each unit and HQ of a side -> its LOC state (the outline colour);
- :func:`loc_links`: each unit and HQ -> what feeds it and the hex path of its line (the HQ
  link lines, coloured by the state at their end);
- :func:`hq_reach`: an HQ's Supported and Extended bands, hex by hex;
- :func:`unit_supply`: each unit's LOC state and supply levels this turn;
- :func:`hq_pools`: the side's pools, its orders of the turn and their costs, what is left;
- :func:`order_preview`: what a supply order would cost, or why it is refused.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
from scipy.sparse.csgraph import dijkstra

from ...operational.loc import blocked_hexes
from ...operational.supply import BASIC, Pool, SupplyOrder, order_cost
from ...operational.units import LocState
from ..plan import only_own
from . import planning, state, supply
from .actions import OrderSupply

if TYPE_CHECKING:
    from ...game import Game


def loc_states(game: Game, side: str) -> dict[str, LocState]:
    """OQ7, OQ12: the LOC state of each of ``side``'s units and HQs on the map, by id (the
    state the rules play with: traced at the end of the last turn)."""
    return {u.id: u.loc for u in state.units(game).values() if u.side == side}


@dataclass(frozen=True)
class LocLink:
    """OQ12: one unit's line of communication."""

    unit: str
    state: LocState
    feeder: str
    """An HQ id, or ``source:<hex>``, ``depot:<hex>``, ``airfield:<hex>``; empty when none
    feeds it (Isolated, Encircled)."""
    path: tuple[str, ...]
    """Hex ids from the feeder's hex to the unit's, both included (the airfield's range is
    counted in hexes, not along a path: its links are the two ends)."""
    mp: float
    """The line's MP cost."""


def loc_links(game: Game, side: str) -> dict[str, LocLink]:
    """OQ12: each unit and HQ of ``side`` on the map -> its line of communication."""
    traced = supply.traces(game).get(side)
    units = state.units(game)
    board = state.board_of(game)
    states = loc_states(game, side)
    out: dict[str, LocLink] = {}
    if traced is None:
        return out
    starts: dict[int, list[str]] = {}
    for unit_id, feeder in traced.fed_by.items():
        if unit_id not in units:
            continue
        if feeder.startswith("airfield:") or (":" not in feeder and feeder not in units):
            continue
        start = board.index(feeder.split(":", 1)[1]) if ":" in feeder else units[feeder].hex
        starts.setdefault(start, []).append(unit_id)
    paths: dict[str, tuple[str, ...]] = {}
    if starts:
        graph = supply.network(game).graph(blocked_hexes(board, units.values(), side))
        origins = sorted(starts)
        _, before = dijkstra(graph, directed=True, indices=origins, return_predecessors=True)
        before = np.atleast_2d(before)
        for row, origin in enumerate(origins):
            for unit_id in starts[origin]:
                paths[unit_id] = _walk(before[row], origin, units[unit_id].hex, board.hex_ids)
    for unit_id, found in sorted(states.items()):
        feeder = traced.fed_by.get(unit_id, "")
        here = board.hex_ids[units[unit_id].hex]
        path = paths.get(unit_id)
        if path is None:
            path = (feeder.split(":", 1)[1], here) if feeder.startswith("airfield:") else ()
        out[unit_id] = LocLink(unit_id, found, feeder, path, traced.distance.get(unit_id, 0.0))
    return out


def _walk(before: np.ndarray, origin: int, to: int, ids: tuple[str, ...]) -> tuple[str, ...]:
    hexes = [to]
    while hexes[-1] != origin and before[hexes[-1]] >= 0:
        hexes.append(int(before[hexes[-1]]))
    return tuple(ids[h] for h in reversed(hexes)) if hexes[-1] == origin else ()


def hq_reach(game: Game, side: str, hq: str) -> dict[str, int]:
    """OQ12: each hex within the HQ's range -> 2 in its Supported band, 1 in its Extended
    band (hexes out of reach are left out)."""
    traced = supply.traces(game).get(side)
    if traced is None:
        return {}
    ids = state.board_of(game).hex_ids
    return {ids[h]: int(v) for h, v in enumerate(traced.reach(hq)) if v > 0}


@dataclass(frozen=True)
class UnitSupplyView:
    """OS3-OS6, OS13: one unit's supply this turn as its side plans it."""

    loc: LocState
    movement: str
    """``move_plus`` or ``basic``: the level its MP are worked out at (OS4, OS5)."""
    combat_plus: bool
    replacements: bool


def unit_supply(game: Game, side: str, *, viewer: str | None) -> dict[str, UnitSupplyView]:
    """Each unit of ``side`` on the map -> its LOC state and the levels its side's orders of
    this turn give it (hidden from other sides: the orders are part of the plan)."""
    only_own("the supply", side, viewer)
    covered = supply.covered(game, side)
    out: dict[str, UnitSupplyView] = {}
    for unit in state.units(game).values():
        if unit.side != side:
            continue
        level = covered.get(unit.id, BASIC)
        move = supply.movement_level(game, unit)
        out[unit.id] = UnitSupplyView(unit.loc, move, level.combat_plus, level.replacements)
    return out


@dataclass(frozen=True)
class HqPools:
    """OS1, OS11, OF8: a side's points this turn."""

    pools: Pool
    """What the side holds before this turn's orders are paid."""
    orders: dict[str, OrderSupply]
    """Its supply orders of the turn, by HQ."""
    costs: dict[str, Pool]
    """What each order costs."""
    left: Pool
    """What the pools hold once the orders are paid."""


def hq_pools(game: Game, side: str, *, viewer: str | None) -> HqPools:
    """The side's pools and supply orders of this turn, priced (hidden from other sides).
    Once the execution has started the orders are paid: ``pools`` already excludes them."""
    only_own("the supply", side, viewer)
    rules = state.board_of(game).rules
    command, units = supply.tree(game), state.units(game)
    orders = supply.orders(game, side)
    costs = {o.hq: order_cost(rules, command, units, o) for o in orders}
    total = Pool()
    for cost in costs.values():
        total = total + cost
    held = supply.pool(game, side)
    paid = side in supply.data(game)["spent"]
    actions = {
        o.hq: OrderSupply(o.hq, o.move_plus, o.combat_plus, o.replacements, o.scope) for o in orders
    }
    return HqPools(held, actions, costs, held if paid else held - total)


def order_preview(
    game: Game, side: str, order: OrderSupply, *, viewer: str | None
) -> tuple[Pool, str]:
    """What ``order`` would cost ``side`` and why it would be refused (empty: it may be
    given), for the supply panel before the player confirms it."""
    only_own("the supply", side, viewer)
    rules = state.board_of(game).rules
    command, units = supply.tree(game), state.units(game)
    plain = SupplyOrder(
        order.hq,
        bool(order.move_plus),
        bool(order.combat_plus),
        bool(order.replacements),
        "all" if order.scope == "all" else "direct",
    )
    cost = order_cost(rules, command, units, plain) if order.hq in units else Pool()
    return cost, planning.refusal(game, side, order)


def hq_of(game: Game, stack_units: tuple[str, ...] | list[str]) -> str | None:
    """The first HQ among a stack's units, by the order of battle as it stands (OO16)."""
    command = supply.tree(game)
    return next((u for u in stack_units if command.is_hq(u)), None)
