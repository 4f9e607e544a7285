"""Connections implied by shared borders, compared with the connections a scenario has.

The studio's connection review shows the difference as proposals the designer accepts or
rejects: an *addition* for every pair of neighbours that no connection joins, and a *removal*
for every connection whose type expects neighbours (``ConnectionType.adjacent``) between
regions that no longer share a border. Types for long links (sea lanes, straits, air) and
links to off-map boxes never need a border, so they are never proposed for removal.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import shapely

from ..map import Region
from ..scenario import Scenario
from ..terrain import ConnectionType, joins
from .adjacency import border_lengths, shared_borders
from .build import build_polygons


@dataclass(frozen=True, slots=True)
class Addition:
    """Two neighbours that no connection joins yet."""

    a: str
    b: str
    type: str
    """The proposed connection type."""
    border: float
    """Length of their common border, in map units."""


@dataclass(frozen=True, slots=True)
class Removal:
    """A connection whose type expects neighbours, between regions that share no border."""

    connection: str
    a: str
    b: str
    type: str


@dataclass(frozen=True, slots=True)
class ConnectionDiff:
    additions: list[Addition]
    removals: list[Removal]

    def __bool__(self) -> bool:
        return bool(self.additions or self.removals)


def region_domain(scenario: Scenario, region: Region) -> str | None:
    """The terrain domain of a region, ``unplayable`` when flagged so; ``None`` if unknown."""
    if region.unplayable:
        return "unplayable"
    for terrain in scenario.terrain:
        if terrain.id == region.terrain:
            return terrain.domain
    return None


def _preferred_domain(domain_a: str | None, domain_b: str | None) -> str:
    ends = {domain_a, domain_b}
    if "lake" in ends:
        return "air"  # nothing but aircraft crosses a lake
    if "sea" in ends:
        return "sea"
    return "land"


def _plain(kind: ConnectionType) -> bool:
    # A link without a cost, bonus or restriction: what "these two just touch" means.
    return not (
        kind.movement_cost
        or kind.defender_modifier
        or kind.needs_bridge
        or kind.uses_all_movement
        or kind.only_from_sea
    )


def pick_type(
    types: Sequence[ConnectionType],
    domain_a: str | None,
    domain_b: str | None,
    *,
    adjacent: bool,
) -> str | None:
    """The connection type a new link between regions of these domains should get.

    Types that suit both ends come first; among them, those whose ``adjacent`` flag matches
    (neighbours get adjacent types, distant regions types for long links), then those of the
    domain the ends imply (land, sea, or air over a lake), then plain ones (no cost, bonus or
    restriction), then the table's order. ``None`` when the table is empty.
    """
    preferred = _preferred_domain(domain_a, domain_b)

    def rank(item: tuple[int, ConnectionType]) -> tuple[bool, bool, bool, bool, int]:
        position, kind = item
        return (
            not joins(kind, domain_a, domain_b),
            kind.adjacent != adjacent,
            kind.domain != preferred,
            not _plain(kind),
            position,
        )

    ranked = sorted(enumerate(types), key=rank)
    return ranked[0][1].id if ranked else None


def region_shapes(regions: Sequence[Region]) -> np.ndarray:
    """A shapely polygon per region, ``None`` where the outline is unusable or invalid.

    Invalid outlines are left out rather than measured: their borders cannot be trusted, and
    a missing border would otherwise propose removing good connections.
    """
    geoms = build_polygons([r.polygon for r in regions])
    present = ~shapely.is_missing(geoms)
    ok = present.copy()
    ok[present] = shapely.is_valid(geoms[present]) & (shapely.area(geoms[present]) > 0)
    geoms[~ok] = None
    return geoms


def derive_connections(scenario: Scenario) -> ConnectionDiff:
    """Connections to add and to remove so that the connections follow the shared borders."""
    regions = scenario.regions
    geoms = region_shapes(regions)
    position = {r.id: i for i, r in reversed(list(enumerate(regions)))}
    domains = [region_domain(scenario, r) for r in regions]
    types = scenario.connection_types
    joined = {frozenset((c.a, c.b)) for c in scenario.connections}

    additions = []
    kinds: dict[tuple[str | None, str | None], str | None] = {}
    borders = shared_borders(geoms)
    for left, right, length in zip(
        borders.left.tolist(), borders.right.tolist(), borders.length.tolist(), strict=True
    ):
        a, b = regions[left], regions[right]
        if a.id == b.id or frozenset((a.id, b.id)) in joined:
            continue
        if "unplayable" in (domains[left], domains[right]):
            continue  # nothing ever crosses into unplayable ground
        ends = (domains[left], domains[right])
        if ends not in kinds:  # one choice per pair of domains, not one sort per pair
            kinds[ends] = pick_type(types, *ends, adjacent=True)
        kind = kinds[ends]
        if kind is not None:
            additions.append(Addition(a.id, b.id, kind, float(length)))

    return ConnectionDiff(additions, _removals(scenario, geoms, position))


def _removals(scenario: Scenario, geoms: np.ndarray, position: dict[str, int]) -> list[Removal]:
    adjacent = {k.id for k in scenario.connection_types if k.adjacent}
    off_map = {r.id for r in scenario.regions if r.off_map}
    checked = [
        c
        for c in scenario.connections
        if c.type in adjacent
        and c.a in position
        and c.b in position
        and not {c.a, c.b} & off_map
        and geoms[position[c.a]] is not None
        and geoms[position[c.b]] is not None
    ]
    if not checked:
        return []
    left = np.array([position[c.a] for c in checked], dtype=np.int64)
    right = np.array([position[c.b] for c in checked], dtype=np.int64)
    lengths = border_lengths(geoms, left, right)
    return [
        Removal(c.id, c.a, c.b, c.type)
        for c, length in zip(checked, lengths.tolist(), strict=True)
        if length <= 0
    ]


def touching(scenario: Scenario, a: str, b: str) -> bool:
    """Whether two regions share a stretch of border (meeting at a corner does not count)."""
    position = {r.id: i for i, r in enumerate(scenario.regions)}
    if a not in position or b not in position:
        return False
    geoms = region_shapes([scenario.regions[position[a]], scenario.regions[position[b]]])
    if geoms[0] is None or geoms[1] is None:
        return False
    length = border_lengths(geoms, np.array([0]), np.array([1]))
    return bool(length[0] > 0)
