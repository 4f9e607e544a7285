"""Hex grids: their geometry and the reading of a hex map's compact lists, without Qt.

- :mod:`.grid`: :class:`HexGrid`, numbering (index, column and row, axial coordinates), ids,
  centres and exact corners, pixel to hex, neighbours, directions and hexsides;
- :mod:`.lines`: lines through hex centres and along hexsides, ranges, rings and flood fill,
  for the studio's hex tools;
- :mod:`.decode`: a :class:`~schemas.hexmap.HexMap` read into per-hex and per-hexside arrays,
  with the problems of its encoding.
"""

from .grid import DIRECTIONS, HexGrid, Hexsides, hex_id, opposite, parse_hex_id

__all__ = ["DIRECTIONS", "HexGrid", "Hexsides", "hex_id", "opposite", "parse_hex_id"]
