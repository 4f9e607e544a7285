"""Zones of control (OM10-OM13, OW5): the value a side exerts on each hex, and what entering
an enemy zone costs a mover.

OM10: a side's ZOC value of a hex is the sum, over its ground units in the hex and in the six
hexes around it, of each unit's SP adjusted by its quality (Table OU3) and by a cut line of
communication, never below 0 per unit; nothing reaches across a side that blocks it (an
unbreached minefield); the total halves at night, but for the units that act as by day
(OW3, OU15: night capable, ready). The whole map is computed at once with
numpy (docs/performance.md: a side on 3,000 hexes with 300 units).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np

from schemas.operational.rules import OperationalRules

from .board import OpBoard
from .night import night_for
from .units import OpUnit, stacking_points


def exerted(rules: OperationalRules, unit: OpUnit) -> float:
    """OM10: what one unit adds to the ZOC of its hex and the hexes around it."""
    value = stacking_points(rules, unit) + rules.quality.of(unit.quality).zoc_adjustment
    if unit.cut_off:
        value += rules.zoc.isolated_adjustment
    return max(0.0, value)


@dataclass(frozen=True)
class ZocField:
    """The zone of control one side exerts over the whole map."""

    board: OpBoard
    side: str
    own: np.ndarray
    """Per hex: what the side's units standing in it exert (OM10, before night)."""
    values: np.ndarray
    """Per hex: the side's ZOC value there (night already applied)."""

    def value(self, hex_index: int) -> float:
        return float(self.values[hex_index])

    def sources(self, hex_index: int) -> frozenset[int]:
        """The hexes whose units put ``hex_index`` in this ZOC (OM13)."""
        found = {hex_index} if self.own[hex_index] > 0 else set()
        reach = ~self.board.zoc_blocked[hex_index]
        for d, neighbour in enumerate(self.board.neighbours[hex_index].tolist()):
            if neighbour >= 0 and reach[d] and self.own[neighbour] > 0:
                found.add(neighbour)
        return frozenset(found)


def zoc(board: OpBoard, units: Iterable[OpUnit], side: str, *, night: bool = False) -> ZocField:
    """OM10: the ZOC ``side`` exerts on every hex of the board."""
    return _field(board, [u for u in units if u.side == side], side, night)


def enemy_zoc(
    board: OpBoard, units: Iterable[OpUnit], side: str, *, night: bool = False
) -> ZocField:
    """The ZOC every side but ``side`` exerts, as one zone (what a mover of ``side`` meets)."""
    return _field(board, [u for u in units if u.side != side], f"not {side}", night)


def _field(board: OpBoard, mine: list[OpUnit], side: str, night: bool) -> ZocField:
    rules = board.rules
    count = board.grid.count
    hexes = np.fromiter((u.hex for u in mine), dtype=np.int64, count=len(mine))
    weights = np.fromiter((exerted(rules, u) for u in mine), dtype=np.float64, count=len(mine))
    own = np.bincount(hexes, weights=weights, minlength=count).astype(np.float64)
    cut = own
    if night:  # OW5; a unit acting as by day keeps its whole zone (OW3, OU15)
        factor = rules.zoc.night_multiplier
        kept = np.fromiter(
            (1.0 if not night_for(rules, u, "zoc", night) else factor for u in mine),
            dtype=np.float64,
            count=len(mine),
        )
        cut = np.bincount(hexes, weights=weights * kept, minlength=count).astype(np.float64)
    padded = np.append(cut, 0.0)  # index ``count`` stands for "off the map"
    neighbours = board.neighbours
    around = padded[np.where(neighbours >= 0, neighbours, count)]
    around[board.zoc_blocked] = 0.0
    values = cut + around.sum(axis=1)
    return ZocField(board, side, own, values)


def zoc_value(
    board: OpBoard, units: Iterable[OpUnit], hex_id: str, side: str, *, night: bool = False
) -> float:
    """The ZOC value ``side`` exerts on one hex (the hex popup, OF10, and the overlay)."""
    return zoc(board, units, side, night=night).value(board.index(hex_id))


def entry_cost(
    rules: OperationalRules,
    mover: OpUnit,
    enemy_value: float,
    *,
    night: bool = False,
    friendly_holder: bool = False,
) -> float:
    """OM11, OM12, OW5: MP the enemy ZOC adds to the cost of entering a hex.

    The enemy's value, adjusted by the mover's quality (and a recce's bonus), floored at the
    table's minimum; halved at night for infiltrating types; then capped (choice: the cap
    holds after the adjustment, so no mover pays more than it). Nothing when the hex is in
    no enemy zone, or a friendly unit that stays put this turn holds it.
    """
    table = rules.zoc
    if enemy_value <= 0 or (friendly_holder and table.friendly_holder_exempts):
        return 0.0
    cost = enemy_value + rules.quality.of(mover.quality).zoc_entry_adjustment
    if mover.category == "recce":
        cost += table.recce_entry_adjustment
    cost = max(table.minimum_entry_cost, cost)
    if night and mover.category in table.infiltrators:
        cost *= table.night_infiltration
    return float(min(cost, table.entry_cap))


def slides(field: ZocField, from_hex: int, to_hex: int) -> bool:
    """OM13: going from ``from_hex`` to ``to_hex`` moves along the front of the same enemy
    units: both hexes are in the enemy zone and no enemy unit puts the new hex in it that did
    not already reach the old one. Units that exert nothing have no zone, so never count."""
    if field.values[from_hex] <= 0 or field.values[to_hex] <= 0:
        return False
    return not (field.sources(to_hex) - field.sources(from_hex))
