"""The AI uses sea and air transport (issue 11): in small scenarios where the only way to the
VP region is by sea, or by a parachute drop, the baseline and normal players board, sail and
land, or drop, and take it. Checklist ids: U2 (transports and paratroops), M3 (a landing
over a beach uses all MP), M5 (ports), V2 (a landing among enemies needs the odds)."""

from __future__ import annotations

import pytest

from engine.ai.sea_routes import land_steps, sea_steps
from engine.runner import play
from tests.engine.builder import Builder
from tests.engine.test_airlift import airfields
from tests.engine.test_transport import coast

LEVELS = ("baseline", "normal", "hard")


def island() -> Builder:
    """The ``coast`` map (a1 red with port ``pa`` and a transport, sea b1/b2, c1 blue behind
    a beach from b1): c1 is worth 5 VP to red and no land connection reaches it from a1."""
    b = coast(sea=True, landings=True)
    b.region("c1", values={"red": {"capture": 5, "hold_at_end": 5}})
    b.connect("c1", "c2", "sea")  # c2's shore is no way into c1 either
    b.region("c2", owner="blueland")
    return b


def records(game: object, kind: str) -> list[dict]:
    return game.log.of_type(kind)  # type: ignore[attr-defined]


def test_the_map_offers_no_way_to_the_island_but_the_sea() -> None:
    game = island().game()
    assert land_steps(game, "a1", "c1") is None
    assert sea_steps(game, "a1", "red")["c1"] == 2  # into b1, then over the beach


@pytest.mark.parametrize("level", LEVELS)
def test_u2_m3_the_ai_boards_sails_and_lands_over_the_beach_to_take_the_island(
    level: str,
) -> None:
    result = play(island().build(), seed=1, turns=2, level=level)
    game = result.game
    boarded = records(game, "embarked")
    assert boarded and set(boarded[0]["units"]) == {"ri", "rk"}
    landed = records(game, "disembarked")
    assert landed and landed[0]["region"] == "c1" and landed[0]["connection"] == "b1-c1"
    assert game.state.owner["c1"] == "redland"
    # Every unit is back ashore: nothing is left drifting aboard.
    assert all(u.status != "aboard" for u in game.state.units.values())


@pytest.mark.parametrize("level", ("baseline", "normal"))
def test_v2_the_ai_storms_a_weakly_held_island_and_wins_the_landing_battle(level: str) -> None:
    b = island()
    b.unit("bl", "log", "c1", nation="blueland")  # no combat unit: a landing wins it at once
    b.unit("bi", "inf", "c1", nation="blueland", strength=1)
    result = play(b.build(), seed=2, turns=3, level=level)
    game = result.game
    landed = records(game, "disembarked")
    assert landed and landed[0]["region"] == "c1" and landed[0]["opposed"] is True
    assert game.state.owner["c1"] == "redland"


def test_v2_the_ai_does_not_land_on_an_island_held_too_strongly() -> None:
    b = island()
    for n in range(4):
        b.unit(f"bi{n}", "tank", "c1", nation="blueland")
    game = play(b.build(), seed=3, turns=2).game
    assert not records(game, "embarked")


def test_m5_troops_that_can_march_there_are_not_shipped() -> None:
    b = island()
    b.connect("a1", "c1")  # a road along the shore: one step overland
    game = play(b.build(), seed=1, turns=1).game
    assert not records(game, "embarked")


def test_m5_the_ai_sails_troops_into_the_objective_port_when_it_is_its_own() -> None:
    """c2 (red, port ``pc``) is cut off overland; red's troops ship there through its port."""
    b = coast(sea=True, landings=True)
    b.connect("a1", "a2", "sea")  # a2 sits across the water too
    b.connect("c1", "c2", "sea")
    b.region("c1", values={"red": {"capture": 5}}, owner="blueland")
    game = play(b.build(), seed=1, turns=2).game
    assert records(game, "embarked")
    assert game.state.owner["c1"] == "redland"


def paratroop_field() -> Builder:
    """The ``airfields`` map: red's paratroops and infantry in ``fa`` (a1), the air transport
    there too; d1, blue and empty, is worth 5 VP to red, three regions away: no march takes it
    this turn, a drop does."""
    b = airfields(air=True, paratroops=True)
    b.region("d1", values={"red": {"capture": 5}})
    return b


@pytest.mark.parametrize("level", LEVELS)
def test_u2_the_ai_drops_paratroops_on_an_objective_out_of_marching_reach(level: str) -> None:
    game = play(paratroop_field().build(), seed=1, turns=1, level=level).game
    drops = records(game, "drop")
    assert drops and drops[0]["region"] == "d1" and drops[0]["units"] == ["rp"]
    assert drops[0]["turn"] == 1
    assert game.state.owner["d1"] == "redland"


def test_a1_the_ai_airlifts_troops_to_the_airfield_at_the_front() -> None:
    """Red's infantry stands in ``fa`` (a1), far from the enemy; a friendly airfield ``fe``
    lies in e1 beside the blue regions; the transports fly it there."""
    b = Builder(cols=8)
    b.owners(b1="redland", c1="redland", d1="redland", e1="redland")
    b.structure("fa", "a1", kind="airfield", airport=True, capacity={"air": 8})
    b.structure("fe", "e1", kind="airfield", airport=True, capacity={"air": 8})
    b.unit_type(
        "airlifter",
        domain="air",
        unit_class="support",
        movement=6,
        stacking=1,
        roles=["transport"],
        transport_capacity=4,
    )
    b.unit("rj", "airlifter", structure="fa")
    b.unit("ri", "inf", structure="fa")
    b.rules("transport", air=True)
    game = play(b.build(), seed=1, turns=1).game
    lifts = records(game, "airlift")
    assert lifts and lifts[0]["region"] == "e1"


def test_m5_troops_cut_off_from_the_war_are_shipped_to_the_shore_nearest_the_front() -> None:
    """Red holds the island c1 already; blue holds c2 beside it. Red's army in a1 has no land
    way to any blue region: it sails to b1 and goes ashore in c1, next to the enemy."""
    b = coast(sea=True, landings=True)
    b.owners(c1="redland", c2="blueland")
    game = play(b.build(), seed=1, turns=1).game
    landed = records(game, "disembarked")
    assert landed and landed[0]["region"] == "c1"
    assert set(landed[0]["units"]) == {"ri", "rk"}


def waiting_troops(*, overland: bool = False) -> Builder:
    """The island map with the transport lying empty in red's other port ``pc`` (c2) and the
    troops in a1, whose only way to the island c1 is by sea (or, with ``overland``, a road
    along the shore as well)."""
    b = island()
    transport_ship = next(u for u in b.raw["units"] if u["id"] == "rt")
    transport_ship["location"] = {"structure": "pc"}
    if overland:
        b.connect("a1", "c1")
    return b


@pytest.mark.parametrize("level", LEVELS)
def test_u2_m5_an_empty_transport_sails_to_the_port_where_troops_wait_for_a_lift(
    level: str,
) -> None:
    game = play(waiting_troops().build(), seed=1, turns=2, level=level).game
    fleet = game.state.units["rt"].stack
    sailed = [r for r in records(game, "move") if r["stack"] == fleet]
    assert sailed and sailed[0]["turn"] == 1 and sailed[0]["path"][-1] == "a1"
    # The troops board as soon as the fleet lies in their port; it sails them the next turn.
    boarded = records(game, "embarked")
    assert boarded and boarded[0]["turn"] == 1 and set(boarded[0]["units"]) == {"ri", "rk"}
    landed = records(game, "disembarked")
    assert landed and landed[0]["turn"] == 2 and landed[0]["region"] == "c1"
    assert game.state.owner["c1"] == "redland"


def test_u2_an_empty_transport_stays_when_no_troops_wait_for_it() -> None:
    """The troops can march to the island: nobody waits for a lift, the fleet is not sent."""
    game = play(waiting_troops(overland=True).build(), seed=1, turns=1, level="normal").game
    fleet = game.state.units["rt"].stack
    assert not [r for r in records(game, "move") if r["stack"] == fleet and r["path"][-1] == "a1"]
    assert not records(game, "embarked")
