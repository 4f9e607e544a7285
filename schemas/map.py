"""The map: regions and their geometry, connections, structures, supply sources, areas.

Coordinates are map units, x growing to the east (right) and y growing to the south (down),
origin at the top-left corner, the same orientation as a screen and as Qt's scene. Importers of
geographic data flip the latitude so north stays up.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import AfterValidator, Field, model_validator

from .base import (
    AreaId,
    Color,
    ConnectionTypeId,
    Entity,
    NationId,
    PerSide,
    Point,
    RegionId,
    SideId,
    StrictModel,
    TerrainId,
    TheatreId,
)
from .ranges import (
    Coordinate,
    Fortification,
    Length,
    Money,
    Scale,
    Stacking,
    Tension,
    VictoryPoints,
)


def _open_ring(points: list[tuple[float, float]]) -> list[tuple[float, float]]:
    # Files written by other tools often repeat the first point at the end; the format does
    # not, so that every vertex is listed exactly once.
    if len(points) > 1 and points[0] == points[-1]:
        return points[:-1]
    return points


Ring = Annotated[
    list[Point],
    AfterValidator(_open_ring),
    Field(
        description=(
            "A closed ring of points, the first point not repeated at the end (a repeated "
            "closing point is dropped on load); either orientation."
        ),
    ),
]


class Polygon(StrictModel):
    """A region's outline: one exterior ring and any number of holes."""

    exterior: Ring
    """Outer boundary."""
    holes: list[Ring] = Field(default_factory=list)
    """Inner boundaries (lakes, enclaves belonging to other regions)."""


class Anchors(StrictModel):
    """Where the map draws things inside a region; ``null`` lets the map choose a point."""

    label: Point | None = None
    """Region name."""
    structure: Point | None = None
    """Structure symbol (when the structure has no anchor of its own)."""
    stack: Point | None = None
    """First stack of units; further stacks fan out from here."""
    supply: Point | None = None
    """Supply source symbol."""


class PlaceValue(StrictModel):
    """What a region or structure is worth to one side."""

    capture: VictoryPoints = 0
    """VP the side gains when it captures the place."""
    loss: VictoryPoints = 0
    """VP the side loses when the place is captured from it."""
    hold_at_end: VictoryPoints = 0
    """VP the side gains when it holds the place when the game ends."""
    tension: Tension = 0
    """Change of the tension index when the side captures the place."""


Network = Literal["none", "trail", "road", "rail"]
"""Transport network of a region; each includes the ones before it."""


class Region(Entity):
    """M1: one area of the map."""

    name: str
    """Name shown on the map."""
    terrain: TerrainId
    """Terrain type."""
    owner: NationId | None = None
    """Nation controlling the region at the start; ``null`` for nobody."""
    area: AreaId | None = None
    """Area the region belongs to."""
    network: Network = "none"
    """Best transport network in the region."""
    polygon: Polygon
    """Outline in map coordinates."""
    anchors: Anchors = Field(default_factory=Anchors)
    """Where symbols are drawn."""
    stacking: Stacking | None = None
    """Land stacking limit overriding the terrain's."""
    air_stacking: Stacking | None = None
    """Air stacking limit overriding the default and airfields."""
    off_map: bool = False
    """An off-map box: a distant place reached through connections, drawn at the margin."""
    unplayable: bool = False
    """No unit ever enters, whatever its terrain."""
    income: Money = 0
    """Treasury its owner gains at the end of each of its turns."""
    values: PerSide[PlaceValue] = Field(default_factory=dict)
    """VP and tension values, per side."""
    description: str = ""
    """Notes shown in the region inspector."""


class Connection(Entity):
    """M3: a link between two regions, not necessarily neighbours."""

    a: RegionId
    """One end."""
    b: RegionId
    """The other end."""
    type: ConnectionTypeId = "land"
    """Connection type."""
    bridge: bool = False
    """A bridge or ferry crosses it."""
    road: bool = False
    """A road runs along it."""
    rail: bool = False
    """A railway runs along it."""
    waypoints: list[Point] = Field(default_factory=list)
    """Bends of the line drawn between the two anchors (sea lanes, off-map links)."""

    @model_validator(mode="after")
    def _distinct_ends(self) -> Connection:
        if self.a == self.b:
            raise ValueError(f"connection {self.id!r} joins region {self.a!r} to itself")
        return self


StructureKind = Literal["city", "village", "fort", "airfield", "port"]


class Capacity(StrictModel):
    """Stacking points a structure shelters, per domain; ``null`` means no limit."""

    land: Stacking | None = None
    """Land units."""
    naval: Stacking | None = None
    """Ships (ports only)."""
    air: Stacking | None = None
    """Aircraft (airports only); also the region's air stacking when larger than the default."""


class Structure(Entity):
    """M5: a city, village, fort, airfield or port inside a region."""

    name: str
    """Name shown on the map."""
    region: RegionId
    """Region holding the structure."""
    kind: StructureKind = "city"
    """What it is; drives its symbol."""
    owner: NationId | None = None
    """Owning nation at the start; ``null`` follows the region's owner."""
    fortification: Fortification = 0
    """Fortification level: 0 is unfortified; otherwise the surrender level of sieges."""
    port: bool = False
    """Has a harbour: ships may enter, and supply may cross the sea to other ports."""
    airport: bool = False
    """Has an airfield: aircraft may base here."""
    sea_region: RegionId | None = None
    """Sea region the harbour opens onto (for blockades and sea supply)."""
    capacity: Capacity = Field(default_factory=Capacity)
    """Stacking capacity per domain."""
    relay: bool = True
    """Relays supply for its owner."""
    values: PerSide[PlaceValue] = Field(default_factory=dict)
    """VP and tension values, per side."""
    anchor: Point | None = None
    """Where its symbol is drawn; ``null`` uses the region's structure anchor."""
    description: str = ""
    """Notes shown in the structure inspector."""


class SupplySource(Entity):
    """S1: a region from which supply lines start."""

    name: str = ""
    """Optional name (a depot, a railhead)."""
    region: RegionId
    """Region of the source."""
    sides: list[SideId] = Field(default_factory=list)
    """Sides it supplies; empty means every side."""
    operative: bool = True
    """Inoperative sources supply nobody until an event or card reopens them."""


class Theatre(Entity):
    """M6: a large grouping of areas."""

    name: str
    """Name shown to players."""
    color: Color = "#808080"
    """Outline colour in the studio."""


class Area(Entity):
    """M6: a named group of regions, used by VP, events, reinforcements and movement bans."""

    name: str
    """Name shown to players."""
    theatre: TheatreId | None = None
    """Theatre the area belongs to."""
    color: Color = "#808080"
    """Outline colour in the studio."""
    closed_to: list[SideId] = Field(default_factory=list)
    """Sides whose units may not enter the area's regions (neutral ground)."""


class Background(StrictModel):
    """An image drawn under the regions, to trace over."""

    path: str
    """Image file, relative to the scenario file."""
    x: Coordinate = 0.0
    """Map x of the image's left edge."""
    y: Coordinate = 0.0
    """Map y of the image's top edge."""
    width: Length
    """Width in map units."""
    height: Length
    """Height in map units."""
    opacity: Annotated[float, Field(ge=0, le=1)] = 1.0
    """Opacity from 0 (invisible) to 1."""


class MapProjection(StrictModel):
    """How map coordinates relate to the Earth, for geographic maps.

    A map point ``[x, y]`` is the projected point ``(origin_x + x * s, origin_y - y * s)`` of
    ``crs``, where ``s`` is ``km_per_unit`` kilometres written in the CRS's own unit (metres
    for most projections): map y grows downwards, so north stays up. Imports of further
    geographic data use it to land in the same place, and exports use it to write real
    longitude and latitude.
    """

    crs: Annotated[str, Field(min_length=1)]
    """The projected coordinate reference system, in any form PROJ reads: ``"EPSG:32618"``,
    a PROJ string (``"+proj=tmerc +lon_0=-73.6 ..."``) or WKT."""
    origin: Point
    """Projected coordinates (in the CRS's unit) of the map's point ``[0, 0]``."""
    km_per_unit: Scale
    """Kilometres of the projected plane in one map unit."""


class MapSettings(StrictModel):
    """How the map is shown."""

    orientation: Literal["north", "east", "south", "west"] = "north"
    """Compass direction at the top of the map."""
    units_per_km: Scale | None = None
    """Scale, when the map is geographic; used by the scale bar."""
    background: Background | None = None
    """Tracing image."""
    projection: MapProjection | None = None
    """Where the map lies on the Earth, when it was made from geographic data."""
