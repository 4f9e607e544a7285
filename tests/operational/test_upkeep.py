"""The supply side of the end of a turn (OT8: replacements, LOC states, points for the next
turn, the record) and the queries a view reads (OQ12, OS3, OA15), on a small scenario."""

from __future__ import annotations

import json
from dataclasses import replace

from engine.dice import Dice
from engine.operational.assets import asset_states, dispatch
from engine.operational.loc import LocNetwork
from engine.operational.logistics import LogisticsView
from engine.operational.supply import Pool, SupplyOrder, reserve, starting_pools
from engine.operational.upkeep import end_of_turn_supply
from tests.operational.command_builder import CommandBuilder


def _scenario() -> CommandBuilder:
    b = CommandBuilder(20, 1)
    b.hq("army", "c1r1", echelon="army", loc_range=16)
    b.hq("div", "c3r1", parent="army")
    b.unit("inf", "inf", "c5r1", hq="div", strength=70.0)
    b.unit("scout", "recce", "c6r1", hq="div")
    b.supply_source("c1r1")
    b.table(
        "supply",
        pools=[{"side": "red", "stock": {"fuel": 20, "personnel": 20, "equipment": 20},
                "arrival": {"fuel": 5, "ammo": 3}}],
    )  # fmt: skip
    b.table(
        "assets",
        assets=[{"id": "stuka", "side": "red", "missions": ["ground_attack"],
                 "delay": {"turns": 2}}],
    )  # fmt: skip
    return b


def test_ot8_end_of_turn_applies_replacements_traces_loc_and_adds_the_arrival() -> None:
    b = _scenario()
    board, units = b.board_and_units()
    network, tree = LocNetwork.of(board), b.tree()
    pools = starting_pools(board.rules)
    orders = [SupplyOrder("div", move_plus=True, replacements=True)]
    left, placed, refused = reserve(board.rules, tree, units, orders, pools["red"])
    assert not refused
    spent = pools["red"] - left
    # During the turn the scout ran far east, out of every HQ's range.
    units["scout"] = replace(units["scout"], hex=board.index("c20r1"))
    turn = end_of_turn_supply(
        network,
        tree,
        units,
        {"red": left},
        {"red": placed},
        moved=["scout"],
        spent={"red": spent},
    )
    assert turn.units["inf"].strength == 80.0  # OS13: Repl+ and it stayed
    assert turn.units["scout"].loc == "isolated"  # OQ7
    assert turn.units["inf"].loc == "supported"
    assert turn.pools["red"] == left + Pool(fuel=5, ammo=3)  # OS1, OS7: leftovers carry on
    record = turn.records[0]
    assert record["type"] == "op_supply" and record["side"] == "red"
    assert record["spent"]["fuel"] == spent.fuel > 0
    assert record["replacements"] == {"inf": 10.0}
    assert record["changed"] == [{"unit": "scout", "before": "supported", "after": "isolated"}]
    assert record["loc"]["supported"] == 3
    json.dumps(turn.records)  # the log keeps plain JSON
    # OS3: nothing carries over: next turn, with no new orders, every unit is at Basic.
    view = LogisticsView.of(network, tree, turn.units, turn=2)
    assert not view.supply_level("inf").move_plus


def test_oa10_interdiction_takes_from_the_arrival_and_cuts_ranges() -> None:
    b = _scenario()
    b.unit("edge", "inf", "c11r1", hq="div")  # 10 MP from the division
    board, units = b.board_and_units()
    turn = end_of_turn_supply(
        LocNetwork.of(board),
        b.tree(),
        units,
        {"red": Pool()},
        {},
        interdiction_lost={"red": Pool(fuel=6, ammo=4)},
        loc_cut={"red": 10.0},
    )
    assert turn.pools["red"] == Pool()  # 5 - 6 and 3 - 4: never below 0
    assert turn.traces["red"].ranges["div"] == 9
    assert turn.units["edge"].loc == "extended"  # the army's range still reaches (OQ6)
    assert turn.traces["red"].fed_by["edge"] == "army"


def test_the_view_answers_hq_loc_supply_and_assets_without_rederiving_rules() -> None:
    b = _scenario()
    b.unit("far", "inf", "c19r1", hq="div")
    board, units = b.board_and_units()
    network, tree = LocNetwork.of(board), b.tree()
    states = asset_states(board.rules)
    view = LogisticsView.of(
        network,
        tree,
        units,
        turn=1,
        orders={"red": [SupplyOrder("div", combat_plus=True)]},
        asset_states=states,
    )
    assert view.hq_of("inf") == "div" and view.chain("inf") == ("div", "army")
    assert view.loc_state("inf") == "supported" and view.fed_by("inf") == "div"
    assert view.loc_state("far") == "isolated" and view.fed_by("far") is None
    assert view.combat_multiplier("far") == 0.5 and view.c2_modifier("far") == -40
    assert view.supply_level("inf").combat_plus and not view.supply_level("army").combat_plus
    assert view.reach("div")[board.index("c7r1")] == 2
    assert view.order_cost(SupplyOrder("div", move_plus=True)).fuel > 0
    assert "short" in view.order_refusal(SupplyOrder("div", move_plus=True), Pool())
    assert [a.id for a in view.assets_now("red")] == ["stuka"]
    asset = board.rules.assets.assets[0]
    flown = {"stuka": dispatch(board.rules.assets, asset, states["stuka"], 1, Dice(0))}
    later = LogisticsView.of(network, tree, units, turn=2, asset_states=flown)
    assert later.assets_now("red") == []
    assert later.asset_availability("stuka").turns_left == 1
