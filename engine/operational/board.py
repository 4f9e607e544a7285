"""The hex map as the operational rules read it: per-hex and per-hexside arrays, built once.

Built from the scenario (OH2-OH7, OH11): the grid, each hex's row of Table OH3, each hexside's
row of Table OH6, roads and tracks per hexside, bridges, crossing sites. Engineers change the
hexsides in play (OE2-OE7): :func:`.works.worked_board` gives the board with their work done
(breached minefields, destroyed bridges, pontoons). What changes with units lives in :mod:`.units`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from itertools import pairwise

import numpy as np

from schemas.hexgrid.decode import Decoded, decode
from schemas.hexgrid.grid import HexGrid
from schemas.operational.rules import OperationalRules
from schemas.operational.terrain import HexsideEffect, TerrainEffect
from schemas.scenario import Scenario

NO_ROAD, TRACK, HIGHWAY = 0, 1, 2
"""Road level of a hexside: none, a track (the map's ``trail``), a highway (``road``)."""


class NotOperational(ValueError):
    """The scenario does not play the operational rules on a hex map."""


@dataclass(frozen=True)
class OpBoard:
    """A hex map and the operational tables, as arrays over hexes and hexsides."""

    grid: HexGrid
    rules: OperationalRules
    terrain_rows: tuple[TerrainEffect, ...]
    """Table OH3 rows, indexed by ``hex_terrain``."""
    hex_terrain: np.ndarray
    """Per hex: index into ``terrain_rows``, ``-1`` where the table has no row."""
    hexside_rows: tuple[HexsideEffect, ...]
    """Table OH6 rows, indexed by ``side_feature``."""
    side_feature: np.ndarray
    """Per hexside: index into ``hexside_rows``, ``-1`` for a plain hexside."""
    side_road: np.ndarray
    """Per hexside: :data:`NO_ROAD`, :data:`TRACK` or :data:`HIGHWAY`."""
    side_bridge: np.ndarray
    """Per hexside: a standing bridge crosses it (a destroyed one does not, OE7)."""
    side_pontoon: np.ndarray
    """Per hexside: a finished pontoon spans it (OE5), crossed as a bridge without a road."""
    side_crossing: np.ndarray
    """Per hexside: the map marks a crossing site on it (OH11: a major river takes a pontoon
    only there)."""
    hex_ids: tuple[str, ...]

    @classmethod
    def of(cls, scenario: Scenario) -> OpBoard:
        """The board of an operational scenario; :class:`NotOperational` otherwise."""
        rules = scenario.rules.operational
        if scenario.rules.family != "operational" or rules is None:
            raise NotOperational("the scenario does not play the operational rules")
        if scenario.hex_map is None:
            raise NotOperational("the operational rules need a hex map")
        hex_map = scenario.hex_map
        grid = HexGrid.of(hex_map)
        decoded = decode(hex_map, grid)
        terrain_rows = tuple(rules.terrain)
        row_of = {row.terrain: i for i, row in enumerate(terrain_rows)}
        codes = [row_of.get(key, -1) for key in decoded.terrain.keys]
        base = row_of.get(hex_map.base_terrain, -1)
        lookup = np.array([*codes, base], dtype=np.int64)  # code -1 reads the last entry
        hex_terrain = lookup[decoded.terrain.code]
        hexside_rows = tuple(rules.hexsides)
        side_of = {row.connection_type: i for i, row in enumerate(hexside_rows)}
        feature_codes = np.array([side_of.get(k, -1) for k in decoded.side_keys] + [-1])
        side_feature = feature_codes[decoded.side_type].astype(np.int64)
        return cls(
            grid,
            rules,
            terrain_rows,
            hex_terrain,
            hexside_rows,
            side_feature,
            _road_levels(grid, scenario, decoded),
            decoded.bridge_source >= 0,
            np.zeros(len(grid.hexsides), dtype=bool),
            decoded.crossing_source >= 0,
            tuple(grid.ids),
        )

    # -- lookups ---------------------------------------------------------------------------------

    def index(self, hex_id: str) -> int:
        """The index of a hex id; ``KeyError`` for a hex outside the grid."""
        found = self.grid.find(hex_id)
        if found is None:
            raise KeyError(hex_id)
        return found

    def terrain(self, hex_index: int) -> TerrainEffect | None:
        code = int(self.hex_terrain[hex_index])
        return self.terrain_rows[code] if code >= 0 else None

    def hexside(self, a: int, b: int) -> int | None:
        """The hexside between two hexes, ``None`` if they are not neighbours."""
        return self.grid.hexside(a, b)

    def feature(self, side: int) -> HexsideEffect | None:
        code = int(self.side_feature[side])
        return self.hexside_rows[code] if code >= 0 else None

    @cached_property
    def id_index(self) -> dict[str, int]:
        """Hex id to index, for callers that look many ids up (a route search)."""
        return {hex_id: i for i, hex_id in enumerate(self.hex_ids)}

    @cached_property
    def neighbours(self) -> np.ndarray:
        """``(hexes, 6)`` neighbour per direction, ``-1`` off the map."""
        return self.grid.neighbours

    @cached_property
    def side_of(self) -> np.ndarray:
        """``(hexes, 6)`` hexside per direction, ``-1`` off the map."""
        return self.grid.hexsides.side_of

    @cached_property
    def zoc_blocked(self) -> np.ndarray:
        """``(hexes, 6)``: a zone of control does not reach across this side (OH7, OM10)."""
        blocks = np.array([row.blocks_zoc for row in self.hexside_rows] + [False])
        sides = self.side_of
        feature = np.where(sides >= 0, self.side_feature[sides], -1)
        blocked: np.ndarray = blocks[feature] | (sides < 0)
        return blocked

    def is_open(self, hex_index: int) -> bool:
        """OH3: shock and overruns count in this hex."""
        row = self.terrain(hex_index)
        return row is not None and row.open


def _road_levels(grid: HexGrid, scenario: Scenario, decoded: Decoded) -> np.ndarray:
    # The decoded map marks roads and railways per hexside but not trails; the operational
    # rules need tracks too (OH4), and ignore railways (OH12).
    levels = np.zeros(len(grid.hexsides), dtype=np.int8)
    hex_map = scenario.hex_map
    assert hex_map is not None
    for kind, level in (("trail", TRACK), ("road", HIGHWAY)):
        for path in hex_map.roads.get(kind, []):  # type: ignore[call-overload]
            hexes = [grid.find(text) for text in path.split()]
            for a, b in pairwise(hexes):
                if a is None or b is None:
                    continue
                side = grid.hexside(a, b)
                if side is not None and levels[side] < level:
                    levels[side] = level
    return levels
