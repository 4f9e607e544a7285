"""Build the Winter War sample: ``.venv/bin/python sample_scenarios/sources/winter-war/build.py``.

The map comes from ``regions.geojson`` (the regions' outlines in longitude and latitude, with
their name, terrain, owner, area and network), imported through Salient's GIS import, the
function ``salient import-map`` and the studio's import dialog call, onto the map projection
of ``geography.py``. ``cut.py`` made that file from real geography; edit it in a GIS and run
this script again. To the imported regions this script adds what is game design rather than
geography (``mapdata.py``: stacking, values, notes, the off-map boxes, the connections and
their rivers, roads and railways) and the forces, decks, events, schedules and victory rules
written below; it checks the result with the validator and writes
``sample_scenarios/winter-war.json`` in canonical form. The output is the same bytes for the
same sources.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import numpy as np

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
sys.path[:0] = [str(HERE), str(ROOT)]

from forces import (  # noqa: E402
    LEADERS,
    NATIONS,
    REINFORCEMENTS,
    REPLACEMENTS,
    SIDES,
    UNIT_TYPES,
    UNITS,
)
from geography import MAP, UNPLAYABLE, project  # noqa: E402
from mapdata import (  # noqa: E402
    AREAS,
    BRIDGELESS,
    CONNECTION_TYPES,
    FAR_NORTH_AREAS,
    FIN,
    FINNISH_HOLD,
    ISTHMUS_AREAS,
    OFF_MAP,
    OFF_MAP_LINKS,
    REGION_NOTES,
    REGION_VALUES,
    SOV,
    STACKING,
    STRUCTURES,
    SUPPLY_SOURCES,
    TERRAIN,
    THEATRES,
    adjacency,
    off_map_outline,
    rail_links,
    river_crossed,
    town_points,
)
from story import CARDS, EVENTS, INFO, TENSION, VICTORY  # noqa: E402

from schemas import load_file, save  # noqa: E402
from schemas.geometry.adjacency import shared_borders  # noqa: E402
from schemas.geometry.build import build_polygons  # noqa: E402
from schemas.gis import FieldMap, ImportOptions, import_layer, read_layer  # noqa: E402
from schemas.scenario import SCHEMA_VERSION, Scenario  # noqa: E402

OUT = ROOT / "sample_scenarios" / "winter-war.json"

REGIONS_FILE = HERE / "regions.geojson"
IMPORT = ImportOptions(
    fields=FieldMap(
        id="id", name="name", terrain="terrain", owner="owner", area="area", network="network"
    ),
    # The regions' borders are the file's to the metre: nothing to simplify, and no piece
    # too small to be a region on purpose.
    min_area_km2=0,
    # Which neighbours are joined, and how, is this sample's design (connections() below).
    connect=False,
)
NETWORK_RANK = {"none": 0, "trail": 1, "road": 2, "rail": 3}
MIN_BORDER = 2.0
"""Regions meeting along less than this (map units, about km) are not joined: a corner touch
left by the Voronoi cut is no road."""

ICE_ROADS = [
    # (id, a, b, waypoints in lon/lat): routes over the frozen gulf, closed until the ice
    # bears an army (the February event lays their "bridge").
    ("ice-kronstadt-koivisto", "oranienbaum", "koivisto", [(29.2, 60.1)]),
    ("ice-viipuri-bay", "koivisto", "virolahti", [(28.2, 60.45)]),
]

RULES: dict[str, Any] = {
    # Weekly turns in deep winter: one breakthrough a turn (the rulebook's choice for this
    # theatre), supply reaching three regions, a small hand.
    "battle": {"max_breakthroughs_per_turn": 1},
    "supply": {
        "range": 3,
        # The cold kills faster than the rulebook's default stages: survival tests at twice,
        # then once the unit's morale, so that a road-bound column cut off in the forest
        # melts away within a few weeks while ski troops (no supply needed) do not care.
        "stages": [
            {"turns": 1, "motorized_movement": -1, "morale": -1, "survival_multiplier": 2},
            {"turns": 2, "movement": -1, "attack": -1, "morale": -1, "survival_multiplier": 1},
            {
                "turns": 3,
                "movement": -2,
                "attack": -1,
                "defence": -1,
                "morale": -2,
                "survival_multiplier": 1,
                "eliminate_artillery": True,
            },
        ],
    },
    "cards": {"draw_per_turn": 2, "hand_limit": 6},
    "replacements": {"points_per_turn": 1},
    "victory": {"victory_level": None},
}

CALENDAR = {
    "start_date": "1939-11-30",
    "turns": 15,
    "turn_length_days": 7,
    "turn_order": [SOV, FIN],
}


MAP_SETTINGS = {
    "orientation": "north",
    "units_per_km": 1.0,
    # The projection of geography.py, stored in the scenario: the import puts the file's
    # longitudes and latitudes on it, and later imports and the export use it too.
    "projection": MAP.model().model_dump(mode="json"),
}


def imported_map() -> Scenario:
    """The regions of ``regions.geojson`` imported, as ``salient import-map`` would, into a
    scenario that has the map's projection and the tables the file's values name."""
    base = Scenario.model_validate(
        {
            "schema_version": SCHEMA_VERSION,
            "info": INFO,
            "calendar": CALENDAR,
            "map": MAP_SETTINGS,
            "regions": [],
            "terrain": TERRAIN,
            "theatres": THEATRES,
            "areas": areas(),
            "sides": SIDES,
            "nations": NATIONS,
        }
    )
    done = import_layer(read_layer(REGIONS_FILE), base, IMPORT)
    for note in done.notes:  # a border edited into a sliver, a terrain misspelt...
        print(f"{REGIONS_FILE.name}: {note.text}")
    return done.scenario


def regions(imported: Scenario) -> list[dict[str, Any]]:
    """The imported regions with what the map file does not hold (stacking by theatre,
    values, notes, neutral ground closed to play), and the off-map boxes."""
    out = []
    for region in imported.regions:
        data = region.model_dump(mode="json", exclude_defaults=True)
        key, terrain, area = region.id, region.terrain, region.area
        group = "isthmus" if area in ISTHMUS_AREAS else None
        group = "north" if area in FAR_NORTH_AREAS else group
        if (terrain, group) in STACKING:
            data["stacking"] = STACKING[(terrain, group)]
        if key in UNPLAYABLE:
            data.update(unplayable=True, description=UNPLAYABLE[key][2])
        if key in REGION_VALUES:
            data["values"] = symmetric(REGION_VALUES[key])
        if key in REGION_NOTES:
            data["description"] = REGION_NOTES[key]
        out.append(data)
    for key, (name, owner, (lon, lat), terrain) in OFF_MAP.items():
        out.append(
            {
                "id": key,
                "name": name,
                "terrain": terrain,
                "owner": owner,
                "area": "arctic",
                "network": "road",
                "off_map": True,
                "polygon": {"exterior": [list(p) for p in off_map_outline(lon, lat)]},
                "values": REGION_VALUES.get(key, {}),
                "description": REGION_NOTES.get(key, ""),
            }
        )
    # Land first, from south to north, then the water and the neutral ground: the explorer
    # lists regions in file order.
    kind = {r["id"]: (r["terrain"] in ("sea", "lake", "neutral")) for r in out}
    return sorted(out, key=lambda r: (kind[r["id"]], r["id"]))


def borders(imported: Scenario) -> dict[tuple[str, str], float]:
    """The length of the border each pair of neighbouring regions shares (ids in order)."""
    shapes = np.asarray(build_polygons([r.polygon for r in imported.regions]), dtype=object)
    found = shared_borders(shapes)
    ids = [r.id for r in imported.regions]
    out: dict[tuple[str, str], float] = {}
    for a, b, length in zip(found.left, found.right, found.length.tolist(), strict=True):
        first, second = sorted((ids[a], ids[b]))
        out[(first, second)] = length
    return out


def connections(
    shared: dict[tuple[str, str], float], region_list: list[dict[str, Any]]
) -> list[dict[str, Any]]:
    by_id = {r["id"]: r for r in region_list}
    rails = rail_links(adjacency(shared))
    towns = town_points()
    out = []
    for (a, b), length in sorted(shared.items()):
        if length < MIN_BORDER:
            continue
        ta, tb = by_id[a]["terrain"], by_id[b]["terrain"]
        if "neutral" in (ta, tb):
            continue
        land_a, land_b = ta not in ("sea", "lake"), tb not in ("sea", "lake")
        link: dict[str, Any] = {"id": f"{a}--{b}", "a": a, "b": b}
        if land_a and land_b:
            river = river_crossed(towns, a, b)
            ra = NETWORK_RANK[by_id[a].get("network", "none")]
            rb = NETWORK_RANK[by_id[b].get("network", "none")]
            road = min(ra, rb) >= NETWORK_RANK["road"]
            if river:
                link["type"] = river
                link["bridge"] = road and frozenset({a, b}) not in BRIDGELESS
            link["road"] = road
            link["rail"] = frozenset({a, b}) in rails
        elif "lake" in (ta, tb):
            link["type"] = "air"
        else:
            link["type"] = "sea"
        out.append({k: v for k, v in link.items() if v is not False})
    out.append({"id": "sea-lane-bothnia", "a": "gulf-west", "b": "bay-of-bothnia",
                "type": "sea-lane", "waypoints": [list(project(22.0, 61.5)),
                                                   list(project(22.0, 63.4))]})  # fmt: skip
    for key, a, b, waypoints in ICE_ROADS:
        out.append(
            {
                "id": key,
                "a": a,
                "b": b,
                "type": "ice",
                "waypoints": [list(project(*p)) for p in waypoints],
            }
        )
    for a, b, kind, road, rail, waypoints in OFF_MAP_LINKS:
        out.append(
            {
                "id": f"{a}--{b}",
                "a": a,
                "b": b,
                "type": kind,
                "road": road,
                "rail": rail,
                "waypoints": [list(project(*p)) for p in waypoints],
            }
        )
    return out


def symmetric(values: dict[str, dict[str, int]]) -> dict[str, dict[str, int]]:
    """A side that gains VP by capturing a place loses as many when it is taken back, so
    that a town changing hands back and forth is worth nothing to either side."""
    return {side: {"loss": v.get("capture", 0), **v} for side, v in values.items()}


def structures() -> list[dict[str, Any]]:
    out = []
    for structure in STRUCTURES:
        values = symmetric(structure.get("values", {}))
        hold = FINNISH_HOLD.get(structure["id"])
        if hold:
            values[FIN] = {**values.get(FIN, {}), "hold_at_end": hold}
        out.append({**structure, "values": values} if values else structure)
    return out


def supply_sources() -> list[dict[str, Any]]:
    return [
        {"id": key, "name": name, "region": region, "sides": [side]}
        for key, name, region, side in SUPPLY_SOURCES
    ]


def areas() -> list[dict[str, Any]]:
    out = []
    for key, name, theatre, color in AREAS:
        area: dict[str, Any] = {"id": key, "name": name, "color": color}
        if theatre:
            area["theatre"] = theatre
        if key == "neutral":
            area["closed_to"] = [FIN, SOV]
        out.append(area)
    return out


def scenario() -> dict[str, Any]:
    imported = imported_map()
    region_list = regions(imported)
    return {
        "schema_version": SCHEMA_VERSION,
        "info": INFO,
        "calendar": CALENDAR,
        "rules": RULES,
        "map": MAP_SETTINGS,
        "terrain": TERRAIN,
        "connection_types": CONNECTION_TYPES,
        "theatres": THEATRES,
        "areas": areas(),
        "regions": region_list,
        "connections": connections(borders(imported), region_list),
        "structures": structures(),
        "supply_sources": supply_sources(),
        "sides": SIDES,
        "nations": NATIONS,
        "tension": TENSION,
        "unit_types": UNIT_TYPES,
        "units": UNITS,
        "leaders": LEADERS,
        "cards": CARDS,
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
    regions_count = len(built.regions)
    print(f"{OUT.name}: {regions_count} regions, {len(built.units)} units, {len(issues)} issues")
    return 1 if issues else 0


if __name__ == "__main__":
    raise SystemExit(main())
