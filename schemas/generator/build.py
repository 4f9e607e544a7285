"""Putting the stages together and turning the result into a validated scenario."""

from __future__ import annotations

import random

import numpy as np

from ..collector import gc_paused
from ..scenario import SCHEMA_VERSION, Scenario
from .cards import cards, events
from .forces import UNIT_TYPES, Forces, raise_forces
from .landscape import LAKE, SEA, shape_landscape, terrain_table
from .names import Namer
from .networks import Graph
from .places import (
    build_networks,
    draw_areas,
    found_cities,
    found_military_sites,
    front_line,
    name_regions,
    place_supply_sources,
)
from .story import (
    calendar,
    info,
    pick_nation_names,
    sides_and_nations,
    tension,
    victory,
)
from .tessellation import Tessellation, tessellate
from .world import JSON, MAIN_NATION, World

MIN_REGIONS = 12
"""Fewer cells cannot hold two sides, a coast and the structures every scenario gets."""
MAX_REGIONS = 100_000
"""At this size building takes some twenty seconds and validating a gigabyte of memory."""


def _check_arguments(regions: int, seed: int) -> None:
    if isinstance(regions, bool) or not isinstance(regions, int | np.integer):
        raise TypeError(f"regions must be a whole number, not {regions!r}")
    if isinstance(seed, bool) or not isinstance(seed, int | np.integer):
        raise TypeError(f"seed must be a whole number, not {seed!r}")
    if regions < MIN_REGIONS:
        raise ValueError(
            f"a generated map needs at least {MIN_REGIONS} regions (two sides, a coast and "
            f"their towns); {regions} is too few"
        )
    if regions > MAX_REGIONS:
        raise ValueError(f"at most {MAX_REGIONS} regions can be generated; {regions} is too many")
    if seed < 0:
        raise ValueError(f"the seed must be zero or positive, not {seed}")


def generate_scenario(regions: int, seed: int) -> Scenario:
    """A complete, valid scenario on a map of exactly ``regions`` regions.

    The same ``regions`` and ``seed`` always give the same scenario, byte for byte once
    written, in any process. Raises :class:`ValueError` for fewer than ``MIN_REGIONS``
    regions, more than ``MAX_REGIONS``, or a negative seed.
    """
    _check_arguments(regions, seed)
    regions, seed = int(regions), int(seed)
    # Independent streams per stage: tuning the forces never reshapes the map.
    streams = np.random.SeedSequence(seed).spawn(4)
    tz = tessellate(regions, np.random.default_rng(streams[0]))
    world, forces = populate(tz, seed, streams)
    raw = scenario_json(world, forces, info(world, regions))
    raw["regions"] = _regions(world)
    raw["connections"] = _connections(world)
    with gc_paused():  # the models of a large scenario
        scenario = Scenario.model_validate(raw)
    return reachable_victory_level(scenario)


def populate(
    tz: Tessellation,
    seed: int,
    streams: list[np.random.SeedSequence],
    ids: list[str] | None = None,
) -> tuple[World, Forces]:
    """Land, places, networks and forces on the cells of ``tz`` (``ids`` names the cells;
    by default ``r0001``...). ``streams[0]`` is the map's own (already used by the caller)."""
    _, land_rng, content_rng, name_seed = streams
    graph = Graph.build(tz.size, tz.left, tz.right)
    scape = shape_landscape(np.random.default_rng(land_rng), tz, graph)
    rng = np.random.default_rng(content_rng)
    side, depth = front_line(rng, tz.centroids, tz.width)
    side[scape.terrain == SEA] = -1
    pyrng = random.Random(int(name_seed.generate_state(1)[0]))
    world = World(seed, tz, graph, scape, rng, pyrng, Namer(pyrng), side, depth)
    if ids is not None:
        world.ids = ids
    world.nation_names = pick_nation_names(world)
    name_regions(world)
    found_cities(world)
    place_supply_sources(world)
    build_networks(world)
    found_military_sites(world)
    draw_areas(world)
    return world, raise_forces(world)


def reachable_victory_level(scenario: Scenario) -> Scenario:
    """A small map holds fewer VP than the rules' default victory level: it plays to the last
    turn, as its briefing says, rather than keep a level no side can reach."""
    from ..validation.index import ScenarioIndex
    from ..validation.victory import check_victory_level

    if next(check_victory_level(ScenarioIndex(scenario)), None) is None:
        return scenario
    victory = scenario.rules.victory.model_copy(update={"victory_level": None})
    return scenario.model_copy(
        update={"rules": scenario.rules.model_copy(update={"victory": victory})}
    )


def _regions(world: World) -> list[JSON]:
    income = dict.fromkeys(world.cities, 1)
    for capital in world.capitals:
        income[capital] = 3
    out = []
    terrain = world.scape.terrain.tolist()
    for cell in range(world.size):
        region: JSON = {
            "id": world.rid(cell),
            "name": world.names[cell],
            "terrain": terrain[cell],
            "area": world.area_of[cell],
            "network": world.network[cell],
            "polygon": {"exterior": world.tz.rings[cell]},
            "income": income.get(cell, 0),
        }
        if terrain[cell] not in (SEA, LAKE):
            region["owner"] = MAIN_NATION[int(world.side[cell])]
        out.append(region)
    return out


def _connection_type(world: World, pair: int, a: int, b: int) -> str:
    terrain = world.scape.terrain
    if terrain[a] == LAKE or terrain[b] == LAKE:
        return "air"  # nothing but aircraft crosses a lake
    if terrain[a] == SEA or terrain[b] == SEA:
        return "sea"
    return world.scape.river[pair] or "land"


def _connections(world: World) -> list[JSON]:
    tz = world.tz
    width = len(str(len(tz.left)))
    out = []
    pairs = zip(tz.left.tolist(), tz.right.tolist(), strict=True)
    for pair, (a, b) in enumerate(pairs):
        connection: JSON = {
            "id": f"c{pair:0{width}d}",
            "a": world.rid(a),
            "b": world.rid(b),
            "type": _connection_type(world, pair, a, b),
        }
        if world.bridge[pair]:
            connection["bridge"] = True
        if world.road[pair]:
            connection["road"] = True
        if world.rail[pair]:
            connection["rail"] = True
        out.append(connection)
    return out


def scenario_json(world: World, forces: Forces, about: JSON) -> JSON:
    """Everything but the map's places and links."""
    sides, nations = sides_and_nations(world)
    sources = [
        {**{k: v for k, v in source.items() if k != "cell"}, "region": world.rid(source["cell"])}
        for source in world.sources
    ]
    return {
        "schema_version": SCHEMA_VERSION,
        "info": about,
        "calendar": calendar(world),
        "map": {"units_per_km": 2.0},
        "terrain": terrain_table(),
        "theatres": world.theatres,
        "areas": world.areas,
        "regions": [],
        "structures": [site.to_json(world) for site in world.sites],
        "supply_sources": sources,
        "sides": sides,
        "nations": nations,
        "tension": tension(),
        "unit_types": UNIT_TYPES,
        "units": forces.units,
        "leaders": forces.leaders,
        "cards": cards(),
        "events": events(world),
        "reinforcements": forces.reinforcements,
        "replacements": forces.replacements,
        "victory": victory(world),
    }
