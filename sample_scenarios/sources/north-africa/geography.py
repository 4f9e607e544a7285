"""The map of the desert war: real places projected to map units, cut into regions.

Everything geographic lives here: the coastline, the Nile and the Suez Canal, the lagoons of
the delta, the Qattara Depression, the towns and wells that name the regions, and the code
that turns them into a clean tiling (neighbours share their vertices exactly, no gap, no
overlap). ``build.py`` adds terrain tables, forces and decks on top.

Projection: plain equirectangular, 1 map unit per kilometre east-west at latitude 31 N. The
north-south axis is stretched by ``STRETCH`` so that the narrow coastal strip, where nearly
everything happened, has room for its names; a wargame map may take that liberty, and every
town still sits where a player expects it relative to its neighbours.

How the tiling is made: every outline that should become a border (the map frame, the coast,
the river and canal banks, the lagoons, the Tunisian frontier, the rim of the Qattara
Depression, the sea divisions and the Voronoi cells around the towns of each piece of land) is
noded into one planar line network and polygonized. Each face then belongs to exactly one
region (a sea, a lagoon, the Nile, or the land region of the nearest town of its piece of
land), and a region's outline is assembled from the edges of its faces. Faces come from the
same noded edges, so neighbouring regions share every vertex by construction.
"""

from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import dataclass, field

import shapely
from shapely.geometry import LineString, MultiPoint, Point, Polygon, box
from shapely.ops import unary_union

WEST, EAST, NORTH, SOUTH = 10.8, 33.6, 33.9, 28.6
"""The map's frame in degrees."""
KM_PER_DEGREE_LON = 111.32 * math.cos(math.radians(31.0))
KM_PER_DEGREE_LAT = 111.2
STRETCH = 1.4
"""North-south exaggeration (see the module docstring)."""
GRID = 0.1
"""Map coordinates are multiples of this."""

Point2 = tuple[float, float]


def project(lon: float, lat: float) -> Point2:
    """Map coordinates of a longitude and latitude (x east, y south, origin top-left)."""
    return ((lon - WEST) * KM_PER_DEGREE_LON, (NORTH - lat) * KM_PER_DEGREE_LAT * STRETCH)


WIDTH, HEIGHT = project(EAST, SOUTH)

# -- outlines, in (longitude, latitude) -----------------------------------------------------------

COAST: list[Point2] = [
    (10.60, 33.66),  # Djerba, beyond the western frame
    (11.11, 33.50),  # Zarzis
    (11.35, 33.30),
    (11.57, 33.17),  # Ras Ajdir, on the frontier
    (11.85, 33.05),
    (12.08, 32.93),  # Zuwara
    (12.49, 32.80),  # Sabratha
    (12.73, 32.77),  # Zawiya
    (13.02, 32.84),
    (13.19, 32.90),  # Tripoli
    (13.45, 32.85),
    (13.72, 32.77),
    (14.00, 32.72),
    (14.26, 32.65),  # Homs
    (14.57, 32.48),  # Zliten
    (14.85, 32.42),
    (15.09, 32.38),  # Misurata
    (15.21, 32.37),  # Ras Zarruq
    (15.28, 32.15),
    (15.38, 31.85),
    (15.52, 31.60),
    (15.73, 31.40),  # Buerat
    (16.05, 31.25),
    (16.59, 31.21),  # Sirte
    (17.00, 31.08),
    (17.45, 30.95),
    (17.83, 30.85),  # Nofilia
    (18.20, 30.75),
    (18.57, 30.50),  # Ras Lanuf
    (18.90, 30.33),
    (19.20, 30.25),  # El Agheila
    (19.58, 30.40),  # Mersa Brega
    (19.90, 30.62),
    (20.12, 30.85),  # Zuetina
    (20.05, 31.15),
    (19.98, 31.45),
    (19.98, 31.80),  # Ghemines
    (20.07, 32.12),  # Benghazi
    (20.30, 32.35),
    (20.57, 32.53),  # Tocra
    (20.95, 32.71),  # Tolmeita
    (21.40, 32.80),
    (21.97, 32.90),  # Apollonia
    (22.25, 32.88),
    (22.64, 32.77),  # Derna
    (22.95, 32.65),
    (23.12, 32.55),  # Ras et Tin
    (23.10, 32.35),  # Bomba
    (23.30, 32.20),  # Ain el Gazala
    (23.60, 32.15),
    (23.96, 32.08),  # Tobruk
    (24.30, 32.02),
    (24.60, 31.95),
    (24.90, 31.85),
    (25.08, 31.77),  # Bardia
    (25.16, 31.57),  # Sollum
    (25.50, 31.55),  # Buq Buq
    (25.93, 31.62),  # Sidi Barrani
    (26.40, 31.50),
    (26.80, 31.42),
    (27.24, 31.36),  # Mersa Matruh
    (27.60, 31.20),
    (27.93, 31.09),  # Fuka
    (28.44, 31.04),  # El Daba
    (28.95, 30.85),  # El Alamein
    (29.30, 30.88),
    (29.55, 30.95),  # Burg el Arab
    (29.80, 31.10),
    (29.92, 31.20),  # Alexandria
    (30.07, 31.33),  # Abu Qir
    (30.37, 31.47),  # Rosetta mouth
    (30.70, 31.56),
    (31.07, 31.60),  # Ras el Burullus
    (31.45, 31.55),
    (31.85, 31.52),  # Damietta mouth
    (32.10, 31.36),
    (32.30, 31.27),  # Port Said
    (32.55, 31.08),  # bay of Tina
    (32.90, 31.12),
    (33.30, 31.18),
    (33.90, 31.15),  # towards El Arish, beyond the eastern frame
]

GULF_OF_SUEZ: list[Point2] = [
    (32.56, 29.97),  # Suez, at the head of the gulf
    (32.62, 29.90),
    (32.74, 29.60),
    (33.02, 29.10),
    (33.30, 28.50),
    (32.82, 28.50),
    (32.62, 29.10),
    (32.38, 29.60),
    (32.50, 29.90),
]

TUNISIAN_FRONTIER: list[Point2] = [
    (11.62, 34.10),  # out at sea, so the frontier cuts the whole coast
    (11.57, 33.17),  # Ras Ajdir
    (11.45, 32.65),
    (11.05, 32.35),
    (10.60, 32.10),  # beyond the western frame
]

NILE: list[Point2] = [
    (30.84, 28.40),  # beyond the southern frame
    (30.90, 28.75),
    (31.05, 28.95),
    (31.13, 29.15),
    (31.22, 29.55),
    (31.25, 29.85),
    (31.23, 30.05),  # Cairo
    (31.18, 30.15),
    (31.12, 30.20),  # the Delta Barrage, where the river divides
]
ROSETTA_BRANCH: list[Point2] = [
    (31.12, 30.20),
    (30.98, 30.40),
    (30.85, 30.65),
    (30.78, 30.85),  # Kafr el Zayyat
    (30.62, 31.05),
    (30.55, 31.22),
    (30.43, 31.38),  # Rosetta
    (30.36, 31.60),  # out at sea
]
DAMIETTA_BRANCH: list[Point2] = [
    (31.12, 30.20),
    (31.18, 30.45),  # Benha
    (31.25, 30.70),
    (31.33, 30.92),
    (31.40, 31.05),  # Mansura
    (31.58, 31.25),
    (31.78, 31.40),  # Damietta
    (31.86, 31.65),  # out at sea
]
SUEZ_CANAL: list[Point2] = [
    (32.31, 31.40),  # out at sea, off Port Said
    (32.32, 31.00),
    (32.32, 30.85),  # Qantara
    (32.30, 30.65),
    (32.28, 30.57),  # Ismailia, on Lake Timsah
    (32.33, 30.45),
    (32.38, 30.33),  # the Great Bitter Lake
    (32.45, 30.20),
    (32.52, 30.05),
    (32.57, 29.90),  # into the Gulf of Suez
]
RIVER_WIDTH = 7.0
"""Map units; far wider than the real Nile, so that it shows as water on the map."""
CANAL_WIDTH = 6.0

LAKE_TIMSAH: list[Point2] = [(32.24, 30.58), (32.28, 30.61), (32.33, 30.58), (32.28, 30.54)]
BITTER_LAKES: list[Point2] = [
    (32.30, 30.40),
    (32.36, 30.42),
    (32.45, 30.30),
    (32.52, 30.18),
    (32.46, 30.16),
    (32.36, 30.26),
]

# A lagoon is (id, name, outline).
LAGOONS: list[tuple[str, str, list[Point2]]] = [
    (
        "lake-mariout",
        "Lake Mariout",
        [(29.72, 31.05), (29.85, 31.13), (29.98, 31.14), (30.02, 31.08), (29.88, 31.02)],
    ),
    (
        "lake-idku",
        "Lake Idku",
        [(30.10, 31.24), (30.22, 31.30), (30.30, 31.27), (30.20, 31.20)],
    ),
    (
        "lake-burullus",
        "Lake Burullus",
        [(30.62, 31.46), (30.85, 31.52), (31.08, 31.53), (31.15, 31.45), (30.90, 31.40)],
    ),
    (
        "lake-manzala",
        "Lake Manzala",
        [(31.88, 31.38), (32.05, 31.30), (32.22, 31.22), (32.22, 31.08), (32.05, 31.10)],
    ),
    (
        "lake-qarun",
        "Lake Qarun",
        [(30.45, 29.50), (30.62, 29.53), (30.80, 29.49), (30.66, 29.43), (30.48, 29.44)],
    ),
]

QATTARA: list[Point2] = [
    (26.00, 29.55),
    (26.50, 29.85),
    (27.20, 30.00),
    (27.90, 30.15),
    (28.50, 30.28),
    (28.92, 30.33),
    (29.05, 30.20),
    (28.80, 29.95),
    (28.20, 29.70),
    (27.40, 29.45),
    (26.60, 29.25),
    (26.10, 29.30),
]
"""The rim of the Qattara Depression, below sea level, salt marsh and soft sand."""

SEA_DIVISIONS: list[tuple[float, str, str]] = [
    (15.2, "tripolitanian-waters", "Tripolitanian Waters"),
    (20.4, "gulf-of-sirte", "Gulf of Sirte"),
    (23.6, "cyrenaican-waters", "Cyrenaican Waters"),
    (27.6, "marmarican-waters", "Marmarican Waters"),
    (30.6, "egyptian-waters", "Egyptian Waters"),
    (99.0, "levant-waters", "Levant Waters"),
]
"""Sea regions, west to east: each runs from the previous longitude to this one."""


@dataclass(frozen=True)
class Place:
    """A town, well or landmark that names a land region: its seed on the map."""

    id: str
    name: str
    lon: float
    lat: float
    terrain: str
    network: str
    area: str


def _p(id: str, name: str, lon: float, lat: float, terrain: str, network: str, area: str) -> Place:
    return Place(id, name, lon, lat, terrain, network, area)


PLACES: list[Place] = [
    # Tripolitania
    _p("zuwara", "Zuwara", 12.10, 32.80, "clear", "rail", "tripolitania"),
    _p("zawiya", "Zawiya", 12.65, 32.62, "cultivated", "road", "tripolitania"),
    _p("tripoli", "Tripoli", 13.20, 32.80, "urban", "rail", "tripolitania"),
    _p("castel-benito", "Castel Benito", 13.35, 32.45, "cultivated", "road", "tripolitania"),
    _p("garian", "Garian", 12.85, 32.08, "mountain", "road", "tripolitania"),
    _p("yefren", "Yefren", 12.00, 32.05, "mountain", "trail", "tripolitania"),
    _p("nalut", "Nalut", 11.25, 31.75, "rough", "trail", "tripolitania"),
    _p("tarhuna", "Tarhuna", 13.85, 32.25, "rough", "trail", "tripolitania"),
    _p("homs", "Homs", 14.35, 32.45, "cultivated", "road", "tripolitania"),
    _p("misurata", "Misurata", 15.00, 32.15, "cultivated", "road", "tripolitania"),
    _p("tawergha", "Tawergha Marshes", 15.30, 31.70, "salt-marsh", "road", "tripolitania"),
    _p("bani-walid", "Bani Walid", 14.10, 31.55, "steppes", "trail", "tripolitania"),
    _p("mizda", "Mizda", 13.00, 31.35, "steppes", "trail", "tripolitania"),
    _p("hamada", "Hamada el Hamra", 11.80, 30.60, "desolate-hills", "none", "tripolitania"),
    _p("jebel-soda", "Jebel es Soda", 14.60, 29.40, "desolate-hills", "none", "sirtica"),
    _p("buerat", "Buerat", 15.75, 31.10, "clear", "road", "sirtica"),
    _p("bu-ngem", "Bu Ngem", 15.60, 30.40, "steppes", "trail", "sirtica"),
    _p("sirte", "Sirte", 16.65, 30.95, "clear", "road", "sirtica"),
    _p("sirte-desert", "Sirte Desert", 17.20, 29.75, "clear", "none", "sirtica"),
    _p("nofilia", "Nofilia", 17.85, 30.60, "clear", "road", "sirtica"),
    _p("ras-lanuf", "Ras Lanuf", 18.55, 30.25, "clear", "road", "sirtica"),
    _p("marada", "Marada", 19.20, 29.25, "oasis", "trail", "sirtica"),
    _p("el-agheila", "El Agheila", 19.30, 30.05, "salt-marsh", "road", "sirtica"),
    # Cyrenaica
    _p("agedabia", "Agedabia", 20.25, 30.60, "clear", "road", "cyrenaica"),
    _p("wadi-faregh", "Wadi el Faregh", 20.35, 29.75, "steppes", "trail", "cyrenaica"),
    _p("jalo", "Jalo", 21.55, 29.05, "oasis", "trail", "cyrenaica"),
    _p("beda-fomm", "Beda Fomm", 20.35, 31.30, "clear", "rail", "cyrenaica"),
    _p("benghazi", "Benghazi", 20.20, 32.00, "urban", "rail", "cyrenaica"),
    _p("antelat", "Antelat", 20.90, 30.85, "clear", "trail", "cyrenaica"),
    _p("msus", "Msus", 21.15, 31.55, "clear", "trail", "cyrenaica"),
    _p("ben-gania", "Ben Gania", 22.00, 30.40, "steppes", "trail", "cyrenaica"),
    _p("barce", "Barce", 20.90, 32.42, "cultivated", "rail", "cyrenaica"),
    _p("el-abiar", "El Abiar", 20.70, 32.00, "rough", "trail", "cyrenaica"),
    _p("maraua", "Maraua", 21.50, 32.40, "mountain", "road", "cyrenaica"),
    _p("cyrene", "Cyrene", 21.95, 32.72, "mountain", "road", "cyrenaica"),
    _p("charruba", "Charruba", 21.65, 31.90, "clear", "trail", "cyrenaica"),
    _p("mechili", "Mechili", 22.35, 32.05, "clear", "trail", "cyrenaica"),
    _p("derna", "Derna", 22.60, 32.62, "rough", "road", "cyrenaica"),
    _p("calanscio", "Calanscio Sand Sea", 22.70, 29.40, "sands", "none", "cyrenaica"),
    # Marmarica
    _p("tmimi", "Tmimi", 23.00, 32.20, "clear", "road", "marmarica"),
    _p("gazala", "Gazala", 23.40, 31.98, "clear", "road", "marmarica"),
    _p("bir-tengeder", "Bir Tengeder", 22.75, 31.40, "steppes", "trail", "marmarica"),
    _p("trigh-el-abd", "Trigh el Abd", 23.20, 30.75, "steppes", "trail", "marmarica"),
    _p("bir-hakeim", "Bir Hakeim", 23.50, 31.50, "clear", "trail", "marmarica"),
    _p("el-adem", "El Adem", 23.90, 31.72, "clear", "road", "marmarica"),
    _p("tobruk", "Tobruk", 24.00, 32.00, "clear", "road", "marmarica"),
    _p("sidi-rezegh", "Sidi Rezegh", 24.30, 31.78, "clear", "road", "marmarica"),
    _p("bir-el-gubi", "Bir el Gubi", 23.85, 31.25, "clear", "trail", "marmarica"),
    _p("gambut", "Gambut", 24.65, 31.85, "clear", "road", "marmarica"),
    _p("gabr-saleh", "Gabr Saleh", 24.50, 31.35, "clear", "trail", "marmarica"),
    _p("bardia", "Bardia", 24.95, 31.65, "clear", "road", "marmarica"),
    _p("sidi-omar", "Sidi Omar", 25.10, 31.20, "clear", "trail", "marmarica"),
    _p("maddalena", "Fort Maddalena", 24.60, 30.75, "clear", "trail", "marmarica"),
    _p("jarabub", "Jarabub", 24.45, 29.75, "oasis", "trail", "marmarica"),
    _p("sand-sea", "Great Sand Sea", 25.00, 28.95, "shifting-sands", "none", "western-desert"),
    # Egypt, west of the Nile
    _p("sollum", "Sollum", 25.35, 31.48, "rough", "rail", "western-desert"),
    _p("sidi-barrani", "Sidi Barrani", 25.95, 31.45, "clear", "rail", "western-desert"),
    _p("sofafi", "Sofafi", 25.75, 31.00, "clear", "trail", "western-desert"),
    _p("siwa", "Siwa", 25.55, 29.25, "oasis", "trail", "western-desert"),
    _p("bir-khalda", "Bir Khalda", 26.75, 30.55, "steppes", "trail", "western-desert"),
    _p("mersa-matruh", "Mersa Matruh", 27.20, 31.22, "clear", "rail", "western-desert"),
    _p("minqar-qaim", "Minqar Qaim", 27.55, 30.75, "clear", "trail", "western-desert"),
    _p("fuka", "Fuka", 27.95, 30.95, "clear", "rail", "western-desert"),
    _p("el-daba", "El Daba", 28.45, 30.90, "clear", "rail", "western-desert"),
    _p("el-alamein", "El Alamein", 28.95, 30.75, "clear", "rail", "western-desert"),
    _p("alam-halfa", "Alam Halfa", 29.20, 30.45, "rough", "trail", "western-desert"),
    _p("burg-el-arab", "Burg el Arab", 29.55, 30.80, "clear", "rail", "western-desert"),
    _p("wadi-natrun", "Wadi Natrun", 30.20, 30.35, "clear", "road", "western-desert"),
    _p("rayan", "Wadi el Rayan", 29.90, 29.40, "desolate-hills", "none", "western-desert"),
    _p("bahariya-track", "Bahariya Track", 28.60, 29.00, "sands", "trail", "western-desert"),
    _p("qara", "Qara", 26.45, 29.55, "salt-marsh", "none", "western-desert"),
    _p("qattara", "Qattara Depression", 27.90, 29.90, "shifting-sands", "none", "western-desert"),
    _p("alexandria", "Alexandria", 29.92, 31.16, "urban", "rail", "nile-delta"),
    _p("damanhur", "Damanhur", 30.40, 30.95, "delta", "rail", "nile-delta"),
    _p("rosetta", "Rosetta", 30.35, 31.36, "delta", "road", "nile-delta"),
    _p("giza", "Giza", 30.95, 29.98, "cultivated", "rail", "nile-valley"),
    _p("faiyum", "Faiyum", 30.85, 29.25, "cultivated", "rail", "nile-valley"),
    _p("beni-suef", "Beni Suef", 30.95, 29.00, "cultivated", "rail", "nile-valley"),
    # Between the branches
    _p("tanta", "Tanta", 31.00, 30.78, "delta", "rail", "nile-delta"),
    _p("kafr-el-sheikh", "Kafr el Sheikh", 30.95, 31.20, "wet-marsh", "trail", "nile-delta"),
    _p("menouf", "Menouf", 31.00, 30.45, "delta", "rail", "nile-delta"),
    # East of the Nile
    _p("cairo", "Cairo", 31.35, 30.05, "urban", "rail", "nile-valley"),
    _p("helwan", "Helwan", 31.40, 29.55, "cultivated", "rail", "nile-valley"),
    _p("benha", "Benha", 31.35, 30.42, "delta", "rail", "nile-delta"),
    _p("zagazig", "Zagazig", 31.70, 30.62, "delta", "rail", "nile-delta"),
    _p("mansura", "Mansura", 31.52, 31.00, "delta", "rail", "nile-delta"),
    _p("damietta", "Damietta", 31.85, 31.28, "delta", "road", "nile-delta"),
    _p("port-said", "Port Said", 32.20, 31.00, "urban", "rail", "canal-zone"),
    _p("ismailia", "Ismailia", 32.10, 30.55, "cultivated", "rail", "canal-zone"),
    _p("suez", "Suez", 32.35, 30.00, "urban", "rail", "canal-zone"),
    _p("galala", "Galala Plateau", 31.95, 29.25, "mountain", "none", "canal-zone"),
    _p("cairo-desert", "Cairo-Suez Desert", 31.90, 30.00, "desolate-hills", "road", "canal-zone"),
    # Sinai
    _p("north-sinai", "Qantara East", 32.90, 30.85, "sands", "rail", "sinai"),
    _p("mitla", "Mitla Pass", 32.95, 30.00, "desolate-hills", "trail", "sinai"),
    _p("south-sinai", "Southern Sinai", 33.35, 29.30, "mountain", "none", "sinai"),
]


@dataclass
class Region:
    """One region of the tiling: its outline and what kind of ground it is."""

    id: str
    name: str
    kind: str
    """``land``, ``sea``, ``lagoon``, ``nile``, ``canal`` or ``frontier`` (unplayable)."""
    exterior: list[Point2] = field(default_factory=list)
    holes: list[list[Point2]] = field(default_factory=list)
    place: Place | None = None


@dataclass
class Tiling:
    regions: dict[str, Region]
    borders: dict[frozenset[str], float]
    """Length of the border each pair of neighbours shares."""


def _projected(points: list[Point2]) -> list[Point2]:
    return [project(lon, lat) for lon, lat in points]


def _band(points: list[Point2], width: float) -> Polygon:
    """A river drawn as a strip of water ``width`` map units wide."""
    line = LineString(_projected(points))
    return line.buffer(width / 2, cap_style="flat", join_style="mitre", mitre_limit=3.0)


def _outlines() -> dict[str, object]:
    """The zones of the map as shapely geometries (everything but the land regions' cells)."""
    frame = box(0.0, 0.0, WIDTH, HEIGHT)
    coast = _projected(COAST)
    far = 50.0
    land_all = Polygon([*coast, (WIDTH + far, HEIGHT + far), (-far, HEIGHT + far)]).intersection(
        frame
    )
    gulf = Polygon(_projected(GULF_OF_SUEZ)).intersection(frame)
    land = land_all.difference(gulf)
    sea = frame.difference(land_all)
    frontier = _projected(TUNISIAN_FRONTIER)
    tunisia = Polygon([*frontier, (-far, -far)]).intersection(land)
    nile = unary_union(
        [
            _band(NILE, RIVER_WIDTH),
            _band(ROSETTA_BRANCH, RIVER_WIDTH),
            _band(DAMIETTA_BRANCH, RIVER_WIDTH),
        ]
    ).intersection(land)
    canal = unary_union(
        [
            _band(SUEZ_CANAL, CANAL_WIDTH),
            Polygon(_projected(LAKE_TIMSAH)),
            Polygon(_projected(BITTER_LAKES)),
        ]
    ).intersection(land)
    lagoons = {key: Polygon(_projected(outline)) for key, _, outline in LAGOONS}
    qattara = Polygon(_projected(QATTARA))
    dry = land.difference(unary_union([tunisia, nile, canal, *lagoons.values()]))
    return {
        "frame": frame,
        "land_all": land_all,
        "land": land,
        "sea": sea,
        "gulf": gulf,
        "tunisia": tunisia,
        "nile": nile,
        "canal": canal,
        "lagoons": lagoons,
        "qattara": qattara,
        "dry": dry,
    }


def _parts(geometry: object) -> list[Polygon]:
    if isinstance(geometry, Polygon):
        return [geometry] if not geometry.is_empty else []
    return [g for g in getattr(geometry, "geoms", []) if isinstance(g, Polygon) and g.area > 0]


def _land_zones(dry: object, qattara: Polygon) -> list[Polygon]:
    """Pieces of dry land that the cells of their towns fill: the banks the Nile and the canal
    divide, and the Qattara Depression apart from the desert around it."""
    zones: list[Polygon] = []
    for part in _parts(dry):
        inside = part.intersection(qattara)
        outside = part.difference(qattara)
        zones.extend(_parts(inside))
        zones.extend(_parts(outside))
    return zones


def _lines(geometry: object) -> list[LineString]:
    """Every ring or line of a geometry, as line strings."""
    out: list[LineString] = []
    for polygon in _parts(geometry):
        out.append(LineString(polygon.exterior.coords))
        out.extend(LineString(r.coords) for r in polygon.interiors)
    return out


def _cell_lines(zone: Polygon, seeds: list[Place]) -> list[object]:
    """The borders of the Voronoi cells of a zone's towns, inside the zone."""
    if len(seeds) < 2:
        return []
    points = MultiPoint([project(p.lon, p.lat) for p in seeds])
    cells = shapely.voronoi_polygons(points, extend_to=zone.envelope.buffer(100.0))
    # Clipped a little beyond the zone, so that every border crosses the zone's edge and is
    # noded with it; the bits outside only split faces of one region and cancel out later.
    reach = zone.buffer(2.0)
    out: list[object] = []
    for cell in cells.geoms:
        piece = cell.boundary.intersection(reach)
        if not piece.is_empty:
            out.append(piece)
    return out


def _sea_lines(sea: object) -> list[object]:
    lines: list[object] = []
    for lon, _, _ in SEA_DIVISIONS[:-1]:
        x, _ = project(lon, NORTH)
        cut = LineString([(x, -1.0), (x, HEIGHT + 1.0)]).intersection(sea)
        if not cut.is_empty:
            lines.append(cut)
    return lines


def _sea_region(x: float) -> str:
    for lon, key, _ in SEA_DIVISIONS:
        if x < project(lon, NORTH)[0]:
            return key
    return SEA_DIVISIONS[-1][1]


def _assemble(faces: list[Polygon]) -> tuple[list[Point2], list[list[Point2]]]:
    """A region's outline from its faces: edges shared by two of its faces cancel out, and the
    rest chain into rings (the exterior runs anticlockwise in map units, holes clockwise)."""
    edges: dict[tuple[Point2, Point2], int] = {}
    for face in faces:
        oriented = shapely.geometry.polygon.orient(face, sign=1.0)
        for ring in [oriented.exterior, *oriented.interiors]:
            coords = list(ring.coords)[:-1]
            for a, b in zip(coords, coords[1:] + coords[:1], strict=True):
                if a == b:
                    continue
                if (b, a) in edges:
                    edges[(b, a)] -= 1
                    if edges[(b, a)] == 0:
                        del edges[(b, a)]
                else:
                    edges[(a, b)] = edges.get((a, b), 0) + 1
    following: dict[Point2, list[Point2]] = defaultdict(list)
    for a, b in edges:
        following[a].append(b)
    rings: list[list[Point2]] = []
    while following:
        start = next(iter(following))
        ring = [start]
        here = start
        while True:
            nexts = following[here]
            there = nexts.pop()
            if not nexts:
                del following[here]
            if there == start:
                break
            ring.append(there)
            here = there
        rings.append(ring)
    rings.sort(key=lambda r: -abs(_signed_area(r)))
    exterior = rings[0]
    if _signed_area(exterior) < 0:
        raise ValueError("the largest ring of a region runs the wrong way")
    holes = rings[1:]
    if any(_signed_area(h) > 0 for h in holes):
        raise ValueError("a region falls apart into several pieces")
    return exterior, holes


def _signed_area(ring: list[Point2]) -> float:
    total = 0.0
    for (x1, y1), (x2, y2) in zip(ring, ring[1:] + ring[:1], strict=True):
        total += x1 * y2 - x2 * y1
    return total / 2


def _round_ring(ring: list[Point2]) -> list[Point2]:
    """Coordinates written with one decimal (they are on the grid already; this only drops
    the binary noise of numbers like 0.30000000000000004)."""
    out: list[Point2] = []
    for x, y in ring:
        point = (round(x, 1) + 0.0, round(y, 1) + 0.0)
        if not out or out[-1] != point:
            out.append(point)
    if len(out) > 1 and out[0] == out[-1]:
        out.pop()
    return out


def build_tiling() -> Tiling:
    """Cut the map into its regions (see the module docstring)."""
    zones = _outlines()
    land_zones = _land_zones(zones["dry"], zones["qattara"])
    seeds_of: list[list[Place]] = []
    for zone in land_zones:
        inside = [p for p in PLACES if zone.contains(Point(project(p.lon, p.lat)))]
        seeds_of.append(inside)
    placed = {p.id for seeds in seeds_of for p in seeds}
    missing = [p.id for p in PLACES if p.id not in placed]
    if missing:
        raise ValueError(f"places outside every piece of dry land: {missing}")

    lines: list[object] = [zones["frame"].boundary]
    lines += _lines(zones["land_all"]) + _lines(zones["gulf"]) + _lines(zones["tunisia"])
    lines += _lines(zones["nile"]) + _lines(zones["canal"])
    for lagoon in zones["lagoons"].values():
        lines += _lines(lagoon)
    for zone, seeds in zip(land_zones, seeds_of, strict=True):
        lines += _lines(zone)
        lines += _cell_lines(zone, seeds)
    lines += _sea_lines(zones["sea"])
    # Noding on a grid of a tenth of a map unit (100 m) snap-rounds every vertex and crossing,
    # so the faces come out valid and already rounded.
    noded = shapely.union_all(lines, grid_size=GRID)
    faces = list(shapely.polygonize(list(getattr(noded, "geoms", [noded]))).geoms)

    names = {key: name for key, name, _ in LAGOONS}
    names.update({key: name for _, key, name in SEA_DIVISIONS})
    by_region: dict[str, list[Polygon]] = defaultdict(list)
    kinds: dict[str, str] = {}
    orphans: list[Polygon] = []
    for face in faces:
        if face.area < GRID * GRID / 100:
            continue
        point = face.representative_point()
        key, kind = _classify(point, zones, land_zones, seeds_of)
        if key is None:
            orphans.append(face)
            continue
        by_region[key].append(face)
        kinds[key] = kind
    if orphans:
        raise ValueError(f"{len(orphans)} faces belong to no region, near {orphans[0].centroid}")

    places = {p.id: p for p in PLACES}
    regions: dict[str, Region] = {}
    for key, parts in by_region.items():
        kind = kinds[key]
        if kind == "land":
            name = places[key].name
        elif kind == "nile":
            name = "The Nile"
        elif kind == "canal":
            name = "Suez Canal"
        elif kind == "frontier":
            name = "Tunisia"
        elif key == "gulf-of-suez":
            name = "Gulf of Suez"
        else:
            name = names[key]
        exterior, holes = _assemble(parts)
        regions[key] = Region(
            key,
            name,
            kind,
            _round_ring(exterior),
            [_round_ring(h) for h in holes],
            places.get(key),
        )
    return Tiling(regions, _borders(regions))


def _classify(
    point: Point,
    zones: dict[str, object],
    land_zones: list[Polygon],
    seeds_of: list[list[Place]],
) -> tuple[str | None, str]:
    """Which region a face belongs to, judged by a point inside it."""
    if zones["sea"].contains(point):
        return _sea_region(point.x), "sea"
    if zones["gulf"].contains(point):
        return "gulf-of-suez", "sea"
    if zones["tunisia"].contains(point):
        return "tunisia", "frontier"
    if zones["nile"].contains(point):
        return "nile", "nile"
    if zones["canal"].contains(point):
        return "suez-canal", "canal"
    for key, lagoon in zones["lagoons"].items():
        if lagoon.contains(point):
            return key, "lagoon"
    for zone, seeds in zip(land_zones, seeds_of, strict=True):
        if zone.contains(point) and seeds:
            nearest = min(seeds, key=lambda p: point.distance(Point(project(p.lon, p.lat))))
            return nearest.id, "land"
    return None, ""


def _borders(regions: dict[str, Region]) -> dict[frozenset[str], float]:
    """Shared border lengths, from edges that appear, point for point, in two outlines."""
    owner: dict[frozenset[Point2], list[str]] = defaultdict(list)
    for region in regions.values():
        for ring in [region.exterior, *region.holes]:
            for a, b in zip(ring, ring[1:] + ring[:1], strict=True):
                owner[frozenset((a, b))].append(region.id)
    borders: dict[frozenset[str], float] = defaultdict(float)
    for edge, ids in owner.items():
        if len(ids) == 2 and ids[0] != ids[1]:
            a, b = tuple(edge)
            borders[frozenset(ids)] += math.dist(a, b)
    return dict(borders)
