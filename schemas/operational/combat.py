"""Combat tables of the operational family: odds, shifts, intensity, results (OC5-OC20).

The manual prints neither the ground combat results table nor the intensity formula; the
defaults here are Salient's own (docs/rules-operational.md, "Choices"), kept as data so that a
modder can replace them.
"""

from __future__ import annotations

import math
from typing import Literal, get_args

from pydantic import Field, model_validator

from ..base import StrictModel
from .numbers import OddsRatio, Percent, Share, ShiftSize, TableMultiplier

Intensity = Literal["very_low", "low", "medium", "high", "extreme"]
"""OC15: the five battle intensities, lowest first."""

INTENSITIES: tuple[Intensity, ...] = get_args(Intensity)


def default_odds_columns() -> list[float]:
    """The columns of the default results table, 1:5 to 10:1."""
    return [0.2, 0.25, 1 / 3, 0.5, 2 / 3, 1.0, 1.5, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0]


class CrtCell(StrictModel):
    """OC17: one result: the damage each side takes, in percent, at medium intensity."""

    attacker: Percent
    """Damage to every attacking unit."""
    defender: Percent
    """Damage to every defending unit."""


def _cell(ratio: float, die: int) -> CrtCell:
    # Salient's own table: damage grows with the log of the odds for the defender and falls
    # with it for the attacker; each pip of the die moves 4 points toward the side it favours.
    swing = 4.0 * (die - 3.5)
    step = math.log2(ratio)
    defender = min(60.0, max(0.0, 12.0 + 14.0 * step + swing))
    attacker = min(60.0, max(0.0, 12.0 - 10.0 * step - swing))
    return CrtCell(attacker=round(attacker), defender=round(defender))


def default_results() -> list[list[CrtCell]]:
    return [[_cell(ratio, die) for ratio in default_odds_columns()] for die in range(1, 7)]


class ResultsTable(StrictModel):
    """OC17: the ground combat results table: one row per face of a D6 (1 best for the
    defender, 6 best for the attacker), one column per odds ratio; the final odds read the
    highest column they reach (the lowest column below it)."""

    columns: list[OddsRatio] = Field(default_factory=default_odds_columns, min_length=1)
    """Odds of each column, increasing (0.5 is 1:2)."""
    rows: list[list[CrtCell]] = Field(default_factory=default_results, min_length=6, max_length=6)
    """Six rows (die 1 to 6), each with one cell per column."""

    @model_validator(mode="after")
    def _shape(self) -> ResultsTable:
        if any(b <= a for a, b in zip(self.columns, self.columns[1:], strict=False)):
            raise ValueError("the odds columns must increase")
        for face, row in enumerate(self.rows, start=1):
            if len(row) != len(self.columns):
                raise ValueError(
                    f"row {face} has {len(row)} cells but there are {len(self.columns)} columns"
                )
        return self


class IntensityRules(StrictModel):
    """OC15: the battle's intensity. Base level = quality weight x the attackers' average
    quality level (0-4) + readiness weight x their average readiness (%), rounded down and kept
    within the five levels (choice: regular at full readiness fights at high, at 75% at
    medium)."""

    quality_weight: TableMultiplier = 0.5
    """Levels per quality level of the attackers' average."""
    readiness_weight: TableMultiplier = 0.02
    """Levels per readiness point of the attackers' average."""
    assault: int = Field(default=1, ge=-4, le=4)
    """OO7: levels added by an Assault order."""
    move_battle: int = Field(default=-1, ge=-4, le=4)
    """OC28: levels added in a move battle."""
    night: int = Field(default=1, ge=-4, le=4)
    """OW6: levels added at night."""
    losses: list[TableMultiplier] = Field(
        default_factory=lambda: [0.25, 0.5, 1.0, 1.5, 2.0], min_length=5, max_length=5
    )
    """Damage multiplier per level, very low to extreme (choice)."""


class ReadinessFactors(StrictModel):
    """OU6: what readiness does to a unit's values. At 100% nothing; at 0% each value is
    multiplied by the figure below; in between linearly (choice)."""

    attack_at_zero: Share = 0.34
    """Attack multiplier at 0% readiness (cut by 66%)."""
    defence_at_zero: Share = 0.5
    """Defence multiplier at 0% readiness."""
    movement_at_zero: Share = 0.5
    """MP multiplier at 0% readiness."""


class ShockRules(StrictModel):
    """OC13: the usable shock of a unit falls with readiness, strength and a cut LOC."""

    halved_below: Percent = 30.0
    """Shock halves when readiness or strength is below this."""
    lost_below: Percent = 10.0
    """Shock is 0 when readiness or strength is below this."""
    shift_per_point: ShiftSize = 1.0
    """OC11: odds shifts per point of shock difference."""


class ShiftRules(StrictModel):
    """OC6-OC10: odds shifts."""

    quality_per_level: ShiftSize = 1.0
    """OC7: shifts per level of average quality difference (choice: one per level)."""
    meeting_engagement_quality: TableMultiplier = 2.0
    """OC29: the quality shift is multiplied by this in a meeting engagement."""
    flank: ShiftSize = 1.0
    """OC8: attackers from more than one hex."""
    rear: ShiftSize = 2.0
    """OC8: attackers from two opposite hexsides of the target (choice for "the rear")."""
    engineer_per_unit: ShiftSize = 1.0
    """OC10: per combat engineer attacking a town, city or fort hex."""
    engineer_max: ShiftSize = 2.0
    """OC10: at most this many engineer shifts."""
    engineer_min_share: Share = 0.3
    """OC10: an engineer counts when its effective attack is at least this share of its
    printed attack."""
    support_returns: bool = True
    """OC9: several support shifts on one side count with falling returns (strongest whole,
    next half, then a third...)."""


class DamageRules(StrictModel):
    """OC18, OC19: how a result's percentage reaches units."""

    hold_at_all_costs: TableMultiplier = 1.2
    """OC19, OC24: the defender's damage under Hold at all costs."""
    dug_in_defence: TableMultiplier = 1.25
    """OU11: defence of a dug-in unit."""


class LocEffects(StrictModel):
    """Table OQ9, OS12: attack and defence by line-of-communication state (at Basic and
    Move+ supply)."""

    supported: TableMultiplier = 1.0
    """Supported."""
    extended: TableMultiplier = 0.75
    """Extended."""
    isolated: TableMultiplier = 0.5
    """Isolated."""
    encircled: TableMultiplier = 0.5
    """Encircled."""


class SupplyEffects(StrictModel):
    """OS6: Combat+ supply."""

    combat_plus_attack: TableMultiplier = 2.0
    """Attack of a unit whose HQ bought Combat+."""
    combat_plus_artillery: TableMultiplier = 4.0
    """Attack of an artillery unit whose HQ bought Combat+."""


class CombatRules(StrictModel):
    """OC5-OC20: everything a battle reads."""

    results: ResultsTable = Field(default_factory=ResultsTable)
    """OC17: the ground combat results table."""
    intensity: IntensityRules = Field(default_factory=IntensityRules)
    """OC15: intensity."""
    shifts: ShiftRules = Field(default_factory=ShiftRules)
    """OC6-OC10: the size of each odds shift."""
    shock: ShockRules = Field(default_factory=ShockRules)
    """OC11-OC13: shock."""
    damage: DamageRules = Field(default_factory=DamageRules)
    """OC18, OC19: damage."""
    readiness: ReadinessFactors = Field(default_factory=ReadinessFactors)
    """OU6: readiness and values."""
    loc: LocEffects = Field(default_factory=LocEffects)
    """OS12: line of communication and values."""
    supply: SupplyEffects = Field(default_factory=SupplyEffects)
    """OS6: Combat+."""
