"""Connections: they should join neighbours, suit their regions, and reach every region."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import shapely

from ..issues import Issue, make_issue, pointer
from .index import ScenarioIndex

# Which terrain domains each connection domain may join.
_SERVES = {"land": {"land"}, "air": {"land", "sea", "lake"}}


def check_connections(ix: ScenarioIndex) -> Iterator[Issue]:
    regions = ix.regions
    position = ix.position["regions"]
    seen: dict[tuple[str, str], str] = {}
    untouched: list[tuple[int, int, int]] = []
    for index, connection in enumerate(ix.scenario.connections):
        a, b = regions.get(connection.a), regions.get(connection.b)
        kind = ix.connection_types.get(connection.type)
        if a is None or b is None or kind is None:
            continue  # reported as unknown references
        key = (min(a.id, b.id), max(a.id, b.id))
        if key in seen:
            yield make_issue(
                "connection-duplicate",
                pointer("connections", index),
                f"connection '{connection.id}' joins '{a.id}' and '{b.id}', like "
                f"'{seen[key]}' already does",
                connection.id,
            )
        else:
            seen[key] = connection.id
        domains = {ix.region_domain(a), ix.region_domain(b)}
        if kind.only_from_sea:
            # A landing: one end at sea, the other on the coast.
            unsuited = domains != {"sea", "land"}
        elif kind.domain == "sea":
            unsuited = "sea" not in domains or not domains <= {"sea", "land"}
        else:
            unsuited = not domains <= _SERVES[kind.domain]
        if unsuited:
            yield make_issue(
                "connection-domain",
                pointer("connections", index, "type"),
                f"a {kind.name.lower()} connection cannot serve '{a.id}' ({ix.region_domain(a)}) "
                f"and '{b.id}' ({ix.region_domain(b)})",
                connection.id,
            )
        if kind.adjacent and not a.off_map and not b.off_map:
            pa, pb = position[a.id], position[b.id]
            if (min(pa, pb), max(pa, pb)) not in ix.neighbours:
                untouched.append((index, pa, pb))
    if untouched:
        yield from _not_touching(ix, untouched)


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
    linked: set[str] = set()
    for connection in ix.scenario.connections:
        linked.add(connection.a)
        linked.add(connection.b)
    for index, region in enumerate(ix.scenario.regions):
        if region.id not in linked and ix.is_playable(region):
            yield make_issue(
                "region-isolated",
                pointer("regions", index),
                f"region '{region.id}' has no connection, so no unit can enter or leave it",
                region.id,
            )
