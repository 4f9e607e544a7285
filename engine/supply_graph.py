"""The static side of supply lines: the map as integer arrays, and the search over them.

Built once per :class:`~engine.world.World` (the scenario never changes during a game) and
kept in a weak cache, so :mod:`engine.supply` only gathers the few inputs that come from the
state (see its docstring) before searching.
"""

from __future__ import annotations

import weakref

from .world import World

_FAR = 1 << 30
_NETWORKS_WITH_TRAIL = frozenset({"trail", "road", "rail"})
_ARTILLERY = frozenset({"artillery", "siege_artillery"})
_MOTORIZED = frozenset({"motorized", "heavy"})


# -- the static graph ----------------------------------------------------------------------------


class Graph:
    """What supply needs from the scenario, as integers and flat arrays."""

    def __init__(self, world: World) -> None:
        self.ids: list[str] = list(world.regions)
        self.index: dict[str, int] = {r: i for i, r in enumerate(self.ids)}
        n = len(self.ids)
        index = self.index
        domain = [world.domain(r) for r in self.ids]
        self.land = bytearray(domain[i] == "land" for i in range(n))
        self.passable = bytearray(n)
        """Land regions whose terrain lets a supply line through (trail or better for
        ``with_trail``)."""
        for i, region_id in enumerate(self.ids):
            supply = world.terrain_of[region_id].supply
            if self.land[i] and (
                supply == "always"
                or (
                    supply == "with_trail"
                    and world.regions[region_id].network in _NETWORKS_WITH_TRAIL
                )
            ):
                self.passable[i] = 1
        adjacency: list[list[int]] = [[] for _ in range(n)]
        sea_adjacency: list[list[int]] = [[] for _ in range(n)]
        self.bridged: dict[str, tuple[int, int, bool]] = {}
        """Connections land units may only cross on a bridge: ends and the scenario's bridge."""
        for connection in world.connections.values():
            kind = world.connection_types[connection.type]
            a, b = index[connection.a], index[connection.b]
            if kind.domain != "air" and domain[a] == "sea" and domain[b] == "sea":
                sea_adjacency[a].append(b)
                sea_adjacency[b].append(a)
            if kind.domain != "land":
                continue  # sea lanes and air routes carry no land supply line
            if kind.needs_bridge:
                self.bridged[connection.id] = (a, b, connection.bridge)
                if not connection.bridge:
                    continue
            adjacency[a].append(b)
            adjacency[b].append(a)
        self.adjacency: list[tuple[int, ...]] = [tuple(x) for x in adjacency]
        self.basin = _components(sea_adjacency, domain)
        self.relays: list[tuple[str, int, tuple[int, ...]]] = []
        """Relay structures: id, region, and for ports the sea regions they open onto."""
        for structure in world.structures.values():
            if not structure.relay:
                continue
            seas: tuple[int, ...] = ()
            if structure.port:
                if structure.sea_region is not None:
                    seas = (index[structure.sea_region],)
                else:
                    # Without a declared sea region, the harbour opens onto every sea next door.
                    here = index[structure.region]
                    seas = tuple(
                        sorted({index[x.to] for x in world.neighbours(structure.region)} - {here})
                    )
                seas = tuple(s for s in seas if domain[s] == "sea")
            self.relays.append((structure.id, index[structure.region], seas))
        self.sources: list[tuple[str, int, frozenset[str]]] = [
            (s.id, index[s.region], frozenset(s.sides))
            for s in world.supply_sources.values()
            if self.land[index[s.region]]
        ]
        sources = world.supply_sources.values()
        self.sourced = frozenset(
            side for side in world.sides if any(not s.sides or side in s.sides for s in sources)
        )
        """Sides with at least one source, open or not: the others ignore supply."""
        self.fortified: frozenset[str] = frozenset(
            s.id for s in world.structures.values() if s.fortification > 0
        )
        roles = {u: world.unit_types[x.type].roles for u, x in world.units.items()}
        self.logistics = frozenset(u for u, r in roles.items() if "logistics" in r)
        self.guerrilla = frozenset(u for u, r in roles.items() if "guerrilla" in r)
        self.artillery = frozenset(u for u, r in roles.items() if _ARTILLERY & set(r))
        self.naval = frozenset(
            u for u, x in world.units.items() if world.unit_types[x.type].domain == "naval"
        )
        self.motorized = frozenset(
            u
            for u, x in world.units.items()
            if world.unit_types[x.type].movement_class in _MOTORIZED
        )
        self.exempt = self.guerrilla | self.naval
        """Units that never need a land supply line (S2)."""
        self._side_passable: dict[str, bytearray] = {}
        self._world = weakref.ref(world)

    def side_passable(self, side: str) -> bytearray:
        """Terrain mask for one side: regions of areas closed to it (neutral ground) carry no
        line of its."""
        mask = self._side_passable.get(side)
        if mask is None:
            world = self._world()
            assert world is not None
            mask = bytearray(self.passable)
            for region_id, closed in world.closed_to.items():
                if side in closed:
                    mask[self.index[region_id]] = 0
            self._side_passable[side] = mask
        return mask


def _components(adjacency: list[list[int]], domain: list[str]) -> list[int]:
    """Sea basin of every sea region (-1 elsewhere): ports in one basin reach each other."""
    basin = [-1] * len(adjacency)
    count = 0
    for start, kind in enumerate(domain):
        if kind != "sea" or basin[start] >= 0:
            continue
        basin[start] = count
        todo = [start]
        while todo:
            node = todo.pop()
            for nb in adjacency[node]:
                if basin[nb] < 0:
                    basin[nb] = count
                    todo.append(nb)
        count += 1
    return basin


_GRAPHS: weakref.WeakKeyDictionary[World, Graph] = weakref.WeakKeyDictionary()


def graph(world: World) -> Graph:
    """The static supply graph of a world, built on first use."""
    built = _GRAPHS.get(world)
    if built is None:
        built = _GRAPHS[world] = Graph(world)
    return built


def bridge_adjacency(g: Graph, bridges: tuple[tuple[str, bool], ...]) -> list[tuple[int, ...]]:
    """Adjacency with bridges built or blown by effects (few: only the touched regions copy)."""
    adjacency = list(g.adjacency)
    for connection_id, bridge in bridges:
        a, b, _ = g.bridged[connection_id]
        for x, y in ((a, b), (b, a)):
            if bridge:
                adjacency[x] = (*adjacency[x], y)
            else:
                kept = list(adjacency[x])
                kept.remove(y)
                adjacency[x] = tuple(kept)
    return adjacency


def sea_links(
    g: Graph,
    ports: list[tuple[int, tuple[int, ...]]],
    naval: frozenset[int],
    passable: bytearray,
) -> dict[int, list[int]]:
    """Friendly ports (by region) that relay to each other across a sea basin.

    A port is blockaded while an enemy ship stands in a sea region it opens onto; it then
    neither sends nor receives. Ships elsewhere on the way do not cut the sea link.
    """
    by_basin: dict[int, list[int]] = {}
    open_ports: list[tuple[int, set[int]]] = []
    for region, seas in ports:
        if not passable[region] or any(s in naval for s in seas):
            continue
        basins = {g.basin[s] for s in seas}
        open_ports.append((region, basins))
        for basin in basins:
            by_basin.setdefault(basin, []).append(region)
    links: dict[int, list[int]] = {}
    for region, basins in open_ports:
        others = {p for b in basins for p in by_basin[b]} - {region}
        if others:
            links.setdefault(region, []).extend(sorted(others))
    return links


def spread(
    adjacency: list[tuple[int, ...]],
    passable: bytearray,
    relay: bytearray,
    starts: list[int],
    links: dict[int, list[int]],
    rng: int,
) -> tuple[list[int], list[int]]:
    """Distances from the nearest origin, where every reached relay starts again at 0.

    Buckets by distance, always emptying the lowest one first; a relay found late pushes the
    search back to bucket 0, and a region whose distance drops is simply queued again (at most
    ``rng + 1`` times), stale entries being skipped.
    """
    dist = [_FAR] * len(adjacency)
    reached: list[int] = []
    buckets: list[list[int]] = [[] for _ in range(rng + 1)]
    for start in starts:
        if dist[start]:
            if dist[start] == _FAR:
                reached.append(start)
            dist[start] = 0
            buckets[0].append(start)
    level = 0
    while level <= rng:
        bucket = buckets[level]
        if not bucket:
            level += 1
            continue
        buckets[level] = []
        step = level + 1
        for node in bucket:
            if dist[node] != level:
                continue
            if level == 0 and node in links:
                for port in links[node]:
                    if dist[port]:
                        if dist[port] == _FAR:
                            reached.append(port)
                        dist[port] = 0
                        buckets[0].append(port)
            if step > rng:
                continue
            for nb in adjacency[node]:
                if passable[nb] and dist[nb] > step:
                    if dist[nb] == _FAR:
                        reached.append(nb)
                    if relay[nb]:
                        dist[nb] = 0
                        buckets[0].append(nb)
                    else:
                        dist[nb] = step
                        buckets[step].append(nb)
        level = 0 if buckets[0] else level + 1
    return dist, reached
