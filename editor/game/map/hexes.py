"""The game map of a hex scenario: hexes, hexside features and roads, straight from the grid.

A hex map's places are regions to the rules (see :mod:`schemas.places`), so the scene plays
it with the same items as a map of drawn regions; only the geometry is found another way,
faster and closer to what a hex wargame prints:

- outlines and name points come from the grid's arrays, not from polygons one by one (a
  pole of inaccessibility per hex would cost seconds on a large map, for the centre);
- a hex's name point lies below its centre, so the counters laid out above it stand in the
  middle of the hex;
- a hexside with a feature (a river, a ridge) is drawn along the hexside itself, the plain
  hexsides not at all (the hex outlines say it);
- roads, railways and trails are drawn as the paths the file lists, through hex centres, as
  printed hex maps show them, one item per kind of path.

Only named hexes (a record with a name) get a label: a hex's id is in its tooltip, and a
thousand ids printed over the map would hide it.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsPathItem

from editor.game.map.style import Z_CONNECTIONS
from editor.shared.map.hex_drawing import (
    ROAD_LOOKS,
    hexside_segment_paths,
    named_hexes,
    plain_types,
    road_paths,
)
from engine.game import Game
from schemas.hexgrid.grid import HexGrid

NAME_DROP = 0.45
"""How far below a hex's centre its name point lies, in hex sizes (centre to corner)."""

HEX_BAND_PX = 2.5
"""Width of the controller's band inside a hex (half a region's: every hex has one, and the
front line still reads where two colours meet)."""


def grid_of(game: Game) -> HexGrid | None:
    """The hex grid of a game's scenario, ``None`` for a map of drawn regions."""
    hex_map = game.scenario.hex_map
    return HexGrid.of(hex_map) if hex_map is not None else None


def hex_points(grid: HexGrid) -> dict[str, QPointF]:
    """Where each hex's name hangs: a little below its centre."""
    drop = NAME_DROP * grid.size
    return {
        hex_id: QPointF(x, y + drop)
        for hex_id, (x, y) in zip(grid.ids, grid.centres().tolist(), strict=True)
    }


def hex_area(grid: HexGrid) -> float:
    """The area of one hex, in square map units."""
    return 1.5 * math.sqrt(3.0) * grid.size * grid.size


def labelled(game: Game, grid: HexGrid) -> set[str]:
    """Hexes shown with a name: those whose record names them."""
    hex_map = game.scenario.hex_map
    assert hex_map is not None
    return set(named_hexes(hex_map, grid))


def hexside_borders(game: Game, grid: HexGrid) -> tuple[list[tuple[str, QPainterPath]], list[str]]:
    """The hexside links worth drawing along their hexside (a feature's, not the plain
    types'), each with its segment, and the other links (between hexes that are not
    neighbours), to draw as lines between centres."""
    hex_map = game.scenario.hex_map
    assert hex_map is not None
    plain = plain_types(hex_map)
    along: list[tuple[str, int]] = []
    lines: list[str] = []
    for connection in game.world.connections.values():
        a, b = grid.find(connection.a), grid.find(connection.b)
        number = grid.hexside(a, b) if a is not None and b is not None else None
        if number is None:
            lines.append(connection.id)
        elif connection.type not in plain:
            along.append((connection.id, number))
    paths = hexside_segment_paths(grid, [n for _, n in along])
    return [(c, path) for (c, _), path in zip(along, paths, strict=True)], lines


class RoadItem(QGraphicsPathItem):
    """Every path of one kind (trails, roads or railways), through hex centres."""

    def __init__(self, kind: str, path: QPainterPath) -> None:
        super().__init__(path)
        self.kind = kind
        colour, width, style = ROAD_LOOKS[kind]
        pen = QPen(QColor(colour))
        pen.setCosmetic(True)
        pen.setWidthF(width)
        pen.setStyle(style)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        self.setPen(pen)
        # Under the rivers drawn along hexsides, over the hexes.
        self.setZValue(Z_CONNECTIONS - 1)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)


def road_items(game: Game, grid: HexGrid) -> list[RoadItem]:
    """One item per kind of path the file lists (paths with unknown hexes are cut there)."""
    hex_map = game.scenario.hex_map
    assert hex_map is not None
    return [RoadItem(kind, path) for kind, path in road_paths(hex_map, grid).items()]
