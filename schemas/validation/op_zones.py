"""Setup zones and fixed units of the operational family (OT1, OT5, OU1, OM20).

A side's setup zone (``hex_map.setup_zones``) is where it may set its units up again before
its first orders; a fixed unit (``units[].operational.fixed``) stays in its hex, or inside a
fixed zone (``hex_map.fixed_zones``), until a release frees it. The issues point at the unit
(its location or its ``fixed`` entry) or at the zone's runs, and name the unit or the zone.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..issues import Issue, make_issue, pointer
from ..places import HexPlaces
from ..units import Unit
from .index import ScenarioIndex


def check_operational_zones(ix: ScenarioIndex) -> Iterator[Issue]:
    scenario = ix.scenario
    hex_map = scenario.hex_map
    fixed_units = [
        (k, u) for k, u in enumerate(scenario.units) if u.operational and u.operational.fixed
    ]
    if scenario.rules.family != "operational":
        if hex_map is not None and (hex_map.setup_zones or hex_map.fixed_zones):
            yield make_issue(
                "operational-zone-unused",
                pointer("hex_map", "setup_zones" if hex_map.setup_zones else "fixed_zones"),
                "setup and fixed zones are only read when 'rules.family' is 'operational'",
            )
        return
    places = ix.places
    if hex_map is None or not isinstance(places, HexPlaces):
        return  # operational-needs-hex-map says it
    grid, decoded = places.grid, places.decoded
    if grid is None:
        return
    setup_keys, setup_code = decoded.setup_zones.keys, decoded.setup_zones.code
    fixed_keys, fixed_code = decoded.fixed_zones.keys, decoded.fixed_zones.code
    named: set[str] = set()
    turns = scenario.calendar.turns
    for k, unit in fixed_units:
        fixed = unit.operational.fixed  # type: ignore[union-attr]
        assert fixed is not None
        where = ("units", k, "operational", "fixed")
        label = unit.name or unit.id
        if not (fixed.until_turn or fixed.on_enemy_adjacent or fixed.whole_game):
            yield make_issue(
                "operational-fixed-no-release",
                pointer(*where),
                f"'{label}' is fixed and nothing frees it: give it a release turn or "
                "'on_enemy_adjacent', or mark it fixed for the whole game",
                unit.id,
            )
        if fixed.until_turn is not None and fixed.until_turn > turns:
            yield make_issue(
                "operational-fixed-release-late",
                pointer(*where, "until_turn"),
                f"'{label}' is freed on turn {fixed.until_turn} but the scenario ends after "
                f"turn {turns}",
                unit.id,
            )
        if fixed.zone is None:
            continue
        named.add(fixed.zone)
        if fixed.zone not in fixed_keys:
            yield make_issue(
                "operational-fixed-zone-unknown",
                pointer(*where, "zone"),
                f"'{label}' is fixed inside zone '{fixed.zone}', which no hex of the map is "
                "painted with",
                unit.id,
            )
            continue
        start = _start_hex(ix, unit)
        index = grid.find(start) if start is not None else None
        if index is not None and (
            fixed_code[index] < 0 or fixed_keys[fixed_code[index]] != fixed.zone
        ):
            yield make_issue(
                "operational-fixed-outside-zone",
                pointer("units", k, "location"),
                f"'{label}' starts on {start}, outside its fixed zone '{fixed.zone}'",
                unit.id,
            )
    for k, unit in enumerate(scenario.units):
        side = ix.side_of_nation(unit.nation)
        if side is None or side not in hex_map.setup_zones:
            continue
        if unit.operational is not None and unit.operational.fixed is not None:
            continue  # a fixed unit stays where the designer put it
        start = _start_hex(ix, unit)
        index = grid.find(start) if start is not None else None
        if index is None:
            continue
        code = int(setup_code[index])
        if code < 0 or setup_keys[code] != side:
            yield make_issue(
                "operational-setup-outside-zone",
                pointer("units", k, "location"),
                f"'{unit.name or unit.id}' starts on {start}, outside the setup zone of "
                f"'{side}': it cannot be set up again before the first turn",
                unit.id,
            )
    for zone in hex_map.fixed_zones:
        if zone not in named:
            yield make_issue(
                "operational-zone-unused",
                pointer("hex_map", "fixed_zones", zone),
                f"no fixed unit names the fixed zone '{zone}'",
                zone,
            )


def _start_hex(ix: ScenarioIndex, unit: Unit) -> str | None:
    """The hex a unit starts on (through its structure), ``None`` for a reinforcement or a
    unit aboard a ship."""
    location = unit.location
    if location is None:
        return None
    if location.region is not None:
        return location.region
    if location.structure is not None:
        structure = ix.structures.get(location.structure)
        return structure.region if structure is not None else None
    return None
