"""Air reconnaissance (V7, rules.fog.air_recon): recon aircraft that end an offensive flight
over hidden enemy stacks search there when the offensive air phase ends."""

from __future__ import annotations

from engine import Game
from engine.actions import EndPhase, Move
from engine.queries import visibility
from tests.engine.builder import Builder, advance_to


def scouting(**fog: object) -> Builder:
    b = Builder(cols=4)
    b.structure("fa", "a1", kind="airfield", airport=True, capacity={"air": 8})
    b.unit_type("scout", domain="air", attack=1, movement=3, stacking=1, roles=["recon"])
    b.unit("rr", "scout", structure="fa")
    b.unit("bi", "inf", "d1", nation="blueland")
    if fog:
        b.rules("fog", **fog)
    return b


def fly_over_d1(game: Game, roll: int) -> str:
    """Fly the scout over d1 in red's offensive phase and end it with the die fixed."""
    advance_to(game, "air_offensive")
    game.apply(Move(game.state.units["rr"].stack or "", ("b1", "c1", "d1")))
    game.dice.roll = lambda *_, **__: roll  # type: ignore[method-assign]
    game.apply(EndPhase())
    return game.state.units["bi"].stack or ""


def test_v7_a_recon_flight_reveals_the_enemy_for_the_land_movement_that_follows() -> None:
    game = scouting().game()
    blue = fly_over_d1(game, roll=0)
    record = game.log.of_type("search")[-1]
    assert (record["region"], record["success"]) == ("d1", True)
    advance_to(game, "land_movement")
    assert visibility(game, "red").sees(blue)


def test_v7_a_failed_recon_search_reveals_nothing() -> None:
    game = scouting().game()
    blue = fly_over_d1(game, roll=9)
    assert game.log.of_type("search")[-1]["success"] is False
    advance_to(game, "land_movement")
    assert not visibility(game, "red").sees(blue)


def test_v7_air_recon_follows_its_switch_and_the_recon_role() -> None:
    game = scouting(air_recon=False).game()
    fly_over_d1(game, roll=0)
    assert not game.log.of_type("search")
    b = scouting()
    b.unit_type("scout", roles=[])
    game = b.game()
    fly_over_d1(game, roll=0)
    assert not game.log.of_type("search")
