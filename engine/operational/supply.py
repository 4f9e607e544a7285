"""Supply levels, point pools and replacements (OS1-OS14, OS17, OQ11).

A side's HQs buy levels for a turn with :class:`SupplyOrder` (Move+, Combat+, Repl+10%, for the
HQ with its direct attachments or with everything below it). :func:`order_cost` prices an order
from Tables OS9 and OS14 (per 10 SP of the units it covers, a part counting whole, plus the
echelon surcharges); :func:`order_refusal` says why an order may not be placed (OS8, OS11);
:func:`reserve` takes a side's orders out of its pools when it ends planning (OS11).
:func:`levels` gives each unit the levels that cover it; :func:`movement_level` and
:func:`combat_plus_units` turn them into what :func:`~.movement.effective_mp` and
:class:`~.odds.AttackSpec` read; :func:`replacements` applies Repl+ at the end of the turn.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace

from schemas.operational.hq import HqSupplyType
from schemas.operational.rules import OperationalRules
from schemas.operational.supply import Points

from .hq import CommandTree, Scope
from .movement import SupplyLevel
from .units import OpUnit, stacking_points


@dataclass(frozen=True)
class Pool:
    """OS1: a side's four pools, or an amount taken from them."""

    fuel: float = 0.0
    ammo: float = 0.0
    personnel: float = 0.0
    equipment: float = 0.0

    @classmethod
    def of(cls, points: Points) -> Pool:
        return cls(points.fuel, points.ammo, points.personnel, points.equipment)

    def __add__(self, other: Pool) -> Pool:
        return Pool(
            self.fuel + other.fuel,
            self.ammo + other.ammo,
            self.personnel + other.personnel,
            self.equipment + other.equipment,
        )

    def __sub__(self, other: Pool) -> Pool:
        return Pool(
            self.fuel - other.fuel,
            self.ammo - other.ammo,
            self.personnel - other.personnel,
            self.equipment - other.equipment,
        )

    def covers(self, cost: Pool) -> bool:
        """Every pool holds at least what ``cost`` takes."""
        return all(
            have + 1e-9 >= need for have, need in zip(self.as_tuple(), cost.as_tuple(), strict=True)
        )

    def floored(self) -> Pool:
        """No pool below 0 (OA11: a turn's arrival never goes negative)."""
        return Pool(*(max(0.0, v) for v in self.as_tuple()))

    def as_tuple(self) -> tuple[float, float, float, float]:
        return (self.fuel, self.ammo, self.personnel, self.equipment)


@dataclass(frozen=True)
class SupplyOrder:
    """OO13: what one HQ buys for the turn."""

    hq: str
    move_plus: bool = False
    combat_plus: bool = False
    replacements: bool = False
    """Repl+10% (OS13)."""
    scope: Scope = "direct"
    """The HQ with its direct attachments, or (``all``) with everything below it."""


@dataclass(frozen=True)
class UnitSupply:
    """The levels covering one unit this turn (all ``False``: Basic, OS3)."""

    move_plus: bool = False
    combat_plus: bool = False
    replacements: bool = False

    def __or__(self, other: UnitSupply) -> UnitSupply:
        """The levels of either (a level given twice is one level: an HQ's order and a
        logistics mission, OS16)."""
        return UnitSupply(
            self.move_plus or other.move_plus,
            self.combat_plus or other.combat_plus,
            self.replacements or other.replacements,
        )


BASIC = UnitSupply()


def starting_pools(rules: OperationalRules) -> dict[str, Pool]:
    """OS1: each side's stock at the start (a side without a row has none)."""
    return {row.side: Pool.of(row.stock) for row in rules.supply.pools}


def arrival(rules: OperationalRules, side: str, lost: Pool | None = None) -> Pool:
    """OS1, OA10, OA11: the side's points for a new turn, less what enemy interdiction takes
    (``lost``), never below 0."""
    row = next((p for p in rules.supply.pools if p.side == side), None)
    found = Pool.of(row.arrival) if row is not None else Pool()
    return (found - lost).floored() if lost is not None else found


# -- what an order costs (OS9-OS11, OS14) --------------------------------------------------------


def _counted(tree: CommandTree, units: Mapping[str, OpUnit], hq: str) -> list[OpUnit]:
    # OS11: only units on the map count (``units`` holds them; arrivals, withdrawn and
    # destroyed units are absent).
    return [units[u] for u in tree.under(hq, "direct") if u in units]


def hq_type(
    rules: OperationalRules,
    tree: CommandTree,
    units: Mapping[str, OpUnit],
    hq: str,
    level: str,
) -> HqSupplyType:
    """OS10: the HQ's cost row for ``level`` (``move_plus``, ``combat_plus`` or
    ``replacements``): its entry's own, or the costliest row among the units directly
    attached to it (an HQ with none is non-motorized)."""
    entry = tree.entries.get(hq)
    if entry is not None and entry.supply_type is not None:
        return entry.supply_type
    supply = rules.supply
    kinds = {supply.type_of(u.category) for u in _counted(tree, units, hq) if u.id != hq}
    if not kinds:
        return "non_motorized"

    def price(kind: HqSupplyType) -> float:
        if level == "replacements":
            row = getattr(supply.replacements, kind)
            return float(row.personnel + row.equipment)
        return float(getattr(getattr(supply.costs, kind), level))

    return max(sorted(kinds), key=price)


def _steps(rules: OperationalRules, units: Iterable[OpUnit]) -> int:
    sp = sum(stacking_points(rules, u) for u in units)
    return math.ceil(sp / rules.supply.sp_per_step - 1e-9) if sp > 0 else 0


def _surcharge_row(tree: CommandTree, hq: str) -> str | None:
    echelon = tree.echelon.get(hq)
    if echelon in ("division", "corps", "army"):
        return echelon
    return "army" if echelon == "front" else None


def hq_cost(
    rules: OperationalRules,
    tree: CommandTree,
    units: Mapping[str, OpUnit],
    hq: str,
    order: SupplyOrder,
) -> Pool:
    """OS9, OS14: what ``order``'s levels cost for one HQ and its direct attachments."""
    supply = rules.supply
    covered = _counted(tree, units, hq)
    steps = _steps(rules, covered)
    if steps == 0:
        return Pool()
    fuel = ammo = personnel = equipment = 0.0
    surcharge = _surcharge_row(tree, hq)
    per_steps = steps if supply.costs.surcharge_per_10_sp else 1
    if order.move_plus:
        fuel += (
            steps * getattr(supply.costs, hq_type(rules, tree, units, hq, "move_plus")).move_plus
        )
        if surcharge is not None:
            fuel += per_steps * getattr(supply.costs, surcharge).move_plus
    if order.combat_plus:
        kind = hq_type(rules, tree, units, hq, "combat_plus")
        ammo += steps * getattr(supply.costs, kind).combat_plus
        if surcharge is not None:
            ammo += per_steps * getattr(supply.costs, surcharge).combat_plus
    if order.replacements:
        table = supply.replacements
        kind = hq_type(rules, tree, units, hq, "replacements")
        own = getattr(table, kind)
        if surcharge is not None and not table.hq_rows_are_surcharges:
            own = getattr(table, surcharge)
        personnel += steps * own.personnel
        equipment += steps * own.equipment
        if surcharge is not None and table.hq_rows_are_surcharges:
            personnel += getattr(table, surcharge).personnel
            equipment += getattr(table, surcharge).equipment
    return Pool(fuel, ammo, personnel, equipment)


def order_cost(
    rules: OperationalRules,
    tree: CommandTree,
    units: Mapping[str, OpUnit],
    order: SupplyOrder,
) -> Pool:
    """OS9, OS11, OS14: an order's price: for ``direct``, the HQ's own; for ``all``, each HQ
    below it on the map pays its own row for its own attachments, with its own surcharge
    (choice)."""
    hqs = [order.hq]
    if order.scope == "all":
        hqs = [u for u in tree.under(order.hq, "all") if tree.is_hq(u)]
    total = Pool()
    for hq in hqs:
        if hq in units:
            total = total + hq_cost(rules, tree, units, hq, order)
    return total


def order_refusal(
    rules: OperationalRules,
    tree: CommandTree,
    units: Mapping[str, OpUnit],
    order: SupplyOrder,
    pool: Pool,
) -> str:
    """OS8, OS11: why ``order`` may not be placed with ``pool`` left (empty when it may)."""
    hq = units.get(order.hq)
    if hq is None or not tree.is_hq(order.hq):
        return f"'{order.hq}' is not an HQ on the map"
    if not (order.move_plus or order.combat_plus or order.replacements):
        return "the order buys nothing (Basic is free)"
    if hq.loc not in ("supported", "extended"):
        return f"an {hq.loc} HQ stays at Basic supply (OS8)"
    if not pool.covers(order_cost(rules, tree, units, order)):
        return "the side's pools are short of the points this order costs (OS11)"
    return ""


def reserve(
    rules: OperationalRules,
    tree: CommandTree,
    units: Mapping[str, OpUnit],
    orders: Iterable[SupplyOrder],
    pool: Pool,
) -> tuple[Pool, list[SupplyOrder], list[tuple[SupplyOrder, str]]]:
    """OS7, OS11: a side's orders taken from its pools in their order when it ends planning:
    the pools left, the orders placed, and each refused order with its reason. Points paid
    are gone whether the level is used or not."""
    placed: list[SupplyOrder] = []
    refused: list[tuple[SupplyOrder, str]] = []
    for order in orders:
        reason = order_refusal(rules, tree, units, order, pool)
        if reason:
            refused.append((order, reason))
            continue
        pool = pool - order_cost(rules, tree, units, order)
        placed.append(order)
    return pool, placed, refused


# -- who is covered, and what it does ------------------------------------------------------------


def levels(
    tree: CommandTree, units: Mapping[str, OpUnit], orders: Iterable[SupplyOrder]
) -> dict[str, UnitSupply]:
    """OS3, OS8, OS11, OQ11: each unit's levels this turn (units not listed are at Basic). An
    order covers its HQ and direct attachments, or everything below; a unit whose own HQ is
    destroyed stays at Basic."""
    out: dict[str, UnitSupply] = {}
    for order in orders:
        if order.hq not in units:
            continue
        for unit_id in tree.under(order.hq, order.scope):
            if unit_id not in units:
                continue
            own = tree.hq_of(unit_id)
            if unit_id != order.hq and own is not None and own not in units:
                continue
            have = out.get(unit_id, BASIC)
            out[unit_id] = UnitSupply(
                have.move_plus or order.move_plus,
                have.combat_plus or order.combat_plus,
                have.replacements or order.replacements,
            )
    return out


def movement_level(covered: Mapping[str, UnitSupply], unit_id: str) -> SupplyLevel:
    """OS4, OS5: what :func:`~.movement.effective_mp` reads for the unit."""
    return "move_plus" if covered.get(unit_id, BASIC).move_plus else "basic"


def combat_plus_units(covered: Mapping[str, UnitSupply]) -> frozenset[str]:
    """OS6: the ids :class:`~.odds.AttackSpec` takes as ``combat_plus``."""
    return frozenset(u for u, level in covered.items() if level.combat_plus)


def replacements(
    rules: OperationalRules,
    units: Mapping[str, OpUnit],
    covered: Mapping[str, UnitSupply],
    moved: Iterable[str],
) -> tuple[dict[str, OpUnit], dict[str, float]]:
    """OS13: every unit under a Repl+ order that did not move and is Supported or Extended
    (a unit fed by a supplied airfield is Extended, OQ10) gains ``replacement_gain``
    strength, never above 100. Returns the units and each unit's gain."""
    still = set(moved)
    gain = rules.supply.replacement_gain
    out = dict(units)
    gained: dict[str, float] = {}
    for unit_id, level in covered.items():
        unit = units.get(unit_id)
        if unit is None or not level.replacements or unit_id in still:
            continue
        if unit.loc not in ("supported", "extended"):
            continue
        new = min(100.0, unit.strength + gain)
        if new > unit.strength:
            gained[unit_id] = new - unit.strength
            out[unit_id] = replace(unit, strength=new)
    return out, gained
