"""The rules family (``rules.family``): what the operational rules need of a scenario.

The operational family plays on a hex map with WEGO turns (docs/rules-operational.md), and
reads its terrain, hexside and unit tables from ``rules.operational`` and the unit types'
``operational`` values; each gap is reported where the file names the thing lacking a row.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..hexgrid import HexGrid
from ..issues import Issue, make_issue, pointer
from .index import ScenarioIndex


def check_rules_family(ix: ScenarioIndex) -> Iterator[Issue]:
    scenario = ix.scenario
    rules = scenario.rules
    if rules.family != "operational":
        if rules.operational is not None:
            yield make_issue(
                "operational-unused",
                pointer("rules", "operational"),
                "the operational tables are only read when 'rules.family' is 'operational'",
            )
        return
    if scenario.hex_map is None:
        yield make_issue(
            "operational-needs-hex-map",
            pointer("rules", "family"),
            "the operational rules play on a hex map: add a 'hex_map' section or set "
            "'rules.family' to 'area'",
        )
    if scenario.calendar.turn_system != "wego":
        yield make_issue(
            "operational-needs-wego",
            pointer("calendar", "turn_system"),
            "the operational rules play WEGO turns: set 'calendar.turn_system' to 'wego' or "
            "'rules.family' to 'area'",
        )
    tables = rules.operational
    if tables is None:  # filled by the model; kept for type checkers
        return
    hex_map = scenario.hex_map
    if hex_map is not None:
        rows = {row.terrain for row in tables.terrain}
        used = [(hex_map.base_terrain, pointer("hex_map", "base_terrain"))]
        used += [(key, pointer("hex_map", "terrain", key)) for key in hex_map.terrain]
        for terrain, where in used:
            if terrain not in rows:
                yield make_issue(
                    "operational-terrain-missing",
                    where,
                    f"terrain '{terrain}' has no row in 'rules.operational.terrain' (Table OH3)",
                    terrain,
                )
        features = {row.connection_type for row in tables.hexsides}
        for key in hex_map.hexsides:
            if key not in features:
                yield make_issue(
                    "operational-hexside-missing",
                    pointer("hex_map", "hexsides", key),
                    f"hexside feature '{key}' has no row in 'rules.operational.hexsides' "
                    "(Table OH6)",
                    key,
                )
        for index, row in enumerate(tables.hexsides):
            mined, breached = row.connection_type, row.breached
            if breached and mined in hex_map.hexsides and breached not in features:
                yield make_issue(
                    "operational-breach-missing",
                    pointer("rules", "operational", "hexsides", index, "breached"),
                    f"minefield '{mined}' turns into '{breached}' once breached, which has no "
                    "row in 'rules.operational.hexsides' (Table OH6): no engineer can breach it",
                    mined,
                )
    yield from _locations(ix)
    used_types = {unit.type for unit in scenario.units}
    for index, kind in enumerate(scenario.unit_types):
        if kind.domain == "land" and kind.operational is None and kind.id in used_types:
            yield make_issue(
                "operational-type-missing",
                pointer("unit_types", index),
                f"unit type '{kind.id}' has no 'operational' values (category, factors, MP), "
                "which the operational rules read",
                kind.id,
            )


def _locations(ix: ScenarioIndex) -> Iterator[Issue]:
    """OV2: each victory location names a hex of the map and sides of the scenario."""
    scenario = ix.scenario
    tables = scenario.rules.operational
    if tables is None or scenario.hex_map is None:
        return
    locations = tables.victory.locations
    if not locations:
        return
    grid = HexGrid.of(scenario.hex_map)
    sides = {side.id for side in scenario.sides}
    for index, location in enumerate(locations):
        where = ("rules", "operational", "victory", "locations", index)
        if grid.find(location.hex) is None:
            yield make_issue(
                "operational-location-unknown",
                pointer(*where, "hex"),
                f"victory location '{location.hex}' is not a hex of the map",
                location.hex,
            )
        for side in location.per_turn:
            if side not in sides:
                yield make_issue(
                    "operational-location-unknown",
                    pointer(*where, "per_turn", side),
                    f"victory location '{location.hex}' gives VP to '{side}', which is not a side",
                    location.hex,
                )
