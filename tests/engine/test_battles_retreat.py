"""Retreats, breakthroughs, battle cards and assaults (B9, B10, B11, U5, G1)."""

from __future__ import annotations

from typing import Any

import pytest

from engine import board
from engine.actions import Breakthrough, ContinueBattle, PlayCard, ResolveBattle
from engine.errors import IllegalAction
from tests.engine.test_battles import airfield, arena, fight, fires, fly, last, script, start

# Red's tanks always beat a lone blue militia in a few rolls of 0.
WIN = [0] * 12 + [9] * 80
LOSE = [9] * 120


def where(game, unit: str) -> tuple[str, str | None] | None:
    stack_id = game.state.units[unit].stack
    if stack_id is None:
        return None
    stack = game.state.stacks[stack_id]
    return stack.region, stack.structure


# -- B9 retreats --------------------------------------------------------------------------------


def test_b9_attackers_retreat_each_to_its_own_entry_region() -> None:
    b = arena(cols=3, rows=2)
    b.owners(b2="redland")
    b.unit_type("inf", morale=9)
    b.unit("r1", "inf", "b1")
    b.unit("r2", "inf", "b1")
    b.unit("x1", "inf", "b1", nation="blueland")
    game = start(b)
    red = next(s for s in game.state.stacks.values() if s.side == "red")
    other = board.split(game, red, ["r2"])
    other.came_from = "b2"
    script(game, *LOSE)
    fight(game)
    assert last(game, "battle_over")["winner"] == "blue"
    assert where(game, "r1") == ("a1", None)
    assert where(game, "r2") == ("b2", None)


def test_b9_the_defender_retreats_towards_its_supply() -> None:
    b = arena(cols=3, rows=3)
    b.source("blue-supply", "b1", "blue")
    b.unit("r1", "tank", "b2")
    b.unit("r2", "tank", "b2")
    b.unit("x1", "inf", "b2", nation="blueland")
    game = start(b, entry={"b2": "a2"})
    script(game, *([0, 0, 9] + [9] * 80))
    fight(game, "b2")
    assert last(game, "battle_over")["winner"] == "red"
    assert where(game, "x1") == ("b1", None)


def test_b9_a_defender_never_retreats_into_an_attacker_entry_or_an_open_battle() -> None:
    b = arena(cols=3, rows=3)
    b.source("blue-supply", "a1", "blue")  # a1 (red) and b1 nearest, but b1 is a battle
    b.unit("r1", "tank", "b2")
    b.unit("r2", "tank", "b2")
    b.unit("r3", "inf", "b1")
    b.unit("x1", "inf", "b2", nation="blueland")
    b.unit("x2", "inf", "b1", nation="blueland")
    game = start(b, entry={"b2": "c2", "b1": "a1"})
    script(game, *([0, 0, 9] + [9] * 80))
    fight(game, "b2")
    assert where(game, "x1") == ("b3", None)


def test_b9_a_defender_with_nowhere_to_go_is_eliminated() -> None:
    b = arena()
    b.owners(c1="redland")
    b.unit("r1", "tank", "b1")
    b.unit("r2", "tank", "b1")
    b.unit("x1", "inf", "b1", nation="blueland")
    b.unit("x2", "inf", "b1", nation="blueland")
    game = start(b)
    script(game, 0, 0, 9, 9, *([0] * 6), *([9] * 80))
    fight(game)
    assert game.state.units["x2"].status == "eliminated"
    assert game.log.of_type("battle_trapped")


def test_b9_the_defender_may_shelter_in_its_own_fortified_structure() -> None:
    b = arena()
    b.owners(c1="redland")
    b.structure("fort", "b1", fortification=2)
    b.unit("r1", "tank", "b1")
    b.unit("r2", "tank", "b1")
    b.unit("x1", "inf", "b1", nation="blueland")
    b.unit("x2", "inf", "b1", nation="blueland")
    game = start(b)
    script(game, *WIN)
    fight(game)
    survivors = [u for u in ("x1", "x2") if game.state.units[u].status == "active"]
    assert survivors
    assert all(where(game, u) == ("b1", "fort") for u in survivors)


def test_b9_overstacked_units_jump_one_region_further() -> None:
    b = arena(cols=4)
    b.region("c1", stacking=2)
    b.unit_type("inf", morale=1)
    b.unit("r1", "tank", "b1")
    b.unit("r2", "tank", "b1")
    b.unit("x1", "inf", "b1", nation="blueland")
    b.unit("x2", "inf", "b1", nation="blueland")
    game = start(b)
    script(game, *([9] * 120))  # nobody hits; blue (morale 1) routs at the first next round
    fight(game)
    assert last(game, "battle_over")["winner"] == "red"
    places = sorted(where(game, u) for u in ("x1", "x2"))
    assert places == [("c1", None), ("d1", None)]
    assert any(r.get("jumped") for r in game.log.of_type("battle_retreat"))


def test_u5_entrenchment_is_lost_on_retreat() -> None:
    b = arena()
    b.unit_type("inf", morale=1)
    b.unit("r1", "tank", "b1")
    b.unit("r2", "tank", "b1")
    b.unit("x1", "inf", "b1", nation="blueland", entrenched=True)
    game = start(b)
    script(game, *([9] * 120))
    fight(game)
    stack = game.state.stacks[game.state.units["x1"].stack]  # type: ignore[index]
    assert stack.region == "c1" and not stack.entrenched


def test_b9_aircraft_of_the_losing_side_fly_home() -> None:
    b = arena()
    b.unit_type("inf", morale=9)
    b.unit("r1", "inf", "b1")
    b.unit("r2", "fighter", structure="field")
    b.unit("x1", "inf", "b1", nation="blueland")
    game = start(airfield(b))
    fly(game, "r2", "b1")
    script(game, *LOSE)
    fight(game)
    assert last(game, "battle_over")["winner"] == "blue"
    assert where(game, "r2") == ("a1", "field")


# -- B10 breakthroughs --------------------------------------------------------------------------


def breakthrough_map(**nation: Any) -> Any:
    b = arena(cols=4)
    b.raw["nations"][0].update(nation)
    b.unit_type("militia", name="Militia", attack=1, defence=1, morale=0, hit_points=1)
    b.unit("r1", "tank", "b1")
    b.unit("r2", "tank", "b1")
    b.unit("r3", "inf", "b1")
    b.leader("rl", "b1", breakthrough=True)
    b.unit("x1", "militia", "b1", nation="blueland")
    return b


def test_b10_the_winner_may_break_through_with_capable_units_and_leader() -> None:
    game = start(breakthrough_map())
    script(game, *WIN)
    fight(game)
    options = game.legal_actions()
    assert game.to_act() == "red"
    assert Breakthrough("c1", ("r1", "r2")) in options
    assert Breakthrough("b1") in options  # staying
    game.apply(Breakthrough("c1", ("r1",)))
    assert where(game, "r1") == ("c1", None)
    assert where(game, "rl") == ("c1", None)  # the leader goes along
    assert where(game, "r2") == ("b1", None) and where(game, "r3") == ("b1", None)
    assert game.state.owner["c1"] == "redland"  # empty enemy region taken
    assert game.state.units["r1"].breakthroughs == 1


def test_b10_breaking_into_enemies_makes_a_new_battle_listed_first() -> None:
    b = breakthrough_map()
    b.unit("x2", "militia", "c1", nation="blueland")
    b.unit("x3", "militia", "d1", nation="blueland")
    b.unit("r4", "inf", "d1")
    game = start(b, entry={"b1": "a1", "d1": "c1"})
    script(game, *WIN)
    fight(game)
    game.apply(Breakthrough("c1", ("r1", "r2")))
    battles = [a for a in game.legal_actions() if isinstance(a, ResolveBattle)]
    assert battles[0] == ResolveBattle("c1")
    assert game.log.of_type("breakthrough")[-1]["battle"] is True
    fight(game, "c1")
    assert last(game, "battle_over")["region"] == "c1"


def test_b10_once_per_turn_without_double_breakthrough() -> None:
    b = breakthrough_map(double_breakthrough=False)
    b.unit("x2", "militia", "c1", nation="blueland")
    game = start(b)
    script(game, *WIN)
    fight(game)
    game.apply(Breakthrough("c1", ("r1", "r2")))
    script(game, *WIN)
    fight(game, "c1")
    assert last(game, "battle_over")["winner"] == "red"
    assert not game.state.pending  # no second breakthrough


def test_b10_twice_per_turn_with_double_breakthrough_then_no_more() -> None:
    b = breakthrough_map()
    b.unit("x2", "militia", "c1", nation="blueland")
    b.unit("x3", "militia", "d1", nation="blueland")
    game = start(b)
    script(game, *WIN)
    fight(game)
    game.apply(Breakthrough("c1", ("r1", "r2")))
    script(game, *WIN)
    fight(game, "c1")
    assert Breakthrough("d1", ("r1", "r2")) in game.legal_actions()
    game.apply(Breakthrough("d1", ("r1", "r2")))
    script(game, *WIN)
    fight(game, "d1")
    assert last(game, "battle_over")["winner"] == "red"
    assert not game.state.pending
    assert game.state.units["r1"].breakthroughs == 2


def test_b10_no_breakthrough_into_forbidding_terrain_or_for_nations_without_it() -> None:
    b = breakthrough_map()
    b.region("c1", terrain="hills")  # breakthrough "none"
    game = start(b)
    script(game, *WIN)
    fight(game)
    regions = {a.region for a in game.legal_actions()}
    assert "c1" not in regions

    game = start(breakthrough_map(breakthrough=False))
    script(game, *WIN)
    fight(game)
    assert not game.state.pending


def test_b10_declining_and_bad_answers() -> None:
    game = start(breakthrough_map())
    script(game, *WIN)
    fight(game)
    with pytest.raises(IllegalAction):
        game.apply(Breakthrough("c1", ("r3",)))  # infantry cannot break through
    with pytest.raises(IllegalAction):
        game.apply(Breakthrough("d1", ("r1",)))  # not adjacent
    game.apply(Breakthrough("b1"))
    assert not game.state.pending and where(game, "r1") == ("b1", None)


# -- B11 battle cards ---------------------------------------------------------------------------


def card(card_id: str, side: str, effect: dict[str, Any]) -> dict[str, Any]:
    return {"id": card_id, "name": card_id.title(), "side": side, "phases": ["battle"],
            "effects": [effect]}  # fmt: skip


def test_b11_a_retreat_card_cancels_the_battle_with_no_vp_change() -> None:
    b = arena()
    b.region("b1", values={"red": {"capture": 5}, "blue": {"loss": 5}})
    b.unit("r1", "tank", "b1")
    b.unit("x1", "inf", "b1", nation="blueland")
    b.set("cards", [card("withdraw", "blue", {"kind": "cancel_battle", "retreating": "@self"})])
    game = start(b)
    game.state.sides["blue"].hand.append("withdraw")
    vp = {s: v.vp for s, v in game.state.sides.items()}
    game.apply(ResolveBattle("b1"))
    game.apply(ContinueBattle())  # red passes
    assert PlayCard("withdraw") in game.legal_actions()
    game.apply(PlayCard("withdraw"))
    assert game.state.battle is None
    over = last(game, "battle_over")
    assert over["cancelled"] and over["retreated"] == "blue" and over["winner"] is None
    assert where(game, "x1") == ("c1", None)
    assert {s: v.vp for s, v in game.state.sides.items()} == vp
    assert game.state.owner["b1"] == "blueland"
    assert not game.log.of_type("battle_round")


def test_b11_a_card_can_force_the_attacker_back() -> None:
    b = arena()
    b.unit("r1", "tank", "b1")
    b.unit("x1", "inf", "b1", nation="blueland")
    b.set("cards", [card("stand", "blue", {"kind": "cancel_battle", "retreating": "@enemy"})])
    game = start(b)
    game.state.sides["blue"].hand.append("stand")
    game.apply(ResolveBattle("b1"))
    game.apply(ContinueBattle())
    game.apply(PlayCard("stand"))
    assert where(game, "r1") == ("a1", None)


def test_b11_shoot_first_makes_the_round_one_sided_first() -> None:
    b = arena()
    b.unit_type("inf", hit_points=1, morale=9)
    b.unit("r1", "inf", "b1")
    b.unit("r2", "inf", "b1")
    b.unit("x1", "inf", "b1", nation="blueland")
    b.unit("x2", "inf", "b1", nation="blueland")
    b.set("cards", [card("ambush", "blue", {"kind": "shoot_first", "side": "@self"})])
    game = start(b)
    game.state.sides["blue"].hand.append("ambush")
    game.apply(ResolveBattle("b1"))
    game.apply(ContinueBattle())
    game.apply(PlayCard("ambush"))
    script(game, 0, 9, 0, *([9] * 80))  # blue fires first: x1 kills, x2 misses; r? replies
    game.apply(ContinueBattle())
    shots = [r["unit"] for r in game.log.of_type("battle_fire")]
    assert shots[:2] == ["x1", "x2"]
    assert len([u for u in shots[:3] if u.startswith("r")]) == 1  # one red survivor fires


def test_b11_a_reroll_card_gives_missed_shots_a_second_roll() -> None:
    b = arena()
    b.unit_type("inf", morale=9)
    b.unit("r1", "inf", "b1")
    b.unit("x1", "inf", "b1", nation="blueland")
    b.set(
        "cards",
        [card("drill", "red", {"kind": "reroll", "select": {"scope": {"context": "battle"}}})],
    )
    game = start(b)
    game.state.sides["red"].hand.append("drill")
    game.apply(ResolveBattle("b1"))
    game.apply(PlayCard("drill"))
    script(game, 8, 2, 9, *([9] * 80))
    while game.state.battle is not None:
        game.apply(ContinueBattle())
    assert fires(game, "r1")[0]["rerolls"] == [2]
    assert fires(game, "x1")[0]["rerolls"] == []


def test_b11_automatic_hits_from_a_card() -> None:
    b = arena()
    b.unit("r1", "tank", "b1")
    b.unit("x1", "inf", "b1", nation="blueland")
    b.set("cards", [card("barrage", "red", {"kind": "auto_hits", "side": "@enemy", "hits": 2})])
    game = start(b)
    game.state.sides["red"].hand.append("barrage")
    game.apply(ResolveBattle("b1"))
    game.apply(PlayCard("barrage"))
    assert game.state.units["x1"].strength == 2
    assert last(game, "battle_auto_hits")["hits"] == 2


# -- G1 assaults --------------------------------------------------------------------------------


def test_g1_an_assault_is_an_optional_battle_against_the_units_inside() -> None:
    b = arena()
    b.structure("fort", "b1", fortification=2)
    b.unit("r1", "tank", "b1")
    b.unit("r2", "tank", "b1")
    b.unit("x1", "inf", structure="fort", nation="blueland")
    game = start(b)
    from engine.actions import EndPhase

    assert ResolveBattle("fort") in game.legal_actions()
    assert EndPhase() in game.legal_actions()  # not compulsory
    # Main: two tank hits, x1 misses and keeps its nerve (0); next: two more hits end it.
    script(game, 0, 0, 9, 0, 0, 0, 9, *([9] * 80))
    fight(game, "fort")
    assert fires(game, "x1")[0]["factor"] == 4 + 2  # assault_defence_modifier
    over = last(game, "battle_over")
    assert (over["structure"], over["winner"]) == ("fort", "red")
    assert board.side_of_structure(game, "fort") == "red"
