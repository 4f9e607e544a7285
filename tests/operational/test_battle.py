"""Resolving an attack: the die on the results table (OC17), intensity (OC15), damage split
between readiness and strength (OC18), quality and orders (OC19), destruction (OC20), and
readiness and shock after the battle (OC13, OU18), with the game's die and event log."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.dice import Dice
from engine.errors import IllegalAction
from engine.log import EventLog
from engine.operational import AttackSpec, OpBoard, OpUnit, apply_damage, resolve_attack
from engine.operational.battle import BattleResult
from tests.operational.builder import OpBuilder


def _fight(
    b: OpBuilder, attackers: tuple[str, ...], target: str, seed: int = 1, **spec: object
) -> tuple[OpBoard, dict[str, OpUnit], BattleResult, EventLog]:
    board, units = b.board_and_units()
    log = EventLog()
    result = resolve_attack(
        board,
        units,
        AttackSpec(attackers, board.index(target), **spec),
        Dice(seed),
        log,  # type: ignore[arg-type]
    )
    return board, units, result, log


def _lane() -> OpBuilder:
    b = OpBuilder(4, 1)
    b.unit("tank", "armour", "c2r1")
    b.unit("foe", "inf", "c3r1", nation="blueland")
    return b


def test_oc17_the_die_reads_the_results_table_at_the_final_column_and_intensity() -> None:
    board, _, result, log = _fight(_lane(), ("tank",), "c3r1", seed=4)
    preview = result.preview
    table = board.rules.combat.results
    cell = table.rows[result.die - 1][preview.column]
    assert (result.attacker_damage, result.defender_damage) == (cell.attacker, cell.defender)
    losses = board.rules.combat.intensity.losses[
        ["very_low", "low", "medium", "high", "extreme"].index(preview.intensity)
    ]
    foe = next(d for d in result.damage if d.unit == "foe")
    assert foe.percent == pytest.approx(cell.defender * losses)
    [record] = log.of_type("op_battle")
    assert record["die"] == result.die and record["target"] == "c3r1"
    assert [s["kind"] for s in record["shifts"]] == [s.kind for s in preview.shifts]
    assert {u["unit"] for u in record["units"]} == {"tank", "foe"}


def test_oc17_the_same_seed_gives_the_same_battle() -> None:
    first = _fight(_lane(), ("tank",), "c3r1", seed=9)[3]
    second = _fight(_lane(), ("tank",), "c3r1", seed=9)[3]
    assert first.jsonl() == second.jsonl()
    dice = {_fight(_lane(), ("tank",), "c3r1", seed=s)[2].die for s in range(30)}
    assert dice == {1, 2, 3, 4, 5, 6}


def test_oc18_damage_splits_by_readiness_share() -> None:
    b = OpBuilder(3, 1)
    b.unit("u", "inf", "c1r1", readiness=90)
    b.unit("half", "inf", "c1r1", readiness=50)
    board, units = b.board_and_units()
    after, damage = apply_damage(board.rules, units["u"], 10)
    assert (damage.readiness_lost, damage.strength_lost) == pytest.approx((9, 1))
    assert (after.readiness, after.strength) == pytest.approx((81, 99))
    after, damage = apply_damage(board.rules, units["half"], 30)
    assert (damage.readiness_lost, damage.strength_lost) == pytest.approx((15, 15))


def test_oc20_a_unit_dies_when_readiness_and_strength_fall_below_its_quality_threshold() -> None:
    b = OpBuilder(3, 1)
    b.unit("reg", "inf", "c1r1", readiness=20, strength=20)
    b.unit("elite", "inf", "c1r1", readiness=20, strength=20, quality="elite")
    board, units = b.board_and_units()
    _, regular = apply_damage(board.rules, units["reg"], 10)  # readiness 18, strength 12
    assert not regular.destroyed
    _, regular = apply_damage(board.rules, units["reg"], 30)  # readiness 14, strength 0
    assert regular.destroyed
    _, elite = apply_damage(board.rules, units["elite"], 30)  # elite holds until 5%
    assert not elite.destroyed


def test_oc19_better_quality_takes_less_and_hold_at_all_costs_more() -> None:
    def defender_damage(quality: str, **spec: object) -> float:
        b = OpBuilder(4, 1)
        b.unit("tank", "armour", "c2r1")
        b.unit("foe", "inf", "c3r1", nation="blueland", quality=quality)
        result = _fight(b, ("tank",), "c3r1", seed=3, **spec)[2]
        table = result.defender_damage
        return next(d.percent for d in result.damage if d.unit == "foe") / max(table, 1e-9)

    assert defender_damage("elite") < defender_damage("regular") < defender_damage("conscript")
    assert defender_damage("regular", hold_at_all_costs=True) == pytest.approx(
        1.2 * defender_damage("regular")
    )


def test_ou18_readiness_and_shock_after_combat_are_recorded() -> None:
    b = OpBuilder(4, 1)
    b.unit("tank", "armour", "c2r1")
    b.unit("foe", "inf", "c3r1", nation="blueland", quality="elite", echelon="regiment")
    b.unit("foe2", "inf", "c4r1", nation="blueland")
    # Weak odds and a grinding assault: the attacker pays.
    board, units = b.board_and_units()
    weak = {**units, "tank": replace(units["tank"], readiness=35, strength=40)}
    log = EventLog()
    result = None
    for seed in range(20):
        result = resolve_attack(
            board,
            weak,
            AttackSpec(("tank",), board.index("c3r1"), order="assault"),
            Dice(seed),
            log,
        )
        if result.units["tank"].readiness < 30:
            break
    assert result is not None
    tank = next(u for u in result.record["units"] if u["unit"] == "tank")
    assert tank["readiness_before"] == 35 and tank["readiness_after"] < 30
    assert tank["shock_before"] == 4 and tank["shock_after"] == 2  # OC13: halved
    assert units["tank"].readiness == 100  # the caller's units are not changed


def test_a_refused_attack_rolls_nothing_and_logs_nothing() -> None:
    board, units = _lane().board_and_units()
    dice, log = Dice(5), EventLog()
    before = dice.state()
    with pytest.raises(IllegalAction):
        resolve_attack(board, units, AttackSpec(("tank",), board.index("c1r1")), dice, log)
    assert dice.state() == before and len(log) == 0
