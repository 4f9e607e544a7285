"""The real geography the Winter War map was cut from, and the cut.

Everything here is geography: the outlines of the seas and lakes, the 1939 border and the
waterways that the regions must follow exactly, and the towns around which the land is cut.
Coordinates are written as (longitude, latitude) in degrees, as an atlas gives them, and
projected to map units (about one kilometre each) by :data:`MAP`, the projection the scenario
stores. ``cut.py`` runs :func:`partition` and writes the regions to ``regions.geojson`` in
longitude and latitude, with each town's name, terrain, area and network as the first values
of its region's row; ``build.py`` imports that file. After the cut, the file is the map's
source: a change here reaches the sample only through ``cut.py`` (which starts the file over).

How the land is cut (see :func:`partition`):

1. the map rectangle minus the seas and lakes is the land;
2. the land is split along the *cut lines* (the 1939 border, the Vuoksi with the Saimaa
   canal, the Svir, the Kemijoki, and the Narva and Torne rivers that bound Estonia and
   Sweden) into banks, so that region borders follow those lines exactly;
3. each bank is divided among the towns standing on it (Voronoi cells clipped to the bank);
4. every outline is noded against every other, the faces are rounded to 0.1 map unit and
   stitched back together edge by edge, so that neighbours share their vertices exactly.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field

import numpy as np
import shapely
from shapely.geometry import LineString, MultiPoint, Point, Polygon, box
from shapely.geometry.polygon import orient

from schemas.gis import Projector
from schemas.gis.projection import LONLAT, parse_crs

# -- projection -----------------------------------------------------------------------------------

WEST, EAST, SOUTH, NORTH = 22.6, 36.2, 59.25, 67.6
"""Longitudes and latitudes of the map's edges."""
KM_PER_DEGREE = 111.32
MID_LATITUDE = 63.5
"""One scale for the whole map: an equirectangular projection true at this latitude, which
keeps the map a rectangle (the far north looks a little wide, the Gulf a little narrow)."""
RADIUS_M = KM_PER_DEGREE * 1000 * 180 / math.pi
"""The sphere on which a degree of latitude is KM_PER_DEGREE long."""
PROJECTION = (
    f"+proj=eqc +lat_ts={MID_LATITUDE} +lon_0={WEST} +x_0=0 +y_0=0 +R={RADIUS_M:.6f} "
    "+units=m +no_defs"
)
MAP = Projector(LONLAT, parse_crs(PROJECTION), (0.0, NORTH * KM_PER_DEGREE * 1000), 1.0)
"""The map's projection, through the project's GIS import (pyproj): the top-left corner at
(WEST, NORTH), one map unit a kilometre, north up. The scenario stores it (map.projection),
so the regions can be exported in longitude and latitude and more data imported onto them."""
GRID = 0.1
"""Map coordinates are rounded to this step (100 m): short numbers, and no near-duplicates."""


def project(lon: float, lat: float) -> tuple[float, float]:
    """Map units (x east, y south) of a longitude and latitude."""
    x, y = MAP.points_to_map(np.array([[lon, lat]]))[0].tolist()
    return (x, y)


def project_all(points: Iterable[tuple[float, float]]) -> list[tuple[float, float]]:
    rows = np.asarray(list(points), dtype=float).reshape(-1, 2)
    return [(x, y) for x, y in MAP.points_to_map(rows).tolist()]


WIDTH, HEIGHT = project(EAST, SOUTH)


# -- water and neutral ground ---------------------------------------------------------------------

GULF_OF_FINLAND = [
    (22.6, 59.90), (22.95, 59.82), (23.2, 59.92), (23.43, 59.95), (23.99, 60.02),
    (24.35, 59.98), (24.65, 60.12), (24.95, 60.15), (25.3, 60.22), (25.66, 60.34),
    (26.23, 60.42), (26.6, 60.42), (26.95, 60.44), (27.2, 60.53), (27.7, 60.52),
    (28.05, 60.55), (28.35, 60.58), (28.55, 60.62), (28.70, 60.665), (28.62, 60.55),
    (28.5, 60.45), (28.6, 60.36), (28.9, 60.28), (29.3, 60.19), (29.7, 60.17),
    (29.95, 60.09), (30.0, 60.02), (30.2, 59.98), (30.25, 59.91), (30.05, 59.86),
    (29.77, 59.90), (29.1, 59.90), (28.8, 59.76), (28.45, 59.78), (28.15, 59.75),
    (28.35, 59.63), (28.2, 59.52), (28.04, 59.47), (27.3, 59.45), (26.6, 59.54),
    (25.7, 59.60), (25.2, 59.50), (24.75, 59.45), (24.4, 59.40), (24.05, 59.37),
    (23.5, 59.25), (22.6, 59.25),
]  # fmt: skip
GULF_SPLIT_LONGITUDE = 26.6
"""The gulf is two sea regions, west and east of this meridian (off Pyhtää)."""

GULF_OF_BOTHNIA = [
    (22.6, 65.70), (23.2, 65.78), (23.7, 65.80), (24.13, 65.83), (24.55, 65.72),
    (25.0, 65.60), (25.37, 65.32), (25.40, 65.00), (25.20, 64.85), (24.85, 64.74),
    (24.45, 64.66), (24.15, 64.45), (23.95, 64.25), (23.55, 64.02), (23.10, 63.84),
    (22.80, 63.70), (22.6, 63.58),
]  # fmt: skip

WHITE_SEA = [
    (32.41, 67.15), (32.9, 67.08), (33.6, 66.85), (34.35, 66.68), (35.3, 66.45),
    (36.2, 66.32), (36.2, 64.0), (35.5, 64.25), (34.77, 64.52), (34.58, 64.95),
    (34.75, 65.40), (34.60, 65.90), (33.60, 66.30), (33.10, 66.45), (32.87, 66.70),
    (32.50, 66.98),
]  # fmt: skip

LAKES: dict[str, tuple[str, list[tuple[float, float]]]] = {
    "lake-ladoga": ("Lake Ladoga", [
        (31.03, 59.95), (30.97, 60.12), (30.92, 60.30), (30.80, 60.45), (30.62, 60.54),
        (30.45, 60.70), (30.28, 60.86), (30.15, 61.00), (30.05, 61.15), (30.12, 61.32),
        (30.30, 61.47), (30.50, 61.62), (30.72, 61.68), (31.00, 61.70), (31.20, 61.64),
        (31.50, 61.54), (31.85, 61.34), (32.15, 61.24), (32.42, 61.14), (32.70, 60.95),
        (32.90, 60.62), (32.92, 60.50), (32.60, 60.28), (32.35, 60.12), (32.00, 60.02),
        (31.60, 59.98), (31.25, 59.93),
    ]),
    "lake-onega": ("Lake Onega", [
        (35.45, 61.02), (35.00, 61.18), (34.65, 61.45), (34.45, 61.72), (34.40, 61.82),
        (34.45, 62.00), (34.32, 62.18), (34.55, 62.45), (34.48, 62.75), (34.46, 62.88),
        (34.85, 62.82), (35.20, 62.55), (35.60, 62.35), (36.20, 62.30), (36.20, 61.25),
        (35.90, 61.12),
    ]),
    "lake-saimaa": ("Lake Saimaa", [
        (28.12, 61.06), (28.30, 61.07), (28.55, 61.15), (28.78, 61.22), (28.88, 61.35),
        (28.95, 61.55), (29.05, 61.72), (28.95, 61.82), (28.65, 61.78), (28.40, 61.68),
        (28.10, 61.62), (27.80, 61.60), (27.42, 61.70), (27.45, 61.55), (27.75, 61.40),
        (27.95, 61.22),
    ]),
    "lake-haukivesi": ("Haukivesi and Orivesi", [
        (27.95, 62.28), (28.35, 62.12), (28.75, 61.97), (29.15, 62.02), (29.50, 62.20),
        (29.72, 62.42), (29.74, 62.56), (29.55, 62.52), (29.25, 62.40), (28.95, 62.28),
        (28.60, 62.34), (28.25, 62.44), (27.98, 62.42),
    ]),
    "lake-paijanne": ("Lake Päijänne", [
        (25.45, 61.12), (25.62, 61.10), (25.72, 61.30), (25.62, 61.55), (25.58, 61.85),
        (25.72, 62.08), (25.82, 62.18), (25.72, 62.22), (25.52, 62.00), (25.42, 61.70),
        (25.40, 61.40),
    ]),
    "lake-pielinen": ("Lake Pielinen", [
        (29.55, 62.95), (29.80, 63.08), (29.92, 63.28), (29.80, 63.45), (29.50, 63.58),
        (29.25, 63.58), (29.30, 63.35), (29.42, 63.12),
    ]),
    "lake-oulujarvi": ("Lake Oulujärvi", [
        (26.65, 64.38), (26.90, 64.50), (27.30, 64.46), (27.62, 64.32), (27.45, 64.22),
        (27.10, 64.24), (26.80, 64.30),
    ]),
    "lake-kiantajarvi": ("Lake Kiantajärvi", [
        (28.75, 64.95), (29.00, 64.93), (29.22, 65.00), (29.25, 65.12), (29.05, 65.15),
        (28.85, 65.08),
    ]),
    "lake-kuito": ("Kuito Lakes", [
        (30.45, 64.80), (30.90, 64.88), (31.40, 65.05), (31.65, 65.20), (31.30, 65.22),
        (30.90, 65.12), (30.55, 64.98),
    ]),
    "lake-topozero": ("Lake Topozero", [
        (31.70, 65.45), (32.20, 65.40), (32.55, 65.60), (32.35, 65.85), (31.95, 65.82),
        (31.75, 65.65),
    ]),
    "lake-pyaozero": ("Lake Pyaozero", [
        (30.80, 65.95), (31.30, 65.90), (31.60, 66.02), (31.30, 66.15), (30.90, 66.12),
    ]),
    "lake-segozero": ("Lake Segozero", [
        (33.35, 63.15), (33.75, 63.10), (34.10, 63.25), (34.05, 63.45), (33.70, 63.50),
        (33.40, 63.35),
    ]),
    "lake-vygozero": ("Lake Vygozero", [
        (34.30, 63.40), (34.70, 63.30), (35.10, 63.45), (35.00, 63.75), (34.55, 63.85),
        (34.35, 63.65),
    ]),
}  # fmt: skip

# -- lines the regions must follow ----------------------------------------------------------------

CUT_LINES: dict[str, list[tuple[float, float]]] = {
    # The 1939 border on the Karelian Isthmus, from the Gulf up the Rajajoki to Ladoga.
    "border-isthmus": [
        (29.88, 60.05), (30.02, 60.13), (30.15, 60.25), (30.35, 60.33), (30.6, 60.36),
        (30.85, 60.36), (31.0, 60.36),
    ],
    # The 1939 border from Ladoga to the Arctic.
    "border-north": [
        (32.05, 61.20), (32.15, 61.32), (32.55, 61.62), (32.85, 61.95), (32.75, 62.25),
        (32.35, 62.55), (31.85, 62.80), (31.40, 63.10), (31.00, 63.50), (30.60, 64.00),
        (30.45, 64.35), (30.10, 64.75), (30.00, 65.15), (29.95, 65.60), (30.10, 66.05),
        (29.95, 66.40), (30.05, 66.85), (29.90, 67.25), (29.80, 67.75),
    ],
    # The Vuoksi from Saimaa at Imatra to Ladoga at Taipale.
    "vuoksi": [
        (28.70, 61.22), (28.82, 61.17), (28.95, 61.08), (29.18, 60.95), (29.45, 60.83),
        (29.75, 60.72), (30.05, 60.63), (30.35, 60.58), (30.55, 60.57), (30.80, 60.55),
    ],
    # The Saimaa canal, from Lappeenranta to the head of Viipuri Bay.
    "saimaa-canal": [
        (28.20, 61.10), (28.25, 61.00), (28.40, 60.88), (28.58, 60.76), (28.60, 60.60),
    ],
    # The Svir between Ladoga and Onega.
    "svir": [
        (32.85, 60.52), (33.20, 60.62), (33.55, 60.72), (34.00, 60.85), (34.40, 60.92),
        (34.90, 60.95), (35.50, 61.08),
    ],
    # The Kemijoki, from the border past Kemijärvi and Rovaniemi to the sea at Kemi.
    "kemijoki": [
        (30.20, 67.15), (28.90, 67.20), (28.16, 67.29), (27.51, 67.10), (27.43, 66.75),
        (26.60, 66.60), (25.72, 66.50), (25.20, 66.20), (24.75, 65.85), (24.62, 65.65),
    ],
    # The Narva, Estonia's border, and the Torne, Sweden's.
    "narva": [(28.00, 59.50), (28.10, 59.38), (28.20, 59.20)],
    "torne": [
        (24.15, 65.78), (24.13, 65.83), (23.95, 66.10), (23.68, 66.40), (23.90, 66.75),
        (23.70, 67.10), (23.55, 67.70),
    ],
}  # fmt: skip

RIVERS: dict[str, tuple[str, list[tuple[float, float]]]] = {
    # id: (connection type, course). A connection whose two towns lie on either side of one of
    # these lines crosses the river.
    "vuoksi": ("major-river", CUT_LINES["vuoksi"]),
    "saimaa-canal": ("river", CUT_LINES["saimaa-canal"]),
    "svir": ("river", CUT_LINES["svir"]),
    "kemijoki": ("river", CUT_LINES["kemijoki"][1:]),
    "kymijoki": ("river", [
        (25.60, 61.15), (26.03, 61.20), (26.45, 61.00), (26.62, 60.90), (26.80, 60.70),
        (26.90, 60.42),
    ]),
    "oulujoki": ("river", [
        (26.95, 64.45), (26.84, 64.56), (26.42, 64.76), (25.99, 64.81), (25.50, 65.00),
        (25.30, 65.03),
    ]),
}  # fmt: skip

# -- towns ----------------------------------------------------------------------------------------


@dataclass
class Town:
    """A land region, cut around a town (or a named stretch of country) at lon/lat; its
    name, terrain, network and area are the first values of the region in regions.geojson
    (and the town's point is where connections start when crossing rivers, see mapdata)."""

    id: str
    name: str
    lon: float
    lat: float
    terrain: str
    network: str = "trail"
    area: str = ""
    stacking: int | None = None
    description: str = ""
    extra: dict[str, object] = field(default_factory=dict)


def _t(id: str, name: str, lon: float, lat: float, terrain: str, network: str, area: str) -> Town:
    return Town(id, name, lon, lat, terrain, network, area)


TOWNS: list[Town] = [
    # Southern Finland
    _t("hanko", "Hanko", 22.95, 59.86, "clear", "rail", "uusimaa"),
    _t("lohja", "Lohja", 24.07, 60.25, "forest", "road", "uusimaa"),
    _t("helsinki", "Helsinki", 24.94, 60.21, "urban", "rail", "uusimaa"),
    _t("porvoo", "Porvoo", 25.66, 60.42, "clear", "road", "uusimaa"),
    _t("loviisa", "Loviisa", 26.23, 60.50, "forest", "road", "uusimaa"),
    _t("hameenlinna", "Hämeenlinna", 24.46, 61.00, "forested-lakes", "rail", "hame"),
    _t("tampere", "Tampere", 23.76, 61.50, "forested-lakes", "rail", "hame"),
    _t("lahti", "Lahti", 25.66, 60.98, "clear", "rail", "hame"),
    _t("kouvola", "Kouvola", 26.70, 60.87, "forest", "rail", "kymenlaakso"),
    _t("kotka", "Kotka", 26.95, 60.49, "clear", "rail", "kymenlaakso"),
    _t("virolahti", "Virolahti", 27.70, 60.60, "forest", "road", "kymenlaakso"),
    _t("saakkijarvi", "Säkkijärvi", 28.10, 60.64, "forest", "road", "kymenlaakso"),
    _t("lappeenranta", "Lappeenranta", 28.10, 60.98, "forest", "rail", "kymenlaakso"),
    # The Karelian Isthmus, south of the Vuoksi and east of the Saimaa canal
    _t("viipuri", "Viipuri", 28.78, 60.72, "urban", "rail", "viipuri"),
    _t("imatra", "Imatra", 28.72, 61.13, "forest", "rail", "viipuri"),
    _t("koivisto", "Koivisto", 28.72, 60.39, "forest", "road", "mannerheim-line"),
    _t("kuolemajarvi", "Kuolemajärvi", 29.00, 60.47, "forested-lakes", "road", "mannerheim-line"),
    _t("summa", "Summa", 29.12, 60.62, "marsh", "rail", "mannerheim-line"),
    _t("muolaa", "Muolaa", 29.42, 60.66, "forested-lakes", "road", "mannerheim-line"),
    _t("ayrapaa", "Äyräpää", 29.62, 60.74, "forest", "road", "mannerheim-line"),
    _t("tali", "Tali", 28.98, 60.82, "forest", "road", "viipuri"),
    _t("perkjarvi", "Perkjärvi", 29.38, 60.50, "forest", "rail", "isthmus-front"),
    _t("uusikirkko", "Uusikirkko", 29.35, 60.30, "forest", "road", "isthmus-front"),
    _t("terijoki", "Terijoki", 29.70, 60.22, "forest", "rail", "isthmus-front"),
    _t("kivennapa", "Kivennapa", 29.85, 60.40, "forest", "road", "isthmus-front"),
    _t("rautu", "Rautu", 30.18, 60.45, "forest", "rail", "isthmus-front"),
    _t("metsapirtti", "Metsäpirtti", 30.55, 60.46, "forest", "road", "isthmus-front"),
    # North of the Vuoksi
    _t("taipale", "Taipale", 30.42, 60.66, "marsh", "road", "mannerheim-line"),
    _t("sakkola", "Sakkola", 30.00, 60.76, "forest", "road", "viipuri"),
    _t("antrea", "Antrea", 29.15, 61.03, "forest", "rail", "viipuri"),
    _t("kakisalmi", "Käkisalmi", 30.02, 61.04, "forest", "rail", "viipuri"),
    _t("ruokolahti", "Ruokolahti", 28.98, 61.33, "forested-lakes", "road", "viipuri"),
    _t("hiitola", "Hiitola", 29.75, 61.27, "forested-lakes", "rail", "ladoga-karelia"),
    _t("parikkala", "Parikkala", 29.52, 61.62, "forested-lakes", "rail", "ladoga-karelia"),
    _t("lahdenpohja", "Lahdenpohja", 30.12, 61.52, "forested-lakes", "road", "ladoga-karelia"),
    # Ladoga Karelia
    _t("sortavala", "Sortavala", 30.62, 61.75, "forested-lakes", "rail", "ladoga-karelia"),
    _t("impilahti", "Impilahti", 31.12, 61.76, "forest", "road", "ladoga-karelia"),
    _t("pitkaranta", "Pitkäranta", 31.50, 61.64, "forest", "rail", "ladoga-karelia"),
    _t("salmi", "Salmi", 31.86, 61.44, "forest", "road", "ladoga-karelia"),
    _t("loimola", "Loimola", 31.75, 62.08, "deep-forest", "rail", "ladoga-karelia"),
    _t("suojarvi", "Suojärvi", 32.36, 62.08, "forest", "rail", "ladoga-karelia"),
    _t("tolvajarvi", "Tolvajärvi", 31.55, 62.32, "forested-lakes", "trail", "ladoga-karelia"),
    _t("aglajarvi", "Ägläjärvi", 32.15, 62.40, "deep-forest", "trail", "ladoga-karelia"),
    _t("varstila", "Värtsilä", 30.69, 62.18, "forest", "rail", "north-karelia"),
    _t("korpiselka", "Korpiselkä", 31.08, 62.02, "forest", "road", "ladoga-karelia"),
    # The lake district and North Karelia
    _t("mikkeli", "Mikkeli", 27.20, 61.70, "forested-lakes", "rail", "savo"),
    _t("heinola", "Heinola", 26.03, 61.22, "forested-lakes", "road", "hame"),
    _t("savonlinna", "Savonlinna", 28.88, 61.90, "forested-lakes", "rail", "savo"),
    _t("pieksamaki", "Pieksämäki", 27.13, 62.30, "forested-lakes", "rail", "savo"),
    _t("varkaus", "Varkaus", 27.80, 62.32, "forested-lakes", "rail", "savo"),
    _t("heinavesi", "Heinävesi", 28.60, 62.50, "forested-lakes", "road", "savo"),
    _t("kitee", "Kitee", 30.14, 62.10, "forested-lakes", "rail", "north-karelia"),
    _t("joensuu", "Joensuu", 29.78, 62.64, "forested-lakes", "rail", "north-karelia"),
    _t("ilomantsi", "Ilomantsi", 30.93, 62.67, "deep-forest", "road", "north-karelia"),
    _t("lieksa", "Lieksa", 30.08, 63.32, "forest", "rail", "north-karelia"),
    _t("nurmes", "Nurmes", 29.10, 63.55, "forested-lakes", "rail", "north-karelia"),
    _t("kuopio", "Kuopio", 27.68, 62.89, "forested-lakes", "rail", "savo"),
    _t("iisalmi", "Iisalmi", 27.19, 63.56, "forested-lakes", "rail", "savo"),
    _t("jyvaskyla", "Jyväskylä", 25.75, 62.28, "forested-lakes", "rail", "central-finland"),
    _t("viitasaari", "Viitasaari", 25.86, 63.07, "forested-lakes", "road", "central-finland"),
    _t("seinajoki", "Seinäjoki", 22.84, 62.79, "clear", "rail", "ostrobothnia"),
    _t("kokkola", "Kokkola", 23.20, 63.78, "clear", "rail", "ostrobothnia"),
    _t("ylivieska", "Ylivieska", 24.55, 64.07, "clear", "rail", "ostrobothnia"),
    _t("raahe", "Raahe", 24.60, 64.62, "clear", "road", "ostrobothnia"),
    # Oulu, Kainuu and the waist of Finland
    _t("oulu", "Oulu", 25.52, 64.98, "clear", "rail", "oulu"),
    _t("muhos", "Muhos", 25.99, 64.76, "marsh", "rail", "oulu"),
    _t("ii", "Ii", 25.55, 65.32, "marsh", "rail", "oulu"),
    _t("vaala", "Vaala", 26.80, 64.60, "forest", "rail", "kainuu"),
    _t("kajaani", "Kajaani", 27.76, 64.22, "forest", "rail", "kainuu"),
    _t("sotkamo", "Sotkamo", 28.39, 64.13, "forested-lakes", "road", "kainuu"),
    _t("kuhmo", "Kuhmo", 29.52, 64.13, "forested-lakes", "road", "kainuu"),
    _t("lentiira", "Lentiira", 29.98, 64.38, "deep-forest", "trail", "kainuu"),
    _t("hyrynsalmi", "Hyrynsalmi", 28.49, 64.68, "forest", "road", "kainuu"),
    _t("suomussalmi", "Suomussalmi", 28.91, 64.86, "forest", "road", "kainuu"),
    _t("raate", "Raate Road", 29.72, 64.80, "deep-forest", "trail", "kainuu"),
    _t("juntusranta", "Juntusranta", 29.55, 65.25, "deep-forest", "trail", "kainuu"),
    _t("pudasjarvi", "Pudasjärvi", 26.99, 65.36, "marsh", "road", "oulu"),
    _t("taivalkoski", "Taivalkoski", 28.25, 65.57, "forest", "road", "kuusamo"),
    _t("kuusamo", "Kuusamo", 29.19, 65.97, "forest", "road", "kuusamo"),
    _t("posio", "Posio", 28.17, 66.11, "forest", "trail", "kuusamo"),
    _t("ranua", "Ranua", 26.52, 65.93, "marsh", "road", "lapland"),
    # Lapland
    _t("salla", "Salla", 29.05, 66.82, "rough", "road", "salla"),
    _t("joutsijarvi", "Joutsijärvi", 28.20, 66.55, "forest", "road", "salla"),
    _t("savukoski", "Savukoski", 28.70, 67.05, "rough", "trail", "salla"),
    _t("kemijarvi", "Kemijärvi", 27.25, 66.75, "forest", "rail", "lapland"),
    _t("sodankyla", "Sodankylä", 26.59, 67.42, "rough", "road", "lapland"),
    _t("rovaniemi", "Rovaniemi", 25.72, 66.58, "forest", "rail", "lapland"),
    _t("tornio", "Tornio", 24.22, 65.90, "clear", "rail", "lapland"),
    _t("kemi", "Kemi", 24.50, 65.78, "clear", "rail", "lapland"),
    # The Soviet side: Leningrad and Ingria
    _t("sestroretsk", "Sestroretsk", 30.06, 60.07, "forest", "rail", "leningrad"),
    _t("lembolovo", "Lembolovo", 30.40, 60.28, "forest", "road", "leningrad"),
    _t("toksovo", "Toksovo", 30.55, 60.14, "forest", "road", "leningrad"),
    _t("leningrad", "Leningrad", 30.38, 59.94, "urban", "rail", "leningrad"),
    _t("oranienbaum", "Oranienbaum", 29.55, 59.82, "forest", "rail", "leningrad"),
    _t("kingisepp", "Kingisepp", 28.60, 59.40, "forest", "rail", "leningrad"),
    _t("gatchina", "Gatchina", 30.12, 59.55, "clear", "rail", "leningrad"),
    _t("shlisselburg", "Shlisselburg", 31.05, 59.85, "marsh", "road", "leningrad"),
    _t("volkhov", "Volkhov", 32.32, 59.88, "forest", "rail", "svir"),
    _t("lodeynoye-pole", "Lodeynoye Pole", 33.50, 60.66, "forest", "rail", "svir"),
    # Olonets Karelia
    _t("olonets", "Olonets", 32.97, 60.98, "marsh", "road", "olonets"),
    _t("vidlitsa", "Vidlitsa", 32.50, 61.24, "forest", "road", "olonets"),
    _t("pryazha", "Pryazha", 33.63, 61.69, "forest", "road", "olonets"),
    _t("petrozavodsk", "Petrozavodsk", 34.25, 61.80, "forest", "rail", "olonets"),
    _t("vedlozero", "Vedlozero", 33.05, 61.95, "deep-forest", "trail", "olonets"),
    _t("kondopoga", "Kondopoga", 34.15, 62.20, "forest", "rail", "olonets"),
    _t("porosozero", "Porosozero", 32.75, 62.72, "deep-forest", "trail", "olonets"),
    _t("medvezhyegorsk", "Medvezhyegorsk", 34.35, 62.98, "forest", "rail", "olonets"),
    # White Sea Karelia
    _t("lendery", "Lendery", 31.25, 63.42, "deep-forest", "trail", "white-sea-karelia"),
    _t("reboly", "Reboly", 30.82, 63.84, "deep-forest", "trail", "white-sea-karelia"),
    _t("muyezersky", "Muyezersky", 32.00, 63.95, "deep-forest", "trail", "white-sea-karelia"),
    _t("segezha", "Segezha", 34.25, 63.82, "forest", "rail", "white-sea-karelia"),
    _t("rugozero", "Rugozero", 32.75, 64.15, "deep-forest", "trail", "white-sea-karelia"),
    _t("voknavolok", "Voknavolok", 30.45, 65.05, "deep-forest", "trail", "white-sea-karelia"),
    _t("ukhta", "Ukhta", 31.10, 65.28, "forest", "road", "white-sea-karelia"),
    _t("yushkozero", "Yushkozero", 32.20, 64.75, "deep-forest", "trail", "white-sea-karelia"),
    _t("belomorsk", "Belomorsk", 34.55, 64.42, "forest", "rail", "white-sea-karelia"),
    _t("kem", "Kem", 34.35, 64.98, "forest", "rail", "white-sea-karelia"),
    _t("kestenga", "Kestenga", 31.85, 65.90, "forest", "trail", "white-sea-karelia"),
    _t("sofporog", "Sofporog", 30.95, 65.75, "deep-forest", "trail", "white-sea-karelia"),
    _t("loukhi", "Loukhi", 33.05, 66.07, "forest", "rail", "white-sea-karelia"),
    # Kola
    _t("alakurtti", "Alakurtti", 30.34, 66.96, "rough", "road", "kola"),
    _t("kovda", "Kovda", 32.10, 66.62, "forest", "rail", "kola"),
    _t("kandalaksha", "Kandalaksha", 32.30, 67.30, "rough", "rail", "kola"),
]  # fmt: skip

UNPLAYABLE = {
    # id: (name, a point of its ground, description)
    "sweden": ("Sweden", (23.0, 66.5), "Neutral Sweden, beyond the Torne."),
    "estonia": ("Estonia", (26.0, 59.3), "Neutral Estonia, south of the Gulf."),
}


# -- the partition --------------------------------------------------------------------------------


@dataclass
class Piece:
    """One region's ground before stitching."""

    id: str
    geometry: Polygon


Outline = tuple[list[tuple[float, float]], list[list[tuple[float, float]]]]
"""A region's exterior and holes, in map units on the 0.1-unit grid."""


def _poly(points: list[tuple[float, float]]) -> Polygon:
    return Polygon(project_all(points))


def _line(points: list[tuple[float, float]]) -> LineString:
    return LineString(project_all(points))


def water_pieces(frame: Polygon) -> list[Piece]:
    gulf = _poly(GULF_OF_FINLAND).intersection(frame)
    split_x = project(GULF_SPLIT_LONGITUDE, SOUTH)[0]
    west = gulf.intersection(box(-1, -1, split_x, HEIGHT + 1))
    east = gulf.intersection(box(split_x, -1, WIDTH + 1, HEIGHT + 1))
    pieces = [
        Piece("gulf-west", west),
        Piece("gulf-east", east),
        Piece("bay-of-bothnia", _poly(GULF_OF_BOTHNIA).intersection(frame)),
        Piece("white-sea", _poly(WHITE_SEA).intersection(frame)),
    ]
    pieces += [Piece(key, _poly(ring).intersection(frame)) for key, (_, ring) in LAKES.items()]
    return pieces


def partition() -> dict[str, Outline]:
    """Cut the map into regions whose neighbours share their vertices exactly."""
    frame = box(0, 0, WIDTH, HEIGHT)
    water = water_pieces(frame)
    land = frame.difference(shapely.union_all([p.geometry for p in water]))
    cuts = [_line(points) for points in CUT_LINES.values()]
    noded = shapely.union_all([land.boundary, *cuts])
    banks = [
        face
        for face in shapely.get_parts(shapely.polygonize(shapely.get_parts(noded)))
        if land.contains(face.representative_point())
    ]
    seeds = {t.id: Point(project(t.lon, t.lat)) for t in TOWNS}
    pieces = list(water)
    for key, (_, where, _) in UNPLAYABLE.items():
        spot = Point(project(*where))
        bank = next(b for b in banks if b.contains(spot))
        pieces.append(Piece(key, bank))
        banks.remove(bank)
    for bank in banks:
        inside = [key for key, p in seeds.items() if bank.contains(p)]
        if not inside:
            raise ValueError(f"a bank near {bank.representative_point()} has no town")
        if len(inside) == 1:
            pieces.append(Piece(inside[0], bank))
            continue
        cells = shapely.voronoi_polygons(
            MultiPoint([seeds[k] for k in inside]), extend_to=frame.buffer(200), ordered=True
        )
        for key, cell in zip(inside, shapely.get_parts(cells), strict=True):
            for part in shapely.get_parts(cell.intersection(bank)):
                if isinstance(part, Polygon) and part.area > 0:
                    pieces.append(Piece(key, part))
    for key, point in seeds.items():
        if not any(p.id == key and p.geometry.contains(point) for p in pieces):
            raise ValueError(f"town {key} is not on its own ground (in water or off the map?)")
    return _stitch(pieces, set(seeds))


Edge = tuple[tuple[float, float], tuple[float, float]]


def _snap(point: tuple[float, ...]) -> tuple[float, float]:
    return (round(round(point[0] / GRID) * GRID, 1), round(round(point[1] / GRID) * GRID, 1))


def _ring_edges(ring: Iterable[tuple[float, ...]]) -> list[Edge]:
    points = [_snap(p) for p in ring]
    # Rounding may merge neighbouring points: drop the repeats.
    cleaned = [p for i, p in enumerate(points) if i == 0 or p != points[i - 1]]
    if len(cleaned) > 1 and cleaned[0] == cleaned[-1]:
        cleaned.pop()
    return [(cleaned[i], cleaned[(i + 1) % len(cleaned)]) for i in range(len(cleaned))]


def _stitch(pieces: list[Piece], towns: set[str]) -> dict[str, Outline]:
    """Node every outline against the others, then rebuild each region from its faces."""
    noded = shapely.union_all([p.geometry.boundary for p in pieces])
    faces = list(shapely.get_parts(shapely.polygonize(shapely.get_parts(noded))))
    tree = shapely.STRtree([p.geometry for p in pieces])
    owner_of: list[str] = []
    for face in faces:
        spot = face.representative_point()
        hits = [pieces[i] for i in tree.query(spot, predicate="within")]
        if hits:
            owner_of.append(hits[0].id)
        else:  # a sliver between pieces: give it to the piece it overlaps most
            near = tree.query(face)
            best = max(near, key=lambda i: pieces[i].geometry.intersection(face).area)
            owner_of.append(pieces[best].id)
    face_edges = [
        [e for ring in _rings(orient(face, 1.0)) for e in _ring_edges(ring)] for face in faces
    ]
    owner_of = _one_piece_each(face_edges, owner_of, {p.id for p in pieces if p.id in towns})
    directed: dict[str, list[Edge]] = defaultdict(list)
    for edges, owner in zip(face_edges, owner_of, strict=True):
        directed[owner].extend(edges)
    outlines = {}
    for owner, edges in directed.items():
        present = set(edges)
        boundary = [e for e in edges if (e[1], e[0]) not in present]
        outlines[owner] = _rings_from_edges(owner, boundary)
    return outlines


def _rings(polygon: Polygon) -> list[list[tuple[float, ...]]]:
    return [list(polygon.exterior.coords)[:-1]] + [list(r.coords)[:-1] for r in polygon.interiors]


def _one_piece_each(
    face_edges: list[list[Edge]], owner_of: list[str], movable: set[str]
) -> list[str]:
    """Give the stray parts of a land region (cut off by a lake or a bank) to the neighbour
    that shares most of their border, so that every region is one piece of ground."""
    owner_of = list(owner_of)
    for _ in range(10):
        edge_face: dict[Edge, int] = {}
        for i, edges in enumerate(face_edges):
            for e in edges:
                edge_face[e] = i
        groups: dict[str, list[int]] = defaultdict(list)
        for i, owner in enumerate(owner_of):
            groups[owner].append(i)
        changed = False
        for owner, members in groups.items():
            if owner not in movable or len(members) == 1:
                continue
            components = _components(members, face_edges, edge_face, owner_of)
            if len(components) == 1:
                continue
            components.sort(key=lambda c: -sum(_area(face_edges[i]) for i in c))
            for stray in components[1:]:
                shared: dict[str, float] = defaultdict(float)
                for i in stray:
                    for a, b in face_edges[i]:
                        j = edge_face.get((b, a))
                        if j is not None and owner_of[j] != owner and owner_of[j] in movable:
                            shared[owner_of[j]] += math.dist(a, b)
                if shared:
                    heir = max(shared, key=lambda k: shared[k])
                    for i in stray:
                        owner_of[i] = heir
                    changed = True
        if not changed:
            return owner_of
    return owner_of


def _components(
    members: list[int],
    face_edges: list[list[Edge]],
    edge_face: dict[Edge, int],
    owner_of: list[str],
) -> list[list[int]]:
    left = set(members)
    out = []
    while left:
        start = left.pop()
        group, todo = [start], [start]
        while todo:
            i = todo.pop()
            for a, b in face_edges[i]:
                j = edge_face.get((b, a))
                if j in left and owner_of[j] == owner_of[i]:
                    left.remove(j)
                    group.append(j)
                    todo.append(j)
        out.append(group)
    return out


def _area(edges: list[Edge]) -> float:
    return 0.5 * sum(a[0] * b[1] - b[0] * a[1] for a, b in edges)


def _rings_from_edges(
    owner: str, edges: list[Edge]
) -> tuple[list[tuple[float, float]], list[list[tuple[float, float]]]]:
    following: dict[tuple[float, float], list[tuple[float, float]]] = defaultdict(list)
    for a, b in edges:
        following[a].append(b)
    if any(len(v) > 1 for v in following.values()):
        raise ValueError(f"region {owner} touches itself at a point; move a town")
    rings = []
    left = {a: b[0] for a, b in following.items()}
    while left:
        start, nxt = left.popitem()
        ring = [start]
        while nxt != start:
            ring.append(nxt)
            nxt = left.pop(nxt)
        rings.append(ring)
    signed = [
        (0.5 * sum(a[0] * b[1] - b[0] * a[1] for a, b in zip(r, r[1:] + r[:1], strict=True)), r)
        for r in rings
    ]
    outer = [r for area, r in signed if area > 0]
    holes = [r for area, r in signed if area < 0]
    if len(outer) != 1:
        raise ValueError(f"region {owner} is in {len(outer)} pieces")
    return outer[0], holes
