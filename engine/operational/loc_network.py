"""The supply-truck network of the operational rules (OQ4): every step a line of communication
may take on the board, priced once per game, as one sparse matrix.

Along a road or track a step costs the Road Movement cost (OH4); elsewhere the terrain and
hexside cost of the truck's column (``command.truck_column``); a side that blocks LOC (an
unbreached minefield), takes a whole allowance, or that no truck crosses (a river without a
bridged road) has no step. In frozen weather rivers are crossed like plain hexsides (OW1), so
a game keeps two networks, one for each. :meth:`LocNetwork.graph` gives the matrix a trace
searches, with the steps into blocked hexes cut.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np
from scipy.sparse import csr_matrix

from .board import OpBoard
from .movement import MoveMode, step_cost
from .units import OpUnit

_TINY = 1e-9
"""Weight of a free step, so a step never weighs nothing."""


@dataclass(frozen=True)
class LocNetwork:
    """Every step a supply truck may take on the board, with its MP cost (OQ4)."""

    board: OpBoard
    src: np.ndarray
    """Per step: the hex it leaves."""
    dst: np.ndarray
    """Per step: the hex it enters."""
    cost: np.ndarray
    """Per step: its MP cost."""

    @classmethod
    def of(cls, board: OpBoard, *, frozen: bool = False) -> LocNetwork:
        """Price every step of the board once (the board's fixed parts only); ``frozen``:
        the rivers are frozen (OW1), their limits lifted for trucks as for units."""
        rules = board.rules
        column = rules.command.truck_column
        truck = OpUnit("truck", "", 0, "hq", column, 0.0, 0.0, 0.0, "none")
        src: list[int] = []
        dst: list[int] = []
        cost: list[float] = []
        neighbours = board.neighbours.tolist()
        sides = board.side_of.tolist()
        terrain = board.hex_terrain.tolist()
        features = board.side_feature.tolist()
        roads = board.side_road.tolist()
        bridges = board.side_bridge.tolist()
        pontoons = board.side_pontoon.tolist()
        # A step's price depends only on the terrain beyond, the hexside's feature, its road,
        # bridge and pontoon: each combination is priced once by the movement rules themselves.
        priced: dict[tuple[int, int, int, bool, bool], float | None] = {}
        for a, row in enumerate(neighbours):
            for d, b in enumerate(row):
                if b < 0:
                    continue
                side = sides[a][d]
                key = (terrain[b], features[side], roads[side], bridges[side], pontoons[side])
                if key not in priced:
                    priced[key] = _truck_step(board, truck, a, b, side, frozen)
                found = priced[key]
                if found is None:
                    continue
                src.append(a)
                dst.append(b)
                cost.append(found)
        return cls(
            board,
            np.array(src, dtype=np.int32),
            np.array(dst, dtype=np.int32),
            np.array(cost, dtype=np.float64),
        )

    @cached_property
    def _matrix(self) -> tuple[csr_matrix, np.ndarray]:
        # The sparse matrix is built once; each trace only copies its weights, so blocking
        # hexes costs a mask rather than a new matrix (an infinite weight is no step).
        count = self.board.grid.count
        order = np.lexsort((self.dst, self.src))
        matrix = csr_matrix(
            (self.cost[order], self.dst[order], _row_starts(self.src[order], count)),
            shape=(count, count),
        )
        return matrix, self.dst[order]

    def graph(self, blocked: np.ndarray) -> csr_matrix:
        """The steps that do not enter a blocked hex, as a sparse matrix."""
        matrix, dst = self._matrix
        weights = matrix.data.copy()
        weights[blocked[dst]] = np.inf
        return csr_matrix((weights, matrix.indices, matrix.indptr), shape=matrix.shape)


def _truck_step(
    board: OpBoard, truck: OpUnit, a: int, b: int, side: int, frozen: bool
) -> float | None:
    """OQ4: a supply truck's price for one step, ``None`` where no line passes."""
    feature = board.feature(side)
    if frozen and feature is not None and feature.river:
        feature = None
    if feature is not None and (feature.blocks_loc or feature.crossing == "all_movement"):
        return None
    road = int(board.side_road[side]) > 0
    mode: MoveMode = "road" if road else "move_defend"
    step = step_cost(board, truck, a, b, mode=mode, frozen=frozen)
    return max(step.total, _TINY) if step.allowed else None


def _row_starts(src: np.ndarray, count: int) -> np.ndarray:
    starts: np.ndarray = np.searchsorted(src, np.arange(count + 1)).astype(np.int32)
    return starts
