"""Readiness over a unit's life: resting and the enemy ZOC (OU7), a defender's rest less its
damage (OU8), encirclement (OU9), movement (OM19) and digging in (OU11)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.operational import OpBoard, OpUnit, end_of_turn, movement_loss, spend_movement
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
