"""Naval movement (rules.naval): the naval phase, sea costs by sea class, ports as bases, naval
stacking and enemy fleets that stop a move. Checklist ids: T1 (the phase), M2 (sea terrain
costs), M5 (ports), U4 (stacking), V2 (enemies stop a move), V5 (one move per phase)."""

from __future__ import annotations

import pytest

from engine import Game
from engine.actions import Action, ContinueBattle, EndPhase, Move, ResolveBattle, Retreat
from engine.errors import IllegalAction
from engine.runner import play
from tests.engine.builder import Builder, advance_to


def sea_world(*, naval: bool = True, **naval_rules: object) -> Builder:
    """a1 (red coast, port ``pa``) - b1 (coastal waters) - c1 (ocean) - d1 (coastal waters) -
    e1 (blue coast, port ``pe``), joined by sea connections; a red ship in port."""
    b = Builder(cols=5)
    b.raw["terrain"].append(
        {
            "id": "ocean",
            "name": "Ocean",
            "domain": "sea",
            "movement_cost": 4,
            "stacking": 0,
            "supply": "never",
        }
    )
    b.region("b1", terrain="sea").region("c1", terrain="ocean").region("d1", terrain="sea")
    for a, z in (("a1", "b1"), ("b1", "c1"), ("c1", "d1"), ("d1", "e1")):
        b.connect(a, z, "sea")
    b.structure("pa", "a1", kind="port", port=True, sea_region="b1")
    b.structure("pe", "e1", kind="port", port=True, sea_region="d1")
    b.unit("rs", "ship", structure="pa")
    if naval:
        b.rules("naval", enabled=True, **naval_rules)
    return b


def stack_of(game: Game, unit: str) -> str:
    stack = game.state.units[unit].stack
    assert stack is not None
    return stack


def place(game: Game, unit: str) -> tuple[str, str | None]:
    stack = game.state.stacks[stack_of(game, unit)]
    return stack.region, stack.structure


def moves_of(game: Game, unit: str) -> dict[str, Move]:
    stack = stack_of(game, unit)
    return {a.path[-1]: a for a in game.legal_actions() if isinstance(a, Move) and a.stack == stack}


def test_t1_the_naval_phase_is_off_by_default_and_ships_then_sail_with_the_land_units() -> None:
    game = sea_world(naval=False).game()
    assert "naval_movement" not in game.phases_of(1)
    advance_to(game, "land_movement")
    assert "b1" in moves_of(game, "rs")


def test_t1_with_naval_rules_ships_sail_in_their_own_phase_before_land_movement() -> None:
    b = sea_world()
    b.unit("ri", "inf", "a1")
    game = b.game()
    phases = game.phases_of(1)
    assert phases.index("air_offensive") < phases.index("naval_movement")
    assert phases.index("naval_movement") + 1 == phases.index("land_movement")
    advance_to(game, "naval_movement")
    assert "b1" in moves_of(game, "rs")
    assert not moves_of(game, "ri")  # land units wait for the land phase
    with pytest.raises(IllegalAction, match="land movement phase"):
        game.apply(Move(stack_of(game, "ri"), ("b1",)))
    game.apply(EndPhase())
    assert game.phase == "land_movement"
    assert not moves_of(game, "rs")
    with pytest.raises(IllegalAction, match="naval movement phase"):
        game.apply(Move(stack_of(game, "rs"), ("b1",)))


def test_m2_a_sea_region_costs_the_mp_of_its_sea_class() -> None:
    """Coastal waters cost 1 MP, the ocean 4: a 4 MP ship leaving port reaches b1 (1) but not
    the ocean beyond (1 + 4); across coastal waters instead it goes two regions further."""
    game = sea_world().game()
    advance_to(game, "naval_movement")
    assert set(moves_of(game, "rs")) == {"b1"}
    with pytest.raises(IllegalAction, match="costs 5 MP"):
        game.apply(Move(stack_of(game, "rs"), ("b1", "c1")))
    b = sea_world()
    b.region("c1", terrain="sea")
    game = b.game()
    advance_to(game, "naval_movement")
    assert set(moves_of(game, "rs")) == {"b1", "c1", "d1"}
    game.apply(moves_of(game, "rs")["d1"])
    assert place(game, "rs") == ("d1", None)
    assert game.state.units["rs"].mp_spent == 3
    assert not moves_of(game, "rs")  # V5: one move per phase


def test_m5_ships_on_the_coast_lie_in_a_friendly_port_and_pay_its_entry_cost() -> None:
    b = sea_world(port_entry_cost=2)
    b.unit("rs2", "ship", "b1")
    game = b.game()
    advance_to(game, "naval_movement")
    back = moves_of(game, "rs2")["a1"]
    assert back.path == ("a1",)
    game.apply(back)
    assert place(game, "rs2") == ("a1", "pa")
    assert game.state.units["rs2"].mp_spent == 2
    # The blue port is closed to red ships, whatever their MP.
    assert "e1" not in moves_of(game, "rs")


def test_m5_a_full_port_takes_no_more_ships() -> None:
    b = sea_world()
    b.raw["structures"][0]["capacity"] = {"naval": 1}
    b.unit("rs2", "ship", "b1")
    game = b.game()
    advance_to(game, "naval_movement")
    assert "a1" not in moves_of(game, "rs2")
    with pytest.raises(IllegalAction, match="no friendly port"):
        game.apply(Move(stack_of(game, "rs2"), ("a1",)))


def test_u4_naval_stacking_limits_the_ships_a_side_keeps_in_one_sea_region() -> None:
    """With ``sea_stacking`` 1 and a red ship already in b1, a second ship may sail through b1
    but not stop there."""
    b = sea_world(sea_stacking=1)
    b.region("c1", terrain="sea")
    b.unit("rs2", "ship", "b1")
    game = b.game()
    advance_to(game, "naval_movement")
    reach = moves_of(game, "rs")
    assert "b1" not in reach and "c1" in reach
    assert reach["c1"].path == ("b1", "c1")
    assert not game.is_legal(Move(stack_of(game, "rs"), ("b1",)))
    with pytest.raises(IllegalAction, match="naval stacking limit"):
        game.apply(Move(stack_of(game, "rs"), ("b1",)))
    game.apply(reach["c1"])
    assert place(game, "rs") == ("c1", None)


def test_v2_an_enemy_fleet_stops_a_move_and_is_never_overrun() -> None:
    """A red fleet of 40 hit points against a blue gunboat of 2 (twenty times stronger, enough
    to overrun land units) must stop where the gunboat is."""
    b = sea_world()
    b.region("c1", terrain="sea")
    b.unit_type(
        "battleship",
        name="Battleships",
        domain="naval",
        attack=6,
        defence=6,
        morale=6,
        movement=4,
        hit_points=40,
        roles=["naval"],
    )
    b.unit("rb", "battleship", structure="pa")
    b.unit("bs", "ship", "c1", nation="blueland")
    game = b.game()
    advance_to(game, "naval_movement")
    reach = moves_of(game, "rb")
    assert "c1" in reach and "d1" not in reach
    with pytest.raises(IllegalAction, match="must stop in 'c1'"):
        game.apply(Move(stack_of(game, "rb"), ("b1", "c1", "d1")))
    game.apply(reach["c1"])
    assert place(game, "rb") == ("c1", None)
    assert game.state.units["bs"].status == "active"
    assert not game.log.of_type("overrun")


def test_naval_actions_listed_are_legal_and_apply_cleanly() -> None:
    """legal_actions, is_legal and apply agree in the naval phase (every listed action is legal
    and applies without error, on a fresh copy of the game each time)."""
    b = sea_world(sea_stacking=2)
    b.region("c1", terrain="sea")
    b.unit("rs2", "ship", "b1").unit("rs3", "ship", "b1").unit(
        "bs", "ship", "d1", nation="blueland"
    )
    game = b.game()
    advance_to(game, "naval_movement")
    saved = game.save()
    listed: list[Action] = game.legal_actions()
    assert any(isinstance(a, Move) for a in listed)
    for action in listed:
        copy = Game.load(game.scenario, saved)
        assert copy.is_legal(action), action
        copy.apply(action)


def test_a_naval_game_saves_and_loads_mid_phase() -> None:
    game = sea_world().game()
    advance_to(game, "naval_movement")
    game.apply(moves_of(game, "rs")["b1"])
    copy = Game.load(game.scenario, game.save())
    assert copy.phase == "naval_movement"
    assert place(copy, "rs") == ("b1", None)
    assert copy.save() == game.save()


def test_the_baseline_ai_plays_a_naval_scenario_legally_to_the_end() -> None:
    b = sea_world(port_entry_cost=1)
    b.region("c1", terrain="sea")
    b.unit("bs", "ship", structure="pe", nation="blueland")
    b.unit("ri", "inf", "a1").unit("bi", "inf", "e1", nation="blueland")
    result = play(b.build(), 5)
    assert result.finished, result.summary()
    sailed = [r for r in result.game.log.of_type("move") if r["units"] in (["rs"], ["bs"])]
    assert sailed and all(r["phase"] == "naval_movement" for r in sailed)


# -- naval battles -------------------------------------------------------------------------------


def fleets_meet(attack: int = 9, **rules: object) -> Game:
    """A red battleship (attack 9 unless told, 6 hit points) sails from b1 into c1, where a
    blue gunboat (defence 3, 2 hit points) waits; the battles phase opens."""
    b = sea_world(**rules)
    b.region("c1", terrain="sea")
    b.unit_type(
        "battleship",
        name="Battleships",
        domain="naval",
        attack=attack,
        defence=6,
        morale=6,
        movement=4,
        hit_points=6,
        roles=["naval"],
    )
    b.unit("rb", "battleship", "b1")
    b.unit("bs", "ship", "c1", nation="blueland")
    game = b.game()
    advance_to(game, "naval_movement")
    game.apply(moves_of(game, "rb")["c1"])
    advance_to(game, "battles")
    return game


def always(monkeypatch: pytest.MonkeyPatch, game: Game, roll: int) -> None:
    monkeypatch.setattr(game.dice, "roll", lambda: roll)


def test_b1_fleets_that_meet_at_sea_fight_a_naval_battle_with_their_own_values(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """B1/B3 at sea: the fleets fire at each other in the main round with their attack and
    defence (not as anti-aircraft guns), and the battle must be fought before the phase ends."""
    game = fleets_meet()
    assert ResolveBattle("c1") in game.legal_actions()
    with pytest.raises(IllegalAction):
        game.apply(EndPhase())
    always(monkeypatch, game, 0)  # every shot hits, nobody panics
    game.apply(ResolveBattle("c1"))
    assert game.state.battle is not None
    assert game.state.battle["attackers"] == ["rb"] and game.state.battle["defenders"] == ["bs"]
    while game.state.battle is not None:
        game.apply(ContinueBattle())
    fire = game.log.of_type("battle_fire")
    assert ("rb", "main") in {(f["unit"], f["round"]) for f in fire}
    assert ("bs", "main") in {(f["unit"], f["round"]) for f in fire}
    assert game.state.units["bs"].status != "active"
    assert place(game, "rb") == ("c1", None)
    assert game.log.of_type("battle_over")[-1]["winner"] == "red"


def test_b9_a_beaten_fleet_sails_back_where_it_came_from(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """B8/B9 at sea: the attacker retreats from the first next round; its ships sail back to
    the sea region they came from."""
    game = fleets_meet(attack=5)
    always(monkeypatch, game, 9)  # every shot misses (a 9 beats every factor here)
    game.apply(ResolveBattle("c1"))
    for _ in range(10):
        if Retreat() in game.legal_actions():
            break
        game.apply(ContinueBattle())
    game.apply(Retreat())
    while game.state.battle is not None:
        game.apply(game.legal_actions()[0])
    assert place(game, "rb") == ("b1", None)
    assert place(game, "bs") == ("c1", None)
    (retreat,) = game.log.of_type("battle_retreat")
    assert retreat["to"] == "b1" and retreat["units"] == ["rb"]


def test_b9_beaten_ships_with_nowhere_to_sail_are_lost() -> None:
    """A blue gunboat beaten in a sea region whose only other exits are the attacker's entry
    region and a red port has nowhere to go."""
    from engine.naval.battles import retreat_target

    game = fleets_meet()
    assert retreat_target(game, "c1", "blue", None, {"b1"}) == ("d1", None)
    assert retreat_target(game, "c1", "blue", None, {"b1", "d1"}) is None
    assert retreat_target(game, "c1", "red", "b1", set()) == ("b1", None)


def test_b9_a_beaten_defending_fleet_sails_away_but_never_into_the_attackers_entry(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The blue gunboat, hit and panicked in the main round, leaves the battle: it sails on to
    d1, not into b1 where the red fleet came from."""
    game = fleets_meet()
    always(monkeypatch, game, 9)  # red's attack 9 hits on a 9; blue misses and panics
    game.apply(ResolveBattle("c1"))
    while game.state.battle is not None:
        game.apply(ContinueBattle())
    assert place(game, "bs") == ("d1", None)
    assert game.log.of_type("battle_over")[-1]["winner"] == "red"


def test_where_can_go_follows_the_naval_phase() -> None:
    """The game view's query lists ship moves in the naval phase (exactly the legal ones) and
    none in the land phase."""
    from engine import queries

    b = sea_world(sea_stacking=1)
    b.region("c1", terrain="sea")
    b.unit("rs2", "ship", "b1")
    game = b.game()
    advance_to(game, "naval_movement")
    found = queries.where_can_go(game, stack_of(game, "rs"))
    legal = moves_of(game, "rs")
    assert {r for r, d in found.items() if d.kind != "overstack"} == set(legal)
    assert found["b1"].kind == "overstack"
    assert all(found[r].path == legal[r].path for r in legal)
    advance_to(game, "land_movement")
    assert queries.where_can_go(game, stack_of(game, "rs")) == {}


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_naval_games_keep_legal_actions_is_legal_and_apply_in_step(seed: int) -> None:
    """Random play through fleets meeting, naval battles and retreats: every action
    ``legal_actions`` lists is legal, and the one picked applies without error."""
    import random

    b = sea_world(sea_stacking=4)
    b.region("c1", terrain="sea")
    b.unit("rs2", "ship", "b1").unit("bs", "ship", "d1", nation="blueland")
    b.unit("bs2", "ship", structure="pe", nation="blueland")
    b.unit("ri", "inf", "a1").unit("bi", "inf", "e1", nation="blueland")
    game = b.game(seed=seed)
    pick = random.Random(seed)
    for _ in range(400):
        if game.outcome() is not None:
            break
        listed = game.legal_actions()
        assert listed
        for action in listed:
            assert game.is_legal(action), action
        game.apply(pick.choice(listed))
    sea = {"b1", "c1", "d1"}
    assert any(r["region"] in sea for r in game.log.of_type("battle_start"))
