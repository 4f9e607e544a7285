"""Odds of an attack: effective factors (OC3), basic odds (OC5), each shift (OC6-OC14), the
results column (OC17) and intensity (OC15), as the odds preview lists them."""

from __future__ import annotations

import pytest

from engine.errors import IllegalAction
from engine.operational import AttackSpec, OddsPreview, OpBoard, odds_preview, odds_text, shifted
from tests.operational.builder import OpBuilder

TARGET = "c3r2"


def _around(board: OpBoard, hex_id: str = TARGET) -> list[str]:
    """The six neighbours of a hex, by direction."""
    return [board.hex_ids[n] for n in board.neighbours[board.index(hex_id)].tolist()]


def _preview(b: OpBuilder, attackers: list[str], **spec: object) -> OddsPreview:
    board, units = b.board_and_units()
    return odds_preview(board, units, AttackSpec(tuple(attackers), board.index(TARGET), **spec))  # type: ignore[arg-type]


def _shift(preview: OddsPreview, kind: str) -> int:
    return sum(s.value for s in preview.shifts if s.kind == kind)


def _map() -> tuple[OpBuilder, list[str]]:
    b = OpBuilder(5, 3)
    return b, _around(b.board_and_units()[0])


def test_oc5_basic_odds_is_attack_over_defence() -> None:
    b, ring = _map()
    b.unit("tank", "armour", ring[0])
    b.unit("foe", "inf", TARGET, nation="blueland")
    preview = _preview(b, ["tank"])
    assert preview.attack_total == 16 and preview.defence_total == 8
    assert preview.basic_odds == 2 and preview.basic_text == "2:1"


@pytest.mark.parametrize(
    ("ratio", "shifts", "expected"),
    [(2.0, 1, 3.0), (1.0, -1, 0.5), (1 / 3, 1, 0.5), (0.5, 2, 2.0), (3.0, -3, 0.5)],
)
def test_oc6_a_shift_moves_the_ratio_by_one(ratio: float, shifts: int, expected: float) -> None:
    assert shifted(ratio, shifts) == pytest.approx(expected)


def test_oc6_the_manuals_worked_battle_1_to_1_3_with_6_shifts_is_6_7_to_1() -> None:
    assert odds_text(shifted(1 / 1.3, 6)) == "6.7:1"
    assert odds_text(1 / 1.3) == "1:1.3"


def test_oc3_terrain_multiplies_defence_by_column_and_armour_attack_in_woods() -> None:
    b, ring = _map()
    b.terrain("town", TARGET)
    b.unit("tank", "armour", ring[0])
    b.unit("foe", "inf", TARGET, nation="blueland")
    b.unit("foe-tank", "armour", TARGET, nation="blueland")
    preview = _preview(b, ["tank"])
    assert preview.defence_total == 8 * 2 + 8 * 0.5
    b2, ring2 = _map()
    b2.terrain("woods", TARGET)
    b2.unit("tank", "armour", ring2[0])
    b2.unit("inf", "inf", ring2[1])
    b2.unit("foe", "inf", TARGET, nation="blueland")
    woods = _preview(b2, ["tank", "inf"])
    assert woods.attack_total == 16 * 0.5 + 6
    assert woods.defence_total == 8 * 1.5


def test_oc3_hexside_crossed_and_dug_in_defenders() -> None:
    b, ring = _map()
    b.hexside(ring[0], TARGET, "gully")
    b.unit("tank", "armour", ring[0])
    b.unit("inf", "inf", ring[1])
    b.unit("foe", "inf", TARGET, nation="blueland", dug_in=True)
    preview = _preview(b, ["tank", "inf"])
    assert preview.attack_total == 16 * 0.5 + 6
    assert preview.defence_total == 10  # OU11: 8 -> 10


def test_oc3_strength_readiness_and_loc_scale_the_factor() -> None:
    b, ring = _map()
    b.unit("tank", "armour", ring[0], strength=50, readiness=0)
    b.unit("foe", "inf", TARGET, nation="blueland", readiness=0)
    preview = _preview(b, ["tank"])
    assert preview.attack_total == pytest.approx(16 * 0.5 * 0.34)
    assert preview.defence_total == pytest.approx(8 * 0.5)


def test_oc7_quality_shift_weighted_by_attack_factors() -> None:
    """OC7: the attackers' average quality is weighted by their attack factors."""
    b, ring = _map()
    b.unit("tank", "armour", ring[0], quality="elite")  # 16 attack
    b.unit("inf", "inf", ring[1], quality="conscript")  # 6 attack
    b.unit("foe", "inf", TARGET, nation="blueland")
    # (4 x 16 + 0 x 6) / 22 = 2.9 against 2: +1 (a plain average, 2, would give none).
    assert _shift(_preview(b, ["tank", "inf"]), "quality") == 1


def test_oc7_oc29_quality_shift_doubles_in_a_meeting_engagement() -> None:
    """OC7, OC29: the quality shift, for or against the attacker, doubles when met on the
    move."""
    b, ring = _map()
    b.unit("tank", "armour", ring[0], quality="veteran")
    b.unit("foe", "inf", TARGET, nation="blueland")
    assert _shift(_preview(b, ["tank"]), "quality") == 1
    assert _shift(_preview(b, ["tank"], kind="meeting"), "quality") == 2
    b2, ring2 = _map()
    b2.unit("tank", "armour", ring2[0])
    b2.unit("foe", "inf", TARGET, nation="blueland", quality="elite")
    assert _shift(_preview(b2, ["tank"]), "quality") == -2


def test_oc8_flank_from_two_hexes_and_rear_from_opposite_sides() -> None:
    """OC8: +1 from two hexes, +2 (instead) from opposite sides, none from one hex."""
    b, ring = _map()
    b.unit("a", "inf", ring[0])
    b.unit("b", "inf", ring[1])
    b.unit("foe", "inf", TARGET, nation="blueland")
    assert _shift(_preview(b, ["a", "b"]), "flank") == 1
    assert _shift(_preview(b, ["a"]), "flank") == 0
    b2, ring2 = _map()
    b2.unit("a", "inf", ring2[0])
    b2.unit("b", "inf", ring2[3])
    b2.unit("foe", "inf", TARGET, nation="blueland")
    rear = _preview(b2, ["a", "b"])
    assert _shift(rear, "rear") == 2 and _shift(rear, "flank") == 0


def test_oc9_support_shifts_with_falling_returns() -> None:
    b, ring = _map()
    b.unit("a", "inf", ring[0])
    b.unit("foe", "inf", TARGET, nation="blueland")
    preview = _preview(b, ["a"], attack_support=(1.0, 2.0, 2.0), defence_support=(1.0,))
    assert _shift(preview, "attack_support") == 3  # 2 + 2/2 + 1/3
    assert _shift(preview, "defence_support") == -1


def test_oc10_engineers_against_a_town_at_most_two() -> None:
    b, ring = _map()
    b.terrain("town", TARGET)
    for n in range(3):
        b.unit(f"e{n}", "eng", ring[n])
    b.unit("weak", "eng", ring[3], strength=20)  # 20% of its attack: under 30%
    b.unit("foe", "inf", TARGET, nation="blueland")
    assert _shift(_preview(b, ["e0"]), "engineers") == 1
    assert _shift(_preview(b, ["e0", "e1", "e2"]), "engineers") == 2
    assert _shift(_preview(b, ["weak"]), "engineers") == 0
    b2, ring2 = _map()
    b2.unit("e0", "eng", ring2[0])
    b2.unit("foe", "inf", TARGET, nation="blueland")
    assert _shift(_preview(b2, ["e0"]), "engineers") == 0  # open ground


def test_oc11_oc14_shock_worked_case_armour_motorized_infantry_gives_3() -> None:
    """OC11: the highest shock x the shock units' SP share; a shock-0 motorized unit still
    counts as a shock unit."""
    b, ring = _map()
    b.unit("tank", "armour", ring[0], echelon="regiment")  # 4 SP, shock 4
    b.unit("motor", "motor", ring[0])  # 2 SP, shock 0 but a shock unit
    b.unit("inf", "inf", ring[1])  # 2 SP, dilutes
    b.unit("foe", "inf", TARGET, nation="blueland")
    preview = _preview(b, ["tank", "motor", "inf"])
    assert preview.attacker_shock == 3 and preview.defender_shock == 0
    assert _shift(preview, "shock") == 3


def test_oc11_shock_worked_case_one_sp_armour_with_three_sp_infantry_gives_1() -> None:
    """OC11: non-shock infantry dilutes the armour's shock by its SP."""
    b, ring = _map()
    b.unit("tank", "armour", ring[0], echelon="company")
    b.unit("inf1", "inf", ring[0], echelon="company")
    b.unit("inf2", "inf", ring[0])
    b.unit("foe", "inf", TARGET, nation="blueland")
    assert _preview(b, ["tank", "inf1", "inf2"]).attacker_shock == 1


def test_oc12_shock_worked_case_one_armour_across_a_gully_gives_2() -> None:
    """OC12: armour attacking across a terrain hexside counts as a non-shock unit."""
    b, ring = _map()
    b.hexside(ring[1], TARGET, "gully")
    b.unit("t1", "armour", ring[0], echelon="company")
    b.unit("t2", "armour", ring[1], echelon="company")
    b.unit("foe", "inf", TARGET, nation="blueland")
    assert _preview(b, ["t1", "t2"]).attacker_shock == 2


def test_oc12_shock_counts_only_against_an_open_hex() -> None:
    """OC12: no shock against a hex that is not open (rough)."""
    b, ring = _map()
    b.terrain("rough", TARGET)
    b.unit("tank", "armour", ring[0])
    b.unit("foe", "inf", TARGET, nation="blueland")
    preview = _preview(b, ["tank"])
    assert _shift(preview, "shock") == 0 and preview.attacker_shock == 0


def test_oc13_shock_halves_at_low_readiness_and_vanishes_below_10() -> None:
    b, ring = _map()
    b.unit("tired", "armour", ring[0], readiness=25)
    b.unit("spent", "armour", ring[1], readiness=5)
    b.unit("foe", "inf", TARGET, nation="blueland")
    assert _preview(b, ["tired"]).attacker_shock == 2
    assert _preview(b, ["spent"]).attacker_shock == 0


def test_oc14_antitank_defends_with_the_attackers_shock_capped_at_2() -> None:
    b, ring = _map()
    b.unit("tank", "armour", ring[0])
    b.unit("at", "at", TARGET, nation="blueland")
    preview = _preview(b, ["tank"])
    assert preview.attacker_shock == 4 and preview.defender_shock == 2
    assert _shift(preview, "shock") == 2
    b2, ring2 = _map()
    b2.unit("tank", "armour", ring2[0])
    b2.unit("hat", "hat", TARGET, nation="blueland")
    assert _shift(_preview(b2, ["tank"]), "shock") == 0


def test_oc17_final_odds_read_the_highest_column_they_reach() -> None:
    b, ring = _map()
    b.unit("tank", "armour", ring[0])
    b.unit("inf", "inf", ring[0])
    b.unit("foe", "inf", TARGET, nation="blueland", echelon="regiment")
    b.terrain("rough", TARGET)  # no shock; 22 against 10
    preview = _preview(b, ["tank", "inf"])
    assert preview.final_odds == pytest.approx(2.2)
    assert preview.column_odds == 2


@pytest.mark.parametrize(
    ("quality", "readiness", "spec", "intensity"),
    [
        ("regular", 100, {}, "high"),
        ("regular", 75, {}, "medium"),
        ("conscript", 50, {}, "low"),
        ("regular", 100, {"order": "assault"}, "extreme"),
        ("regular", 100, {"kind": "move_battle"}, "medium"),
        ("conscript", 50, {"night": True}, "medium"),
        ("conscript", 0, {"kind": "move_battle"}, "very_low"),
    ],
)
def test_oc15_intensity_from_quality_readiness_order_and_battle(
    quality: str, readiness: float, spec: dict[str, object], intensity: str
) -> None:
    b, ring = _map()
    b.unit("a", "inf", ring[0], quality=quality, readiness=readiness)
    b.unit("foe", "inf", TARGET, nation="blueland")
    assert _preview(b, ["a"], **spec).intensity == intensity


def test_an_attack_that_cannot_be_made_is_refused() -> None:
    b, ring = _map()
    b.unit("far", "inf", "c1r1")
    b.unit("near", "inf", ring[0])
    b.unit("foe", "inf", TARGET, nation="blueland")
    b.unit("blue-near", "inf", ring[1], nation="blueland")
    with pytest.raises(IllegalAction, match="not next"):
        _preview(b, ["far"])
    with pytest.raises(IllegalAction, match="different sides"):
        _preview(b, ["near", "blue-near"])
    with pytest.raises(IllegalAction, match="at least one"):
        _preview(b, [])
    b2, ring2 = _map()
    b2.unit("near", "inf", ring2[0])
    with pytest.raises(IllegalAction, match="no enemy"):
        _preview(b2, ["near"])
