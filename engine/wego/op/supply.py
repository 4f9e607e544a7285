"""HQs, lines of communication and supply in a game of the operational family (OQ1-OQ12,
OS1-OS14): what the game keeps between turns and what each turn does with it.

Kept in ``GameState.operational["supply"]`` (saved with the game, checked by
:class:`engine.wego.save_models.OpSupplySave`):

- ``loc``: every unit on the map -> its LOC state, traced at the start of the game and at the
  end of each turn (OQ7), read by :func:`engine.wego.op.state.stack_units` into each unit;
- ``pools``: each side's four pools (OS1);
- ``orders``: each side's supply orders for the turn, HQ id -> levels and scope (OS3, OO13):
  the side's planning while it plans, the placed ones once the execution starts;
- ``spent``: what the placed orders cost each side this turn (OS7, OS11), set when the
  execution starts;
- ``parents``: division HQs moved to another corps in play (OO16), HQ id -> its new corps.

A game saved before this state existed opens it on first use with a fresh trace and the
scenario's starting pools, as a new game does.
"""

from __future__ import annotations

import weakref
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any, cast

import numpy as np

from ...operational import OpUnit
from ...operational.hq import CommandTree, lose_hq
from ...operational.loc import LocNetwork, LocTrace, trace, with_loc
from ...operational.movement import SupplyLevel
from ...operational.supply import (
    BASIC,
    Pool,
    SupplyOrder,
    UnitSupply,
    levels,
    reserve,
    starting_pools,
)
from ...operational.upkeep import end_of_turn_supply
from . import handicap, logistics, state

if TYPE_CHECKING:
    from ...game import Game

_NETWORKS: weakref.WeakKeyDictionary[Game, dict[bool, LocNetwork]] = weakref.WeakKeyDictionary()
"""Per game, its truck networks by whether the rivers are frozen (OW1), each for the board
it was priced on (engineers change the board: OE2, OE5-OE7)."""
_TREES: weakref.WeakKeyDictionary[Game, tuple[tuple[tuple[str, str], ...], CommandTree]] = (
    weakref.WeakKeyDictionary()
)
_BASE_TREES: weakref.WeakKeyDictionary[Game, CommandTree] = weakref.WeakKeyDictionary()
_TRACES: weakref.WeakKeyDictionary[Game, tuple[str, dict[str, LocTrace]]] = (
    weakref.WeakKeyDictionary()
)

POOL_KEYS = ("fuel", "ammo", "personnel", "equipment")


# -- the game's fixed parts ----------------------------------------------------------------------


def network(game: Game) -> LocNetwork:
    """The supply-truck network of the game's board (OQ4) in the turn's weather (frozen
    rivers are crossed, OW1), each kind priced once per game; an empty one when no side has
    HQs (nothing is traced, so the board's steps are not priced)."""
    frozen = state.clock(game).frozen
    kept = _NETWORKS.setdefault(game, {})
    board = state.board_of(game)
    found = kept.get(frozen)
    if found is None or found.board is not board:
        command = tree(game)
        if any(command.plays_loc(side) for side in game.sides_in_play):
            found = LocNetwork.of(board, frozen=frozen)
        else:
            none = np.zeros(0, dtype=np.int32)
            found = LocNetwork(board, none, none, np.zeros(0, dtype=np.float64))
        kept[frozen] = found
    return found


def tree(game: Game) -> CommandTree:
    """The order of battle as it stands: the scenario's, with the task-organization moves
    made in play (OO16)."""
    base = _BASE_TREES.get(game)
    if base is None:
        base = CommandTree.of(game.scenario)
        # OU12: a unit's parts report to its HQ.
        parts = {p.id: base.parent.get(p.parent) for p in game.world.parts.values()}
        attached = {u: hq for u, hq in parts.items() if hq is not None}
        base = _BASE_TREES[game] = base.with_units(attached) if attached else base
    moves = tuple(sorted(data(game)["parents"].items()))
    if not moves:
        return base
    cached = _TREES.get(game)
    if cached is not None and cached[0] == moves:
        return cached[1]
    moved = base
    for hq, corps in moves:
        # Only division HQs move, each under a corps of its own army (OO16): the moves do not
        # depend on each other, so their order does not matter.
        if not moved.reassign_refusal(hq, corps):
            moved = moved.reassign(hq, corps)
    _TREES[game] = (moves, moved)
    return moved


# -- the kept state ------------------------------------------------------------------------------


def data(game: Game) -> dict[str, Any]:
    """``GameState.operational["supply"]``, opened (traced, pools filled) on first use."""
    operational = state.data(game)
    found = operational.get("supply")
    if found is None:
        found = operational["supply"] = {
            "loc": {},
            "pools": {side: _pool_json(p) for side, p in sorted(_start_pools(game).items())},
            "orders": {},
            "spent": {},
            "parents": {},
        }
        units = state.units(game)  # every unit Supported until the first trace
        traced = with_loc(units, _trace_all(game, units).values())
        found["loc"] = {u: traced[u].loc for u in sorted(traced)}
    return found


def _start_pools(game: Game) -> dict[str, Pool]:
    return starting_pools(state.board_of(game).rules)


def loc_of(game: Game, unit_id: str) -> str | None:
    """The unit's kept LOC state (``None`` before the first trace or for a unit never
    traced: :func:`engine.wego.op.state.stack_units` reads it as Supported)."""
    operational = game.state.operational
    if operational is None:
        return None
    kept = operational.get("supply")
    return None if kept is None else kept["loc"].get(unit_id)


def pool(game: Game, side: str) -> Pool:
    """The side's pools now (OS1; under the ``minus`` AI handicap without supply points,
    OT11)."""
    raw = data(game)["pools"].get(side)
    held = Pool(*(raw[k] for k in POOL_KEYS)) if raw is not None else Pool()
    return handicap.pool(game, side, held)


def spendable(game: Game, side: str) -> Pool:
    """What the side's supply orders may spend: its pools, with supply points beyond any
    order's price under the ``plus`` AI handicap (OT11)."""
    held = pool(game, side)
    if handicap.free_supply(game, side):
        return Pool(UNLIMITED, UNLIMITED, held.personnel, held.equipment)
    return held


UNLIMITED = 1e12
"""OT11 ``plus``: supply points no order of a turn can use up (never stored)."""


def _pool_json(value: Pool) -> dict[str, float]:
    return {k: round(v, 6) for k, v in zip(POOL_KEYS, value.as_tuple(), strict=True)}


def order_json(order: SupplyOrder) -> dict[str, Any]:
    return {
        "move_plus": order.move_plus,
        "combat_plus": order.combat_plus,
        "replacements": order.replacements,
        "scope": order.scope,
    }


def orders(game: Game, side: str) -> list[SupplyOrder]:
    """The side's supply orders for this turn, by HQ id."""
    kept = data(game)["orders"].get(side, {})
    return [
        SupplyOrder(hq, o["move_plus"], o["combat_plus"], o["replacements"], o["scope"])
        for hq, o in sorted(kept.items())
    ]


def set_order(game: Game, side: str, order: SupplyOrder) -> None:
    data(game)["orders"].setdefault(side, {})[order.hq] = order_json(order)


def drop_order(game: Game, side: str, hq: str) -> None:
    kept = data(game)["orders"].get(side, {})
    kept.pop(hq, None)
    if not kept:
        data(game)["orders"].pop(side, None)


def reassign(game: Game, hq: str, corps: str) -> None:
    """OO16: ``hq`` reports to ``corps`` from now on (checked by the caller)."""
    parents = data(game)["parents"]
    parents[hq] = corps
    base = _BASE_TREES.get(game) or CommandTree.of(game.scenario)
    if base.parent.get(hq) == corps:
        del parents[hq]  # back under its first corps: the scenario's tree again


# -- the levels of the turn (OS3-OS6) ------------------------------------------------------------


def _on_map(game: Game) -> set[str]:
    return {u for stack in game.state.stacks.values() for u in stack.units}


def covered(game: Game, side: str) -> dict[str, UnitSupply]:
    """OS3, OS8, OQ11, OS16: the levels the side's orders and its logistics missions give
    its units this turn."""
    # levels() only asks which units are on the map: their ids are enough.
    alive = cast("Mapping[str, OpUnit]", dict.fromkeys(_on_map(game)))
    found = levels(tree(game), alive, orders(game, side))
    extra = logistics.covered(game, side)
    for unit, level in extra.items():
        found[unit] = found.get(unit, BASIC) | level
    return found


def movement_level(game: Game, unit: OpUnit) -> SupplyLevel:
    """OS4, OS5, OS16: the level ``effective_mp`` reads for ``unit``: Move+ when an order
    or a logistics mission of its side covers it, else Basic; a side without HQs moves at
    ``turns.supply`` (choice, as before HQs were played) unless a logistics mission covers
    it."""
    if not tree(game).plays_loc(unit.side):  # OS16: a logistics mission still brings Move+
        if logistics.covered(game, unit.side).get(unit.id, BASIC).move_plus:
            return "move_plus"
        return state.board_of(game).rules.turns.supply
    return "move_plus" if covered(game, unit.side).get(unit.id, BASIC).move_plus else "basic"


def combat_plus(game: Game, attackers: Iterable[str]) -> frozenset[str]:
    """OS6: the attackers an order of their side covers with Combat+."""
    ids = list(attackers)
    sides = {game.state.units[u].side for u in ids if u in game.state.units}
    plus: set[str] = set()
    for side in sides:
        plus |= {u for u, level in covered(game, side).items() if level.combat_plus}
    return frozenset(u for u in ids if u in plus)


# -- the turn ------------------------------------------------------------------------------------


def reserve_all(game: Game) -> None:
    """OS7, OS11: as the execution starts, every side's orders are taken from its pools; an
    order the pools cannot pay is refused (``op_supply_refused``) and gone."""
    kept = data(game)
    rules = state.board_of(game).rules
    units = state.units(game)
    command = tree(game)
    for side in sorted(kept["orders"]):
        before = spendable(game, side)
        left, placed, refused = reserve(rules, command, units, orders(game, side), before)
        if handicap.free_supply(game, side):  # OT11 plus: the supply points are not taken
            held = pool(game, side)
            before = held
            left = Pool(held.fuel, held.ammo, left.personnel, left.equipment)
        kept["pools"][side] = _pool_json(left)
        kept["spent"][side] = _pool_json(before - left)
        kept["orders"][side] = {o.hq: order_json(o) for o in placed}
        for order, reason in refused:
            game.record("op_supply_refused", side_id=side, hq=order.hq, reason=reason)


def close_turn(
    game: Game,
    units: Mapping[str, OpUnit],
    moved: Iterable[str],
    *,
    interdiction_lost: Mapping[str, Pool] | None = None,
    loc_cut: Mapping[str, float] | None = None,
    air_supplied: Mapping[str, Mapping[int, float]] | None = None,
) -> None:
    """OT8, supply part: the units of HQs destroyed this turn lose a quality level (OQ11),
    replacements (OS13), every side's LOC traced again (OQ4-OQ11, cut by the enemy's
    interdiction: OA10; airfields supplied by air this turn feeding as OS15 says), the
    arrival of points less what interdiction took (OS1, OA10), one
    ``op_supply`` record per side, and every HQ back to Basic (OS3). ``units``: every unit
    on the map after the turn's rest."""
    kept = data(game)
    units = _lose_hqs(game, units)
    placed = {side: orders(game, side) for side in kept["orders"]}
    pools = {side: pool(game, side) for side in kept["pools"]}
    spent = {side: Pool(*(v[k] for k in POOL_KEYS)) for side, v in kept["spent"].items()}
    turn = end_of_turn_supply(
        network(game),
        tree(game),
        units,
        pools,
        placed,
        moved=moved,
        spent=spent,
        interdiction_lost=interdiction_lost,
        loc_cut=loc_cut,
        air_supplied=air_supplied,
        supplied=_logistics_levels(game),
    )
    for unit_id, unit in turn.units.items():
        if unit.strength != units[unit_id].strength:
            state.store(game, unit)
    kept["loc"] = {u: turn.units[u].loc for u in sorted(turn.units)}
    kept["pools"] = {side: _pool_json(p) for side, p in sorted(turn.pools.items())}
    for side in kept["pools"]:  # OT11 minus: no supply points later either
        kept["pools"][side] = _pool_json(pool(game, side))
    kept["orders"], kept["spent"] = {}, {}
    _TRACES[game] = (_key(game), turn.traces)
    for record in turn.records:
        body = {k: v for k, v in record.items() if k not in ("type", "side")}
        if handicap.of(game, record["side"]) == "minus":  # OT11: no supply points come in
            for key in ("pools", "arrival"):
                values = body.get(key)
                if isinstance(values, dict):
                    body[key] = {**values, "fuel": 0.0, "ammo": 0.0}
        game.record("op_supply", side_id=record["side"], **body)


def _logistics_levels(game: Game) -> dict[str, UnitSupply]:
    """OS16: every side's logistics levels of the turn (each unit has one side)."""
    out: dict[str, UnitSupply] = {}
    for side in game.sides_in_play:
        out.update(logistics.covered(game, side))
    return out


def _lose_hqs(game: Game, units: Mapping[str, OpUnit]) -> Mapping[str, OpUnit]:
    """OQ11: each HQ destroyed since the last trace costs its attached units a quality level
    (at the end of the turn, choice); one ``op_hq_lost`` record per HQ."""
    command = tree(game)
    out = dict(units)
    for hq in sorted(data(game)["loc"]):
        held = game.state.units.get(hq)
        if not command.is_hq(hq) or hq in units or held is None or held.status != "eliminated":
            continue
        dropped = lose_hq(command, out, hq)
        for unit in dropped.values():
            state.store(game, unit, quality=True)
        out.update(dropped)
        game.record("op_hq_lost", hq=hq, units={u: dropped[u].quality for u in sorted(dropped)})
    return out


def _trace_all(game: Game, units: Mapping[str, OpUnit]) -> dict[str, LocTrace]:
    net, command = network(game), tree(game)
    return {side: trace(net, command, units, side) for side in game.sides_in_play}


def _key(game: Game) -> str:
    """What a kept trace was made from: the places and the tree."""
    places = sorted((s.region, *s.units) for s in game.state.stacks.values())
    return repr((places, sorted(data(game)["parents"].items())))


def traces(game: Game) -> dict[str, LocTrace]:
    """Every side's lines of communication as the map stands now (the reach of each HQ, each
    unit's feeder): the end of turn's trace while nothing moved since, else a fresh one with
    the kept states (OQ12)."""
    key = _key(game)
    cached = _TRACES.get(game)
    if cached is not None and cached[0] == key:
        return cached[1]
    found = _trace_all(game, state.units(game))
    _TRACES[game] = (key, found)
    return found
