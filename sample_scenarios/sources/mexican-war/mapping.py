"""Map sections of the Mexican-American War sample: areas, regions with their networks and
values, off-map boxes, connections, structures and supply sources."""

from __future__ import annotations

import itertools
from typing import Any

import geography
from shapely.geometry import Point

Json = dict[str, Any]

US_AREAS = {"louisiana", "texas", "nueces-strip"}

THEATRES: list[Json] = [
    {"id": "united-states", "name": "United States", "color": "#3d5a99"},
    {"id": "northern-mexico", "name": "Northern Mexico", "color": "#8a6d3b"},
    {"id": "central-mexico", "name": "Central Mexico", "color": "#4f7d3a"},
    {"id": "waters", "name": "Gulf and oceans", "color": "#3a6ea5"},
]

AREAS: list[tuple[str, str, str]] = [
    ("louisiana", "Louisiana", "united-states"),
    ("texas", "Texas", "united-states"),
    ("nueces-strip", "Nueces Strip (disputed)", "united-states"),
    ("tamaulipas", "Tamaulipas", "northern-mexico"),
    ("nuevo-leon", "Nuevo León", "northern-mexico"),
    ("coahuila", "Coahuila", "northern-mexico"),
    ("chihuahua", "Chihuahua", "northern-mexico"),
    ("durango-zacatecas", "Durango and Zacatecas", "northern-mexico"),
    ("san-luis-potosi", "San Luis Potosí", "northern-mexico"),
    ("huasteca", "La Huasteca", "central-mexico"),
    ("veracruz-coast", "Veracruz coast", "central-mexico"),
    ("veracruz-highlands", "Veracruz highlands", "central-mexico"),
    ("tabasco", "Tabasco", "central-mexico"),
    ("yucatan", "Yucatán", "central-mexico"),
    ("puebla", "Puebla", "central-mexico"),
    ("valley-of-mexico", "Valley of Mexico", "central-mexico"),
    ("central", "Mexico and Michoacán", "central-mexico"),
    ("bajio", "El Bajío", "central-mexico"),
    ("jalisco", "Jalisco", "central-mexico"),
    ("gulf-of-mexico", "Gulf of Mexico", "waters"),
    ("pacific", "Pacific", "waters"),
    ("fleet-anchorage", "Fleet anchorage", "waters"),
    ("new-mexico", "New Mexico", "united-states"),
    ("atlantic", "Atlantic", "waters"),
]

# Main roads of the time: the road from the Rio Grande to Monterrey, Saltillo and the capital,
# the National Road from Veracruz, the Orizaba road, the Camino Real of the interior and the
# Texas roads. Each is a chain of regions; consecutive regions get a road connection and both
# get the road network.
ROADS: list[list[str]] = [
    ["new-orleans", "opelousas", "galveston", "houston", "victoria", "goliad", "san-antonio"],
    ["austin", "san-antonio", "laredo"],
    ["san-antonio", "upper-nueces", "presidio-rio-grande", "santa-rosa", "monclova"],
    ["goliad", "corpus-christi", "wild-horse-desert", "point-isabel", "fort-texas"],
    ["matamoros", "reynosa", "camargo", "mier", "cerralvo", "monterrey", "saltillo",
     "buena-vista", "el-salado", "matehuala", "charcas", "san-luis-potosi"],
    ["monclova", "salinas", "saltillo"],
    ["monterrey", "cadereyta", "linares", "ciudad-victoria", "tula", "rio-verde"],
    ["ciudad-victoria", "aldama", "tampico"],
    ["san-luis-potosi", "rio-verde", "queretaro"],
    ["san-luis-potosi", "guanajuato"],
    ["queretaro", "san-juan-del-rio", "huehuetoca", "mexico-city"],
    ["veracruz", "cerro-gordo", "jalapa", "perote", "huamantla", "puebla", "rio-frio",
     "chalco", "mexico-city"],
    ["veracruz", "cordoba", "orizaba", "tehuacan", "puebla"],
    ["chihuahua", "parral", "la-laguna", "cuencame", "durango", "fresnillo", "zacatecas",
     "aguascalientes", "leon", "guanajuato", "celaya", "queretaro"],
    ["saltillo", "parras", "la-laguna", "cuencame", "durango"],
    ["guadalajara", "leon"],
    ["mexico-city", "toluca", "zitacuaro", "morelia", "celaya"],
    ["mexico-city", "san-angel", "cuernavaca"],
    ["texcoco", "mexico-city"],
]  # fmt: skip
TRAILS = {
    "lampazos", "salinas", "ojinaga", "charcas", "tamiahua", "san-fernando", "soto-la-marina",
    "tuxpan", "papantla", "misantla", "alvarado", "arroyo-colorado", "davis-landing",
    "brush-country", "eagle-pass", "edwards-plateau", "fredericksburg",
}  # fmt: skip

# VP of regions without a structure of their own: (region, side, field, value).
REGION_VALUES: list[tuple[str, str, str, int]] = [
    ("buena-vista", "mexico", "capture", 1),
    ("cerro-gordo", "usa", "capture", 1),
]


# Lakes and the Pacific are open water that no ship of this war reaches; one link to the shore
# each keeps them in play as water (the validator wants every playable region linked).
SHORE_LINKS = {
    frozenset(("lake-texcoco", "texcoco")),
    frozenset(("lake-chalco", "chalco")),
    frozenset(("lake-chapala", "guadalajara")),
    frozenset(("pacific", "colima")),
}


def _box(x0: float, y0: float, x1: float, y1: float) -> list[list[float]]:
    return [[x0, y0], [x1, y0], [x1, y1], [x0, y1]]


OFF_MAP: list[Json] = [
    {
        "id": "lobos-anchorage",
        "name": "Isla de Lobos anchorage",
        "terrain": "island",
        "owner": "usa",
        "area": "fleet-anchorage",
        "off_map": True,
        "stacking": 40,
        "polygon": {"exterior": _box(880.0, 1325.0, 1080.0, 1395.0)},
        "description": (
            "The reef island off the Huasteca coast where the transports gathered before the "
            "Veracruz landing. Scott's army arrives here with its transports, boards them in "
            "the roads and sails down the coast to the beach at Collado."
        ),
    },
    {
        "id": "paso-del-norte",
        "name": "El Paso del Norte",
        "terrain": "desert",
        "owner": "usa",
        "area": "new-mexico",
        "network": "road",
        "off_map": True,
        "polygon": {"exterior": _box(10.0, -95.0, 190.0, -25.0)},
        "description": (
            "The river crossing on the road from Santa Fe, taken after the fight at El Brazito. "
            "Columns from New Mexico enter Chihuahua from here."
        ),
    },
    {
        "id": "atlantic",
        "name": "Atlantic Ocean",
        "terrain": "ocean",
        "area": "atlantic",
        "off_map": True,
        "polygon": {"exterior": _box(1625.0, 420.0, 1745.0, 640.0)},
        "description": "Beyond the Florida Straits: the long haul from the eastern seaboard.",
    },
]

OFF_MAP_LINKS: list[Json] = [
    {"id": "lobos-passage", "a": "lobos-anchorage", "b": "tuxpan-coast", "type": "sea-lane"},
    {"id": "collado-beach", "a": "alvarado-coast", "b": "veracruz", "type": "beach"},
    {"id": "santa-fe-trail-chihuahua", "a": "paso-del-norte", "b": "chihuahua", "road": True},
    {"id": "santa-fe-trail-presidio", "a": "paso-del-norte", "b": "ojinaga"},
    {"id": "atlantic-northern-gulf", "a": "atlantic", "b": "northern-gulf", "type": "sea"},
    {"id": "atlantic-eastern-gulf", "a": "atlantic", "b": "eastern-gulf", "type": "sea"},
]  # fmt: skip

FERRIES: list[Json] = [
    {"id": "matamoros-ferry", "a": "fort-texas", "b": "matamoros", "type": "ferry",
     "bridge": True, "road": True},
    {"id": "reynosa-ferry", "a": "arroyo-colorado", "b": "reynosa", "type": "ferry",
     "bridge": True},
]  # fmt: skip

# Structures: id, name, region, kind, fortification, sea region of the harbour (None: no port),
# VP for the United States taking it, VP for Mexico taking it, VP Mexico scores holding it at
# the end. Lower fortification levels are stronger (a siege succeeds on a roll up to the level).
STRUCTURES: list[tuple[str, str, str, str, int, str | None, int, int, int]] = [
    ("new-orleans-port", "New Orleans", "new-orleans", "city", 0, "louisiana-coast", 0, 0, 0),
    ("galveston-port", "Galveston", "galveston", "city", 0, "galveston-roads", 0, 2, 0),
    ("houston-town", "Houston", "houston", "village", 0, None, 0, 1, 0),
    ("austin-town", "Austin", "austin", "city", 0, None, 0, 2, 0),
    ("san-antonio-town", "San Antonio de Béxar", "san-antonio", "city", 0, None, 0, 3, 0),
    ("corpus-christi-depot", "Corpus Christi", "corpus-christi", "village", 0, "padre-coast",
     0, 2, 0),
    ("point-isabel-depot", "Point Isabel", "point-isabel", "village", 0, "brazos-santiago",
     0, 2, 0),
    ("fort-texas-works", "Fort Texas", "fort-texas", "fort", 5, None, 0, 2, 0),
    ("matamoros-town", "Matamoros", "matamoros", "city", 6, "rio-grande-lower", 2, 0, 1),
    ("camargo-landing", "Camargo", "camargo", "village", 0, "rio-grande-upper", 1, 0, 0),
    ("monterrey-citadel", "Monterrey", "monterrey", "city", 3, None, 3, 0, 2),
    ("saltillo-town", "Saltillo", "saltillo", "city", 0, None, 2, 0, 1),
    ("monclova-town", "Monclova", "monclova", "village", 0, None, 1, 0, 0),
    ("parras-town", "Parras", "parras", "village", 0, None, 1, 0, 0),
    ("chihuahua-town", "Chihuahua", "chihuahua", "city", 0, None, 2, 0, 1),
    ("durango-town", "Durango", "durango", "city", 0, None, 1, 0, 0),
    ("zacatecas-town", "Zacatecas", "zacatecas", "city", 0, None, 1, 0, 0),
    ("san-luis-potosi-town", "San Luis Potosí", "san-luis-potosi", "city", 0, None, 2, 0, 1),
    ("ciudad-victoria-town", "Ciudad Victoria", "ciudad-victoria", "village", 0, None, 1, 0, 0),
    ("tampico-port", "Tampico", "tampico", "city", 0, "tampico-bar", 2, 0, 1),
    ("tuxpan-port", "Tuxpan", "tuxpan", "village", 0, "tuxpan-coast", 1, 0, 0),
    ("veracruz-fortress", "Veracruz and San Juan de Ulúa", "veracruz", "fort", 2,
     "veracruz-anchorage", 4, 0, 2),
    ("alvarado-port", "Alvarado", "alvarado", "village", 0, "alvarado-coast", 1, 0, 0),
    ("tabasco-port", "San Juan Bautista", "tabasco", "village", 0, "tabasco-coast", 1, 0, 0),
    ("campeche-port", "Campeche", "campeche", "city", 6, "campeche-bank", 1, 0, 0),
    ("jalapa-town", "Jalapa", "jalapa", "city", 0, None, 1, 0, 0),
    ("perote-castle", "San Carlos de Perote", "perote", "fort", 4, None, 2, 0, 1),
    ("puebla-town", "Puebla", "puebla", "city", 0, None, 3, 0, 1),
    ("mexico-city", "Mexico City and Chapultepec", "mexico-city", "city", 2, None, 8, 0, 4),
    ("queretaro-town", "Querétaro", "queretaro", "city", 0, None, 1, 0, 0),
    ("guanajuato-town", "Guanajuato", "guanajuato", "city", 0, None, 1, 0, 0),
    ("guadalajara-town", "Guadalajara", "guadalajara", "city", 0, None, 1, 0, 0),
    ("morelia-town", "Morelia", "morelia", "city", 0, None, 1, 0, 0),
    ("toluca-town", "Toluca", "toluca", "city", 0, None, 1, 0, 0),
    ("lobos-roads", "Isla de Lobos roads", "lobos-anchorage", "village", 0, "tuxpan-coast",
     0, 0, 0),
]  # fmt: skip

SUPPLY_SOURCES: list[Json] = [
    {"id": "new-orleans-depot", "name": "New Orleans quartermaster depot",
     "region": "new-orleans", "sides": ["usa"]},
    {"id": "san-antonio-depot", "name": "San Antonio depot", "region": "san-antonio",
     "sides": ["usa"]},
    {"id": "brazos-depot", "name": "Brazos Santiago landing", "region": "point-isabel",
     "sides": ["usa"]},
    {"id": "mexico-city-arsenal", "name": "Mexico City arsenal", "region": "mexico-city",
     "sides": ["mexico"]},
    {"id": "san-luis-depot", "name": "San Luis Potosí depot", "region": "san-luis-potosi",
     "sides": ["mexico"]},
    {"id": "guadalajara-depot", "name": "Guadalajara", "region": "guadalajara",
     "sides": ["mexico"]},
    {"id": "chihuahua-depot", "name": "Chihuahua", "region": "chihuahua", "sides": ["mexico"]},
    {"id": "puebla-depot", "name": "Puebla", "region": "puebla", "sides": ["mexico"]},
]  # fmt: skip


def _road_pairs() -> set[frozenset[str]]:
    pairs = set()
    for chain in ROADS:
        for a, b in itertools.pairwise(chain):
            pairs.add(frozenset((a, b)))
    return pairs


# Captures that move the opposition to the war: Mexican gains in Texas raise it, the great
# American victories lower it.
TENSION_ON_CAPTURE = {
    "san-antonio-town": ("mexico", 1), "corpus-christi-depot": ("mexico", 1),
    "point-isabel-depot": ("mexico", 1), "fort-texas-works": ("mexico", 1),
    "austin-town": ("mexico", 1), "galveston-port": ("mexico", 1),
    "monterrey-citadel": ("usa", -1),
    "veracruz-fortress": ("usa", -2), "puebla-town": ("usa", -1),
}  # fmt: skip


def _values(usa: int, mexico: int, hold: int, tension: tuple[str, int] | None) -> Json:
    out: Json = {}
    if usa:
        out["usa"] = {"capture": usa}
    if mexico:
        out["mexico"] = {"capture": mexico}
    if tension:
        out.setdefault(tension[0], {})["tension"] = tension[1]
    if hold:
        out.setdefault("mexico", {})["hold_at_end"] = hold
    return out


def map_sections() -> Json:
    world = geography.build_map()
    land_ids = {p.id for p in geography.LAND}
    roads = _road_pairs()
    road_regions = {r for pair in roads for r in pair}

    areas = [{"id": a, "name": n, "theatre": t} for a, n, t in AREAS]
    for area in areas:
        # Louisiana lay far beyond any Mexican army's reach: closing it keeps the AI from a
        # march on New Orleans that no Mexican general could have supplied.
        if area["id"] in ("fleet-anchorage", "new-mexico", "louisiana"):
            area["closed_to"] = ["mexico"]

    regions: list[Json] = []
    for rid, region in world.regions.items():
        entry: Json = {"id": rid, "name": region.name, "terrain": region.terrain}
        if rid in land_ids:
            entry["owner"] = "usa" if region.area in US_AREAS else "mexico"
        if region.area:
            entry["area"] = region.area
        if rid in road_regions:
            entry["network"] = "road"
        elif rid in TRAILS:
            entry["network"] = "trail"
        entry["polygon"] = {"exterior": [list(p) for p in region.rings[0]]}
        if len(region.rings) > 1:
            entry["polygon"]["holes"] = [[list(p) for p in ring] for ring in region.rings[1:]]
        if region.shape.buffer(-4).contains(Point(region.anchor)):
            entry["anchors"] = {"label": [round(region.anchor[0], 2), round(region.anchor[1], 2)]}
        if region.terrain == "lake":
            entry["description"] = "Open water and reed beds that no army crosses."
        if rid == "pacific":
            entry["description"] = "The Pacific squadron's war is outside this scenario."
        regions.append(entry)
    regions.extend(OFF_MAP)
    for rid, side, kind, value in REGION_VALUES:
        region_entry = next(r for r in regions if r["id"] == rid)
        region_entry.setdefault("values", {}).setdefault(side, {})[kind] = value

    terrain_of = {r["id"]: r["terrain"] for r in regions}
    unplayable = {r["id"] for r in regions if r.get("unplayable")}
    port_regions = {s[2]: s[5] for s in STRUCTURES if s[5] is not None}
    water = {"river", "coastal-waters", "high-seas", "ocean", "lake"}

    connections: list[Json] = []
    seen: set[frozenset[str]] = set()
    for border in world.borders:
        a, b = border.a, border.b
        if a in unplayable or b in unplayable:
            continue
        if {a, b} & set(geography.LAKES) or "pacific" in (a, b):
            if frozenset((a, b)) not in SHORE_LINKS:
                continue
            link = {"id": f"{a}--{b}", "a": a, "b": b, "type": "sea"}
            seen.add(frozenset((a, b)))
            connections.append(link)
            continue
        wa, wb = terrain_of[a] in water, terrain_of[b] in water
        link: Json = {"id": f"{a}--{b}", "a": a, "b": b}
        if wa and wb:
            link["type"] = "sea"
        elif wa or wb:
            coast = b if wa else a
            if coast not in port_regions:
                continue  # ships only put in at harbours
            link["type"] = "sea"
        else:
            if border.follows in ("rio-grande", "nueces"):
                link["type"] = "river"
            if frozenset((a, b)) in roads:
                link["road"] = True
        if border.length < 1.0:
            continue  # a corner, not a border
        seen.add(frozenset((a, b)))
        connections.append(link)
    for extra in [*FERRIES, *OFF_MAP_LINKS]:
        seen.add(frozenset((extra["a"], extra["b"])))
        connections.append(extra)
    missing = [pair for pair in roads if pair not in seen]
    if missing:
        raise RuntimeError(f"roads between regions that do not touch: {missing}")

    structures: list[Json] = []
    for sid, name, region_id, kind, fort, sea, usa_vp, mex_vp, hold in STRUCTURES:
        entry = {"id": sid, "name": name, "region": region_id, "kind": kind}
        if fort:
            entry["fortification"] = fort
        if sea:
            entry["port"] = True
            entry["sea_region"] = sea
        values = _values(usa_vp, mex_vp, hold, TENSION_ON_CAPTURE.get(sid))
        if values:
            entry["values"] = values
        structures.append(entry)

    return {
        "theatres": THEATRES,
        "areas": areas,
        "regions": regions,
        "connections": connections,
        "structures": structures,
        "supply_sources": SUPPLY_SOURCES,
    }
