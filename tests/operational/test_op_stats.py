"""Statistics over time of an operational game (OF9, OF4): the points each side's supply
orders used and its pools, its units' LOC states, the strength lost in battle and the moves
command delays held back, per ended turn, from the log alone."""

from __future__ import annotations

import json

import pytest

from engine import Game
from engine.ai import BaselineAI
from engine.wego.op import queries
from engine.wego.op.actions import OrderSupply
from engine.wego.op.stats import op_statistics
from tests.operational.test_supply_play import game_of, play_turn, row
from tests.operational.view_scenario import front


def test_of9_the_points_an_order_used_and_the_pools_left_are_counted_per_turn() -> None:
    b = row()
    b.unit("inf", "inf", "c3r1", hq="div")
    b.unit("foe", "inf", "c14r1", nation="blueland")
    game = game_of(b)
    game.apply(OrderSupply("div", move_plus=True))
    cost = queries.hq_pools(game, "red", viewer="red").costs["div"]
    play_turn(game, [])
    play_turn(game, [])
    stats = op_statistics(game.log.records)
    assert [s.turn for s in stats] == [1, 2]
    assert stats[0].spent["red"]["fuel"] == cost.fuel > 0
    assert stats[1].spent["red"]["fuel"] == 0  # no order in turn 2
    assert stats[0].pools["red"]["fuel"] == 12 - cost.fuel + 2  # OS1: the arrival on top
    assert stats[1].pools["red"]["fuel"] == 12 - cost.fuel + 4
    assert stats[0].loc["red"] == {"supported": 3}  # army, div, inf
    assert stats[0].strength_lost == {} and stats[0].delays == {}


def test_of9_of4_battle_losses_and_delays_follow_the_records_of_a_played_game() -> None:
    game = Game(front(turns=3).build(), 3)
    ai = BaselineAI()
    while game.outcome() is None:
        game.apply(ai.choose(game))
    records = game.log.records
    stats = op_statistics(records)
    assert [s.turn for s in stats] == [1, 2, 3]
    battles = [r for r in records if r["type"] == "op_battle"]
    assert battles, "the AI attacks in three turns"
    for turn in stats:
        lost: dict[str, float] = {}
        for battle in (r for r in battles if r["turn"] == turn.turn):
            for line in battle["units"]:
                drop = (line["strength_before"] - line["strength_after"]) / 100
                lost[line["side"]] = lost.get(line["side"], 0.0) + drop
        assert turn.strength_lost == pytest.approx(lost, abs=1e-4)  # rounded to 4 places
        delays = [r for r in records if r["type"] == "op_c2_delay" and r["turn"] == turn.turn]
        assert sum(turn.delays.values()) == len(delays)
    # The figures come from the log alone: a game loaded from its save gives the same.
    copy = Game.load(game.scenario, json.loads(json.dumps(game.save())))
    assert op_statistics(copy.log.records) == stats
