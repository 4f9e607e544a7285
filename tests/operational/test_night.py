"""Night capability (OW3, OU15, OW11, OW12, OW13): a night-capable ground unit at 80%
readiness or more keeps the day's intelligence range, command check, readiness cost of moving
and zone of control, and spares its side the night's integrity cut; air assets pay more
readiness at night and EW assets see better. Small hand-made lanes of open hexes."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from engine.operational.c2 import unit_chance
from engine.operational.intel import hex_levels
from engine.operational.zoc import zoc
from engine.wego.op import assets as op_assets
from engine.wego.op import battlefield
from engine.wego.op import state as op_state
from engine.wego.op.actions import AssignAsset
from engine.wego.orders import OrderMove
from schemas import load_text
from tests.operational.builder import OpBuilder
from tests.operational.play import execute, of, stack
from tests.operational.test_asset_missions import STUKA
from tests.operational.test_asset_missions import lane as asset_lane
from tests.operational.test_integrity_forts import corps


def capable(b: OpBuilder, *types: str) -> OpBuilder:
    """Make the unit types ``types`` night capable (OU15)."""
    for entry in b.raw["unit_types"]:
        if entry["id"] in types:
            entry["operational"] = {**entry["operational"], "night_capable": True}
    return b


def lane(columns: int = 8) -> OpBuilder:
    b = OpBuilder(columns=columns, rows=1)
    b.raw["calendar"]["turns"] = 2
    b.rules("fog", enabled=False)
    b.rules("victory", victory_level=None)
    b.table("c2", delays=False)
    return b


def test_ou15_ow3_ow4_a_capable_unit_at_80_percent_keeps_its_day_intelligence_range() -> None:
    b = capable(lane(), "armour")
    b.unit("ready", "armour", "c1r1", readiness=80.0)  # range 3, strength 1
    b.unit("tired", "armour", "c8r1", readiness=79.0)
    board, units = b.board_and_units()
    levels = [int(v) for v in hex_levels(board, units, "red", night=True)]
    assert levels == [1, 1, 1, 1, 0, 0, 1, 1]  # the tired one sees a hex, as OW4 says
    b.table("night", intel=False)  # the switch off: both cut to one hex
    board, units = b.board_and_units()
    levels = [int(v) for v in hex_levels(board, units, "red", night=True)]
    assert levels == [1, 1, 0, 0, 0, 0, 1, 1]


def test_ow3_ow10_a_capable_units_command_check_reads_the_day_ccv() -> None:
    b = capable(lane(), "inf")
    # Conscripts at 85%, Supported: -20 + (-20) + 85 + 40 = 85% by day.
    b.unit("ready", "inf", "c1r1", readiness=85.0, quality="conscript")
    b.unit("plain", "motor", "c2r1", readiness=85.0, quality="conscript")
    board, units = b.board_and_units()
    rules = board.rules
    day = unit_chance(rules, units["ready"])
    assert day == 85.0
    assert unit_chance(rules, units["ready"], night=True) == day
    assert unit_chance(rules, units["plain"], night=True) == unit_chance(rules, units["plain"]) - 20
    b.table("night", c2=False, readiness=95.0)
    board, units = b.board_and_units()
    assert unit_chance(board.rules, units["ready"], night=True) == day - 20


def test_ow3_ow5_a_capable_units_zone_of_control_is_not_halved_at_night() -> None:
    b = capable(lane(), "armour")
    b.unit("tank", "armour", "c2r1", echelon="regiment")  # 4 SP
    b.unit("inf", "inf", "c6r1", echelon="regiment")  # 4 SP, not capable
    board, units = b.board_and_units()
    day = zoc(board, units.values(), "red")
    night = zoc(board, units.values(), "red", night=True)
    for hex_id in ("c1r1", "c2r1", "c3r1"):
        assert night.value(board.index(hex_id)) == day.value(board.index(hex_id)) == 4.0
    for hex_id in ("c5r1", "c6r1", "c7r1"):
        assert night.value(board.index(hex_id)) == 2.0  # OW5: halved
    tired = {**units, "tank": replace(units["tank"], readiness=50.0)}  # below 80%: halved
    assert zoc(board, tired.values(), "red", night=True).value(board.index("c2r1")) == 2.0


def test_ow3_ow7_a_capable_unit_moving_at_night_spends_the_days_readiness() -> None:
    b = capable(lane(), "armour")
    b.table("turns", pattern=["night", "day"], supply="move_plus")
    b.unit("owl", "armour", "c1r1")
    b.unit("mole", "motor", "c1r1")
    game = b.game(seed=3)
    assert game.state.units["owl"].stack == game.state.units["mole"].stack
    execute(game, [OrderMove(stack(game, "owl"), ("c2r1", "c3r1", "c4r1", "c5r1"))])
    kept = op_state.units(game)
    spent_owl, spent_mole = 100.0 - kept["owl"].readiness, 100.0 - kept["mole"].readiness
    assert spent_owl > 0 and spent_mole == pytest.approx(spent_owl * 1.5, abs=1.0)


def test_ow3_ow8_a_side_all_acting_as_by_day_loses_no_integrity_at_night() -> None:
    b = corps()
    b.table("turns", pattern=["night", "day"])
    game = b.game(seed=1)
    assert battlefield.integrity(game, ["a1", "b1"], attacking=True, night=True) == 0.7
    capable(b, "inf")
    game = b.game(seed=1)
    assert battlefield.integrity(game, ["a1", "b1"], attacking=True, night=True) == 0.9
    b.table("night", integrity=False)
    game = b.game(seed=1)
    assert battlefield.integrity(game, ["a1", "b1"], attacking=True, night=True) == 0.7


def test_ow11_an_air_asset_pays_half_as_much_readiness_again_for_a_night_mission() -> None:
    def after_one_mission(b: OpBuilder) -> float:
        game = b.game(seed=1)
        execute(game, [AssignAsset("stuka", "ground_attack", "c5r1")])
        state = op_assets.state_of(game, "stuka")
        assert state is not None
        return state.readiness

    owl = {**STUKA, "night_capable": True, "readiness": 85.0, "quality": "conscript"}
    # 85 less the mission's 10 x 1.5 at night, then a conscript's rest of 12 (OA3).
    b = asset_lane(owl)
    b.table("turns", pattern=["night", "day"])
    assert after_one_mission(b) == pytest.approx(82.0)
    assert after_one_mission(asset_lane(owl)) == pytest.approx(87.0)  # by day: 10
    b.table("night", air_mission_readiness=3.0)
    assert after_one_mission(b) == pytest.approx(67.0)


EW = {
    "id": "ears",
    "side": "red",
    "domain": "ground",
    "missions": ["intelligence"],
    "recon_range": 2,
    "recon_strength": 3,
    "night_capable": True,
    "electronic_warfare": True,
}


def test_ow12_an_ew_asset_listens_one_level_better_at_night_and_keeps_its_range() -> None:
    b = asset_lane(EW)
    b.table("turns", pattern=["night", "day"])
    game = b.game(seed=1)
    (heard,) = of(execute(game, [AssignAsset("ears", "intelligence", "c7r1")]), "op_recon")
    assert (heard["range"], heard["strength"]) == (2, 4)  # a ground asset: no night cut
    plain = asset_lane({**EW, "electronic_warfare": False})
    plain.table("turns", pattern=["night", "day"])
    game = plain.game(seed=1)
    (heard,) = of(execute(game, [AssignAsset("ears", "intelligence", "c7r1")]), "op_recon")
    assert heard["strength"] == 3
    by_day = asset_lane(EW).game(seed=1)
    (heard,) = of(execute(by_day, [AssignAsset("ears", "intelligence", "c7r1")]), "op_recon")
    assert heard["strength"] == 3


def test_ow3_bad_night_values_are_refused_where_they_are() -> None:
    b = lane()
    b.unit("a", "inf", "c1r1")
    b.table("night", readiness=120, air_mission_readiness=-1)
    issues = [i for i in load_text(json.dumps(b.raw)).issues if i.is_error]
    paths = {i.path for i in issues}
    assert "/rules/operational/night/readiness" in paths
    assert "/rules/operational/night/air_mission_readiness" in paths
    b = lane()
    b.raw["rules"]["operational"] = {"assets": {"assets": [{**EW, "electronic_warfare": "often"}]}}
    paths = {i.path for i in load_text(json.dumps(b.raw)).issues if i.is_error}
    assert "/rules/operational/assets/assets/0/electronic_warfare" in paths


def test_ou15_the_format_keeps_night_capability_and_the_night_table() -> None:
    b = capable(lane(), "armour")
    b.table("night", readiness=70.0, zoc=False)
    b.unit("tank", "armour", "c1r1")
    scenario = b.build()
    rules = scenario.rules.operational
    assert rules is not None and rules.night.readiness == 70.0 and not rules.night.zoc
    assert rules.night.intel and rules.night.ew_strength == 1
    kinds = {t.id: t.operational for t in scenario.unit_types}
    assert kinds["armour"] is not None and kinds["armour"].night_capable
    assert kinds["inf"] is not None and not kinds["inf"].night_capable


def test_ow11_ow12_night_flags_that_can_do_nothing_are_located_at_their_asset() -> None:
    b = lane()
    b.unit("a", "inf", "c1r1")
    b.table(
        "assets",
        assets=[
            {**STUKA, "night_capable": True, "missions": ["offensive_support"]},
            {**EW, "missions": ["command"]},
            {**STUKA, "id": "owl", "night_capable": True},  # bombards at night: fine
            {**EW, "id": "ears2"},  # listens: fine
        ],
    )
    found = {(i.code, i.path, i.entity) for i in load_text(json.dumps(b.raw)).issues}
    assert (
        "operational-night-idle",
        "/rules/operational/assets/assets/0/night_capable",
        "stuka",
    ) in found
    assert (
        "operational-ew-idle",
        "/rules/operational/assets/assets/1/electronic_warfare",
        "ears",
    ) in found
    assert not {c for c, p, _e in found if "/assets/2/" in p or "/assets/3/" in p}
    b.table("assets", night_air_missions=["offensive_support"])  # a modder's wider night
    codes = {i.code for i in load_text(json.dumps(b.raw)).issues}
    assert "operational-night-idle" not in codes
