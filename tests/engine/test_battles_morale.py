"""Battle morale, panic, rout, pursuit and the end of a battle (B4, B6, B7, B8, U1, A4)."""

from __future__ import annotations

from engine.actions import ContinueBattle, ResolveBattle
from engine.combat.field import describe
from engine.combat.morale import Fight, rout_check
from engine.combat.prepare import build
from tests.engine.test_battles import (
    airfield,
    arena,
    duel,
    fight,
    fires,
    fly,
    last,
    script,
    start,
)


def terms_of(game, side: str) -> dict[str, int]:
    record = next(r for r in game.log.of_type("battle_morale_start") if r["side_id"] == side)
    return dict(map(tuple, record["terms"]))


# -- B4 ---------------------------------------------------------------------------------------


def test_b4_battle_morale_sums_every_term() -> None:
    b = arena(cols=4)
    b.region("b1", terrain="urban")  # defender morale +1
    b.raw["sides"][0]["morale_bonus"] = 2
    b.unit("r1", "inf", "b1")  # morale 4
    b.unit("r2", "tank", "b1")  # morale 5
    b.unit("r3", "tank", "b1")  # morale 5: mean 14/3 = 4.67 -> 5
    b.unit("r4", "bomber", structure="field")  # air present; morale 5
    b.leader("rl", "b1", morale=3, booster={"morale": 1})
    b.unit("x1", "inf", "b1", nation="blueland")
    game = start(airfield(b))
    fly(game, "r4", "b1")
    script(game, *([9] * 60))
    fight(game)
    red = terms_of(game, "red")
    # Urban terrain forbids nothing in the builder's table, so superiority counts.
    assert red == {
        "units": 5,
        "leader": 3,
        "air": 1,
        "armour": 1,
        "armour_superiority": 1,
        "boosters": 1,
        "scenario": 2,
    }
    assert terms_of(game, "blue") == {"units": 4, "terrain": 1}
    totals = {r["side_id"]: r["total"] for r in game.log.of_type("battle_morale_start")}
    assert totals == {"red": 14, "blue": 5}


def test_b4_mean_morale_rounds_half_up() -> None:
    b = duel()
    b.unit("r2", "tank", "b1")  # 4 and 5: 4.5 -> 5
    game = start(b)
    script(game, *([9] * 60))
    fight(game)
    assert terms_of(game, "red")["units"] == 5


def test_b4_a_card_adds_to_battle_morale() -> None:
    b = duel()
    b.set(
        "cards",
        [
            {
                "id": "rally",
                "name": "Rally",
                "side": "red",
                "phases": ["battle"],
                "effects": [
                    {
                        "kind": "modify",
                        "select": {"scope": {"context": "battle"}},
                        "stat": "battle_morale",
                        "amount": 2,
                        "duration": {"until": "end_of_battle"},
                    }
                ],
            }
        ],
    )
    game = start(b)
    game.state.sides["red"].hand.append("rally")
    script(game, *([9] * 60))
    game.apply(ResolveBattle("b1"))
    from engine.actions import PlayCard

    assert PlayCard("rally") in game.legal_actions()
    game.apply(PlayCard("rally"))
    while game.state.battle is not None:
        game.apply(ContinueBattle())
    assert terms_of(game, "red")["cards"] == 2
    assert game.log.of_type("battle_round")[0]["morale"][0] == 4 + 2


def test_b4_morale_drops_by_one_at_each_next_round() -> None:
    b = duel()
    b.unit_type("inf", morale=9)
    game = start(b)
    script(game, *([9] * 60))
    fight(game)
    drops = [(r["side_id"], r["change"], r["reason"]) for r in game.log.of_type("battle_morale")]
    assert drops == [("red", -1, "next_round"), ("blue", -1, "next_round")] * 3
    assert [r["morale"] for r in game.log.of_type("battle_round")] == [
        [9, 9],
        [8, 8],
        [7, 7],
        [6, 6],
    ]


def test_b4_each_unit_lost_or_panicked_costs_a_point() -> None:
    from engine.combat.morale import settle

    b = arena()
    b.unit("r1", "tank", "b1")
    for i in range(3):
        b.unit(f"x{i}", "inf", "b1", nation="blueland")
    game = start(b)
    setup = build(game, describe(game, "b1", "red"))
    state = Fight(setup)
    # x0 eliminated (4 hits), x1 hit hard and panics on a 9, x2 untouched.
    taken = [0, 4, 2, 0]
    state.strength = [4, 0, 2, 4]
    seen = []
    settle(setup, state, 1, taken, 12, lambda: 9, lambda kind, **data: seen.append(data))
    reasons = [d["reason"] for d in seen if "reason" in d]
    assert reasons == ["unit_lost", "panic"]  # 6 hits of 12 is not more than half
    assert state.morale[1] == setup.morale_base[1] - 2
    assert (state.lost[1], state.panics[1], state.status) == (1, 1, [0, 2, 1, 0])


def test_b4_heavy_losses_cost_one_more_point() -> None:
    b = arena()
    b.unit_type("inf", morale=9)
    b.unit("r1", "inf", "b1")
    b.unit("r2", "inf", "b1")
    b.unit("r3", "inf", "b1")
    b.unit("x1", "inf", "b1", nation="blueland")
    game = start(b)
    # Three hits on a four-point unit: 3 > 4/2, a heavy round; it also tests for panic.
    script(game, 0, 0, 0, 9, 0, *([9] * 60))
    fight(game)
    reasons = [r["reason"] for r in game.log.of_type("battle_morale") if r["side_id"] == "blue"]
    assert reasons[0] == "heavy_losses"


# -- B6 panic ----------------------------------------------------------------------------------


def test_b6_a_hard_hit_unit_panics_above_twice_its_morale_and_stops_firing() -> None:
    b = arena()
    b.unit_type("inf", morale=9)
    b.unit_type("militia", name="Militia", attack=2, defence=2, morale=2, hit_points=2)
    b.unit("r1", "tank", "b1")
    b.unit("r2", "tank", "b1")
    b.unit("x1", "militia", "b1", nation="blueland")
    b.unit("x2", "inf", "b1", nation="blueland")
    game = start(b)
    # Main: the tanks hit twice, blue misses twice. With no armour to hit, the two hits go to
    # the others pro rata (2 and 4 points: one each). x1 lost half its strength: it tests,
    # and a 5 is above twice its morale.
    script(game, 0, 0, 9, 9, 5, *([9] * 60))
    fight(game)
    panic = game.log.of_type("battle_panic")[0]
    assert (panic["unit"], panic["roll"], panic["limit"], panic["panicked"]) == ("x1", 5, 4, True)
    assert [r["round"] for r in fires(game, "x1")] == ["main"]
    drops = [r["reason"] for r in game.log.of_type("battle_morale") if r["side_id"] == "blue"]
    assert drops[0] == "panic"


def test_b6_a_unit_keeps_its_nerve_at_or_under_twice_its_morale() -> None:
    b = arena()
    b.unit_type("militia", name="Militia", attack=2, defence=2, morale=2, hit_points=2)
    b.unit("r1", "inf", "b1")
    b.unit("x1", "militia", "b1", nation="blueland")
    game = start(b)
    # One hit on x1 (2 points) is half its strength: it tests, and a 4 is not above 4.
    script(game, 0, 9, 4, *([9] * 60))
    fight(game)
    panic = game.log.of_type("battle_panic")[0]
    assert (panic["unit"], panic["panicked"]) == ("x1", False)
    assert [r["round"] for r in fires(game, "x1")][:2] == ["main", "next"]


def test_b6_panicked_units_are_back_for_the_pursuit() -> None:
    from engine.combat.rounds import pursue

    b = arena()
    b.unit("r1", "tank", "b1")
    b.unit("x1", "inf", "b1", nation="blueland")
    game = start(b)
    setup = build(game, describe(game, "b1", "red"))
    state = Fight(setup, [0, 1])  # x1 panicked
    pursue(setup, state, 0, lambda: 0, None)
    assert state.pursued and state.strength[1] == 3


# -- B7 rout --------------------------------------------------------------------------------------


def _fight_state(game):
    setup = build(game, describe(game, "b1", "red"))
    return setup, Fight(setup)


def test_b7_rout_tie_breaks() -> None:
    game = start(duel())
    # Both down: more losses and panics together routs.
    setup, state = _fight_state(game)
    state.morale, state.lost, state.panics = [0, 0], [2, 1], [0, 0]
    rout_check(setup, state, None)
    assert state.routed == 0
    # Tied: more panics routs.
    setup, state = _fight_state(game)
    state.morale, state.lost, state.panics = [-1, 0], [1, 2], [1, 0]
    rout_check(setup, state, None)
    assert state.routed == 0
    # Full tie: nobody.
    setup, state = _fight_state(game)
    state.morale, state.lost, state.panics = [-1, -2], [1, 1], [1, 1]
    rout_check(setup, state, None)
    assert state.routed is None
    # Only one side down: it routs.
    setup, state = _fight_state(game)
    state.morale = [3, 0]
    rout_check(setup, state, None)
    assert state.routed == 1


def test_b7_pursuit_follows_a_rout_where_the_terrain_allows() -> None:
    def pursued(terrain: str) -> bool:
        b = arena()
        b.region("b1", terrain=terrain)
        b.unit_type("militia", name="Militia", attack=1, defence=1, morale=0, hit_points=4)
        b.unit("r1", "tank", "b1")
        b.unit("x1", "militia", "b1", nation="blueland")
        game = start(b)
        game.state.sides["blue"].vp = 0
        script(game, *([0] * 5), *([9] * 60))
        fight(game)
        assert last(game, "battle_over")["routed"] == "blue"
        return bool(game.log.of_type("battle_pursuit"))

    assert pursued("clear")
    assert not pursued("hills")  # pursuit "none"


def test_b7_no_pursuit_without_a_rout() -> None:
    game = start(duel())
    script(game, 0, 0, 0, 0, 9, 9, 9, 9, *([9] * 60))  # blue eliminated outright
    fight(game)
    assert not game.log.of_type("battle_pursuit")


def test_b7_agile_terrain_lets_only_agile_units_pursue() -> None:
    b = arena()
    b.raw["terrain"].append({"id": "taiga", "name": "Taiga", "pursuit": "agile", "stacking": 12})
    b.region("b1", terrain="taiga")
    b.unit_type("ski", pursuit=True)
    b.unit_type("militia", name="Militia", attack=1, defence=1, morale=0, hit_points=6)
    b.unit("r1", "tank", "b1")
    b.unit("r2", "ski", "b1")
    b.unit("x1", "militia", "b1", nation="blueland")
    game = start(b)
    script(game, 0, 9, 9, 9, *([9] * 60))
    fight(game)
    pursuit = game.log.of_type("battle_pursuit")
    assert pursuit and pursuit[0]["units"] == ["r2"]


# -- B8 end of the battle ---------------------------------------------------------------------


def test_b8_the_only_side_with_combat_units_wins_and_takes_the_region() -> None:
    b = duel()
    b.unit_type("inf", hit_points=1)
    game = start(b)
    script(game, 0, 9, *([9] * 60))
    fight(game)
    over = last(game, "battle_over")
    assert over["winner"] == "red"
    assert game.state.owner["b1"] == "redland"


def test_b8_total_elimination_takes_half_the_support_units() -> None:
    b = arena()
    b.unit_type("inf", morale=9)
    b.unit("r1", "inf", "b1")
    b.unit("r2", "inf", "b1")
    b.unit("x1", "inf", "b1", nation="blueland", strength=1)
    for i in range(4):
        b.unit(f"xs{i}", "log", "b1", nation="blueland")
    game = start(b)
    script(game, 0, 9, 9, *([9] * 60))
    fight(game)
    lost = [u for u in ("xs0", "xs1", "xs2", "xs3") if game.state.units[u].status == "eliminated"]
    assert len(lost) == 2
    assert game.log.of_type("battle_support_lost")[0]["units"]


def test_u1_support_units_caught_alone_are_eliminated() -> None:
    b = arena()
    b.unit("r1", "inf", "b1")
    b.unit("x1", "log", "b1", nation="blueland")
    b.unit("x2", "art", "b1", nation="blueland")
    game = start(b)
    fight(game)
    assert game.state.units["x1"].status == "eliminated"
    assert game.state.units["x2"].status == "eliminated"
    assert last(game, "battle_over")["winner"] == "red"
    assert not game.log.of_type("battle_round")


def test_b8_a_side_that_retreats_loses_without_pursuit() -> None:
    b = duel()
    b.unit_type("inf", morale=9)
    game = start(b)
    script(game, *([9] * 60))
    game.apply(ResolveBattle("b1"))
    from engine.actions import Retreat

    game.apply(ContinueBattle())
    game.apply(ContinueBattle())  # main round
    game.apply(Retreat())  # red leaves before the first next round
    over = last(game, "battle_over")
    assert (over["winner"], over["retreated"], over["pursuit"]) == ("blue", "red", False)
    assert game.state.stacks[game.state.units["r1"].stack].region == "a1"  # type: ignore[index]


# -- aircraft (A4) ------------------------------------------------------------------------------


def test_a4_aircraft_fire_in_air_support_and_only_anti_aircraft_hits_them() -> None:
    b = arena()
    b.unit_type("inf", morale=9)
    b.unit_type("flak", attack=4)
    b.unit("r1", "inf", "b1")
    b.unit("r2", "bomber", structure="field")
    b.unit("x1", "inf", "b1", nation="blueland")
    b.unit("x2", "flak", "b1", nation="blueland")
    game = start(airfield(b))
    fly(game, "r2", "b1")
    script(game, 9, 0, *([9] * 60))  # bomber misses, flak hits
    fight(game)
    first = game.log.of_type("battle_round")[0]
    assert first["round"] == "air_support"
    hits = game.log.of_type("battle_hits")
    assert hits[0]["unit"] == "r2"
    assert all(r["unit"] != "r2" for r in fires(game, "r2") if r["round"] == "main")


def test_a2_anti_aircraft_fire_in_battle_gains_with_radar_and_loses_against_stealth() -> None:
    def factor(radar: bool, stealth: bool) -> int:
        b = arena()
        b.raw["nations"][1]["radar"] = radar
        if stealth:
            b.unit_type("bomber", roles=["bomber", "stealth"])
        b.unit_type("inf", morale=9)
        b.unit_type("flak", attack=4)
        b.unit("r1", "inf", "b1")
        b.unit("r2", "bomber", structure="field")
        b.unit("x1", "inf", "b1", nation="blueland")
        b.unit("x2", "flak", "b1", nation="blueland")
        game = start(airfield(b))
        fly(game, "r2", "b1")
        script(game, *([9] * 60))
        fight(game)
        return fires(game, "x2")[0]["factor"]

    assert factor(False, False) == 4
    assert factor(True, False) == 5
    assert factor(True, True) == 2


def test_a4_an_air_strike_alone_lasts_the_air_only_rounds() -> None:
    b = arena()
    b.unit_type("inf", morale=9)
    b.unit_type("bomber", attack=5, morale=9)
    b.unit("r2", "bomber", structure="field")
    b.unit("x1", "inf", "b1", nation="blueland")
    game = start(airfield(b))
    fly(game, "r2", "b1")
    script(game, *([9] * 60))
    fight(game)
    # Two rounds at most (air_only_rounds): the air support round and the main round.
    assert [r["round"] for r in game.log.of_type("battle_round")] == ["air_support", "main"]
    assert last(game, "battle_over")["winner"] == "blue"
