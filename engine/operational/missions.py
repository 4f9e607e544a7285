"""What assets' missions do (OA4-OA6, OA9, OA13, OA14, OC9, OC31, OC32, OC34, OC35): AA fire
at air assets, fire factors and support shifts with falling returns, bombardment losses.

Pure rules: no game, no log. :mod:`engine.wego.op.assets` gives the missions in a plan and
carries them out with these.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from schemas.operational.assets import AaResult, Asset, AssetRules, Mission
from schemas.operational.units import QUALITY_LEVELS

from ..dice import Dice
from .board import OpBoard
from .units import OpUnit, stacking_points

TARGETED: tuple[Mission, ...] = (
    "offensive_support",
    "defensive_support",
    "ground_attack",
    "command",
    "air_supply",
    "recon",
    "intelligence",
    "logistics",
)
"""Missions flown at a hex: support of an attack on it or of its defence, its bombardment
(OC31), a command asset's shifts (OA14), supplies flown to an airfield (OS15), a recon or
intelligence collection around it (OA12, OI7), supply levels brought to the units around
it (OS16)."""

WIDE: tuple[Mission, ...] = ("counter_air", "interdiction")
"""Missions over the whole front, with no target hex (OA7-OA11)."""

PLAYED: tuple[Mission, ...] = TARGETED + WIDE
"""The missions a plan may give: every mission of the format."""


@dataclass(frozen=True)
class AaShot:
    """OC34: AA fire at one air asset."""

    aa: float
    """The AA points that fired."""
    odds: float
    """AA points : the asset's AA defence."""
    column: int
    """-1: below the table's first column (no fire)."""
    roll: int
    """The D6 (-1: no roll)."""
    row: int
    """The row read after the quality shift (0: top, most favourable to the guns)."""
    result: AaResult
    damage: float
    """Strength % the asset loses."""

    @property
    def factor(self) -> float:
        """What is left of the asset's value: 1, a half, or nothing."""
        return {"none": 1.0, "halved": 0.5, "aborted": 0.0}[self.result]


def aa_points(
    board: OpBoard,
    hex_units: Iterable[OpUnit],
    heavy_nearby: Iterable[OpUnit],
    *,
    advantage: int = 0,
    defensive: bool = False,
) -> float:
    """OC35: the AA of a hex: every ground unit its SP, light AA three times, heavy AA four
    times (``heavy_nearby``: heavy AA of the same side in the adjacent hexes, which covers
    this one), plus the side's net counter-air advantage (OA9); against defensive ground
    support everything but heavy AA fires at half."""
    table = board.rules.assets.aa
    rules = board.rules
    light = 0.0
    heavy = 0.0
    for unit in hex_units:
        sp = stacking_points(rules, unit)
        if unit.category == "heavy_aa":
            heavy += table.heavy_aa * sp
        elif unit.category == "aa":
            light += table.light_aa * sp
        else:
            light += table.ground_unit * sp
    heavy += sum(table.heavy_aa * stacking_points(rules, u) for u in heavy_nearby)
    light += advantage
    if defensive:
        light *= table.defensive_support
    return light + heavy


def aa_fire(table: AssetRules, asset: Asset, aa: float, ground_level: float, dice: Dice) -> AaShot:
    """OC34, Table OC35: the hex's AA fires at ``asset``: odds of ``aa`` to its AA defence,
    a D6 for the row (1: the top row), moved ``quality_rows`` toward the guns per quality
    level the ground side (``ground_level``, its average level) is better than the asset."""
    rows = table.aa.rows
    columns = table.aa.columns
    if aa <= 0 or not rows:
        return AaShot(aa, 0.0, -1, -1, -1, "none", 0.0)
    odds = aa / asset.aa_defence if asset.aa_defence > 0 else columns[-1]
    column = max((i for i, c in enumerate(columns) if c <= odds + 1e-9), default=-1)
    if column < 0:
        return AaShot(aa, odds, -1, -1, -1, "none", 0.0)
    roll = dice.below(6) + 1
    edge = ground_level - QUALITY_LEVELS[asset.quality]
    row = roll - 1 - math.floor(edge * table.aa.quality_rows + 1e-9)
    row = min(max(row, 0), len(rows) - 1)
    cell = rows[row][column]
    return AaShot(aa, odds, column, roll, row, cell.result, cell.damage)


def falling_returns(values: Sequence[float]) -> float:
    """OC9, OA6: the strongest value whole, the next half, then a third, a quarter..."""
    return sum(v / (n + 1) for n, v in enumerate(sorted(values, reverse=True)))


def fire_multiplier(table: AssetRules, level: float) -> float:
    """Table OC32: offensive fire by the average FOW level of the target hex, rounded
    down; levels past the table read its last entry."""
    values = table.bombardment.fire_multiplier
    return values[min(max(math.floor(level + 1e-9), 0), len(values) - 1)]


def bombardment_loss(table: AssetRules, points: float, protection: int, roll: int) -> float:
    """OC31, OH10: readiness % lost by each unit of a bombarded hex: the roll (1 to the die's
    faces) plus the terrain's protection (0 to -2) picks the row, at least 1; row ``r`` takes
    ``r / (faces + 1) * 2`` times ``points x readiness_per_point`` (the average roll in the
    open: once), never more than ``max_loss`` (the table is an open point: choice)."""
    rules = table.bombardment
    row = max(1, roll + protection)
    loss = points * rules.readiness_per_point * row * 2 / (rules.die_faces + 1)
    return min(rules.max_loss, max(0.0, loss))
