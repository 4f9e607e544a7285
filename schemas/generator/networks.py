"""Graph helpers over the cells: adjacency, connected parts, and road-like networks.

Everything here is linear or ``n log n`` in the number of cells; the only Python loops walk
each node or edge a bounded number of times, which keeps 10,000-cell maps quick.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True, slots=True)
class Graph:
    """An undirected graph stored as edge lists plus a compressed adjacency table."""

    size: int
    a: np.ndarray
    """First end of each edge."""
    b: np.ndarray
    """Second end of each edge."""
    starts: np.ndarray
    """``targets[starts[i]:starts[i + 1]]`` are the neighbours of node ``i``."""
    targets: np.ndarray
    edge_ids: np.ndarray
    """Edge index of each adjacency entry."""

    @classmethod
    def build(cls, size: int, a: np.ndarray, b: np.ndarray) -> Graph:
        ends = np.concatenate([a, b])
        other = np.concatenate([b, a])
        ids = np.concatenate([np.arange(len(a)), np.arange(len(a))])
        order = np.lexsort((other, ends))
        starts = np.searchsorted(ends[order], np.arange(size + 1))
        return cls(size, a, b, starts, other[order], ids[order])

    def neighbours(self, node: int) -> np.ndarray:
        return self.targets[self.starts[node] : self.starts[node + 1]]

    def degree(self, edge_mask: np.ndarray | None = None) -> np.ndarray:
        """Edges touching each node, counting only ``edge_mask`` edges when given."""
        a, b = (self.a, self.b) if edge_mask is None else (self.a[edge_mask], self.b[edge_mask])
        return np.bincount(np.concatenate([a, b]), minlength=self.size)

    def components(self, nodes: np.ndarray, edges: np.ndarray) -> np.ndarray:
        """Label of the connected part of each node in ``nodes`` (``-1`` elsewhere), using
        only ``edges``; parts are numbered by their lowest node, so labels are stable."""
        labels = np.full(self.size, -1, dtype=np.int64)
        usable = edges.tolist()
        inside = nodes.tolist()
        starts, targets, edge_ids = (
            self.starts.tolist(),
            self.targets.tolist(),
            self.edge_ids.tolist(),
        )
        label = 0
        for root in range(self.size):
            if not inside[root] or labels[root] >= 0:
                continue
            labels[root] = label
            stack = [root]
            while stack:
                node = stack.pop()
                for k in range(starts[node], starts[node + 1]):
                    other = targets[k]
                    if usable[edge_ids[k]] and inside[other] and labels[other] < 0:
                        labels[other] = label
                        stack.append(other)
            label += 1
        return labels


@dataclass(frozen=True, slots=True)
class ShortestPaths:
    """Result of a Dijkstra run from several sources at once."""

    distance: np.ndarray
    origin: np.ndarray
    """Source each node was reached from (``-1`` when unreachable)."""
    via: np.ndarray
    """Edge the node was reached through (``-1`` for sources and unreachable nodes)."""


def nearest_sources(
    graph: Graph, sources: list[int], weights: np.ndarray, usable: np.ndarray
) -> ShortestPaths:
    """Grow shortest-path trees from every source together, over the ``usable`` edges."""
    distance = [float("inf")] * graph.size
    origin = [-1] * graph.size
    via = [-1] * graph.size
    starts, targets, edge_ids = graph.starts.tolist(), graph.targets.tolist(), graph.edge_ids
    edge_ids = edge_ids.tolist()
    cost, allowed = weights.tolist(), usable.tolist()
    heap: list[tuple[float, int, int]] = []
    for source in sources:
        distance[source], origin[source] = 0.0, source
        heap.append((0.0, source, source))
    heapq.heapify(heap)
    while heap:
        dist, node, src = heapq.heappop(heap)
        if dist > distance[node] or origin[node] != src:
            continue  # a stale entry: the node was reached more cheaply since
        for k in range(starts[node], starts[node + 1]):
            edge = edge_ids[k]
            if not allowed[edge]:
                continue
            other, candidate = targets[k], dist + cost[edge]
            if candidate < distance[other]:
                distance[other], origin[other], via[other] = candidate, src, edge
                heapq.heappush(heap, (candidate, other, src))
    return ShortestPaths(np.array(distance), np.array(origin), np.array(via))


def _find(parent: list[int], node: int) -> int:
    while parent[node] != node:
        parent[node] = parent[parent[node]]
        node = parent[node]
    return node


def link_sources(
    graph: Graph, sources: list[int], weights: np.ndarray, usable: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """A network tying the sources together: the cheapest tree between them, in path cost.

    Each node is claimed by its nearest source; an edge between two claims is a candidate
    link between their sources, and a minimum spanning tree over those links picks which to
    build. Returns the nodes and the edges the chosen paths run through.
    """
    nodes = np.zeros(graph.size, dtype=bool)
    edges = np.zeros(len(graph.a), dtype=bool)
    nodes[sources] = True
    if len(sources) < 2:
        return nodes, edges
    paths = nearest_sources(graph, sources, weights, usable)
    a, b = graph.a, graph.b
    border = usable & (paths.origin[a] >= 0) & (paths.origin[b] >= 0)
    border &= paths.origin[a] != paths.origin[b]
    candidates = border.nonzero()[0]
    total = paths.distance[a[candidates]] + weights[candidates] + paths.distance[b[candidates]]
    order = candidates[np.lexsort((candidates, total))]
    parent = list(range(graph.size))
    origin, via = paths.origin.tolist(), paths.via.tolist()
    for edge in order.tolist():
        left, right = _find(parent, origin[a[edge]]), _find(parent, origin[b[edge]])
        if left == right:
            continue
        parent[max(left, right)] = min(left, right)
        edges[edge] = True
        for start in (int(a[edge]), int(b[edge])):
            _walk_home(graph, start, via, nodes, edges)
    return nodes, edges


def _walk_home(
    graph: Graph, node: int, via: list[int], nodes: np.ndarray, edges: np.ndarray
) -> None:
    """Mark the path from ``node`` back to the source that claimed it."""
    while True:
        nodes[node] = True
        edge = via[node]
        if edge < 0 or edges[edge]:
            return
        edges[edge] = True
        node = int(graph.a[edge]) if graph.b[edge] == node else int(graph.b[edge])
