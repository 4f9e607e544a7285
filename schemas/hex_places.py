"""A hex map seen as places and links (:class:`HexPlaces`, see :mod:`schemas.places`).

Every hex is a place and every hexside between playable hexes a link, computed from the
grid and the map's compact lists on first use, with the pointers that say where in the
compact encoding each fact of a hex or hexside is written. It is apart from the drawn
regions' view because it is array work on ten thousand hexes, tuned for speed, which the
simple lists of a drawn map never need.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator, Mapping, Sequence
from functools import cached_property
from operator import attrgetter
from typing import Any, TypeVar

import numpy as np
from pydantic import BaseModel

from .collector import gc_paused
from .hexgrid.decode import NETWORK_LEVELS, Decoded, decode
from .hexgrid.grid import HexGrid
from .hexmap import HexMap, HexRecord
from .issues import pointer
from .map import Anchors, Connection, PlaceValue, Polygon, Region
from .place_view import Path, Places
from .scenario import Scenario

_DOMAINS = ("land", "sea", "lake", "unplayable")
_UNKNOWN = len(_DOMAINS)
_RECORD_FIELDS = frozenset(HexRecord.model_fields) - {"hex"}

M = TypeVar("M", bound=BaseModel)


def construct(cls: type[M], values: dict[str, Any]) -> M:
    """A model from values of every one of its fields, trusted as valid.

    What ``model_construct`` does when every field is given, without its per-field search for
    aliases and defaults: three times faster, which counts for the 30,000 hexsides of a
    10,000-hex map. Tests check that the result equals a validated model.
    """
    model = cls.__new__(cls)
    object.__setattr__(model, "__dict__", values)
    object.__setattr__(model, "__pydantic_fields_set__", set(values))
    object.__setattr__(model, "__pydantic_extra__", None)
    object.__setattr__(model, "__pydantic_private__", None)
    return model


def _settles() -> bool:
    # Settling moves the new models out of the collector's young generations, so that the
    # rest of a game's set-up does not rescan them; never off the main thread (see
    # schemas.collector: freezing beside Qt objects on a worker thread has crashed).
    return threading.current_thread() is threading.main_thread()


_NO_ANCHORS = Anchors()
# Shared by every hex (the map places a hex's symbols); models are never changed in place.


class HexPlaces(Places):
    """A hex map: places and links computed from the grid and its compact lists."""

    def __init__(self, scenario: Scenario, previous: HexPlaces | None = None) -> None:
        """``previous``: the places of an earlier version of the map (before an edit), whose
        grid and unchanged parts are taken over rather than computed again."""
        hex_map = scenario.hex_map
        assert hex_map is not None
        self.scenario = scenario
        self.hex_map: HexMap = hex_map
        grid = HexGrid.of(hex_map)
        earlier = None
        if previous is not None and previous.grid == grid:
            grid = previous.grid  # with its cached arrays (ids, neighbours, hexsides)
            earlier = (previous.hex_map, previous.decoded)
        self.grid = grid
        self.decoded: Decoded = decode(hex_map, self.grid, earlier)
        self._regions: dict[int, Region] = {}

    # -- hexes -----------------------------------------------------------------------------------

    @property
    def hex_count(self) -> int:
        return self.grid.count if self.grid else 0

    @cached_property
    def terrain_ids(self) -> list[str]:
        """Terrain id of every hex."""
        keys = [self.hex_map.base_terrain, *self.decoded.terrain.keys]
        ids: list[str] = np.array(keys, dtype=object)[self.decoded.terrain.code + 1].tolist()
        return ids

    @cached_property
    def domain_codes(self) -> np.ndarray:
        """Per hex: index into ``_DOMAINS``, ``_UNKNOWN`` for a terrain the table lacks."""
        table = {t.id: t.domain for t in reversed(self.scenario.terrain)}
        keys = [self.hex_map.base_terrain, *self.decoded.terrain.keys]
        by_key = np.array(
            [_DOMAINS.index(table[k]) if k in table else _UNKNOWN for k in keys], dtype=np.int8
        )
        codes: np.ndarray = by_key[self.decoded.terrain.code + 1]
        record_of = self.decoded.record_of
        for k, record in enumerate(self.hex_map.hexes):
            index = self.grid.find(record.hex) if record.unplayable and self.grid else None
            if index is not None and record_of[index] == k:
                codes[index] = _DOMAINS.index("unplayable")
        return codes

    @property
    def region_ids(self) -> list[str]:
        assert self.grid is not None
        return self.grid.ids

    @cached_property
    def region_lookup(self) -> Mapping[str, Region]:
        return _HexLookup(self)

    def region_at(self, index: int) -> Region:
        """The place of hex ``index``, built on first use."""
        region = self._regions.get(index)
        if region is None:
            region = self._regions[index] = self._build_region(index)
        return region

    @cached_property
    def regions(self) -> list[Region]:
        with gc_paused(settle=_settles()):  # ten thousand models living as long as the game
            return [self.region_at(i) for i in range(self.hex_count)]

    @cached_property
    def _hex_columns(self) -> tuple[list[Any], ...]:
        """Per hex, as plain lists (fast to read one by one): id, record, terrain, owner,
        area, network, corners."""
        assert self.grid is not None
        decoded = self.decoded
        records = [*self.hex_map.hexes, None]
        owners = np.array([*decoded.owners.keys, None], dtype=object)
        areas = np.array([*decoded.areas.keys, None], dtype=object)
        return (
            self.grid.ids,
            [records[k] for k in decoded.record_of.tolist()],
            self.terrain_ids,
            owners[decoded.owners.code].tolist(),
            areas[decoded.areas.code].tolist(),
            np.array(NETWORK_LEVELS, dtype=object)[decoded.network].tolist(),
            self.grid.corners().tolist(),
        )

    def _build_region(self, index: int) -> Region:
        ids, records, terrain, owners, areas, networks, corners = self._hex_columns
        hex_id = ids[index]
        record: HexRecord | None = records[index]
        polygon = construct(Polygon, {"exterior": [(x, y) for x, y in corners[index]], "holes": []})
        values: dict[str, Any] = {
            "id": hex_id,
            "name": (record.name if record and record.name else hex_id),
            "terrain": terrain[index],
            "owner": owners[index],
            "area": areas[index],
            "network": networks[index],
            "polygon": polygon,
            "anchors": _NO_ANCHORS,
            "stacking": record.stacking if record else None,
            "air_stacking": record.air_stacking if record else None,
            "off_map": False,
            "unplayable": record.unplayable if record else False,
            "income": record.income if record else 0,
            "values": record.values if record else {},
            "description": record.description if record else "",
        }
        return construct(Region, values)

    def domain_of(self) -> dict[str, str | None]:
        names = [*_DOMAINS, None]
        return dict(
            zip(
                self.region_ids,
                np.array(names, dtype=object)[self.domain_codes].tolist(),
                strict=True,
            )
        )

    def polygons(self) -> np.ndarray:
        """Shapely outline of every hex."""

        import shapely

        return shapely.polygons(self.grid.corners()) if self.grid else np.empty(0, dtype=object)

    def area_members(self) -> Mapping[str, Sequence[Region]]:
        codes = self.decoded.areas.code
        order = np.argsort(codes, kind="stable")
        bounds = np.searchsorted(codes[order], np.arange(len(self.decoded.areas.keys) + 1))
        out: dict[str, Sequence[Region]] = {}
        for code, key in enumerate(self.decoded.areas.keys):
            members = order[bounds[code] : bounds[code + 1]]
            if len(members):
                out[key] = _HexRegions(self, members.tolist())
        return out

    def valued(self) -> Iterator[tuple[Path, str, dict[str, PlaceValue]]]:
        for k, record in enumerate(self.hex_map.hexes):
            if record.values:
                yield ("hex_map", "hexes", k), record.hex, record.values

    # -- hexsides --------------------------------------------------------------------------------

    @cached_property
    def _links(self) -> tuple[np.ndarray, list[str]]:
        """Hexsides that are links, and the connection type of each."""
        assert self.grid is not None
        sides = self.grid.hexsides
        decoded, plain = self.decoded, self.hex_map.plain_hexsides
        a, b = self.domain_codes[sides.left], self.domain_codes[sides.right]
        playable = (a < 3) & (b < 3)
        listed = decoded.side_type >= 0
        chosen = np.flatnonzero(listed | playable)
        lake = _DOMAINS.index("lake")
        a, b, kind = a[chosen], b[chosen], decoded.side_type[chosen]
        # Plain hexsides: land between land hexes, the lake type by a lake, else the sea type.
        names = np.array([*decoded.side_keys, plain.land, plain.sea, plain.lake], dtype=object)
        base = len(decoded.side_keys)
        plain_code = np.where(
            (a == 0) & (b == 0), base, np.where((a == lake) | (b == lake), base + 2, base + 1)
        )
        types = names[np.where(kind >= 0, kind, plain_code)].tolist()
        return chosen, types

    @property
    def hexside_links(self) -> np.ndarray:
        """Hexside number of each hexside link (the first links, in order)."""
        return self._links[0]

    @property
    def link_types(self) -> list[str]:
        """Connection type of each hexside link."""
        return self._links[1]

    @cached_property
    def connection_ids(self) -> list[str]:
        assert self.grid is not None
        ids = self.grid.ids
        sides = self.grid.hexsides
        chosen = self.hexside_links
        left, right = sides.left[chosen].tolist(), sides.right[chosen].tolist()
        hexsides = [f"{ids[x]}-{ids[y]}" for x, y in zip(left, right, strict=True)]
        return hexsides + list(map(attrgetter("id"), self.scenario.connections))

    def connection_at(self, index: int) -> Connection:
        """Link ``index`` (a hexside's built on first use)."""
        count = len(self.hexside_links)
        if index >= count:
            return self.scenario.connections[index - count]
        if "connections" in self.__dict__:
            built: Connection = self.connections[index]
            return built
        return self._build_connection(index)

    @cached_property
    def connections(self) -> list[Connection]:
        with gc_paused(settle=_settles()):
            built = [self._build_connection(i) for i in range(len(self.hexside_links))]

        return built + list(self.scenario.connections)

    @cached_property
    def _link_columns(self) -> tuple[list[Any], ...]:
        """Per hexside link, as plain lists: id, ends, type, bridge, road, rail."""
        assert self.grid is not None
        sides, decoded = self.grid.hexsides, self.decoded
        chosen = self.hexside_links
        ids = np.array(self.grid.ids, dtype=object)
        return (
            self.connection_ids,
            ids[sides.left[chosen]].tolist(),
            ids[sides.right[chosen]].tolist(),
            self.link_types,
            (decoded.bridge_source[chosen] >= 0).tolist(),
            decoded.road[chosen].tolist(),
            decoded.rail[chosen].tolist(),
        )

    def _build_connection(self, index: int) -> Connection:
        ids, a, b, types, bridge, road, rail = self._link_columns
        values = {
            "id": ids[index],
            "a": a[index],
            "b": b[index],
            "type": types[index],
            "bridge": bridge[index],
            "road": road[index],
            "rail": rail[index],
            "waypoints": [],
        }
        return construct(Connection, values)

    def linked(self) -> set[str]:
        assert self.grid is not None
        sides = self.grid.hexsides
        chosen = self.hexside_links
        degree = np.bincount(sides.left[chosen], minlength=self.hex_count)
        degree += np.bincount(sides.right[chosen], minlength=self.hex_count)
        ids = self.grid.ids
        out = {ids[i] for i in np.flatnonzero(degree).tolist()}
        for connection in self.scenario.connections:
            out.update((connection.a, connection.b))
        return out

    def linked_to(self, ids: set[str]) -> set[str]:
        assert self.grid is not None
        sides = self.grid.hexsides
        chosen = self.hexside_links
        wanted = np.zeros(self.hex_count, dtype=bool)
        wanted[[i for i in map(self.grid.find, ids) if i is not None]] = True
        left, right = sides.left[chosen], sides.right[chosen]
        found = np.union1d(left[wanted[right]], right[wanted[left]])
        ids_of = self.grid.ids
        out = {ids_of[i] for i in found.tolist()}
        connections = self.scenario.connections
        out |= {c.a for c in connections if c.b in ids} | {c.b for c in connections if c.a in ids}
        return out

    # -- where things are written ----------------------------------------------------------------

    def region_pointer(self, index: int, *path: str | int) -> str:
        decoded = self.decoded
        field = path[0] if path else None
        record = int(decoded.record_of[index])
        if field in ("terrain", "owner", "area"):
            layer, name = {
                "terrain": (decoded.terrain, "terrain"),
                "owner": (decoded.owners, "owners"),
                "area": (decoded.areas, "areas"),
            }[str(field)]
            source = int(layer.source[index])
            if source >= 0:
                return pointer("hex_map", name, *layer.runs[source])
            return pointer("hex_map", "base_terrain" if field == "terrain" else name)
        if field == "network":
            source = int(decoded.network_source[index])
            if source >= 0:
                return pointer("hex_map", "roads", *decoded.path_items[source])
            return pointer("hex_map", "roads")
        if field in _RECORD_FIELDS:
            if record >= 0:
                return pointer("hex_map", "hexes", record, *path)
            return pointer("hex_map", "hexes")
        if record >= 0:
            return pointer("hex_map", "hexes", record)
        return self.region_pointer(index, "terrain")

    def connection_pointer(self, index: int, *path: str | int) -> str:
        count = len(self.hexside_links)
        if index >= count:
            return pointer("connections", index - count, *path)
        decoded = self.decoded
        number = int(self.hexside_links[index])
        field = path[0] if path else None
        if field == "bridge" and decoded.bridge_source[number] >= 0:
            return pointer("hex_map", "bridges", int(decoded.bridge_source[number]))
        if field in ("road", "rail") and decoded.road_source[number] >= 0:
            return pointer(
                "hex_map", "roads", *decoded.path_items[int(decoded.road_source[number])]
            )
        kind = int(decoded.side_type[number])
        if kind >= 0:
            return pointer(
                "hex_map", "hexsides", decoded.side_keys[kind], int(decoded.side_source[number])
            )
        plain = self.hex_map.plain_hexsides
        kind_id = self.link_types[index]
        which = next((n for n in ("land", "sea", "lake") if getattr(plain, n) == kind_id), "land")
        return pointer("hex_map", "plain_hexsides", which)


class _HexLookup(Mapping[str, Region]):
    """Hex places by id, each built when first asked for."""

    def __init__(self, places: HexPlaces) -> None:
        self._places = places
        assert places.grid is not None
        self._grid = places.grid

    def __getitem__(self, key: str) -> Region:
        index = self._grid.find(key) if isinstance(key, str) else None
        if index is None:
            raise KeyError(key)
        return self._places.region_at(index)

    def __contains__(self, key: object) -> bool:
        return isinstance(key, str) and self._grid.find(key) is not None

    def __iter__(self) -> Iterator[str]:
        return iter(self._grid.ids)

    def __len__(self) -> int:
        return self._grid.count


class _HexRegions(Sequence[Region]):
    """Some hex places, each built when first read (a check that stops at the first suitable
    hex of an area builds one, not the thousand of the area)."""

    def __init__(self, places: HexPlaces, indices: list[int]) -> None:
        self._places = places
        self._indices = indices

    def __getitem__(self, position: Any) -> Any:
        if isinstance(position, slice):
            return [self._places.region_at(i) for i in self._indices[position]]
        return self._places.region_at(self._indices[position])

    def __len__(self) -> int:
        return len(self._indices)
