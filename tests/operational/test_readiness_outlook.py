"""OU19 in a played game: the turns of rest that bring a side's unit back to 100% readiness,
or an encircled one to 0%, as :func:`engine.wego.op.hex_queries.readiness_outlook` tells them
before the turns are played, compared with playing them.

One row of open hexes (``c1r1`` west ... ``c8r1`` east) in the default calendar (three day
turns, then a night). Red's army HQ stands on its source at ``c1r1`` and its division HQ at
``c2r1``; an unbridged river between ``c3r1`` and ``c4r1`` cuts off everything east of it.
"""

from __future__ import annotations

from engine import Game
from engine.operational.readiness import Outlook
from engine.wego.op import hex_queries, state
from tests.operational.command_builder import CommandBuilder
from tests.operational.play import execute


def _game() -> Game:
    b = CommandBuilder(8, 1)
    b.raw["calendar"]["turns"] = 6
    b.rules("fog", enabled=False)
    b.rules("victory", victory_level=None)
    b.table("c2", delays=False)
    b.hq("army", "c1r1", echelon="army", loc_range=8)
    b.hq("div", "c2r1", parent="army")
    b.supply_source("c1r1")
    b.hexside("c3r1", "c4r1", "river")
    b.unit("rester", "inf", "c3r1", hq="div", readiness=10)
    b.unit("ringed", "inf", "c5r1", hq="div", readiness=40)
    b.unit("foe", "inf", "c6r1", nation="blueland", readiness=50)
    return Game(b.build(), 1)


def _readiness(game: Game, unit: str) -> float:
    return state.units(game)[unit].readiness


def test_ou19_ow9_the_turns_to_100_count_the_calendars_night_and_match_play() -> None:
    """Regular rest 20 by day, doubled on the night of turn 4 (OW9): 30, 50, 70, then 100,
    so 4 turns, not the 5 that four day turns would take."""
    game = _game()
    assert hex_queries.readiness_outlook(game, "red")["rester"] == Outlook("full", 4)
    for played in range(1, 5):
        execute(game, [])
        assert (_readiness(game, "rester") == 100) == (played == 4)
    assert "rester" not in hex_queries.readiness_outlook(game, "red")  # full: no figure


def test_ou19_ou9_the_turns_an_encircled_unit_has_before_0_match_play() -> None:
    """Across the river with the enemy next door: 15 + 2 x its zone of 2 = 19 a turn (OU9):
    21, 2, then 0 after 3 turns, and strength pays after that."""
    game = _game()
    assert state.units(game)["ringed"].loc == "encircled"
    assert hex_queries.readiness_outlook(game, "red")["ringed"] == Outlook("empty", 3)
    for played in range(1, 4):
        execute(game, [])
        assert (_readiness(game, "ringed") == 0) == (played == 3)
    assert "ringed" not in hex_queries.readiness_outlook(game, "red")


def test_ou19_a_side_is_told_only_of_its_own_units() -> None:
    game = _game()
    assert set(hex_queries.readiness_outlook(game, "red")) == {"rester", "ringed"}
    # Blue's infantry rests 20 less 2 x the encircled unit's zone of 1: 68, 86, 100.
    assert hex_queries.readiness_outlook(game, "blue") == {"foe": Outlook("full", 3)}
