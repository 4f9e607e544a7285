"""Off-map assets: availability by turn, missions and their delays, night, recovery and the air
war's counts (OA2, OA3, OA7-OA11, OT12, OU15, OW3, OW11, OW13)."""

from __future__ import annotations

from typing import Any

from engine.dice import Dice
from engine.operational.assets import (
    AssetState,
    air_supply_refusal,
    asset_states,
    availability,
    available,
    counter_air,
    delay_of,
    dispatch,
    interdiction_losses,
    interdiction_row,
    mission_refusal,
    net_advantage,
    recover,
)
from schemas.operational.assets import Asset, InterdictionRow
from schemas.operational.rules import OperationalRules
from tests.operational.command_builder import CommandBuilder


def _rules(*assets: dict[str, Any], **table: Any) -> OperationalRules:
    b = CommandBuilder(4, 1)
    b.table("assets", assets=list(assets), **table)
    board, _ = b.board_and_units()
    return board.rules


def _asset(**fields: Any) -> dict[str, Any]:
    return {"id": "stuka", "side": "red", "missions": ["ground_attack"], **fields}


def test_oa2_an_asset_is_away_for_its_delay_drawn_within_the_spread_never_below_1() -> None:
    rules = _rules(_asset(delay={"turns": 2, "spread": 2}))
    asset = rules.assets.assets[0]
    dice = Dice(7)
    drawn = {delay_of(asset, dice) for _ in range(400)}
    assert drawn == {1, 2, 3, 4}  # "2 (+/-2)": 1 to 4 turns, as the manual reads it
    state = dispatch(rules.assets, asset, asset_states(rules)["stuka"], 3, Dice(1))
    assert 4 <= state.back_on <= 7
    assert not availability(rules.assets, asset, state, 3).ready
    waiting = availability(rules.assets, asset, state, state.back_on - 1)
    assert not waiting.ready and waiting.turns_left == 1
    assert availability(rules.assets, asset, state, state.back_on).ready


def test_oa2_oa13_an_asset_that_does_not_return_is_gone_after_its_mission() -> None:
    rules = _rules(_asset(domain="naval", returns=False))
    asset = rules.assets.assets[0]
    state = dispatch(rules.assets, asset, asset_states(rules)["stuka"], 2, Dice(0))
    assert state.gone
    late = availability(rules.assets, asset, state, 10)
    assert not late.ready and late.turns_left is None


def test_ot12_availability_by_turn_between_arrival_and_withdrawal() -> None:
    rules = _rules(_asset(arrives=3, leaves=6))
    asset, states = rules.assets.assets[0], asset_states(rules)
    early = availability(rules.assets, asset, states["stuka"], 1)
    assert not early.ready and early.turns_left == 2 and "arrives" in early.reason
    assert [a.id for a in available(rules, states, "red", 3)] == ["stuka"]
    assert available(rules, states, "red", 6) == []
    assert available(rules, states, "blue", 4) == []


def test_ou15_ow3_at_night_only_capable_assets_at_80_percent_readiness() -> None:
    rules = _rules(
        _asset(),
        _asset(id="owl", night_capable=True),
        _asset(id="tired-owl", night_capable=True, readiness=70),
    )
    states = asset_states(rules)
    assert [a.id for a in available(rules, states, "red", 1, night=True)] == ["owl"]
    assert len(available(rules, states, "red", 1)) == 3


def test_ow11_ow13_night_missions_by_domain() -> None:
    rules = _rules(
        _asset(night_capable=True, missions=["offensive_support", "ground_attack"]),
        _asset(id="monitor", domain="naval", night_capable=True, missions=["counter_air"]),
    )
    table = rules.assets
    stuka, monitor = table.assets
    states = asset_states(rules)
    assert "OW11" in mission_refusal(
        table, stuka, states["stuka"], "offensive_support", 1, night=True
    )
    assert mission_refusal(table, stuka, states["stuka"], "ground_attack", 1, night=True) == ""
    assert "OW13" in mission_refusal(
        table, monitor, states["monitor"], "counter_air", 1, night=True
    )
    assert "does not fly" in mission_refusal(table, stuka, states["stuka"], "recon", 1)


def test_oa7_oa10_counter_air_and_interdiction_need_half_readiness_and_strength() -> None:
    rules = _rules(
        _asset(missions=["counter_air", "interdiction"]),
        _asset(id="worn", missions=["counter_air"], strength=40),
        air_superiority=[{"side": "red", "value": 2}],
    )
    table = rules.assets
    fit, worn = table.assets
    states = asset_states(rules)
    assert mission_refusal(table, fit, states["stuka"], "interdiction", 1) == ""
    assert "50%" in mission_refusal(table, worn, states["worn"], "counter_air", 1)
    # OA7, OA8: the worn asset does not count; superiority counts as 2 more.
    assert counter_air(rules, "red", [fit, worn], states) == 3
    assert counter_air(rules, "blue", [], states) == 0


def test_oa9_oa10_net_advantage_cancels_interdiction_and_the_table_is_read() -> None:
    rules = _rules()
    assert net_advantage(4 + 2, 4) == 2  # the manual's case: 4 assigned + 2 superiority vs 4
    assert interdiction_row(rules, 2, 2) is None
    row = interdiction_row(rules, 3, 1)
    assert row is not None and (row.fuel, row.ammo, row.loc_cut) == (8, 5.5, 10)
    last = interdiction_row(rules, 14, 0)
    assert last is not None and last.loc_cut == 50  # 10+ reads the last row


def test_oa11_a_half_point_is_an_even_chance_of_one_more() -> None:
    row = InterdictionRow(fuel=8, ammo=5.5, personnel=3, equipment=5, loc_cut=10)
    dice = Dice(3)
    ammo = [interdiction_losses(row, dice).ammo for _ in range(2000)]
    assert set(ammo) == {5.0, 6.0}
    assert 0.4 < ammo.count(6.0) / len(ammo) < 0.6
    assert interdiction_losses(row, dice).fuel == 8


def test_oa3_assets_recover_like_ground_units_of_their_quality_halved_in_mud() -> None:
    rules = _rules(_asset(quality="veteran"))
    asset: Asset = rules.assets.assets[0]
    state = AssetState("stuka", 50.0, 100.0)
    assert recover(rules, asset, state).readiness == 74.0  # veteran: 24 a turn
    assert recover(rules, asset, state, weather=0.5).readiness == 62.0
    assert recover(rules, asset, AssetState("stuka", 90.0, 100.0)).readiness == 100.0
    flown = dispatch(rules.assets, asset, AssetState("stuka", 50.0, 100.0), 1, Dice(0))
    assert flown.readiness == 40.0  # a mission's readiness cost


def test_os15_air_supply_needs_an_own_airfield_the_air_edge_and_no_enemy_aa() -> None:
    b = CommandBuilder(4, 1)
    b.supply_source("c1r1")
    b.supply_source("c3r1", kind="airfield", range=2)
    b.table("assets", assets=[_asset(id="ju52", missions=["air_supply"])])
    board, _ = b.board_and_units()
    rules = board.rules
    ju52 = rules.assets.assets[0]

    def refusal(hex_id: str, own: int = 1, enemy: int = 1, aa: bool = False) -> str:
        return air_supply_refusal(
            rules, ju52, hex_id, "red", own_counter_air=own, enemy_counter_air=enemy,
            under_enemy_aa=aa,
        )  # fmt: skip

    assert refusal("c3r1") == ""
    assert "airfield" in refusal("c1r1")  # a supply source, not an airfield
    assert "counter-air" in refusal("c3r1", own=1, enemy=2)
    assert "AA" in refusal("c3r1", aa=True)
    assert "no supply" in air_supply_refusal(
        rules, rules.assets.assets[0].model_copy(update={"missions": ["recon"]}), "c3r1", "red",
        own_counter_air=0, enemy_counter_air=0, under_enemy_aa=False,
    )  # fmt: skip
