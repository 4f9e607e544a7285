"""HQs, lines of communication and supply played in WEGO turns (issue 15): the state kept in
the game and its save, the upkeep at the end of each turn, its effects on movement, combat
and rest, the supply and HQ actions of a plan, the queries of a view and the AI.

The map is one row of open hexes (``c1r1`` west ... ``c14r1`` east). Red's army HQ stands on
its supply source at ``c1r1`` (range 8 MP), its division HQ at ``c2r1`` (range 10 MP) and
the division's infantry at ``c3r1``; infantry has 8 MP, halved at Basic supply (OS4). A supply
truck pays 1.25 MP a hex: the division reaches ``c10r1`` (Supported to ``c6r1``), the army
``c7r1``.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine import Game, IllegalAction
from engine import board as places
from engine.ai import BaselineAI
from engine.operational import AttackSpec, odds_preview
from engine.wego import film, plan, views
from engine.wego.op import queries, supply
from engine.wego.op import state as op_state
from engine.wego.op.actions import CancelSupply, OrderSupply, ReassignHq
from engine.wego.orders import OrderAttack, OrderMove, SealPlan
from tests.operational.command_builder import CommandBuilder
from tests.operational.play import stack

POOLS = {
    "side": "red",
    "stock": {"fuel": 12, "ammo": 12, "personnel": 30, "equipment": 30},
    "arrival": {"fuel": 2, "ammo": 1},
}


def row(columns: int = 14, turns: int = 3) -> CommandBuilder:
    b = CommandBuilder(columns, 1)
    b.raw["calendar"]["turns"] = turns
    b.rules("fog", enabled=False)
    b.rules("victory", victory_level=None)
    b.hq("army", "c1r1", echelon="army", loc_range=8)
    b.hq("div", "c2r1", parent="army")
    b.supply_source("c1r1")
    b.table("supply", pools=[POOLS])
    # The moves these tests count are the rules of supply's, not command delays' (OM18).
    b.table("c2", delays=False)
    return b


def game_of(b: CommandBuilder, seed: int = 1) -> Game:
    return Game(b.build(), seed)


def records(game: Game, kind: str, start: int = 0) -> list[dict[str, Any]]:
    return [r for r in game.log.records[start:] if r["type"] == kind]


def play_turn(game: Game, red: list[Any], blue: list[Any] | None = None) -> int:
    """Both plans given and sealed; returns where the turn's records start."""
    start = len(game.log)
    for action in red:
        game.apply(action)
    game.apply(SealPlan())
    for action in blue or []:
        game.apply(action)
    game.apply(SealPlan())
    return start


def test_oq7_the_game_traces_lines_of_communication_before_the_first_plan() -> None:
    b = row()
    b.unit("inf", "inf", "c3r1", hq="div")
    b.unit("far", "inf", "c13r1", hq="div")
    b.unit("foe", "inf", "c14r1", nation="blueland")
    game = game_of(b)
    states = queries.loc_states(game, "red")
    assert states["army"] == "supported"  # OQ5: on its source
    assert states["inf"] == "supported"  # OQ7: within half its HQ's range
    assert states["far"] == "isolated"  # out of every range, a Supported HQ still has a path
    assert queries.loc_states(game, "blue") == {"foe": "supported"}  # no HQs: not traced
    assert op_state.units(game)["far"].loc == "isolated"  # the rules read the kept state


@pytest.mark.parametrize(("weather", "state"), [("good", "encircled"), ("frozen", "supported")])
def test_ow1_oq4_the_games_trace_crosses_a_river_only_when_it_is_frozen(
    weather: str, state: str
) -> None:
    """The unbridged river east of the division HQ cuts its infantry off, except on a day of
    frozen weather, when the trucks cross it like the units (OW1)."""
    b = row().table("turns", weather=[weather])
    b.hexside("c3r1", "c4r1", "river")
    b.unit("inf", "inf", "c5r1", hq="div")
    game = game_of(b)
    assert queries.loc_states(game, "red")["inf"] == state


def test_os4_os5_move_plus_gives_full_mp_and_basic_halves_them() -> None:
    b = row()
    b.unit("inf", "inf", "c3r1", hq="div")
    b.unit("foe", "inf", "c14r1", nation="blueland")
    game = game_of(b)
    inf = game.state.stacks[stack(game, "inf")]
    assert plan.allowance(game, inf) == 4.0  # OS4: Basic halves 8 MP
    game.apply(OrderSupply("div", move_plus=True))
    assert plan.allowance(game, inf) == 8.0  # OS5: Move+ gives them whole
    foe = game.state.stacks[stack(game, "foe")]
    assert plan.allowance(game, foe) == 4.0  # a side without HQs: turns.supply (Basic)
    game.apply(CancelSupply("div"))
    assert plan.allowance(game, inf) == 4.0


def test_os5_a_move_plus_stack_goes_twice_as_far_in_execution() -> None:
    b = row()
    b.unit("inf", "inf", "c3r1", hq="div")
    b.unit("foe", "inf", "c14r1", nation="blueland")
    game = game_of(b)
    path = ("c4r1", "c5r1", "c6r1", "c7r1", "c8r1", "c9r1")
    with pytest.raises(IllegalAction):
        game.check(OrderMove(stack(game, "inf"), path))  # 7.5 MP at Basic's 4
    play_turn(game, [OrderSupply("div", move_plus=True), OrderMove(stack(game, "inf"), path)])
    assert game.state.stacks[stack(game, "inf")].region == "c9r1"


def test_os7_os11_os1_orders_are_paid_when_the_plans_close_and_the_arrival_comes_after() -> None:
    b = row()
    b.unit("inf", "inf", "c3r1", hq="div")
    b.unit("foe", "inf", "c14r1", nation="blueland")
    game = game_of(b)
    game.apply(OrderSupply("div", move_plus=True))
    cost = queries.hq_pools(game, "red", viewer="red").costs["div"]
    assert cost.fuel > 0 and cost.ammo == 0  # Move+ costs fuel only (OS9)
    assert supply.pool(game, "red").fuel == 12  # reserved, not yet paid
    start = play_turn(game, [])
    paid = records(game, "op_supply", start)
    assert [r["side_id"] for r in paid] == ["blue", "red"]
    red = paid[1]
    assert red["spent"]["fuel"] == cost.fuel
    assert red["pools"]["fuel"] == 12 - cost.fuel + 2  # OS1: the arrival comes on top
    assert supply.pool(game, "red").fuel == 12 - cost.fuel + 2
    assert supply.orders(game, "red") == []  # OS3: every HQ back at Basic


def test_os11_an_order_the_pools_cannot_pay_is_refused_while_planning() -> None:
    b = row()
    b.unit("inf", "inf", "c3r1", hq="div")
    b.raw["rules"]["operational"]["supply"]["pools"] = [{**POOLS, "stock": {"fuel": 1}}]
    game = game_of(b)
    with pytest.raises(IllegalAction, match="short"):
        game.check(OrderSupply("div", move_plus=True))
    assert OrderSupply("div", move_plus=True) not in game.legal_actions()


def test_os8_an_isolated_hq_stays_at_basic() -> None:
    b = row()
    b.hq("lost", "c13r1", parent="army")
    b.unit("inf", "inf", "c12r1", hq="lost")
    game = game_of(b)
    assert queries.loc_states(game, "red")["lost"] == "isolated"
    with pytest.raises(IllegalAction, match="OS8"):
        game.check(OrderSupply("lost", move_plus=True))
    assert not any(isinstance(a, OrderSupply) and a.hq == "lost" for a in game.legal_actions())
    assert OrderSupply("div", combat_plus=True) in game.legal_actions()


def test_oq9_os12_an_isolated_unit_fights_at_half_its_factor() -> None:
    b = row()
    b.unit("near", "inf", "c3r1", hq="div")
    b.unit("far", "inf", "c12r1", hq="div")
    b.unit("foe", "inf", "c13r1", nation="blueland")
    game = game_of(b)
    board, units = op_state.board_of(game), op_state.units(game)
    preview = odds_preview(board, units, AttackSpec(("far",), board.index("c13r1")))
    (line,) = [f for f in preview.attackers if f.unit == "far"]
    assert line.loc == 0.5


def test_os6_combat_plus_doubles_the_attack_in_a_battle() -> None:
    def battle(plus: bool) -> dict[str, Any]:
        b = row()
        b.unit("inf", "inf", "c3r1", hq="div")
        b.unit("foe", "inf", "c4r1", nation="blueland")
        game = game_of(b)
        red: list[Any] = [OrderAttack(stack(game, "inf"), "c4r1")]
        if plus:
            red.insert(0, OrderSupply("div", combat_plus=True))
        start = play_turn(game, red)
        (found,) = records(game, "op_battle", start)
        return found

    assert battle(True)["attack_total"] == pytest.approx(2 * battle(False)["attack_total"])


def test_ou7_oq9_only_a_supplied_unit_rests_at_the_end_of_a_turn() -> None:
    b = row()
    b.unit("near", "inf", "c3r1", hq="div", readiness=50.0)
    b.unit("far", "inf", "c12r1", hq="div", readiness=50.0)
    game = game_of(b)
    start = play_turn(game, [])
    (rest,) = records(game, "op_end_of_turn", start)
    assert rest["units"]["near"][0] > 50.0  # Supported: it rests
    assert "far" not in rest["units"] or rest["units"]["far"][0] == 50.0  # Isolated: no rest


def test_os13_repl_plus_gives_strength_to_a_supplied_unit_that_stays() -> None:
    b = row()
    b.unit("inf", "inf", "c3r1", hq="div", strength=70.0)
    game = game_of(b)
    start = play_turn(game, [OrderSupply("div", replacements=True)])
    (red,) = [r for r in records(game, "op_supply", start) if r["side_id"] == "red"]
    assert red["replacements"] == {"inf": 10.0}
    assert op_state.units(game)["inf"].strength == 80.0
    assert red["spent"]["personnel"] > 0


def test_oq7_a_unit_that_runs_out_of_range_is_isolated_after_the_turn() -> None:
    b = row()
    b.unit("scout", "recce", "c3r1", hq="div")
    game = game_of(b)
    path = tuple(f"c{n}r1" for n in range(4, 14))
    start = play_turn(
        game, [OrderSupply("div", move_plus=True), OrderMove(stack(game, "scout"), path)]
    )
    (red,) = [r for r in records(game, "op_supply", start) if r["side_id"] == "red"]
    assert {"unit": "scout", "before": "supported", "after": "isolated"} in red["changed"]
    assert queries.loc_states(game, "red")["scout"] == "isolated"


def test_oo16_a_division_hq_moves_to_another_corps_of_its_army() -> None:
    b = CommandBuilder(14, 1)
    b.rules("fog", enabled=False)
    b.rules("victory", victory_level=None)
    b.hq("army", "c1r1", echelon="army")
    b.hq("k1", "c2r1", parent="army", echelon="corps")
    b.hq("k2", "c3r1", parent="army", echelon="corps")
    b.hq("div", "c4r1", parent="k1")
    b.supply_source("c1r1")
    game = game_of(b)
    assert ReassignHq("div", "k2") in game.legal_actions()
    with pytest.raises(IllegalAction, match="OO16"):
        game.check(ReassignHq("k1", "k2"))
    game.apply(ReassignHq("div", "k2"))
    assert supply.tree(game).hq_of("div") == "k2"
    assert views.save_view(game, "blue")["state"]["operational"]["supply"]["parents"] == {}
    assert views.save_view(game, "red")["state"]["operational"]["supply"]["parents"] == {
        "div": "k2"
    }
    copy = Game.load(game.scenario, json.loads(json.dumps(game.save())))
    assert supply.tree(copy).hq_of("div") == "k2"  # kept in the save
    copy.apply(ReassignHq("div", "k1"))
    assert supply.data(copy)["parents"] == {}


def test_ot3_supply_orders_are_hidden_from_the_other_side() -> None:
    b = row()
    b.unit("inf", "inf", "c3r1", hq="div")
    b.unit("foe", "inf", "c14r1", nation="blueland")
    game = game_of(b)
    game.apply(OrderSupply("div", move_plus=True))
    with pytest.raises(plan.HiddenPlan):
        queries.hq_pools(game, "red", viewer="blue")
    with pytest.raises(plan.HiddenPlan):
        queries.unit_supply(game, "red", viewer="blue")
    blue = views.save_view(game, "blue")
    assert blue["state"]["operational"]["supply"]["orders"] == {}
    kinds = [r["action"]["kind"] for r in blue["log"] if r["type"] == "action"]
    assert "op_order_supply" not in kinds
    red = views.save_view(game, "red")
    assert red["state"]["operational"]["supply"]["orders"]["red"]["div"]["move_plus"]
    game.apply(SealPlan())
    with pytest.raises(IllegalAction, match="HQ of 'blue'"):
        game.check(OrderSupply("div", move_plus=True))  # blue plans now


def test_oq12_the_queries_give_lines_reach_and_levels() -> None:
    b = row()
    b.unit("inf", "inf", "c4r1", hq="div")
    game = game_of(b)
    game.apply(OrderSupply("div", move_plus=True, combat_plus=True))
    links = queries.loc_links(game, "red")
    assert links["army"].feeder == "source:c1r1"
    assert links["inf"].feeder == "div"
    assert links["inf"].path == ("c2r1", "c3r1", "c4r1")
    reach = queries.hq_reach(game, "red", "div")
    assert reach["c3r1"] == 2 and "c14r1" not in reach
    levels = queries.unit_supply(game, "red", viewer="red")
    assert levels["inf"].movement == "move_plus" and levels["inf"].combat_plus
    pools = queries.hq_pools(game, "red", viewer=None)
    assert pools.left.fuel == pools.pools.fuel - pools.costs["div"].fuel
    cost, why = queries.order_preview(
        game, "red", OrderSupply("army", move_plus=True), viewer="red"
    )
    assert why == "" and cost.fuel > 0


def test_ot6_a_save_with_supply_orders_loads_and_plays_to_the_same_end() -> None:
    b = row()
    b.unit("inf", "inf", "c3r1", hq="div", strength=60.0)
    b.unit("foe", "inf", "c8r1", nation="blueland")
    game = game_of(b)
    game.apply(OrderSupply("div", move_plus=True, replacements=True))
    text = json.dumps(game.save())
    copy = Game.from_save(game.scenario, text)
    for g in (game, copy):
        play_turn(g, [OrderMove(stack(g, "inf"), ("c4r1",))])
        play_turn(g, [OrderSupply("div", replacements=True)])
    assert copy.state.to_json() == game.state.to_json()
    assert copy.log.records == game.log.records


def test_a_save_made_before_supply_was_kept_still_loads() -> None:
    b = row()
    b.unit("inf", "inf", "c3r1", hq="div")
    b.unit("far", "inf", "c13r1", hq="div")
    game = game_of(b)
    op_state.units(game)
    data = game.save()
    del data["state"]["operational"]["supply"]
    old = Game.load(game.scenario, data)
    assert queries.loc_states(old, "red")["far"] == "isolated"
    assert supply.pool(old, "red").fuel == 12


def test_the_ai_buys_supply_for_its_moves_and_keeps_its_hq_back() -> None:
    b = row(turns=2)
    b.unit("tank", "armour", "c3r1", hq="div")
    b.unit("inf", "inf", "c3r1", hq="div")
    b.unit("foe", "inf", "c4r1", nation="blueland", quality="green", strength=50.0)
    b.unit("foe2", "inf", "c9r1", nation="blueland")
    game = game_of(b)
    ai = BaselineAI()
    while game.outcome() is None and game.turn == 1:
        game.apply(ai.choose(game))
    given = [
        r["action"] for r in game.log.records if r["type"] == "action" and r.get("by") == "red"
    ]
    bought = [a for a in given if a["kind"] == "op_order_supply"]
    attacks = [a for a in given if a["kind"] in ("order_attack", "order_assault")]
    assert attacks and bought
    assert any(a["hq"] == "div" and a["combat_plus"] for a in bought)
    # Bought before the stacks' orders (a first draft's needs), so routes get Move+'s MP.
    assert given[0]["kind"] == "op_order_supply"
    # The division HQ stood two hexes from the enemy: it fell back west.
    (hq_order,) = [a for a in given if a.get("stack") == stack(game, "div")]
    assert hq_order["kind"] == "order_move" and hq_order["path"] == ["c1r1"]


def test_oq5_the_ai_brings_a_cut_off_hq_back_into_supply() -> None:
    b = row(turns=2)
    b.hq("far_div", "c11r1", parent="army")
    b.unit("foe", "inf", "c14r1", nation="blueland")
    game = game_of(b)
    assert queries.loc_states(game, "red")["far_div"] == "isolated"
    ai = BaselineAI()
    while game.outcome() is None and game.turn == 1:
        game.apply(ai.choose(game))
    # 4 MP at Basic take it three hexes west, within its own range of the source (OQ5).
    assert game.state.stacks[stack(game, "far_div")].region == "c8r1"
    assert queries.loc_states(game, "red")["far_div"] == "supported"


def test_oq11_the_units_of_a_destroyed_hq_drop_a_quality_level_and_draw_from_the_next() -> None:
    b = row()
    b.unit("inf", "inf", "c3r1", hq="div", quality="veteran")
    game = game_of(b)
    assert queries.loc_states(game, "red")["div"] == "supported"  # traced while it stood
    places.eliminate(game, "div", "destroyed in a battle", vp=False)  # as a battle does
    op_state.forget(game, "div")
    start = play_turn(game, [])
    (lost,) = records(game, "op_hq_lost", start)
    assert lost["hq"] == "div" and lost["units"] == {"inf": "regular"}
    assert op_state.units(game)["inf"].quality == "regular"
    assert queries.loc_states(game, "red")["inf"] == "extended"  # the army's, capped
    copy = Game.load(game.scenario, json.loads(json.dumps(game.save())))
    assert op_state.units(copy)["inf"].quality == "regular"  # kept in the save
    play_turn(game, [])
    assert not records(game, "op_hq_lost", start + 1)[1:]  # once only
    assert op_state.units(game)["inf"].quality == "regular"


def test_ot6_an_ai_game_with_hqs_saved_at_any_plan_loads_to_the_same_end() -> None:
    b = row(turns=3)
    b.unit("tank", "armour", "c3r1", hq="div", strength=80.0)
    b.unit("inf", "inf", "c4r1", hq="div")
    b.unit("foe", "inf", "c7r1", nation="blueland")
    b.unit("foe2", "motor", "c9r1", nation="blueland")
    scenario = b.build()
    game, ai = Game(scenario, 5), BaselineAI()
    saves: list[str] = []
    while game.outcome() is None:
        game.apply(ai.choose(game))
        if game.phase == "wego_planning" and len(saves) < 6:
            saves.append(json.dumps(game.save()))
    kinds = {r["type"] for r in game.log.records}
    assert {"op_supply", "op_battle"} <= kinds
    assert film.verify(game.log.records) == []
    for text in saves[::2]:
        copy, other = Game.from_save(scenario, text), BaselineAI()
        while copy.outcome() is None:
            copy.apply(other.choose(copy))
        assert copy.state.to_json() == game.state.to_json()
        assert copy.log.records == game.log.records
