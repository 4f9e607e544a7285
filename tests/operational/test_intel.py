"""Intelligence levels (OI1-OI6, OW4): what a side sees of each enemy unit, with Table
OI5's ranges and strengths, Table OI2's contents and the misreadings of OI4."""

from __future__ import annotations

import pytest

from engine.operational.intel import hex_levels, picture
from engine.wego.op.intel import intel_of
from tests.operational.builder import OpBuilder


def lane(columns: int = 10) -> OpBuilder:
    b = OpBuilder(columns=columns, rows=1)
    b.rules("fog", enabled=False)
    b.rules("victory", victory_level=None)
    return b


def levels_of(b: OpBuilder, *, night: bool = False, stationary: tuple[str, ...] = ()) -> list[int]:
    board, units = b.board_and_units()
    found = hex_levels(board, units, "red", night=night, stationary=stationary)
    return [int(v) for v in found]


def test_oi5_a_unit_sees_its_strength_next_to_it_falling_by_one_a_hex_within_its_range() -> None:
    b = lane()
    b.unit("scout", "recce", "c1r1")  # range 4, strength 4
    assert levels_of(b) == [4, 4, 3, 2, 1, 0, 0, 0, 0, 0]
    b = lane()
    b.unit("tank", "armour", "c1r1")  # range 3, strength 1: never below 1 inside the range
    assert levels_of(b) == [1, 1, 1, 1, 0, 0, 0, 0, 0, 0]
    b = lane()
    b.unit("inf", "inf", "c5r1")  # range 1, strength 2
    assert levels_of(b) == [0, 0, 0, 2, 2, 2, 0, 0, 0, 0]


def test_oi6_a_hex_takes_the_best_level_of_the_sides_units() -> None:
    b = lane()
    b.unit("scout", "recce", "c1r1")
    b.unit("inf", "inf", "c6r1")
    assert levels_of(b) == [4, 4, 3, 2, 2, 2, 2, 0, 0, 0]


def test_ow4_at_night_most_units_see_one_hex_and_patrols_further() -> None:
    b = lane()
    b.unit("tank", "armour", "c1r1")
    b.unit("inf", "inf", "c7r1")
    assert levels_of(b, night=True) == [1, 1, 0, 0, 0, 2, 2, 2, 0, 0]
    # An infantry unit that stays put patrols one hex further (its level 2 falls to 1).
    patrol = levels_of(b, night=True, stationary=("inf",))
    assert patrol == [1, 1, 0, 0, 1, 2, 2, 2, 1, 0]
    b = lane()
    b.unit("scout", "recce", "c1r1")  # recce keep their range at night
    assert levels_of(b, night=True) == levels_of(b)


def _seen(*, target: dict[str, object], where: str = "c3r1", **intel: object) -> object:
    b = lane()
    if intel:
        b.table("intel", **intel)
    b.unit("scout", "recce", "c1r1")
    b.unit("foe", target.pop("kind", "inf"), where, nation="blueland", **target)  # type: ignore[arg-type]
    board, units = b.board_and_units()
    return picture(board, units, "red", key="7:1").units.get("foe")


def test_oi5_oi3_target_quality_moves_the_level_and_5_needs_a_neighbour() -> None:
    assert _seen(target={}).level == 3  # type: ignore[attr-defined]
    assert _seen(target={"quality": "conscript"}).level == 4  # type: ignore[attr-defined]
    assert _seen(target={"quality": "elite"}).level == 2  # type: ignore[attr-defined]
    near = _seen(target={"quality": "conscript"}, where="c2r1")
    assert near.level == 5  # type: ignore[attr-defined]
    # Without the fall, a conscript two hexes off would read 5: it is held at 4 (OI3).
    far = _seen(target={"quality": "conscript"}, fall_per_hex=0)
    assert far.level == 4  # type: ignore[attr-defined]
    assert _seen(target={}, where="c7r1") is None  # out of range: not seen at all


def test_oi2_each_level_shows_more() -> None:
    b = lane()
    b.unit("scout", "recce", "c1r1")
    for name, where, quality in (
        ("l1", "c5r1", "regular"),
        ("l2", "c4r1", "regular"),
        ("l3", "c3r1", "regular"),
        ("l4", "c2r1", "regular"),
        ("l5", "c2r1", "conscript"),
    ):
        b.unit(name, "inf", where, nation="blueland", quality=quality, readiness=70.0)
    b.table("intel", misread_chance=0, values_wrong_chance=0)
    board, units = b.board_and_units()
    seen = picture(board, units, "red", key="1:1").units
    assert [seen[u].level for u in ("l1", "l2", "l3", "l4", "l5")] == [1, 2, 3, 4, 5]
    assert (seen["l1"].category, seen["l1"].attack) == (None, None)
    assert (seen["l2"].category, seen["l2"].attack) == ("infantry", None)
    assert (seen["l3"].attack, seen["l3"].defence, seen["l3"].loc) == (6, 8, None)
    assert (seen["l4"].loc, seen["l4"].dug_in, seen["l4"].readiness) == ("supported", False, None)
    assert (seen["l5"].strength, seen["l5"].readiness) == (100.0, 70.0)
    assert "scout" not in seen  # a side's own units are not in its picture


def _misreads(kind: str, key: str, **intel: object) -> list[str | None]:
    b = lane(columns=12)
    b.table("intel", **{"misread_chance": 100, **intel})
    b.unit("scout", "recce", "c1r1")
    for n in range(6):  # six targets at level 2 (three hexes off), one a hex
        b.unit(f"foe{n}", kind, "c4r1", nation="blueland", echelon="company")
    board, units = b.board_and_units()
    seen = picture(board, units, "red", key=key).units
    assert {s.level for s in seen.values()} == {2}
    return [seen[f"foe{n}"].category for n in range(6)]


def test_oi4_at_level_2_types_are_misread_within_their_group() -> None:
    armour = _misreads("armour", "3:2")
    assert all(c in ("motorized", "recce", "mechanized") for c in armour)
    assert _misreads("eng", "3:2") == ["infantry"] * 6
    assert all(c in ("antitank", "heavy_antitank") for c in _misreads("art", "3:2"))
    assert _misreads("inf", "3:2") == ["infantry"] * 6  # infantry is never misread
    assert _misreads("armour", "3:2", misread_chance=0) == ["armour"] * 6


def test_oi4_misreadings_are_the_same_for_the_same_turn_and_change_with_it() -> None:
    b = lane(columns=12)
    b.table("intel", misread_chance=50)
    b.unit("scout", "recce", "c1r1")
    for n in range(8):
        b.unit(f"foe{n}", "armour", "c4r1", nation="blueland", echelon="platoon")
    board, units = b.board_and_units()
    first = picture(board, units, "red", key="5:1").units
    again = picture(board, units, "red", key="5:1").units
    assert first == again
    turns = [picture(board, units, "red", key=f"5:{t}").units for t in range(2, 6)]
    assert any(t != first for t in turns)
    read = [s.category for s in first.values()]
    assert "armour" in read and any(c != "armour" for c in read)  # half are misread


def test_oi2_combat_values_may_be_off_at_level_3_and_are_true_at_4() -> None:
    b = lane()
    b.table("intel", values_wrong_chance=100, values_error=0.25)
    b.unit("scout", "recce", "c1r1")
    b.unit("mid", "inf", "c3r1", nation="blueland")  # level 3
    b.unit("close", "inf", "c2r1", nation="blueland")  # level 4
    board, units = b.board_and_units()
    seen = picture(board, units, "red", key="2:1").units
    assert seen["mid"].attack is not None and seen["mid"].defence is not None
    assert seen["mid"].attack == pytest.approx(6, rel=0.25)
    assert (seen["mid"].attack, seen["mid"].defence) != (6, 8)
    assert (seen["close"].attack, seen["close"].defence) == (6, 8)


def test_oi1_without_fog_every_enemy_unit_is_seen_whole() -> None:
    b = lane()
    b.unit("inf", "inf", "c1r1")
    b.unit("far", "armour", "c10r1", nation="blueland")
    board, units = b.board_and_units()
    seen = picture(board, units, "red", key="1:1", fog=False).units
    assert seen["far"].level == 5 and seen["far"].category == "armour"
    assert seen["far"].strength == 100.0


def test_oi_the_wego_query_follows_the_turn_and_never_draws_on_the_games_die() -> None:
    b = lane()
    b.rules("fog", enabled=True)
    b.table("turns", pattern=["night"])
    b.unit("tank", "armour", "c1r1")
    b.unit("near", "inf", "c2r1", nation="blueland")
    b.unit("far", "inf", "c4r1", nation="blueland")
    game = b.game(seed=11)
    before = game.dice.state()
    red = intel_of(game, "red")
    assert game.dice.state() == before
    assert red == intel_of(game, "red")
    assert red.level_of("near") == 1 and red.level_of("far") == 0  # night: armour sees 1 hex
    blue = intel_of(game, "blue")
    assert blue.level_of("tank") == 2  # infantry next to it: strength 2


@pytest.mark.parametrize(("dug_in", "level"), [(True, 1), (False, 0)])
def test_ow4_a_dug_in_infantry_unit_patrols_at_night_in_the_wego_query(
    dug_in: bool, level: int
) -> None:
    b = lane()
    b.rules("fog", enabled=True)
    b.table("turns", pattern=["night"])
    b.unit("inf", "inf", "c1r1", dug_in=dug_in)  # dug in: it stayed put a whole turn
    b.unit("far", "inf", "c3r1", nation="blueland")
    game = b.game(seed=1)
    assert intel_of(game, "red").level_of("far") == level


def test_oi5_oi4_a_category_listed_twice_is_refused() -> None:
    from pydantic import ValidationError

    from schemas.operational.intel import IntelRules

    twice = {"sources": [{"category": "recce", "range": 4, "strength": 4}] * 2}
    with pytest.raises(ValidationError, match="'sources' lists category 'recce' twice"):
        IntelRules.model_validate(twice)
    rules = IntelRules.model_validate(
        {"sources": [{"category": "armour", "range": 5, "strength": 3}]}
    )
    assert (rules.source("armour").range, rules.source("recce").range) == (5, 1)  # others: other
