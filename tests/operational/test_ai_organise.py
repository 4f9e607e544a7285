"""The baseline AI's own setup (OT1) and its breakdowns and combines (OU12-OU14) on small
hand-made hex scenarios: the front line of its setup zone filled by strength, HQs and guns
behind it, a breakdown where the line is thin, parts combined away from the enemy; the
same setup for a seed, and after a save and load in the middle of it."""

from __future__ import annotations

import json
from typing import Any

from engine import Game
from engine.wego.op import state as op_state
from engine.wego.op.actions import BreakDown
from tests.operational.command_builder import CommandBuilder
from tests.operational.play import ai_lane, execute, red_plan

ZONES = {"red": [f"c1r{r}*3" for r in range(1, 5)], "blue": [f"c8r{r}*3" for r in range(1, 5)]}
"""Red sets up in columns 1-3, blue in columns 8-10: red's front line is column 3."""


def zoned(**units: tuple[str, str, dict[str, Any]]) -> CommandBuilder:
    b = CommandBuilder(columns=10, rows=4)
    b.raw["calendar"]["turns"] = 3
    b.rules("fog", enabled=False)
    b.rules("victory", victory_level=None)
    b.table("c2", delays=False)
    b.raw["hex_map"]["setup_zones"] = ZONES
    b.unit("foe", "inf", "c9r2", nation="blueland", echelon="regiment")
    return b


def hexes_of(game: Game) -> dict[str, str]:
    """Red's units on the map -> their hex."""
    units = op_state.units(game)
    ids = op_state.board_of(game).grid.ids
    return {k: ids[u.hex] for k, u in sorted(units.items()) if u.side == "red"}


def column(hex_id: str) -> int:
    return int(hex_id[1:].split("r")[0])


def full_setup() -> CommandBuilder:
    b = zoned()
    b.hq("army", "c1r1", echelon="army")
    b.hq("div", "c1r2", parent="army", echelon="division")
    for n, kind in enumerate(("inf", "inf", "inf", "armour", "motor", "inf")):
        b.unit(f"u{n}", kind, f"c{1 + n % 2}r{1 + n // 2}", echelon="battalion", hq="div")
    b.unit("gun", "art", "c1r4", echelon="battalion", hq="div")
    return b


def test_ot1_the_ai_sets_up_a_front_line_by_strength_with_hqs_and_guns_behind_it() -> None:
    game = full_setup().game(seed=1)
    given = red_plan(game)
    assert any(a["kind"] == "op_set_up" for a in given)
    placed = hexes_of(game)
    fighters = {k: h for k, h in placed.items() if k.startswith("u")}
    # Every hex of the front line (column 3, nearest blue's zone) holds a fighting unit.
    assert {h for h in fighters.values() if column(h) == 3} == {f"c3r{r}" for r in range(1, 5)}
    # A reserve stays back; the HQs and the gun are behind the line, not on it.
    assert any(column(h) < 3 for h in fighters.values())
    assert column(placed["gun"]) < 3
    assert column(placed["army"]) < 3 and column(placed["div"]) < 3
    # The division's HQ stands within two hexes of every unit attached to it.
    board = op_state.board_of(game)
    div = board.index(placed["div"])
    for unit in (*fighters, "gun"):
        assert int(board.grid.distance(div, board.index(placed[unit]))) <= 2


def test_ot1_the_ai_sets_up_the_same_for_a_seed_and_after_a_save_mid_setup() -> None:
    whole = full_setup().game(seed=1)
    red_plan(whole)
    cut = full_setup().game(seed=1)
    from engine.ai import BaselineAI

    ai = BaselineAI()
    for _ in range(3):  # three setups, then a save and a load
        action = ai.choose(cut)
        assert action.kind == "op_set_up"
        cut.apply(action)
    loaded = Game.from_save(cut.scenario, json.dumps(cut.save()))
    red_plan(loaded)
    assert hexes_of(loaded) == hexes_of(whole)
    again = full_setup().game(seed=1)
    red_plan(again)
    assert hexes_of(again) == hexes_of(whole)


def test_ot1_ou12_the_ai_breaks_down_a_regiment_to_fill_a_thin_line_in_the_setup() -> None:
    b = zoned()
    b.unit("reg", "inf", "c1r1", echelon="regiment")
    b.unit("at", "at", "c1r2", echelon="battalion")
    game = b.game(seed=1)
    given = red_plan(game)
    assert [a for a in given if a["kind"] == "op_break_down"] == [
        {"kind": "op_break_down", "unit": "reg"}
    ]
    placed = hexes_of(game)
    assert {h for h in placed.values() if column(h) == 3} == {f"c3r{r}" for r in range(1, 5)}


def test_ou12_the_ai_does_not_break_down_when_the_line_is_filled_or_in_play() -> None:
    b = zoned()
    for n in range(4):
        b.unit(f"u{n}", "inf", f"c1r{n + 1}", echelon="battalion")
    b.unit("reg", "inf", "c2r1", echelon="regiment")
    given = red_plan(b.game(seed=1))
    assert not [a for a in given if a["kind"] == "op_break_down"]
    plain = ai_lane(8)
    plain.unit("reg", "inf", "c2r1", echelon="regiment")
    plain.unit("foe", "inf", "c8r1", nation="blueland")
    assert not [a for a in red_plan(plain.game(seed=1)) if a["kind"] == "op_break_down"]


def _parts_together(foe_at: str) -> Game:
    b = ai_lane(10)
    b.raw["calendar"]["turns"] = 3
    b.unit("reg", "inf", "c2r1", echelon="regiment")
    b.unit("foe", "inf", foe_at, nation="blueland", fixed={"whole_game": True})
    game = b.game(seed=1)
    execute(game, [BreakDown("reg")])  # turn 1: the parts stand together on c2r1
    return game


def red_plan_now(game: Game) -> list[dict[str, Any]]:
    from engine.ai import BaselineAI

    start, ai = len(game.log), BaselineAI()
    turn = game.turn
    while game.outcome() is None and game.turn == turn and game.to_act() == "red":
        game.apply(ai.choose(game))
    return [
        r["action"]
        for r in game.log.records[start:]
        if r["type"] == "action" and r.get("by") == "red"
    ]


def test_ou14_the_ai_combines_parts_standing_together_away_from_the_enemy() -> None:
    game = _parts_together("c10r1")
    given = red_plan_now(game)
    assert given[0] == {"kind": "op_combine", "unit": "reg"}
    assert game.state.units["reg"].status == "active"


def test_ou14_the_ai_keeps_its_parts_apart_near_the_enemy() -> None:
    game = _parts_together("c5r1")
    assert not [a for a in red_plan_now(game) if a["kind"] == "op_combine"]


def test_ot1_ov2_the_ai_sets_its_strongest_unit_on_its_victory_location_in_the_zone() -> None:
    b = zoned()
    b.table("victory", locations=[{"hex": "c1r3", "per_turn": {"red": 3}}])
    b.unit("weak", "at", "c2r1", echelon="company")  # companies do not break down (OU12)
    b.unit("strong", "inf", "c2r2", echelon="company")
    red_plan(game := b.game(seed=1))
    placed = hexes_of(game)
    assert placed["strong"] == "c1r3" and column(placed["weak"]) == 3


LOCATIONS = ("c6r1", "c6r3", "c7r2")
"""Three victory locations worth VP to red in blue's half of the map, none held by a unit."""


def _open_locations(foe_at: str) -> Game:
    """Red's regiment at c3r2, three open victory locations three and four hexes east, a
    fixed blue unit at ``foe_at``."""
    from tests.operational.builder import OpBuilder

    b = OpBuilder(columns=10, rows=3)
    b.raw["calendar"]["turns"] = 4
    b.rules("fog", enabled=False)
    b.rules("victory", victory_level=None)
    b.table("c2", delays=False)
    b.table("victory", locations=[{"hex": h, "per_turn": {"red": 2}} for h in LOCATIONS])
    b.unit("reg", "inf", "c3r2", echelon="regiment")
    b.unit("foe", "inf", foe_at, nation="blueland", fixed={"whole_game": True})
    return b.game(seed=1)


def _turn(game: Game) -> list[dict[str, Any]]:
    """Red's plan by the AI, then blue's, then the execution: red's actions."""
    from engine.ai import BaselineAI

    given = red_plan_now(game)
    ai = BaselineAI()
    while game.outcome() is None and game.to_act() == "blue":
        game.apply(ai.choose(game))
    return given


def test_ou12_ou13_the_ai_breaks_down_in_play_to_take_several_open_locations_at_once() -> None:
    from engine.wego.op.standing import standing

    game = _open_locations("c10r2")
    assert [a for a in _turn(game) if a["kind"] == "op_break_down"] == [
        {"kind": "op_break_down", "unit": "reg"}
    ]
    _turn(game)  # the parts go to different locations, not all to one
    spread = set(hexes_of(game).values())
    assert len(spread) == 3 and len(spread & set(LOCATIONS)) >= 2
    _turn(game)
    held = {p.hex for p in standing(game).locations if p.holder == "red"}
    assert held == set(LOCATIONS)
    # Deterministic: the same seed gives the same moves.
    again = _open_locations("c10r2")
    for _ in range(3):
        _turn(again)
    assert hexes_of(again) == hexes_of(game)


def test_ou12_the_ai_keeps_a_unit_whole_in_play_with_the_enemy_near() -> None:
    game = _open_locations("c6r2")  # three hexes from the regiment, among the locations
    assert not [a for a in _turn(game) if a["kind"] == "op_break_down"]
