"""Areas, theatres, the places worth VP, regions and connections of the desert war sample."""

from __future__ import annotations

import geography as geo
from campaign import ALLIES, AXIS, Json
from shapely.geometry import LineString, Point, Polygon
from shapely.ops import polylabel

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
