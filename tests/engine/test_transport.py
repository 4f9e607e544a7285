"""Sea transport and landings (rules.transport with rules.naval): land units board ships in
port, sail, and go ashore in a friendly port or over a beach. Checklist ids: U2 (the
``transport`` role and its capacity), M3 (a beach uses all MP and gives the defender +2 in the
first round against units from the sea), M5 (ports), V2 (entering an enemy region needs a
combat unit), V7 (cargo is never shown to the enemy), B9 (retreats of a beaten landing)."""

from __future__ import annotations

import json

import pytest

from engine import Game
from engine.actions import ContinueBattle, Disembark, Embark, EndPhase, Move, ResolveBattle
from engine.errors import IllegalAction, SaveError
from engine.queries import cargo
from engine.runner import play
from tests.engine.builder import Builder, advance_to


def coast(*, naval: bool = True, **transport: object) -> Builder:
    """a1 (red, port ``pa`` on b1) | b1 sea | c1 (blue, beach from b1)
    a2 (red)                   | b2 sea | c2 (red, port ``pc`` on b2)

    A red transport (capacity 4) lies in ``pa``; red infantry ``ri`` and tank ``rk`` stand in
    a1 (2 stacking points each)."""
    b = Builder(cols=3, rows=2)
    b.region("b1", terrain="sea").region("b2", terrain="sea").owners(c2="redland")
    b.connect("a1", "b1", "sea").connect("b1", "c1", "beach").connect("b1", "b2", "sea")
    b.connect("a2", "b2", "sea").connect("b2", "c2", "sea")
    b.structure("pa", "a1", kind="port", port=True, sea_region="b1")
    b.structure("pc", "c2", kind="port", port=True, sea_region="b2")
    b.unit_type(
        "transport",
        domain="naval",
        movement=4,
        hit_points=1,
        stacking=1,
        unit_class="support",
        roles=["transport"],
        transport_capacity=4,
    )
    b.unit("rt", "transport", structure="pa")
    b.unit("ri", "inf", "a1")
    b.unit("rk", "tank", "a1")
    if naval:
        b.rules("naval", enabled=True)
    if transport:
        b.rules("transport", **transport)
    return b


def stack_of(game: Game, unit: str) -> str:
    stack = game.state.units[unit].stack
    assert stack is not None, f"{unit} stands in no stack"
    return stack


def of_kind(game: Game, kind: type) -> list:
    return [a for a in game.legal_actions() if isinstance(a, kind)]


def board(game: Game, *units: str) -> None:
    """In red's naval phase, put ``units`` (all of a1's stack by default) aboard ``rt``."""
    advance_to(game, "naval_movement")
    game.apply(Embark(stack_of(game, "ri"), stack_of(game, "rt"), tuple(units)))


def test_u2_land_units_board_a_transport_in_port_and_leave_the_map() -> None:
    game = coast().game()
    advance_to(game, "naval_movement")
    fleet, army = stack_of(game, "rt"), stack_of(game, "ri")
    assert Embark(army, fleet) in of_kind(game, Embark)
    game.apply(Embark(army, fleet))
    for unit in ("ri", "rk"):
        state = game.state.units[unit]
        assert (state.status, state.carrier, state.stack) == ("aboard", "rt", None)
    assert army not in game.state.stacks
    record = game.log.of_type("embarked")[-1]
    assert record["units"] == ["ri", "rk"] and record["fleet"] == fleet
    seen = cargo(game, fleet)
    assert seen is not None and set(seen.units) == {"ri", "rk"}
    assert seen.berths[0].room == 0


def test_u2_a_transport_carries_no_more_stacking_points_than_its_capacity() -> None:
    b = coast()
    b.unit("ri2", "inf", "a1")
    game = b.game()
    advance_to(game, "naval_movement")
    fleet, army = stack_of(game, "rt"), stack_of(game, "ri")
    assert Embark(army, fleet) not in of_kind(game, Embark)  # 6 points for 4 of room
    with pytest.raises(IllegalAction, match="room for 4 stacking points, the stack needs 6"):
        game.apply(Embark(army, fleet))
    assert game.state.units["ri"].status == "active"  # a refused action changes nothing
    game.apply(Embark(army, fleet, ("ri", "rk")))
    assert game.state.units["ri2"].stack == army
    with pytest.raises(IllegalAction, match="room for 0"):
        game.apply(Embark(army, fleet))


def test_m5_units_board_only_where_the_fleet_lies_in_a_friendly_port_of_their_region() -> None:
    b = coast()
    b.unit("ra", "inf", "a2")
    game = b.game()
    advance_to(game, "naval_movement")
    fleet = stack_of(game, "rt")
    with pytest.raises(IllegalAction, match="friendly port of their region"):
        game.apply(Embark(stack_of(game, "ra"), fleet))
    game.apply(Move(fleet, ("b1",)))
    with pytest.raises(IllegalAction, match="friendly port of their region"):
        game.apply(Embark(stack_of(game, "ri"), fleet))


def test_m5_the_fleet_sails_with_its_cargo_and_puts_it_ashore_in_a_friendly_port() -> None:
    game = coast().game()
    board(game)
    fleet = stack_of(game, "rt")
    game.apply(Move(fleet, ("b1", "b2", "c2")))
    assert game.state.stacks[fleet].structure == "pc"
    assert Disembark(fleet, "c2") in of_kind(game, Disembark)
    game.apply(Disembark(fleet, "c2"))
    landed = game.state.stacks[stack_of(game, "ri")]
    assert (landed.region, landed.structure) == ("c2", "pc")  # ashore inside the port
    assert stack_of(game, "rk") == landed.id
    # Going ashore uses all MP: no land move that turn, and no boarding again.
    game.apply(EndPhase())
    assert game.phase == "land_movement"
    assert not [a for a in of_kind(game, Move) if a.stack == landed.id]
    with pytest.raises(IllegalAction, match="carried by sea or air this turn"):
        game.apply(Move(landed.id, ("c1",)))


def test_m5_troops_shipped_into_a_besieged_port_fortress_go_ashore_inside_it() -> None:
    b = coast()
    b.raw["structures"][1]["fortification"] = 2
    b.raw["structures"][1]["capacity"] = {"land": 2}
    b.unit("bi", "inf", "c2", nation="blueland")
    game = b.game()
    board(game)
    fleet = stack_of(game, "rt")
    game.apply(Move(fleet, ("b1", "b2", "c2")))
    with pytest.raises(IllegalAction, match="'pc' has no room"):
        game.apply(Disembark(fleet, "c2"))  # 4 stacking points for a capacity of 2
    game.apply(Disembark(fleet, "c2", ("ri",)))
    inside = game.state.stacks[stack_of(game, "ri")]
    assert (inside.region, inside.structure) == ("c2", "pc")
    assert game.log.of_type("disembarked")[-1]["opposed"] is False


def test_m3_an_unopposed_landing_over_a_beach_takes_the_region_and_ends_the_move() -> None:
    game = coast().game()
    board(game, "ri")
    fleet = stack_of(game, "rt")
    game.apply(Move(fleet, ("b1",)))
    assert Disembark(fleet, "c1") in of_kind(game, Disembark)
    game.apply(Disembark(fleet, "c1"))
    assert game.state.owner["c1"] == "redland"
    landed = game.state.stacks[stack_of(game, "ri")]
    assert (landed.came_from, landed.crossed) == ("b1", "b1-c1")
    record = game.log.of_type("disembarked")[-1]
    assert record["connection"] == "b1-c1" and record["opposed"] is False
    game.apply(EndPhase())
    with pytest.raises(IllegalAction, match="carried by sea or air"):
        game.apply(Move(landed.id, ("c2",)))


def test_m3_a_landing_against_defenders_fights_with_the_beach_bonus_in_the_first_round() -> None:
    b = coast()
    b.unit("bi", "inf", "c1", nation="blueland")
    game = b.game(seed=4)
    board(game)
    fleet = stack_of(game, "rt")
    game.apply(Move(fleet, ("b1",)))
    shore = {s.region: s.kind for s in cargo(game, fleet).shores}  # type: ignore[union-attr]
    assert shore == {"c1": "assault"}
    game.apply(Disembark(fleet, "c1"))
    assert game.log.of_type("disembarked")[-1]["opposed"] is True
    advance_to(game, "battles")
    game.apply(ResolveBattle("c1"))
    for _ in range(100):
        if game.state.battle is None:
            break
        game.apply(ContinueBattle())
    first = next(r for r in game.log.of_type("battle_fire") if r["unit"] == "bi")
    assert first["factor"] == 4 + 2  # its defence of 4, plus 2 for the beach
    terms = game.log.of_type("battle_modifiers")[0]["units"]["bi"]
    assert ["connection", 2] in terms


def test_v2_a_landing_into_enemy_units_needs_a_combat_unit() -> None:
    b = coast()
    b.unit("bi", "inf", "c1", nation="blueland")
    b.unit("rl", "log", "a1")
    game = b.game()
    advance_to(game, "naval_movement")
    fleet = stack_of(game, "rt")
    game.apply(Embark(stack_of(game, "rl"), fleet, ("rl",)))
    game.apply(Move(fleet, ("b1",)))
    assert not of_kind(game, Disembark)
    with pytest.raises(IllegalAction, match="combat unit"):
        game.apply(Disembark(fleet, "c1"))


def test_m3_enemy_ships_in_the_waters_bar_a_landing() -> None:
    b = coast()
    b.unit("bs", "ship", "b1", nation="blueland")
    b.unit("rw", "ship", structure="pa")  # an escort: transports alone avoid enemy ships
    game = b.game()
    board(game)
    fleet = stack_of(game, "rt")
    game.apply(Move(fleet, ("b1",)))
    assert not of_kind(game, Disembark)
    with pytest.raises(IllegalAction, match="cannot put units ashore"):
        game.apply(Disembark(fleet, "c1"))


def test_u2_units_aboard_a_ship_that_is_lost_are_lost_with_it() -> None:
    from engine import board as pieces

    game = coast().game()
    board(game)
    pieces.eliminate(game, "rt", "sunk")
    assert [game.state.units[u].status for u in ("rt", "ri", "rk")] == ["eliminated"] * 3
    causes = {r["unit"]: r["cause"] for r in game.log.of_type("eliminated")}
    assert causes["ri"] == "aboard rt"


def test_v7_the_enemy_never_sees_what_a_fleet_carries() -> None:
    game = coast().game()
    board(game)
    fleet = stack_of(game, "rt")
    assert cargo(game, fleet, viewer="blue") is None
    assert cargo(game, fleet, viewer="red") is not None
    assert all("ri" not in s.units for s in game.state.stacks.values())


def test_sea_transport_needs_the_naval_rules_and_its_switch() -> None:
    for game in (coast(naval=False).game(), coast(sea=False).game()):
        advance_to(game, "land_movement")
        assert not of_kind(game, Embark)
        with pytest.raises(IllegalAction):
            game.apply(Embark(stack_of(game, "ri"), stack_of(game, "rt")))
    game = coast(landings=False).game()
    board(game)
    game.apply(Move(stack_of(game, "rt"), ("b1",)))
    assert not of_kind(game, Disembark)


def test_saves_keep_units_aboard_and_refuse_a_carrier_that_is_no_ship() -> None:
    game = coast().game()
    board(game)
    data = json.loads(json.dumps(game.save()))
    again = Game.load(game.scenario, data)
    assert again.state.units["ri"].carrier == "rt"
    assert again.state.units["ri"].status == "aboard"
    data["state"]["units"]["ri"]["carrier"] = "rk"
    with pytest.raises(SaveError, match="not an active ship") as caught:
        Game.load(game.scenario, data)
    assert caught.value.pointer == "/state/units/ri/carrier"


def test_random_games_with_transports_keep_legal_actions_is_legal_and_apply_in_step() -> None:
    """Random play through boarding, sailing, landings and the battles they bring: every
    action ``legal_actions`` lists is legal, and the one picked applies without error."""
    import random

    b = coast()
    b.unit("bi", "inf", "c1", nation="blueland").unit("bs", "ship", "b2", nation="blueland")
    kinds: set[str] = set()
    for seed in range(4):
        game = b.game(seed=seed)
        pick = random.Random(seed)
        for _ in range(300):
            if game.outcome() is not None:
                break
            listed = game.legal_actions()
            assert listed
            for action in listed:
                assert game.is_legal(action), action
            # Favour the transport actions so that random games use them.
            chosen = [a for a in listed if isinstance(a, Embark | Disembark)] or listed
            game.apply(pick.choice(chosen))
        kinds |= {r["type"] for r in game.log.records}
    assert {"embarked", "disembarked"} <= kinds


def test_the_baseline_ai_plays_games_with_transports_to_the_end() -> None:
    b = coast()
    b.unit("bi", "inf", "c1", nation="blueland")
    for seed in range(2):
        assert play(b.build(), seed).game.outcome() is not None


def test_a_save_whose_phase_is_past_the_turn_without_the_naval_phase_is_refused() -> None:
    b = coast(naval=False)
    game = b.game()
    assert "naval_movement" not in game.phases_of(1)
    data = json.loads(json.dumps(game.save()))
    data["state"]["phase_index"] = len(game.phases_of(1))  # one past the last phase played
    with pytest.raises(SaveError) as caught:
        Game.load(game.scenario, data)
    assert caught.value.pointer == "/state/phase_index"


def test_a_unit_aboard_standing_in_a_stack_too_is_refused() -> None:
    game = coast().game()
    board(game, "ri")
    data = json.loads(json.dumps(game.save()))
    data["state"]["units"]["ri"]["stack"] = data["state"]["units"]["rk"]["stack"]
    with pytest.raises(SaveError, match="stands in no stack"):
        Game.load(game.scenario, data)


def test_p1_a_game_with_boarding_and_a_landing_replays_record_for_record() -> None:
    from engine.replay import replay

    b = coast()
    b.unit("bi", "inf", "c1", nation="blueland")
    game = b.game(seed=5)
    board(game)
    fleet = stack_of(game, "rt")
    game.apply(Move(fleet, ("b1",)))
    game.apply(Disembark(fleet, "c1", ("ri",)))
    advance_to(game, "battles")
    records = json.loads(json.dumps(game.log.records))
    found = replay(game.scenario, records)
    assert found.divergence is None and found.compared == len(records)
    assert found.game.state.units["rk"].status == "aboard"


def test_u2_a_transport_sunk_in_a_naval_battle_takes_its_troops_down_with_it() -> None:
    """Whatever the dice, troops share their ship's fate: lost with it, else still aboard
    (or sailed away with it)."""
    b = coast()
    b.unit_type(
        "battleship",
        domain="naval",
        attack=9,
        defence=9,
        morale=9,
        movement=4,
        hit_points=8,
        rate_of_fire=4,
        roles=["naval"],
    )
    b.unit("bb", "battleship", "b1", nation="blueland")
    b.unit("rw", "ship", structure="pa")
    sunk = 0
    for seed in range(4):
        game = b.game(seed=seed)
        board(game)
        fleet = stack_of(game, "rw")
        game.apply(Move(fleet, ("b1",)))
        advance_to(game, "battles")
        game.apply(ResolveBattle("b1"))
        for _ in range(100):
            if game.state.battle is None:
                break
            game.apply(ContinueBattle())
        transport = game.state.units["rt"].status
        for unit in ("ri", "rk"):
            if transport == "eliminated":
                assert game.state.units[unit].status == "eliminated"
            else:
                assert game.state.units[unit].carrier == "rt"
        sunk += transport == "eliminated"
    assert sunk


def test_a_save_made_before_transport_existed_still_loads() -> None:
    game = coast().game()
    advance_to(game, "naval_movement")
    data = json.loads(json.dumps(game.save()))
    for unit in data["state"]["units"].values():
        del unit["carrier"], unit["carried_turn"]
    again = Game.load(game.scenario, data)
    assert again.state.units["ri"].carrier is None
    assert again.state.units["ri"].carried_turn == 0
    assert Embark(stack_of(again, "ri"), stack_of(again, "rt")) in again.legal_actions()
