"""Engineers (OE1-OE9, OO14) on small hand-made hex scenarios: the combat engineers' shift
against a fort, breaching minefields, bridge work, pontoons, their orders in a hidden plan,
the map's work in the save and the hexside marks of the game view."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine import Game
from engine.errors import IllegalAction
from engine.operational.movement import step_cost
from engine.wego.op import state as op_state
from engine.wego.op import works
from engine.wego.op.actions import CancelEngineer, OrderEngineer
from engine.wego.orders import OrderAttack, OrderMove, SealPlan
from engine.wego.plan import HiddenPlan
from schemas.operational.terrain import HexsideEffect, default_hexside_effects
from tests.operational.command_builder import CommandBuilder

BRIDGER = {"category": "bridging_engineer", "attack": 1, "defence": 2, "movement": 8}


def builder(columns: int = 6, **engineering: Any) -> CommandBuilder:
    b = CommandBuilder(columns=columns, rows=1)
    b.raw["calendar"]["turns"] = 12
    b.rules("fog", enabled=False)
    b.rules("victory", victory_level=None)
    b.raw["unit_types"].append({"id": "bridger", "name": "Bridger", "operational": BRIDGER})
    if engineering:
        b.table("engineering", **engineering)
    return b


def turn(game: Game, *actions: Any) -> list[dict[str, Any]]:
    """Red plans ``actions``, both sides seal: the records of the turn."""
    start = len(game.log)
    for action in actions:
        game.apply(action)
    game.apply(SealPlan())
    game.apply(SealPlan())
    return game.log.records[start:]


def of_type(records: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    return [r for r in records if r["type"] == kind]


def stack_of(game: Game, unit: str) -> str:
    found = game.state.units[unit].stack
    assert found is not None
    return found


def crossing(game: Game, a: str, b: str) -> str:
    """Why the tank may not step from ``a`` into ``b`` (empty when it may)."""
    board = op_state.board_of(game)
    units = op_state.units(game)
    step = step_cost(board, units["tank"], board.index(a), board.index(b))
    return step.reason


# -- OE1 ------------------------------------------------------------------------------------------


def _fort_battle(attacker_types: tuple[str, ...], defender: str) -> dict[str, Any]:
    b = builder()
    b.structure("bunker", "c4r1", kind="fort", fortification=2, owner="blueland")
    for n, kind in enumerate(attacker_types):
        b.unit(f"a{n}", kind, "c3r1", echelon="battalion")
    b.unit("foe", defender, "c4r1", nation="blueland", echelon="battalion")
    game = b.game(seed=4)
    (battle,) = of_type(turn(game, OrderAttack(stack_of(game, "a0"), "c4r1", ())), "op_battle")
    return battle


def test_oe1_combat_engineers_shift_the_attack_on_a_fort_on_open_ground() -> None:
    """OE1, OC10: a fort (on open terrain, not a town) is an engineer target."""
    battle = _fort_battle(("inf", "eng"), "inf")
    assert battle["overlay"] == "fort"
    (shift,) = [s for s in battle["shifts"] if s["kind"] == "engineers"]
    assert shift["value"] == 1
    without = _fort_battle(("inf", "inf"), "inf")
    assert not [s for s in without["shifts"] if s["kind"] == "engineers"]


def test_oe1_combat_engineers_give_nothing_on_defence() -> None:
    battle = _fort_battle(("inf",), "eng")
    assert not [s for s in battle["shifts"] if s["kind"] == "engineers"]


# -- OE2 breaching ----------------------------------------------------------------------------


def mined(**engineering: Any) -> Game:
    b = builder(**engineering)
    b.hexside("c3r1", "c4r1", "minefield")
    b.unit("eng", "eng", "c3r1", echelon="battalion")
    b.unit("tank", "armour", "c2r1", echelon="regiment")
    return b.game(seed=3)


def test_oe2_a_combat_engineer_breaches_at_its_chance_and_the_order_persists() -> None:
    game = mined()
    assert OrderEngineer("eng", "breach") in game.legal_actions()
    records = turn(game, OrderEngineer("eng", "breach"))
    rolls = of_type(records, "op_engineering")
    for _ in range(20):  # OO14: the order stays in force until the minefield is breached
        if rolls[-1]["result"] == "breached":
            break
        assert works.orders(game, "red")["eng"].task == "breach"
        rolls += of_type(turn(game), "op_engineering")
    assert [r["result"] for r in rolls][-1] == "breached"
    for r in rolls:
        assert r["chance"] == 0.5 and r["hexsides"] == ["c3r1-c4r1"]
        assert (r["roll"] <= 50) == (r["result"] == "breached")
    assert works.orders(game, "red") == {}  # nothing left to breach: the order ends
    # OH7: the breached minefield costs +3 MP and lets zones of control across.
    board = op_state.board_of(game)
    side = board.hexside(board.index("c3r1"), board.index("c4r1"))
    assert side is not None
    feature = board.feature(side)
    assert feature is not None and feature.connection_type == "breached-minefield"
    assert not board.zoc_blocked[board.index("c3r1")].all()


def test_oe2_the_breach_chance_is_the_scenarios_and_certain_at_one() -> None:
    game = mined(breach=1.0)
    (roll,) = of_type(turn(game, OrderEngineer("eng", "breach")), "op_engineering")
    assert roll["result"] == "breached"
    assert works.data(game)["breached"] == ["c3r1-c4r1"]
    never = mined(breach=0.0)
    for _ in range(3):
        turn(never, *([OrderEngineer("eng", "breach")] if not works.orders(never, "red") else []))
    assert works.data(never)["breached"] == []


def test_oe2_only_combat_engineers_next_to_a_minefield_breach() -> None:
    game = mined()
    with pytest.raises(IllegalAction, match="OE2"):
        game.apply(OrderEngineer("tank", "breach"))
    b = builder()
    b.unit("eng", "eng", "c3r1", echelon="battalion")  # no minefield anywhere
    plain = b.game(seed=1)
    with pytest.raises(IllegalAction, match="OE2"):
        plain.apply(OrderEngineer("eng", "breach"))


# -- OE3, OE4, OE7 bridges ------------------------------------------------------------------------


def bridged(river: str = "river", **engineering: Any) -> Game:
    b = builder(**engineering)
    b.hexside("c3r1", "c4r1", river)
    b.road("road", "c1r1", "c2r1", "c3r1", "c4r1", "c5r1")
    b.bridge("c3r1", "c4r1")
    b.unit("bridger", "bridger", "c3r1", echelon="battalion")
    b.unit("eng", "eng", "c3r1", echelon="battalion")
    b.unit("tank", "armour", "c2r1", echelon="regiment")
    return b.game(seed=5)


def test_oe3_combat_engineers_do_no_bridge_work() -> None:
    game = bridged()
    legal = game.legal_actions()
    assert OrderEngineer("bridger", "destroy_bridge", "c4r1") in legal
    assert OrderEngineer("bridger", "repair_bridge", "c4r1") not in legal  # it stands
    assert not [a for a in legal if isinstance(a, OrderEngineer) and a.unit == "eng"]
    with pytest.raises(IllegalAction, match="OE3"):
        game.apply(OrderEngineer("eng", "destroy_bridge", "c4r1"))


@pytest.mark.parametrize(("river", "destroy"), [("river", 0.8), ("major-river", 0.4)])
def test_oe4_the_chance_per_turn_depends_on_the_bridge(river: str, destroy: float) -> None:
    game = bridged(river)
    (roll,) = of_type(
        turn(game, OrderEngineer("bridger", "destroy_bridge", "c4r1")), "op_engineering"
    )
    assert roll["chance"] == destroy
    assert (roll["roll"] <= destroy * 100) == (roll["result"] == "destroyed")


def test_oe4_oe7_a_destroyed_bridge_closes_the_crossing_until_repaired() -> None:
    sure = {"destroy": 1.0, "repair": 1.0}
    game = bridged(minor_bridge=sure)
    assert crossing(game, "c3r1", "c4r1") == ""
    records = turn(game, OrderEngineer("bridger", "destroy_bridge", "c4r1"))
    assert [r["result"] for r in of_type(records, "op_engineering")] == ["destroyed"]
    assert works.data(game)["destroyed"] == ["c3r1-c4r1"]
    assert "bridge" in crossing(game, "c3r1", "c4r1")  # OE7: impassable again
    assert works.orders(game, "red") == {}  # done: the order ends
    # The truck network of the lines of communication lost the crossing too.
    from engine.wego.op import supply

    net = supply.network(game)
    a, b = net.board.index("c3r1"), net.board.index("c4r1")
    assert not ((net.src == a) & (net.dst == b)).any()
    legal = game.legal_actions()
    assert OrderEngineer("bridger", "repair_bridge", "c4r1") in legal
    assert OrderEngineer("bridger", "destroy_bridge", "c4r1") not in legal
    turn(game, OrderEngineer("bridger", "repair_bridge", "c4r1"))
    assert works.data(game)["destroyed"] == []
    assert crossing(game, "c3r1", "c4r1") == ""


# -- OE5, OE6 pontoons ----------------------------------------------------------------------------


def river_bank(river: str = "river", *, bridge: bool = False, site: bool = True) -> CommandBuilder:
    """A bridging engineer on the bank of ``river`` (c3r1-c4r1), marked as a crossing site
    unless ``site`` is false."""
    b = builder()
    b.hexside("c3r1", "c4r1", river)
    if site:
        b.crossing_site("c3r1", "c4r1")
    if bridge:
        b.bridge("c2r1", "c3r1")
        b.hexside("c2r1", "c3r1", "river")
    b.unit("bridger", "bridger", "c3r1", echelon="battalion")
    b.unit("other", "bridger", "c3r1", echelon="battalion")
    b.unit("tank", "armour", "c3r1", echelon="regiment")
    return b


@pytest.mark.parametrize(("river", "turns"), [("river", 1), ("major-river", 2)])
def test_oe5_a_pontoon_takes_one_turn_over_a_minor_river_two_over_a_major(
    river: str, turns: int
) -> None:
    game = river_bank(river).game(seed=2)
    assert "pontoon" in crossing(game, "c3r1", "c4r1")
    results = [
        r["result"]
        for r in of_type(turn(game, OrderEngineer("bridger", "pontoon")), "op_engineering")
    ]
    while results[-1] != "built":
        results += [r["result"] for r in of_type(turn(game), "op_engineering")]
    assert results == ["building"] * (turns - 1) + ["built"]
    assert works.data(game)["pontoons"] == {"c3r1": "red"}
    assert crossing(game, "c3r1", "c4r1") == ""  # crossed without a road
    assert crossing(game, "c4r1", "c3r1") == ""


def test_oh11_a_major_river_takes_a_pontoon_only_at_a_marked_crossing_site() -> None:
    unmarked = river_bank("major-river", site=False).game(seed=2)
    assert OrderEngineer("bridger", "pontoon") not in unmarked.legal_actions()
    with pytest.raises(IllegalAction, match="crossing site"):
        unmarked.apply(OrderEngineer("bridger", "pontoon"))
    marked = river_bank("major-river").game(seed=2)
    assert OrderEngineer("bridger", "pontoon") in marked.legal_actions()


def test_oh11_a_minor_river_takes_a_pontoon_anywhere() -> None:
    game = river_bank("river", site=False).game(seed=2)
    assert OrderEngineer("bridger", "pontoon") in game.legal_actions()


def test_oh11_a_pontoon_spans_a_major_river_only_where_a_site_is_marked() -> None:
    b = river_bank("river", site=False)
    b.hexside("c2r1", "c3r1", "major-river")  # the far side of the hex: no site marked
    game = b.game(seed=2)
    results = of_type(turn(game, OrderEngineer("bridger", "pontoon")), "op_engineering")
    assert [r["result"] for r in results] == ["built"]  # the minor river's single turn
    assert crossing(game, "c3r1", "c4r1") == ""
    assert crossing(game, "c3r1", "c2r1") != ""
    assert {m.hexside for m in works.marks(game, None) if m.kind == "pontoon"} == {"c3r1-c4r1"}


def test_oh11_every_side_sees_the_maps_crossing_sites_on_rivers_only() -> None:
    b = river_bank("major-river")  # a site at c3r1-c4r1
    b.crossing_site("c1r1", "c2r1")  # on no river: reported, never marked
    b.hexside("c5r1", "c6r1", "major-river")
    b.bridge("c5r1", "c6r1")
    b.crossing_site("c5r1", "c6r1")  # a bridge stands there: no pontoon, no mark
    game = b.game(seed=2)
    for viewer in (None, "red", "blue"):
        sites = [m.hexside for m in works.marks(game, viewer) if m.kind == "crossing_site"]
        assert sites == ["c3r1-c4r1"]


def test_oe5_no_pontoon_beside_a_bridge_and_one_engineering_action_a_hex() -> None:
    game = river_bank(bridge=True).game(seed=2)
    assert OrderEngineer("bridger", "pontoon") not in game.legal_actions()
    with pytest.raises(IllegalAction, match="bridge"):
        game.apply(OrderEngineer("bridger", "pontoon"))
    plain = river_bank().game(seed=2)
    plain.apply(OrderEngineer("bridger", "pontoon"))
    with pytest.raises(IllegalAction, match="one engineering action a hex"):
        plain.apply(OrderEngineer("other", "pontoon"))
    plain.apply(CancelEngineer("bridger"))
    plain.apply(OrderEngineer("other", "pontoon"))
    assert list(works.orders(plain, "red")) == ["other"]


def test_oe6_a_pontoon_goes_when_no_bridging_engineer_is_left_in_its_hex() -> None:
    game = river_bank().game(seed=2)
    turn(game, OrderEngineer("bridger", "pontoon"))
    assert works.data(game)["pontoons"] == {"c3r1": "red"}
    # Both engineers cross their own pontoon and leave the hex: checked at the end of turn.
    records = turn(game, OrderMove(stack_of(game, "bridger"), ("c4r1",)))
    assert game.state.units["bridger"].stack is not None
    (gone,) = of_type(records, "op_pontoon_removed")
    assert (gone["region"], gone["reason"]) == (
        "c3r1",
        "no bridging engineer of its side in the hex",
    )
    assert works.data(game)["pontoons"] == {}


def test_oe6_an_enemy_next_to_the_pontoon_removes_it() -> None:
    b = river_bank()
    b.unit("foe", "inf", "c5r1", nation="blueland", echelon="battalion")
    game = b.game(seed=2)
    turn(game, OrderEngineer("bridger", "pontoon"))
    assert works.data(game)["pontoons"] == {"c3r1": "red"}
    start = len(game.log)
    game.apply(SealPlan())  # red holds
    foe = stack_of(game, "foe")
    game.apply(OrderMove(foe, ("c4r1",)))
    game.apply(SealPlan())
    (gone,) = of_type(game.log.records[start:], "op_pontoon_removed")
    assert gone["reason"] == "an enemy unit next to the pontoon's engineers"


# -- the plan, the save and the marks (OO14, OE8, OE9) -----------------------------------------


def test_oo14_engineer_orders_are_hidden_and_kept_in_the_save() -> None:
    game = bridged()
    game.apply(OrderEngineer("bridger", "destroy_bridge", "c4r1"))
    with pytest.raises(HiddenPlan):
        works.orders(game, "red", viewer="blue")
    assert works.orders(game, "red", viewer="red")["bridger"].toward == "c4r1"
    assert [m.kind for m in works.marks(game, "red")] == ["destroy_bridge"]
    # OE8: what a selected engineer without an order could do is marked as such.
    both = works.marks(game, "red", ("bridger", "eng"))
    assert [m.kind for m in both] == ["destroy_bridge"]  # the bridger has its order already
    game.apply(CancelEngineer("bridger"))
    could = works.marks(game, "red", ("bridger", "eng"))
    assert [(m.hexside, m.kind) for m in could] == [("c3r1-c4r1", "can_destroy_bridge")]
    assert works.marks(game, "blue", ("bridger",)) == []  # not blue's engineer
    game.apply(OrderEngineer("bridger", "destroy_bridge", "c4r1"))
    assert works.marks(game, "blue") == []  # another side's plan is not drawn
    copy = Game.from_save(game.scenario, json.dumps(game.save()))
    assert works.orders(copy, "red")["bridger"].task == "destroy_bridge"


def test_oe7_oe8_the_map_state_survives_save_and_load_and_is_marked_for_everyone() -> None:
    game = bridged(minor_bridge={"destroy": 1.0, "repair": 1.0})
    turn(game, OrderEngineer("bridger", "destroy_bridge", "c4r1"))
    copy = Game.from_save(game.scenario, json.dumps(game.save()))
    assert "bridge" in crossing(copy, "c3r1", "c4r1")
    assert [(m.hexside, m.kind) for m in works.marks(copy, "blue")] == [("c3r1-c4r1", "destroyed")]


def test_engineer_orders_refuse_bad_input_with_reasons() -> None:
    game = bridged()
    for action, words in (
        (OrderEngineer("bridger", "dig"), "not an engineer task"),
        (OrderEngineer("nobody", "pontoon"), "not a unit of 'red'"),
        (OrderEngineer("bridger", "destroy_bridge"), "names the hex across"),
        (OrderEngineer("bridger", "destroy_bridge", "c1r1"), "cannot destroy bridge"),
        (CancelEngineer("bridger"), "no engineer order"),
    ):
        with pytest.raises(IllegalAction, match=words):
            game.apply(action)


def test_oe9_no_order_lays_mines_and_the_tables_check_breaches() -> None:
    """OE9: minefields come from the scenario only; breaching one into itself is refused."""
    assert {"breach", "destroy_bridge", "repair_bridge", "pontoon"} == set(works.TASK_WORDS)
    with pytest.raises(ValueError, match="another feature"):
        HexsideEffect(connection_type="minefield", breached="minefield")


def test_oo14_another_sides_view_of_the_save_holds_no_engineer_order_nor_roll() -> None:
    from engine.wego.views import save_view

    game = bridged(minor_bridge={"destroy": 0.0, "repair": 0.0})
    turn(game, OrderEngineer("bridger", "destroy_bridge", "c4r1"))  # fails: still in force
    blue = save_view(game, "blue")
    assert blue["state"]["operational"]["works"]["orders"] == {}
    assert not [r for r in blue["log"] if r["type"] == "op_engineering"]
    red = save_view(game, "red")
    assert red["state"]["operational"]["works"]["orders"]["red"]["bridger"]["task"] == (
        "destroy_bridge"
    )
    assert [r for r in red["log"] if r["type"] == "op_engineering"]


# -- the baseline AI ------------------------------------------------------------------------------


def _red_plan(game: Game) -> list[dict[str, Any]]:
    from engine.ai import BaselineAI

    ai = BaselineAI()
    while game.outcome() is None and game.turn == 1 and game.to_act() == "red":
        game.apply(ai.choose(game))
    return [r["action"] for r in game.log.records if r["type"] == "action" and r.get("by") == "red"]


def test_oo14_the_ai_breaches_a_minefield_and_repairs_a_destroyed_bridge_it_stands_by() -> None:
    """The enemy is far (6 hexes) from the bridge: repairing it hands it no crossing."""
    b = builder(columns=10)
    b.hexside("c2r1", "c3r1", "minefield")
    b.hexside("c4r1", "c5r1", "river")
    b.bridge("c4r1", "c5r1")
    b.road("road", "c3r1", "c4r1", "c5r1")
    b.unit("eng", "eng", "c2r1", echelon="battalion", fixed={"whole_game": True})
    b.unit("bridger", "bridger", "c4r1", echelon="battalion", fixed={"whole_game": True})
    b.unit("foe", "inf", "c10r1", nation="blueland", echelon="battalion")
    game = b.game(seed=2)
    works.data(game)["destroyed"] = ["c4r1-c5r1"]  # as a turn's demolition left it
    given = [a for a in _red_plan(game) if a["kind"] == "op_engineer"]
    assert sorted((a["unit"], a["task"], a["toward"]) for a in given) == [
        ("bridger", "repair_bridge", "c5r1"),
        ("eng", "breach", ""),
    ]


def test_oe2_a_minefield_whose_breached_feature_has_no_row_is_reported_where_it_is_named() -> None:
    from schemas.io import load_text

    b = builder()
    rows = [row.model_dump() for row in default_hexside_effects()]
    (mined,) = [n for n, row in enumerate(rows) if row["connection_type"] == "minefield"]
    rows[mined]["breached"] = "cleared-lane"
    b.table(hexsides=rows)
    b.hexside("c3r1", "c4r1", "minefield")
    found = [
        (i.code, i.severity, i.path, i.entity)
        for i in load_text(json.dumps(b.raw)).issues
        if i.code == "operational-breach-missing"
    ]
    assert found == [
        (
            "operational-breach-missing",
            "warning",
            f"/rules/operational/hexsides/{mined}/breached",
            "minefield",
        )
    ]


def test_ot6_a_game_saved_mid_plan_rolls_the_same_engineering_after_loading() -> None:
    """OT6: the rolls come from the game's seeded die, so a save taken between the two
    plans, once loaded, ends the turn exactly as the original."""
    game = bridged()
    game.apply(OrderEngineer("bridger", "destroy_bridge", "c4r1"))
    game.apply(SealPlan())  # red's plan is sealed; blue's is still open
    copy = Game.from_save(game.scenario, json.dumps(game.save()))
    for played in (game, copy):
        for _ in range(3):
            played.apply(SealPlan())
            played.apply(SealPlan())
    rolls = [
        [(r["roll"], r["result"]) for r in g.log.records if r["type"] == "op_engineering"]
        for g in (game, copy)
    ]
    assert rolls[0] and rolls[0] == rolls[1]
    assert works.data(game) == works.data(copy)
