"""Terrain, hexside features and roads of the operational family (Tables OH3, OH6, OH4).

Each row names the scenario's own terrain or connection type, so renaming a terrain follows
into these tables; a row the scenario's map never uses is harmless. The defaults carry the
checklist's values under the ids :func:`default_terrain_effects` and
:func:`default_hexside_effects` use (a scenario made for this family uses those ids or its own).
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from ..base import ConnectionTypeId, Slug, StrictModel, TerrainId
from .numbers import Cost, Shift, StackingPoints, TableMultiplier

MovementColumn = Literal["infantry", "armour"]
"""OH3: which column of the terrain tables a unit reads (its type says)."""


class ColumnCosts(StrictModel):
    """MP per movement column; ``null`` means units of that column cannot go there."""

    infantry: Cost | None = 1.0
    """Cost for infantry-class units."""
    armour: Cost | None = 1.0
    """Cost for armour-class units."""


class ColumnMultipliers(StrictModel):
    """A combat multiplier per movement column."""

    infantry: TableMultiplier = 1.0
    """For infantry-class units."""
    armour: TableMultiplier = 1.0
    """For armour-class units."""


class TerrainEffect(StrictModel):
    """OH3, OH9, OH10: what one hex terrain does to movement, combat and stacking."""

    terrain: TerrainId
    """The terrain type this row describes."""
    entry_cost: ColumnCosts = Field(default_factory=ColumnCosts)
    """OH3: MP to enter a hex of this terrain off a road; ``null`` in a column: never."""
    road_only: bool = False
    """OH4: entered only along a road or track (marsh)."""
    open: bool = False
    """OH3, OC12, OM14: shock and overruns count in the hex ("open"); otherwise the hex gives a
    defensive bonus and neither counts."""
    defence: ColumnMultipliers = Field(default_factory=ColumnMultipliers)
    """OH3: defence factor of units defending in the hex."""
    attack: ColumnMultipliers = Field(default_factory=ColumnMultipliers)
    """OH3: attack factor of units attacking into the hex (the chart's "AF x0.5" for armour
    in woods)."""
    stacking: StackingPoints = 9.0
    """OH9: stacking points the hex holds."""
    bombardment_protection: Shift = 0
    """OH10: shifts on the bombardment table (good -2, medium -1, none 0)."""
    engineer_target: bool = False
    """OC10: combat engineers attacking a hex of this terrain give their shift (town, city)."""


HexsideCrossing = Literal["open", "road_only", "all_movement"]
"""OH6: ``open`` adds the hexside's cost; ``road_only`` is crossed only along a road over a
bridge (rivers); ``all_movement`` takes a unit's whole allowance (minefields)."""


class HexsideEffect(StrictModel):
    """OH6, OH7, OH11: what a hexside feature does to movement, combat, ZOC and LOC."""

    connection_type: ConnectionTypeId
    """The hexside feature (a connection type of the hex map's ``hexsides``)."""
    crossing: HexsideCrossing = "open"
    """How units cross it."""
    movement_cost: ColumnCosts = Field(
        default_factory=lambda: ColumnCosts(infantry=0.0, armour=0.0)
    )
    """OH6: MP added to the cost of the hex beyond."""
    attack: TableMultiplier = 1.0
    """OH6: attack factor of units attacking across it."""
    denies_shock: bool = False
    """OC12: a unit attacking across it counts as a non-shock unit for that battle."""
    denies_overrun: bool = False
    """OM14, OM15: no overrun across it."""
    blocks_zoc: bool = False
    """OH7, OM10: zones of control do not reach across it."""
    blocks_loc: bool = False
    """OH7, OQ4: lines of communication do not cross it."""
    river: bool = False
    """OH11: a river (frozen weather lifts its movement limits, OW1)."""
    breached: Slug | None = None
    """OE2: a minefield: the feature it becomes once a combat engineer breaches it (a
    connection type with a row of its own); empty for every other feature."""

    @model_validator(mode="after")
    def _breach_changes_the_feature(self) -> HexsideEffect:
        if self.breached == self.connection_type:
            raise ValueError(f"breaching '{self.connection_type}' must make another feature")
        return self


class RoadCosts(StrictModel):
    """OH4: MP to enter a hex along a road, in the normal modes and in Road Movement."""

    normal: Cost = 1.0
    """In Move and Attack and Move and Defend."""
    road_movement: Cost = 0.25
    """In Road Movement."""


class RoadEffects(StrictModel):
    """OH4: costs along the hex map's roads (``road``: highway) and trails (``trail``: track);
    railways carry no movement (OH12)."""

    highway: RoadCosts = Field(default_factory=RoadCosts)
    """Along a ``road`` path."""
    track: RoadCosts = Field(default_factory=lambda: RoadCosts(normal=1.0, road_movement=0.5))
    """Along a ``trail`` path."""
    minimum_normal_cost: Cost = 1.0
    """OM2: no hex costs less than this in Move and Attack or Move and Defend."""


def _row(
    terrain: str,
    cost: float | None,
    *,
    defence: tuple[float, float] = (1.0, 1.0),
    attack: tuple[float, float] = (1.0, 1.0),
    stacking: float = 9.0,
    protection: int = 0,
    open_: bool = False,
    road_only: bool = False,
    engineer: bool = False,
) -> TerrainEffect:
    return TerrainEffect(
        terrain=terrain,
        entry_cost=ColumnCosts(infantry=cost, armour=cost),
        road_only=road_only,
        open=open_,
        defence=ColumnMultipliers(infantry=defence[0], armour=defence[1]),
        attack=ColumnMultipliers(infantry=attack[0], armour=attack[1]),
        stacking=stacking,
        bombardment_protection=protection,
        engineer_target=engineer,
    )


def default_terrain_effects() -> list[TerrainEffect]:
    """Table OH3 with the checklist's values. Choices (docs/rules-operational.md, OH3): marsh
    costs 1 along its roads (the road cost) and cannot be entered otherwise; mountain, which the
    chart names without values, costs 3 and defends x1.5; a great river hex is never entered."""
    return [
        _row("open", 1.25, open_=True),
        _row("rolling-steppe", 1.5, defence=(1.1, 1.1), protection=-1),
        _row("town", 1.25, defence=(2.0, 0.5), protection=-2, engineer=True),
        _row("city", 1.0, defence=(2.0, 0.5), stacking=18.0, protection=-2, engineer=True),
        _row("airfield", 1.0, open_=True),
        _row("rough", 2.0, defence=(1.25, 1.25), protection=-2),
        _row("light-woods", 2.0, defence=(1.25, 0.5), attack=(1.0, 0.5)),
        _row("woods", 3.0, defence=(1.5, 0.5), attack=(1.0, 0.5), protection=-1),
        _row("mud-flats", 3.0, defence=(0.5, 0.5)),
        _row("marsh", None, road_only=True),
        _row("great-river", None, stacking=0.0),
        _row("mountain", 3.0, defence=(1.5, 1.5), stacking=4.5, protection=-2),
    ]


def default_hexside_effects() -> list[HexsideEffect]:
    """Table OH6 with the checklist's values, under the connection type ids of the hex map's
    usual features (``river`` is a minor river, ``major-river`` a major one). Choices: the
    chart's "+4 MP for assault engineers" at minor rivers is not used (no unit crosses a river
    off a bridge); an escarpment, named without values, is a ridge; a breached minefield still
    takes shock away and bars overrunning across it (a minefield with a combat effect, OC12,
    OM15)."""
    slow = ColumnCosts(infantry=2.0, armour=2.0)
    return [
        HexsideEffect(connection_type="river", crossing="road_only", river=True),
        HexsideEffect(connection_type="major-river", crossing="road_only", river=True),
        HexsideEffect(
            connection_type="gully",
            movement_cost=slow,
            attack=0.5,
            denies_shock=True,
            denies_overrun=True,
        ),
        HexsideEffect(
            connection_type="stream",
            movement_cost=slow,
            attack=0.5,
            denies_shock=True,
            denies_overrun=True,
        ),
        HexsideEffect(
            connection_type="ridge",
            movement_cost=slow,
            attack=0.5,
            denies_shock=True,
            denies_overrun=True,
        ),
        HexsideEffect(
            connection_type="escarpment",
            movement_cost=slow,
            attack=0.5,
            denies_shock=True,
            denies_overrun=True,
        ),
        HexsideEffect(
            connection_type="minefield",
            breached="breached-minefield",
            crossing="all_movement",
            attack=0.25,
            denies_shock=True,
            denies_overrun=True,
            blocks_zoc=True,
            blocks_loc=True,
        ),
        HexsideEffect(
            connection_type="breached-minefield",
            movement_cost=ColumnCosts(infantry=3.0, armour=3.0),
            attack=0.5,
            denies_shock=True,
            denies_overrun=True,
        ),
    ]
