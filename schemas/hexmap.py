"""A hex map: the grid, and what lies on its hexes and hexsides, in a compact form.

A scenario's map is either drawn regions (``regions`` and ``connections``) or a hex grid (this
section, ``hex_map``). Nothing is stored per hex that the grid can compute: a hex's outline,
centre and neighbours come from the grid's parameters, and only what differs from the plain
map is listed:

- per-hex facts that cover many hexes (terrain, owner, area) as lists of **runs** of hexes
  along a row, keyed by the terrain, nation or area (so renaming one follows every hex);
- what a few hexes have (a name, VP, an income) as **hex records**;
- hexside features as lists of **hexsides** keyed by connection type, bridges and crossing
  sites;
- roads and railways as **paths** of hexes.

Every hex then behaves as a region and every hexside as a connection for the rules, the
validation and exports (see :mod:`schemas.places`). Ids of hexes (``c4r12``) and hexsides
(``c4r12-c5r12``) are what units, structures, events and the rest of the format refer to.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import AfterValidator, Field, model_validator

from .base import (
    AreaId,
    ConnectionTypeId,
    NationId,
    PerSide,
    Point,
    SideId,
    Slug,
    StrictModel,
    TerrainId,
)
from .map import PlaceValue
from .terrain import ConnectionType

MAX_SIDE = 1000
"""Most columns, and most rows, of a grid."""
MAX_HEXES = 100_000
"""Most hexes of a grid (columns x rows)."""

_HEX = r"c[1-9][0-9]{0,3}r[1-9][0-9]{0,3}"

HexId = Annotated[
    str,
    Field(
        pattern=f"^{_HEX}$",
        description=(
            "A hex: 'c' and its column, 'r' and its row, both counted from 1 at the top-left "
            "hex, without leading zeros (c1r1, c4r12)."
        ),
    ),
]

HexRun = Annotated[
    str,
    Field(
        pattern=rf"^{_HEX}(\*[1-9][0-9]{{0,3}})?$",
        description=(
            "A hex, or a run of hexes along a row: 'c3r4*7' is the 7 hexes c3r4, c4r4 ... c9r4."
        ),
    ),
]


HexPath = Annotated[
    str,
    Field(
        pattern=f"^{_HEX}( {_HEX})*$",
        description=(
            "Hexes in order, separated by single spaces, each a neighbour of the one before: "
            "'c1r1 c2r1 c3r2'."
        ),
    ),
]


def _canonical_hexside(text: str) -> str:
    # The hex met first reading the map row by row comes first, so that each hexside has one
    # spelling (the id of the connection it becomes).
    first, second = text.split("-")
    col_a, row_a = first[1:].split("r")
    col_b, row_b = second[1:].split("r")
    if (int(row_b), int(col_b)) < (int(row_a), int(col_a)):
        return f"{second}-{first}"
    return text


Hexside = Annotated[
    str,
    Field(
        pattern=f"^{_HEX}-{_HEX}$",
        description=(
            "The side two neighbouring hexes share, named by both hexes: 'c4r12-c5r12'. "
            "Either order is read; the hex that comes first row by row is written first."
        ),
    ),
    AfterValidator(_canonical_hexside),
]

RoadKind = Literal["trail", "road", "rail"]
"""Transport networks drawn along hexes; each includes the ones before it."""

Orientation = Literal["flat", "pointy"]
Offset = Literal["odd", "even", "axial"]


class HexRecord(StrictModel):
    """What one hex has beyond its terrain, owner and area: a name, VP, limits, notes."""

    hex: HexId
    """The hex described."""
    name: str = ""
    """Name shown on the map; an unnamed hex is called by its id."""
    stacking: Annotated[int, Field(ge=0, le=100_000)] | None = None
    """Land stacking limit overriding the terrain's."""
    air_stacking: Annotated[int, Field(ge=0, le=100_000)] | None = None
    """Air stacking limit overriding the default and airfields."""
    unplayable: bool = False
    """No unit ever enters, whatever its terrain."""
    income: Annotated[int, Field(ge=-1000, le=1000)] = 0
    """Treasury its owner gains at the end of each of its turns."""
    values: PerSide[PlaceValue] = Field(default_factory=dict)
    """VP and tension values, per side."""
    description: str = ""
    """Notes shown in the inspector."""


class PlainHexsides(StrictModel):
    """The connection type of a hexside that lists no feature, by what its two hexes are."""

    land: ConnectionTypeId = "land"
    """Between two land hexes."""
    sea: ConnectionTypeId = "sea"
    """Between two sea hexes, or a sea hex and a land hex (the coast)."""
    lake: ConnectionTypeId = "air"
    """Where either hex is a lake (only aircraft cross)."""


class HexMap(StrictModel):
    """OH1, OH2: a map of hexes. Its hexes are the scenario's regions, its hexsides the connections.

    Terrain, owners and areas are runs of hexes keyed by terrain, nation or area; a hex listed
    by none of the runs of a layer has the layer's default (``base_terrain``, no owner, no
    area). A hex listed twice in one layer keeps the first listing (the second is reported).
    """

    orientation: Orientation = "flat"
    """``flat``: hexes with a flat top and bottom, in columns; ``pointy``: a corner on top, in
    rows."""
    size: Annotated[float, Field(gt=0, le=1_000_000)]
    """Distance from a hex's centre to its corners (the length of a side), in map units."""
    origin: Point = (0.0, 0.0)
    """Map point of the centre of hex c1r1."""
    columns: Annotated[int, Field(ge=1, le=MAX_SIDE)]
    """Number of columns."""
    rows: Annotated[int, Field(ge=1, le=MAX_SIDE)]
    """Number of rows."""
    offset: Offset = "odd"
    """Which columns (flat) or rows (pointy) are shifted by half a hex: ``odd`` shifts columns
    1, 3, 5... down (rows 1, 3, 5... right), ``even`` shifts columns 2, 4, 6... (rows 2, 4,
    6...), ``axial`` shifts each column (row) half a hex further than the one before, making
    the map a parallelogram."""
    base_terrain: TerrainId
    """Terrain of every hex no terrain run lists."""
    terrain: dict[TerrainId, list[HexRun]] = Field(default_factory=dict)
    """Hexes of each other terrain."""
    owners: dict[NationId, list[HexRun]] = Field(default_factory=dict)
    """Hexes each nation controls at the start; the others belong to nobody."""
    areas: dict[AreaId, list[HexRun]] = Field(default_factory=dict)
    """Hexes of each area."""
    hexes: list[HexRecord] = Field(default_factory=list)
    """Hexes with a name, VP, an income, a stacking limit or notes."""
    hexsides: dict[ConnectionTypeId, list[Hexside]] = Field(default_factory=dict)
    """Hexsides with a feature (river, ridge, minefield...), keyed by its connection type."""
    bridges: list[Hexside] = Field(default_factory=list)
    """Hexsides a bridge crosses."""
    crossing_sites: list[Hexside] = Field(default_factory=list)
    """OH11: river hexsides marked as crossing sites (operational rules): a pontoon spans a
    major river only at one of these; a minor river takes one anywhere."""
    roads: dict[RoadKind, list[HexPath]] = Field(default_factory=dict)
    """Trails, roads and railways as paths of neighbouring hexes, one line each. A road or
    railway links the hexsides it crosses; every hex on a path has at least that network (a
    path of one hex gives that hex the network alone)."""
    plain_hexsides: PlainHexsides = Field(default_factory=PlainHexsides)
    """Connection types of hexsides without a feature."""
    setup_zones: dict[SideId, list[HexRun]] = Field(default_factory=dict)
    """OT1, OT5: each side's setup zone (operational rules): before its first turn's orders a
    side may move the units that start inside its zone to any other hex of it."""
    fixed_zones: dict[Slug, list[HexRun]] = Field(default_factory=dict)
    """OM20: named areas a fixed unit (``operational.fixed.zone``) may move inside and never
    leave until it is released."""

    @model_validator(mode="after")
    def _not_too_many(self) -> HexMap:
        if self.columns * self.rows > MAX_HEXES:
            raise ValueError(
                f"a hex map holds at most {MAX_HEXES} hexes; {self.columns} columns x "
                f"{self.rows} rows make {self.columns * self.rows}"
            )
        return self


def hexside_connection_types() -> list[ConnectionType]:
    """Connection types for the hexside features a hex map commonly uses beyond the default
    table (river and major river are already there), with values under the area rules: a
    stream, gully or ridge slows and shelters like a crest, a minefield takes the whole move,
    and an impassable hexside only opens where a bridge crosses it."""
    return [
        ConnectionType(
            id="stream",
            name="Stream",
            color="#6fb0e0",
            movement_cost=1,
            bridge_movement_cost=0,
            rail_bridge_movement_cost=0,
            defender_modifier=1,
        ),
        ConnectionType(
            id="gully", name="Gully", color="#9a7050", movement_cost=1, defender_modifier=1
        ),
        ConnectionType(
            id="ridge", name="Ridge", color="#8a6a4a", movement_cost=1, defender_modifier=1
        ),
        ConnectionType(
            id="minefield",
            name="Minefield",
            color="#c03030",
            uses_all_movement=True,
            defender_modifier=2,
        ),
        ConnectionType(
            id="impassable",
            name="Impassable",
            color="#202020",
            needs_bridge=True,
            description="No land unit crosses, except over a bridge.",
        ),
    ]
