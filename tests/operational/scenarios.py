"""Hand-made scenarios of the operational family played whole (not samples).

``skirmish()``: a 10 by 6 hex map with a stream across the middle (two road crossings over it),
woods on both flanks, a town worth VP to both sides each turn and a rough hill, five units a
side of mixed types and qualities, six turns on the 3-day-1-night pattern.
"""

from __future__ import annotations

from tests.operational.builder import OpBuilder


def skirmish(turns: int = 6) -> OpBuilder:
    b = OpBuilder(columns=10, rows=6)
    b.raw["info"]["title"] = "Operational skirmish (test)"
    b.raw["calendar"]["turns"] = turns
    b.rules("fog", enabled=False)
    b.rules("victory", victory_level=None)
    b.terrain("woods", "c3r1*2", "c8r6*2")
    b.terrain("town", "c5r3")
    b.terrain("rough", "c6r4")
    for row in (1, 2, 4, 5, 6):
        b.hexside(f"c5r{row}", f"c6r{row}", "stream")
    b.road("road", "c1r3", "c2r3", "c3r3", "c4r3", "c5r3", "c6r3", "c7r3", "c8r3")
    b.table(
        "victory",
        locations=[
            {"hex": "c5r3", "per_turn": {"red": 2, "blue": 2}},
            {"hex": "c6r4", "per_turn": {"red": 1, "blue": 1}},
        ],
    )
    for name, kind, where, state in (
        ("r-tank", "armour", "c2r2", {"echelon": "regiment", "quality": "veteran"}),
        ("r-inf1", "inf", "c3r3", {"echelon": "regiment"}),
        ("r-inf2", "inf", "c3r4", {"echelon": "regiment", "quality": "green"}),
        ("r-recce", "recce", "c2r5", {"echelon": "battalion"}),
        ("r-eng", "eng", "c1r3", {"echelon": "battalion"}),
    ):
        b.unit(name, kind, where, **state)
    for name, kind, where, state in (
        ("b-inf1", "inf", "c6r3", {"echelon": "regiment", "quality": "veteran"}),
        ("b-inf2", "inf", "c7r2", {"echelon": "regiment"}),
        ("b-motor", "motor", "c8r4", {"echelon": "regiment"}),
        ("b-at", "at", "c7r5", {"echelon": "battalion"}),
        ("b-inf3", "inf", "c9r3", {"echelon": "regiment", "quality": "conscript"}),
    ):
        b.unit(name, kind, where, nation="blueland", **state)
    return b
