"""Air transport and paratroop drops (rules.transport.air and .paratroops) in the offensive air
phase. Checklist ids: U2 (the ``transport`` and ``paratroop`` roles, transport capacity),
A1 (range in regions, one flight per phase, airports as bases), V2 (entering an enemy region
needs a combat unit), B1 (a drop onto enemy units is a battle like any other)."""

from __future__ import annotations

import pytest

from engine import Game
from engine.actions import Airlift, Drop, EndPhase, Move, ResolveBattle, Split
from engine.errors import IllegalAction
from tests.engine.builder import Builder, advance_to


def airfields(**transport: object) -> Builder:
    """a1 (red airport ``fa``) - b1 (red airport ``fb``) - c1 (blue) - d1 (blue) - e1 (blue).

    Inside ``fa``: a red air transport ``rj`` (capacity 4, range 3), paratroops ``rp``
    (1 stacking point) and infantry ``ri`` (2 points), the two land units in one stack."""
    b = Builder(cols=5)
    b.owners(b1="redland")
    for structure, region in (("fa", "a1"), ("fb", "b1")):
        b.structure(structure, region, kind="airfield", airport=True, capacity={"air": 8})
    b.unit_type(
        "airlifter",
        domain="air",
        unit_class="support",
        movement=3,
        stacking=1,
        roles=["transport"],
        transport_capacity=4,
    )
    b.unit_type(
        "para",
        name="Paratroops",
        attack=4,
        defence=3,
        morale=5,
        movement=3,
        hit_points=2,
        stacking=1,
        roles=["paratroop"],
    )
    b.unit("rj", "airlifter", structure="fa")
    b.unit("rp", "para", structure="fa")
    b.unit("ri", "inf", structure="fa")
    if transport:
        b.rules("transport", **transport)
    return b


def stack_of(game: Game, unit: str) -> str:
    stack = game.state.units[unit].stack
    assert stack is not None, f"{unit} stands in no stack"
    return stack


def listed(game: Game, kind: type) -> list:
    return [a for a in game.legal_actions() if isinstance(a, kind)]


def ready(b: Builder, seed: int = 0) -> tuple[Game, str, str]:
    """The game at red's offensive air phase, with the transports' and the troops' stacks."""
    game = b.game(seed=seed)
    advance_to(game, "air_offensive")
    return game, stack_of(game, "rj"), stack_of(game, "rp")


def test_u2_an_airlift_sets_troops_down_in_another_friendly_airport() -> None:
    game, planes, troops = ready(airfields())
    assert Airlift(planes, troops, "fb") in listed(game, Airlift)
    game.apply(Airlift(planes, troops, "fb"))
    landed = game.state.stacks[stack_of(game, "ri")]
    assert (landed.region, landed.structure) == ("b1", "fb")
    assert stack_of(game, "rp") == landed.id
    record = game.log.of_type("airlift")[-1]
    assert record["units"] == ["rp", "ri"] and record["origin"] == "a1"
    # A1: the transports flew there and back: home, and done for the phase.
    assert game.state.stacks[stack_of(game, "rj")].structure == "fa"
    assert not [a for a in listed(game, Move) if a.stack == stack_of(game, "rj")]
    # Carried units have no MP left for the land phase.
    advance_to(game, "land_movement")
    with pytest.raises(IllegalAction, match="carried by sea or air this turn"):
        game.apply(Move(landed.id, ("c1",)))


def test_u2_transports_carry_no_more_stacking_points_than_their_capacity() -> None:
    b = airfields()
    b.unit("ri2", "inf", structure="fa")
    game, planes, troops = ready(b)
    assert not listed(game, Airlift)  # 5 points for 4 of capacity
    with pytest.raises(IllegalAction, match="carry 4 stacking points, the units need 5"):
        game.apply(Airlift(planes, troops, "fb"))
    assert game.state.units["ri"].stack == troops  # refused: nothing changed
    game.apply(Airlift(planes, troops, "fb", ("ri", "ri2")))
    assert game.state.units["rp"].stack == troops


def test_a1_airlifts_need_a_friendly_airport_in_range() -> None:
    b = airfields()
    b.structure("fd", "d1", kind="airfield", airport=True)
    b.structure("fe", "e1", kind="airfield", airport=True)
    b.owners(d1="redland", e1="redland")
    game, planes, troops = ready(b)
    targets = {a.structure for a in listed(game, Airlift)}
    assert targets == {"fb", "fd"}  # fe is 4 regions away, past the range of 3
    with pytest.raises(IllegalAction, match="out of the transports' range"):
        game.apply(Airlift(planes, troops, "fe"))


def test_u2_paratroops_jump_into_an_empty_enemy_region_and_take_it() -> None:
    game, planes, troops = ready(airfields())
    drops = {(a.region, a.units) for a in listed(game, Drop)}
    assert drops == set()  # the whole stack holds infantry: only parts of it may jump
    with pytest.raises(IllegalAction, match="paratroop role"):
        game.apply(Drop(planes, troops, "c1"))
    game.apply(Drop(planes, troops, "c1", ("rp",)))
    assert game.state.owner["c1"] == "redland"
    assert game.state.stacks[stack_of(game, "rp")].region == "c1"
    assert game.state.units["ri"].stack == troops


def test_b1_a_drop_onto_enemy_units_is_a_battle_of_the_battles_phase() -> None:
    b = airfields()
    b.unit("bi", "inf", "c1", nation="blueland")
    b.raw["units"] = [u for u in b.raw["units"] if u["id"] != "ri"]
    game, planes, troops = ready(b)
    assert Drop(planes, troops, "c1") in listed(game, Drop)
    game.apply(Drop(planes, troops, "c1"))
    assert game.log.of_type("drop")[-1]["opposed"] is True
    assert game.state.owner["c1"] == "blueland"
    advance_to(game, "battles")
    assert ResolveBattle("c1") in game.legal_actions()


def test_u2_one_drop_per_unit_per_turn() -> None:
    b = airfields()
    b.unit("rj2", "airlifter", structure="fb")
    game, planes, troops = ready(b)
    game.apply(Airlift(planes, troops, "fb", ("rp",)))
    second = stack_of(game, "rj2")
    with pytest.raises(IllegalAction, match="carried by sea or air this turn"):
        game.apply(Drop(second, stack_of(game, "rp"), "c1"))


def test_air_transport_and_drops_follow_their_switches() -> None:
    game, planes, troops = ready(airfields(paratroops=False))
    assert listed(game, Airlift)
    with pytest.raises(IllegalAction, match="paratroop drops are off"):
        game.apply(Drop(planes, troops, "c1", ("rp",)))
    game, planes, troops = ready(airfields(air=False))
    assert not listed(game, Airlift) and not listed(game, Drop)
    with pytest.raises(IllegalAction, match="air transport is off"):
        game.apply(Airlift(planes, troops, "fb"))


def test_air_transport_belongs_to_the_offensive_air_phase() -> None:
    game = airfields().game()
    advance_to(game, "air_offensive")
    planes, troops = stack_of(game, "rj"), stack_of(game, "ri")
    game.apply(EndPhase())
    with pytest.raises(IllegalAction):
        game.apply(Airlift(planes, troops, "fb"))


def test_random_games_with_air_transport_keep_legal_actions_and_is_legal_in_step() -> None:
    import random

    b = airfields()
    b.unit("bi", "inf", "d1", nation="blueland")
    kinds: set[str] = set()
    for seed in range(3):
        game = b.game(seed=seed)
        pick = random.Random(seed)
        for _ in range(300):
            if game.outcome() is not None:
                break
            actions = game.legal_actions()
            assert actions
            for action in actions:
                assert game.is_legal(action), action
            chosen = [a for a in actions if isinstance(a, Airlift | Drop)] or actions
            game.apply(pick.choice(chosen))
        kinds |= {r["type"] for r in game.log.records}
    assert "airlift" in kinds


def test_p1_a_game_with_an_airlift_and_a_drop_replays_record_for_record() -> None:
    import json

    from engine.replay import replay

    b = airfields()
    b.unit("rj2", "airlifter", structure="fa")
    game, planes, troops = ready(b, seed=2)
    game.apply(Split(planes, ("rj2",)))
    game.apply(Airlift(planes, troops, "fb", ("ri",)))
    game.apply(Drop(stack_of(game, "rj2"), troops, "c1"))
    advance_to(game, "land_movement")
    records = json.loads(json.dumps(game.log.records))
    found = replay(game.scenario, records)
    assert found.divergence is None and found.compared == len(records)
