"""The log records the operational rules write, as TypedDicts (what a view or the film reads).

Records are plain JSON dicts with a ``type``; a caller adds the turn and side it keeps.
"""

from __future__ import annotations

from typing import Literal, TypedDict


class OpShiftRecord(TypedDict):
    kind: str
    item: str
    value: int
    detail: str


class OpUnitResultRecord(TypedDict):
    unit: str
    side: str
    damage: float
    """Percent damage taken (after intensity, quality and orders)."""
    readiness_before: float
    readiness_after: float
    strength_before: float
    strength_after: float
    shock_before: float
    """Usable attacking shock before the battle (OC13)."""
    shock_after: float
    destroyed: bool
    men_before: int
    """OF6: the men it stood for before the battle (:mod:`.establishment`), and after (0
    once destroyed); guns and vehicles likewise."""
    men_after: int
    guns_before: int
    guns_after: int
    vehicles_before: int
    vehicles_after: int


class OpFireRecord(TypedDict):
    """OC2, OC33: one artillery unit's fire in a battle."""

    unit: str
    side: str
    factor: float
    """Its effective attack."""
    multiplier: float
    """OC32: Table OC32's value (offensive fire), 1 for defensive fire."""


class OpBattleRecord(TypedDict):
    """OF6: one battle of the operational rules, resolved."""

    type: Literal["op_battle"]
    target: str
    """The attacked hex's id."""
    kind: str
    order: str
    attack_total: float
    defence_total: float
    attack_integrity: float
    """OC4: the attackers' integrity multiplier (1 when not played)."""
    defence_integrity: float
    overlay: str
    """OH8: ``fort`` or ``entrenchment`` of the defenders' side in the hex, or empty."""
    basic_odds: float
    shifts: list[OpShiftRecord]
    final_odds: float
    column_odds: float
    intensity: str
    die: int
    attacker_damage: float
    """Percent from the table, before intensity and quality."""
    defender_damage: float
    units: list[OpUnitResultRecord]
    attack_artillery: float
    """OC2, OF6: the artillery units' fire in the attack total."""
    defence_artillery: float
    """OC2, OF6: the artillery units' fire in the defence total."""
    attack_naval: float
    """OA13, OF6: the naval fire in the attack total."""
    defence_naval: float
    """OA13, OF6: the naval fire in the defence total."""
    artillery: list[OpFireRecord]
    """OC33: every artillery unit that fired in the battle, either side."""
