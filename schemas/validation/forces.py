"""Units, leaders, reinforcements, supply sources and ports: can everything be where it is?"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from ..issues import Issue, make_issue, pointer
from ..map import Region, Structure
from ..units import Leader, Location, Unit
from .index import ScenarioIndex


def _place(ix: ScenarioIndex, location: Location) -> tuple[Region | None, Structure | None]:
    if location.aboard is not None:
        return None, None  # off the map, aboard a ship: check_starting_aboard has the rules
    if location.structure is not None:
        structure = ix.structures.get(location.structure)
        region = ix.regions.get(structure.region) if structure else None
        return region, structure
    return ix.regions.get(location.region or ""), None


def unsuitable(
    ix: ScenarioIndex, domain: str, region: Region, structure: Structure | None
) -> str | None:
    """Why a unit of ``domain`` cannot stand at this place, or ``None`` if it can."""
    where = ix.region_domain(region)
    if where == "unplayable":
        return f"region '{region.id}' is unplayable"
    if domain == "air":
        if structure is None or not structure.airport:
            return "aircraft must be based in a structure with an airport"
        return None
    if domain == "naval":
        if where == "sea" or (structure is not None and structure.port):
            return None
        return f"ships must be at sea or in a port, and '{region.id}' is {where}"
    if where != "land":
        return f"land units cannot stand in '{region.id}', which is {where}"
    return None


def _domain(ix: ScenarioIndex, unit: Unit | Leader) -> str | None:
    if isinstance(unit, Leader):
        return "land"
    unit_type = ix.unit_types.get(unit.type)
    return unit_type.domain if unit_type else None


def _stacking(ix: ScenarioIndex, unit: Unit | Leader) -> int:
    if isinstance(unit, Leader):
        return unit.stacking
    unit_type = ix.unit_types.get(unit.type)
    return unit_type.stacking if unit_type else 0


def closed_to(ix: ScenarioIndex, region: Region, side: str | None) -> str | None:
    """Why ``side`` may not enter ``region`` (a closed area), or ``None``."""
    area = ix.areas.get(region.area) if region.area else None
    if area is not None and side is not None and side in area.closed_to:
        return f"area '{area.id}' is closed to side '{side}'"
    return None


def check_structures(ix: ScenarioIndex) -> Iterator[Issue]:
    # Region domains hold every region's id: one lookup per structure (the live validation
    # runs this whole after every region edit, 8,000 structures on a 30,000-region map).
    domain_of = ix.domain_of
    for index, structure in enumerate(ix.scenario.structures):
        domain = domain_of.get(structure.region, "land")  # an unknown region: not this check's
        if domain != "land":
            yield make_issue(
                "structure-unplayable",
                pointer("structures", index, "region"),
                f"structure '{structure.id}' stands in '{structure.region}', which is "
                f"{domain}: structures belong on land",
                structure.id,
            )


def check_unit_locations(ix: ScenarioIndex) -> Iterator[Issue]:
    everyone: tuple[tuple[str, Sequence[Unit | Leader]], ...] = (
        ("units", ix.scenario.units),
        ("leaders", ix.scenario.leaders),
    )
    for collection, items in everyone:
        for index, unit in enumerate(items):
            if unit.location is None:
                continue
            region, structure = _place(ix, unit.location)
            domain = _domain(ix, unit)
            if region is None or domain is None:
                continue  # dangling references are reported elsewhere
            reason = unsuitable(ix, domain, region, structure)
            if reason is None:
                reason = closed_to(ix, region, ix.side_of_nation(unit.nation))
            if reason is not None:
                yield make_issue(
                    "unit-impassable-location",
                    pointer(collection, index, "location"),
                    f"'{unit.id}' cannot start here: {reason}",
                    unit.id,
                )


def region_stacking_limit(ix: ScenarioIndex, region: Region) -> int | None:
    """Land stacking limit of a region, or ``None`` when its terrain is unknown."""
    if region.stacking is not None:
        return region.stacking
    terrain = ix.region_terrain(region)
    if terrain is None:
        return None
    if region.network != "none" and terrain.stacking_with_trail is not None:
        return terrain.stacking_with_trail
    return terrain.stacking


def region_air_limit(ix: ScenarioIndex, region: Region, structures: list[Structure]) -> int:
    if region.air_stacking is not None:
        return region.air_stacking
    limit = ix.scenario.rules.stacking.air_default
    for structure in structures:
        if structure.airport and structure.capacity.air is not None:
            limit = max(limit, structure.capacity.air)
    return limit


@dataclass
class _Tally:
    """Stacking points gathered in one place, and the first unit that put some there."""

    first: tuple[str, int]
    total: int = 0


def check_start_stacking(ix: ScenarioIndex) -> Iterator[Issue]:
    # Keys: ("land", region, side), ("air", region, ""), ("inside", structure, domain).
    tallies: dict[tuple[str, str, str], _Tally] = {}
    everyone: tuple[tuple[str, Sequence[Unit | Leader]], ...] = (
        ("units", ix.scenario.units),
        ("leaders", ix.scenario.leaders),
    )
    for collection, items in everyone:
        for index, unit in enumerate(items):
            if unit.location is None:
                continue
            region, structure = _place(ix, unit.location)
            domain = _domain(ix, unit)
            if region is None or domain is None:
                continue
            keys = []
            if structure is not None:
                keys.append(("inside", structure.id, domain))
            elif domain == "land":
                keys.append(("land", region.id, ix.side_of_nation(unit.nation) or ""))
            if domain == "air":
                keys.append(("air", region.id, ""))
            points = _stacking(ix, unit)
            for key in keys:
                tally = tallies.setdefault(key, _Tally((collection, index)))
                tally.total += points
    # Only an air limit reads the structures of its region: the live validation runs this on
    # the units around an edit with every structure kept (8,000 on a 30,000-region map).
    airy = {place for kind, place, _ in tallies if kind == "air"}
    structures_in: dict[str, list[Structure]] = defaultdict(list)
    if airy:
        for structure in ix.scenario.structures:
            if structure.region in airy:
                structures_in[structure.region].append(structure)
    for (kind, place, detail), tally in tallies.items():
        if kind == "land":
            limit = region_stacking_limit(ix, ix.regions[place])
            what = f"side '{detail}' starts with {tally.total} stacking points in region '{place}'"
        elif kind == "air":
            limit = region_air_limit(ix, ix.regions[place], structures_in[place])
            what = f"{tally.total} air stacking points start in region '{place}'"
        else:
            limit = getattr(ix.structures[place].capacity, detail)
            what = f"{tally.total} {detail} stacking points start inside '{place}'"
        if limit is not None and tally.total > limit:
            yield make_issue(
                "start-overstacked",
                pointer(*tally.first, "location"),
                f"{what}, which holds {limit}",
                place,
            )


def check_unit_strength(ix: ScenarioIndex) -> Iterator[Issue]:
    for index, unit in enumerate(ix.scenario.units):
        unit_type = ix.unit_types.get(unit.type)
        strength = unit.strength
        if unit_type is not None and strength is not None and strength > unit_type.hit_points:
            yield make_issue(
                "unit-strength",
                pointer("units", index, "strength"),
                f"unit '{unit.id}' starts with {strength} hit points, but a "
                f"'{unit_type.id}' has at most {unit_type.hit_points}",
                unit.id,
            )


def check_arrivals(ix: ScenarioIndex) -> Iterator[Issue]:
    """Each unit and leader enters play exactly once: placed, or in one reinforcement."""
    arrivals: dict[tuple[str, str], list[str]] = defaultdict(list)
    for reinforcement in ix.scenario.reinforcements:
        for unit_id in reinforcement.units:
            arrivals[("units", unit_id)].append(reinforcement.id)
        for leader_id in reinforcement.leaders:
            arrivals[("leaders", leader_id)].append(reinforcement.id)
    everyone: tuple[tuple[str, Sequence[Unit | Leader]], ...] = (
        ("units", ix.scenario.units),
        ("leaders", ix.scenario.leaders),
    )
    for collection, items in everyone:
        word = "unit" if collection == "units" else "leader"
        for index, unit in enumerate(items):
            scheduled = arrivals.get((collection, unit.id), [])
            placed = unit.location is not None
            if placed and scheduled:
                yield make_issue(
                    "unit-double-arrival",
                    pointer(collection, index, "location"),
                    f"{word} '{unit.id}' starts on the map and also arrives with reinforcement "
                    f"'{scheduled[0]}'",
                    unit.id,
                )
            elif len(scheduled) > 1:
                yield make_issue(
                    "unit-double-arrival",
                    pointer(collection, index),
                    f"{word} '{unit.id}' arrives with reinforcements "
                    f"'{scheduled[0]}' and '{scheduled[1]}'",
                    unit.id,
                )
            elif not placed and not scheduled:
                yield make_issue(
                    "unit-not-deployed",
                    pointer(collection, index),
                    f"{word} '{unit.id}' has no start location and no reinforcement brings it",
                    unit.id,
                )


def check_supply_sources(ix: ScenarioIndex) -> Iterator[Issue]:
    for index, source in enumerate(ix.scenario.supply_sources):
        region = ix.regions.get(source.region)
        if region is None:
            continue
        terrain = ix.region_terrain(region)
        domain = ix.region_domain(region)
        reason = None
        if domain != "land":
            reason = f"its region '{region.id}' is {domain}, where supply lines cannot run"
        elif terrain is not None and terrain.supply == "never":
            reason = f"supply cannot pass the {terrain.name.lower()} of '{region.id}'"
        elif terrain is not None and terrain.supply == "with_trail" and region.network == "none":
            reason = f"supply only passes '{region.id}' with a trail or road, and it has none"
        if reason is not None:
            yield make_issue(
                "supply-source-unreachable",
                pointer("supply_sources", index, "region"),
                f"supply source '{source.id}' supplies nothing: {reason}",
                source.id,
            )


def check_reinforcement_places(ix: ScenarioIndex) -> Iterator[Issue]:
    units = {u.id: u for u in ix.scenario.units}
    leaders = {leader.id: leader for leader in ix.scenario.leaders}
    in_area = ix.area_members if any(r.to.areas for r in ix.scenario.reinforcements) else {}
    for index, reinforcement in enumerate(ix.scenario.reinforcements):
        to = reinforcement.to
        path = ("reinforcements", index, "to")
        structure = ix.structures.get(to.structure) if to.structure else None
        if not to.regions and not to.areas and to.structure is None:
            yield make_issue(
                "reinforcement-unplayable",
                pointer(*path),
                f"reinforcement '{reinforcement.id}' names no region, area or structure to "
                "arrive in",
                reinforcement.id,
            )
            continue
        arriving: list[Unit | Leader] = [units[u] for u in reinforcement.units if u in units]
        arriving += [leaders[x] for x in reinforcement.leaders if x in leaders]
        domains = {d for d in (_domain(ix, u) for u in arriving) if d is not None}
        side = reinforcement.side
        for position, region_id in enumerate(to.regions):
            allowed = ix.regions.get(region_id)
            reason = closed_to(ix, allowed, side) if allowed else None
            if reason:
                yield _bad_arrival(reinforcement.id, (*path, "regions", position), "its", reason)
        for domain in sorted(domains):
            if structure is not None:
                home = ix.regions.get(structure.region)
                reason = unsuitable(ix, domain, home, structure) if home else None
                if reason:
                    yield _bad_arrival(reinforcement.id, (*path, "structure"), domain, reason)
                continue
            for position, region_id in enumerate(to.regions):
                allowed = ix.regions.get(region_id)
                reason = unsuitable(ix, domain, allowed, None) if allowed else None
                if reason:
                    yield _bad_arrival(
                        reinforcement.id, (*path, "regions", position), domain, reason
                    )
            for position, area_id in enumerate(to.areas):
                members = in_area.get(area_id, [])
                if members and all(unsuitable(ix, domain, r, None) for r in members):
                    yield _bad_arrival(
                        reinforcement.id,
                        (*path, "areas", position),
                        domain,
                        f"no region of area '{area_id}' can take them",
                    )


def _bad_arrival(
    reinforcement_id: str, path: tuple[str | int, ...], which: str, reason: str
) -> Issue:
    """``which`` qualifies the units: a domain ("land"), or "its" for all of them."""
    return make_issue(
        "reinforcement-unplayable",
        pointer(*path),
        f"{which} units of reinforcement '{reinforcement_id}' cannot arrive here: {reason}",
        reinforcement_id,
    )


def check_ports(ix: ScenarioIndex) -> Iterator[Issue]:
    ports = [(i, s) for i, s in enumerate(ix.scenario.structures) if s.port]
    if not ports:
        return
    sea = {region for region, domain in ix.domain_of.items() if domain == "sea"}
    coastal = ix.places.linked_to(sea)
    for index, structure in ports:
        if structure.sea_region is not None:
            if structure.sea_region in ix.regions and structure.sea_region not in sea:
                yield make_issue(
                    "port-without-sea",
                    pointer("structures", index, "sea_region"),
                    f"port '{structure.id}' opens onto '{structure.sea_region}', which is not sea",
                    structure.id,
                )
        elif structure.region not in coastal:
            yield make_issue(
                "port-without-sea",
                pointer("structures", index, "port"),
                f"port '{structure.id}' has no sea region: set its sea_region or connect its "
                "region to the sea",
                structure.id,
            )


def check_reinforcement_triggers(ix: ScenarioIndex) -> Iterator[Issue]:
    from .cards import effects_in

    brought = {
        effect.reinforcement
        for effect, _ in effects_in(ix.scenario)
        if getattr(effect, "kind", None) == "reinforcement"
    }
    for index, reinforcement in enumerate(ix.scenario.reinforcements):
        if reinforcement.turn is None and reinforcement.id not in brought:
            yield make_issue(
                "reinforcement-never-arrives",
                pointer("reinforcements", index, "turn"),
                f"reinforcement '{reinforcement.id}' has no turn and no card or event brings it",
                reinforcement.id,
            )
