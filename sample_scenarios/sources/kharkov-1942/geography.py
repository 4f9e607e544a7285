"""The real geography of the Kharkov sample: rivers, roads, railways, towns, terrain and the
front line of 11 May 1942, in longitude and latitude, and the map's projection.

Sources and accuracy. There was no atlas or GIS layer at hand when this file was written:
every coordinate is recalled from general knowledge of the region (the towns' positions as
any modern map gives them, the course of the Northern Donets and its tributaries, the main
roads and railways of the Kharkov oblast, and the front line before the offensive as the
usual histories of the battle draw it). Towns are within a few kilometres of their true
place; rivers follow their real course through their main bends, to within about 5 km,
without the small meanders; roads and railways join the right towns in the right order but
run straight between them; the terrain zones (the Donets woods, the city, the heights at
Izyum, the marshy confluence of the Oskol) are rough outlines; the front line is a sketch to
within 5-10 km. On the hex grid (hexes about 5 km across) this is finer than a hex for the
towns and coarser than a hex nowhere that matters to play. Correct any line here and run
``build.py``: the scenario is rebuilt from this file.

Coordinates are (longitude, latitude) in degrees. Lines run downstream (rivers) or in the
order they are travelled; polygons are closed by their first point.
"""

from __future__ import annotations

import math

import numpy as np

from schemas.gis import Projector
from schemas.gis.projection import LONLAT, parse_crs

# -- projection -----------------------------------------------------------------------------------

WEST, EAST, SOUTH, NORTH = 35.30, 38.00, 48.55, 50.45
"""Longitudes and latitudes of the map's edges: from Krasnograd to beyond Kupiansk, from
north of Volchansk to south of Kramatorsk."""
KM_PER_DEGREE = 111.32
MID_LATITUDE = 49.5
"""An equirectangular projection true at this latitude: over 200 km the scale errs by less
than 2 % at the map's top and bottom edges."""
RADIUS_M = KM_PER_DEGREE * 1000 * 180 / math.pi
PROJECTION = (
    f"+proj=eqc +lat_ts={MID_LATITUDE} +lon_0={WEST} +x_0=0 +y_0=0 +R={RADIUS_M:.6f} "
    "+units=m +no_defs"
)
MAP = Projector(LONLAT, parse_crs(PROJECTION), (0.0, NORTH * KM_PER_DEGREE * 1000), 1.0)
"""Map units are kilometres, x east and y south from the top-left corner (WEST, NORTH)."""


def project(points: list[tuple[float, float]]) -> np.ndarray:
    """Map points (x east, y south, km) of (longitude, latitude) points."""
    return MAP.points_to_map(np.asarray(points, dtype=float).reshape(-1, 2))


# -- towns ----------------------------------------------------------------------------------------

TOWNS: dict[str, tuple[str, float, float]] = {
    # id: (name, longitude, latitude)
    "kharkov": ("Kharkov", 36.23, 49.99),
    "volchansk": ("Volchansk", 36.94, 50.29),
    "ternovaya": ("Ternovaya", 36.79, 50.17),
    "staryi-saltov": ("Staryi Saltov", 36.79, 50.08),
    "rogan": ("Rogan", 36.48, 49.93),
    "pechenegi": ("Pechenegi", 36.94, 49.87),
    "chuguev": ("Chuguev", 36.69, 49.84),
    "zmiev": ("Zmiev", 36.35, 49.68),
    "merefa": ("Merefa", 36.05, 49.82),
    "lyubotin": ("Lyubotin", 35.93, 49.95),
    "valki": ("Valki", 35.62, 49.84),
    "novaya-vodolaga": ("Novaya Vodolaga", 35.87, 49.72),
    "kegichevka": ("Kegichevka", 35.77, 49.55),
    "krasnograd": ("Krasnograd", 35.45, 49.37),
    "taranovka": ("Taranovka", 36.10, 49.62),
    "likhachevo": ("Likhachevo", 36.22, 49.39),
    "efremovka": ("Efremovka", 36.12, 49.33),
    "andreevka": ("Andreevka", 36.63, 49.53),
    "balakleya": ("Balakleya", 36.86, 49.46),
    "savintsy": ("Savintsy", 37.08, 49.40),
    "izyum": ("Izyum", 37.26, 49.21),
    "barvenkovo": ("Barvenkovo", 37.02, 48.90),
    "lozovaya": ("Lozovaya", 36.32, 48.89),
    "bliznyuki": ("Bliznyuki", 36.55, 48.85),
    "slavyansk": ("Slavyansk", 37.61, 48.85),
    "kramatorsk": ("Kramatorsk", 37.56, 48.72),
    "sviatogorsk": ("Sviatogorsk", 37.57, 49.03),
    "krasny-liman": ("Krasny Liman", 37.80, 48.99),
    "borovaya": ("Borovaya", 37.62, 49.38),
    "kupiansk": ("Kupiansk", 37.62, 49.71),
    "shevchenkovo": ("Shevchenkovo", 37.17, 49.69),
    "velikiy-burluk": ("Velikiy Burluk", 37.39, 50.06),
}

# -- rivers (downstream) --------------------------------------------------------------------------

MAJOR_RIVERS: dict[str, list[tuple[float, float]]] = {
    "Northern Donets": [
        (36.86, 50.45), (36.93, 50.34), (36.90, 50.24), (36.82, 50.15), (36.80, 50.08),
        (36.87, 49.97), (36.94, 49.87), (36.80, 49.84), (36.69, 49.82), (36.55, 49.77),
        (36.42, 49.71), (36.36, 49.66), (36.45, 49.59), (36.63, 49.52), (36.86, 49.44),
        (37.05, 49.39), (37.13, 49.31), (37.22, 49.22), (37.35, 49.13), (37.50, 49.06),
        (37.60, 49.02), (37.75, 48.97), (37.90, 48.96), (38.00, 48.95),
    ],
}  # fmt: skip

RIVERS: dict[str, list[tuple[float, float]]] = {
    "Oskol": [
        (38.00, 50.15), (37.75, 49.97), (37.67, 49.85), (37.63, 49.72), (37.62, 49.52),
        (37.63, 49.39), (37.55, 49.22), (37.45, 49.11),
    ],
    "Burluk": [(37.40, 50.20), (37.42, 50.00), (37.50, 49.85), (37.60, 49.76)],
    "Lopan": [(36.38, 50.45), (36.30, 50.18), (36.24, 50.00)],
    "Udy": [
        (36.02, 50.35), (36.10, 50.12), (36.21, 50.00), (36.31, 49.90), (36.42, 49.81),
        (36.50, 49.76),
    ],
    "Mzha": [(35.50, 49.86), (35.80, 49.79), (36.05, 49.73), (36.30, 49.67)],
    "Berestovaya": [(36.50, 49.47), (36.20, 49.41), (35.90, 49.36), (35.55, 49.34), (35.30, 49.29)],
    "Orel": [(36.35, 49.16), (36.05, 49.10), (35.75, 49.05), (35.30, 49.04)],
    "Bereka": [(36.25, 49.21), (36.60, 49.25), (36.85, 49.31), (37.07, 49.37)],
    "Samara": [(37.10, 48.60), (36.60, 48.63), (36.20, 48.59), (35.85, 48.55)],
    "Sukhoi Torets": [(36.80, 48.83), (37.02, 48.89), (37.30, 48.86), (37.55, 48.83)],
    "Kazenny Torets": [(37.45, 48.55), (37.55, 48.70), (37.62, 48.84), (37.72, 48.97)],
}  # fmt: skip

DONETS_CROSSINGS: list[tuple[str, float, float]] = [
    # Where roads and railways crossed the Northern Donets in 1942 (the towns on its banks
    # whose roads the river lines below run through, not every point where the drawn road
    # and the drawn river happen to touch).
    ("Volchansk", 36.92, 50.30),
    ("Staryi Saltov", 36.80, 50.08),
    ("Pechenegi", 36.93, 49.87),
    ("Chuguev", 36.69, 49.82),
    ("Zmiev", 36.36, 49.67),
    ("Balakleya", 36.86, 49.45),
    ("Savintsy", 37.06, 49.39),
    ("Izyum", 37.22, 49.22),
]

# -- roads and railways ---------------------------------------------------------------------------

ROADS: dict[str, list[tuple[float, float]]] = {
    "Kharkov-Kupiansk": [
        (36.23, 49.99), (36.48, 49.93), (36.69, 49.84), (36.94, 49.80), (37.17, 49.69),
        (37.62, 49.71), (38.00, 49.75),
    ],
    "Kharkov-Izyum-Slavyansk": [
        (36.23, 49.99), (36.27, 49.87), (36.35, 49.68), (36.63, 49.53), (36.86, 49.46),
        (37.08, 49.40), (37.26, 49.21), (37.61, 48.85), (37.56, 48.72), (37.55, 48.55),
    ],
    "Kharkov-Krasnograd": [
        (36.23, 49.99), (36.05, 49.82), (35.87, 49.72), (35.77, 49.55), (35.45, 49.37),
        (35.30, 49.31),
    ],
    "Merefa-Lozovaya": [
        (36.05, 49.82), (36.10, 49.62), (36.22, 49.39), (36.32, 48.89), (36.15, 48.55),
    ],
    "Kharkov-Volchansk": [
        (36.23, 49.99), (36.50, 50.10), (36.75, 50.20), (36.94, 50.29), (37.10, 50.45),
    ],
    "Kharkov-Belgorod": [(36.23, 49.99), (36.33, 50.20), (36.45, 50.45)],
    "Kharkov-Valki": [(36.23, 49.99), (35.93, 49.95), (35.62, 49.84), (35.30, 49.79)],
    "Izyum-Lozovaya": [(37.26, 49.21), (37.02, 48.90), (36.55, 48.85), (36.32, 48.89)],
    "Izyum-Kupiansk": [(37.26, 49.21), (37.62, 49.38), (37.62, 49.71)],
    "Chuguev-Volchansk": [
        (36.69, 49.84), (36.94, 49.87), (36.79, 50.08), (36.79, 50.17), (36.94, 50.29),
    ],
    "Slavyansk-Liman": [(37.61, 48.85), (37.80, 48.99), (38.00, 49.05)],
    "Barvenkovo-Slavyansk": [(37.02, 48.90), (37.61, 48.85)],
    "Lozovaya-Efremovka-Krasnograd": [(36.32, 48.89), (36.12, 49.33), (35.45, 49.37)],
}  # fmt: skip

RAILWAYS: dict[str, list[tuple[float, float]]] = {
    "Kharkov-Lozovaya": [
        (36.23, 49.99), (36.05, 49.82), (36.10, 49.62), (36.22, 49.39), (36.32, 48.89),
        (36.00, 48.55),
    ],
    "Kharkov-Kupiansk": [
        (36.23, 49.99), (36.69, 49.84), (37.17, 49.69), (37.62, 49.71), (38.00, 49.78),
    ],
    "Kharkov-Izyum-Slavyansk": [
        (36.23, 49.99), (36.35, 49.68), (36.86, 49.46), (37.26, 49.21), (37.61, 48.85),
        (37.56, 48.72), (37.55, 48.55),
    ],
    "Lozovaya-Slavyansk": [(36.32, 48.89), (37.02, 48.90), (37.61, 48.85)],
    "Merefa-Krasnograd": [(36.05, 49.82), (35.77, 49.55), (35.45, 49.37), (35.30, 49.30)],
    "Kharkov-Belgorod": [(36.23, 49.99), (36.40, 50.25), (36.50, 50.45)],
    "Kharkov-Poltava": [(36.23, 49.99), (35.93, 49.95), (35.62, 49.84), (35.30, 49.78)],
    "Kharkov-Volchansk": [(36.23, 49.99), (36.60, 50.15), (36.94, 50.29)],
}  # fmt: skip

# -- terrain zones --------------------------------------------------------------------------------

ZONES: list[tuple[str, str, list[tuple[float, float]]]] = [
    # (terrain id, what it is, outline). Later zones win where they overlap.
    ("forest", "woods of the Donets valley between Chuguev and Zmiev (the Gomolsha forest)",
     [(36.38, 49.76), (36.70, 49.86), (36.78, 49.79), (36.52, 49.70), (36.42, 49.58),
      (36.33, 49.62)]),
    ("forest", "woods along the Donets from Andreevka to Balakleya",
     [(36.55, 49.56), (36.90, 49.49), (36.92, 49.42), (36.60, 49.49)]),
    ("forest", "the Izyum and Sviatogorsk forests on the Donets",
     [(37.10, 49.34), (37.30, 49.20), (37.62, 49.07), (37.85, 49.02), (37.82, 48.93),
      (37.55, 48.97), (37.25, 49.12), (37.05, 49.30)]),
    ("forest", "woods on the Donets at Staryi Saltov",
     [(36.83, 50.25), (36.95, 50.22), (36.94, 49.95), (36.86, 49.92), (36.84, 50.05)]),
    ("forest", "the woods north of Kharkov",
     [(36.15, 50.05), (36.38, 50.12), (36.40, 50.04), (36.25, 50.02)]),
    ("marsh", "the flood plain where the Oskol meets the Donets",
     [(37.38, 49.16), (37.55, 49.16), (37.52, 49.06), (37.38, 49.09)]),
    ("hills", "the heights of the Donets's right bank at Izyum (the Kremenets)",
     [(37.12, 49.22), (37.33, 49.20), (37.35, 49.12), (37.15, 49.16)]),
    ("urban", "Kharkov, the fourth city of the Soviet Union",
     [(36.12, 50.04), (36.32, 50.05), (36.36, 49.96), (36.24, 49.92), (36.12, 49.95)]),
]  # fmt: skip

# -- the front line of 11 May 1942 ---------------------------------------------------------------

SOVIET_HELD: list[tuple[float, float]] = [
    # East of the front: the bridgeheads over the Donets at Staryi Saltov and Ternovaya, the
    # Donets east of Chuguev, the Izyum bulge (Barvenkovo salient) west to the Orel, and the
    # north bank of the Donets east of Sviatogorsk. Balakleya, Chuguev, Krasnograd and
    # Slavyansk were German.
    (36.78, 50.45), (36.84, 50.30), (36.70, 50.17), (36.72, 50.04), (36.88, 49.93),
    (36.95, 49.84), (36.90, 49.70), (36.92, 49.55), (36.98, 49.47), (36.93, 49.42),
    (36.70, 49.44), (36.40, 49.45), (36.10, 49.42), (35.85, 49.30), (35.62, 49.18),
    (35.62, 49.02), (35.88, 48.86), (36.20, 48.78), (36.60, 48.72), (37.00, 48.70),
    (37.35, 48.78), (37.48, 48.90), (37.58, 49.00), (37.75, 48.99), (37.90, 48.98),
    (38.00, 48.97), (38.00, 50.45),
]  # fmt: skip
