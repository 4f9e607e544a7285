"""Everything on the map that is not an outline: terrain table, areas, networks, connections,
structures and supply sources of the Winter War sample."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from itertools import pairwise
from typing import Any

from geography import LAKES, RIVERS, TOWNS, UNPLAYABLE, project, project_all
from shapely.geometry import LineString

FIN, SOV = "finland", "ussr"
"""The two sides (and, as it happens, the ids of their main nations' sides)."""

# -- terrain: the numbers of the rulebook's table for this theatre --------------------------------


def _terrain(id: str, name: str, color: str, **values: Any) -> dict[str, Any]:
    return {"id": id, "name": name, "color": color, **values}


TERRAIN = [
    _terrain(
        "clear", "Clear", "#e2dcae", movement_cost=1, stacking=40,
        pursuit="agile", breakthrough="agile", forage=20, recon=True,
        description="Farmland and open ground around the towns. Only agile troops may pursue "
        "or break through, as everywhere in this winter.",
    ),
    _terrain(
        "forest", "Forest", "#9cbf86", movement_cost=2, stacking=12, attacker_modifier=-1,
        air_attack_modifier=-2, armour_superiority=False, pursuit="agile", breakthrough="agile",
        forage=4, search_modifier=-1, ambush=True, recon=False,
        description="Spruce and pine with logging tracks. Stacking 18 on the Isthmus.",
    ),
    _terrain(
        "deep-forest", "Deep Forest", "#5f8c55", movement_cost=3, stacking=8,
        attacker_modifier=-2, defender_modifier=1, defender_morale_modifier=1,
        air_attack_modifier=-2, armour_superiority=False, pursuit="none", breakthrough="none",
        supply="never", forage=5, search_modifier=-1, ambush=True, recon=False,
        description="Roadless wilderness along the border. No supply line runs through it: "
        "only troops that live off the land (ski and sissi units) stay there for long.",
    ),
    _terrain(
        "marsh", "Marshes", "#bdb98e", movement_cost=2, stacking=8, attacker_modifier=-1,
        defender_modifier=1, defender_morale_modifier=1, air_attack_modifier=-1,
        armour_superiority=False, pursuit="agile", breakthrough="agile", forage=5, ambush=True,
        recon=False,
        description="Bogs, frozen hard but broken by open water. Stacking 12 on the Isthmus, "
        "6 in the far north.",
    ),
    _terrain(
        "forested-lakes", "Forested Lakes", "#8dbcae", movement_cost=3, stacking=16,
        attacker_modifier=-1, defender_modifier=1, defender_morale_modifier=1,
        air_attack_modifier=-2, armour_superiority=False, pursuit="agile", breakthrough="agile",
        forage=7, search_modifier=-1, ambush=True, recon=False,
        description="Woods cut by chains of lakes and narrow ridges. Stacking 18 on the "
        "Isthmus, 10 in the far north.",
    ),
    _terrain(
        "rough", "Rough", "#b7a88e", movement_cost=3, stacking=10, attacker_modifier=-1,
        defender_modifier=1, air_attack_modifier=-1, armour_superiority=False, pursuit="none",
        breakthrough="none", forage=3, recon=False,
        description="Fells and tundra of Lapland and Kola.",
    ),
    _terrain(
        "urban", "Urban", "#cf9a94", movement_cost=1, stacking=30, attacker_modifier=-1,
        defender_modifier=2, defender_morale_modifier=1, air_attack_modifier=-2,
        armour_superiority=False, pursuit="none", breakthrough="none", forage=12, recon=False,
        description="Stone cities: Helsinki, Viipuri, Leningrad.",
    ),
    _terrain(
        "lake", "Lake", "#a9cfe8", domain="lake", supply="never", recon=False,
        description="Frozen, but too open and too broken for an army: only aircraft cross.",
    ),
    _terrain(
        "sea", "Sea", "#7aaed6", domain="sea", supply="never", recon=False,
        description="Ships and aircraft only. Ice closes much of it from January.",
    ),
    _terrain(
        "neutral", "Neutral country", "#cdcdcd", domain="unplayable", supply="never",
        recon=False, description="Neutral ground that nobody may enter.",
    ),
]  # fmt: skip

ISTHMUS_AREAS = {"isthmus-front", "mannerheim-line", "viipuri", "leningrad"}
FAR_NORTH_AREAS = {"lapland", "salla", "kola"}
STACKING = {
    # Regional stacking of the rulebook's table: denser on the Isthmus, thinner in the north.
    ("forest", "isthmus"): 18,
    ("marsh", "isthmus"): 12,
    ("forested-lakes", "isthmus"): 18,
    ("marsh", "north"): 6,
    ("forested-lakes", "north"): 10,
}

CONNECTION_TYPES = [
    {"id": "land", "name": "Land", "color": "#8a7f6a",
     "description": "An ordinary border between two land regions."},
    {"id": "river", "name": "River", "color": "#4f8fc8", "movement_cost": 1,
     "bridge_movement_cost": 0, "rail_bridge_movement_cost": 0, "defender_modifier": 1,
     "description": "A river or canal: +1 MP unless bridged, and the defender's first round "
     "is helped."},
    {"id": "major-river", "name": "Major river", "color": "#2f6fb0", "movement_cost": 2,
     "bridge_movement_cost": 1, "rail_bridge_movement_cost": 0, "defender_modifier": 2,
     "description": "The Vuoksi waterway: +2 MP (+1 over a bridge) and +2 for the defender "
     "in the first round."},
    {"id": "sea", "name": "Sea", "color": "#3f7fbf", "domain": "sea",
     "description": "Joins sea regions to each other and to the coast."},
    {"id": "sea-lane", "name": "Sea lane", "color": "#5f8fcf", "domain": "sea",
     "adjacent": False,
     "description": "The shipping route round the west edge of the map, from the Gulf of "
     "Finland to the Bay of Bothnia."},
    {"id": "air", "name": "Air", "color": "#a0a0d0", "domain": "air", "adjacent": False,
     "description": "Over a lake: only aircraft use it."},
    {"id": "ice", "name": "Ice road", "color": "#b8d8f0", "movement_cost": 1,
     "bridge_movement_cost": 1, "needs_bridge": True, "defender_modifier": 1,
     "adjacent": False,
     "description": "A route over frozen sea. Closed until the ice bears an army (its "
     "'bridge' is the ice, laid by an event in February)."},
    {"id": "arctic-road", "name": "Arctic road", "color": "#8a7f6a", "movement_cost": 1,
     "adjacent": False,
     "description": "The long road between the map and an off-map box in the Arctic."},
]  # fmt: skip

# -- areas and theatres ---------------------------------------------------------------------------

THEATRES = [
    {"id": "isthmus", "name": "Karelian Isthmus", "color": "#b04040"},
    {"id": "ladoga", "name": "Ladoga and Olonets", "color": "#b07a30"},
    {"id": "north", "name": "The Northern Wilds", "color": "#3c7a8c"},
    {"id": "interior", "name": "Finnish Interior", "color": "#6a6aa0"},
    {"id": "arctic", "name": "The Arctic", "color": "#607080"},
]

AREAS = [
    ("isthmus-front", "Isthmus covering zone", "isthmus", "#d06060"),
    ("mannerheim-line", "Main defence line", "isthmus", "#a02020"),
    ("viipuri", "Viipuri and the Vuoksi", "isthmus", "#c07070"),
    ("leningrad", "Leningrad district", "isthmus", "#902020"),
    ("ladoga-karelia", "Ladoga Karelia", "ladoga", "#c09040"),
    ("north-karelia", "North Karelia", "ladoga", "#a08030"),
    ("olonets", "Olonets Karelia", "ladoga", "#806020"),
    ("svir", "The Svir and the south shore", "ladoga", "#705020"),
    ("kainuu", "Kainuu", "north", "#3c8c8c"),
    ("kuusamo", "Kuusamo", "north", "#4c9c8c"),
    ("oulu", "Oulu and the Bothnian coast", "north", "#3c6c9c"),
    ("lapland", "Lapland", "north", "#5c7c9c"),
    ("salla", "Salla", "north", "#2c5c7c"),
    ("white-sea-karelia", "White Sea Karelia", "north", "#2c6c6c"),
    ("kola", "Kola", "north", "#1c4c5c"),
    ("uusimaa", "Uusimaa", "interior", "#7070b0"),
    ("hame", "Häme", "interior", "#8080b8"),
    ("kymenlaakso", "Kymenlaakso", "interior", "#6060a8"),
    ("savo", "Savo", "interior", "#9090c0"),
    ("central-finland", "Central Finland", "interior", "#7878a8"),
    ("ostrobothnia", "Ostrobothnia", "interior", "#5858a0"),
    ("arctic", "Petsamo and Murmansk", "arctic", "#607080"),
    ("neutral", "Neutral countries", None, "#909090"),
]

SOVIET_AREAS = {"leningrad", "olonets", "svir", "white-sea-karelia", "kola"}

# -- networks -------------------------------------------------------------------------------------

RAIL_LINES = [
    # Each line is a list of towns; the railway runs between consecutive ones by the shortest
    # chain of neighbouring regions.
    ["hanko", "lohja", "helsinki", "hameenlinna", "tampere", "seinajoki", "kokkola",
     "ylivieska", "oulu", "ii", "kemi", "tornio"],
    ["kemi", "rovaniemi", "kemijarvi"],
    ["helsinki", "lahti", "kouvola", "lappeenranta", "viipuri"],
    ["kouvola", "kotka"],
    ["viipuri", "summa", "perkjarvi", "terijoki", "sestroretsk", "leningrad"],
    ["viipuri", "antrea", "hiitola", "sortavala", "varstila", "joensuu", "lieksa", "nurmes"],
    ["hiitola", "kakisalmi"],
    ["antrea", "imatra"],
    ["sortavala", "impilahti", "pitkaranta"],
    ["varstila", "korpiselka", "loimola", "suojarvi"],
    ["hiitola", "parikkala", "savonlinna", "pieksamaki"],
    ["kouvola", "mikkeli", "pieksamaki", "kuopio", "iisalmi", "kajaani", "vaala", "muhos",
     "oulu"],
    ["pieksamaki", "jyvaskyla", "tampere"],
    ["pieksamaki", "varkaus", "joensuu"],
    ["leningrad", "volkhov", "lodeynoye-pole", "petrozavodsk", "kondopoga", "medvezhyegorsk",
     "segezha", "belomorsk", "kem", "loukhi", "kovda", "kandalaksha"],
    ["leningrad", "oranienbaum"],
    ["leningrad", "gatchina", "kingisepp"],
]  # fmt: skip

BRIDGELESS = {
    # Crossings where the river is not bridged, whatever the roads on either bank.
    frozenset({"taipale", "metsapirtti"}),
}


def adjacency(borders: Iterable[tuple[str, str]]) -> dict[str, set[str]]:
    """The land regions each land region borders (``borders``: pairs of neighbours)."""
    towns = {t.id for t in TOWNS}
    out: dict[str, set[str]] = {t: set() for t in towns}
    for a, b in borders:
        if a in towns and b in towns:
            out[a].add(b)
            out[b].add(a)
    return out


def _path(adj: dict[str, set[str]], start: str, goal: str) -> list[str]:
    previous = {start: start}
    todo = deque([start])
    while todo:
        here = todo.popleft()
        if here == goal:
            break
        for nxt in sorted(adj[here]):
            if nxt not in previous:
                previous[nxt] = here
                todo.append(nxt)
    if goal not in previous:
        raise ValueError(f"no land path from {start} to {goal}")
    path = [goal]
    while path[-1] != start:
        path.append(previous[path[-1]])
    return path[::-1]


def rail_links(adj: dict[str, set[str]]) -> set[frozenset[str]]:
    links: set[frozenset[str]] = set()
    for line in RAIL_LINES:
        for a, b in pairwise(line):
            path = _path(adj, a, b)
            links.update(frozenset(p) for p in pairwise(path))
    return links


def town_points() -> dict[str, tuple[float, float]]:
    """Where each town stands on the map."""
    return {t.id: project(t.lon, t.lat) for t in TOWNS}


def river_crossed(towns: dict[str, tuple[float, float]], a: str, b: str) -> str | None:
    """The connection type of the river between two towns, if the line joining them crosses
    one. (A choice of this sample's design, not the import's rule for rivers, which looks at
    the border the two regions share: here a river that runs through a region still stands
    between its town and the next.)"""
    segment = LineString([towns[a], towns[b]])
    for _key, (kind, course) in RIVERS.items():
        if segment.intersects(LineString(project_all(course))):
            return kind
    return None


# -- structures and supply ------------------------------------------------------------------------


def _s(id: str, name: str, region: str, kind: str = "city", **more: Any) -> dict[str, Any]:
    return {"id": id, "name": name, "region": region, "kind": kind, **more}


def _v(**sides: dict[str, int]) -> dict[str, dict[str, int]]:
    return {{"fin": FIN, "sov": SOV}[k]: v for k, v in sides.items()}


STRUCTURES = [
    # Finland
    _s("helsinki-city", "Helsinki", "helsinki", port=True, airport=True,
       sea_region="gulf-west", values=_v(sov={"capture": 8})),
    _s("suomenlinna", "Suomenlinna", "helsinki", "fort", fortification=2,
       capacity={"land": 4}, anchor=project(24.99, 60.16)),
    _s("hanko-port", "Hanko", "hanko", "port", port=True, sea_region="gulf-west"),
    _s("kotka-port", "Kotka", "kotka", "port", port=True, sea_region="gulf-east"),
    _s("lahti-town", "Lahti", "lahti"),
    _s("tampere-city", "Tampere", "tampere", airport=True),
    _s("utti-airfield", "Utti", "kouvola", "airfield", airport=True),
    _s("lappeenranta-town", "Lappeenranta", "lappeenranta"),
    _s("viipuri-city", "Viipuri", "viipuri", fortification=3, capacity={"land": 9},
       values=_v(sov={"capture": 4, "hold_at_end": 2}, fin={"capture": 3, "hold_at_end": 3})),
    _s("immola-airfield", "Immola", "imatra", "airfield", airport=True),
    _s("saarenpaa-fort", "Saarenpää", "koivisto", "fort", fortification=2, port=True,
       sea_region="gulf-east", capacity={"land": 3}, values=_v(sov={"capture": 1})),
    _s("kakisalmi-town", "Käkisalmi", "kakisalmi",
       values=_v(sov={"capture": 2}, fin={"capture": 2})),
    _s("sortavala-town", "Sortavala", "sortavala", airport=True,
       values=_v(sov={"capture": 2}, fin={"capture": 2})),
    _s("pitkaranta-village", "Pitkäranta", "pitkaranta", "village"),
    _s("suojarvi-village", "Suojärvi", "suojarvi", "village"),
    _s("tolvajarvi-village", "Tolvajärvi", "tolvajarvi", "village"),
    _s("joensuu-town", "Joensuu", "joensuu", airport=True, values=_v(sov={"capture": 2})),
    _s("mikkeli-hq", "Mikkeli", "mikkeli", values=_v(sov={"capture": 3})),
    _s("savonlinna-town", "Savonlinna", "savonlinna"),
    _s("kuopio-town", "Kuopio", "kuopio", airport=True),
    _s("jyvaskyla-town", "Jyväskylä", "jyvaskyla"),
    _s("seinajoki-town", "Seinäjoki", "seinajoki"),
    _s("kokkola-port", "Kokkola", "kokkola", "port", port=True, sea_region="bay-of-bothnia"),
    _s("oulu-city", "Oulu", "oulu", port=True, airport=True, sea_region="bay-of-bothnia",
       values=_v(sov={"capture": 3})),
    _s("kajaani-town", "Kajaani", "kajaani", values=_v(sov={"capture": 2})),
    _s("nurmes-village", "Nurmes", "nurmes", "village"),
    _s("lieksa-village", "Lieksa", "lieksa", "village"),
    _s("ilomantsi-village", "Ilomantsi", "ilomantsi", "village"),
    _s("kuhmo-village", "Kuhmo", "kuhmo", "village", values=_v(sov={"capture": 1})),
    _s("suomussalmi-village", "Suomussalmi", "suomussalmi", "village",
       values=_v(sov={"capture": 1})),
    _s("hyrynsalmi-village", "Hyrynsalmi", "hyrynsalmi", "village"),
    _s("kuusamo-village", "Kuusamo", "kuusamo", "village", values=_v(sov={"capture": 1})),
    _s("salla-village", "Salla", "salla", "village"),
    _s("kemijarvi-village", "Kemijärvi", "kemijarvi", "village",
       values=_v(sov={"capture": 1})),
    _s("rovaniemi-town", "Rovaniemi", "rovaniemi", airport=True,
       values=_v(sov={"capture": 1})),
    _s("kemi-port", "Kemi", "kemi", "port", port=True, sea_region="bay-of-bothnia"),
    _s("tornio-town", "Tornio", "tornio"),
    _s("sodankyla-village", "Sodankylä", "sodankyla", "village"),
    _s("petsamo-village", "Petsamo", "petsamo", "village",
       values=_v(sov={"capture": 1})),
    # The Soviet Union
    _s("leningrad-city", "Leningrad", "leningrad", port=True, airport=True,
       sea_region="gulf-east", values=_v(fin={"capture": 10})),
    _s("kronstadt", "Kronstadt", "oranienbaum", "fort", fortification=1, port=True,
       sea_region="gulf-east"),
    _s("lodeynoye-pole-town", "Lodeynoye Pole", "lodeynoye-pole"),
    _s("olonets-village", "Olonets", "olonets", "village", values=_v(fin={"capture": 1})),
    _s("petrozavodsk-city", "Petrozavodsk", "petrozavodsk", airport=True,
       values=_v(fin={"capture": 4})),
    _s("medvezhyegorsk-town", "Medvezhyegorsk", "medvezhyegorsk"),
    _s("reboly-village", "Reboly", "reboly", "village", values=_v(fin={"capture": 1})),
    _s("ukhta-village", "Ukhta", "ukhta", "village", values=_v(fin={"capture": 2})),
    _s("kem-port", "Kem", "kem", "port", port=True, sea_region="white-sea"),
    _s("kestenga-village", "Kestenga", "kestenga", "village"),
    _s("kandalaksha-port", "Kandalaksha", "kandalaksha", "port", port=True, airport=True,
       sea_region="white-sea", values=_v(fin={"capture": 3})),
    _s("murmansk-city", "Murmansk", "murmansk", airport=True),
]  # fmt: skip

FINNISH_HOLD = {
    # VP Finland scores for each of its towns it still holds when the war ends: the price of
    # a peace that leaves the country whole.
    "helsinki-city": 1,
    "viipuri-city": 3,
    "kakisalmi-town": 1,
    "sortavala-town": 1,
    "joensuu-town": 1,
    "mikkeli-hq": 1,
    "oulu-city": 1,
    "kajaani-town": 1,
    "suomussalmi-village": 1,
    "kuhmo-village": 1,
    "kemijarvi-village": 1,
    "rovaniemi-town": 1,
    "tolvajarvi-village": 1,
}

SUPPLY_SOURCES = [
    # Finland: the capital, the railhead to Sweden and the main depots behind each front.
    ("helsinki-depot", "Helsinki depots", "helsinki", FIN),
    ("viipuri-depot", "Viipuri depots", "viipuri", FIN),
    ("tornio-railhead", "Tornio railhead (imports from Sweden)", "tornio", FIN),
    ("oulu-depot", "Oulu depots", "oulu", FIN),
    ("kuopio-depot", "Kuopio depots", "kuopio", FIN),
    ("joensuu-depot", "Joensuu depots", "joensuu", FIN),
    # The Soviet Union: Leningrad and the railheads of the Murmansk railway.
    ("leningrad-depot", "Leningrad Military District", "leningrad", SOV),
    ("lodeynoye-pole-railhead", "Lodeynoye Pole railhead", "lodeynoye-pole", SOV),
    ("petrozavodsk-railhead", "Petrozavodsk railhead", "petrozavodsk", SOV),
    ("medvezhyegorsk-railhead", "Medvezhyegorsk railhead", "medvezhyegorsk", SOV),
    ("kem-railhead", "Kem railhead", "kem", SOV),
    ("kandalaksha-railhead", "Kandalaksha railhead", "kandalaksha", SOV),
    ("murmansk-depot", "Murmansk depots", "murmansk", SOV),
]

REGION_VALUES = {
    # What the land itself is worth (towns with a structure carry theirs on the structure).
    "terijoki": _v(sov={"capture": 1}),
    "summa": _v(sov={"capture": 2}, fin={"capture": 2}),
    "muolaa": _v(sov={"capture": 1}, fin={"capture": 1}),
    "kuolemajarvi": _v(sov={"capture": 1}, fin={"capture": 1}),
    "ayrapaa": _v(sov={"capture": 1}, fin={"capture": 1}),
    "taipale": _v(sov={"capture": 2}, fin={"capture": 2}),
    "petsamo": {SOV: {"capture": 1, "tension": 1}},
}

REGION_NOTES = {
    "summa": "The centre of the main defence line, astride the Viipuri railway: concrete "
    "bunkers in a belt of marsh and small lakes.",
    "taipale": "The eastern anchor of the line, behind the Taipale river where it meets Ladoga.",
    "raate": "A single forest road from the border to Suomussalmi, with nothing on either "
    "side but snow and trees.",
    "terijoki": "The border resort where Moscow sets up its puppet government.",
    "viipuri": "Finland's second city, at the head of its bay.",
    "petsamo": "Off-map box: the Arctic port and its nickel mines.",
    "murmansk": "Off-map box: the ice-free port at the end of the Murmansk railway.",
    "oulu": "The port at the narrow waist of Finland: whoever holds it holds the road to Sweden.",
}

OFF_MAP = {
    # id: (name, owner nation, lon/lat of the top-left corner, terrain, area)
    "petsamo": ("Petsamo", FIN, (27.5, 68.2), "rough"),
    "murmansk": ("Murmansk", SOV, (30.6, 68.2), "rough"),
}
BOX = (120.0, 50.0)
"""Width and height of an off-map box, in map units."""

OFF_MAP_LINKS = [
    # (a, b, type, road, rail, waypoints in lon/lat)
    ("petsamo", "sodankyla", "arctic-road", True, False, [(26.9, 67.75)]),
    ("murmansk", "petsamo", "arctic-road", True, False, []),
    ("murmansk", "kandalaksha", "arctic-road", True, True, [(32.0, 67.8)]),
]


def off_map_outline(lon: float, lat: float) -> list[tuple[float, float]]:
    x, y = project(lon, lat)
    w, h = BOX
    return [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]


def region_owner(town_area: str) -> str:
    return SOV if town_area in SOVIET_AREAS else FIN


SEAS = {"gulf-west", "gulf-east", "bay-of-bothnia", "white-sea"}


def water_names() -> dict[str, str]:
    names = {
        "gulf-west": "Gulf of Finland (west)",
        "gulf-east": "Gulf of Finland (east)",
        "bay-of-bothnia": "Bay of Bothnia",
        "white-sea": "White Sea",
    }
    names.update({key: name for key, (name, _) in LAKES.items()})
    names.update({key: name for key, (name, _, _) in UNPLAYABLE.items()})
    return names
