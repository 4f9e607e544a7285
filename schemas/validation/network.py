"""Connections: they should join neighbours, suit their regions, and reach every region."""

from __future__ import annotations

from collections.abc import Iterator
from operator import attrgetter

import numpy as np
import shapely

from ..geometry.adjacency import border_lengths
from ..issues import Issue, make_issue, pointer
from ..map import Connection
from ..terrain import joined_pairs
from .index import ScenarioIndex


def check_connections(ix: ScenarioIndex) -> Iterator[Issue]:
    connections = ix.scenario.connections
    if not connections:
        return
    # Column-wise: this runs over tens of thousands of connections on big maps.
    ends_a = list(map(attrgetter("a"), connections))
    ends_b = list(map(attrgetter("b"), connections))
    types = list(map(attrgetter("type"), connections))
    position = ix.position["regions"]
    pa = [position.get(a, -1) for a in ends_a]
    pb = [position.get(b, -1) for b in ends_b]
    allowed = {k.id: joined_pairs(k) for k in ix.connection_types.values()}
    known = [x >= 0 and y >= 0 and t in allowed for x, y, t in zip(pa, pb, types, strict=True)]
    keys = [(a, b) if a < b else (b, a) for a, b in zip(ends_a, ends_b, strict=True)]
    if len(set(keys)) != len(keys):
        yield from _duplicates(connections, keys, known)
    domain = ix.domain_of
    for index in [
        i
        for i, (a, b, t) in enumerate(zip(ends_a, ends_b, types, strict=True))
        if known[i] and (domain[a], domain[b]) not in allowed[t]
    ]:
        a, b = ends_a[index], ends_b[index]
        name = ix.connection_types[types[index]].name.lower()
        yield make_issue(
            "connection-domain",
            pointer("connections", index, "type"),
            f"a {name} connection cannot join '{a}' ({domain[a]}) and '{b}' ({domain[b]})",
            connections[index].id,
        )
    off_map = {r.id for r in ix.scenario.regions if r.off_map}
    adjacent = {k.id for k in ix.connection_types.values() if k.adjacent}
    checked = np.array(
        [
            i
            for i, (a, b, t) in enumerate(zip(ends_a, ends_b, types, strict=True))
            if known[i] and t in adjacent and a not in off_map and b not in off_map
        ],
        dtype=np.int64,
    )
    if not len(checked):
        return
    left, right = np.asarray(pa)[checked], np.asarray(pb)[checked]
    touching = border_lengths(ix.valid_polygons, left, right, ix.edges) > 0
    untouched = [(int(checked[i]), int(left[i]), int(right[i])) for i in np.flatnonzero(~touching)]
    if untouched:
        yield from _not_touching(ix, untouched)


def _duplicates(
    connections: list[Connection], keys: list[tuple[str, str]], known: list[bool]
) -> Iterator[Issue]:
    seen: dict[tuple[str, str], str] = {}
    for index, key in enumerate(keys):
        if not known[index]:
            continue  # reported as unknown references
        if key in seen:
            connection = connections[index]
            yield make_issue(
                "connection-duplicate",
                pointer("connections", index),
                f"connection '{connection.id}' joins '{connection.a}' and '{connection.b}', "
                f"like '{seen[key]}' already does",
                connection.id,
            )
        else:
            seen[key] = connections[index].id


def _not_touching(ix: ScenarioIndex, cases: list[tuple[int, int, int]]) -> Iterator[Issue]:
    # Neighbours share a border of some length; meeting at a corner does not count.
    geoms = ix.valid_polygons
    cases = [c for c in cases if geoms[c[1]] is not None and geoms[c[2]] is not None]
    if not cases:
        return
    left = np.array([geoms[c[1]] for c in cases], dtype=object)
    right = np.array([geoms[c[2]] for c in cases], dtype=object)
    gaps = shapely.distance(left, right)
    for (index, _, _), gap in zip(cases, gaps.tolist(), strict=True):
        connection = ix.scenario.connections[index]
        apart = f"are {gap:.4g} apart" if gap > 0 else "only meet at a corner"
        yield make_issue(
            "connection-not-touching",
            pointer("connections", index),
            f"connection '{connection.id}' joins '{connection.a}' and '{connection.b}', which "
            f"{apart}; use a connection type for non-neighbours (strait, air) or fix the "
            "borders",
            connection.id,
        )


def check_isolated_regions(ix: ScenarioIndex) -> Iterator[Issue]:
    connections = ix.scenario.connections
    linked = set(map(attrgetter("a"), connections)) | set(map(attrgetter("b"), connections))
    domain = ix.domain_of
    lonely = [
        i
        for i, region_id in enumerate(map(attrgetter("id"), ix.scenario.regions))
        if region_id not in linked and domain.get(region_id) not in (None, "unplayable")
    ]
    for index in lonely:
        region = ix.scenario.regions[index]
        if ix.is_playable(region):
            yield make_issue(
                "region-isolated",
                pointer("regions", index),
                f"region '{region.id}' has no connection, so no unit can enter or leave it",
                region.id,
            )
