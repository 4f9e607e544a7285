"""Small hand-made hex scenarios with an order of battle, supply sources and assets.

    b = CommandBuilder(columns=12, rows=3)
    b.hq("army", "c1r2", echelon="army")                 # a root HQ (range 40)
    b.hq("div", "c4r2", parent="army", echelon="division")
    b.unit("inf1", "inf", "c6r2", hq="div")
    b.supply_source("c1r2")                              # red's supply source
    board, units = b.board_and_units(); tree = b.tree()

Adds an ``hq`` unit type to :class:`~tests.operational.builder.OpBuilder`'s types.
"""

from __future__ import annotations

from typing import Any

from engine.operational.hq import CommandTree
from engine.operational.loc import LocNetwork
from tests.operational.builder import OpBuilder


class CommandBuilder(OpBuilder):
    def __init__(self, columns: int = 12, rows: int = 3, **options: Any) -> None:
        super().__init__(columns, rows, **options)
        self.raw["unit_types"].append(
            {
                "id": "hq",
                "name": "HQ",
                "operational": {"category": "hq", "attack": 1, "defence": 2, "movement": 8},
            }
        )
        self.raw["rules"]["operational"] = {"command": {"hqs": [], "attachments": []}}

    def _command(self) -> dict[str, Any]:
        node: dict[str, Any] = self.raw["rules"]["operational"]["command"]
        return node

    def hq(
        self,
        hq_id: str,
        region: str,
        *,
        parent: str | None = None,
        echelon: str = "division",
        nation: str = "redland",
        **entry: Any,
    ) -> CommandBuilder:
        super().unit(hq_id, "hq", region, nation=nation, echelon=echelon)
        self._command()["hqs"].append({"unit": hq_id, "parent": parent, **entry})
        return self

    def unit(
        self,
        unit_id: str,
        unit_type: str,
        region: str | None = None,
        *,
        nation: str = "redland",
        hq: str | None = None,
        **state: Any,
    ) -> CommandBuilder:
        super().unit(unit_id, unit_type, region, nation=nation, **state)
        if hq is not None:
            self._command()["attachments"].append({"unit": unit_id, "hq": hq})
        return self

    def supply_source(self, hex_id: str, side: str = "red", **fields: Any) -> CommandBuilder:
        supply = self.raw["rules"]["operational"].setdefault("supply", {})
        supply.setdefault("sources", []).append({"hex": hex_id, "side": side, **fields})
        return self

    def tree(self) -> CommandTree:
        return CommandTree.of(self.build())

    def network(self) -> LocNetwork:
        board, _ = self.board_and_units()
        return LocNetwork.of(board)
