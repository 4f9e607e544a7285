"""What a view asks about HQs, lines of communication, supply and assets (OQ12, OS3, OA15,
OF11): one object built per planning phase, so no view re-derives a rule.

    view = LogisticsView.of(network, tree, units, turn=3, orders={"red": [...]},
                            asset_states=states)
    view.loc_state("inf1"); view.supply_level("inf1"); view.hq_of("inf1")
    view.assets_now("red"); view.order_cost(SupplyOrder("div", move_plus=True)); view.reach("div")
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

import numpy as np

from schemas.operational.assets import Asset

from .assets import AssetState, Availability, asset_states, availability, available
from .hq import CommandTree
from .loc import LocNetwork, LocTrace, c2_modifier, combat_multiplier, trace
from .supply import BASIC, Pool, SupplyOrder, UnitSupply, levels, order_cost, order_refusal
from .units import LocState, OpUnit


@dataclass(frozen=True)
class LogisticsView:
    """HQ, LOC, supply and asset answers for one moment of a game."""

    network: LocNetwork
    tree: CommandTree
    units: Mapping[str, OpUnit]
    traces: Mapping[str, LocTrace]
    covered: Mapping[str, UnitSupply]
    turn: int
    night: bool
    assets: Mapping[str, AssetState] = field(default_factory=dict)

    @classmethod
    def of(
        cls,
        network: LocNetwork,
        tree: CommandTree,
        units: Mapping[str, OpUnit],
        *,
        turn: int,
        night: bool = False,
        orders: Mapping[str, Iterable[SupplyOrder]] | None = None,
        asset_states: Mapping[str, AssetState] | None = None,
        loc_cut: Mapping[str, float] | None = None,
    ) -> LogisticsView:
        """Trace every side now (the units' positions as given) and read the orders placed."""
        sides = sorted({u.side for u in units.values()})
        traces = {
            side: trace(network, tree, units, side, cut=(loc_cut or {}).get(side, 0.0))
            for side in sides
        }
        placed = [o for side_orders in (orders or {}).values() for o in side_orders]
        return cls(
            network,
            tree,
            units,
            traces,
            levels(tree, units, placed),
            turn,
            night,
            dict(asset_states) if asset_states is not None else _fresh(network),
        )

    # -- units -----------------------------------------------------------------------------------

    def loc_state(self, unit_id: str) -> LocState:
        """OQ7: the unit's LOC state (OQ12's outline colour)."""
        unit = self.units[unit_id]
        found = self.traces.get(unit.side)
        return found.of(unit_id) if found is not None else "supported"

    def fed_by(self, unit_id: str) -> str | None:
        """What feeds the unit: an HQ id, ``source:<hex>``, ``depot:<hex>``, ``airfield:<hex>``
        (``None`` when cut off)."""
        unit = self.units[unit_id]
        found = self.traces.get(unit.side)
        return found.fed_by.get(unit_id) if found is not None else None

    def supply_level(self, unit_id: str) -> UnitSupply:
        """OS3: the levels covering the unit this turn (OF11's supply overlay)."""
        return self.covered.get(unit_id, BASIC)

    def hq_of(self, unit_id: str) -> str | None:
        """OQ1: the unit's parent HQ."""
        return self.tree.hq_of(unit_id)

    def chain(self, unit_id: str) -> tuple[str, ...]:
        """OF11: the HQs above the unit, nearest first (the HQ chain overlay)."""
        return self.tree.chain(unit_id)

    def combat_multiplier(self, unit_id: str) -> float:
        """Table OQ9: attack and defence from the unit's LOC state."""
        return combat_multiplier(self.network.board, self.loc_state(unit_id))

    def c2_modifier(self, unit_id: str) -> int:
        """Table OQ9, OM18: the LOC state's part of the C2 chance."""
        return c2_modifier(self.network.board, self.loc_state(unit_id))

    # -- HQs and supply orders -------------------------------------------------------------------

    def reach(self, hq: str) -> np.ndarray:
        """OQ12: per hex, 2 in the HQ's Supported band, 1 in its Extended band, 0 beyond."""
        found = self.traces.get(self.units[hq].side)
        if found is None:
            return np.zeros(self.network.board.grid.count, dtype=np.int8)
        return found.reach(hq)

    def order_cost(self, order: SupplyOrder) -> Pool:
        """OS9, OS14: what an order would cost (the orders panel shows it before it is set)."""
        return order_cost(self.network.board.rules, self.tree, self.units, order)

    def order_refusal(self, order: SupplyOrder, pool: Pool) -> str:
        """OS8, OS11: why the order may not be placed with ``pool`` left (empty: it may)."""
        return order_refusal(self.network.board.rules, self.tree, self.units, order, pool)

    # -- assets ----------------------------------------------------------------------------------

    def assets_now(self, side: str) -> list[Asset]:
        """OA15: the side's assets free to act this turn."""
        return available(self.network.board.rules, self.assets, side, self.turn, night=self.night)

    def asset_availability(self, asset_id: str) -> Availability:
        """OA15: whether an asset may act this turn, and the turns until it may."""
        table = self.network.board.rules.assets
        asset = table.asset(asset_id)
        if asset is None or asset_id not in self.assets:
            raise KeyError(asset_id)
        return availability(table, asset, self.assets[asset_id], self.turn, night=self.night)


def _fresh(network: LocNetwork) -> dict[str, AssetState]:
    return asset_states(network.board.rules)
