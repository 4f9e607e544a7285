"""Connections: they should join neighbours, suit their regions, and reach every region."""

from __future__ import annotations

from collections.abc import Iterator
from operator import attrgetter

import numpy as np
import shapely

from ..geometry.adjacency import border_lengths
from ..issues import Issue, make_issue, pointer
from ..map import Connection
from ..places import HexPlaces
from ..terrain import joined_pairs
from .index import ScenarioIndex


def check_connections(ix: ScenarioIndex) -> Iterator[Issue]:
    if isinstance(ix.places, HexPlaces):
        yield from hexside_domains(ix, ix.places)
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
    if isinstance(ix.places, HexPlaces):
        yield from _between_hexes(ix.places, checked.tolist(), pa, pb)
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
    places = ix.places
    linked = places.linked()
    domain = ix.domain_of
    lonely = [
        i
        for i, region_id in enumerate(places.region_ids)
        if region_id not in linked and domain.get(region_id) not in (None, "unplayable")
    ]
    for index in lonely:
        region = places.region_at(index)
        if ix.is_playable(region):
            yield make_issue(
                "region-isolated",
                places.region_pointer(index),
                f"region '{region.id}' has no connection, so no unit can enter or leave it",
                region.id,
            )


def hexside_domains(ix: ScenarioIndex, places: HexPlaces) -> Iterator[Issue]:
    """Hexsides whose connection type does not suit the two hexes (a river at sea, a sea
    hexside between two land hexes): each listed hexside at its listing, a plain type once."""
    assert places.grid is not None
    sides = places.grid.hexsides
    chosen = places.hexside_links
    if not len(chosen):
        return
    codes = places.domain_codes
    names = ("land", "sea", "lake", "unplayable", None)
    types = places.link_types
    kinds = sorted(set(types))
    kind_code = {k: i for i, k in enumerate(kinds)}
    # Few distinct (type, domain, domain) triples, however many hexsides: judge each once.
    width = len(names)
    triples = (
        np.fromiter((kind_code[t] for t in types), dtype=np.int64, count=len(types)) * width
        + codes[sides.left[chosen]]
    ) * width + codes[sides.right[chosen]]
    unique, inverse = np.unique(triples, return_inverse=True)
    bad = np.zeros(len(unique), dtype=bool)
    for row, triple in enumerate(unique.tolist()):
        rest, b = divmod(triple, width)
        k, a = divmod(rest, width)
        kind = ix.connection_types.get(kinds[k])
        if kind is not None:
            bad[row] = (names[a], names[b]) not in joined_pairs(kind)

    plain_reported: set[str] = set()
    decoded = places.decoded
    ids = places.grid.ids
    for link in np.flatnonzero(bad[inverse.ravel()]).tolist():
        number = int(chosen[link])
        a, b = int(sides.left[number]), int(sides.right[number])
        where = places.connection_pointer(link, "type")
        if decoded.side_type[number] < 0:
            if where in plain_reported:
                continue
            plain_reported.add(where)
        kind = ix.connection_types[types[link]]
        yield make_issue(
            "connection-domain",
            where,
            f"a {kind.name.lower()} hexside cannot join {ids[a]} ({names[codes[a]]}) and "
            f"{ids[b]} ({names[codes[b]]})",
            places.connection_ids[link],
        )


def _between_hexes(
    places: HexPlaces, checked: list[int], pa: list[int], pb: list[int]
) -> Iterator[Issue]:
    """Connections of types meant for neighbours, in a hex map: between neighbours their
    hexside already links the two hexes; between others they do not touch."""
    assert places.grid is not None
    connections = places.scenario.connections
    for index in checked:
        connection = connections[index]
        if places.grid.hexside(pa[index], pb[index]) is not None:
            yield make_issue(
                "connection-duplicate",
                pointer("connections", index),
                f"connection '{connection.id}' joins neighbouring hexes {connection.a} and "
                f"{connection.b}, which their hexside already links; give the hexside a "
                "feature in hex_map/hexsides instead",
                connection.id,
            )
        else:
            yield make_issue(
                "connection-not-touching",
                pointer("connections", index),
                f"connection '{connection.id}' joins hexes {connection.a} and {connection.b}, "
                "which are not neighbours; use a connection type for non-neighbours (strait, "
                "air)",
                connection.id,
            )
