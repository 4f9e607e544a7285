"""The geometry of a hex grid: numbering, centres and corners, pixels, neighbours, hexsides.

Every hex is known three ways, converted here and nowhere else:

- its **index**, ``0 .. count - 1``, row by row from the top, left to right (the order of every
  per-hex array);
- its **column and row** (0-based in code; the ids the file uses count from 1: ``c1r1`` is the
  top-left hex);
- its **axial coordinates** ``(q, r)``, in which neighbours and distances are simple.

The offset convention says which columns (flat-topped hexes) or rows (pointy-topped) sit half a
hex lower (or further right) than the others, counted as the ids count: ``odd`` shifts columns
1, 3, 5...; ``even`` shifts 2, 4, 6...; ``axial`` shifts every column (row) by half a hex more
than the one before, which makes the map a parallelogram.

Coordinates follow the map's convention (x to the east, y to the south). Corners are computed on
an integer lattice and scaled once, so a corner shared by three hexes is the very same pair of
floats in each of them and the grid is a clean coverage without any rounding.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Literal

import numpy as np

if TYPE_CHECKING:
    from ..hexmap import HexMap

Orientation = Literal["flat", "pointy"]
Offset = Literal["odd", "even", "axial"]

SQRT3 = math.sqrt(3.0)

DIRECTIONS: dict[str, tuple[str, ...]] = {
    "flat": ("n", "ne", "se", "s", "sw", "nw"),
    "pointy": ("ne", "e", "se", "sw", "w", "nw"),
}
"""The six directions of each orientation, clockwise; a direction's number is its position."""

_DELTAS: dict[str, np.ndarray] = {
    "flat": np.array([(0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0)], dtype=np.int64),
    "pointy": np.array([(1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1)], dtype=np.int64),
}
"""Axial step ``(dq, dr)`` to the neighbour in each direction, in :data:`DIRECTIONS` order."""

# Corner k of a hex is the lattice point (X + KX[k], Y + KY[k]) around the hex's own lattice
# centre; map x = origin x + XSCALE * X, map y = origin y + YSCALE * Y (see ``_scales``).
_CORNERS: dict[str, tuple[np.ndarray, np.ndarray]] = {
    # flat: corners at 0, 60, ... 300 degrees, y down (east, south-east, south-west, west...)
    "flat": (np.array([2, 1, -1, -2, -1, 1]), np.array([0, 1, 1, 0, -1, -1])),
    # pointy: corners at 30, 90, ... 330 degrees (south-east, south, south-west, ...)
    "pointy": (np.array([1, 0, -1, -1, 0, 1]), np.array([1, 2, 1, -1, -2, -1])),
}

EDGE_CORNERS: dict[str, tuple[tuple[int, int], ...]] = {
    # The two corners of the side facing each direction, in DIRECTIONS order.
    "flat": ((4, 5), (5, 0), (0, 1), (1, 2), (2, 3), (3, 4)),
    "pointy": ((4, 5), (5, 0), (0, 1), (1, 2), (2, 3), (3, 4)),
}

HEX_ID = re.compile(r"c([1-9][0-9]*)r([1-9][0-9]*)")
"""A hex id: ``c`` column ``r`` row, both counted from 1, without leading zeros."""


def opposite(direction: int) -> int:
    """The direction pointing back."""
    return (direction + 3) % 6


def hex_id(column: int, row: int) -> str:
    """The id of the hex in 0-based ``column`` and ``row``."""
    return f"c{column + 1}r{row + 1}"


def parse_hex_id(text: str) -> tuple[int, int] | None:
    """0-based column and row of a well-formed hex id, else ``None`` (grid not consulted)."""
    found = HEX_ID.fullmatch(text)
    if found is None:
        return None
    return int(found.group(1)) - 1, int(found.group(2)) - 1


@dataclass(frozen=True)
class Hexsides:
    """Every side shared by two hexes of the grid, once, in canonical order.

    ``left < right`` (the hex met first reading the map row by row), sorted by ``left`` then
    ``right``. ``side_of[i, d]`` is the hexside of hex ``i`` in direction ``d`` (``-1`` on the
    map's edge).
    """

    left: np.ndarray
    right: np.ndarray
    direction: np.ndarray
    """Direction from ``left`` to ``right``."""
    side_of: np.ndarray

    def __len__(self) -> int:
        return len(self.left)


@dataclass(frozen=True)
class HexGrid:
    """A rectangle of ``columns`` x ``rows`` hexes (a parallelogram for ``axial``)."""

    orientation: Orientation
    size: float
    """Distance from a hex's centre to each corner (also the length of a side)."""
    origin: tuple[float, float]
    """Centre of hex ``c1r1``."""
    columns: int
    rows: int
    offset: Offset = "odd"

    @classmethod
    def of(cls, hex_map: HexMap) -> HexGrid:
        return cls(
            hex_map.orientation,
            float(hex_map.size),
            (float(hex_map.origin[0]), float(hex_map.origin[1])),
            hex_map.columns,
            hex_map.rows,
            hex_map.offset,
        )

    @property
    def count(self) -> int:
        return self.columns * self.rows

    @property
    def directions(self) -> tuple[str, ...]:
        return DIRECTIONS[self.orientation]

    def direction_number(self, name: str) -> int:
        """Number of a direction name of this orientation; raises ``ValueError``."""
        try:
            return self.directions.index(name)
        except ValueError:
            raise ValueError(
                f"'{name}' is not a direction of {self.orientation}-topped hexes "
                f"({', '.join(self.directions)})"
            ) from None

    # -- numbering -------------------------------------------------------------------------------

    def column_row(self, index: np.ndarray | int) -> tuple[np.ndarray, np.ndarray]:
        """0-based column and row of hex indices."""
        rows, columns = np.divmod(np.asarray(index, dtype=np.int64), self.columns)
        return columns, rows

    def index(self, column: np.ndarray | int, row: np.ndarray | int) -> np.ndarray:
        """Hex index of 0-based columns and rows; ``-1`` where outside the grid."""
        c = np.asarray(column, dtype=np.int64)
        r = np.asarray(row, dtype=np.int64)
        inside = (c >= 0) & (c < self.columns) & (r >= 0) & (r < self.rows)
        return np.where(inside, r * self.columns + c, -1)

    @cached_property
    def ids(self) -> list[str]:
        """Id of every hex, by index."""
        return [f"c{c}r{r}" for r in range(1, self.rows + 1) for c in range(1, self.columns + 1)]

    @cached_property
    def positions(self) -> dict[str, int]:
        """Index of every hex id."""
        return dict(zip(self.ids, range(self.count), strict=True))

    def find(self, text: str) -> int | None:
        """Index of the hex an id names, or ``None`` for a malformed id or one off the grid."""
        return self.positions.get(text)

    # -- axial coordinates -----------------------------------------------------------------------

    @property
    def _parity(self) -> int:
        # 0-based parity of the shifted columns (rows): "odd" ids 1, 3... are indices 0, 2...
        return 1 if self.offset == "odd" else 0

    def to_axial(
        self, column: np.ndarray | int, row: np.ndarray | int
    ) -> tuple[np.ndarray, np.ndarray]:
        c = np.asarray(column, dtype=np.int64)
        r = np.asarray(row, dtype=np.int64)
        if self.offset == "axial":
            return c, r
        if self.orientation == "flat":
            return c, r - (c + self._parity) // 2
        return c - (r + self._parity) // 2, r

    def from_axial(self, q: np.ndarray | int, r: np.ndarray | int) -> tuple[np.ndarray, np.ndarray]:
        """0-based column and row of axial coordinates (possibly off the grid)."""
        q = np.asarray(q, dtype=np.int64)
        r = np.asarray(r, dtype=np.int64)
        if self.offset == "axial":
            return q, r
        if self.orientation == "flat":
            return q, r + (q + self._parity) // 2
        return q + (r + self._parity) // 2, r

    def axial(self, index: np.ndarray | int | None = None) -> tuple[np.ndarray, np.ndarray]:
        """Axial coordinates of hex indices (every hex when ``None``)."""
        if index is None:
            index = np.arange(self.count)
        return self.to_axial(*self.column_row(index))

    def from_axial_index(self, q: np.ndarray, r: np.ndarray) -> np.ndarray:
        """Hex index of axial coordinates; ``-1`` off the grid."""
        return self.index(*self.from_axial(q, r))

    # -- map coordinates -------------------------------------------------------------------------

    @property
    def _scales(self) -> tuple[float, float]:
        # Map units per lattice step along x and y (see _CORNERS).
        if self.orientation == "flat":
            return self.size * 0.5, self.size * SQRT3 * 0.5
        return self.size * SQRT3 * 0.5, self.size * 0.5

    def _lattice(self, q: np.ndarray, r: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        # Integer lattice position of hex centres.
        if self.orientation == "flat":
            return 3 * q, 2 * r + q
        return 2 * q + r, 3 * r

    def centres(self, index: np.ndarray | None = None) -> np.ndarray:
        """``(n, 2)`` map point of the centre of each hex (every hex when ``None``)."""
        x, y = self._lattice(*self.axial(index))
        sx, sy = self._scales
        return np.column_stack([self.origin[0] + sx * x, self.origin[1] + sy * y])

    def corners(self, index: np.ndarray | None = None) -> np.ndarray:
        """``(n, 6, 2)`` corners of each hex, clockwise on screen, in the order the side
        numbers of :data:`EDGE_CORNERS` use."""
        x, y = self._lattice(*self.axial(index))
        kx, ky = _CORNERS[self.orientation]
        sx, sy = self._scales
        cx = x[:, None] + kx[None, :]
        cy = y[:, None] + ky[None, :]
        return np.stack([self.origin[0] + sx * cx, self.origin[1] + sy * cy], axis=-1)

    def corner_lattice(self, index: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
        """``(n, 6)`` integer lattice coordinates of the corners: equal exactly where hexes
        share a corner."""
        x, y = self._lattice(*self.axial(index))
        kx, ky = _CORNERS[self.orientation]
        return x[:, None] + kx[None, :], y[:, None] + ky[None, :]

    def lattice_point(self, x: np.ndarray, y: np.ndarray) -> np.ndarray:
        """Map points of integer lattice coordinates."""
        sx, sy = self._scales
        return np.column_stack(
            [self.origin[0] + sx * np.asarray(x), self.origin[1] + sy * np.asarray(y)]
        )

    def bounds(self) -> tuple[float, float, float, float]:
        """Smallest box holding every hex: min x, min y, max x, max y."""
        pts = self.corners().reshape(-1, 2)
        (x0, y0), (x1, y1) = pts.min(axis=0), pts.max(axis=0)
        return float(x0), float(y0), float(x1), float(y1)

    def fractional_axial(
        self, x: np.ndarray | float, y: np.ndarray | float
    ) -> tuple[np.ndarray, np.ndarray]:
        """Axial coordinates of map points, not rounded."""
        dx = (np.asarray(x, dtype=float) - self.origin[0]) / self.size
        dy = (np.asarray(y, dtype=float) - self.origin[1]) / self.size
        if self.orientation == "flat":
            q = dx * (2.0 / 3.0)
            return q, dy / SQRT3 - dx / 3.0
        r = dy * (2.0 / 3.0)
        return dx / SQRT3 - dy / 3.0, r

    def hex_at(self, x: np.ndarray | float, y: np.ndarray | float) -> np.ndarray:
        """Index of the hex under each map point; ``-1`` off the grid."""
        q, r = round_axial(*self.fractional_axial(x, y))
        return self.from_axial_index(q, r)

    # -- neighbours and hexsides -----------------------------------------------------------------

    def neighbour(self, index: int, direction: int) -> int:
        """The hex next to ``index`` in ``direction`` (a number), ``-1`` off the grid."""
        q, r = self.axial(index)
        dq, dr = _DELTAS[self.orientation][direction]
        return int(self.from_axial_index(q + dq, r + dr))

    @cached_property
    def neighbours(self) -> np.ndarray:
        """``(count, 6)`` neighbour of every hex in every direction, ``-1`` off the grid."""
        q, r = self.axial()
        deltas = _DELTAS[self.orientation]
        out = np.empty((self.count, 6), dtype=np.int64)
        for d, (dq, dr) in enumerate(deltas.tolist()):
            out[:, d] = self.from_axial_index(q + dq, r + dr)
        return out

    def direction_to(self, a: int, b: int) -> int | None:
        """Direction from hex ``a`` to hex ``b``, or ``None`` if they are not neighbours."""
        around = self._neighbour_lists[a]
        return around.index(b) if b in around else None

    @cached_property
    def _neighbour_lists(self) -> list[list[int]]:
        lists: list[list[int]] = self.neighbours.tolist()
        return lists

    @cached_property
    def _side_lists(self) -> list[list[int]]:
        lists: list[list[int]] = self.hexsides.side_of.tolist()
        return lists

    @cached_property
    def hexsides(self) -> Hexsides:
        """Every hexside between two hexes of the grid (see :class:`Hexsides`)."""
        nb = self.neighbours
        here = np.broadcast_to(np.arange(self.count)[:, None], nb.shape)
        forward = nb > here
        left, right = here[forward], nb[forward]
        direction = np.broadcast_to(np.arange(6)[None, :], nb.shape)[forward]
        order = np.lexsort((right, left))
        left, right, direction = left[order], right[order], direction[order]
        side_of = np.full(nb.shape, -1, dtype=np.int64)
        number = np.arange(len(left))
        side_of[left, direction] = number
        side_of[right, (direction + 3) % 6] = number
        return Hexsides(left, right, direction, side_of)

    def hexside(self, a: int, b: int) -> int | None:
        """Number of the hexside between hexes ``a`` and ``b``, ``None`` if not neighbours."""
        if not (0 <= a < self.count and 0 <= b < self.count):
            return None
        direction = self.direction_to(a, b)
        return None if direction is None else self._side_lists[a][direction]

    def hexside_id(self, number: int) -> str:
        """The id of a hexside: its two hexes' ids, in canonical order, joined by ``-``."""
        sides = self.hexsides
        return f"{self.ids[sides.left[number]]}-{self.ids[sides.right[number]]}"

    @cached_property
    def hexside_ids(self) -> list[str]:
        ids = self.ids
        sides = self.hexsides
        return [
            f"{ids[a]}-{ids[b]}"
            for a, b in zip(sides.left.tolist(), sides.right.tolist(), strict=True)
        ]

    def edge(self, index: int, direction: int) -> np.ndarray:
        """``(2, 2)`` end points of the side of hex ``index`` facing ``direction``."""
        k0, k1 = EDGE_CORNERS[self.orientation][direction]
        corners = self.corners(np.array([index]))[0]
        ends: np.ndarray = corners[[k0, k1]]
        return ends

    def hexside_segments(self, numbers: np.ndarray | None = None) -> np.ndarray:
        """``(n, 2, 2)`` end points of hexsides (every hexside when ``None``)."""
        sides = self.hexsides
        if numbers is None:
            numbers = np.arange(len(sides))
        left = sides.left[numbers]
        direction = sides.direction[numbers]
        corners = self.corners(left)
        pairs = np.array(EDGE_CORNERS[self.orientation])[direction]
        rows = np.arange(len(left))
        ends: np.ndarray = np.stack(
            [corners[rows, pairs[:, 0]], corners[rows, pairs[:, 1]]], axis=1
        )
        return ends

    # -- distances -------------------------------------------------------------------------------

    def distance(self, a: np.ndarray | int, b: np.ndarray | int) -> np.ndarray:
        """Steps between hexes (through hexes of any kind, off the grid included)."""
        qa, ra = self.axial(a)
        qb, rb = self.axial(b)
        dq, dr = qa - qb, ra - rb
        steps: np.ndarray = (np.abs(dq) + np.abs(dr) + np.abs(dq + dr)) // 2
        return steps


def round_axial(q: np.ndarray, r: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The axial coordinates of the hexes holding fractional axial coordinates (cube rounding:
    the coordinate that rounding moved most is recomputed from the other two)."""
    q = np.asarray(q, dtype=float)
    r = np.asarray(r, dtype=float)
    s = -q - r
    rq, rr, rs = np.rint(q), np.rint(r), np.rint(s)
    dq, dr, ds = np.abs(rq - q), np.abs(rr - r), np.abs(rs - s)
    fix_q = (dq > dr) & (dq > ds)
    fix_r = ~fix_q & (dr > ds)
    rq = np.where(fix_q, -rr - rs, rq)
    rr = np.where(fix_r, -rq - rs, rr)
    return rq.astype(np.int64), rr.astype(np.int64)
