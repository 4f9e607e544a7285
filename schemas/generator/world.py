"""The generator's working state: everything known about the map, filled in stage by stage."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from .landscape import Landscape
from .names import Namer
from .networks import Graph
from .tessellation import Tessellation

SIDES = ("west", "east")
"""Side ids, west first; a cell's side is an index into this tuple."""
MAIN_NATION = ("west-realm", "east-realm")
AIR_NATION = ("west-air", "east-air")

JSON = dict[str, Any]


@dataclass(slots=True)
class Site:
    """A structure before it becomes JSON: it refers to cells by index."""

    id: str
    name: str
    cell: int
    kind: str
    fortification: int = 0
    port: bool = False
    airport: bool = False
    sea_cell: int | None = None
    capacity: JSON = field(default_factory=dict)
    values: JSON = field(default_factory=dict)
    description: str = ""

    def to_json(self, world: World) -> JSON:
        out: JSON = {"id": self.id, "name": self.name, "region": world.rid(self.cell)}
        out["kind"] = self.kind
        out["fortification"] = self.fortification
        out["port"] = self.port
        out["airport"] = self.airport
        if self.sea_cell is not None:
            out["sea_region"] = world.rid(self.sea_cell)
        out["capacity"] = self.capacity
        out["values"] = self.values
        out["description"] = self.description
        return out


@dataclass(slots=True)
class World:
    """Map facts shared by the stages that build regions, places, forces and the story."""

    seed: int
    tz: Tessellation
    graph: Graph
    scape: Landscape
    rng: np.random.Generator
    pyrng: random.Random
    namer: Namer
    side: np.ndarray
    """Per cell: 0 (west) or 1 (east) for land and lakes, -1 for sea."""
    depth: np.ndarray
    """Per cell: distance behind its side's front line, in cells (negative across it)."""
    names: list[str] = field(default_factory=list)
    network: np.ndarray = field(default_factory=lambda: np.empty(0, dtype=object))
    road: np.ndarray = field(default_factory=lambda: np.empty(0, dtype=bool))
    rail: np.ndarray = field(default_factory=lambda: np.empty(0, dtype=bool))
    bridge: np.ndarray = field(default_factory=lambda: np.empty(0, dtype=bool))
    capitals: tuple[int, int] = (-1, -1)
    cities: list[int] = field(default_factory=list)
    sites: list[Site] = field(default_factory=list)
    sources: list[JSON] = field(default_factory=list)
    area_of: list[str | None] = field(default_factory=list)
    areas: list[JSON] = field(default_factory=list)
    theatres: list[JSON] = field(default_factory=list)
    nation_names: tuple[str, str] = ("", "")
    counters: dict[str, int] = field(default_factory=dict)
    """Structures numbered so far, per kind."""
    ids: list[str] = field(default_factory=list)
    """Region id of each cell, zero-padded so ids sort in map order."""

    def __post_init__(self) -> None:
        width = len(str(self.tz.size - 1))
        self.ids = [f"r{cell:0{width}d}" for cell in range(self.tz.size)]

    @property
    def size(self) -> int:
        return self.tz.size

    def own_mainland(self, side: int) -> np.ndarray:
        """Mask of the mainland cells of ``side``: where its forces may start."""
        mask: np.ndarray = self.scape.mainland & (self.side == side)
        return mask

    def rid(self, cell: int) -> str:
        """Region id of a cell."""
        return self.ids[cell]

    def sites_of(self, kind: str, side: int) -> list[Site]:
        return [s for s in self.sites if s.kind == kind and self.side[s.cell] == side]
