"""Readiness over a unit's life: resting and the enemy ZOC (OU7), a defender's rest less its
damage (OU8), encirclement (OU9), movement (OM19), digging in (OU11) and the turns to full
readiness or to 0% (OU19)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.operational import OpBoard, OpUnit, end_of_turn, movement_loss, spend_movement
from engine.operational.readiness import Outlook, RestTurn, outlook
from tests.operational.builder import OpBuilder


def _unit(**state: object) -> tuple[OpBoard, OpUnit]:
    b = OpBuilder(3, 1)
    b.unit("u", "inf", "c1r1", **state)
    board, units = b.board_and_units()
    return board, units["u"]


@pytest.mark.parametrize(("quality", "gain"), [("conscript", 12), ("regular", 20), ("elite", 28)])
def test_ou7_a_resting_supported_unit_gains_its_qualitys_rest_value(
    quality: str, gain: float
) -> None:
    board, unit = _unit(readiness=50, quality=quality)
    assert end_of_turn(board.rules, unit, moved=False).readiness == 50 + gain


def test_ou7_enemy_zoc_cuts_rest_twice_its_value_capped_at_10() -> None:
    board, unit = _unit(readiness=50)
    assert end_of_turn(board.rules, unit, moved=False, enemy_zoc=3).readiness == 50 + 20 - 6
    assert end_of_turn(board.rules, unit, moved=False, enemy_zoc=8).readiness == 50 + 20 - 10


def test_ou7_ow9_rest_doubles_at_night_and_halves_in_bad_weather_never_past_100() -> None:
    board, unit = _unit(readiness=50)
    assert end_of_turn(board.rules, unit, moved=False, night=True).readiness == 90
    assert end_of_turn(board.rules, unit, moved=False, recovery=0.5).readiness == 60
    assert end_of_turn(board.rules, replace(unit, readiness=95), moved=False).readiness == 100


def test_ou8_a_defender_rests_less_the_damage_it_took() -> None:
    board, unit = _unit(readiness=50)
    assert end_of_turn(board.rules, unit, moved=False, damage_taken=3 + 8).readiness == 59


def test_ou9_an_encircled_unit_loses_15_plus_the_zoc_cut_then_strength() -> None:
    board, unit = _unit(readiness=50)
    ringed = replace(unit, loc="encircled")
    assert end_of_turn(board.rules, ringed, moved=False, enemy_zoc=2).readiness == 50 - 15 - 4
    spent = replace(ringed, readiness=5)
    after = end_of_turn(board.rules, spent, moved=False)
    assert after.readiness == 0 and after.strength == 90


def test_ou7_isolated_units_do_not_rest() -> None:
    board, unit = _unit(readiness=50)
    assert end_of_turn(board.rules, replace(unit, loc="isolated"), moved=False).readiness == 50


def test_om19_moving_spends_readiness_in_proportion_rounded_up() -> None:
    board, unit = _unit()
    assert movement_loss(board.rules, 8, 8) == 10
    assert movement_loss(board.rules, 4, 8) == 5
    assert movement_loss(board.rules, 1, 8) == 2  # 1.25 rounded up
    assert movement_loss(board.rules, 0, 8) == 0
    moved = spend_movement(board.rules, replace(unit, dug_in=True), 4, 8)
    assert moved.readiness == 95 and not moved.dug_in


def test_ou11_a_unit_that_stays_a_turn_digs_in_and_one_that_moves_does_not() -> None:
    board, unit = _unit()
    assert end_of_turn(board.rules, unit, moved=False).dug_in
    assert not end_of_turn(board.rules, unit, moved=True).dug_in


# -- OU19: turns to full readiness or to 0% -------------------------------------------------------


def test_ou19_turns_of_rest_to_100_follow_each_turns_night_weather_and_zoc() -> None:
    board, unit = _unit(readiness=10)
    days = [RestTurn()] * 10
    # Regular rest 20 by day: 30, 50, 70, 90, 100.
    assert outlook(board.rules, unit, days) == Outlook("full", 5)
    # A night turn fourth doubles that turn's rest (OW9): 30, 50, 70, 110 -> 100.
    calendar = [RestTurn(), RestTurn(), RestTurn(), RestTurn(night=True)] * 3
    assert outlook(board.rules, unit, calendar) == Outlook("full", 4)
    # Mud halves the rest (OW1) and an enemy zone of 3 cuts 6 (OU7): 20 x 0.5 - 6 = 4 a turn.
    assert outlook(board.rules, unit, [RestTurn(recovery=0.5, enemy_zoc=3)] * 30) == Outlook(
        "full", 23
    )


def test_ou19_turns_an_encircled_unit_has_before_0_percent() -> None:
    board, unit = _unit(readiness=40)
    ringed = replace(unit, loc="encircled")
    # 15 a turn (OU9): 25, 10, 0; with an enemy zone of 2, 19 a turn: 21, 2, 0.
    assert outlook(board.rules, ringed, [RestTurn()] * 10) == Outlook("empty", 3)
    assert outlook(board.rules, ringed, [RestTurn(enemy_zoc=2)] * 10) == Outlook("empty", 3)
    assert outlook(board.rules, replace(ringed, readiness=45), [RestTurn()] * 10) == Outlook(
        "empty", 3
    )
    assert outlook(board.rules, replace(ringed, readiness=46), [RestTurn()] * 10) == Outlook(
        "empty", 4
    )


def test_ou19_no_figure_when_full_at_0_isolated_or_the_rest_is_cancelled() -> None:
    board, unit = _unit(readiness=50)
    days = [RestTurn()] * 10
    assert outlook(board.rules, replace(unit, readiness=100), days) is None
    assert outlook(board.rules, replace(unit, loc="isolated"), days) is None
    assert outlook(board.rules, replace(unit, loc="encircled", readiness=0), days) is None
    # Conscripts rest 12 and a zone of 6 cuts 10 (OU7): still 2 a turn, past 10 turns.
    green = replace(unit, quality="conscript")
    assert outlook(board.rules, green, [RestTurn(enemy_zoc=6)] * 10) is None
    assert outlook(board.rules, green, [RestTurn(enemy_zoc=6)] * 25) == Outlook("full", 25)
    # A gun whose fire was used does not rest (recovery 0, OC33): no figure.
    assert outlook(board.rules, unit, [RestTurn(recovery=0.0)] * 10) is None
