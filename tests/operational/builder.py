"""Small hand-made hex scenarios of the operational rules family, for its tests.

    b = OpBuilder(columns=5, rows=3)              # open hexes, west half red, east half blue
    b.terrain("woods", "c3r2")
    b.unit("tank", "armour", "c2r2", echelon="regiment")
    b.unit("foe", "inf", "c3r2", nation="blueland", quality="green")
    board, units = b.board_and_units()

Unit types (``armour``, ``motor``, ``inf``, ``recce``, ``eng``, ``at``, ``hat``, ``art``) carry
operational values; ``unit(...)`` takes the unit's operational state as keywords.
"""

from __future__ import annotations

from typing import Any

from engine.operational import OpBoard, OpUnit, units_of
from schemas.operational.presets import operational_connection_types, operational_terrain_types
from tests.hexes import HexBuilder

OP_TYPES: dict[str, dict[str, Any]] = {
    "armour": {
        "category": "armour",
        "column": "armour",
        "attack": 16,
        "defence": 8,
        "movement": 16,
        "shock": "shock4",
    },
    "motor": {
        "category": "motorized",
        "column": "armour",
        "attack": 6,
        "defence": 6,
        "movement": 14,
        "shock": "mobile",
    },
    "inf": {"category": "infantry", "attack": 6, "defence": 8, "movement": 8},
    "recce": {
        "category": "recce",
        "column": "armour",
        "attack": 3,
        "defence": 3,
        "movement": 18,
        "shock": "mobile",
    },
    "eng": {"category": "combat_engineer", "attack": 4, "defence": 4, "movement": 8},
    "at": {"category": "antitank", "attack": 2, "defence": 6, "movement": 8, "shock": "antitank"},
    "hat": {
        "category": "heavy_antitank",
        "attack": 4,
        "defence": 8,
        "movement": 8,
        "shock": "heavy_antitank",
    },
    "art": {"category": "artillery", "attack": 10, "defence": 3, "movement": 8},
}


class OpBuilder(HexBuilder):
    """A hex scenario of the operational family (see the module docstring)."""

    def __init__(self, columns: int = 5, rows: int = 3, **options: Any) -> None:
        super().__init__(columns, rows, terrain="open", **options)
        self.raw["terrain"] = [t.model_dump() for t in operational_terrain_types()]
        self.raw["connection_types"] += [t.model_dump() for t in operational_connection_types()]
        self.raw["calendar"]["turn_system"] = "wego"
        self.raw["rules"] = {"family": "operational"}
        self.raw["unit_types"] = [
            {"id": key, "name": key.title(), "operational": values}
            for key, values in OP_TYPES.items()
        ]

    def unit(  # type: ignore[override]
        self,
        unit_id: str,
        unit_type: str,
        region: str | None = None,
        *,
        nation: str = "redland",
        **state: Any,
    ) -> OpBuilder:
        fields = {"operational": state} if state else {}
        super().unit(unit_id, unit_type, region, nation=nation, **fields)
        return self

    def table(self, *path: str, **values: Any) -> OpBuilder:
        """Change values of ``rules.operational`` at ``path`` (``table("zoc", entry_cap=6)``)."""
        node = self.raw["rules"].setdefault("operational", {})
        for key in path:
            node = node.setdefault(key, {})
        node.update(values)
        return self

    def board_and_units(self) -> tuple[OpBoard, dict[str, OpUnit]]:
        scenario = self.build()
        board = OpBoard.of(scenario)
        return board, units_of(scenario, board)
