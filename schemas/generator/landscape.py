"""Sea, lakes, terrain and rivers of a generated map.

The sea fills the south of the map below a wavy coastline. Terrain follows two smooth random
fields, elevation and moisture, so hills gather into ranges and forests into woodland
instead of scattering cell by cell. Rivers are meandering lines from the northern edge to the
coast; a land connection whose two cells lie on opposite banks becomes a river crossing.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import shapely

from ..terrain import TerrainType
from .networks import Graph
from .noise import value_noise_1d, value_noise_2d
from .tessellation import CELL_SIZE, Tessellation

SEA, LAKE = "sea", "lake"


def terrain_table() -> list[TerrainType]:
    """The generator's terrain table: land types of a temperate front plus sea and lake."""
    return [
        TerrainType(
            id="clear",
            name="Open ground",
            color="#dcd6a4",
            stacking=24,
            forage=10,
            description="Fields and pasture; room to manoeuvre and little to hide behind.",
        ),
        TerrainType(
            id="forest",
            name="Woodland",
            color="#86a86e",
            movement_cost=2,
            stacking=14,
            attacker_modifier=-1,
            air_attack_modifier=-2,
            armour_superiority=False,
            pursuit="agile",
            forage=5,
            search_modifier=-1,
            ambush=True,
            description="Dense stands of timber that swallow columns and blunt tanks.",
        ),
        TerrainType(
            id="hills",
            name="Hills",
            color="#bda77a",
            movement_cost=2,
            stacking=16,
            defender_modifier=1,
            armour_superiority=False,
            pursuit="none",
            breakthrough="agile",
            forage=6,
            search_modifier=-1,
            description="Rolling high ground that favours whoever holds the crests.",
        ),
        TerrainType(
            id="mountains",
            name="Mountains",
            color="#9c8466",
            movement_cost=3,
            stacking=6,
            stacking_with_trail=10,
            attacker_modifier=-2,
            defender_modifier=2,
            defender_morale_modifier=1,
            air_attack_modifier=-1,
            armour_superiority=False,
            pursuit="none",
            breakthrough="none",
            supply="with_trail",
            forage=2,
            forage_with_trail=4,
            search_modifier=-2,
            ambush=True,
            recon=False,
            description="Bare ridges; only a mule track lets supply wagons through.",
        ),
        TerrainType(
            id="marsh",
            name="Fenland",
            color="#93b5a4",
            movement_cost=3,
            stacking=8,
            attacker_modifier=-1,
            defender_modifier=1,
            air_attack_modifier=-1,
            armour_superiority=False,
            pursuit="none",
            breakthrough="none",
            forage=3,
            search_modifier=-1,
            description="Reed beds and peat cut by ditches; heavy vehicles bog down.",
        ),
        TerrainType(
            id="desert",
            name="Dry steppe",
            color="#e6cf94",
            movement_cost=2,
            stacking=12,
            stacking_with_trail=18,
            air_attack_modifier=1,
            supply="with_trail",
            forage=0,
            forage_with_trail=3,
            search_modifier=1,
            description="Sun-baked scrub with few wells; columns are seen from afar.",
        ),
        TerrainType(
            id="urban",
            name="Town",
            color="#b7aea4",
            stacking=30,
            attacker_modifier=-1,
            defender_modifier=2,
            defender_morale_modifier=1,
            air_attack_modifier=-2,
            armour_superiority=False,
            pursuit="none",
            breakthrough="none",
            forage=14,
            description="Streets, cellars and rail yards; every block is a strongpoint.",
        ),
        TerrainType(
            id=SEA,
            name="Sea",
            color="#9cc3e6",
            domain="sea",
            stacking=0,
            description="Open water: ships sail it and aircraft fly over it.",
        ),
        TerrainType(
            id=LAKE,
            name="Lake",
            color="#b4d6f0",
            domain="lake",
            stacking=0,
            description="Inland water no ship reaches; only aircraft cross it.",
        ),
    ]


@dataclass(slots=True)
class Landscape:
    """Terrain of every cell, and which land hangs together."""

    terrain: np.ndarray
    """Terrain id per cell (a numpy array of strings)."""
    land: np.ndarray
    """Cells of land terrain."""
    mainland: np.ndarray
    """Land cells of the largest connected piece of land; forces start only there."""
    coastal: np.ndarray
    """Land cells with a sea neighbour."""
    river: np.ndarray
    """Per neighbouring pair: ``""``, ``"river"`` or ``"major-river"``."""


def coastline(rng: np.random.Generator, width: float, height: float) -> np.ndarray:
    """Coast ``y`` sampled every half cell along the map; below it is sea."""
    xs = np.arange(0.0, width + CELL_SIZE, CELL_SIZE / 2)
    wobble = min(0.16 * height, 5 * CELL_SIZE)
    base = height - max(0.2 * height, 0.8 * CELL_SIZE)
    return base + wobble * value_noise_1d(rng, xs, wavelength=10 * CELL_SIZE, octaves=4)


def _sea(rng: np.random.Generator, tz: Tessellation, graph: Graph) -> np.ndarray:
    """Cells south of a noisy coastline, keeping only water that reaches the southern edge."""
    coast = coastline(rng, tz.width, tz.height)
    x, y = tz.centroids.T
    step = CELL_SIZE / 2
    sea = y > np.interp(x, np.arange(len(coast)) * step, coast)
    on_edge = tz.bounds[:, 3] >= tz.height
    if not (sea & on_edge).any():
        sea[np.argmax(np.where(on_edge, y, -np.inf))] = True
    # Inland pockets of "sea" would be lagoons no ship reaches: give them back to the land.
    parts = graph.components(sea, np.ones(len(graph.a), dtype=bool))
    open_water = np.unique(parts[sea & on_edge])
    mask: np.ndarray = sea & np.isin(parts, open_water)
    return mask


def _land_terrain(rng: np.random.Generator, tz: Tessellation, land: np.ndarray) -> np.ndarray:
    """Terrain of land cells from elevation and moisture, by quantiles so the mix is steady."""
    xy = tz.centroids[land]
    elevation = value_noise_2d(rng, xy, wavelength=9 * CELL_SIZE)
    moisture = value_noise_2d(rng, xy, wavelength=7 * CELL_SIZE)
    high, upland = np.quantile(elevation, [0.93, 0.78])
    wet, green, dry = np.quantile(moisture, [0.9, 0.7, 0.08])
    low = np.quantile(elevation, 0.5)
    out = np.full(len(xy), "clear", dtype=object)
    out[moisture >= green] = "forest"
    out[moisture <= dry] = "desert"
    out[(moisture >= wet) & (elevation <= low)] = "marsh"
    out[elevation >= upland] = "hills"
    out[elevation >= high] = "mountains"
    return out


def _lakes(
    rng: np.random.Generator, tz: Tessellation, graph: Graph, land: np.ndarray
) -> np.ndarray:
    """A few single-cell lakes well inside the land, never touching each other."""
    count = min(2 + tz.size // 2000, tz.size // 100)
    lakes = np.zeros(tz.size, dtype=bool)
    if count == 0:
        return lakes
    margin = 2 * CELL_SIZE
    x0, y0, x1, _ = tz.bounds.T
    inland = land & (x0 > margin) & (y0 > margin) & (x1 < tz.width - margin)
    # Only cells ringed by land: a lake touching the sea would be a bay.
    all_land = graph.degree() == graph.degree(land[graph.a] & land[graph.b])
    candidates = (inland & all_land).nonzero()[0]
    blocked = ~land
    for cell in rng.permutation(candidates).tolist():
        around = graph.neighbours(cell)
        if blocked[cell] or blocked[around].any():
            continue
        lakes[cell] = True
        blocked[cell] = True
        blocked[around] = True
        if lakes.sum() == count:
            break
    return lakes


def _river_lines(
    rng: np.random.Generator, tz: Tessellation, sea: np.ndarray
) -> list[shapely.LineString]:
    """Meandering lines from the northern edge south to the coast (through any lake)."""
    count = max(1, round(tz.width / (9 * CELL_SIZE)))
    tree = shapely.STRtree(tz.polygons)
    step = CELL_SIZE / 2
    lines = []
    for k in range(count):
        x, y = tz.width * (k + rng.uniform(0.3, 0.7)) / count, 0.0
        heading, points = math.pi / 2, [(x, y)]
        while y < tz.height and len(points) < 8 * tz.height / step:
            # Wander, drift back south so the river reaches the sea, and turn away from the
            # map's sides instead of running along them.
            heading = math.pi / 2 + 0.75 * (heading - math.pi / 2) + rng.normal(0.0, 0.35)
            room = min(x, tz.width - x) / (2 * CELL_SIZE)
            if room < 1.0:
                heading += (1.0 - room) * (0.5 if x < tz.width / 2 else -0.5)
            heading = min(max(heading, math.pi / 2 - 1.2), math.pi / 2 + 1.2)
            x = min(max(x + step * math.cos(heading), 1.0), tz.width - 1.0)
            y = min(y + step * math.sin(heading), tz.height)
            points.append((x, y))
        path = np.array(points)
        inside, cells = tree.query(shapely.points(path), predicate="intersects")
        wet = inside[sea[cells]]
        end = int(wet.min()) + 1 if len(wet) else len(path)
        if end >= 3:
            lines.append(shapely.linestrings(path[:end]))
    return lines


def _river_pairs(tz: Tessellation, land: np.ndarray, lines: list[shapely.LineString]) -> np.ndarray:
    """Per pair, the river type when the line between the two centroids crosses a river."""
    kind = np.full(len(tz.left), "", dtype=object)
    both_land = (land[tz.left] & land[tz.right]).nonzero()[0]
    if not lines or len(both_land) == 0:
        return kind
    ends = np.stack([tz.centroids[tz.left[both_land]], tz.centroids[tz.right[both_land]]], axis=1)
    links = shapely.linestrings(ends)
    # Query river by river stretch: a whole river's box would cover a good part of the map and
    # make every link near it a candidate.
    stretches, river = [], []
    for number, line in enumerate(lines):
        path = shapely.get_coordinates(line)
        stretches.append(shapely.linestrings(np.stack([path[:-1], path[1:]], axis=1)))
        river.append(np.full(len(path) - 1, number))
    found, link = shapely.STRtree(links).query(np.concatenate(stretches), predicate="crosses")
    lengths = shapely.length(np.array(lines, dtype=object))
    major = int(np.argmax(lengths)) if len(lines) >= 3 else -1
    kind[both_land[link]] = "river"
    kind[both_land[link[np.concatenate(river)[found] == major]]] = "major-river"
    return kind


def shape_landscape(rng: np.random.Generator, tz: Tessellation, graph: Graph) -> Landscape:
    """Sea, lakes, land terrain and rivers for the cells of ``tz``."""
    sea = _sea(rng, tz, graph)
    land = ~sea
    terrain = np.full(tz.size, SEA, dtype=object)
    terrain[land] = _land_terrain(rng, tz, land)
    lakes = _lakes(rng, tz, graph, land)
    terrain[lakes] = LAKE
    land &= ~lakes
    parts = graph.components(land, np.ones(len(graph.a), dtype=bool))
    sizes = np.bincount(parts[land])
    mainland = land & (parts == int(np.argmax(sizes)))
    river = _river_pairs(tz, land, _river_lines(rng, tz, sea))
    coastal = np.zeros(tz.size, dtype=bool)
    shore = (sea[graph.a] & land[graph.b]) | (land[graph.a] & sea[graph.b])
    coastal[np.where(land[graph.a], graph.a, graph.b)[shore]] = True
    return Landscape(terrain, land, mainland, coastal, river)
