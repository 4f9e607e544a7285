"""Structures and supply sources of the desert war sample."""

from __future__ import annotations

from typing import Any

import geography as geo
from campaign import ALLIES, AXIS, Json
from shapely.geometry import Point, Polygon

# -- structures and supply ------------------------------------------------------------------------


def _vp(axis: int, allies: int, *, hold: int = 0) -> Json:
    """Values of a place both sides fight over: each gains its number on capture, and the side
    that loses it gives up as much as the other gains. A side given 0 has no entry at all, so
    it loses nothing there either: the sudden-death objectives only score for the attacker."""
    values: Json = {}
    if axis:
        values[AXIS] = {"capture": axis, "loss": allies}
    if allies:
        values[ALLIES] = {"capture": allies, "loss": axis}
    if hold:
        for side in values.values():
            side["hold_at_end"] = hold
    return values


def _structure(id: str, name: str, region: str, kind: str = "city", **extra: Any) -> Json:
    return {"id": id, "name": name, "region": region, "kind": kind, **extra}


STRUCTURES: list[Json] = [
    _structure(
        "naples",
        "Naples and Palermo",
        "italy",
        port=True,
        airport=True,
        sea_region="tripolitanian-waters",
        capacity={"air": 8},
        description="Where the convoys for Libya load.",
    ),
    _structure(
        "valletta",
        "Valletta",
        "malta",
        "fort",
        fortification=2,
        port=True,
        airport=True,
        sea_region="tripolitanian-waters",
        capacity={"air": 6},
        description="Grand Harbour and the Luqa and Hal Far airfields.",
    ),
    _structure(
        "kufra",
        "Kufra",
        "deep-sahara",
        "fort",
        fortification=6,
        description="An old Italian fort in the oasis, in Free French hands since March 1941.",
    ),
    _structure(
        "tripoli",
        "Tripoli",
        "tripoli",
        fortification=3,
        port=True,
        sea_region="tripolitanian-waters",
        capacity={"land": 12},
        values=_vp(0, 5),
        description="The Axis army's main harbour and base. The Allies win at once if it falls.",
    ),
    _structure("castel-benito-field", "Castel Benito", "castel-benito", "airfield", airport=True),
    _structure("zuwara-town", "Zuwara", "zuwara", "village"),
    _structure("homs-town", "Homs", "homs", "village"),
    _structure("misurata-town", "Misurata", "misurata", "city"),
    _structure("garian-town", "Garian", "garian", "village"),
    _structure("buerat-town", "Buerat", "buerat", "village"),
    _structure("sirte-field", "Sirte", "sirte", "airfield", airport=True),
    _structure("nofilia-town", "Nofilia", "nofilia", "village"),
    _structure("ras-lanuf-town", "Arco dei Fileni", "ras-lanuf", "village"),
    _structure("marada-town", "Marada", "marada", "village"),
    _structure(
        "el-agheila-fort",
        "El Agheila",
        "el-agheila",
        "fort",
        fortification=6,
        description="A small fort on the bottleneck between the salt pans and the sea.",
    ),
    _structure("agedabia-town", "Agedabia", "agedabia", "village"),
    _structure(
        "benghazi",
        "Benghazi",
        "benghazi",
        port=True,
        airport=True,
        sea_region="gulf-of-sirte",
        capacity={"air": 6},
        values=_vp(2, 2),
        description="The second port of Libya, with Benina airfield.",
    ),
    _structure("barce-town", "Barce", "barce", "village"),
    _structure("cyrene-town", "Cyrene", "cyrene", "village"),
    _structure(
        "derna-town",
        "Derna",
        "derna",
        port=True,
        airport=True,
        sea_region="cyrenaican-waters",
    ),
    _structure("mechili-fort", "Mechili", "mechili", "fort", fortification=6),
    _structure("msus-well", "Msus", "msus", "village"),
    _structure("jalo-town", "Jalo", "jalo", "village"),
    _structure("gazala-field", "Gazala", "gazala", "airfield", airport=True),
    _structure(
        "bir-hakeim-fort",
        "Bir Hakeim",
        "bir-hakeim",
        "fort",
        fortification=5,
        values=_vp(1, 1),
        description="A ruined desert fort at a crossing of tracks, the southern anchor of "
        "any line drawn south from Gazala.",
    ),
    _structure(
        "tobruk",
        "Tobruk",
        "tobruk",
        "fort",
        fortification=2,
        port=True,
        sea_region="marmarican-waters",
        capacity={"land": 9},
        values=_vp(4, 3, hold=2),
        description="A deep-water harbour ringed by the Italian perimeter of wire, ditches and "
        "concrete posts. The only port between Benghazi and Mersa Matruh.",
    ),
    _structure("el-adem-field", "El Adem", "el-adem", "airfield", airport=True),
    _structure("gambut-field", "Gambut", "gambut", "airfield", airport=True),
    _structure(
        "bardia-fort",
        "Bardia",
        "bardia",
        "fort",
        fortification=4,
        port=True,
        sea_region="marmarican-waters",
        capacity={"land": 6},
    ),
    _structure("sidi-omar-fort", "Sidi Omar", "sidi-omar", "fort", fortification=6),
    _structure("maddalena-fort", "Fort Maddalena", "maddalena", "fort", fortification=7),
    _structure("jarabub-town", "Jarabub", "jarabub", "village"),
    _structure("siwa-town", "Siwa", "siwa", "village"),
    _structure("sollum-town", "Sollum", "sollum", "village"),
    _structure("sidi-barrani-town", "Sidi Barrani", "sidi-barrani", "village", airport=True),
    _structure(
        "mersa-matruh",
        "Mersa Matruh",
        "mersa-matruh",
        "fort",
        fortification=4,
        port=True,
        airport=True,
        sea_region="marmarican-waters",
        capacity={"land": 9},
        values=_vp(2, 1),
        description="The railhead and fortified harbour of the Western Desert.",
    ),
    _structure("fuka-field", "Fuka", "fuka", "airfield", airport=True),
    _structure("el-daba-town", "El Daba", "el-daba", "village"),
    _structure("el-alamein-station", "El Alamein", "el-alamein", "village"),
    _structure("burg-el-arab-field", "Burg el Arab", "burg-el-arab", "airfield", airport=True),
    _structure(
        "alexandria",
        "Alexandria",
        "alexandria",
        fortification=3,
        port=True,
        airport=True,
        sea_region="egyptian-waters",
        capacity={"land": 12, "air": 6},
        values=_vp(6, 0),
        description="The Mediterranean Fleet's base. With Suez, the Axis war aim.",
    ),
    _structure("damanhur-town", "Damanhur", "damanhur", "village"),
    _structure("tanta-town", "Tanta", "tanta", "city"),
    _structure(
        "cairo",
        "Cairo",
        "cairo",
        airport=True,
        capacity={"air": 8},
        values=_vp(4, 4),
        description="GHQ Middle East, the depots, and Heliopolis airfield.",
    ),
    _structure("giza-town", "Giza", "giza", "village"),
    _structure("faiyum-town", "Faiyum", "faiyum", "village"),
    _structure(
        "port-said",
        "Port Said",
        "port-said",
        port=True,
        sea_region="levant-waters",
    ),
    _structure("ismailia-field", "Ismailia", "ismailia", "airfield", airport=True),
    _structure(
        "suez",
        "Suez",
        "suez",
        fortification=4,
        port=True,
        sea_region="gulf-of-suez",
        capacity={"land": 9},
        values=_vp(5, 0),
        description="The southern end of the canal, where the convoys round the Cape unload.",
    ),
    _structure("qantara-town", "Qantara East", "north-sinai", "village"),
]

BOX_ANCHORS: dict[str, tuple[float, float]] = {
    "italy": (200.0, -150.0),
    "malta": (600.0, -140.0),
    "deep-sahara": (1140.0, 945.0),
}
"""Where the symbol of the structure in each off-map box goes: near its left edge, leaving
room for the stacks."""


def anchor_structures(structures: list[Json], tiling: geo.Tiling) -> list[Json]:
    """Put each structure's symbol on its town, so that harbours sit on the coast where a
    player looks for them (the automatic choice can land far from the town)."""
    out: list[Json] = []
    for structure in structures:
        structure = dict(structure)
        region = tiling.regions.get(structure["region"])
        if region is None:
            x, y = BOX_ANCHORS[structure["region"]]
        else:
            outline = Polygon(region.exterior, region.holes)
            place = region.place
            assert place is not None
            town = Point(geo.project(place.lon, place.lat))
            if not outline.buffer(-4.0).contains(town):
                town = outline.buffer(-4.0).representative_point()
            x, y = town.x, town.y
        structure["anchor"] = [round(x, 1), round(y, 1)]
        out.append(structure)
    return out


SUPPLY_SOURCES: list[Json] = [
    {"id": "italian-ports", "name": "Italian ports", "region": "italy", "sides": [AXIS]},
    {"id": "tripoli-docks", "name": "Tripoli docks", "region": "tripoli", "sides": [AXIS]},
    {"id": "alexandria-base", "name": "Alexandria base", "region": "alexandria", "sides": [ALLIES]},
    {"id": "cairo-depots", "name": "Cairo depots", "region": "cairo", "sides": [ALLIES]},
    {"id": "suez-docks", "name": "Suez docks", "region": "suez", "sides": [ALLIES]},
    {"id": "kufra-wells", "name": "Kufra wells", "region": "deep-sahara", "sides": [ALLIES]},
]
