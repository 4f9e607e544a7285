"""Small hand-made hex scenarios for tests: the rules builder on a hex grid.

    b = HexBuilder(columns=4, rows=3)          # clear hexes c1r1..c4r3, west half red
    b.hexside("c1r1", "c2r1", "river")
    b.unit("r", "inf", "c1r1")
    game = b.game(seed=3)

Hexes stand where the rules builder's square regions stood: units, structures and sources name
hexes by id (``c2r3``), and ``b.hex_map`` is the raw ``hex_map`` section to change directly.
"""

from __future__ import annotations

from typing import Any

from schemas.hexmap import hexside_connection_types
from schemas.terrain import default_connection_types
from tests.engine.builder import Builder


class HexBuilder(Builder):
    """A hex scenario to bend to a test's needs (see the module docstring)."""

    def __init__(
        self,
        columns: int = 4,
        rows: int = 3,
        *,
        orientation: str = "flat",
        offset: str = "odd",
        turns: int = 6,
        terrain: str = "clear",
        size: float = 10.0,
    ) -> None:
        super().__init__(cols=1, rows=1, turns=turns, terrain=terrain)
        self.columns, self.rows = columns, rows
        self.raw["regions"] = []
        self.raw["connections"] = []
        self.raw["connection_types"] = [
            t.model_dump() for t in [*default_connection_types(), *hexside_connection_types()]
        ]
        half = max(1, columns // 2)
        self.hex_map: dict[str, Any] = {
            "orientation": orientation,
            "size": size,
            "columns": columns,
            "rows": rows,
            "offset": offset,
            "base_terrain": terrain,
            # The western half is red, the rest blue (a single column is red).
            "owners": {
                "redland": [f"c1r{r}*{half}" for r in range(1, rows + 1)],
                "blueland": [f"c{half + 1}r{r}*{columns - half}" for r in range(1, rows + 1)]
                if columns > half
                else [],
            },
        }
        self.raw["hex_map"] = self.hex_map

    def terrain(self, terrain: str, *runs: str) -> HexBuilder:
        """Give hexes (or runs such as ``c2r1*3``) a terrain."""
        self.hex_map.setdefault("terrain", {}).setdefault(terrain, []).extend(runs)
        return self

    def owner(self, hex_id: str, nation: str | None) -> HexBuilder:
        """Change the owner of one hex (``None`` for nobody)."""
        owners = self.hex_map["owners"]
        column, row = (int(x) for x in hex_id[1:].split("r"))
        for key, runs in owners.items():
            kept = []
            for run in runs:
                start, _, count = run.partition("*")
                c0, r0 = (int(x) for x in start[1:].split("r"))
                n = int(count or 1)
                if r0 == row and c0 <= column < c0 + n:
                    if column > c0:
                        kept.append(f"c{c0}r{r0}*{column - c0}")
                    if column + 1 < c0 + n:
                        kept.append(f"c{column + 1}r{r0}*{c0 + n - column - 1}")
                else:
                    kept.append(run)
            owners[key] = kept
        if nation is not None:
            owners.setdefault(nation, []).append(hex_id)
        return self

    def hexside(self, a: str, b: str, kind: str) -> HexBuilder:
        """Put a feature (a connection type) on the hexside between two hexes."""
        self.hex_map.setdefault("hexsides", {}).setdefault(kind, []).append(f"{a}-{b}")
        return self

    def bridge(self, a: str, b: str) -> HexBuilder:
        self.hex_map.setdefault("bridges", []).append(f"{a}-{b}")
        return self

    def crossing_site(self, a: str, b: str) -> HexBuilder:
        """OH11: mark a crossing site on the hexside between two hexes."""
        self.hex_map.setdefault("crossing_sites", []).append(f"{a}-{b}")
        return self

    def road(self, kind: str, *hexes: str) -> HexBuilder:
        """A trail, road or railway through these hexes, in order."""
        self.hex_map.setdefault("roads", {}).setdefault(kind, []).append(" ".join(hexes))
        return self

    def record(self, hex_id: str, **fields: Any) -> HexBuilder:
        """Give a hex a name, values, a stacking limit..."""
        for record in self.hex_map.setdefault("hexes", []):
            if record["hex"] == hex_id:
                record.update(fields)
                return self
        self.hex_map["hexes"].append({"hex": hex_id, **fields})
        return self
