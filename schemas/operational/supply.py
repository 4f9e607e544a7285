"""Supply of the operational family: sources, point pools and the costs of supply levels and
replacements (OS1-OS17, OQ10).

``rules.operational.supply`` holds the per-side supply sources (the hexes every line of
communication starts from, with depots and airfields), each side's four point pools (stock at
the start and arrival per turn), Table OS9 (Move+ in fuel, Combat+ in ammo) and Table OS14
(Repl+10% in personnel and equipment), both per 10 SP of units (a part of 10 counts whole).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from ..base import RegionId, SideId, StrictModel
from .hq import HqSupplyType
from .numbers import Cost, Percent
from .units import Category

PointAmount = Annotated[float, Field(ge=0.0, le=1_000_000.0)]
"""Supply or replacement points."""

SourceKind = Literal["source", "depot", "airfield"]
"""OS2, OQ10: a supply source anchors every LOC; a depot feeds an HQ cut off from its chain;
an airfield (or drop zone) feeds units within its range when it is supplied."""


class Points(StrictModel):
    """OS1: the four pools, or an amount drawn from them."""

    fuel: PointAmount = 0.0
    """Supply points for Move+ (OS5)."""
    ammo: PointAmount = 0.0
    """Supply points for Combat+ (OS6)."""
    personnel: PointAmount = 0.0
    """Replacement points (OS13)."""
    equipment: PointAmount = 0.0
    """Replacement points (OS13)."""


class SidePool(StrictModel):
    """OS1: one side's pools."""

    side: SideId
    """The side."""
    stock: Points = Field(default_factory=Points)
    """Points at the start of the scenario."""
    arrival: Points = Field(default_factory=Points)
    """Points added each turn (less the enemy's interdiction, OA10)."""


class OpSupplySource(StrictModel):
    """OS2, OQ10, OS15: a hex lines of communication start from."""

    hex: RegionId
    """The hex."""
    side: SideId
    """The side it supplies."""
    kind: SourceKind = "source"
    """``source``: any HQ within its own range of it is Supported (OQ5); ``depot``: an HQ
    within its range of it is at most Extended; ``airfield``: units within ``range`` hexes of
    it are at most Extended while it is supplied (OQ10, OS15)."""
    range: Cost = 0.0
    """``airfield`` only: how far (in hexes) it feeds units."""
    supplied: bool = False
    """``airfield`` only: supplied every turn by the scenario; otherwise only on a turn an air
    transport flies a supply mission to it (OS15)."""


class LevelCost(StrictModel):
    """One row of Table OS9: points per 10 SP."""

    move_plus: Cost = 0.0
    """Fuel for Move+."""
    combat_plus: Cost = 0.0
    """Ammo for Combat+."""


class SupplyCosts(StrictModel):
    """Table OS9 and its echelon surcharges."""

    non_motorized: LevelCost = Field(default_factory=lambda: LevelCost(move_plus=1, combat_plus=1))
    """Non-motorized HQ."""
    semi_motorized: LevelCost = Field(default_factory=lambda: LevelCost(move_plus=4, combat_plus=2))
    """Semi-motorized HQ."""
    motorized: LevelCost = Field(default_factory=lambda: LevelCost(move_plus=2, combat_plus=2))
    """Motorized HQ."""
    mechanized: LevelCost = Field(default_factory=lambda: LevelCost(move_plus=5, combat_plus=3))
    """Mechanized or armoured HQ."""
    artillery: LevelCost = Field(default_factory=lambda: LevelCost(move_plus=2, combat_plus=5))
    """Artillery HQ."""
    division: LevelCost = Field(default_factory=lambda: LevelCost(move_plus=1, combat_plus=1))
    """Surcharge of a division HQ."""
    corps: LevelCost = Field(default_factory=lambda: LevelCost(move_plus=4, combat_plus=2))
    """Surcharge of a corps HQ."""
    army: LevelCost = Field(default_factory=lambda: LevelCost(move_plus=2, combat_plus=2))
    """Surcharge of an army HQ (a front HQ pays it too: choice)."""
    surcharge_per_10_sp: bool = False
    """OS9: ``false``: the surcharge is paid once per HQ and turn (choice); ``true``: per 10
    SP like the type's row."""


class ReplacementCost(StrictModel):
    """One row of Table OS14: points per 10 SP."""

    personnel: Cost = 0.0
    """Personnel points."""
    equipment: Cost = 0.0
    """Equipment points."""


def _repl(personnel: float, equipment: float) -> ReplacementCost:
    return ReplacementCost(personnel=personnel, equipment=equipment)


class ReplacementCosts(StrictModel):
    """Table OS14 (Repl+10%)."""

    non_motorized: ReplacementCost = Field(default_factory=lambda: _repl(6, 1))
    """Non-motorized infantry (regiment or brigade)."""
    semi_motorized: ReplacementCost = Field(default_factory=lambda: _repl(5, 2))
    """Semi-motorized infantry."""
    motorized: ReplacementCost = Field(default_factory=lambda: _repl(4, 4))
    """Motorized infantry."""
    mechanized: ReplacementCost = Field(default_factory=lambda: _repl(2, 10))
    """Mechanized or armoured."""
    artillery: ReplacementCost = Field(default_factory=lambda: _repl(1, 6))
    """Artillery."""
    division: ReplacementCost = Field(default_factory=lambda: _repl(1, 3))
    """Division HQ."""
    corps: ReplacementCost = Field(default_factory=lambda: _repl(2, 4))
    """Corps HQ."""
    army: ReplacementCost = Field(default_factory=lambda: _repl(3, 6))
    """Army HQ (and front HQ: choice)."""
    hq_rows_are_surcharges: bool = True
    """Open point: ``true`` reads the division, corps and army rows as a surcharge paid once
    per HQ and turn on top of the type's row, as in Table OS9 (choice); ``false`` makes them
    the HQ's row per 10 SP in place of its type's."""


def _default_types() -> dict[Category, HqSupplyType]:
    return {
        "armour": "mechanized",
        "mechanized": "mechanized",
        "motorized": "motorized",
        "recce": "motorized",
        "artillery": "artillery",
        "heavy_antitank": "motorized",
        "bridging_engineer": "motorized",
        "heavy_aa": "motorized",
    }


class OpSupplyRules(StrictModel):
    """OS1-OS17: supply sources, pools and costs."""

    sources: list[OpSupplySource] = Field(default_factory=list)
    """OS2, OQ10: supply sources, depots and airfields."""
    pools: list[SidePool] = Field(default_factory=list)
    """OS1: each side's pools; a side without a row starts empty and receives nothing."""
    costs: SupplyCosts = Field(default_factory=SupplyCosts)
    """Table OS9."""
    replacements: ReplacementCosts = Field(default_factory=ReplacementCosts)
    """Table OS14."""
    sp_per_step: Annotated[float, Field(gt=0.0, le=1000.0)] = 10.0
    """OS9, OS14: costs are per this many SP, a part counting whole."""
    replacement_gain: Percent = 10.0
    """OS13: strength a unit gains under Repl+."""
    types: dict[Category, HqSupplyType] = Field(default_factory=_default_types)
    """OS10: the cost row each unit category stands for; a category not listed is
    ``non_motorized``. An HQ pays the costliest row among the units directly attached to it,
    for the level bought (choice: "costliest" is read per level: fuel for Move+, ammo for
    Combat+, personnel plus equipment for Repl+)."""

    def type_of(self, category: Category) -> HqSupplyType:
        return self.types.get(category, "non_motorized")
