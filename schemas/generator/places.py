"""Who holds what, and what stands where: the front, names, towns, roads, depots and areas."""

from __future__ import annotations

import colorsys

import numpy as np
import shapely

from .landscape import LAKE, SEA, terrain_table
from .networks import link_sources
from .noise import value_noise_1d
from .tessellation import CELL_SIZE
from .world import JSON, SIDES, Site, World

_TERRAIN = {t.id: t for t in terrain_table()}
MOVE_COST = {t.id: t.movement_cost for t in _TERRAIN.values()}
AREA_SUFFIX = {
    "clear": "Plain",
    "forest": "Woods",
    "hills": "Hills",
    "mountains": "Heights",
    "marsh": "Fens",
    "desert": "Steppe",
    "urban": "District",
}


def front_line(
    rng: np.random.Generator, centroids: np.ndarray, width: float
) -> tuple[np.ndarray, np.ndarray]:
    """Side of each cell (0 west, 1 east) and its depth behind a wavy north-south front."""
    x, y = centroids.T
    wobble = min(0.12 * width, 2 * CELL_SIZE)
    front = width / 2 + wobble * value_noise_1d(rng, y, wavelength=5 * CELL_SIZE)
    side = (x > front).astype(np.int64)
    depth = np.where(side == 0, front - x, x - front) / CELL_SIZE
    return side, depth


def spread_pick(
    rng: np.random.Generator,
    xy: np.ndarray,
    candidates: np.ndarray,
    count: int,
    spacing: float,
    taken: list[int] | None = None,
) -> list[int]:
    """Up to ``count`` candidates in random order, each ``spacing`` from the others if it can.

    When the candidates run out the spacing shrinks, so small maps still get their towns,
    only closer together.
    """
    chosen = list(taken or [])
    seen = set(chosen)
    picked: list[int] = []
    order = rng.permutation(np.asarray(candidates, dtype=np.int64)).tolist()
    for gap in (spacing, 0.6 * spacing, 0.0):
        # Bucket chosen points on a grid of the current gap so each test looks at 9 buckets.
        size = max(gap, 1.0)
        grid: dict[tuple[int, int], list[int]] = {}
        for cell in chosen:
            grid.setdefault((int(xy[cell, 0] // size), int(xy[cell, 1] // size)), []).append(cell)
        for cell in order:
            if len(picked) >= count:
                return picked
            if cell in seen:
                continue
            gx, gy = int(xy[cell, 0] // size), int(xy[cell, 1] // size)
            near = [
                other
                for dx in (-1, 0, 1)
                for dy in (-1, 0, 1)
                for other in grid.get((gx + dx, gy + dy), [])
            ]
            if near and np.hypot(*(xy[near] - xy[cell]).T).min() < gap:
                continue
            chosen.append(cell)
            seen.add(cell)
            picked.append(cell)
            grid.setdefault((gx, gy), []).append(cell)
    return picked


def name_regions(world: World) -> None:
    terrain, namer = world.scape.terrain, world.namer
    names = []
    for cell in range(world.size):
        east = bool(world.side[cell] == 1)
        if terrain[cell] == SEA:
            names.append(namer.sea())
        elif terrain[cell] == LAKE:
            names.append(namer.lake(east))
        else:
            names.append(namer.place(east))
    world.names = names


def _sea_outlet(world: World) -> dict[int, int]:
    """For each coastal cell, the sea cell it shares the longest border with."""
    tz, sea = world.tz, world.scape.terrain == SEA
    left, right, border = tz.left, tz.right, tz.border
    shore = sea[left] ^ sea[right]
    land_end = np.where(sea[left], right, left)[shore]
    sea_end = np.where(sea[left], left, right)[shore]
    order = np.lexsort((sea_end, -border[shore], land_end))
    outlet: dict[int, int] = {}
    for cell, water in zip(land_end[order].tolist(), sea_end[order].tolist(), strict=True):
        outlet.setdefault(cell, water)
    return outlet


def _capital(world: World, side: int) -> int:
    """An inland cell in the heart of the side's land, away from the front."""
    own = world.own_mainland(side)
    inland = own & ~world.scape.coastal if (own & ~world.scape.coastal).any() else own
    cells = inland.nonzero()[0]
    xy = world.tz.centroids
    target = (
        world.tz.width * (0.2 if side == 0 else 0.8),
        float(np.median(xy[own.nonzero()[0], 1])),
    )
    return int(cells[np.argmin(np.hypot(*(xy[cells] - target).T))])


def found_cities(world: World) -> None:
    """Capitals, a harbour town per side where there is a coast, and towns spread around."""
    rng, xy, terrain = world.rng, world.tz.centroids, world.scape.terrain
    outlet = _sea_outlet(world)
    capitals = (_capital(world, 0), _capital(world, 1))
    world.capitals = capitals
    cities: list[int] = []
    for side in (0, 1):
        own = world.own_mainland(side)
        harbours = (own & world.scape.coastal & (world.depth > 1)).nonzero()[0]
        picks = [capitals[side]]
        if len(harbours) and capitals[side] not in outlet:
            picks += spread_pick(rng, xy, harbours, 1, 0.0)
        count = max(len(picks), int(own.sum()) // 15)
        spacing = 2.5 * CELL_SIZE
        picks += spread_pick(rng, xy, own.nonzero()[0], count - len(picks), spacing, picks)
        cities += picks
    world.cities = cities
    for cell in cities:
        side, capital = int(world.side[cell]), cell in capitals
        if capital or rng.random() < 0.3:
            terrain[cell] = "urban"
        world.sites.append(_city(world, cell, side, capital, outlet.get(cell)))


def _city(world: World, cell: int, side: int, capital: bool, sea: int | None) -> Site:
    own, enemy = SIDES[side], SIDES[1 - side]
    site = Site(id=_next_id(world, "city"), name=world.names[cell], cell=cell, kind="city")
    site.port, site.sea_cell = sea is not None, sea
    site.capacity = {"land": 12 if capital else 8}
    if site.port:
        site.capacity["naval"] = 4
    if capital:
        site.fortification = 2
        site.values = {enemy: {"capture": 6, "hold_at_end": 4}, own: {"loss": 4}}
        site.description = f"Seat of government of {world.nation_names[side]}."
    else:
        site.fortification = 1 if site.port or world.rng.random() < 0.25 else 0
        # Western harbours are full of neutral shipping: seizing one turns neutral opinion.
        tension = 1 if site.port and side == 0 else 0
        site.values = {enemy: {"capture": 2, "hold_at_end": 1, "tension": tension}}
    return site


def _source_cells(world: World, side: int) -> list[int]:
    """Cells on the side's home edge that pass supply, spread from north to south."""
    tz = world.tz
    edge = tz.bounds[:, 0] <= 0.0 if side == 0 else tz.bounds[:, 2] >= tz.width
    own = world.own_mainland(side)
    passes = np.array([_TERRAIN[t].supply == "always" for t in world.scape.terrain])
    cells = (own & edge & passes).nonzero()[0]
    if len(cells) == 0:
        # No open ground on the edge: clear the most outward cell so the depot can work.
        own_cells = own.nonzero()[0]
        x = tz.centroids[own_cells, 0]
        cells = own_cells[[np.argmin(x) if side == 0 else np.argmax(x)]]
        world.scape.terrain[cells] = "clear"
    cells = cells[np.argsort(tz.centroids[cells, 1], kind="stable")]
    count = int(np.clip(round(tz.height / CELL_SIZE / 6), 1, 4))
    chosen = np.unique(np.linspace(0, len(cells) - 1, min(count, len(cells))).round())
    picked: list[int] = cells[chosen.astype(np.int64)].tolist()
    return picked


def place_supply_sources(world: World) -> None:
    """Railheads on each side's home edge, and a reserve depot in each capital."""
    for side, name in enumerate(SIDES):
        for number, cell in enumerate(_source_cells(world, side), start=1):
            world.sources.append(
                {
                    "id": f"{name}-railhead-{number}",
                    "name": f"{world.names[cell]} railhead",
                    "cell": cell,
                    "sides": [name],
                }
            )
        world.sources.append(
            {
                "id": f"{name}-depot",
                "name": f"{world.names[world.capitals[side]]} reserve depot",
                "cell": world.capitals[side],
                "sides": [name],
                "operative": False,
            }
        )


def build_networks(world: World) -> None:
    """Roads between all towns, railways between capitals, ports and railheads, trails about."""
    tz, graph, scape, rng = world.tz, world.graph, world.scape, world.rng
    cost = np.array([MOVE_COST[t] for t in scape.terrain], dtype=float)
    river = scape.river != ""
    usable = scape.land[graph.a] & scape.land[graph.b]
    step = (cost[graph.a] + cost[graph.b]) / 2
    towns = sorted(set(world.cities))
    road_nodes, road = link_sources(graph, towns, step + 2.0 * river, usable)
    hubs = {*world.capitals, *(s["cell"] for s in world.sources)}
    hubs |= {s.cell for s in world.sites if s.port}
    rail_nodes, rail = link_sources(graph, sorted(hubs), step**2 + 4.0 * river, usable)
    network = np.full(tz.size, "none", dtype=object)
    trail_odds = np.where(np.isin(scape.terrain, ["mountains", "desert"]), 0.5, 0.3)
    network[scape.land & (rng.random(tz.size) < trail_odds)] = "trail"
    network[road_nodes] = "road"
    network[rail_nodes] = "rail"
    world.network, world.road, world.rail = network, road, rail
    world.bridge = river & (road | rail | (rng.random(len(river)) < 0.08))


def found_military_sites(world: World) -> None:
    """Airfields behind each front, a fort or two near it, and villages in between."""
    rng, xy = world.rng, world.tz.centroids
    open_ground = np.isin(world.scape.terrain, ["clear", "desert", "urban"])
    for side in (0, 1):
        own = world.own_mainland(side)
        size = int(own.sum())
        rear = own & (world.depth > 1.5) & open_ground
        pool = rear if rear.any() else own
        fields = spread_pick(rng, xy, pool.nonzero()[0], max(1, size // 120), 4 * CELL_SIZE)
        for cell in fields:
            site = Site(
                _next_id(world, "airfield"), f"{world.names[cell]} Airfield", cell, "airfield"
            )
            site.airport, site.capacity = True, {"air": 6}
            world.sites.append(site)
        near = own & (world.depth > 0.5) & (world.depth < 3.5)
        pool = near if near.any() else own
        for cell in spread_pick(rng, xy, pool.nonzero()[0], max(1, size // 300), 6 * CELL_SIZE):
            name = f"Fort {world.namer.word(side == 1)}"
            site = Site(_next_id(world, "fort"), name, cell, "fort", fortification=2)
            site.capacity = {"land": 4}
            world.sites.append(site)
        spare = own & ~np.isin(np.arange(world.size), world.cities)
        for cell in spread_pick(rng, xy, spare.nonzero()[0], size // 25, 1.5 * CELL_SIZE):
            world.sites.append(Site(_next_id(world, "village"), world.names[cell], cell, "village"))


def _next_id(world: World, kind: str) -> str:
    """Structure ids count within each kind: ``fort-001``, ``fort-002``..."""
    world.counters[kind] = world.counters.get(kind, 0) + 1
    return f"{kind}-{world.counters[kind]:03d}"


def _nearest_seed(xy: np.ndarray, cells: np.ndarray, seeds: list[int]) -> np.ndarray:
    tree = shapely.STRtree(shapely.points(xy[seeds]))
    found, nearest = tree.query_nearest(shapely.points(xy[cells]), all_matches=False)
    out = np.empty(len(cells), dtype=np.int64)
    out[found] = nearest
    return out


def draw_areas(world: World) -> None:
    """Areas of about fourteen cells (twenty at sea), never straddling the front."""
    rng, xy, terrain = world.rng, world.tz.centroids, world.scape.terrain
    sea = terrain == SEA
    area_of: list[str | None] = [None] * world.size
    groups = [(name, ~sea & (world.side == s), 14, s) for s, name in enumerate(SIDES)]
    groups.append(("sea", sea, 20, -1))
    for prefix, mask, per_area, side in groups:
        cells = mask.nonzero()[0]
        if len(cells) == 0:
            continue
        count = max(1, round(len(cells) / per_area))
        seeds = spread_pick(rng, xy, cells, count, 3 * CELL_SIZE)
        owner = _nearest_seed(xy, cells, seeds)
        order = np.argsort(owner, kind="stable")
        bounds = np.searchsorted(owner[order], np.arange(len(seeds) + 1))
        for number in range(len(seeds)):
            members = cells[order[bounds[number] : bounds[number + 1]]]
            area_id = f"{prefix}-area-{number + 1:03d}"
            for cell in members.tolist():
                area_of[cell] = area_id
            world.areas.append(_area(world, area_id, members, side))
    world.area_of = area_of
    world.theatres = [
        {"id": "west-theatre", "name": f"{world.nation_names[0]} front", "color": "#35608f"},
        {"id": "east-theatre", "name": f"{world.nation_names[1]} front", "color": "#9a3b2e"},
        {"id": "sea-theatre", "name": "Southern waters", "color": "#3f7fbf"},
    ]


def _area(world: World, area_id: str, members: np.ndarray, side: int) -> JSON:
    if side < 0:
        name, theatre = world.namer.sea(), "sea-theatre"
    else:
        kinds, counts = np.unique(world.scape.terrain[members].astype(str), return_counts=True)
        main = str(kinds[np.argmax(counts)])
        base = world.namer.place(side == 1)
        name = f"{base} {AREA_SUFFIX.get(main, 'Lakes')}"
        theatre = f"{SIDES[side]}-theatre"
    return {"id": area_id, "name": name, "theatre": theatre, "color": _colour(world.rng.random())}


def _colour(hue: float) -> str:
    """A muted outline colour; only the hue varies, so areas read as one family."""
    red, green, blue = colorsys.hls_to_rgb(hue, 0.45, 0.45)
    return f"#{round(red * 255):02x}{round(green * 255):02x}{round(blue * 255):02x}"
