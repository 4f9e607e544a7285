"""Air movement and air combat (A1-A5), on a row of regions a1..e1 (a1, b1 red; c1-e1 blue)
with a red airfield ``ra`` in a1 and a blue one ``ba`` in e1."""

from __future__ import annotations

import importlib
import json
import sys
import types
from collections.abc import Iterable
from typing import Any

import pytest

from engine import Game, movement
from engine.actions import ContinueBattle, EndPhase, Merge, Move, Rebase, ResolveBattle, Split
from engine.air import air_reach
from engine.board import capture_structure, side_of_region, side_of_structure
from engine.combat import retreat
from engine.combat.field import battle_regions
from engine.errors import IllegalAction
from engine.phases.reinforcements import allowed_regions
from engine.state import Modifier
from schemas.selection import Destination
from tests.engine.builder import Builder, advance_to


def air_world(cols: int = 5, *, capacity: int = 4) -> Builder:
    b = Builder(cols=cols)
    last = f"{'abcdefghij'[cols - 1]}1"
    b.structure("ra", "a1", kind="airfield", airport=True, capacity={"air": capacity})
    b.structure("ba", last, kind="airfield", airport=True, capacity={"air": capacity})
    # Sources keep everybody supplied whatever the supply module decides.
    b.source("rs", "a1", "red").source("bs", last, "blue")
    return b


def radar(b: Builder, nation: str) -> Builder:
    next(n for n in b.raw["nations"] if n["id"] == nation)["radar"] = True
    return b


def offensive(b: Builder, seed: int = 0) -> Game:
    game = b.game(seed=seed)
    advance_to(game, "air_offensive")
    return game


def script(monkeypatch: pytest.MonkeyPatch, game: Game, rolls: Iterable[int]) -> None:
    """Make the die give these rolls, in order (a test fails if it asks for more)."""
    queue = iter(rolls)
    monkeypatch.setattr(game.dice, "roll", lambda: next(queue))


def stack_of(game: Game, unit: str) -> str:
    stack = game.state.units[unit].stack
    assert stack is not None
    return stack


def place(game: Game, unit: str) -> tuple[str, str | None]:
    stack = game.state.stacks[stack_of(game, unit)]
    return stack.region, stack.structure


def records(game: Game, kind: str) -> list[dict[str, Any]]:
    return game.log.of_type(kind)


def moves_of(game: Game, stack: str) -> list[Move]:
    return [a for a in game.legal_actions() if isinstance(a, Move) and a.stack == stack]


# -- A1: movement --------------------------------------------------------------------------------


def test_a1_range_counts_regions_one_way_and_ignores_terrain_and_connections() -> None:
    b = air_world(cols=6)
    b.unit_type("fighter", movement=3)
    for region in ("b1", "c1", "d1"):
        b.region(region, terrain="marsh")
    b.connect("b1", "c1", "river")
    b.unit("rf", "fighter", structure="ra")
    game = offensive(b)
    stack = stack_of(game, "rf")
    reach = air_reach(game, stack)
    assert {r: v["cost"] for r, v in reach.items()} == {"b1": 1, "c1": 2, "d1": 3}
    assert {m.path[-1] for m in moves_of(game, stack)} == {"b1", "c1", "d1"}
    with pytest.raises(IllegalAction, match="out of range"):
        game.apply(Move(stack, ("b1", "c1", "d1", "e1")))
    game.apply(Move(stack, ("b1", "c1", "d1")))
    assert place(game, "rf") == ("d1", None)
    assert game.state.units["rf"].mp_spent == 3


def test_a1_aircraft_fly_over_the_sea_but_never_into_unplayable_regions() -> None:
    b = air_world()
    b.region("b1", terrain="sea").connect("a1", "b1", "sea").connect("b1", "c1", "sea")
    b.region("d1", unplayable=True)
    b.unit("rb", "bomber", structure="ra")
    game = offensive(b)
    assert set(air_reach(game, stack_of(game, "rb"))) == {"b1", "c1"}
    with pytest.raises(IllegalAction):
        game.apply(Move(stack_of(game, "rb"), ("b1", "c1", "d1")))


def _fake_supply(monkeypatch: pytest.MonkeyPatch, grounded: set[str]) -> None:
    try:
        module = importlib.import_module("engine.supply")
    except ModuleNotFoundError:
        module = types.ModuleType("engine.supply")
        monkeypatch.setitem(sys.modules, "engine.supply", module)
    monkeypatch.setattr(module, "can_fly", lambda game, unit: unit not in grounded, raising=False)


def test_a1_s5_unsupplied_aircraft_cannot_fly(monkeypatch: pytest.MonkeyPatch) -> None:
    b = air_world()
    b.unit("rb", "bomber", structure="ra").unit("rf", "fighter", structure="ra")
    game = offensive(b)
    _fake_supply(monkeypatch, {"rb"})
    stack = stack_of(game, "rb")
    assert not moves_of(game, stack)
    with pytest.raises(IllegalAction, match="cannot fly"):
        game.apply(Move(stack, ("b1",)))
    game.apply(Split(stack, ("rf",)))
    assert moves_of(game, stack_of(game, "rf"))
    assert not moves_of(game, stack_of(game, "rb"))


def test_a1_each_unit_flies_once_per_phase_and_stacking_limits_the_destination() -> None:
    b = air_world().rules("stacking", air_default=1)
    b.unit("r1", "fighter", structure="ra").unit("r2", "fighter", structure="ra")
    game = offensive(b)
    stack = stack_of(game, "r1")
    with pytest.raises(IllegalAction, match="stacking"):
        game.apply(Move(stack, ("b1",)))
    game.apply(Split(stack, ("r2",)))
    game.apply(Move(stack, ("b1",)))
    with pytest.raises(IllegalAction):
        game.apply(Move(stack, ("b1", "c1")))
    other = stack_of(game, "r2")
    assert "b1" not in {m.path[-1] for m in moves_of(game, other)}
    game.apply(Move(other, ("b1", "c1")))


def test_a1_defensive_flights_only_to_friendly_or_empty_regions() -> None:
    b = air_world()
    b.unit("rf", "fighter", structure="ra").unit("bi", "inf", "d1", nation="blueland")
    game = b.game()
    advance_to(game, "air_defensive")
    stack = stack_of(game, "rf")
    assert {m.path[-1] for m in moves_of(game, stack)} == {"b1", "c1", "e1"}
    with pytest.raises(IllegalAction, match="friendly or empty"):
        game.apply(Move(stack, ("b1", "c1", "d1")))
    game.apply(Move(stack, ("b1",)))
    # The patrol stands over b1 through blue's player-turn, then comes home.
    advance_to(game, "air_offensive", "blue")
    assert place(game, "rf") == ("b1", None)
    advance_to(game, "air_offensive", "red")
    assert place(game, "rf") == ("a1", "ra")
    assert records(game, "air_return")[-1]["reason"] == "patrol_over"


def test_a1_merge_and_split_inside_an_airport() -> None:
    b = air_world()
    b.unit("r1", "fighter", structure="ra").unit("r2", "bomber", structure="ra")
    game = offensive(b)
    stack = stack_of(game, "r1")
    game.apply(Split(stack, ("r2",)))
    assert stack_of(game, "r2") != stack
    game.apply(Merge((stack, stack_of(game, "r2"))))
    assert stack_of(game, "r2") == stack


# -- A2: AA fire ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("blue_radar", "hit"), [(False, False), (True, True)])
def test_a2_aa_fires_only_in_enemy_regions_with_aa_and_radar_adds_one(
    monkeypatch: pytest.MonkeyPatch, blue_radar: bool, hit: bool
) -> None:
    b = air_world()
    if blue_radar:
        radar(b, "blueland")
    b.unit("rb", "bomber", structure="ra")
    b.unit("rflak", "flak", "b1")  # red's own AA never shoots at red planes
    b.unit("bflak", "flak", "d1", nation="blueland")
    game = offensive(b)
    # One AA shot (flak attack 4) rolling 5, then a panic test that cannot fail (morale 5).
    script(monkeypatch, game, [5, 0])
    game.apply(Move(stack_of(game, "rb"), ("b1", "c1", "d1", "e1")))
    fire = records(game, "aa_fire")
    assert [f["region"] for f in fire] == ["d1"]
    shot = fire[0]["shots"][0]
    assert shot["factor"] == (5 if blue_radar else 4)
    assert shot["hit"] is hit
    assert game.state.units["rb"].strength == (1 if hit else 2)
    assert place(game, "rb") == ("e1", None)


def test_a2_stealth_lowers_aa_and_panicked_planes_fly_home(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    b = air_world()
    b.unit_type("bomber", morale=1, roles=["bomber", "stealth"])
    b.unit("rb", "bomber", structure="ra").unit("bflak", "flak", "c1", nation="blueland")
    game = offensive(b)
    # Flak 4 - 3 (stealth) = 1: a roll of 1 hits; the panic roll 3 beats 2 x morale 1.
    script(monkeypatch, game, [1, 3])
    game.apply(Move(stack_of(game, "rb"), ("b1", "c1", "d1")))
    assert records(game, "aa_fire")[0]["modifiers"] == {"bflak": {"stealth": -3}}
    assert records(game, "air_panic")[0]["panicked"] == ["rb"]
    assert place(game, "rb") == ("a1", "ra")
    assert records(game, "air_return")[-1]["reason"] == "panic"
    assert not moves_of(game, stack_of(game, "rb"))


def test_a2_a_plane_without_strength_left_is_destroyed(monkeypatch: pytest.MonkeyPatch) -> None:
    b = air_world()
    b.unit("rb", "bomber", structure="ra", strength=1)
    b.unit("bflak", "flak", "c1", nation="blueland")
    game = offensive(b)
    script(monkeypatch, game, [0])
    game.apply(Move(stack_of(game, "rb"), ("b1", "c1")))
    assert game.state.units["rb"].status == "eliminated"
    assert records(game, "eliminated")[-1]["cause"] == "aa"
    assert not records(game, "air_arrived")


# -- A3: interception ----------------------------------------------------------------------------


def test_a3_interception_modifiers_add_up_when_the_defender_tests(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    b = radar(air_world(), "blueland")
    b.unit("rb", "bomber", structure="ra").unit("bf", "fighter", structure="ba", nation="blueland")
    game = offensive(b)
    script(monkeypatch, game, [9])
    game.apply(Move(stack_of(game, "rb"), ("b1", "c1", "d1")))
    (test,) = records(game, "interception_test")  # c1 is two regions from the fighter
    assert test["region"] == "d1"
    assert test["tester"] == "blue"
    assert test["modifiers"] == {
        "final_destination": -1,
        "radar": -3,
        "not_same_region": -1,
        "grounded": 1,
    }
    assert test["total"] == 9 - 4
    assert test["success"] is False
    assert place(game, "rb") == ("d1", None)


def test_a3_no_fighters_and_card_modifiers_when_the_mover_tests(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    b = air_world()
    b.structure("bd", "d1", kind="airfield", airport=True, capacity={"air": 4})
    b.unit("rf", "fighter", structure="ra").unit("bb", "bomber", structure="bd", nation="blueland")
    game = offensive(b)
    card = {"kind": "modify", "stat": "interception", "amount": -2}
    game.state.modifiers.append(Modifier("test-card", "red", card, units=["rf"]))
    script(monkeypatch, game, [2])
    game.apply(Move(stack_of(game, "rf"), ("b1", "c1", "d1")))
    (test,) = records(game, "interception_test")
    assert test["tester"] == "red"
    assert test["modifiers"] == {"final_destination": -1, "no_fighters": 5, "cards": -2}
    assert test["total"] == 4 and test["success"] is False


def test_a3_a_test_in_every_region_crossed_within_reach_of_enemy_fighters(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    b = air_world()
    b.unit("rb", "bomber", structure="ra").unit("bf", "fighter", structure="ba", nation="blueland")
    game = offensive(b)
    script(monkeypatch, game, [9, 9])
    game.apply(Move(stack_of(game, "rb"), ("b1", "c1", "d1", "e1")))
    tests = records(game, "interception_test")
    assert [t["region"] for t in tests] == ["d1", "e1"]
    assert tests[0]["modifiers"] == {"not_same_region": -1, "grounded": 1}
    assert tests[1]["modifiers"] == {"final_destination": -1, "grounded": 1}
    assert place(game, "rb") == ("e1", None)


def test_a3_a_beaten_patrol_flies_home(monkeypatch: pytest.MonkeyPatch) -> None:
    b = air_world()
    b.unit("rf", "fighter", structure="ra").unit("bf", "fighter", structure="ba", nation="blueland")
    game = b.game()
    advance_to(game, "air_defensive", "blue")
    game.apply(Move(stack_of(game, "bf"), ("d1",)))
    advance_to(game, "air_offensive", "red")
    # The test over c1 succeeds; red hits, blue misses; blue's fighter keeps its nerve.
    script(monkeypatch, game, [0, 0, 9, 0])
    game.apply(Move(stack_of(game, "rf"), ("b1", "c1")))
    (test,) = records(game, "interception_test")
    assert test["region"] == "c1"
    assert test["modifiers"] == {"final_destination": -1, "not_same_region": -1}
    assert records(game, "air_combat_result")[-1]["winner"] == "red"
    assert place(game, "bf") == ("e1", "ba")
    assert place(game, "rf") == ("c1", None)


@pytest.mark.parametrize(
    ("rolls", "winner"),
    [
        # test 0 succeeds; bomber (air-to-air 1) misses with 5, fighter (6) misses with 9
        ([0, 5, 9], "blue"),
        # both hit once; both survivors pass their panic tests: a tie again
        ([0, 1, 3, 0, 0], "blue"),
        # only the bomber hits: red wins and flies on
        ([0, 1, 9, 0], "red"),
    ],
)
def test_a3_air_combat_tie_goes_to_the_interceptor(
    monkeypatch: pytest.MonkeyPatch, rolls: list[int], winner: str
) -> None:
    b = air_world()
    b.unit("rb", "bomber", structure="ra").unit("bf", "fighter", structure="ba", nation="blueland")
    game = offensive(b)
    script(monkeypatch, game, rolls)
    game.apply(Move(stack_of(game, "rb"), ("b1", "c1", "d1")))
    assert records(game, "air_combat_result")[-1]["winner"] == winner
    if winner == "blue":
        assert place(game, "rb") == ("a1", "ra")
        assert records(game, "air_return")[-1]["reason"] == "defeated"
    else:
        assert place(game, "rb") == ("d1", None)
    assert place(game, "bf") == ("e1", "ba")  # grounded interceptors stay home


def test_a3_fighters_get_the_radar_bonus_only_when_their_side_alone_has_radar(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    b = radar(air_world(), "redland")
    b.unit("rf", "fighter", structure="ra").unit("bf", "fighter", structure="ba", nation="blueland")
    game = offensive(b)
    script(monkeypatch, game, [0, 9, 9])
    game.apply(Move(stack_of(game, "rf"), ("b1", "c1", "d1")))
    combat = records(game, "air_combat")[-1]
    assert combat["radar_bonus"] == {"moving": 1, "other": 0}
    assert combat["shots"]["moving"][0]["factor"] == 7


def test_a3_air_reach_shows_interception_risk_and_aa() -> None:
    b = air_world()
    b.unit("rb", "bomber", structure="ra").unit("bf", "fighter", structure="ba", nation="blueland")
    b.unit("bflak", "flak", "c1", nation="blueland")
    game = offensive(b)
    reach = air_reach(game, stack_of(game, "rb"))
    assert {r for r, v in reach.items() if v["interception_risk"]} == {"d1", "e1"}
    assert {r for r, v in reach.items() if v["aa"]} == {"c1"}


# -- A4: where flights end -----------------------------------------------------------------------


def test_a4_planes_over_enemy_land_units_stay_there_as_their_own_stack() -> None:
    b = air_world()
    b.unit("rb", "bomber", structure="ra").unit("bi", "inf", "c1", nation="blueland")
    game = offensive(b)
    game.apply(Move(stack_of(game, "rb"), ("b1", "c1")))
    assert records(game, "air_arrived")[-1]["over_enemy_land"] is True
    game.apply(EndPhase())
    assert game.phase == "land_movement"
    assert place(game, "rb") == ("c1", None)
    assert game.state.stacks[stack_of(game, "rb")].units == ["rb"]


def _over_the_sea(b: Builder) -> Builder:
    b.region("c1", terrain="sea").connect("b1", "c1", "sea").connect("c1", "d1", "sea")
    return b.unit("bs", "ship", "c1", nation="blueland")


def test_a4_an_air_sea_battle_is_fought_as_a_battle_when_the_air_moves_end(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A4 (departure 8): a bomber ending its offensive flight over a blue ship fights an
    air-sea battle once red has flown what it wanted: a battle with card windows, the bomber
    striking in the air-support round and the ship firing back like AA (its defence)."""
    b = _over_the_sea(air_world())
    b.unit("rb", "bomber", structure="ra").unit("rb2", "bomber", structure="ra")
    game = offensive(b)
    bombers = stack_of(game, "rb")
    game.apply(Split(bombers, ("rb2",)))
    game.apply(Move(bombers, ("b1", "c1")))
    assert ResolveBattle("c1") in game.legal_actions()
    assert EndPhase() not in game.legal_actions()
    with pytest.raises(IllegalAction, match="air-sea battle"):
        game.apply(EndPhase())
    assert moves_of(game, stack_of(game, "rb2"))  # more flights first, if red wants
    game.apply(ResolveBattle("c1"))
    assert game.state.battle is not None and game.state.battle["defenders"] == ["bs"]
    assert not moves_of(game, stack_of(game, "rb2"))  # the air movement is over
    # The bomber (attack 5) rolls 2: a hit; the ship (defence 3) rolls 7: a miss; the ship
    # keeps its nerve (0). No round is left for either (the bomber only strikes once).
    script(monkeypatch, game, [2, 7, 0])
    game.apply(ContinueBattle())
    game.apply(ContinueBattle())
    assert game.state.battle is None
    (start,) = records(game, "battle_start")
    assert start["region"] == "c1" and start["attackers"] == ["rb"]
    fire = records(game, "battle_fire")
    assert [(f["unit"], f["round"], f["hits"]) for f in fire] == [
        ("rb", "air_support", 1),
        ("bs", "air_support", 0),
    ]
    assert game.state.units["bs"].strength == 1 and place(game, "bs") == ("c1", None)
    # The ship held the sea (the defender wins a drawn battle): the bomber flies home.
    assert records(game, "battle_over")[-1]["winner"] == "blue"
    assert place(game, "rb") == ("a1", "ra")
    game.apply(EndPhase())
    assert game.phase == "land_movement"


def test_a4_an_air_sea_battle_lasts_like_a_normal_battle(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A4: dive bombers keep striking in the main and next rounds, so the air-sea battle goes
    on past ``air_only_rounds`` (which caps air attacks on land units) up to the rules'
    rounds: here every shot misses and five rounds are fought."""
    b = _over_the_sea(air_world())
    b.unit_type(
        "stuka",
        name="Dive bombers",
        domain="air",
        attack=5,
        air_to_air=1,
        morale=5,
        movement=8,
        hit_points=2,
        roles=["dive_bomber"],
    )
    b.unit("rd", "stuka", structure="ra")
    game = offensive(b)
    game.apply(Move(stack_of(game, "rd"), ("b1", "c1")))
    game.apply(ResolveBattle("c1"))
    script(monkeypatch, game, [9] * 10)
    while game.state.battle is not None:
        game.apply(ContinueBattle())
    rounds = [r["round"] for r in records(game, "battle_round")]
    assert rounds == ["air_support", "main", "next", "next", "next"]
    assert game.scenario.rules.battle.air_only_rounds < len(rounds)
    assert game.state.units["bs"].status == "active" and place(game, "bs") == ("c1", None)


# -- A5: return to base, change of base ----------------------------------------------------------


def test_a5_planes_return_to_base_after_battles_and_may_fly_again() -> None:
    b = air_world()
    b.unit("rb", "bomber", structure="ra")
    game = offensive(b)
    game.apply(Move(stack_of(game, "rb"), ("b1", "c1")))
    advance_to(game, "air_defensive")
    assert place(game, "rb") == ("a1", "ra")
    back = records(game, "air_return")[-1]
    assert back["reason"] == "after_battles" and back["to"] == "ra" and back["diverted"] == []
    assert moves_of(game, stack_of(game, "rb"))


def _two_red_airports(capacity_rb: int) -> Builder:
    b = air_world(capacity=1)
    b.structure("rb_field", "b1", kind="airfield", airport=True, capacity={"air": capacity_rb})
    b.unit("rb", "bomber", structure="ra").unit("rf", "fighter", structure="rb_field")
    return b


def test_a5_a_full_base_sends_planes_to_the_nearest_airport_with_room() -> None:
    game = offensive(_two_red_airports(capacity_rb=1))
    game.apply(Move(stack_of(game, "rb"), ("b1", "c1")))
    game.apply(Rebase(stack_of(game, "rf"), "ra"))  # fills the bomber's home airfield
    advance_to(game, "air_defensive")
    assert place(game, "rb") == ("b1", "rb_field")
    assert game.state.units["rb"].base == "rb_field"
    assert records(game, "air_return")[-1]["diverted"] == ["rb"]


def test_a5_planes_crash_when_no_friendly_airport_has_room() -> None:
    game = offensive(_two_red_airports(capacity_rb=1))
    game.apply(Move(stack_of(game, "rb"), ("b1", "c1")))
    capture_structure(game, "ra", "blue")  # the base is lost; the other airfield is full
    advance_to(game, "air_defensive")
    assert game.state.units["rb"].status == "eliminated"
    assert records(game, "air_crash")[-1]["unit"] == "rb"
    assert records(game, "eliminated")[-1]["cause"] == "crash"


def test_a5_rebase_keeps_planes_at_the_new_base_for_the_turn() -> None:
    game = offensive(_two_red_airports(capacity_rb=2))
    stack = stack_of(game, "rb")
    assert Rebase(stack, "rb_field") in game.legal_actions()
    game.apply(Rebase(stack, "rb_field"))
    assert place(game, "rb") == ("b1", "rb_field")
    assert game.state.units["rb"].base == "rb_field"
    assert not moves_of(game, stack)
    advance_to(game, "air_defensive")
    assert place(game, "rb") == ("b1", "rb_field")
    assert not moves_of(game, stack_of(game, "rb"))
    advance_to(game, "air_offensive", "red")
    assert moves_of(game, stack_of(game, "rb"))
    with pytest.raises(IllegalAction):
        game.apply(Rebase(stack_of(game, "rb"), "ba"))  # an enemy airport


# -- P1: saving in an air phase ------------------------------------------------------------------


def test_p1_save_and_load_in_an_air_phase_continue_identically() -> None:
    b = radar(air_world(), "blueland")
    b.unit("rb", "bomber", structure="ra").unit("rf", "fighter", structure="ra")
    b.unit("bf", "fighter", structure="ba", nation="blueland")
    b.unit("bflak", "flak", "c1", nation="blueland")
    game = offensive(b, seed=11)
    stack = stack_of(game, "rb")
    game.apply(Split(stack, ("rf",)))
    game.apply(Move(stack, ("b1", "c1", "d1")))
    saved = json.loads(json.dumps(game.save()))
    copy = Game.load(game.scenario, saved)

    def play_on(g: Game) -> None:
        g.apply(Move(stack_of(g, "rf"), ("b1", "c1", "d1")))
        advance_to(g, "air_defensive")
        for action in g.legal_actions()[:1]:
            if not isinstance(action, EndPhase):
                g.apply(action)
        advance_to(g, "air_offensive", "red")

    play_on(game)
    play_on(copy)
    assert copy.log.digest() == game.log.digest()
    assert records(game, "interception_test")


# -- V2/A1: aircraft are no ground defenders -----------------------------------------------------


def _blue_patrol_over_c1(b: Builder) -> Game:
    """Blue's fighter flies a defensive patrol over c1; red's land movement then opens."""
    b.unit("bf", "fighter", structure="ba", nation="blueland")
    game = b.game()
    advance_to(game, "air_defensive", "blue")
    game.apply(Move(stack_of(game, "bf"), ("d1", "c1")))
    advance_to(game, "land_movement", "red")
    assert place(game, "bf") == ("c1", None)
    return game


@pytest.mark.parametrize("ratio", [10.0, 1.0])
def test_v2_a1_a_patrol_neither_stops_a_land_move_nor_is_overrun(ratio: float) -> None:
    """V2/A1: a tank (4 hit points) drives through c1 under a blue fighter patrol (2 hit
    points). The planes do not stop it (no battle could follow) and, even at an overrun ratio
    of 1 the tank would meet, they are not overrun: only AA and interception harm aircraft."""
    b = air_world().rules("movement", overrun_ratio=ratio)
    b.unit("rt", "tank", "a1")
    game = _blue_patrol_over_c1(b)
    tank = stack_of(game, "rt")
    found = movement.reachable(game, game.state.stacks[tank])
    assert found["c1"].kind == "move" and found["d1"].kind == "move"
    game.apply(Move(tank, ("b1", "c1", "d1")))
    assert place(game, "rt") == ("d1", None)
    assert game.state.units["bf"].status == "active" and place(game, "bf") == ("c1", None)
    assert side_of_region(game, "c1") == "red"
    assert not records(game, "overrun")
    assert "c1" not in battle_regions(game, "red")


def test_a1_b9_e3_aircraft_alone_bar_neither_retreats_nor_reinforcements() -> None:
    """A1: a region under an enemy patrol is still open to a retreat (B9) and to arriving
    reinforcements (E3); enemy ground units there bar both."""
    b = air_world().owners(b1="redland", c1="redland", d1="redland")
    b.unit("rt", "tank", "a1")
    game = _blue_patrol_over_c1(b)
    assert retreat.usable(game, "c1", "red")
    assert "c1" in allowed_regions(game, Destination(regions=["c1"]), "red")
    game.state.units["bf"].domain = "land"  # the same stack, as if it held ground units
    assert not retreat.usable(game, "c1", "red")
    assert allowed_regions(game, Destination(regions=["c1"]), "red") == []


def test_v2_m5_planes_parked_at_an_open_airfield_are_lost_with_it() -> None:
    """V2/M5: grounded aircraft do not stop a land stack either; the airfield, unfortified,
    falls with its region and the planes inside, unable to fight, are destroyed."""
    b = air_world(3)
    b.unit("rt", "tank", "a1").unit("bf", "fighter", structure="ba", nation="blueland")
    game = b.game()
    advance_to(game, "land_movement")
    game.apply(Move(stack_of(game, "rt"), ("b1", "c1")))
    assert place(game, "rt") == ("c1", None)
    assert side_of_structure(game, "ba") == "red"
    assert game.state.units["bf"].status == "eliminated"
    assert records(game, "eliminated")[-1]["cause"] == "structure captured"


@pytest.mark.parametrize("phase", ["air_offensive", "air_defensive"])
def test_a2_a3_aa_and_interception_meet_the_offensive_flight_only(
    monkeypatch: pytest.MonkeyPatch, phase: str
) -> None:
    """A2/A3: a red fighter flies a1 -> b1 -> c1 -> d1 past blue flak in c1 and within reach
    of blue's fighter at e1. In the offensive phase the flak fires and an interception is
    tested; in the defensive phase (a patrol flying out) neither happens."""
    b = air_world().owners(d1="redland")
    b.unit("rf", "fighter", structure="ra")
    b.unit("bflak", "flak", "c1", nation="blueland")
    b.unit("bf", "fighter", structure="ba", nation="blueland")
    game = b.game()
    advance_to(game, phase)
    reach = air_reach(game, stack_of(game, "rf"))
    contested = phase == "air_offensive"
    assert reach["c1"]["aa"] is contested
    assert reach["d1"]["interception_risk"] is contested
    # Flak misses (9); the interception test in d1, next to e1, fails (9).
    script(monkeypatch, game, [9, 9] if contested else [])
    game.apply(Move(stack_of(game, "rf"), ("b1", "c1", "d1")))
    assert bool(records(game, "aa_fire")) is contested
    assert len(records(game, "interception_test")) == (1 if contested else 0)
    assert place(game, "rf") == ("d1", None)
