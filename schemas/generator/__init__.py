"""Procedural scenarios: a Voronoi map with a coast, terrain, rivers, roads, two sides and
everything they need to play, valid from the first save.

``generate_hex_scenario(columns, rows, seed)`` does the same on a hex grid.

``generate_scenario(regions, seed)`` is deterministic: the same arguments give the same file,
byte for byte, in any process. It backs ``salient generate``, the large-map tests and
benchmarks, and designers who want a map to start from.
"""

from .build import MAX_REGIONS, MIN_REGIONS, generate_scenario
from .hexes import generate_hex_scenario

__all__ = ["MAX_REGIONS", "MIN_REGIONS", "generate_hex_scenario", "generate_scenario"]
