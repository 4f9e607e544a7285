"""The supply side of the end of a turn (OT8, OS1, OS3, OS7, OS13, OQ7-OQ11): one call for the
WEGO execution.

:func:`end_of_turn_supply` applies replacements, traces every side's lines of communication
and writes the new states into the units, adds each side's arrival of points (less enemy
interdiction) and writes one ``op_supply`` record per side. The contract (what the caller
passes, what it keeps) is in docs/rules-operational.md, "Supply at the end of a turn".
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Literal, TypedDict

from .hq import CommandTree
from .loc import LocNetwork, LocTrace, trace, with_loc
from .supply import BASIC, Pool, SupplyOrder, UnitSupply, arrival, levels, replacements
from .units import OpUnit


class LocChange(TypedDict):
    unit: str
    before: str
    after: str


class OpSupplyRecord(TypedDict):
    """OF8, OF9: one side's supply at the end of a turn."""

    type: Literal["op_supply"]
    side: str
    spent: dict[str, float]
    """Points its orders cost this turn (fuel, ammo, personnel, equipment)."""
    arrival: dict[str, float]
    """Points that arrived for next turn, after interdiction."""
    pools: dict[str, float]
    """Its pools for next turn."""
    replacements: dict[str, float]
    """Strength each unit gained (OS13)."""
    loc: dict[str, int]
    """How many of its units and HQs are in each LOC state."""
    changed: list[LocChange]
    """Units whose LOC state changed."""


@dataclass(frozen=True)
class SupplyTurn:
    """What the end of a turn leaves, for the caller to keep."""

    units: dict[str, OpUnit]
    """Every unit, with replacements applied and its new LOC state."""
    pools: dict[str, Pool]
    """Each side's pools for the next turn."""
    traces: dict[str, LocTrace]
    """Each side's lines of communication (the overlays and queries of the next planning)."""
    records: list[OpSupplyRecord] = field(default_factory=list)
    """One ``op_supply`` record per side."""


def end_of_turn_supply(
    network: LocNetwork,
    tree: CommandTree,
    units: Mapping[str, OpUnit],
    pools: Mapping[str, Pool],
    orders: Mapping[str, Iterable[SupplyOrder]],
    *,
    moved: Iterable[str] = (),
    spent: Mapping[str, Pool] | None = None,
    interdiction_lost: Mapping[str, Pool] | None = None,
    loc_cut: Mapping[str, float] | None = None,
    air_supplied: Mapping[str, Iterable[int] | Mapping[int, float]] | None = None,
    supplied: Mapping[str, UnitSupply] | None = None,
) -> SupplyTurn:
    """OT8, supply part, after movement, battles and readiness (:func:`.readiness.end_of_turn`
    reads the states of the turn that ends, so it runs first).

    ``units``: every unit on the map by id (destroyed ones removed); ``pools``: each side's
    pools after :func:`.supply.reserve` took the turn's orders; ``orders``: each side's placed
    orders (they expire here: every HQ is back at Basic next turn, OS3); ``moved``: ids of
    units that moved; ``spent``: what each side's orders cost (for the record, OF9);
    ``interdiction_lost``: points the enemy's interdiction takes from each side's arrival;
    ``loc_cut``: the enemy's interdiction cut to each side's division-and-higher ranges, in
    percent; ``air_supplied``: hexes of each side's airfields supplied by air this turn
    (or those hexes to the transport's supply range, OS15); ``supplied``: the levels
    logistics missions gave units this turn (OS16), added to the orders'."""
    rules = network.board.rules
    everyone = [o for side_orders in orders.values() for o in side_orders]
    covered = levels(tree, units, everyone)
    for unit_id, level in (supplied or {}).items():
        covered[unit_id] = covered.get(unit_id, BASIC) | level
    after, gained = replacements(rules, units, covered, moved)
    sides = sorted({u.side for u in after.values()} | set(pools) | set(orders))
    traces = {
        side: trace(
            network,
            tree,
            after,
            side,
            cut=(loc_cut or {}).get(side, 0.0),
            air_supplied=(air_supplied or {}).get(side, ()),
        )
        for side in sides
    }
    traced = with_loc(after, traces.values())
    next_pools: dict[str, Pool] = {}
    records: list[OpSupplyRecord] = []
    for side in sides:
        came = arrival(rules, side, (interdiction_lost or {}).get(side))
        next_pools[side] = pools.get(side, Pool()) + came
        changed: list[LocChange] = [
            {"unit": u, "before": units[u].loc, "after": traced[u].loc}
            for u in sorted(traced)
            if traced[u].side == side and u in units and units[u].loc != traced[u].loc
        ]
        counts: dict[str, int] = {}
        for state in traces[side].state.values():
            counts[state] = counts.get(state, 0) + 1
        used = (spent or {}).get(side, Pool())
        records.append(
            {
                "type": "op_supply",
                "side": side,
                "spent": _points(used),
                "arrival": _points(came),
                "pools": _points(next_pools[side]),
                "replacements": {u: g for u, g in sorted(gained.items()) if after[u].side == side},
                "loc": counts,
                "changed": changed,
            }
        )
    return SupplyTurn(traced, next_pools, traces, records)


def _points(pool: Pool) -> dict[str, float]:
    return {
        "fuel": pool.fuel,
        "ammo": pool.ammo,
        "personnel": pool.personnel,
        "equipment": pool.equipment,
    }
