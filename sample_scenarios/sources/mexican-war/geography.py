"""The map of the Mexican-American War sample: real places, cut into regions with shapely.

Every town, coast point and river bend is a real longitude and latitude, projected onto the map
with a plain equirectangular projection (x grows east, y grows south, 100 map units per degree
of latitude). The land is cut into Voronoi cells around the towns, the lower Rio Grande is a
navigable water region of its own, and the upper Rio Grande and the Nueces split the cells they
cross, so that region borders follow them. All lines are noded together once and the faces of
the resulting planar graph are handed out to regions: neighbours then share their border
vertices exactly, which is what the validator wants.
"""

from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import dataclass, field

import numpy as np
import shapely
from shapely.geometry import LineString, MultiPoint, Point, Polygon, box
from shapely.ops import polygonize, unary_union

from schemas.geometry import shared_borders

# -- projection -----------------------------------------------------------------------------------

LON_WEST, LON_EAST = -106.5, -89.0
LAT_SOUTH, LAT_NORTH = 17.6, 30.6
SCALE = 100.0
"""Map units per degree of latitude (about 111 km)."""
SHRINK = math.cos(math.radians(24.0))
"""Degrees of longitude are shorter than degrees of latitude; 24 N is the middle of the map."""
UNITS_PER_KM = SCALE / 111.2
DECIMALS = 2

Lonlat = tuple[float, float]
XY = tuple[float, float]


LENSES: list[tuple[Lonlat, float, float]] = [
    # Like the insets of a campaign map, two crowded places are drawn larger than life: the
    # Valley of Mexico with the road from Puebla, and the mouth of the Rio Grande. Each lens is
    # (centre, radius in degrees, magnification at the centre); it fades out smoothly at its
    # radius, and a magnification under 4 keeps the order of every point along each ray.
    ((-98.80, 19.35), 1.6, 3.0),
    ((-97.95, 26.00), 1.3, 2.6),
]


def _plain(lon: float, lat: float) -> XY:
    return ((lon - LON_WEST) * SCALE * SHRINK, (LAT_NORTH - lat) * SCALE)


def project(lon: float, lat: float) -> XY:
    """Longitude and latitude to map units, origin at the north-west corner of the map."""
    x, y = _plain(lon, lat)
    for (clon, clat), radius, power in LENSES:
        cx, cy = _plain(clon, clat)
        reach = radius * SCALE
        dx, dy = x - cx, y - cy
        r = math.hypot(dx, dy)
        if 0 < r < reach:
            grow = 1 + (power - 1) * (1 - r / reach) ** 2
            x, y = cx + dx * grow, cy + dy * grow
    return (x, y)


WIDTH, HEIGHT = _plain(LON_EAST, LAT_SOUTH)


def _line(points: list[Lonlat]) -> list[XY]:
    return [project(lon, lat) for lon, lat in points]


# -- coasts, rivers, lakes ------------------------------------------------------------------------

GULF_COAST: list[Lonlat] = [
    # From the Mississippi coast at the eastern edge, west along Louisiana and Texas, down the
    # Mexican shore and round the Bay of Campeche to the Yucatan, which leaves by the same edge.
    (-89.00, 30.30), (-89.45, 30.18), (-89.70, 29.95), (-89.40, 29.62), (-89.05, 29.20),
    (-89.25, 28.98), (-89.60, 29.22), (-90.05, 29.08), (-90.60, 29.05), (-91.25, 29.25),
    (-91.80, 29.48), (-92.30, 29.55), (-93.20, 29.77), (-93.85, 29.68), (-94.50, 29.50),
    (-94.80, 29.28), (-95.10, 29.08), (-95.35, 28.90), (-95.90, 28.62), (-96.40, 28.38),
    (-96.80, 28.12), (-97.05, 27.84), (-97.25, 27.45), (-97.38, 27.00), (-97.30, 26.50),
    (-97.17, 26.07), (-97.15, 25.95), (-97.25, 25.60), (-97.40, 25.20), (-97.50, 24.80),
    (-97.55, 24.40), (-97.68, 24.00), (-97.72, 23.50), (-97.75, 23.00), (-97.78, 22.55),
    (-97.85, 22.25), (-97.70, 21.90), (-97.42, 21.60), (-97.32, 21.30), (-97.35, 21.00),
    (-97.15, 20.65), (-96.95, 20.40), (-96.72, 20.15), (-96.50, 19.85), (-96.38, 19.55),
    (-96.25, 19.35), (-96.13, 19.20), (-95.98, 19.05), (-95.75, 18.78), (-95.40, 18.70),
    (-95.10, 18.58), (-94.80, 18.40), (-94.42, 18.16), (-94.00, 18.22), (-93.60, 18.32),
    (-93.20, 18.44), (-92.70, 18.60), (-92.20, 18.70), (-91.80, 18.65), (-91.40, 18.85),
    (-91.00, 19.15), (-90.70, 19.50), (-90.55, 19.85), (-90.40, 20.30), (-90.35, 20.80),
    (-90.30, 21.05), (-89.90, 21.25), (-89.60, 21.30), (-89.00, 21.40),
]  # fmt: skip

PACIFIC_COAST: list[Lonlat] = [
    # From the southern edge of the map near Zihuatanejo north-west to the western edge above
    # Mazatlan.
    (-101.50, 17.60), (-101.90, 17.85), (-102.50, 17.98), (-103.30, 18.30), (-103.80, 18.75),
    (-104.30, 19.05), (-104.90, 19.40), (-105.30, 19.90), (-105.68, 20.40), (-105.30, 20.65),
    (-105.25, 21.00), (-105.45, 21.60), (-105.70, 22.50), (-106.20, 23.10), (-106.50, 23.45),
]  # fmt: skip

RIO_GRANDE_NAVIGABLE: list[Lonlat] = [
    # Steamboats went up from the mouth to Camargo; the last point lies out at sea so that the
    # river's outline is cut by the coast itself.
    (-98.83, 26.36), (-98.55, 26.22), (-98.28, 26.10), (-97.95, 26.05), (-97.70, 25.98),
    (-97.50, 25.90), (-97.30, 25.95), (-97.15, 25.96), (-97.00, 25.97),
]  # fmt: skip
RIVER_HALF_WIDTH = 0.05
"""Half-width of the navigable river, in degrees: far wider than the real river, so it shows."""

RIO_GRANDE_UPPER: list[Lonlat] = [
    # Above Camargo the river is a border line: from the northern edge of the map (below El
    # Paso) through the Big Bend, Del Rio, Eagle Pass and Laredo down to Camargo.
    (-105.00, 30.70), (-104.70, 30.10), (-104.40, 29.56), (-103.80, 29.30), (-103.20, 28.98),
    (-102.95, 29.19), (-102.65, 29.70), (-101.60, 29.78), (-100.90, 29.36), (-100.50, 28.71),
    (-100.25, 28.25), (-99.51, 27.50), (-99.40, 27.20), (-99.27, 26.91), (-99.15, 26.55),
    (-99.02, 26.41), (-98.83, 26.36),
]  # fmt: skip

NUECES: list[Lonlat] = [
    # The disputed boundary. Drawn from the northern edge (its head on the plateau) out into
    # Corpus Christi Bay, so that it cuts Texas in two.
    (-100.20, 30.70), (-100.15, 30.05), (-99.95, 29.60), (-99.85, 29.15), (-99.72, 28.75),
    (-99.45, 28.50), (-99.10, 28.42), (-98.60, 28.45), (-98.20, 28.45), (-97.90, 28.15),
    (-97.65, 27.90), (-97.45, 27.85), (-96.95, 27.88),
]  # fmt: skip

LAKES: dict[str, tuple[str, list[Lonlat]]] = {
    "lake-texcoco": (
        "Lake Texcoco",
        [(-99.07, 19.62), (-98.98, 19.61), (-98.94, 19.52), (-98.96, 19.42), (-99.03, 19.39),
         (-99.07, 19.46)],
    ),
    "lake-chalco": (
        "Lakes Xochimilco and Chalco",
        [(-99.12, 19.29), (-99.03, 19.31), (-98.95, 19.29), (-98.92, 19.24), (-99.00, 19.23),
         (-99.10, 19.25)],
    ),
    "lake-chapala": (
        "Lake Chapala",
        [(-103.45, 20.22), (-103.20, 20.31), (-102.88, 20.26), (-102.75, 20.16), (-103.00, 20.12),
         (-103.35, 20.12)],
    ),
}  # fmt: skip

COASTAL_BAND = 0.5
"""Sea within this many degrees of the shore is coastal water; beyond lie the high seas."""


# -- places ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Place:
    """A land region: the town or landmark it is named after, where it lies, its ground."""

    id: str
    name: str
    lon: float
    lat: float
    terrain: str
    area: str


def _places(rows: str) -> list[Place]:
    out = []
    for row in rows.strip().splitlines():
        pid, name, lon, lat, terrain, area = (cell.strip() for cell in row.split("|"))
        out.append(Place(pid, name, float(lon), float(lat), terrain, area))
    return out


LAND = _places(
    """
new-orleans        | New Orleans              |  -90.10 | 29.95 | marsh    | louisiana
opelousas          | Opelousas                |  -92.10 | 30.35 | prairie  | louisiana
houston            | Houston                  |  -95.40 | 29.85 | prairie  | texas
galveston          | Galveston                |  -94.95 | 29.35 | marsh    | texas
austin             | Austin                   |  -97.75 | 30.25 | hills    | texas
victoria           | Victoria                 |  -96.80 | 29.00 | prairie  | texas
goliad             | Goliad                   |  -97.40 | 28.60 | prairie  | texas
san-antonio        | San Antonio              |  -98.50 | 29.42 | prairie  | texas
fredericksburg     | Fredericksburg           |  -98.90 | 30.25 | hills    | texas
edwards-plateau    | Edwards Plateau          | -100.60 | 30.15 | hills    | texas
devils-river       | Devils River             | -101.60 | 30.10 | desert   | texas
big-bend           | Big Bend                 | -103.40 | 29.95 | desert   | texas
corpus-christi     | Corpus Christi           |  -97.45 | 27.70 | prairie  | nueces-strip
wild-horse-desert  | Wild Horse Desert        |  -97.80 | 26.95 | desert   | nueces-strip
point-isabel       | Point Isabel             |  -97.30 | 26.12 | prairie  | nueces-strip
fort-texas         | Fort Texas               |  -97.55 | 26.00 | clear    | nueces-strip
arroyo-colorado    | Arroyo Colorado          |  -97.95 | 26.30 | prairie  | nueces-strip
davis-landing      | Davis' Landing           |  -98.75 | 26.55 | steppes  | nueces-strip
brush-country      | Brush Country            |  -98.50 | 27.55 | steppes  | nueces-strip
laredo             | Laredo                   |  -99.45 | 27.70 | steppes  | nueces-strip
upper-nueces       | Upper Nueces             | -100.05 | 28.75 | steppes  | nueces-strip
eagle-pass         | Eagle Pass               | -100.60 | 29.30 | steppes  | nueces-strip
matamoros          | Matamoros                |  -97.60 | 25.75 | clear    | tamaulipas
reynosa            | Reynosa                  |  -98.30 | 25.92 | steppes  | tamaulipas
camargo            | Camargo                  |  -98.85 | 26.18 | steppes  | tamaulipas
mier               | Mier                     |  -99.35 | 26.40 | steppes  | tamaulipas
san-fernando       | San Fernando             |  -98.20 | 24.85 | steppes  | tamaulipas
soto-la-marina     | Soto la Marina           |  -98.25 | 23.85 | forest   | tamaulipas
ciudad-victoria    | Ciudad Victoria          |  -99.14 | 23.74 | hills    | tamaulipas
tula               | Tula                     |  -99.72 | 23.00 | mountain | tamaulipas
aldama             | Aldama                   |  -98.10 | 22.90 | forest   | tamaulipas
tampico            | Tampico                  |  -97.95 | 22.25 | marsh    | tamaulipas
lampazos           | Lampazos                 | -100.35 | 27.05 | desert   | nuevo-leon
salinas            | Salinas                  | -100.80 | 26.25 | desert   | nuevo-leon
cerralvo           | Cerralvo                 |  -99.65 | 26.00 | steppes  | nuevo-leon
monterrey          | Monterrey                | -100.30 | 25.67 | hills    | nuevo-leon
cadereyta          | Cadereyta                |  -99.80 | 25.45 | steppes  | nuevo-leon
linares            | Linares                  |  -99.55 | 24.80 | hills    | nuevo-leon
galeana            | Galeana                  | -100.10 | 24.75 | mountain | nuevo-leon
presidio-rio-grande| Presidio del Río Grande  | -100.45 | 28.15 | steppes  | coahuila
santa-rosa         | Santa Rosa               | -101.60 | 28.10 | hills    | coahuila
sierra-del-carmen  | Sierra del Carmen        | -102.85 | 28.60 | mountain | coahuila
cuatro-cienegas    | Cuatro Ciénegas          | -102.15 | 27.00 | desert   | coahuila
monclova           | Monclova                 | -101.40 | 26.85 | steppes  | coahuila
saltillo           | Saltillo                 | -100.95 | 25.47 | clear    | coahuila
buena-vista        | Buena Vista              | -101.15 | 25.10 | mountain | coahuila
parras             | Parras                   | -102.20 | 25.45 | steppes  | coahuila
ojinaga            | Presidio del Norte       | -104.40 | 29.05 | desert   | chihuahua
chihuahua          | Chihuahua                | -105.95 | 28.60 | steppes  | chihuahua
parral             | Parral                   | -105.70 | 26.85 | hills    | chihuahua
bolson-de-mapimi   | Bolsón de Mapimí         | -103.90 | 27.20 | desert   | chihuahua
la-laguna          | La Laguna                | -103.30 | 25.60 | desert   | chihuahua
sierra-tarahumara  | Sierra Madre Occidental  | -105.90 | 25.10 | mountain | chihuahua
cuencame           | Cuencamé                 | -103.75 | 24.75 | steppes  | durango-zacatecas
durango            | Durango                  | -104.65 | 24.00 | steppes  | durango-zacatecas
nayar              | Sierra del Nayar         | -104.90 | 22.40 | mountain | durango-zacatecas
fresnillo          | Fresnillo                | -103.00 | 23.35 | steppes  | durango-zacatecas
zacatecas          | Zacatecas                | -102.57 | 22.75 | hills    | durango-zacatecas
charcas            | Charcas                  | -101.20 | 23.15 | desert   | san-luis-potosi
matehuala          | Matehuala                | -100.55 | 23.65 | desert   | san-luis-potosi
el-salado          | El Salado                | -101.25 | 24.30 | desert   | san-luis-potosi
san-luis-potosi    | San Luis Potosí          | -100.98 | 22.15 | steppes  | san-luis-potosi
rio-verde          | Río Verde                |  -99.95 | 21.90 | hills    | san-luis-potosi
valles             | Valles                   |  -99.00 | 22.00 | jungle   | huasteca
panuco             | Pánuco                   |  -98.35 | 21.85 | marsh    | huasteca
tamiahua           | Tamiahua                 |  -97.70 | 21.45 | marsh    | huasteca
huejutla           | Huejutla                 |  -98.45 | 21.05 | jungle   | huasteca
tuxpan             | Tuxpan                   |  -97.50 | 20.85 | forest   | huasteca
sierra-gorda       | Sierra Gorda             |  -99.55 | 21.10 | mountain | huasteca
papantla           | Papantla                 |  -97.30 | 20.35 | jungle   | veracruz-coast
misantla           | Misantla                 |  -96.85 | 19.95 | forest   | veracruz-coast
veracruz           | Veracruz                 |  -96.20 | 19.10 | clear    | veracruz-coast
alvarado           | Alvarado                 |  -95.85 | 18.70 | marsh    | veracruz-coast
papaloapan         | Papaloapan               |  -96.30 | 18.15 | jungle   | veracruz-coast
tuxtlas            | Los Tuxtlas              |  -95.20 | 18.35 | jungle   | veracruz-coast
coatzacoalcos      | Coatzacoalcos            |  -94.30 | 17.95 | marsh    | tabasco
tabasco            | San Juan Bautista        |  -92.90 | 18.10 | marsh    | tabasco
carmen             | Laguna de Términos       |  -91.40 | 18.30 | marsh    | yucatan
campeche           | Campeche                 |  -90.10 | 19.70 | forest   | yucatan
cerro-gordo        | Cerro Gordo              |  -96.62 | 19.38 | mountain | veracruz-highlands
jalapa             | Jalapa                   |  -96.92 | 19.58 | hills    | veracruz-highlands
perote             | Perote                   |  -97.30 | 19.55 | steppes  | veracruz-highlands
cordoba            | Córdoba                  |  -96.80 | 18.85 | forest   | veracruz-highlands
orizaba            | Orizaba                  |  -97.20 | 18.85 | mountain | veracruz-highlands
tehuacan           | Tehuacán                 |  -97.45 | 18.35 | hills    | puebla
huamantla          | Huamantla                |  -97.90 | 19.30 | steppes  | puebla
puebla             | Puebla                   |  -98.20 | 19.05 | clear    | puebla
tlaxcala           | Tlaxcala                 |  -98.24 | 19.40 | clear    | puebla
atlixco            | Atlixco                  |  -98.45 | 18.75 | hills    | puebla
rio-frio           | Río Frío                 |  -98.60 | 19.38 | mountain | puebla
amecameca          | Amecameca                |  -98.75 | 19.08 | mountain | puebla
chalco             | Chalco                   |  -98.86 | 19.22 | clear    | valley-of-mexico
texcoco            | Texcoco                  |  -98.86 | 19.52 | clear    | valley-of-mexico
mexico-city        | Mexico City              |  -99.15 | 19.44 | clear    | valley-of-mexico
san-angel          | San Ángel                |  -99.19 | 19.30 | hills    | valley-of-mexico
huehuetoca         | Huehuetoca               |  -99.20 | 19.80 | clear    | valley-of-mexico
pachuca            | Pachuca                  |  -98.60 | 20.15 | hills    | central
cuernavaca         | Cuernavaca               |  -99.23 | 18.90 | hills    | central
toluca             | Toluca                   |  -99.66 | 19.29 | clear    | central
taxco              | Taxco                    |  -99.65 | 18.35 | mountain | central
tierra-caliente    | Tierra Caliente          | -100.85 | 18.45 | hills    | central
zitacuaro          | Zitácuaro                | -100.35 | 19.45 | mountain | central
san-juan-del-rio   | San Juan del Río         |  -99.99 | 20.39 | clear    | bajio
queretaro          | Querétaro                | -100.39 | 20.65 | clear    | bajio
celaya             | Celaya                   | -100.82 | 20.45 | clear    | bajio
guanajuato         | Guanajuato               | -101.26 | 21.02 | hills    | bajio
leon               | León                     | -101.80 | 21.20 | clear    | bajio
aguascalientes     | Aguascalientes           | -102.29 | 21.88 | clear    | bajio
morelia            | Morelia                  | -101.19 | 19.70 | hills    | bajio
uruapan            | Uruapan                  | -102.15 | 19.25 | mountain | jalisco
guadalajara        | Guadalajara              | -103.35 | 20.67 | clear    | jalisco
colima             | Colima                   | -103.72 | 19.24 | hills    | jalisco
"""
)


@dataclass(frozen=True)
class Water:
    """A sea or river region, named after its anchorage or reach."""

    id: str
    name: str
    lon: float
    lat: float
    terrain: str


COASTAL_SEAS = [
    Water("louisiana-coast", "Louisiana Coast", -90.80, 28.70, "coastal-waters"),
    Water("sabine-coast", "Sabine Coast", -93.30, 29.25, "coastal-waters"),
    Water("galveston-roads", "Galveston Roads", -94.80, 28.85, "coastal-waters"),
    Water("matagorda-coast", "Matagorda Coast", -96.30, 28.00, "coastal-waters"),
    Water("padre-coast", "Padre Island Coast", -97.00, 27.00, "coastal-waters"),
    Water("brazos-santiago", "Brazos Santiago Roads", -96.95, 25.90, "coastal-waters"),
    Water("tamaulipas-coast", "Tamaulipas Coast", -97.35, 24.30, "coastal-waters"),
    Water("tampico-bar", "Tampico Bar", -97.50, 22.40, "coastal-waters"),
    Water("tuxpan-coast", "Tuxpan Coast", -97.00, 21.00, "coastal-waters"),
    Water("veracruz-anchorage", "Veracruz Anchorage", -96.00, 19.60, "coastal-waters"),
    Water("alvarado-coast", "Alvarado Coast", -95.00, 18.90, "coastal-waters"),
    Water("tabasco-coast", "Tabasco Coast", -93.00, 18.80, "coastal-waters"),
    Water("campeche-bank", "Campeche Bank", -90.80, 20.60, "coastal-waters"),
]
HIGH_SEAS = [
    Water("northern-gulf", "Northern Gulf", -92.00, 27.30, "high-seas"),
    Water("western-gulf", "Western Gulf", -95.30, 24.50, "high-seas"),
    Water("bay-of-campeche", "Bay of Campeche", -94.00, 20.60, "high-seas"),
    Water("eastern-gulf", "Eastern Gulf", -90.20, 24.50, "high-seas"),
]
RIVER_REACHES = [
    Water("rio-grande-lower", "Rio Grande: Matamoros Reach", -97.60, 25.95, "river"),
    Water("rio-grande-upper", "Rio Grande: Camargo Reach", -98.55, 26.20, "river"),
]
PACIFIC = Water("pacific", "Pacific Ocean", -104.50, 18.20, "coastal-waters")


@dataclass
class Region:
    """One region of the finished map."""

    id: str
    name: str
    terrain: str
    area: str | None
    shape: Polygon
    anchor: XY
    rings: list[list[XY]] = field(default_factory=list)


@dataclass
class Border:
    """Two neighbouring regions and what their common border follows."""

    a: str
    b: str
    length: float
    follows: str | None
    """``"nueces"``, ``"rio-grande"`` or ``None`` for an ordinary border."""


@dataclass
class Map:
    regions: dict[str, Region]
    borders: list[Border]

    def touching(self, a: str, b: str) -> bool:
        return any({x.a, x.b} == {a, b} for x in self.borders)


# -- building -------------------------------------------------------------------------------------


def _voronoi_lines(points: list[XY], frame: Polygon) -> list[LineString]:
    cells = shapely.voronoi_polygons(MultiPoint(points), extend_to=frame)
    return [cell.exterior for cell in shapely.get_parts(cells)]


def _nearest(point: Point, seeds: list[tuple[str, XY]]) -> str:
    return min(seeds, key=lambda s: (s[1][0] - point.x) ** 2 + (s[1][1] - point.y) ** 2)[0]


def build_map() -> Map:
    """Every region of the map with its outline, and every pair of neighbours."""
    frame = box(0.0, 0.0, WIDTH, HEIGHT)
    corner_ne, corner_se = project(LON_EAST, LAT_NORTH), project(LON_EAST, LAT_SOUTH)
    corner_sw, corner_nw = project(LON_WEST, LAT_SOUTH), project(LON_WEST, LAT_NORTH)
    # The land wraps the Gulf on three sides; the Gulf leaves the map by its eastern edge.
    land = Polygon(
        [corner_ne, *_line(GULF_COAST), corner_se, *_line(PACIFIC_COAST), corner_nw]
    ).buffer(0)
    del corner_sw  # the Pacific coast cuts the south-west corner off the land
    sea = frame.difference(land)
    pacific = max(
        (p for p in shapely.get_parts(sea) if p.centroid.x < WIDTH / 3), key=lambda p: p.area
    )
    gulf = sea.difference(pacific)
    river_line = LineString(_line(RIO_GRANDE_NAVIGABLE))
    river = river_line.buffer(RIVER_HALF_WIDTH * SCALE).intersection(land)
    lakes = {lid: Polygon(_line(ring)) for lid, (_, ring) in LAKES.items()}
    rio_grande = LineString(_line(RIO_GRANDE_UPPER))
    nueces = LineString(_line(NUECES))
    band = land.buffer(COASTAL_BAND * SCALE).intersection(gulf)

    land_seeds = [(p.id, project(p.lon, p.lat)) for p in LAND]
    coastal_seeds = [(w.id, project(w.lon, w.lat)) for w in COASTAL_SEAS]
    high_seeds = [(w.id, project(w.lon, w.lat)) for w in HIGH_SEAS]
    river_seeds = [(w.id, project(w.lon, w.lat)) for w in RIVER_REACHES]

    lines: list[LineString] = [frame.exterior, rio_grande, nueces]
    for shape in [land, river, band, *lakes.values()]:
        lines.extend(shapely.get_parts(shapely.boundary(shape)))
    for seeds in (land_seeds, coastal_seeds + high_seeds, river_seeds):
        lines.extend(_voronoi_lines([xy for _, xy in seeds], frame))
    noded = unary_union(lines)

    # Land cut by the rivers falls into three pieces: Mexico, the strip between the Nueces and
    # the Rio Grande, and Texas beyond the Nueces. A face of land goes to the nearest town of its
    # own piece, so that no region straddles a river.
    cut = land.difference(river)
    for lake in lakes.values():
        cut = cut.difference(lake)
    pieces = list(polygonize(unary_union([cut.boundary, rio_grande, nueces])))
    pieces = [p for p in pieces if cut.contains(p.representative_point())]

    def piece_of(point: Point) -> int:
        return next(i for i, p in enumerate(pieces) if p.covers(point))

    seeds_by_piece: dict[int, list[tuple[str, XY]]] = defaultdict(list)
    for seed in land_seeds:
        seeds_by_piece[piece_of(Point(seed[1]))].append(seed)

    faces: dict[str, list[Polygon]] = defaultdict(list)
    for face in polygonize(noded):
        if face.area < 1e-9:
            continue
        point = face.representative_point()
        if not frame.contains(point):
            continue  # Voronoi cells reach past the map's edge
        lake = next((lid for lid, shape in lakes.items() if shape.contains(point)), None)
        if lake is not None:
            owner = lake
        elif river.contains(point):
            owner = _nearest(point, river_seeds)
        elif land.contains(point):
            owner = _nearest(point, seeds_by_piece[piece_of(point)])
        elif pacific.contains(point):
            owner = PACIFIC.id
        elif band.contains(point):
            owner = _nearest(point, coastal_seeds)
        else:
            owner = _nearest(point, high_seeds)
        faces[owner].append(face)

    shapes = _mend_strays({rid: unary_union(parts) for rid, parts in faces.items()})
    regions: dict[str, Region] = {}
    names = {p.id: (p.name, p.terrain, p.area) for p in LAND}
    for water in [*COASTAL_SEAS, *HIGH_SEAS, *RIVER_REACHES, PACIFIC]:
        area = "pacific" if water is PACIFIC else "gulf-of-mexico"
        names[water.id] = (water.name, water.terrain, area)
    for lid, (name, _) in LAKES.items():
        names[lid] = (name, "lake", None)
    anchors = dict(land_seeds + coastal_seeds + high_seeds + river_seeds)
    for rid, shape in shapes.items():
        if shape.geom_type != "Polygon":
            sizes = sorted((round(p.area), p.representative_point()) for p in shape.geoms)
            raise RuntimeError(f"region {rid} falls apart: {sizes}")
        name, terrain, area = names[rid]
        anchor = anchors.get(rid)
        if anchor is None:
            point = shape.representative_point()
            anchor = (point.x, point.y)
        regions[rid] = Region(rid, name, terrain, area, shape, anchor)
    missing = set(names) - set(regions)
    if missing:
        raise RuntimeError(f"regions without ground: {sorted(missing)}")
    _share_and_round(regions)
    return Map(regions, _borders(regions, rio_grande, nueces))


_LAND_IDS = frozenset(p.id for p in LAND)


def _mend_strays(shapes: dict[str, shapely.Geometry]) -> dict[str, shapely.Geometry]:
    """Hand every stray piece of a region (cut off from its main part by a coast or a river)
    to the neighbour it shares the longest border with."""
    changed = True
    while changed:
        changed = False
        for rid, shape in list(shapes.items()):
            if shape.geom_type == "Polygon":
                continue
            parts = sorted(shapely.get_parts(shape), key=lambda p: -p.area)
            shapes[rid] = parts[0]
            for stray in parts[1:]:
                best = max(
                    (o for o in shapes if o != rid and (o in _LAND_IDS) == (rid in _LAND_IDS)),
                    key=lambda other: stray.boundary.intersection(shapes[other].boundary).length,
                )
                shapes[best] = unary_union([shapes[best], stray])
            changed = True
    return shapes


def _share_and_round(regions: dict[str, Region]) -> None:
    """Give every ring each vertex of the other regions that lies on one of its edges, then round
    all coordinates the same way: shared vertices stay shared, and no border gets a T-junction."""
    shapes = list(regions.values())
    vertices = np.unique(
        np.concatenate([shapely.get_coordinates(r.shape.boundary) for r in shapes]), axis=0
    )
    tree = shapely.STRtree(shapely.points(vertices))
    for region in shapes:
        rings = [region.shape.exterior, *region.shape.interiors]
        out = []
        for ring in rings:
            coords = list(ring.coords)[:-1]
            result: list[XY] = []
            for i, start in enumerate(coords):
                end = coords[(i + 1) % len(coords)]
                result.append(start)
                segment = LineString([start, end])
                extra = []
                for j in tree.query(segment, predicate="dwithin", distance=1e-7):
                    x, y = vertices[j]
                    if (x, y) in (start, end):
                        continue
                    t = segment.project(Point(x, y))
                    if 0 < t < segment.length:
                        extra.append((t, (float(x), float(y))))
                result.extend(xy for _, xy in sorted(extra))
            rounded: list[XY] = []
            for x, y in result:
                xy = (round(x, DECIMALS) + 0.0, round(y, DECIMALS) + 0.0)
                if not rounded or rounded[-1] != xy:
                    rounded.append(xy)
            while len(rounded) > 1 and rounded[0] == rounded[-1]:
                rounded.pop()
            out.append(rounded)
        region.rings = out
        region.shape = Polygon(out[0], out[1:])


def _borders(
    regions: dict[str, Region], rio_grande: LineString, nueces: LineString
) -> list[Border]:
    ids = list(regions)
    shapes = np.array([regions[r].shape for r in ids], dtype=object)
    found = shared_borders(shapes, tolerance=0.5)
    rivers = {"rio-grande": rio_grande.buffer(0.05), "nueces": nueces.buffer(0.05)}
    out = []
    for i, j, length in zip(found.left, found.right, found.length, strict=True):
        a, b = ids[i], ids[j]
        common = shapes[i].boundary.intersection(shapes[j].boundary)
        follows = None
        for river_id, corridor in rivers.items():
            if common.difference(corridor).length < 0.5 * common.length:
                follows = river_id
        out.append(Border(a, b, float(length), follows))
    return out
