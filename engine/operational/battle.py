"""Resolving an attack (OC17-OC20): the die on the results table, intensity, damage to every
unit, destruction, and one ``op_battle`` record in the log.

The result says what each unit lost and which were destroyed, and the caller keeps the units;
what follows (retreats, holds, advances: OC21-OC24, OC27) is :mod:`.aftercombat`'s.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from schemas.operational.combat import INTENSITIES

from ..dice import Dice
from ..log import EventLog
from .board import OpBoard
from .establishment import establishment
from .odds import AttackSpec, OddsPreview, odds_preview
from .readiness import Damage, apply_damage
from .records import OpBattleRecord, OpFireRecord, OpUnitResultRecord
from .units import OpUnit, attack_shock

DIE_FACES = 6
"""OC17: the ground combat die is a D6 whatever the scenario's own die."""


@dataclass(frozen=True)
class BattleResult:
    """What a battle did."""

    preview: OddsPreview
    die: int
    """1 to 6: 1 best for the defender, 6 best for the attacker."""
    attacker_damage: float
    """Percent read on the table, before intensity and quality."""
    defender_damage: float
    units: dict[str, OpUnit]
    """Every unit that fought, after the battle (destroyed ones included, as they ended)."""
    damage: tuple[Damage, ...]
    destroyed: tuple[str, ...]
    record: OpBattleRecord


def resolve_attack(
    board: OpBoard,
    units: Mapping[str, OpUnit],
    spec: AttackSpec,
    dice: Dice,
    log: EventLog | None = None,
) -> BattleResult:
    """Resolve ``spec``: checks it (``IllegalAction`` before any roll), rolls one D6 with the
    game's die, applies the damage and logs the battle. ``units`` is not changed."""
    preview = odds_preview(board, units, spec)
    rules = board.rules
    combat = rules.combat
    die = dice.below(DIE_FACES) + 1
    cell = combat.results.rows[die - 1][preview.column]
    intensity = combat.intensity.losses[INTENSITIES.index(preview.intensity)]
    fighters = [units[r.unit] for r in preview.attackers] + [
        units[r.unit] for r in preview.defenders
    ]
    attacking = {r.unit for r in preview.attackers}
    after: dict[str, OpUnit] = {}
    damages: list[Damage] = []
    lines: list[OpUnitResultRecord] = []
    for unit in fighters:
        base = cell.attacker if unit.id in attacking else cell.defender
        percent = base * intensity * rules.quality.of(unit.quality).damage
        if unit.id not in attacking and spec.hold_at_all_costs:
            percent *= combat.damage.hold_at_all_costs
        if unit.id not in attacking and spec.withdrawing:
            percent *= rules.after_combat.withdraw_damage  # OC25: lighter losses
        changed, damage = apply_damage(rules, unit, percent)
        after[unit.id] = changed
        damages.append(damage)
        had = establishment(rules, unit)
        kept = establishment(rules, changed, 0.0 if damage.destroyed else None)
        lines.append(
            OpUnitResultRecord(
                unit=unit.id,
                side=unit.side,
                damage=round(percent, 4),
                readiness_before=unit.readiness,
                readiness_after=round(changed.readiness, 4),
                strength_before=unit.strength,
                strength_after=round(changed.strength, 4),
                shock_before=attack_shock(rules, unit),
                shock_after=0.0 if damage.destroyed else attack_shock(rules, changed),
                destroyed=damage.destroyed,
                men_before=had.men,
                men_after=kept.men,
                guns_before=had.guns,
                guns_after=kept.guns,
                vehicles_before=had.vehicles,
                vehicles_after=kept.vehicles,
            )
        )
    record = OpBattleRecord(
        type="op_battle",
        target=board.hex_ids[spec.target],
        kind=spec.kind,
        order=spec.order,
        attack_total=round(preview.attack_total, 4),
        defence_total=round(preview.defence_total, 4),
        attack_integrity=round(spec.attack_integrity, 4),
        defence_integrity=round(spec.defence_integrity, 4),
        overlay=spec.overlay,
        basic_odds=round(preview.basic_odds, 4),
        shifts=[
            {"kind": s.kind, "item": s.item, "value": s.value, "detail": s.detail}
            for s in preview.shifts
        ],
        final_odds=round(preview.final_odds, 4),
        column_odds=round(preview.column_odds, 4),
        intensity=preview.intensity,
        die=die,
        attacker_damage=cell.attacker,
        defender_damage=cell.defender,
        units=lines,
        attack_artillery=round(preview.attack_artillery, 4),
        defence_artillery=round(preview.defence_artillery, 4),
        attack_naval=round(spec.attack_fire, 4),
        defence_naval=round(spec.defence_fire, 4),
        artillery=[
            OpFireRecord(
                unit=f.unit,
                side=f.side,
                factor=round(f.factor, 4),
                multiplier=round(f.multiplier, 4),
            )
            for f in spec.attack_artillery + spec.defence_artillery
        ],
    )
    if log is not None:
        log.add(dict(record))
    destroyed = tuple(d.unit for d in damages if d.destroyed)
    return BattleResult(
        preview, die, cell.attacker, cell.defender, after, tuple(damages), destroyed, record
    )
