"""A small operational front for trying the game view (not a sample): 12 by 6 open hexes with
a stream and a town, four turns starting on a muddy day (OW1), red with an army and a division
HQ fed from a supply source in the west, blue with a division HQ fed from the east, and a red
recce behind blue's line that no line of communication reaches.

    b = front(); session = GameSession.new(b.build(), {"red": "human", "blue": "ai"}, seed=1)
"""

from __future__ import annotations

from tests.operational.command_builder import CommandBuilder


def front(turns: int = 4) -> CommandBuilder:
    b = CommandBuilder(12, 6)
    b.raw["info"]["title"] = "Operational front (test)"
    b.raw["calendar"]["turns"] = turns
    b.rules("fog", enabled=False)
    b.rules("victory", victory_level=None)
    b.table("turns", pattern=["day", "day", "night"], weather=["mud", "good"])
    b.terrain("town", "c6r3")
    for row in (1, 2, 4, 5, 6):
        b.hexside(f"c6r{row}", f"c7r{row}", "stream")
    b.hq("army", "c1r3", echelon="army")
    b.hq("div", "c3r3", parent="army")
    b.supply_source("c1r3")
    b.unit("r-tank", "armour", "c5r3", hq="div", echelon="regiment", quality="veteran")
    b.unit("r-inf1", "inf", "c5r2", hq="div", echelon="regiment")
    b.unit("r-inf2", "inf", "c5r5", hq="div", echelon="regiment", quality="green")
    b.unit("r-recce", "recce", "c10r6", hq="div", echelon="battalion")
    b.hq("b-div", "c11r3", nation="blueland")
    b.supply_source("c12r3", side="blue")
    b.unit("b-inf1", "inf", "c7r3", nation="blueland", hq="b-div", echelon="regiment")
    b.unit("b-inf2", "inf", "c7r5", nation="blueland", hq="b-div", echelon="regiment")
    b.unit("b-at", "at", "c8r2", nation="blueland", hq="b-div", echelon="battalion")
    return b
