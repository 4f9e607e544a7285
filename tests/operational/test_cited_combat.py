"""Combat items of the operational checklist that no other test named, or named only in part
(OC12, OC21, OC23, OC29, OC34, OS12, OI9, OH10): a minefield's shock, the outcome of a
battle, where a retreat may go, a meeting engagement, AA fire before air support, the LOC
multiplier on defence, the fog's multiplier on fire and the protection from a bombardment.

Small hand-made hex maps (``OpBuilder``: open ground, red west, blue east), each read through
the rule's own function or one WEGO execution.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from engine.operational import AttackSpec, OpBoard, OpUnit, odds_preview
from engine.operational.aftercombat import retreat_path
from engine.operational.zoc import enemy_zoc
from engine.wego.op.actions import AssignAsset, AssignFire
from engine.wego.op.intel import intel_of
from engine.wego.orders import OrderAttack, OrderMove
from tests.operational.builder import OpBuilder
from tests.operational.play import execute, of, stack


def lane(columns: int = 8, *, fog: bool = False) -> OpBuilder:
    b = OpBuilder(columns=columns, rows=1)
    b.raw["calendar"]["turns"] = 3
    if not fog:
        b.rules("fog", enabled=False)
    b.rules("victory", victory_level=None)
    b.table("c2", delays=False)
    return b


# -- OC21: what a battle ends in -------------------------------------------------------------


def test_oc21_a_fresh_defender_holds_and_its_attacker_holds_where_it_attacked_from() -> None:
    """OC21: defenders well above 40% readiness hold the hex; the attacker, with the hex still
    held, stays on its own hex (no retreat, no advance)."""
    b = lane()
    b.unit("inf", "inf", "c4r1")
    b.unit("foe", "inf", "c5r1", nation="blueland", echelon="regiment", quality="elite")
    game = b.game(seed=3)
    records = execute(game, [OrderAttack(stack(game, "inf"), "c5r1", ())])
    (battle,) = of(records, "op_battle")
    foe = next(line for line in battle["units"] if line["unit"] == "foe")
    assert not foe["destroyed"] and foe["readiness_after"] >= 40
    assert not of(records, "op_advance")
    assert not [r for r in of(records, "op_retreat") if r.get("path")]
    assert game.state.stacks[stack(game, "foe")].region == "c5r1"
    assert game.state.stacks[stack(game, "inf")].region == "c4r1"


def test_oc21_a_worn_defender_retreats_and_the_attacker_advances_into_the_hex() -> None:
    """OC21: the other outcome of the same battle: defenders below 20% readiness retreat, and
    the attacker advances into the hex they left."""
    b = lane()
    b.unit("inf", "inf", "c4r1")
    b.unit("foe", "inf", "c5r1", nation="blueland", readiness=12)
    game = b.game(seed=3)
    records = execute(game, [OrderAttack(stack(game, "inf"), "c5r1", ())])
    (retreat,) = of(records, "op_retreat")
    assert retreat["path"] and retreat["path"][0] == "c6r1"
    assert [(a["from"], a["to"]) for a in of(records, "op_advance")] == [("c4r1", "c5r1")]
    assert game.state.stacks[stack(game, "inf")].region == "c5r1"


# -- OC23: where a retreat may go -------------------------------------------------------------


def _retreat(extra: dict[str, tuple[str, str]], hexes: int = 1) -> list[str]:
    """The path of blue's ``foe`` (c4r2), attacked from c3r2 by red's tank, with ``extra``
    units (id: (hex, nation)) on a 7 x 3 map. c4r2's neighbours: c4r1, c5r1, c5r2 away from
    the tank; c3r1 and c4r3 next to it."""
    b = OpBuilder(7, 3)
    b.unit("tank", "armour", "c3r2", echelon="regiment")
    b.unit("foe", "inf", "c4r2", nation="blueland")
    for unit_id, (where, nation) in extra.items():
        b.unit(unit_id, "inf", where, nation=nation)
    board, units = b.board_and_units()
    path = retreat_path(
        board,
        units,
        [units["foe"]],
        hexes,
        attacked=frozenset({board.index("c4r2")}),
        attacker_hexes=frozenset({board.index("c3r2")}),
        enemy_zoc=enemy_zoc(board, units.values(), "blue"),
    )
    return [board.hex_ids[i] for i in path]


def test_oc23_a_retreat_takes_a_free_hex_away_from_the_attacker() -> None:
    """OC23: with the way open, the retreat goes away from the attacker, never onto a hex
    next to it."""
    path = _retreat({}, hexes=2)
    assert len(path) == 2
    assert not {"c3r1", "c4r3"} & set(path)


def test_oc23_a_retreat_never_enters_an_enemy_hex_or_a_hex_next_to_an_attacker() -> None:
    """OC23: enemies on the three hexes away from the tank leave only the two next to it,
    and those stay closed even with friendly units holding them: the defender has nowhere to
    go."""
    red = {f"r{h}": (h, "redland") for h in ("c4r1", "c5r1", "c5r2")}
    friends = {f"b{h}": (h, "blueland") for h in ("c3r1", "c4r3")}
    assert _retreat({**red, **friends}) == []


def test_oc23_an_enemy_zoc_hex_is_closed_unless_a_friendly_unit_holds_it() -> None:
    """OC23: with red on c5r1 and c5r2, c4r1 is free but in their zone: closed; a blue unit
    standing on it opens it."""
    red = {f"r{h}": (h, "redland") for h in ("c5r1", "c5r2")}
    assert _retreat(red) == []
    assert _retreat({**red, "pal": ("c4r1", "blueland")}) == ["c4r1"]


def test_oc23_a_retreat_respects_the_stacking_limit_of_the_hex_it_enters() -> None:
    """OC23: c4r1 (the only way out, held by friends) takes the retreating battalion while
    its three friendly battalions leave room (6 + 2 SP of 9), not with four (8 + 2)."""
    red = {f"r{h}": (h, "redland") for h in ("c5r1", "c5r2")}
    three = {f"pal{n}": ("c4r1", "blueland") for n in range(3)}
    four = {f"pal{n}": ("c4r1", "blueland") for n in range(4)}
    assert _retreat({**red, **three}) == ["c4r1"]
    assert _retreat({**red, **four}) == []


# -- OC34: AA fire before air support --------------------------------------------------------


def _supported_attack(result: str) -> list[dict[str, Any]]:
    """Two red air assets (support 2 each) help the tank's attack on c5r1; every cell of the
    AA table reads ``result``."""
    stukas = [
        {"id": name, "side": "red", "domain": "air", "missions": ["offensive_support"]}
        | {"support": 2, "aa_defence": 1}
        for name in ("s1", "s2")
    ]
    b = lane()
    b.table("assets", assets=stukas, aa={"rows": [[{"result": result, "damage": 10}] * 9] * 6})
    b.unit("tank", "armour", "c4r1", echelon="regiment")
    b.unit("foe", "inf", "c5r1", nation="blueland")
    game = b.game(seed=3)
    red: list[Any] = [AssignAsset(name, "offensive_support", "c5r1") for name in ("s1", "s2")]
    return execute(game, [*red, OrderAttack(stack(game, "tank"), "c5r1", ())])


def test_oc34_each_air_asset_meets_the_full_aa_in_turn_and_a_halved_one_helps_half() -> None:
    """OC34: the defending battalion's AA (its 2 SP) fires at each asset, one after the other,
    at its full total; halved, the two supports of 2 give 1 + 1/2 (2 shifts) where untouched
    they give 2 + 2/2 (3 shifts, OC9)."""
    records = _supported_attack("halved")
    shots = of(records, "op_aa_fire")
    assert [(s["asset"], s["aa"], s["result"]) for s in shots] == [
        ("s1", 2.0, "halved"),
        ("s2", 2.0, "halved"),
    ]
    (battle,) = of(records, "op_battle")
    assert [s["value"] for s in battle["shifts"] if s["kind"] == "attack_support"] == [2]
    (clear,) = of(_supported_attack("none"), "op_battle")
    assert [s["value"] for s in clear["shifts"] if s["kind"] == "attack_support"] == [3]


# -- OC29: a meeting engagement has no terrain ----------------------------------------------


def test_oc29_a_meeting_engagement_ignores_the_woods_the_defenders_stand_in() -> None:
    """OC29: in woods a set-piece attack meets the woods' defence (x1.5 for infantry) and the
    armour's halved attack; met on the move, both fight as on open ground."""
    b = OpBuilder(5, 3)
    b.terrain("woods", "c3r2")
    b.unit("tank", "armour", "c2r2")
    b.unit("foe", "inf", "c3r2", nation="blueland")
    board, units = b.board_and_units()
    set_piece = odds_preview(board, units, AttackSpec(("tank",), board.index("c3r2")))
    meeting = odds_preview(board, units, AttackSpec(("tank",), board.index("c3r2"), kind="meeting"))
    assert set_piece.defenders[0].terrain == 1.5 and set_piece.attackers[0].terrain == 0.5
    assert meeting.defenders[0].terrain == 1.0 and meeting.attackers[0].terrain == 1.0
    assert meeting.defence_total == pytest.approx(set_piece.defence_total / 1.5)


def test_oc29_an_attack_meeting_a_moving_enemy_is_a_meeting_engagement_without_terrain() -> None:
    """OC29 in play: red's veteran armour heads for c6r1 while blue's infantry leaves it for
    the woods of c5r1; they meet there on tick 3, everyone moving: a meeting engagement,
    fought as in the open (infantry 8, armour 16) with the quality shift doubled (+2)."""
    b = lane()
    b.terrain("woods", "c5r1")
    b.unit("tank", "armour", "c2r1", echelon="regiment", quality="veteran")
    b.unit("foe", "inf", "c6r1", nation="blueland")
    game = b.game(seed=1)
    red = [OrderAttack(stack(game, "tank"), "c6r1", ("c3r1", "c4r1", "c5r1"))]
    records = execute(game, red, [OrderMove(stack(game, "foe"), ("c5r1",))])
    (battle,) = of(records, "op_battle")
    assert (battle["target"], battle["battle_kind"]) == ("c5r1", "meeting")
    assert battle["defence_total"] == pytest.approx(8.0)  # not x1.5 for the woods
    assert battle["attack_total"] == pytest.approx(16.0)  # not halved in the woods
    assert [s["value"] for s in battle["shifts"] if s["kind"] == "quality"] == [2]


# -- OC12: a minefield takes the attacker's shock, not the defender's ------------------------


def _minefield_preview(attackers: dict[str, str], defender: str) -> tuple[float, float]:
    """Blue's ``defender`` type at c3r2 behind a minefield on its c4r2 side (c3r1 open);
    red's attackers by id: hex."""
    b = OpBuilder(5, 3)
    b.hexside("c4r2", "c3r2", "minefield")
    for unit_id, where in attackers.items():
        b.unit(unit_id, "armour" if unit_id.startswith("t") else "inf", where, echelon="company")
    b.unit("foe", defender, "c3r2", nation="blueland")
    board, units = b.board_and_units()
    spec = AttackSpec(tuple(attackers), board.index("c3r2"))
    preview = odds_preview(board, units, spec)
    return preview.attacker_shock, preview.defender_shock


def test_oc12_armour_attacking_across_a_minefield_counts_as_non_shock() -> None:
    """OC12: alone across the minefield the tank company brings no shock; with another
    company attacking over open ground it only dilutes that one's 4 (half the SP: 2)."""
    assert _minefield_preview({"t_mined": "c4r2"}, "inf") == (0.0, 0.0)
    assert _minefield_preview({"t_open": "c3r1", "t_mined": "c4r2"}, "inf") == (2.0, 0.0)
    assert _minefield_preview({"t_open": "c3r1"}, "inf") == (4.0, 0.0)


def test_oc12_defenders_behind_a_minefield_keep_their_shock() -> None:
    """OC12: blue's armour behind the minefield keeps its defending shock (4)."""
    assert _minefield_preview({"i_mined": "c4r2"}, "armour") == (0.0, 4.0)


# -- OS12: the LOC multiplier on defence --------------------------------------------------------


def _defence(board: OpBoard, units: dict[str, OpUnit], loc: str) -> float:
    units = {**units, "foe": replace(units["foe"], loc=loc)}  # type: ignore[arg-type]
    preview = odds_preview(board, units, AttackSpec(("tank",), board.index("c3r2")))
    return preview.defence_total


def test_os12_supported_extended_and_cut_off_defenders_defend_at_100_75_and_50_percent() -> None:
    """OS12 (Table OQ9) on defence: the same defender at each LOC state."""
    b = OpBuilder(5, 3)
    b.unit("tank", "armour", "c2r2")
    b.unit("foe", "inf", "c3r2", nation="blueland")
    board, units = b.board_and_units()
    full = _defence(board, units, "supported")
    assert _defence(board, units, "extended") == pytest.approx(full * 0.75)
    assert _defence(board, units, "isolated") == pytest.approx(full * 0.5)
    assert _defence(board, units, "encircled") == pytest.approx(full * 0.5)


# -- OI9: the fog sets the fire multiplier ----------------------------------------------------


def _shelling(tank_at: str | None) -> tuple[int, dict[str, Any]]:
    b = lane(fog=True)
    b.table("assets", "bombardment", fire_multiplier=[0.0, 0.5, 0.6, 0.7, 0.8, 0.9])
    if tank_at:
        b.unit("tank", "armour", tank_at, echelon="regiment")
    b.unit("foe", "inf", "c5r1", nation="blueland")
    b.unit("gun", "art", "c2r1")
    game = b.game(seed=4)
    level = intel_of(game, "red").level_of("foe")
    records = execute(game, [AssignFire("gun", "offensive", "c5r1")])
    (shelling,) = of(records, "op_bombardment")
    return level, shelling


def test_oi9_the_fog_level_of_the_target_sets_the_fire_multiplier() -> None:
    """OI9, Table OC32: guns firing at a hex their side cannot see (level 0) read the table's
    first entry (here nothing); a tank next to the hex lifts the level, and the fire reads
    that level's entry of the scenario's table."""
    blind_level, blind = _shelling(None)
    assert blind_level == 0 and blind["multiplier"] == 0.0 and blind["points"] == 0.0
    seen_level, seen = _shelling("c4r1")
    assert seen_level >= 1
    assert seen["multiplier"] == [0.0, 0.5, 0.6, 0.7, 0.8, 0.9][seen_level]
    assert seen["points"] == pytest.approx(10 * seen["multiplier"])


# -- OH10: terrain protects from a bombardment -----------------------------------------------


def _bombarded(terrain: str, *, newcomer: bool = False, **foe: Any) -> dict[str, Any]:
    b = lane()
    if terrain != "open":
        b.terrain(terrain, "c5r1")
    b.unit("foe", "inf", "c5r1", nation="blueland", **foe)
    if newcomer:
        b.unit("new", "inf", "c5r1", nation="blueland")
    b.unit("gun", "art", "c2r1")
    game = b.game(seed=4)
    (shelling,) = of(execute(game, [AssignFire("gun", "offensive", "c5r1")]), "op_bombardment")
    return shelling


@pytest.mark.parametrize(
    ("terrain", "protection"),
    [("open", 0), ("woods", -1), ("rolling-steppe", -1), ("town", -2), ("rough", -2)],
)
def test_oh10_the_terrain_row_gives_the_bombardment_its_protection(
    terrain: str, protection: int
) -> None:
    """OH10: good cover (town, rough) takes 2 off the bombardment's row, medium (woods,
    rolling steppe) 1, open ground none; the same roll then costs less readiness."""
    shelling = _bombarded(terrain)
    assert shelling["protection"] == protection
    open_ground = _bombarded("open")
    assert shelling["roll"] == open_ground["roll"] > 1  # the same seed, the same die
    if protection:
        assert shelling["loss"] < open_ground["loss"]


def test_oh10_a_dug_in_target_has_medium_protection_in_the_open_and_keeps_good_cover() -> None:
    """OH10: a dug-in hex reads at least medium protection (-1) on open ground; in a town the
    terrain's good protection (-2) stays; a hex where one unit is not dug in reads its
    terrain (the choice: one loss per hex)."""
    dug = _bombarded("open", dug_in=True)
    assert dug["protection"] == -1
    assert dug["loss"] < _bombarded("open")["loss"]
    assert _bombarded("town", dug_in=True)["protection"] == -2
    assert _bombarded("open", newcomer=True, dug_in=True)["protection"] == 0
