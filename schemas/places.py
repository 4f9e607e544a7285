"""The map as places and links, whatever kind of map the scenario has.

The rules, the validation and the exports all read a scenario's map through this one view: a
list of **places** (:class:`~schemas.map.Region` models) and a list of **links**
(:class:`~schemas.map.Connection` models). For a map of drawn regions those are the file's own
``regions`` and ``connections``, untouched and uncopied. For a hex map they are built from the
grid: every hex is a region (its outline computed, its id ``c4r12``) and every hexside between
two hexes a connection (id ``c4r12-c5r12``; its type the hexside's feature, or the plain type
for what its two hexes are; its bridge, road and rail flags from the bridges and paths), then
the file's ``connections`` (links between hexes that are not neighbours: straits, sea lanes).

The view is built once per user (the validation index, the engine's world) and is read-only.
Hex places and links are made on first use only: the validation works on arrays and the few
hexes it names, while the engine builds them all once per game.

Places also know where in the file each of their facts is written
(:meth:`Places.region_pointer`, :meth:`Places.connection_pointer`), so a check about a hex
points into the compact encoding: the terrain run that gave the hex its terrain, its hex
record, the listing of a hexside under its feature.

The abstract view is :class:`~schemas.place_view.Places`; a hex map's is
:class:`~schemas.hex_places.HexPlaces` (importable from here too); this module holds the
drawn regions' view and :func:`places_of`, which picks one.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from functools import cached_property
from operator import attrgetter
from typing import TypeVar

from .hex_places import HexPlaces as HexPlaces
from .issues import pointer
from .map import Connection, PlaceValue, Region
from .place_view import Path as Path
from .place_view import Places as Places
from .scenario import Scenario


def places_of(scenario: Scenario) -> Places:
    """The places and links of a scenario's map."""
    if scenario.hex_map is None:
        return AreaPlaces(scenario)
    return HexPlaces(scenario)


E = TypeVar("E", Region, Connection)


def _first(items: Sequence[E]) -> dict[str, E]:
    # Built from the end so that, for a repeated id, the first entity is the one kept.
    return {item.id: item for item in reversed(items)}


class AreaPlaces(Places):
    """A map of drawn regions: the file's own lists."""

    def __init__(self, scenario: Scenario) -> None:
        self.scenario = scenario

    @property
    def regions(self) -> list[Region]:
        return self.scenario.regions

    @property
    def connections(self) -> list[Connection]:
        return self.scenario.connections

    @cached_property
    def region_ids(self) -> list[str]:
        return list(map(attrgetter("id"), self.scenario.regions))

    @cached_property
    def connection_ids(self) -> list[str]:
        return list(map(attrgetter("id"), self.scenario.connections))

    @cached_property
    def region_lookup(self) -> dict[str, Region]:
        return _first(self.scenario.regions)

    def region_at(self, index: int) -> Region:
        return self.scenario.regions[index]

    def connection_at(self, index: int) -> Connection:
        return self.scenario.connections[index]

    def domain_of(self) -> dict[str, str | None]:
        domains = {t.id: t.domain for t in reversed(self.scenario.terrain)}
        return {
            r.id: "unplayable" if r.unplayable else domains.get(r.terrain)
            for r in reversed(self.scenario.regions)
        }

    def linked(self) -> set[str]:
        connections = self.scenario.connections
        return set(map(attrgetter("a"), connections)) | set(map(attrgetter("b"), connections))

    def linked_to(self, ids: set[str]) -> set[str]:
        connections = self.scenario.connections
        return {c.a for c in connections if c.b in ids} | {c.b for c in connections if c.a in ids}

    def area_members(self) -> Mapping[str, Sequence[Region]]:
        out: dict[str, list[Region]] = {}
        for region in self.scenario.regions:
            if region.area:
                out.setdefault(region.area, []).append(region)
        return out

    def valued(self) -> Iterator[tuple[Path, str, dict[str, PlaceValue]]]:
        for index, region in enumerate(self.scenario.regions):
            if region.values:
                yield ("regions", index), region.id, region.values

    def region_pointer(self, index: int, *path: str | int) -> str:
        return pointer("regions", index, *path)

    def connection_pointer(self, index: int, *path: str | int) -> str:
        return pointer("connections", index, *path)
