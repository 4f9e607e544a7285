"""Command and control (OM18, OW10): the chance of leaving a hex on schedule, Table OM18's
test vectors, the night's CCV, and the delays played in WEGO execution."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from pydantic import ValidationError

from engine import Game
from engine.dice import Dice
from engine.operational.c2 import on_schedule, side_ccv, unit_chance
from engine.wego.op import state as op_state
from engine.wego.orders import OrderMove, SealPlan
from schemas.operational.c2 import C2Rules
from tests.operational.builder import OpBuilder

# Table OM18 (CCV -20, readiness 100 unless stated): the manual's own results.
OM18 = {
    "elite": (100, 100, 100, 50),
    "veteran": (100, 100, 80, 30),
    "regular": (100, 100, 60, 10),
    "green": (100, 80, 40, 10),
    "conscript": (100, 60, 20, 10),
}


@pytest.mark.parametrize("quality", list(OM18))
def test_om18_the_chance_to_move_on_schedule_matches_table_om18(quality: str) -> None:
    b = OpBuilder()
    b.unit("u", "inf", "c1r1", quality=quality)
    board, units = b.board_and_units()
    unit = units["u"]
    rules = board.rules
    got = (
        unit_chance(rules, replace(unit, loc="supported")),
        unit_chance(rules, replace(unit, loc="extended")),
        unit_chance(rules, replace(unit, loc="isolated")),
        unit_chance(rules, replace(unit, loc="isolated", readiness=50.0)),
    )
    assert got == OM18[quality]
    assert unit_chance(rules, replace(unit, loc="encircled")) == OM18[quality][2]


def test_ow10_at_night_a_sides_ccv_is_20_lower() -> None:
    b = OpBuilder().table("c2", ccv=[{"side": "blue", "ccv": -40}])
    b.unit("u", "inf", "c1r1", quality="green")
    board, units = b.board_and_units()
    rules = board.rules
    assert side_ccv(rules, "red") == -20 and side_ccv(rules, "red", night=True) == -40
    assert side_ccv(rules, "blue", night=True) == -60
    extended = replace(units["u"], loc="extended")
    assert unit_chance(rules, extended) == 80.0
    assert unit_chance(rules, extended, night=True) == 60.0


def test_om18_nothing_is_rolled_at_100_percent_or_with_delays_off() -> None:
    b = OpBuilder()
    b.unit("u", "inf", "c1r1")
    board, units = b.board_and_units()
    dice = Dice(3)
    before = dice.state()
    check = on_schedule(board.rules, [units["u"]], dice)
    assert check.roll == -1 and not check.delayed and dice.state() == before
    tired = replace(units["u"], readiness=10.0, loc="isolated")  # 20 - 20 + 10 - 40: 10%
    off = board.rules.model_copy(update={"c2": C2Rules(delays=False)})
    assert on_schedule(off, [tired], dice).roll == -1
    check = on_schedule(board.rules, [tired, units["u"]], dice)  # the stack's least chance
    assert check.chance == 10.0 and check.roll >= 0
    assert check.delayed == (check.roll >= 10)


def test_om18_the_chance_is_kept_within_the_tables_bounds() -> None:
    b = OpBuilder().table("c2", minimum_chance=25, maximum_chance=90)
    b.unit("u", "inf", "c1r1")
    board, units = b.board_and_units()
    assert unit_chance(board.rules, units["u"]) == 90.0
    assert unit_chance(board.rules, replace(units["u"], readiness=0.0, loc="isolated")) == 25.0


def test_om18_bounds_in_the_wrong_order_are_refused() -> None:
    with pytest.raises(ValidationError, match="minimum_chance"):
        C2Rules(minimum_chance=60, maximum_chance=50)
    with pytest.raises(ValidationError):
        C2Rules(default_ccv=-101)
    with pytest.raises(ValidationError, match="twice"):
        C2Rules.model_validate({"ccv": [{"side": "red", "ccv": -20}, {"side": "red", "ccv": -30}]})


def _walk(**c2: Any) -> tuple[Game, list[dict[str, Any]]]:
    b = OpBuilder(columns=12, rows=1)
    b.raw["calendar"]["turns"] = 2
    b.rules("fog", enabled=False)
    b.rules("victory", victory_level=None)
    b.table("turns", pattern=["night"], supply="move_plus")
    b.table("c2", **c2)
    b.unit("walker", "inf", "c1r1", quality="conscript", readiness=40.0)
    game = b.game(seed=5)
    stack = game.state.units["walker"].stack
    assert stack is not None
    start = len(game.log)
    path = tuple(f"c{c}r1" for c in range(2, 6))
    game.apply(OrderMove(stack, path))
    game.apply(SealPlan())
    game.apply(SealPlan())
    return game, game.log.records[start:]


def test_om18_ow10_a_delayed_stack_loses_the_steps_mp_and_stays_behind() -> None:
    # Conscript, night, readiness 40, Supported: -20 + (-20 - 20) + 40 + 40 = 20%.
    game, records = _walk(ccv=[{"side": "red", "ccv": -20}])
    delays = [r for r in records if r["type"] == "op_c2_delay"]
    steps = [r for r in records if r["type"] == "wego_step"]
    assert delays, "at 20% the walker is delayed at least once in its 4 hexes"
    assert all(d["chance"] == 20.0 and d["roll"] >= 20 for d in delays)
    assert delays[0]["lost"] == 1.25  # the open hex's price (OH3)
    # 8 MP x readiness 40's factor (0.7) = 5.6 MP: 4 open hexes without delays.
    assert sum(d["lost"] for d in delays) + 1.25 * len(steps) == pytest.approx(5.6)
    assert len(steps) < 4
    place = game.state.stacks[game.state.units["walker"].stack or ""].region
    assert place == f"c{1 + len(steps)}r1"
    used = op_state.data(game)["turn"]["used"].get("walker", [0.0, 5.6])
    assert used[0] == pytest.approx(1.25 * len(steps))  # delays spend no readiness (OM19)
    _, free_records = _walk(delays=False)
    assert not [r for r in free_records if r["type"] == "op_c2_delay"]
    assert len([r for r in free_records if r["type"] == "wego_step"]) == 4


def test_om18_a_game_with_c2_delays_saves_and_loads() -> None:
    """The delay's record type (``op_c2_delay``) has a digit: a save holding one was refused
    by the save model's record-type pattern before."""
    import json

    game, records = _walk(ccv=[{"side": "red", "ccv": -20}])
    assert any(r["type"] == "op_c2_delay" for r in records)
    copy = Game.load(game.scenario, json.loads(json.dumps(game.save())))
    assert copy.log.jsonl() == game.log.jsonl()
