"""The victory panel's figures under the operational rules (OV5): each side's total, the part
won by kills (OV4), and per victory location who holds it, its worth per turn and what it has
given each side so far (OV2), kept through a save.

One row of open hexes: red holds the west (``c2r1`` is worth 3 a turn to red and 1 to blue),
blue the east (``c7r1`` worth 2 to blue); red's infantry on ``c3r1`` destroys a worn blue
veteran tank on ``c4r1`` in the first turn (2 VP, Table OV4).
"""

from __future__ import annotations

import json

from engine import Game
from engine.wego.op import standing
from engine.wego.orders import OrderAttack
from tests.operational.builder import OpBuilder
from tests.operational.play import execute, stack

LOCATIONS = [
    {"hex": "c2r1", "per_turn": {"red": 3, "blue": 1}},
    {"hex": "c7r1", "per_turn": {"blue": 2}},
]


def front(turns: int = 3) -> OpBuilder:
    b = OpBuilder(columns=8, rows=1)
    b.raw["calendar"]["turns"] = turns
    b.rules("fog", enabled=False)
    b.rules("victory", victory_level=None)
    b.table("victory", locations=LOCATIONS)
    b.unit("inf", "inf", "c3r1", echelon="regiment")
    b.unit("guard", "inf", "c7r1", nation="blueland")
    b.unit("foe", "armour", "c4r1", nation="blueland", quality="veteran", readiness=5, strength=8)
    return b


def test_ov5_totals_kills_and_what_each_location_gave_so_far() -> None:
    game = front().game(seed=1)
    start = standing.standing(game)
    assert start.vp == {"blue": 0, "red": 0} and start.kills == {"blue": 0, "red": 0}
    assert [(p.hex, p.holder, p.per_turn, p.received) for p in start.locations] == [
        ("c2r1", "red", {"blue": 1, "red": 3}, {}),
        ("c7r1", "blue", {"blue": 2}, {}),
    ]
    execute(game, [OrderAttack(stack(game, "inf"), "c4r1", ())])
    execute(game, [])
    after = standing.standing(game)
    assert after.kills == {"blue": 0, "red": 2}
    assert after.vp == {"blue": 4, "red": 2 + 3 + 3}  # two turns of both locations
    assert [(p.hex, p.received) for p in after.locations] == [
        ("c2r1", {"red": 6}),
        ("c7r1", {"blue": 4}),
    ]
    # The figures add up to the totals: nothing else scored in this game.
    for side in ("red", "blue"):
        got = after.kills[side] + sum(p.received.get(side, 0) for p in after.locations)
        assert got == after.vp[side]


def test_ov5_a_save_keeps_what_the_locations_gave() -> None:
    game = front().game(seed=1)
    execute(game, [OrderAttack(stack(game, "inf"), "c4r1", ())])
    copy = Game.from_save(game.scenario, json.dumps(game.save()))
    assert standing.standing(copy) == standing.standing(game)
    for g in (game, copy):
        execute(g, [])
    assert standing.standing(copy) == standing.standing(game)
    assert copy.state.to_json() == game.state.to_json()


def test_ov5_a_save_made_before_the_figures_were_kept_loads_and_counts_on() -> None:
    game = front().game(seed=1)
    execute(game, [])
    data = game.save()
    data["state"]["operational"].pop("victory", None)
    old = Game.load(game.scenario, data)
    assert [p.received for p in standing.standing(old).locations] == [{}, {}]
    execute(old, [])
    assert [p.received for p in standing.standing(old).locations] == [{"red": 3}, {"blue": 2}]
