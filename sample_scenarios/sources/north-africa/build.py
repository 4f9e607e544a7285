"""Build ``sample_scenarios/north-africa.json``, the desert war of 1941-42, from scratch.

Run from anywhere: ``.venv/bin/python sample_scenarios/sources/north-africa/build.py``. The map
comes from ``geography.py``; everything else (tables, forces, decks, schedule, victory) is
written here as plain data, so a modder can read one file from top to bottom. The output is
the canonical JSON that ``schemas.io.save`` writes, so running the script twice gives the same
bytes.
"""

from __future__ import annotations

import datetime as dt
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
sys.path[:0] = [str(HERE), str(ROOT)]

import geography as geo  # noqa: E402
from shapely.geometry import LineString, Point, Polygon  # noqa: E402
from shapely.ops import polylabel  # noqa: E402

from schemas import Scenario, load_file, save  # noqa: E402

OUT = ROOT / "sample_scenarios" / "north-africa.json"

Json = dict[str, Any]

START = dt.date(1941, 3, 24)
"""Turn 1: the Axis strikes at El Agheila."""
TURN_DAYS = 14
TURNS = 38
"""Turn 38 opens on 1942-08-24: the game ends after Alam Halfa, the last Axis offensive."""

AXIS, ALLIES = "axis", "allies"


def turn_of(date: str) -> int:
    """The turn whose fortnight holds the date."""
    days = (dt.date.fromisoformat(date) - START).days
    return days // TURN_DAYS + 1


# -- terrain: the desert theatre's table (000 file, section 4.2) --------------------------------


def _terrain(id: str, name: str, color: str, **values: Any) -> Json:
    return {"id": id, "name": name, "color": color, **values}


ROUGH_COMBAT: Json = {
    "attacker_modifier": -1,
    "defender_modifier": 1,
    "air_attack_modifier": -1,
    "armour_superiority": False,
    "pursuit": "none",
    "breakthrough": "none",
}

TERRAIN: list[Json] = [
    _terrain(
        "clear",
        "Open desert",
        "#e8d6a6",
        movement_cost=2,
        stacking=14,
        supply="with_trail",
        forage=1,
        description="Flat gravel and scrub. Tanks roam freely; supply needs a track.",
    ),
    _terrain(
        "steppes",
        "Desert steppe",
        "#d9c98f",
        movement_cost=2,
        stacking=14,
        supply="with_trail",
        forage=2,
        description="Grassy wadis and low bush south of the coast.",
    ),
    _terrain(
        "cultivated",
        "Cultivated land",
        "#b8c98a",
        movement_cost=2,
        stacking=18,
        supply="with_trail",
        forage=10,
        description="Farms, palm groves and irrigated fields: units live off the land here.",
    ),
    _terrain(
        "delta",
        "Nile delta",
        "#97bd78",
        movement_cost=3,
        stacking=12,
        defender_modifier=1,
        attacker_modifier=-1,
        air_attack_modifier=-1,
        armour_superiority=False,
        pursuit="none",
        breakthrough="none",
        forage=8,
        description="Canals, dykes and villages every mile: slow going, easy to hold.",
    ),
    _terrain(
        "mountain",
        "Mountains",
        "#b39167",
        movement_cost=3,
        stacking=8,
        defender_morale_modifier=1,
        forage=3,
        **ROUGH_COMBAT,
    ),
    _terrain(
        "oasis",
        "Oasis",
        "#93c46c",
        movement_cost=2,
        stacking=12,
        forage=3,
        description="Wells and palms; supply passes without a track.",
    ),
    _terrain(
        "rough",
        "Rough ground",
        "#c9a773",
        movement_cost=3,
        stacking=10,
        supply="with_trail",
        forage=3,
        **ROUGH_COMBAT,
    ),
    _terrain(
        "desolate-hills",
        "Desolate hills",
        "#bd9d78",
        movement_cost=3,
        stacking=6,
        supply="with_trail",
        forage=3,
        **ROUGH_COMBAT,
    ),
    _terrain(
        "salt-marsh",
        "Salt marsh",
        "#d8d3bd",
        movement_cost=3,
        stacking=6,
        stacking_with_trail=8,
        pursuit_modifier=-1,
        defender_morale_modifier=1,
        supply="with_trail",
        forage=0,
    ),
    _terrain(
        "shifting-sands",
        "Shifting sands",
        "#f0cf86",
        movement_cost=3,
        stacking=6,
        stacking_with_trail=8,
        defender_morale_modifier=1,
        armour_superiority=False,
        pursuit="none",
        breakthrough="none",
        supply="with_trail",
        forage=0,
    ),
    _terrain(
        "sands",
        "Sand sea",
        "#f3df9f",
        movement_cost=3,
        stacking=6,
        pursuit_modifier=-2,
        air_attack_modifier=-1,
        defender_morale_modifier=1,
        supply="with_trail",
        forage=0,
    ),
    _terrain(
        "wet-marsh",
        "Wet marsh",
        "#8db39c",
        movement_cost=3,
        stacking=8,
        attacker_modifier=-1,
        defender_modifier=1,
        defender_morale_modifier=1,
        air_attack_modifier=-2,
        armour_superiority=False,
        pursuit="none",
        breakthrough="none",
        supply="never",
        forage=6,
    ),
    _terrain(
        "urban",
        "City",
        "#b3aba0",
        movement_cost=1,
        stacking=14,
        attacker_modifier=-1,
        defender_modifier=1,
        defender_morale_modifier=1,
        air_attack_modifier=-2,
        armour_superiority=False,
        pursuit="none",
        breakthrough="none",
        forage=14,
    ),
    _terrain(
        "lagoon",
        "Lake or lagoon",
        "#86b7d6",
        domain="lake",
        supply="never",
        description="Only aircraft cross it.",
    ),
    _terrain("sea", "Sea", "#6a9ccc", domain="sea", supply="never"),
    _terrain(
        "nile",
        "The Nile",
        "#4d87c4",
        domain="sea",
        supply="never",
        description="Land units cross only at the bridges.",
    ),
    _terrain(
        "canal",
        "Suez Canal",
        "#4d87c4",
        domain="sea",
        supply="never",
        description="Land units cross only at the bridges and ferries.",
    ),
    _terrain("unplayable", "Out of play", "#c4beb2", domain="unplayable", supply="never"),
]

# -- connection types (000 file, section 4.4, with the desert's wadis and escarpments) ----------

CONNECTION_TYPES: list[Json] = [
    {"id": "land", "name": "Land"},
    {"id": "sea", "name": "Sea", "color": "#3f6f9f", "domain": "sea"},
    {"id": "air", "name": "Air", "color": "#9090b0", "domain": "air", "adjacent": False},
    {
        "id": "wadi",
        "name": "Wadi",
        "color": "#5fa39a",
        "defender_modifier": 1,
        "description": "A dry watercourse: free to cross, but a ready-made line to defend.",
    },
    {
        "id": "escarpment",
        "name": "Escarpment",
        "color": "#8a5a2b",
        "movement_cost": 1,
        "defender_modifier": 1,
        "description": "The coastal cliff between the plain and the plateau.",
    },
    {
        "id": "pass",
        "name": "Escarpment pass",
        "color": "#a0522d",
        "movement_cost": -1,
        "defender_modifier": 1,
        "description": "A road climbing the escarpment, such as Halfaya or Sollum.",
    },
    {
        "id": "nile-bridge",
        "name": "Nile or canal crossing",
        "color": "#1f4f8f",
        "movement_cost": 2,
        "bridge_movement_cost": 1,
        "rail_bridge_movement_cost": 0,
        "needs_bridge": True,
        "defender_modifier": 2,
        "adjacent": False,
        "description": "A bridge or ferry over the Nile or the Suez Canal; no crossing without it.",
    },
    {
        "id": "convoy",
        "name": "Convoy route",
        "color": "#2f5f8f",
        "uses_all_movement": True,
        "adjacent": False,
        "description": "Shipping from the Italian ports: crossing it takes a whole move.",
    },
    {
        "id": "desert-track",
        "name": "Deep desert track",
        "color": "#b08040",
        "movement_cost": 2,
        "adjacent": False,
        "description": "Hundreds of kilometres of sand to the southern oases.",
    },
]

# -- areas and theatres ---------------------------------------------------------------------------

THEATRES: list[Json] = [
    {"id": "libya", "name": "Libya", "color": "#6d7f4f"},
    {"id": "egypt", "name": "Egypt", "color": "#9a6a3a"},
    {"id": "beyond", "name": "Beyond the map", "color": "#707070"},
]

AREAS: list[Json] = [
    {"id": "tripolitania", "name": "Tripolitania", "theatre": "libya", "color": "#7d8f5a"},
    {"id": "sirtica", "name": "Gulf of Sirte", "theatre": "libya", "color": "#9aa06a"},
    {"id": "cyrenaica", "name": "Cyrenaica", "theatre": "libya", "color": "#8a9a60"},
    {"id": "marmarica", "name": "Marmarica", "theatre": "libya", "color": "#a39062"},
    {"id": "western-desert", "name": "Western Desert", "theatre": "egypt", "color": "#b08a58"},
    {"id": "nile-delta", "name": "Nile Delta", "theatre": "egypt", "color": "#6f9a5a"},
    {"id": "nile-valley", "name": "Nile Valley", "theatre": "egypt", "color": "#7aa05a"},
    {"id": "canal-zone", "name": "Canal Zone", "theatre": "egypt", "color": "#8a8a6a"},
    {"id": "sinai", "name": "Sinai", "theatre": "egypt", "color": "#a08a6a"},
    {
        "id": "italy",
        "name": "Italy",
        "theatre": "beyond",
        "color": "#5a7a5a",
        "closed_to": [ALLIES],
    },
    {"id": "malta", "name": "Malta", "theatre": "beyond", "color": "#7a5a5a", "closed_to": [AXIS]},
    {"id": "deep-sahara", "name": "Deep Sahara", "theatre": "beyond", "color": "#a08050"},
]

AXIS_AREAS = {"tripolitania", "sirtica"}
"""Areas the Axis holds on turn 1; everything east of El Agheila is British."""

# -- places worth something -----------------------------------------------------------------------

REGION_VP: dict[str, int] = {
    "agedabia": 1,
    "benghazi": 2,
    "derna": 1,
    "mechili": 1,
    "gazala": 1,
    "bardia": 1,
    "sollum": 1,
    "sidi-barrani": 1,
    "mersa-matruh": 2,
    "el-alamein": 2,
    "cairo": 3,
}
"""Regions scored on capture by either side: the capturer gains, the loser loses as much."""

UNREST: dict[str, int] = {
    "sidi-barrani": 1,
    "mersa-matruh": 1,
    "el-alamein": 2,
    "burg-el-arab": 1,
    "alam-halfa": 1,
    "wadi-natrun": 1,
    "damanhur": 2,
    "alexandria": 3,
    "giza": 2,
    "cairo": 3,
    "faiyum": 1,
}
"""Egyptian places whose fall to the Axis feeds unrest in Cairo (the tension index)."""

OFF_MAP: list[Json] = [
    {
        "id": "italy",
        "name": "Italy and Sicily",
        "terrain": "cultivated",
        "network": "road",
        "area": "italy",
        "owner": "italy",
        "box": [(150.0, -230.0), (470.0, -230.0), (470.0, -80.0), (150.0, -80.0)],
        "description": "The Axis home ports: Naples, Palermo and the airfields of Sicily.",
    },
    {
        "id": "malta",
        "name": "Malta",
        "terrain": "rough",
        "network": "road",
        "area": "malta",
        "owner": "britain",
        "box": [(560.0, -200.0), (720.0, -200.0), (720.0, -90.0), (560.0, -90.0)],
        "description": "The island fortress astride the Axis convoy routes.",
    },
    {
        "id": "deep-sahara",
        "name": "Kufra and the Deep Sahara",
        "terrain": "oasis",
        "network": "trail",
        "area": "deep-sahara",
        "owner": "free-france",
        "box": [(1080.0, 880.0), (1560.0, 880.0), (1560.0, 1010.0), (1080.0, 1010.0)],
        "description": "Kufra oasis, taken by the Free French, and the tracks of the raiders.",
    },
]


def _anchors(region: geo.Region) -> Json:
    """The region's name low in the region, below its most central point. The game view
    stacks a region's places and counters in rows above the name: left to itself it puts the
    name in the middle, and the rows of a narrow coastal region then spill out to sea."""
    outline = Polygon(region.exterior, region.holes)
    pole = polylabel(outline, tolerance=1.0)
    inner = outline.buffer(-6.0)
    label = pole
    if not inner.is_empty:
        column = LineString([(pole.x, pole.y), (pole.x, pole.y + 1000.0)]).intersection(inner)
        ends = [g for g in getattr(column, "geoms", [column]) if not g.is_empty]
        if ends:
            bottom = max(y for g in ends[:1] for _, y in g.coords)
            label = Point(pole.x, pole.y + 0.6 * (bottom - pole.y))
    return {"label": [round(label.x, 1), round(label.y, 1)]}


def regions(tiling: geo.Tiling) -> list[Json]:
    out: list[Json] = []
    for region in sorted(tiling.regions.values(), key=lambda r: r.id):
        data: Json = {"id": region.id, "name": region.name}
        if region.kind == "land":
            assert region.place is not None
            place = region.place
            data["terrain"] = place.terrain
            data["area"] = place.area
            data["network"] = place.network
            data["owner"] = "italy" if place.area in AXIS_AREAS else "britain"
            values: Json = {}
            vp = REGION_VP.get(region.id, 0)
            if vp:
                values = {AXIS: {"capture": vp, "loss": vp}, ALLIES: {"capture": vp, "loss": vp}}
            if region.id in UNREST:
                values.setdefault(AXIS, {})["tension"] = UNREST[region.id]
                values.setdefault(ALLIES, {})["tension"] = -1
            if values:
                data["values"] = values
        elif region.kind == "sea":
            data["terrain"] = "sea"
        elif region.kind == "lagoon":
            data["terrain"] = "lagoon"
        elif region.kind == "nile":
            data["terrain"] = "nile"
        elif region.kind == "canal":
            data["terrain"] = "canal"
        else:
            data["terrain"] = "unplayable"
            data["description"] = "Vichy French Tunisia: neutral ground, out of play."
        data["polygon"] = {"exterior": [list(p) for p in region.exterior]}
        if region.holes:
            data["polygon"]["holes"] = [[list(p) for p in hole] for hole in region.holes]
        if region.kind == "land":
            data["anchors"] = _anchors(region)
        out.append(data)
    for box in OFF_MAP:
        out.append(
            {
                "id": box["id"],
                "name": box["name"],
                "terrain": box["terrain"],
                "owner": box["owner"],
                "area": box["area"],
                "network": box["network"],
                "polygon": {"exterior": [list(p) for p in box["box"]]},
                "off_map": True,
                "description": box["description"],
            }
        )
    return out


# -- connections ----------------------------------------------------------------------------------

SPECIAL_LINKS: dict[frozenset[str], str] = {
    frozenset(("sollum", "sidi-omar")): "pass",  # Halfaya
    frozenset(("sollum", "bardia")): "pass",  # the Sollum pass up to Capuzzo
    frozenset(("sidi-barrani", "sofafi")): "escarpment",
    frozenset(("sidi-barrani", "sidi-omar")): "escarpment",
    frozenset(("mersa-matruh", "minqar-qaim")): "escarpment",
    frozenset(("el-alamein", "alam-halfa")): "escarpment",  # Ruweisat and Alam Halfa ridges
    frozenset(("el-agheila", "agedabia")): "wadi",  # Wadi el Faregh, the Mersa Brega line
    frozenset(("buerat", "tawergha")): "wadi",  # Wadi Zem Zem
    frozenset(("derna", "tmimi")): "wadi",
    frozenset(("gazala", "tobruk")): "wadi",
    frozenset(("benghazi", "el-abiar")): "escarpment",
    frozenset(("barce", "el-abiar")): "escarpment",
}

CROSSINGS: list[tuple[str, str, bool, bool]] = [
    # (a, b, road, rail): every way over the Nile and the canal; all start bridged.
    ("giza", "cairo", True, True),
    ("giza", "menouf", True, False),  # the Delta Barrage
    ("menouf", "benha", True, False),
    ("damanhur", "tanta", True, True),  # Kafr el Zayyat
    ("tanta", "benha", True, True),
    ("kafr-el-sheikh", "mansura", True, True),
    ("faiyum", "helwan", True, False),
    ("ismailia", "north-sinai", True, True),  # El Ferdan
    ("port-said", "north-sinai", True, False),
    ("suez", "mitla", True, False),
]


def connections(tiling: geo.Tiling, region_data: list[Json]) -> list[Json]:
    kinds = {r.id: r.kind for r in tiling.regions.values()}
    network = {r["id"]: r.get("network", "none") for r in region_data}
    out: list[Json] = []

    def road(a: str, b: str) -> bool:
        return network[a] in ("road", "rail") and network[b] in ("road", "rail")

    def rail(a: str, b: str) -> bool:
        return network[a] == "rail" and network[b] == "rail"

    for pair in sorted(tiling.borders, key=lambda p: sorted(p)):
        a, b = sorted(pair)
        ka, kb = kinds[a], kinds[b]
        if "frontier" in (ka, kb):
            continue
        link: Json = {"id": f"{a}--{b}", "a": a, "b": b}
        if ka == "land" and kb == "land":
            kind = SPECIAL_LINKS.get(pair, "land")
            if kind != "land":
                link["type"] = kind
            if road(a, b):
                link["road"] = True
            if rail(a, b) and kind == "land":
                link["rail"] = True
        elif "lagoon" in (ka, kb):
            link["type"] = "air"
        else:
            link["type"] = "sea"
        out.append(link)
    for a, b, has_road, has_rail in CROSSINGS:
        link = {"id": f"{a}--{b}", "a": a, "b": b, "type": "nile-bridge", "bridge": True}
        if has_road:
            link["road"] = True
        if has_rail:
            link["rail"] = True
        out.append(link)
    out += [
        {"id": "italy--tripoli", "a": "italy", "b": "tripoli", "type": "convoy"},
        {"id": "italy--tripolitanian-waters", "a": "italy", "b": "tripolitanian-waters"},
        {"id": "malta--tripolitanian-waters", "a": "malta", "b": "tripolitanian-waters"},
        {"id": "malta--gulf-of-sirte", "a": "malta", "b": "gulf-of-sirte"},
    ]
    for link in out[-3:]:
        link["type"] = "sea"
    for oasis in ("jalo", "jarabub", "siwa"):
        out.append(
            {"id": f"deep-sahara--{oasis}", "a": "deep-sahara", "b": oasis, "type": "desert-track"}
        )
    return out


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

# -- sides and nations ----------------------------------------------------------------------------

SIDES: list[Json] = [
    {
        "id": AXIS,
        "name": "Axis",
        "color": "#5b6f8a",
        "rail": False,
        "briefing": "",
    },
    {
        "id": ALLIES,
        "name": "Allies",
        "color": "#b0463a",
        "briefing": "",
    },
]

NATIONS: list[Json] = [
    {
        "id": "italy",
        "name": "Italy",
        "side": AXIS,
        "main": True,
        "color_dark": "#3f5a34",
        "color_light": "#c3d3a8",
        "capitals": {"land": "tripoli", "naval": "tripoli", "air": "castel-benito"},
    },
    {
        "id": "germany",
        "name": "Germany",
        "side": AXIS,
        "color_dark": "#3c3c3c",
        "color_light": "#d4c8a4",
        "capitals": {"land": "tripoli", "air": "castel-benito"},
    },
    {
        "id": "regia-aeronautica",
        "name": "Regia Aeronautica",
        "side": AXIS,
        "parent": "italy",
        "color_dark": "#2f4a6a",
        "color_light": "#b4c8dc",
        "preferred_domain": "air",
    },
    {
        "id": "luftwaffe",
        "name": "Luftwaffe",
        "side": AXIS,
        "parent": "germany",
        "color_dark": "#465a70",
        "color_light": "#c0ccd8",
        "preferred_domain": "air",
    },
    {
        "id": "britain",
        "name": "Britain",
        "side": ALLIES,
        "main": True,
        "color_dark": "#7a3a22",
        "color_light": "#e8c8a0",
        "capitals": {"land": "cairo", "naval": "alexandria", "air": "cairo"},
        "radar": True,
    },
    {
        "id": "raf",
        "name": "Royal Air Force",
        "side": ALLIES,
        "parent": "britain",
        "color_dark": "#33507a",
        "color_light": "#b8c8e4",
        "preferred_domain": "air",
        "radar": True,
    },
    {
        "id": "australia",
        "name": "Australia",
        "side": ALLIES,
        "parent": "britain",
        "color_dark": "#6a4a1a",
        "color_light": "#e4cc8c",
    },
    {
        "id": "new-zealand",
        "name": "New Zealand",
        "side": ALLIES,
        "parent": "britain",
        "color_dark": "#2a2a2a",
        "color_light": "#c8c8c8",
    },
    {
        "id": "india",
        "name": "India",
        "side": ALLIES,
        "parent": "britain",
        "color_dark": "#7a5a2a",
        "color_light": "#ecd8a8",
    },
    {
        "id": "south-africa",
        "name": "South Africa",
        "side": ALLIES,
        "parent": "britain",
        "color_dark": "#4a6a2a",
        "color_light": "#d8e4a8",
    },
    {
        "id": "poland",
        "name": "Poland",
        "side": ALLIES,
        "parent": "britain",
        "color_dark": "#8a2a3a",
        "color_light": "#f0c8cc",
    },
    {
        "id": "free-france",
        "name": "Free France",
        "side": ALLIES,
        "color_dark": "#2a3a7a",
        "color_light": "#c4cce8",
        "capitals": {"land": "deep-sahara"},
        "fog_advantage": True,
    },
]

# -- unit types -----------------------------------------------------------------------------------


def _type(id: str, name: str, short: str, **values: Any) -> Json:
    return {"id": id, "name": name, "short_name": short, **values}


MOBILE: Json = {"movement_class": "motorized", "pursuit": True, "breakthrough": True}

UNIT_TYPES: list[Json] = [
    _type(
        "pz-div",
        "Panzer division",
        "Pz Div",
        attack=6,
        defence=5,
        morale=7,
        movement=6,
        hit_points=8,
        stacking=3,
        rate_of_fire=2,
        reduced={"attack": 4, "defence": 3, "morale": 5, "movement": 4},
        roles=["armour"],
        tags=["german", "panzer"],
        destroyed_vp={"@enemy": 2},
        **MOBILE,
    ),
    _type(
        "light-div",
        "German light division",
        "Le Div",
        attack=5,
        defence=5,
        morale=7,
        movement=6,
        hit_points=6,
        stacking=3,
        rate_of_fire=2,
        reduced={"attack": 3, "defence": 3, "morale": 5},
        roles=["antitank"],
        tags=["german", "flak88"],
        destroyed_vp={"@enemy": 2},
        **MOBILE,
    ),
    _type(
        "it-armd-div",
        "Italian armoured division",
        "Corazzata",
        attack=4,
        defence=3,
        morale=5,
        movement=6,
        hit_points=6,
        stacking=3,
        rate_of_fire=2,
        reduced={"attack": 2, "defence": 2, "morale": 4},
        roles=["armour"],
        tags=["italian"],
        destroyed_vp={"@enemy": 1},
        **MOBILE,
    ),
    _type(
        "it-mot-div",
        "Italian motorised division",
        "Motorizzata",
        attack=3,
        defence=4,
        morale=5,
        movement=5,
        hit_points=6,
        stacking=3,
        rate_of_fire=2,
        reduced={"attack": 2, "defence": 3, "morale": 4},
        movement_class="motorized",
        breakthrough=True,
        tags=["italian", "infantry"],
        destroyed_vp={"@enemy": 1},
    ),
    _type(
        "it-inf-div",
        "Italian infantry division",
        "Fanteria",
        attack=3,
        defence=4,
        morale=4,
        movement=4,
        hit_points=6,
        stacking=3,
        rate_of_fire=2,
        reduced={"attack": 2, "defence": 3, "morale": 3},
        tags=["italian", "infantry"],
        forage=2,
        destroyed_vp={"@enemy": 1},
    ),
    _type(
        "it-para-div",
        "Italian parachute division",
        "Paracadutisti",
        attack=4,
        defence=5,
        morale=8,
        movement=4,
        hit_points=5,
        stacking=2,
        rate_of_fire=2,
        elite=True,
        tags=["italian", "infantry"],
        destroyed_vp={"@enemy": 1},
    ),
    _type(
        "axis-recon",
        "Reconnaissance battalion",
        "Aufkl",
        attack=2,
        defence=2,
        morale=6,
        movement=7,
        hit_points=2,
        stacking=1,
        roles=["recon"],
        agile=True,
        tags=["german"],
        **MOBILE,
    ),
    _type(
        "axis-artillery",
        "Artillery group",
        "Arty",
        attack=4,
        defence=2,
        morale=5,
        movement=5,
        hit_points=3,
        stacking=1,
        loss_priority="last",
        movement_class="motorized",
        roles=["artillery", "siege_artillery"],
        destroyed_vp={"@enemy": 1},
    ),
    _type(
        "br-armd-div",
        "Armoured division",
        "Armd Div",
        attack=5,
        defence=4,
        morale=6,
        movement=6,
        hit_points=8,
        stacking=3,
        rate_of_fire=2,
        reduced={"attack": 3, "defence": 3, "morale": 5, "movement": 4},
        roles=["armour"],
        tags=["cruiser"],
        destroyed_vp={"@enemy": 2},
        **MOBILE,
    ),
    _type(
        "army-tank-bde",
        "Army tank brigade",
        "Tank Bde",
        attack=4,
        defence=6,
        morale=7,
        movement=5,
        hit_points=4,
        stacking=2,
        movement_class="heavy",
        roles=["armour"],
        tags=["infantry-tank"],
        destroyed_vp={"@enemy": 1},
    ),
    _type(
        "cw-inf-div",
        "Infantry division",
        "Inf Div",
        attack=4,
        defence=5,
        morale=6,
        movement=5,
        hit_points=8,
        stacking=3,
        rate_of_fire=2,
        reduced={"attack": 3, "defence": 4, "morale": 5},
        tags=["infantry"],
        destroyed_vp={"@enemy": 2},
    ),
    _type(
        "cw-vet-div",
        "Veteran infantry division",
        "Vet Div",
        attack=4,
        defence=5,
        morale=7,
        movement=5,
        hit_points=8,
        stacking=3,
        rate_of_fire=2,
        reduced={"attack": 3, "defence": 4, "morale": 6},
        elite=True,
        tags=["infantry"],
        destroyed_vp={"@enemy": 2},
    ),
    _type(
        "inf-bde",
        "Infantry brigade group",
        "Inf Bde",
        attack=3,
        defence=4,
        morale=6,
        movement=6,
        hit_points=3,
        stacking=1,
        movement_class="motorized",
        tags=["infantry"],
        destroyed_vp={"@enemy": 1},
    ),
    _type(
        "motor-bde",
        "Motor brigade",
        "Mot Bde",
        attack=3,
        defence=3,
        morale=6,
        movement=7,
        hit_points=3,
        stacking=1,
        agile=True,
        roles=["recon"],
        destroyed_vp={"@enemy": 1},
        **MOBILE,
    ),
    _type(
        "cw-artillery",
        "Artillery group",
        "RA",
        attack=4,
        defence=2,
        morale=6,
        movement=5,
        hit_points=3,
        stacking=1,
        loss_priority="last",
        movement_class="motorized",
        roles=["artillery", "siege_artillery"],
        destroyed_vp={"@enemy": 1},
    ),
    _type(
        "lrdg",
        "Long Range Desert Group",
        "LRDG",
        attack=1,
        defence=1,
        morale=8,
        movement=8,
        hit_points=1,
        stacking=0,
        elite=True,
        agile=True,
        movement_class="motorized",
        roles=["guerrilla", "recon"],
        tags=["raiders"],
        description="Desert raiders in stripped lorries: they carry their own water and need "
        "no supply line.",
    ),
    _type(
        "minefield",
        "Minefield belt",
        "Mines",
        attack=3,
        defence=3,
        morale=9,
        hit_points=2,
        stacking=0,
        loss_priority="first",
        movement_class="immobile",
        roles=["mine", "fortification"],
    ),
    _type(
        "supply-column",
        "Supply column",
        "Supply",
        unit_class="support",
        morale=3,
        movement=6,
        hit_points=1,
        stacking=1,
        movement_class="motorized",
        roles=["logistics"],
    ),
    _type(
        "axis-fighter",
        "Fighter group",
        "Jagd",
        domain="air",
        attack=3,
        defence=3,
        morale=7,
        movement=5,
        hit_points=2,
        air_to_air=6,
        roles=["fighter"],
        destroyed_vp={"@enemy": 1},
    ),
    _type(
        "stuka",
        "Dive bomber group",
        "Stuka",
        domain="air",
        attack=5,
        defence=2,
        morale=6,
        movement=4,
        hit_points=2,
        air_to_air=1,
        roles=["dive_bomber"],
        destroyed_vp={"@enemy": 1},
    ),
    _type(
        "allied-fighter",
        "Fighter wing",
        "Ftr",
        domain="air",
        attack=3,
        defence=3,
        morale=7,
        movement=5,
        hit_points=2,
        air_to_air=5,
        roles=["fighter"],
        destroyed_vp={"@enemy": 1},
    ),
    _type(
        "allied-bomber",
        "Bomber wing",
        "Bmr",
        domain="air",
        attack=4,
        defence=2,
        morale=6,
        movement=7,
        hit_points=2,
        air_to_air=1,
        roles=["bomber"],
        destroyed_vp={"@enemy": 1},
    ),
]

# -- units ----------------------------------------------------------------------------------------


def _unit(
    id: str,
    type: str,
    nation: str,
    name: str,
    where: str | None = None,
    *,
    inside: str | None = None,
    strength: int | None = None,
) -> Json:
    unit: Json = {"id": id, "type": type, "nation": nation, "name": name}
    if strength is not None:
        unit["strength"] = strength
    if inside is not None:
        unit["location"] = {"structure": inside}
    elif where is not None:
        unit["location"] = {"region": where}
    return unit


UNITS: list[Json] = [
    # Axis, March 1941: the first Germans have just landed; the Italians rebuild after Beda Fomm.
    _unit("de-21-pz", "pz-div", "germany", "5th Light (21st Panzer) Division", "el-agheila"),
    _unit("de-aa3", "axis-recon", "germany", "3rd Reconnaissance Battalion", "ras-lanuf"),
    _unit("it-ariete", "it-armd-div", "italy", "Ariete Armoured Division", "ras-lanuf", strength=4),
    _unit("it-brescia", "it-inf-div", "italy", "Brescia Division", "el-agheila"),
    _unit("it-pavia", "it-inf-div", "italy", "Pavia Division", "sirte"),
    _unit("it-bologna", "it-inf-div", "italy", "Bologna Division", "misurata"),
    _unit("it-savona", "it-inf-div", "italy", "Savona Division", inside="tripoli"),
    _unit("it-trento", "it-mot-div", "italy", "Trento Motorised Division", "buerat"),
    _unit("it-arty", "axis-artillery", "italy", "Italian Corps Artillery", "sirte"),
    _unit("de-supply-1", "supply-column", "germany", "DAK Supply Column", "el-agheila"),
    _unit(
        "it-fighters",
        "axis-fighter",
        "regia-aeronautica",
        "4th Stormo",
        inside="castel-benito-field",
    ),
    _unit("de-stg1", "stuka", "luftwaffe", "StG 1 (Ju 87)", inside="sirte-field"),
    # Axis, later
    _unit("de-15-pz", "pz-div", "germany", "15th Panzer Division"),
    _unit("de-jg27", "axis-fighter", "luftwaffe", "JG 27 (Bf 109)"),
    _unit("de-arko", "axis-artillery", "germany", "Artillery Command 104"),
    _unit("it-trieste", "it-mot-div", "italy", "Trieste Motorised Division"),
    _unit("de-90-le", "light-div", "germany", "90th Light Division"),
    _unit("it-supply", "supply-column", "italy", "Italian Supply Column"),
    _unit("it-littorio", "it-armd-div", "italy", "Littorio Armoured Division"),
    _unit("de-164-le", "light-div", "germany", "164th Light Division"),
    _unit("it-folgore", "it-para-div", "italy", "Folgore Parachute Division"),
    # Allies, March 1941: the victors of Beda Fomm are gone to Greece or resting in the Delta.
    _unit("br-2-armd", "br-armd-div", "britain", "2nd Armoured Division", "agedabia", strength=4),
    _unit("au-9-div", "cw-vet-div", "australia", "9th Australian Division", "benghazi", strength=6),
    _unit("in-3-mot", "motor-bde", "india", "3rd Indian Motor Brigade", "mechili"),
    _unit("au-18-bde", "inf-bde", "australia", "18th Australian Brigade", inside="tobruk"),
    _unit("br-tobruk-ra", "cw-artillery", "britain", "Tobruk Fortress Artillery", inside="tobruk"),
    _unit("br-22-gds", "inf-bde", "britain", "22nd Guards Brigade", "sollum"),
    _unit("br-7-sg", "motor-bde", "britain", "7th Support Group", "mersa-matruh"),
    _unit("br-7-armd", "br-armd-div", "britain", "7th Armoured Division", "cairo", strength=4),
    _unit("br-16-bde", "inf-bde", "britain", "16th Infantry Brigade", "alexandria"),
    _unit("br-alex-garrison", "inf-bde", "britain", "Alexandria Garrison", inside="alexandria"),
    _unit("in-canal-garrison", "inf-bde", "india", "Canal Brigade", inside="suez"),
    _unit("br-cairo-garrison", "inf-bde", "britain", "Cairo Brigade", inside="cairo"),
    _unit(
        "br-supply-1", "supply-column", "britain", "Western Desert Supply Column", "mersa-matruh"
    ),
    _unit("lrdg", "lrdg", "britain", "Long Range Desert Group", "deep-sahara"),
    _unit("ff-leclerc", "inf-bde", "free-france", "Leclerc's Column", "deep-sahara"),
    _unit("raf-73", "allied-fighter", "raf", "No. 73 Squadron (Hurricane)", inside="el-adem-field"),
    _unit("raf-202", "allied-bomber", "raf", "No. 202 Group (Blenheim)", inside="cairo"),
    _unit("raf-malta", "allied-bomber", "raf", "Malta Wellingtons", inside="valletta"),
    _unit("raf-261", "allied-fighter", "raf", "No. 261 Squadron (Hurricane)", inside="valletta"),
    # Allies, later
    _unit("in-4-div", "cw-vet-div", "india", "4th Indian Division"),
    _unit("br-4-rtr", "army-tank-bde", "britain", "4th Army Tank Brigade (Matilda)"),
    _unit("sa-1-div", "cw-inf-div", "south-africa", "1st South African Division"),
    _unit("nz-div", "cw-vet-div", "new-zealand", "2nd New Zealand Division"),
    _unit("pl-carpathian", "inf-bde", "poland", "Polish Carpathian Brigade"),
    _unit("br-70-div", "cw-inf-div", "britain", "70th Division"),
    _unit("br-1-rtr", "army-tank-bde", "britain", "1st Army Tank Brigade (Valentine)"),
    _unit("br-ra-8army", "cw-artillery", "britain", "Eighth Army Artillery"),
    _unit("sa-2-div", "cw-inf-div", "south-africa", "2nd South African Division"),
    _unit("br-1-armd", "br-armd-div", "britain", "1st Armoured Division"),
    _unit("ff-1-bde", "inf-bde", "free-france", "1st Free French Brigade"),
    _unit("br-50-div", "cw-inf-div", "britain", "50th Northumbrian Division"),
    _unit("in-5-div", "cw-inf-div", "india", "5th Indian Division"),
    _unit("raf-dwf", "allied-fighter", "raf", "Desert Air Force (Kittyhawk)"),
    _unit("br-10-armd", "br-armd-div", "britain", "10th Armoured Division"),
    _unit("br-alamein-mines", "minefield", "britain", "Alamein Minefields"),
    _unit("au-9-div-returns", "cw-vet-div", "australia", "9th Australian Division (returned)"),
    _unit("br-44-div", "cw-inf-div", "britain", "44th Home Counties Division"),
    _unit("br-51-div", "cw-vet-div", "britain", "51st Highland Division"),
    _unit("br-sherman", "army-tank-bde", "britain", "9th Armoured Brigade (Sherman)"),
]

# -- leaders --------------------------------------------------------------------------------------


def _leader(
    id: str,
    name: str,
    nation: str,
    where: str | None = None,
    *,
    inside: str | None = None,
    **values: Any,
) -> Json:
    leader: Json = {"id": id, "name": name, "nation": nation, **values}
    if inside is not None:
        leader["location"] = {"structure": inside}
    elif where is not None:
        leader["location"] = {"region": where}
    return leader


LEADERS: list[Json] = [
    _leader(
        "rommel",
        "Erwin Rommel",
        "germany",
        "el-agheila",
        rank=2,
        hierarchy="A",
        attack=2,
        defence=1,
        morale=2,
        movement=10,
        stacking=-1,
        breakthrough=True,
        killed_vp={"@enemy": 3},
        description="Arrived in February 1941 with orders to defend Tripolitania, and attacked "
        "at once.",
    ),
    _leader(
        "gariboldi",
        "Italo Gariboldi",
        "italy",
        inside="tripoli",
        rank=2,
        hierarchy="B",
        defence=1,
        movement=4,
        description="Nominal superior of the German corps; cautious, and recalled in July.",
    ),
    _leader(
        "navarini",
        "Enea Navarini",
        "italy",
        "sirte",
        rank=1,
        hierarchy="B",
        defence=1,
        morale=1,
        movement=5,
        siege=True,
        description="Commander of the Italian infantry corps that invested Tobruk.",
    ),
    _leader(
        "bastico", "Ettore Bastico", "italy", rank=2, hierarchy="B", defence=1, morale=1, movement=5
    ),
    _leader(
        "cruewell",
        "Ludwig Cruewell",
        "germany",
        rank=1,
        hierarchy="A",
        attack=1,
        defence=1,
        morale=1,
        movement=8,
        breakthrough=True,
    ),
    _leader(
        "gambara",
        "Gastone Gambara",
        "italy",
        rank=1,
        hierarchy="C",
        defence=1,
        morale=1,
        movement=7,
        breakthrough=True,
    ),
    _leader(
        "nehring",
        "Walther Nehring",
        "germany",
        rank=1,
        hierarchy="B",
        attack=1,
        defence=1,
        morale=1,
        movement=8,
        breakthrough=True,
    ),
    _leader(
        "oconnor",
        "Richard O'Connor",
        "britain",
        "barce",
        rank=2,
        hierarchy="A",
        attack=2,
        defence=1,
        morale=2,
        movement=8,
        breakthrough=True,
        killed_vp={"@enemy": 2},
        description="Victor of Beda Fomm, sent forward to advise his successor.",
    ),
    _leader(
        "neame",
        "Philip Neame",
        "britain",
        "barce",
        rank=1,
        hierarchy="B",
        defence=1,
        movement=6,
        killed_vp={"@enemy": 1},
    ),
    _leader(
        "morshead",
        "Leslie Morshead",
        "australia",
        "benghazi",
        rank=1,
        hierarchy="A",
        attack=1,
        defence=2,
        morale=2,
        movement=6,
        siege=True,
        killed_vp={"@enemy": 1},
        description="'Ming the Merciless' to his men; the soul of the Tobruk defence.",
    ),
    _leader(
        "beresford-peirse",
        "Noel Beresford-Peirse",
        "britain",
        rank=1,
        hierarchy="C",
        defence=1,
        morale=1,
        movement=6,
    ),
    _leader(
        "freyberg",
        "Bernard Freyberg",
        "new-zealand",
        rank=1,
        hierarchy="B",
        attack=1,
        defence=1,
        morale=2,
        movement=6,
    ),
    _leader(
        "cunningham",
        "Alan Cunningham",
        "britain",
        rank=2,
        hierarchy="B",
        defence=1,
        morale=1,
        movement=8,
    ),
    _leader(
        "gott",
        "William Gott",
        "britain",
        rank=1,
        hierarchy="A",
        attack=1,
        defence=1,
        morale=2,
        movement=8,
        breakthrough=True,
    ),
    _leader(
        "ritchie", "Neil Ritchie", "britain", rank=2, hierarchy="B", defence=1, morale=1, movement=8
    ),
    _leader(
        "koenig",
        "Marie-Pierre Koenig",
        "free-france",
        rank=1,
        hierarchy="C",
        defence=2,
        morale=2,
        movement=6,
        siege=True,
    ),
    _leader(
        "auchinleck",
        "Claude Auchinleck",
        "britain",
        rank=3,
        hierarchy="A",
        attack=1,
        defence=2,
        morale=2,
        movement=8,
    ),
    _leader(
        "montgomery",
        "Bernard Montgomery",
        "britain",
        rank=3,
        hierarchy="A",
        attack=1,
        defence=2,
        morale=3,
        movement=8,
        booster={"morale": 1},
    ),
]

# -- reinforcements, replacements -----------------------------------------------------------------


def _arrival(
    id: str,
    side: str,
    date: str | None,
    units: list[str],
    to: Json,
    text: str,
    leaders: list[str] | None = None,
) -> Json:
    data: Json = {"id": id, "side": side, "units": units, "to": to, "text": text}
    if date is not None:
        data["turn"] = turn_of(date)
    if leaders:
        data["leaders"] = leaders
    return data


ITALY = {"regions": ["italy"]}
SUEZ = {"regions": ["ismailia"]}
DELTA_PORTS = {"regions": ["giza", "ismailia", "damanhur"]}
"""Arrivals come to places worth nothing in VP: the AI would pin a stack that stands on a
VP place (or guards a sudden-death objective), and new units join the stack already there."""

REINFORCEMENTS: list[Json] = [
    _arrival(
        "15-panzer",
        AXIS,
        "1941-04-25",
        ["de-15-pz"],
        ITALY,
        "15th Panzer Division sails from Naples.",
    ),
    _arrival(
        "jg-27",
        AXIS,
        "1941-04-25",
        ["de-jg27"],
        {"structure": "castel-benito-field"},
        "Messerschmitts of JG 27 land at Castel Benito.",
    ),
    _arrival(
        "bastico-arrives",
        AXIS,
        None,
        [],
        {"regions": ["tripoli"]},
        "General Bastico takes over the Italian command.",
        leaders=["bastico"],
    ),
    _arrival(
        "italian-reinforcements-41",
        AXIS,
        "1941-08-20",
        ["it-trieste", "it-supply"],
        ITALY,
        "The Trieste Division and fresh lorries cross from Italy.",
    ),
    _arrival(
        "panzergruppe",
        AXIS,
        "1941-09-01",
        ["de-arko"],
        ITALY,
        "Heavy artillery for the assault on Tobruk.",
        leaders=["cruewell", "gambara"],
    ),
    _arrival(
        "90th-light",
        AXIS,
        None,
        ["de-90-le"],
        ITALY,
        "The 90th Light Division is formed from the scattered independent units.",
    ),
    _arrival(
        "littorio",
        AXIS,
        "1942-01-20",
        ["it-littorio"],
        ITALY,
        "The Littorio Armoured Division lands.",
        leaders=["nehring"],
    ),
    _arrival(
        "summer-42",
        AXIS,
        "1942-07-20",
        ["de-164-le", "it-folgore"],
        ITALY,
        "Paratroops and the 164th Light are sent instead of the invasion of Malta.",
    ),
    _arrival(
        "4th-indian",
        ALLIES,
        "1941-04-15",
        ["in-4-div"],
        SUEZ,
        "The 4th Indian Division returns from Eritrea.",
        leaders=["beresford-peirse"],
    ),
    _arrival(
        "tiger-convoy",
        ALLIES,
        None,
        ["br-4-rtr"],
        {"regions": ["alexandria"]},
        "A convoy forced through the Mediterranean lands a brigade of Matildas.",
    ),
    _arrival(
        "south-africans",
        ALLIES,
        "1941-06-10",
        ["sa-1-div"],
        SUEZ,
        "The 1st South African Division arrives from East Africa.",
    ),
    _arrival(
        "new-zealanders",
        ALLIES,
        "1941-07-01",
        ["nz-div"],
        DELTA_PORTS,
        "The New Zealand Division, rebuilt after Crete.",
        leaders=["freyberg"],
    ),
    _arrival(
        "eighth-army",
        ALLIES,
        "1941-09-20",
        ["br-70-div", "pl-carpathian", "br-1-rtr"],
        DELTA_PORTS,
        "The Eighth Army is formed.",
        leaders=["cunningham", "gott"],
    ),
    _arrival(
        "crusader-artillery",
        ALLIES,
        "1941-10-20",
        ["br-ra-8army", "sa-2-div"],
        SUEZ,
        "Guns and a second South African division for the winter offensive.",
    ),
    _arrival(
        "ritchie-takes-over",
        ALLIES,
        None,
        [],
        {"regions": ["cairo"]},
        "Ritchie takes over the Eighth Army.",
        leaders=["ritchie"],
    ),
    _arrival(
        "1st-armoured",
        ALLIES,
        "1942-01-01",
        ["br-1-armd"],
        SUEZ,
        "The 1st Armoured Division lands at Suez.",
    ),
    _arrival(
        "free-french",
        ALLIES,
        "1942-01-20",
        ["ff-1-bde"],
        {"regions": ["ismailia"]},
        "The 1st Free French Brigade comes down from Syria.",
        leaders=["koenig"],
    ),
    _arrival(
        "spring-42",
        ALLIES,
        "1942-02-20",
        ["br-50-div", "in-5-div"],
        SUEZ,
        "Two more divisions round the Cape.",
    ),
    _arrival(
        "kittyhawks",
        ALLIES,
        "1942-02-20",
        ["raf-dwf"],
        {"structure": "ismailia-field"},
        "American-built fighters for the Desert Air Force.",
    ),
    _arrival(
        "10th-armoured",
        ALLIES,
        "1942-06-10",
        ["br-10-armd"],
        SUEZ,
        "The 10th Armoured Division, converted from cavalry in Palestine.",
    ),
    _arrival(
        "alamein-line",
        ALLIES,
        "1942-07-01",
        ["br-alamein-mines"],
        {"regions": ["el-alamein"]},
        "Sappers sow the first belts of mines at El Alamein.",
    ),
    _arrival(
        "auchinleck-commands",
        ALLIES,
        None,
        [],
        {"regions": ["cairo"]},
        "The Commander-in-Chief takes the field himself.",
        leaders=["auchinleck"],
    ),
    _arrival(
        "9th-australian-returns",
        ALLIES,
        "1942-07-05",
        ["au-9-div-returns"],
        DELTA_PORTS,
        "The 9th Australian Division comes back from Syria.",
    ),
    _arrival(
        "montgomery-arrives",
        ALLIES,
        None,
        [],
        {"regions": ["cairo"]},
        "A new commander for the Eighth Army.",
        leaders=["montgomery"],
    ),
    _arrival(
        "summer-42-divisions",
        ALLIES,
        "1942-08-15",
        ["br-44-div", "br-51-div"],
        SUEZ,
        "Two fresh British divisions round the Cape.",
    ),
    _arrival(
        "shermans",
        ALLIES,
        None,
        ["br-sherman"],
        SUEZ,
        "The first Sherman tanks, rushed from America.",
    ),
]

REPLACEMENTS: list[Json] = [
    {
        "id": "german-drafts",
        "side": AXIS,
        "turns": {"from_turn": 4, "every": 3},
        "nations": ["germany"],
    },
    {"id": "imperial-depots", "side": ALLIES, "turns": {"from_turn": 6, "every": 2}},
]

# -- cards ----------------------------------------------------------------------------------------

IN_BATTLE: Json = {"context": "battle"}
IN_SIEGE: Json = {"context": "siege"}
DESERT_AREAS = ["cyrenaica", "marmarica", "western-desert"]


def _card(
    id: str, name: str, side: str, phases: list[str], effects: list[Json], **extra: Any
) -> Json:
    return {"id": id, "name": name, "side": side, "phases": phases, "effects": effects, **extra}


def _all(*conditions: Json) -> Json:
    return {"kind": "all", "conditions": list(conditions)}


def _present(units: Json, scope: Json | None = None, at_least: int = 1) -> Json:
    cond: Json = {"kind": "units_present", "units": units}
    if scope is not None:
        cond["scope"] = scope
    if at_least != 1:
        cond["at_least"] = at_least
    return cond


def _turns(first: str | None = None, last: str | None = None) -> Json:
    cond: Json = {"kind": "turn"}
    if first is not None:
        cond["from_turn"] = turn_of(first)
    if last is not None:
        cond["to_turn"] = turn_of(last)
    return cond


ATTACKER = {"kind": "battle_role", "role": "attacker"}
DEFENDER = {"kind": "battle_role", "role": "defender"}
BESIEGER = {"kind": "active_side", "side": "@self"}
BESIEGED = {"kind": "active_side", "side": "@enemy"}

AXIS_CARDS: list[Json] = [
    _card(
        "operation-sunflower",
        "Operation Sunflower",
        AXIS,
        ["land_movement"],
        [
            {
                "kind": "modify",
                "select": {"units": {"nations": ["germany"], "domains": ["land"]}},
                "stat": "movement",
                "amount": 2,
            }
        ],
        color="red",
        condition=_turns(last="1941-04-30"),
        text="Berlin said wait until May. The general read his orders and drove east anyway.",
        condition_text="Until the end of April 1941.",
        effect_text="German land units +2 MP this turn.",
    ),
    _card(
        "desert-fox",
        "The Desert Fox",
        AXIS,
        ["land_movement"],
        [
            {
                "kind": "modify",
                "select": {"units": {"nations": ["germany"], "roles": ["armour", "recon"]}},
                "stat": "movement",
                "amount": 1,
                "duration": {"until": "end_of_phase"},
            }
        ],
        condition={"kind": "leader_alive", "leader": "rommel"},
        text="He turns up at the head of the column in a captured staff car and wants more speed.",
        condition_text="Rommel is in the game.",
        effect_text="German armour and reconnaissance +1 MP this phase.",
    ),
    _card(
        "stukas",
        "Stukas Overhead",
        AXIS,
        ["battle"],
        [
            {
                "kind": "modify",
                "select": {"units": {"domains": ["land"]}, "scope": IN_BATTLE},
                "stat": "attack",
                "amount": 1,
                "rounds": ["first"],
                "duration": {"until": "end_of_battle"},
            }
        ],
        condition=_all(ATTACKER, _present({"nations": ["luftwaffe"]})),
        text="Sirens first, then the bombs, then the tanks come on through the dust.",
        condition_text="You attack, and a Luftwaffe unit is in the game.",
        effect_text="Your land units +1 attack in the first round.",
    ),
    _card(
        "eighty-eights",
        "The Eighty-Eights",
        AXIS,
        ["battle"],
        [
            {
                "kind": "modify",
                "select": {"units": {"side": "@enemy", "roles": ["armour"]}, "scope": IN_BATTLE},
                "stat": "attack",
                "amount": -1,
                "duration": {"until": "end_of_battle"},
            }
        ],
        condition=_all(DEFENDER, _present({"nations": ["germany"]}, IN_BATTLE)),
        copies=2,
        text="Anti-aircraft guns dug in flat to the ground outrange every British tank gun.",
        condition_text="You defend with German units.",
        effect_text="Enemy armour -1 attack for the whole battle.",
    ),
    _card(
        "tank-trap",
        "Tank Trap",
        AXIS,
        ["battle"],
        [{"kind": "shoot_first"}],
        condition=_all(DEFENDER, _present({"roles": ["armour", "antitank"]}, IN_BATTLE)),
        text="The panzers fall back through their gun line, and the enemy tanks follow them in.",
        condition_text="You defend with armour or anti-tank units.",
        effect_text="You fire first in the opening round.",
    ),
    _card(
        "italian-elan",
        "Italian Elan",
        AXIS,
        ["battle"],
        [
            {
                "kind": "modify",
                "select": {"scope": IN_BATTLE},
                "stat": "battle_morale",
                "amount": 1,
                "duration": {"until": "end_of_battle"},
            }
        ],
        condition=_present({"nations": ["italy"]}, IN_BATTLE, at_least=2),
        text="Given good officers and a fair chance, the Italian divisions fought hard.",
        condition_text="Two or more Italian units in the battle.",
        effect_text="+1 battle morale.",
    ),
    _card(
        "siege-guns",
        "Siege Train",
        AXIS,
        ["siege"],
        [
            {
                "kind": "modify",
                "select": {"scope": IN_SIEGE},
                "stat": "siege",
                "amount": -1,
                "duration": {"until": "end_of_siege"},
            }
        ],
        condition=_all(BESIEGER, _present({"roles": ["artillery"]}, IN_SIEGE)),
        copies=2,
        text="Heavy howitzers are dragged up to shell the perimeter posts one by one.",
        condition_text="You besiege with artillery.",
        effect_text="-1 to the siege roll.",
    ),
    _card(
        "ghibli",
        "Ghibli",
        AXIS,
        ["land_movement"],
        [
            {
                "kind": "immobilize",
                "select": {
                    "units": {"side": "@enemy"},
                    "scope": {"areas": DESERT_AREAS},
                    "count": 1,
                    "per": "stack",
                    "pick": "random",
                },
            }
        ],
        text="The hot wind from the south fills the air with sand for three days.",
        effect_text="One enemy stack in the desert, drawn at random, cannot move this turn.",
    ),
    _card(
        "italian-convoy",
        "A Convoy Gets Through",
        AXIS,
        ["cards"],
        [{"kind": "replacements", "points": 2}],
        copies=2,
        text="Five freighters dock at Tripoli with tanks, guns and drafts.",
        effect_text="2 replacement points.",
    ),
    _card(
        "convoys-sunk",
        "Convoys Sunk",
        AXIS,
        ["cards"],
        [
            {"kind": "supply_source", "source": "italian-ports", "operative": False},
            {"kind": "supply_source", "source": "tripoli-docks", "operative": False},
        ],
        mandatory=True,
        copies=2,
        condition={"kind": "not", "condition": {"kind": "flag", "flag": "malta-neutralised"}},
        text="Submarines and bombers from Malta catch the convoy off Pantelleria.",
        condition_text="Malta is not neutralised.",
        effect_text="Mandatory. The Italian ports and Tripoli supply nobody until your next turn.",
    ),
    _card(
        "malta-blitz",
        "Blitz on Malta",
        AXIS,
        ["cards"],
        [{"kind": "set_flag", "flag": "malta-neutralised"}, {"kind": "vp", "amount": 1}],
        color="red",
        condition=_turns(first="1941-12-15"),
        text="A fresh air fleet in Sicily pounds the island's harbour and airfields for months.",
        condition_text="From mid-December 1941.",
        effect_text="Malta is neutralised: no more convoy losses until it recovers. +1 VP.",
    ),
    _card(
        "captured-dumps",
        "Captured Dumps",
        AXIS,
        ["supply"],
        [
            {
                "kind": "modify",
                "select": {"units": {"domains": ["land"]}},
                "stat": "survival",
                "amount": 3,
                "duration": {"until": "end_of_phase"},
            },
            {"kind": "replacements", "points": 1},
        ],
        condition={
            "kind": "controls",
            "regions": ["mechili", "msus", "el-adem", "sidi-barrani", "mersa-matruh"],
            "mode": "any",
        },
        text="British fuel, water and tinned food, left behind in the retreat.",
        condition_text="You hold Mechili, Msus, El Adem, Sidi Barrani or Mersa Matruh.",
        effect_text="+3 to survival tests this phase; 1 replacement point.",
    ),
    _card(
        "afrika-korps-reinforced",
        "The Afrika Korps Grows",
        AXIS,
        ["reinforcements"],
        [{"kind": "reinforcement", "reinforcement": "90th-light"}],
        color="red",
        condition=_turns(first="1941-10-15"),
        text="Independent battalions are gathered into a new motorised division.",
        condition_text="From mid-October 1941.",
        effect_text="The 90th Light Division arrives in Italy.",
    ),
    _card(
        "comando-supremo",
        "Orders from Rome",
        AXIS,
        ["cards"],
        [
            {
                "kind": "choice",
                "prompt": "Rome forbids any advance beyond the Egyptian frontier.",
                "options": [
                    {
                        "label": "Obey and consolidate",
                        "effects": [
                            {
                                "kind": "immobilize",
                                "select": {
                                    "units": {"nations": ["italy"], "domains": ["land"]},
                                    "count": 1,
                                    "per": "stack",
                                    "pick": "random",
                                },
                            },
                            {"kind": "replacements", "points": 1},
                        ],
                    },
                    {"label": "Ignore Rome", "effects": [{"kind": "vp", "amount": -1}]},
                ],
            }
        ],
        color="red",
        mandatory=True,
        condition=_turns(first="1941-05-15"),
        text="The Comando Supremo would rather hold Cyrenaica than gamble on the Nile.",
        condition_text="From mid-May 1941.",
        effect_text="Mandatory. Either one Italian stack stays put this turn (and you get 1 "
        "replacement point), or you lose 1 VP.",
    ),
    _card(
        "air-reconnaissance",
        "Air Reconnaissance",
        AXIS,
        ["land_movement"],
        [
            {
                "kind": "examine",
                "select": {"units": {"side": "@enemy"}, "count": 2, "per": "stack"},
            }
        ],
        condition=_present({"domains": ["air"]}),
        text="A Storch lands beside the command car with photographs of the British laagers.",
        condition_text="You have an air unit in the game.",
        effect_text="Look inside two enemy stacks.",
    ),
]

ALLIED_CARDS: list[Json] = [
    _card(
        "ultra",
        "Ultra Decrypts",
        ALLIES,
        ["land_movement"],
        [
            {
                "kind": "examine",
                "select": {"units": {"side": "@enemy"}, "count": 2, "per": "stack"},
            }
        ],
        copies=2,
        text="Bletchley Park reads the Axis supply signals, and sometimes the battle orders too.",
        effect_text="Look inside two enemy stacks.",
    ),
    _card(
        "lustre-force",
        "Troops for Greece",
        ALLIES,
        ["cards"],
        [
            {
                "kind": "remove_units",
                "select": {"units": {"units": ["br-16-bde"]}},
            }
        ],
        color="red",
        mandatory=True,
        condition=_all(_turns(last="1941-04-30"), _present({"units": ["br-16-bde"]})),
        text="London has promised Greece an army, and the Desert pays for it.",
        condition_text="April 1941, while the 16th Brigade is in the game.",
        effect_text="Mandatory. The 16th Infantry Brigade leaves the game.",
    ),
    _card(
        "pressure-from-london",
        "Pressure from London",
        ALLIES,
        ["cards"],
        [
            {
                "kind": "if",
                "condition": {"kind": "controls", "structures": ["tobruk"]},
                "then": [{"kind": "draw_cards"}],
                "otherwise": [{"kind": "vp", "amount": -1}],
            }
        ],
        mandatory=True,
        condition=_turns(first="1941-06-01"),
        text="The Prime Minister wants to know why an army so large does not attack.",
        condition_text="From June 1941.",
        effect_text="Mandatory. If you hold Tobruk, draw a card; otherwise lose 1 VP.",
    ),
    _card(
        "tobruk-ferry",
        "The Tobruk Ferry",
        ALLIES,
        ["siege"],
        [
            {
                "kind": "modify",
                "select": {"scope": IN_SIEGE},
                "stat": "siege",
                "amount": 2,
                "duration": {"until": "end_of_siege"},
            }
        ],
        condition=_all(BESIEGED, _present({"domains": ["land"]}, IN_SIEGE)),
        copies=2,
        text="Destroyers run in on moonless nights with shells, water and fresh men.",
        condition_text="Your fortress is besieged.",
        effect_text="+2 to the enemy's siege roll.",
    ),
    _card(
        "rats-of-tobruk",
        "The Rats of Tobruk",
        ALLIES,
        ["siege"],
        [{"kind": "cancel_battle", "retreating": "@enemy"}],
        color="red",
        condition=_all(BESIEGED, _present({"nations": ["australia"]}, IN_SIEGE)),
        text="Enemy radio called them rats in a trap; they took the name as a badge.",
        condition_text="Australians inside a besieged fortress.",
        effect_text="The siege is called off this turn.",
    ),
    _card(
        "jock-columns",
        "Jock Columns",
        ALLIES,
        ["battle"],
        [{"kind": "auto_hits", "hits": 1}],
        condition=_present({"roles": ["recon", "artillery"]}, IN_BATTLE),
        text="A battery, some lorried infantry and armoured cars: raid, shoot, vanish.",
        condition_text="A motor brigade or artillery in the battle.",
        effect_text="The enemy takes 1 hit.",
    ),
    _card(
        "desert-air-force",
        "Desert Air Force",
        ALLIES,
        ["battle"],
        [
            {
                "kind": "modify",
                "select": {"units": {"domains": ["land"]}, "scope": IN_BATTLE},
                "stat": "attack",
                "amount": 1,
                "rounds": ["first"],
                "duration": {"until": "end_of_battle"},
            }
        ],
        condition=_turns(first="1941-09-01"),
        copies=2,
        text="Bombers in tight boxes of eighteen arrive over the enemy every hour.",
        condition_text="From September 1941.",
        effect_text="Your land units +1 attack in the first round.",
    ),
    _card(
        "queen-of-the-desert",
        "Queen of the Desert",
        ALLIES,
        ["battle"],
        [
            {
                "kind": "modify",
                "select": {"units": {"side": "@enemy"}, "scope": IN_BATTLE},
                "stat": "battle_morale",
                "amount": -1,
                "duration": {"until": "end_of_battle"},
            }
        ],
        condition=_present({"tags": ["infantry-tank"]}, IN_BATTLE),
        text="Shells bounce off the slow, thick-skinned Matildas.",
        condition_text="Infantry tanks in the battle.",
        effect_text="Enemy battle morale -1.",
    ),
    _card(
        "defended-boxes",
        "Defended Boxes",
        ALLIES,
        ["battle"],
        [
            {
                "kind": "modify",
                "select": {"scope": IN_BATTLE},
                "stat": "defence",
                "amount": 1,
                "rounds": ["first", "main"],
                "duration": {"until": "end_of_battle"},
            }
        ],
        condition=DEFENDER,
        text="A brigade dug in behind wire and mines, stocked for a week.",
        condition_text="You defend.",
        effect_text="+1 defence in the first and main rounds.",
    ),
    _card(
        "operation-crusader",
        "Operation Crusader",
        ALLIES,
        ["land_movement"],
        [
            {
                "kind": "modify",
                "select": {"units": {"domains": ["land"]}},
                "stat": "combat",
                "amount": 1,
            },
            {
                "kind": "modify",
                "select": {"units": {"roles": ["armour"]}},
                "stat": "movement",
                "amount": 1,
            },
        ],
        color="red",
        condition=_turns(first="1941-11-01"),
        text="Seven hundred tanks cross the wire at dawn to relieve Tobruk.",
        condition_text="From November 1941.",
        effect_text="This turn your land units +1 attack and defence, your armour +1 MP.",
    ),
    _card(
        "abdeen-palace",
        "Tanks at the Palace",
        ALLIES,
        ["cards"],
        [{"kind": "tension", "amount": -3}],
        color="red",
        condition={"kind": "tension", "at_least": 3},
        text="The ambassador's tanks surround the palace until the King names a friendly cabinet.",
        condition_text="Unrest 3 or more.",
        effect_text="Unrest in Egypt -3.",
    ),
    _card(
        "spitfires-for-malta",
        "Spitfires for Malta",
        ALLIES,
        ["cards"],
        [{"kind": "set_flag", "flag": "malta-neutralised", "value": False}],
        color="red",
        condition={"kind": "flag", "flag": "malta-neutralised"},
        text="Fighters flown off a carrier land on the island and are refuelled within minutes.",
        condition_text="Malta is neutralised.",
        effect_text="Malta strikes again: convoy losses are back.",
    ),
    _card(
        "airfield-raid",
        "Raid on the Airfields",
        ALLIES,
        ["cards"],
        [
            {
                "kind": "if",
                "condition": {"kind": "roll", "at_most": 3},
                "then": [
                    {
                        "kind": "remove_units",
                        "select": {
                            "units": {"side": "@enemy", "domains": ["air"]},
                            "count": 1,
                            "pick": "random",
                        },
                        "destroyed": True,
                    }
                ],
                "otherwise": [{"kind": "draw_cards"}],
            }
        ],
        condition=_present({"units": ["lrdg"]}),
        text="Jeeps guided by the desert patrols drive down a line of parked aircraft, firing.",
        condition_text="The Long Range Desert Group is in the game.",
        effect_text="On 0-3 one enemy air unit, drawn at random, is destroyed; otherwise draw "
        "a card.",
    ),
    _card(
        "inshore-squadron",
        "Inshore Squadron",
        ALLIES,
        ["cards"],
        [{"kind": "replacements", "points": 2, "assign": "random"}],
        copies=2,
        text="Old gunboats and lighters keep the coastal garrisons fed.",
        effect_text="2 replacement points, spent at once on damaged units drawn at random.",
    ),
    _card(
        "lend-lease",
        "Shermans from America",
        ALLIES,
        ["reinforcements"],
        [
            {"kind": "reinforcement", "reinforcement": "shermans"},
            {"kind": "replacements", "points": 2, "units": {"roles": ["armour"]}},
        ],
        color="red",
        condition=_turns(first="1942-08-15"),
        text="Three hundred new tanks, taken from American units that had just received them.",
        condition_text="From mid-August 1942.",
        effect_text="A Sherman brigade lands at Suez; 2 replacement points for armour.",
    ),
]

# -- events ---------------------------------------------------------------------------------------


def _event(id: str, title: str, text: str, effects: list[Json], **extra: Any) -> Json:
    return {"id": id, "title": title, "text": text, "effects": effects, **extra}


def _at(date: str, until: str | None = None) -> Json:
    first = turn_of(date)
    return {"from_turn": first, "to_turn": turn_of(until) if until else first}


EVENTS: list[Json] = [
    _event(
        "convoys-sail",
        "The Convoys Sail",
        "Another convoy leaves Naples for Tripoli.",
        [
            {"kind": "supply_source", "source": "italian-ports", "operative": True},
            {"kind": "supply_source", "source": "tripoli-docks", "operative": True},
        ],
        side=AXIS,
        visible_to=[AXIS],
        repeat=True,
        turns={"from_turn": 2},
    ),
    _event(
        "generals-captured",
        "Two Generals Captured",
        "A German patrol stops a staff car lost in the dark near Derna. O'Connor and Neame "
        "are in it.",
        [
            {"kind": "remove_leader", "leader": "oconnor", "killed": True},
            {"kind": "remove_leader", "leader": "neame", "killed": True},
        ],
        side=ALLIES,
        turns=_at("1941-04-07", "1941-05-05"),
        condition=_all(
            {"kind": "leader_alive", "leader": "oconnor"},
            {
                "kind": "controls",
                "side": "@enemy",
                "regions": ["msus", "mechili", "barce", "benghazi", "agedabia"],
                "mode": "any",
            },
        ),
    ),
    _event(
        "tiger-convoy",
        "Operation Tiger",
        "A fast convoy has come straight through the Mediterranean with tanks for the "
        "Western Desert.",
        [
            {"kind": "reinforcement", "reinforcement": "tiger-convoy"},
            {"kind": "replacements", "points": 2, "units": {"roles": ["armour"]}},
        ],
        side=ALLIES,
        turns=_at("1941-05-12"),
    ),
    _event(
        "bastico-takes-over",
        "A New Italian Commander",
        "Rome recalls Gariboldi; Bastico arrives with a wider command and the same problem: "
        "the German general does as he likes.",
        [
            {"kind": "remove_leader", "leader": "gariboldi"},
            {"kind": "reinforcement", "reinforcement": "bastico-arrives"},
        ],
        side=AXIS,
        turns=_at("1941-07-19"),
        condition={"kind": "leader_alive", "leader": "gariboldi"},
    ),
    _event(
        "tobruk-relieved-by-sea",
        "Relief by Sea",
        "Night after night, destroyers take the Australians out of Tobruk and land the 70th "
        "Division in their place.",
        [
            {"kind": "remove_units", "select": {"units": {"units": ["au-9-div"]}}},
            {
                "kind": "move_units",
                "select": {"units": {"units": ["br-70-div"]}},
                "to": {"structure": "tobruk"},
            },
        ],
        side=ALLIES,
        turns=_at("1941-09-25", "1941-11-30"),
        condition=_all(
            {"kind": "controls", "structures": ["tobruk"]},
            _present({"units": ["au-9-div"]}, {"regions": ["tobruk"]}),
            _present({"units": ["br-70-div"]}),
        ),
    ),
    _event(
        "siege-holds",
        "Tobruk Holds",
        "Another fortnight under the guns, and the fortress still stands.",
        [{"kind": "vp", "amount": 1}],
        side=ALLIES,
        repeat=True,
        turns={"from_turn": 3, "every": 2},
        condition=_all(
            {"kind": "controls", "structures": ["tobruk"]},
            _present({"side": "@enemy", "classes": ["combat"]}, {"regions": ["tobruk"]}, 2),
        ),
    ),
    _event(
        "cunningham-relieved",
        "Cunningham Relieved",
        "In the middle of the battle the army commander wants to fall back; he is sent on "
        "sick leave and his deputy chief of staff takes over.",
        [
            {"kind": "remove_leader", "leader": "cunningham"},
            {"kind": "reinforcement", "reinforcement": "ritchie-takes-over"},
        ],
        side=ALLIES,
        turns=_at("1941-11-26"),
    ),
    _event(
        "auchinleck-takes-command",
        "Auchinleck Takes Command",
        "After Gazala the Commander-in-Chief sacks Ritchie and runs the battle himself.",
        [
            {"kind": "remove_leader", "leader": "ritchie"},
            {"kind": "reinforcement", "reinforcement": "auchinleck-commands"},
        ],
        side=ALLIES,
        turns=_at("1942-06-25"),
    ),
    _event(
        "montgomery-takes-over",
        "A New Broom",
        "Gott, chosen to lead the Eighth Army, is shot down on his way to Cairo. Churchill "
        "sends for Montgomery, and Auchinleck goes.",
        [
            {"kind": "remove_leader", "leader": "gott", "killed": True},
            {"kind": "remove_leader", "leader": "auchinleck"},
            {"kind": "reinforcement", "reinforcement": "montgomery-arrives"},
        ],
        side=ALLIES,
        turns=_at("1942-08-13"),
    ),
    _event(
        "the-flap",
        "The Flap",
        "Smoke over GHQ: the staff burn their files, and queues form at Cairo station.",
        [{"kind": "tension", "amount": 2}],
        side=ALLIES,
        condition={
            "kind": "controls",
            "side": "@enemy",
            "regions": ["mersa-matruh", "el-daba", "el-alamein"],
            "mode": "any",
        },
    ),
    _event(
        "operation-pedestal",
        "Operation Pedestal",
        "Four merchant ships and a burning tanker reach Grand Harbour. Malta will fight on.",
        [{"kind": "set_flag", "flag": "malta-neutralised", "value": False}],
        side=ALLIES,
        turns=_at("1942-08-15"),
    ),
]

TENSION: Json = {
    "name": "Unrest in Egypt",
    "benefits": AXIS,
    "threshold": 12,
    "steps": [
        {
            "value": 4,
            "description": "Crowds in Cairo chant for the Axis general; the British tighten "
            "their grip on the government.",
            "effects": [{"kind": "vp", "side": ALLIES, "amount": -1}],
        },
        {
            "value": 8,
            "description": "Officers of the Egyptian army plot with Axis agents.",
            "effects": [
                {"kind": "vp", "side": AXIS, "amount": 2},
                {
                    "kind": "modify",
                    "select": {"units": {"side": ALLIES}, "scope": {"areas": ["nile-delta"]}},
                    "stat": "morale",
                    "amount": -1,
                    "duration": {"until": "turns", "turns": 2},
                },
            ],
        },
    ],
    "description": "How far Egypt, neutral in name and occupied in fact, turns against the "
    "British. Axis captures in Egypt raise it, Allied recaptures and political moves lower it. "
    "At 12 Egypt rises and the Axis wins.",
}

VICTORY: Json = {
    "sudden_death": [
        {
            "id": "axis-on-the-canal",
            "side": AXIS,
            "condition": {"kind": "controls", "structures": ["alexandria", "suez"]},
            "description": "The Axis holds both Alexandria and Suez.",
        },
        {
            "id": "allies-in-tripoli",
            "side": ALLIES,
            "condition": {"kind": "controls", "structures": ["tripoli"]},
            "description": "The Allies take the fortress of Tripoli.",
        },
    ],
    "description": "Most VP after the last turn wins. VP come from places taken and lost, "
    "units destroyed, generals killed or captured, Tobruk holding out under siege, and some "
    "cards. A side with 30 VP and the lead wins at the end of a turn. The Axis wins at once "
    "by holding Alexandria and Suez, the Allies by taking Tripoli, and the Axis also wins if "
    "unrest in Egypt reaches 12.",
}

RULES: Json = {
    "supply": {"range": 3},
    "cards": {"draw_per_turn": 2, "hand_limit": 6},
    "siege": {
        "artillery_or_bomber_modifier": 0,
        "overcrowding_step": 8,
        "besieger_leader_modifier": -1,
        "besieged_leader_modifier": 3,
    },
    "victory": {"victory_level": 30},
}

# -- text -----------------------------------------------------------------------------------------

INFO: Json = {
    "title": "Desert War, 1941-42",
    "author": "Salient sample scenarios",
    "version": "1",
    "playing_time": "4 to 6 hours",
    "description": "March 1941 to October 1942, in fortnightly turns, along a thousand miles "
    "of coast from Tripoli to the Suez Canal. A small German corps and the rebuilt Italian "
    "army face a British Commonwealth army that has just sent its best troops to Greece. "
    "Everything moves along the coast road and the desert tracks, because that is where "
    "the water and the fuel go; the railway from the Delta serves only the British; the Nile "
    "and the canal can be crossed only at their bridges. Tobruk, the one good harbour in "
    "between, is a fortress that can hold out behind the front. Malta, off the map, decides "
    "how much of the Axis supply gets across the sea.",
}

AXIS_BRIEFING = (
    "You start at El Agheila with one German division, the remnants of the Italian army and "
    "a general who will not wait. The British in Cyrenaica are weak and spread out: strike "
    "before their reinforcements from the Delta arrive, and race for Tobruk, Bardia and the "
    "frontier. Every fortnight you must trace supply along the coast road from Tripoli or "
    "from captured towns; the further east you go, the thinner it gets, and a 'Convoys Sunk' "
    "card can leave your whole army without supply for a turn until Malta is bombed into "
    "silence. Your lorries cannot use the British railway. Tobruk is a fortress: put two "
    "combat units and Navarini's artillery around it and roll every turn, or storm it when "
    "the odds are good. You win outright with Alexandria and Suez, or if unrest in Egypt "
    "reaches 12; otherwise you need more VP than the Allies at the end."
)

ALLIED_BRIEFING = (
    "Your veterans are in Greece and the desert army is a shell. Do not fight for Cyrenaica "
    "at any price: fall back on Tobruk and the frontier, keep the fortress garrisoned (every "
    "other turn it holds out under siege is worth a VP, and the Australians inside can call "
    "off a siege once), and let the reinforcements pile up in the Delta. The railway from "
    "Alexandria is yours alone and moves whole divisions to the front in one phase. From "
    "late 1941 you outnumber the Axis: go west, relieve Tobruk, and take Benghazi again. "
    "Taking Tripoli wins at once. Watch Egypt: every Axis gain there raises unrest, and at "
    "12 the game is lost."
)

# -- assembly -------------------------------------------------------------------------------------


def scenario() -> Json:
    tiling = geo.build_tiling()
    region_data = regions(tiling)
    sides = [dict(s) for s in SIDES]
    sides[0]["briefing"] = AXIS_BRIEFING
    sides[1]["briefing"] = ALLIED_BRIEFING
    sides[1]["start_vp"] = 12
    return {
        "schema_version": 1,
        "info": INFO,
        "calendar": {
            "start_date": START.isoformat(),
            "turns": TURNS,
            "turn_length_days": TURN_DAYS,
            "turn_order": [AXIS, ALLIES],
        },
        "rules": RULES,
        "map": {"orientation": "north", "units_per_km": 1.0},
        "terrain": TERRAIN,
        "connection_types": CONNECTION_TYPES,
        "theatres": THEATRES,
        "areas": AREAS,
        "regions": region_data,
        "connections": connections(tiling, region_data),
        "structures": anchor_structures(STRUCTURES, tiling),
        "supply_sources": SUPPLY_SOURCES,
        "sides": sides,
        "nations": NATIONS,
        "tension": TENSION,
        "unit_types": UNIT_TYPES,
        "units": UNITS,
        "leaders": LEADERS,
        "cards": AXIS_CARDS + ALLIED_CARDS,
        "events": EVENTS,
        "reinforcements": REINFORCEMENTS,
        "replacements": REPLACEMENTS,
        "victory": VICTORY,
    }


def main() -> int:
    built = Scenario.model_validate(scenario())
    save(built, OUT)
    issues = load_file(OUT).issues
    for issue in issues:
        print(issue)
    print(f"{OUT.relative_to(ROOT)}: {len(issues)} issue(s)")
    return 1 if issues else 0


if __name__ == "__main__":
    raise SystemExit(main())
