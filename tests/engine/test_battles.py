"""Battles: who fights, the rounds, and what a shot needs to hit (B1-B3, M3, U3, U5, B12).

The helpers here are shared by the other ``test_battles_*`` modules. Their scenarios play only
the battles and sieges phases, so nothing but the rules under test moves a unit or a die.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine import Game
from engine.actions import ContinueBattle, EndPhase, ResolveBattle, Retreat
from engine.combat import values
from engine.errors import IllegalAction
from tests.engine.builder import Builder

# -- helpers -------------------------------------------------------------------------------------


def arena(cols: int = 3, rows: int = 1, **options: Any) -> Builder:
    """A builder whose turns only have the battles, sieges and end-of-turn phases."""
    b = Builder(cols, rows, **options)
    b.raw["calendar"]["phases"] = [{"phase": p} for p in ("battles", "sieges", "end_of_turn")]
    return b


def start(b: Builder, seed: int = 0, entry: dict[str, str] | None = None) -> Game:
    """The game at red's battles phase; red's stacks in the regions named by ``entry`` came
    from the region each maps to (default: b1 entered from a1)."""
    game = b.game(seed)
    entry = {"b1": "a1"} if entry is None else entry
    for stack in game.state.stacks.values():
        if stack.side == "red" and stack.region in entry:
            stack.came_from = entry[stack.region]
    assert game.phase == "battles" and game.active_side == "red"
    return game


class Script:
    """Die rolls in a fixed order; running out fails the test."""

    def __init__(self, rolls: list[int]) -> None:
        self.rolls = list(rolls)

    def __call__(self) -> int:
        if not self.rolls:
            raise AssertionError("the scripted dice ran out")
        return self.rolls.pop(0)


def script(game: Game, *rolls: int) -> Script:
    dice = Script(list(rolls))
    game.dice.roll = dice  # type: ignore[method-assign]
    return dice


def fly(game: Game, unit: str, region: str) -> None:
    """Put an aircraft over ``region`` (as air movement would)."""
    from engine import board
    from engine.setup import place_unit

    board.remove_from_stack(game, game.state.units[unit])
    place_unit(game.state, unit, region, None)


def airfield(b: Builder, region: str = "a1", structure: str = "field") -> Builder:
    b.structure(structure, region, kind="airfield", airport=True, capacity={"air": 8})
    return b


def fight(game: Game, region: str = "b1", *, windows: int = 100) -> None:
    """Open the battle in ``region`` and pass every card window until it is over."""
    game.apply(ResolveBattle(region))
    for _ in range(windows):
        if game.state.battle is None:
            return
        game.apply(ContinueBattle())
    raise AssertionError("the battle did not end")


def fires(game: Game, unit: str) -> list[dict[str, Any]]:
    return [r for r in game.log.of_type("battle_fire") if r["unit"] == unit]


def last(game: Game, kind: str) -> dict[str, Any]:
    return game.log.of_type(kind)[-1]


def duel(**attacker: Any) -> Builder:
    """One red infantry against one blue infantry in b1 (red came from a1)."""
    b = arena()
    b.unit("r1", "inf", "b1", **attacker)
    b.unit("x1", "inf", "b1", nation="blueland")
    return b


# -- B1: where the battles are -------------------------------------------------------------------


def test_b1_battles_are_listed_where_warring_stacks_meet_and_must_all_be_fought() -> None:
    b = arena(cols=4)
    b.unit("r1", "inf", "b1")
    b.unit("r2", "inf", "c1")
    b.unit("x1", "inf", "b1", nation="blueland")
    b.unit("x2", "inf", "c1", nation="blueland")
    b.unit("x3", "inf", "d1", nation="blueland")
    game = start(b, entry={"b1": "a1", "c1": "b1"})
    assert ResolveBattle("b1") in game.legal_actions()
    assert ResolveBattle("c1") in game.legal_actions()
    assert ResolveBattle("d1") not in game.legal_actions()
    assert EndPhase() not in game.legal_actions()
    with pytest.raises(IllegalAction):
        game.apply(EndPhase())
    # Any order: c1 first.
    fight(game, "c1")
    assert [a for a in game.legal_actions() if isinstance(a, ResolveBattle)] == [
        ResolveBattle("b1")
    ]


def test_b1_attackers_from_several_regions_fight_as_one_side() -> None:
    b = arena(cols=3, rows=2)
    b.unit("r1", "inf", "b1")
    b.unit("r2", "tank", "b1")
    b.unit("x1", "inf", "b1", nation="blueland")
    game = start(b)
    stacks = [s for s in game.state.stacks.values() if s.side == "red"]
    # Two stacks of red, entered from two regions.
    from engine import board

    other = board.split(game, stacks[0], ["r2"])
    stacks[0].came_from, other.came_from = "a1", "b2"
    game.apply(ResolveBattle("b1"))
    battle = game.state.battle
    assert battle is not None
    assert battle["attackers"] == ["r1", "r2"]
    assert battle["entry"] == {"r1": "a1", "r2": "b2"}
    assert battle["card_window"] == "red"


def test_b1_units_inside_a_fortified_structure_stay_out_of_the_field_battle() -> None:
    b = arena()
    b.structure("fort", "b1", fortification=3)
    b.unit("r1", "inf", "b1")
    b.unit("x1", "inf", "b1", nation="blueland")
    b.unit("x2", "inf", structure="fort", nation="blueland")
    game = start(b)
    game.apply(ResolveBattle("b1"))
    assert game.state.battle is not None
    assert game.state.battle["defenders"] == ["x1"]


# -- B2: rounds -----------------------------------------------------------------------------------


def test_b2_rounds_run_in_order_only_when_someone_can_fire_and_stop_after_three_next() -> None:
    b = duel()
    b.unit("r2", "art", "b1")
    b.unit_type("inf", morale=9)  # nobody routs
    game = start(b)
    script(game, *([9] * 40))  # every shot misses
    fight(game)
    rounds = [r["round"] for r in game.log.of_type("battle_round")]
    assert rounds == ["artillery", "main", "next", "next", "next"]
    assert last(game, "battle_over")["winner"] == "blue"  # nobody won: the defender holds


def test_b2_max_rounds_caps_the_battle() -> None:
    b = duel()
    b.unit_type("inf", morale=9)
    b.rules("battle", max_rounds=2)
    game = start(b)
    script(game, *([9] * 40))
    fight(game)
    assert [r["round"] for r in game.log.of_type("battle_round")] == ["main", "next"]


def test_b2_card_windows_open_for_attacker_then_defender_before_each_round() -> None:
    b = duel()
    b.unit_type("inf", morale=9)
    game = start(b)
    script(game, *([9] * 40))
    game.apply(ResolveBattle("b1"))
    seen = []
    while game.state.battle is not None:
        battle = game.state.battle
        seen.append((game.to_act(), battle["upcoming"], Retreat() in game.legal_actions()))
        game.apply(ContinueBattle())
    assert seen[:4] == [
        ("red", "cards", False),
        ("blue", "cards", False),
        ("red", "next", True),  # B8: retreat from the first next round
        ("blue", "next", True),
    ]
    assert len(seen) == 2 * 4  # card round + windows before each of the three next rounds


# -- B3: shots ----------------------------------------------------------------------------------


def test_b3_a_roll_at_most_the_factor_hits_and_above_misses() -> None:
    game = start(duel())
    script(game, 4, 5, *([9] * 40))  # red hits on 4 (factor 4), blue misses on 5
    fight(game)
    assert fires(game, "r1")[0]["hits"] == 1
    assert fires(game, "x1")[0]["hits"] == 0


def test_b3_a_zero_always_hits_even_with_a_negative_factor() -> None:
    b = duel()
    b.unit_type("dud", name="Dud", attack=0, defence=0, morale=9, hit_points=4)
    b.raw["units"][0]["type"] = "dud"
    b.region("b1", terrain="hills")  # attacker -1: factor -1
    game = start(b)
    script(game, 0, 9, *([9] * 40))
    fight(game)
    assert fires(game, "r1")[0]["factor"] == -1
    assert fires(game, "r1")[0]["hits"] == 1


def test_b3_without_the_zero_rule_a_zero_misses_below_zero() -> None:
    b = duel()
    b.unit_type("dud", name="Dud", attack=0, defence=0, morale=9, hit_points=4)
    b.raw["units"][0]["type"] = "dud"
    b.region("b1", terrain="hills")
    b.rules("battle", zero_always_hits=False)
    game = start(b)
    script(game, 0, 9, *([9] * 40))
    fight(game)
    assert fires(game, "r1")[0]["hits"] == 0


def test_b3_rate_of_fire_gives_several_shots() -> None:
    b = duel()
    b.unit_type("inf", rate_of_fire=2)
    game = start(b)
    script(game, 1, 2, 9, 9, *([9] * 40))
    fight(game)
    assert fires(game, "r1")[0]["rolls"] == [1, 2]
    assert fires(game, "r1")[0]["hits"] == 2


def test_b3_elite_units_roll_a_missed_shot_again() -> None:
    b = duel()
    b.unit_type("guard", name="Guard", attack=4, defence=4, morale=9, hit_points=4, elite=True)
    b.raw["units"][0]["type"] = "guard"
    game = start(b)
    script(game, 8, 3, 8, *([9] * 40))  # elite misses (8), re-rolls 3; blue misses once only
    fight(game)
    shot = fires(game, "r1")[0]
    assert (shot["rolls"], shot["rerolls"], shot["hits"]) == ([8], [3], 1)
    assert fires(game, "x1")[0]["rerolls"] == []


def test_b3_reduced_values_apply_at_or_under_the_fraction() -> None:
    b = duel(strength=2)
    b.unit_type("inf", reduced={"attack": 2})
    game = start(b)
    script(game, *([9] * 40))
    fight(game)
    assert fires(game, "r1")[0]["factor"] == 2
    assert fires(game, "x1")[0]["factor"] == 4


def test_b3_terrain_penalises_attackers_and_helps_defenders() -> None:
    b = duel()
    b.region("b1", terrain="urban")  # attacker -1, defender +2
    game = start(b)
    script(game, *([9] * 40))
    fight(game)
    assert fires(game, "r1")[0]["factor"] == 3
    assert fires(game, "x1")[0]["factor"] == 6


def test_m3_river_bonus_helps_the_defender_in_the_first_round_only() -> None:
    b = duel()
    b.unit_type("inf", morale=9)
    b.connect("a1", "b1", "river")
    game = start(b)
    game.state.stacks[game.state.units["r1"].stack].crossed = "a1-b1"  # type: ignore[index]
    script(game, *([9] * 40))
    fight(game)
    factors = [r["factor"] for r in fires(game, "x1")]
    assert factors[:2] == [5, 4]
    modifiers = game.log.of_type("battle_modifiers")[0]["units"]["x1"]
    assert ["connection", 1] in modifiers


def test_m3_beach_bonus_only_against_units_from_the_sea() -> None:
    b = duel()
    b.unit_type("inf", morale=9)
    b.connect("a1", "b1", "beach")
    game = start(b)
    game.state.stacks[game.state.units["r1"].stack].crossed = "a1-b1"  # type: ignore[index]
    script(game, *([9] * 40))
    fight(game)
    assert fires(game, "x1")[0]["factor"] == 4  # a1 is land: no bonus


def test_u5_attackers_of_an_entrenched_stack_fire_at_minus_one() -> None:
    b = duel()
    b.raw["units"][1]["entrenched"] = True
    game = start(b)
    script(game, *([9] * 40))
    fight(game)
    assert fires(game, "r1")[0]["factor"] == 3
    assert fires(game, "x1")[0]["factor"] == 4


def test_b3_the_better_leader_gives_its_side_the_difference() -> None:
    b = duel()
    b.leader("rl", "b1", attack=2)
    b.leader("bl", "b1", nation="blueland", defence=3)
    game = start(b)
    script(game, *([9] * 40))
    fight(game)
    assert fires(game, "r1")[0]["factor"] == 4
    assert fires(game, "x1")[0]["factor"] == 5


def test_u3_the_commanding_leader_is_the_highest_rank_then_hierarchy() -> None:
    b = duel()
    b.leader("l1", "b1", rank=1, attack=5)
    b.leader("l2", "b1", rank=2, hierarchy="B", attack=1)
    b.leader("l3", "b1", rank=2, hierarchy="A", attack=2)
    game = start(b)
    assert values.commander(game, ["l1", "l2", "l3"]) == "l3"
    script(game, *([9] * 40))
    fight(game)
    assert fires(game, "r1")[0]["factor"] == 6


def test_u3_command_penalty_minus_one_per_started_five_points_over_the_limit() -> None:
    b = arena()
    b.region("b1", stacking=40)
    b.unit_type("corps", name="Corps", attack=4, defence=4, morale=6, hit_points=8, stacking=25)
    b.unit("r1", "corps", "b1")
    b.leader("rl", "b1", rank=1, attack=0, morale=2)
    b.unit("x1", "inf", "b1", nation="blueland")
    game = start(b)
    # 25 points under a one-star leader (limit 10): 15 over, three steps.
    assert values.command_steps(game, "rl", 25) == 3
    assert values.command_steps(game, "rl", 21) == 3
    assert values.command_steps(game, "rl", 20) == 2
    assert values.command_steps(game, "rl", 10) == 0
    script(game, *([9] * 40))
    fight(game)
    start_terms = dict(map(tuple, game.log.of_type("battle_morale_start")[0]["terms"]))
    assert start_terms["command"] == -3
    # The leader's value is 0 - 3, so the defender gets the difference.
    assert fires(game, "x1")[0]["factor"] == 4 + 3
    assert fires(game, "r1")[0]["factor"] == 4


def test_b3_boosters_add_to_their_side() -> None:
    b = duel()
    b.unit_type("hq", name="HQ", unit_class="support", booster={"attack": 1, "morale": 2})
    b.unit("r2", "hq", "b1")
    game = start(b)
    script(game, *([9] * 40))
    fight(game)
    assert fires(game, "r1")[0]["factor"] == 5
    terms = dict(map(tuple, game.log.of_type("battle_morale_start")[0]["terms"]))
    assert terms["boosters"] == 2


def test_b3_armour_superiority_needs_two_units_and_twice_the_enemy() -> None:
    def factor(red_tanks: int, blue_tanks: int, terrain: str = "clear") -> int:
        b = arena()
        b.region("b1", stacking=40, terrain=terrain)
        b.unit_type("tank", morale=9)
        for i in range(red_tanks):
            b.unit(f"r{i}", "tank", "b1")
        for i in range(blue_tanks):
            b.unit(f"x{i}", "tank", "b1", nation="blueland")
        b.unit("xi", "inf", "b1", nation="blueland")
        game = start(b)
        script(game, *([9] * 200))
        fight(game)
        return fires(game, "r0")[0]["factor"]

    assert factor(1, 0) == 6  # one tank is not enough
    assert factor(2, 0) == 7
    assert factor(2, 1) == 7
    assert factor(3, 2) == 6  # not double
    assert factor(4, 2) == 7
    assert factor(2, 0, terrain="forest") == 6 - 1  # forest: no superiority, attacker -1


def test_b3_supply_stages_lower_attack() -> None:
    game = start(duel())
    game.state.units["r1"].unsupplied = 2  # second stage: -1 attack, -1 morale
    script(game, *([9] * 40))
    fight(game)
    assert fires(game, "r1")[0]["factor"] == 3
    terms = dict(map(tuple, game.log.of_type("battle_morale_start")[0]["terms"]))
    assert terms["units"] == 3


def test_b12_the_log_explains_every_factor_and_roll() -> None:
    b = duel()
    b.region("b1", terrain="urban")
    game = start(b)
    script(game, 2, 7, *([9] * 40))
    fight(game)
    kinds = {r["type"] for r in game.log.records}
    assert {
        "battle_start",
        "battle_morale_start",
        "battle_modifiers",
        "battle_round",
        "battle_fire",
        "battle_hits",
        "battle_over",
    } <= kinds
    terms = game.log.of_type("battle_modifiers")[0]["units"]
    assert terms["r1"] == [["base", 4], ["terrain", -1]]
    assert terms["x1"] == [["base", 4], ["terrain", 2]]
    assert fires(game, "r1")[0]["rolls"] == [2]


def test_b12_explain_gives_a_tooltip_for_any_unit() -> None:
    b = duel()
    b.region("b1", terrain="urban")
    game = start(b)
    assert values.explain(game, "r1") == [("base", 4)]
    game.apply(ResolveBattle("b1"))
    assert values.explain(game, "r1") == [("base", 4), ("terrain", -1)]
    assert values.explain(game, "x1") == [("base", 4), ("terrain", 2)]


def test_b12_battles_are_counted_and_kept_for_the_turn_summary() -> None:
    game = start(duel())
    script(game, 0, 9, 0, 9, 0, 9, 0, 9, *([9] * 40))
    fight(game)
    assert game.state.stats["battles"] == 1
    result = game.state.stats["battle_results"][0]
    assert result["region"] == "b1" and result["attacker"] == "red"
    assert result["winner"] in ("red", "blue")


# -- saving in the middle of a battle ------------------------------------------------------------


def test_save_in_the_middle_of_a_battle_and_go_on_gives_the_same_log() -> None:
    b = arena()
    b.region("b1", stacking=40)
    for i in range(4):
        b.unit(f"r{i}", "inf", "b1")
        b.unit(f"x{i}", "inf", "b1", nation="blueland")
    b.unit("rt", "tank", "b1")
    b.unit("ra", "art", "b1")
    b.leader("rl", "b1", attack=1, morale=1)
    game = start(b, seed=11)
    game.apply(ResolveBattle("b1"))
    game.apply(ContinueBattle())
    game.apply(ContinueBattle())  # first round fought
    assert game.state.battle is not None
    saved = game.save()
    copy = Game.load(game.scenario, saved)

    def finish(g: Game) -> None:
        while g.state.battle is not None or g.state.pending:
            g.apply(g.legal_actions()[-1] if g.state.pending else ContinueBattle())

    finish(game)
    finish(copy)
    assert copy.log.jsonl() == game.log.jsonl()
    assert copy.state.to_json() == game.state.to_json()
