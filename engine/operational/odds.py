"""Odds of an attack (OC2-OC15): effective factors, basic odds, every shift, final odds,
the results column and the intensity, without rolling anything.

:func:`odds_preview` is what the game view shows before an attack is sealed and what
:func:`~engine.operational.battle.resolve_attack` resolves, so the two never disagree.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

from schemas.operational.combat import INTENSITIES, Intensity
from schemas.operational.integrity import OverlayEffect
from schemas.operational.terrain import HexsideEffect
from schemas.operational.units import QUALITY_LEVELS

from ..errors import IllegalAction
from .artillery import Fire, artillery_intensity, intensity_name
from .board import OpBoard
from .units import OpUnit, readiness_factor, stacking_points, usable_shock

BattleKind = Literal["set_piece", "move_battle", "meeting"]
"""OC1: a planned battle, a move battle (OC28) or a meeting engagement (OC29)."""

OffensiveOrder = Literal["attack", "assault", "attack_no_advance"]
"""OO7: the attackers' order."""


@dataclass(frozen=True)
class AttackSpec:
    """An attack as a plan gives it: who attacks which hex, and how."""

    attackers: tuple[str, ...]
    """Ids of the attacking units, each next to the target."""
    target: int
    """Index of the attacked hex."""
    order: OffensiveOrder = "attack"
    kind: BattleKind = "set_piece"
    night: bool = False
    hold_at_all_costs: bool = False
    """OO8: the defenders' order is Hold at all costs (OC19: more damage)."""
    withdrawing: bool = False
    """OC25: the defenders slip away as the battle is fought (they take the share
    ``after_combat.withdraw_damage`` of its damage)."""
    attack_integrity: float = 1.0
    """OC4: the attackers' organisational integrity (multiplies their total)."""
    defence_integrity: float = 1.0
    """OC4: the defenders'."""
    overlay: Literal["", "fort", "entrenchment"] = ""
    """OH3, OH8: a fort or entrenchment of the defenders' side in the target hex (their
    defence multiplier is the better of the terrain's and the overlay's; no shock)."""
    attack_support: tuple[float, ...] = ()
    """OC9: odds shifts of the command assets and air support helping the attack."""
    defence_support: tuple[float, ...] = ()
    """OC9: the same helping the defence (they subtract)."""
    combat_plus: frozenset[str] = field(default_factory=frozenset)
    """OS6: ids of attackers whose HQ bought Combat+."""
    attack_fire: float = 0.0
    """OC2, OA13: fire factors of the naval (and artillery) support of the attack, added to
    the attack total after organisational integrity (choice)."""
    defence_fire: float = 0.0
    """OC2, OA13: the same for the defence."""
    attack_artillery: tuple[Fire, ...] = ()
    """OC2, OC33: the artillery units firing in support of the attack (offensive fire, each
    already times Table OC32)."""
    defence_artillery: tuple[Fire, ...] = ()
    """OC2, OC33: the artillery units firing in support of the defence (x1)."""


@dataclass(frozen=True)
class UnitFactor:
    """OC3: one unit's effective factor and each multiplier that made it."""

    unit: str
    printed: float
    strength: float
    readiness: float
    loc: float
    supply: float
    terrain: float
    hexside: float
    dug_in: float
    effective: float


@dataclass(frozen=True)
class Shift:
    """One odds shift: what gives it (a checklist item), its size, and why."""

    kind: str
    """``quality``, ``flank``, ``rear``, ``engineers``, ``shock``, ``attack_support`` or
    ``defence_support``."""
    item: str
    """The checklist id of the rule."""
    value: int
    detail: str


@dataclass(frozen=True)
class OddsPreview:
    """Everything about an attack's odds, before the die (OF6's breakdown)."""

    attack_total: float
    defence_total: float
    basic_odds: float
    shifts: tuple[Shift, ...]
    total_shift: int
    final_odds: float
    column: int
    """Index of the results column the final odds read (OC17)."""
    column_odds: float
    intensity: Intensity
    attacker_shock: float
    defender_shock: float
    attackers: tuple[UnitFactor, ...]
    defenders: tuple[UnitFactor, ...]
    attack_artillery: float = 0.0
    """OC2, OF6: the fire of the artillery units supporting the attack, in its total."""
    defence_artillery: float = 0.0
    """OC2, OF6: the same for the defence."""

    @property
    def basic_text(self) -> str:
        return odds_text(self.basic_odds)

    @property
    def final_text(self) -> str:
        return odds_text(self.final_odds)


def odds_text(ratio: float) -> str:
    """A ratio as players read it: 6.7:1, 1:1.3 (one decimal, rounded down, OC5)."""
    if ratio >= 1:
        return f"{_down(ratio)}:1"
    return f"1:{_down(1 / ratio)}"


def _down(value: float) -> str:
    text = f"{math.floor(value * 10 + 1e-9) / 10:.1f}"
    return text[:-2] if text.endswith(".0") else text


def shifted(ratio: float, shifts: int) -> float:
    """OC6: move a ratio by whole shifts. At or above 1:1 one shift adds 1 to the first
    number (2:1 -> 3:1); below, it takes 1 from the second (1:3 -> 1:2); through 1:1 the
    two join, so 1:1.3 with +6 gives 6.7:1 (the manual's worked battle). Choice for the open
    point of shifts below 1:1."""
    position = ratio - 1 if ratio >= 1 else 1 - 1 / ratio
    position += shifts
    return position + 1 if position >= 0 else 1 / (1 - position)


def _round(value: float) -> int:
    """Shifts count whole: half away from zero (choice)."""
    return int(math.copysign(math.floor(abs(value) + 0.5), value))


def _defence_terrain(terrain: float, overlay: OverlayEffect | None) -> float:
    """OH3, OH8: the defenders' terrain multiplier; with their fort or entrenchment, the
    better of the terrain's and the overlay's (choice: they do not multiply)."""
    return terrain if overlay is None else max(terrain, overlay.defence)


def odds_preview(board: OpBoard, units: Mapping[str, OpUnit], spec: AttackSpec) -> OddsPreview:
    """The odds of ``spec`` with every shift listed; :class:`IllegalAction` when the attack
    cannot be made (an attacker not next to the target, no enemy in it...)."""
    rules = board.rules
    attackers = _attackers(board, units, spec)
    side = attackers[0].side
    defenders = [u for u in units.values() if u.hex == spec.target and u.side != side]
    if not defenders:
        raise IllegalAction("no enemy unit holds the target hex")
    terrain = board.terrain(spec.target)
    if terrain is None:
        raise IllegalAction("the target hex's terrain has no row in the operational table")
    no_terrain = spec.kind == "meeting"  # OC29: no terrain for either side
    overlay = getattr(rules.forts, spec.overlay) if spec.overlay else None
    is_open = terrain.open and overlay is None  # OH3: a fort or entrenchment denies shock
    engineer_target = terrain.engineer_target or (overlay is not None and overlay.engineer_target)
    combat = rules.combat
    crossing = {u.id: board.feature(_side(board, u.hex, spec.target)) for u in attackers}

    attack_rows = []
    for u in attackers:
        supply = 1.0
        if u.id in spec.combat_plus:
            supply = (
                combat.supply.combat_plus_artillery
                if u.category == "artillery"
                else combat.supply.combat_plus_attack
            )
        feature = crossing[u.id]
        attack_rows.append(
            _factor(
                u,
                u.attack,
                readiness_factor(combat.readiness.attack_at_zero, u.readiness),
                getattr(combat.loc, u.loc),
                supply,
                1.0 if no_terrain else getattr(terrain.attack, u.column),
                feature.attack if feature is not None else 1.0,
                1.0,
            )
        )
    defence_rows = [
        _factor(
            u,
            u.defence,
            readiness_factor(combat.readiness.defence_at_zero, u.readiness),
            getattr(combat.loc, u.loc),
            1.0,
            1.0 if no_terrain else _defence_terrain(getattr(terrain.defence, u.column), overlay),
            1.0,
            combat.damage.dug_in_defence if u.dug_in else 1.0,
        )
        for u in defenders
    ]
    # OC2, OC3, OC4: the side totals with their artillery's fire, then times each side's
    # organisational integrity (the guns too unless the rules add them after it).
    attack_guns = sum(f.value for f in spec.attack_artillery)
    defence_guns = sum(f.value for f in spec.defence_artillery)
    guns_inside = rules.artillery.integrity
    attack_total = (
        sum(r.effective for r in attack_rows) + (attack_guns if guns_inside else 0.0)
    ) * spec.attack_integrity
    defence_total = (
        sum(r.effective for r in defence_rows) + (defence_guns if guns_inside else 0.0)
    ) * spec.defence_integrity
    attack_total += spec.attack_fire  # OC2, OA13: the ships are not under the units' HQs
    defence_total += spec.defence_fire
    if not guns_inside:
        attack_total += attack_guns
        defence_total += defence_guns
    if attack_total <= 0:
        raise IllegalAction("the attackers have no attack strength")
    # A hex whose defenders have no defence left falls to any attack: read it as the best odds.
    basic = attack_total / defence_total if defence_total > 0 else combat.results.columns[-1]

    shifts: list[Shift] = []
    shifts += _quality_shift(board, spec, attackers, attack_rows, defenders, defence_rows)
    shifts += _flank_shift(board, spec, attackers)
    shifts += _engineer_shift(board, spec, attackers, attack_rows, engineer_target)
    attacker_shock, defender_shock = _shock(board, spec, attackers, defenders, crossing)
    if is_open and (attacker_shock or defender_shock):
        value = _round((attacker_shock - defender_shock) * combat.shock.shift_per_point)
        if value:
            shifts.append(
                Shift(
                    "shock",
                    "OC11",
                    value,
                    f"attacker shock {attacker_shock:g} against defender shock {defender_shock:g}",
                )
            )
    returns = combat.shifts.support_returns
    shifts += _support("attack_support", spec.attack_support, 1, returns)
    shifts += _support("defence_support", spec.defence_support, -1, returns)
    total = sum(s.value for s in shifts)
    final = shifted(basic, total)
    columns = combat.results.columns
    column = max((i for i, c in enumerate(columns) if c <= final + 1e-9), default=0)
    return OddsPreview(
        attack_total,
        defence_total,
        basic,
        tuple(shifts),
        total,
        final,
        column,
        columns[column],
        _intensity(board, spec, attackers, defenders),
        attacker_shock if is_open else 0.0,
        defender_shock if is_open else 0.0,
        tuple(attack_rows),
        tuple(defence_rows),
        attack_guns,
        defence_guns,
    )


def _attackers(board: OpBoard, units: Mapping[str, OpUnit], spec: AttackSpec) -> list[OpUnit]:
    if not spec.attackers:
        raise IllegalAction("an attack needs at least one attacking unit")
    if len(set(spec.attackers)) != len(spec.attackers):
        raise IllegalAction("a unit is listed twice among the attackers")
    found = []
    for unit_id in spec.attackers:
        unit = units.get(unit_id)
        if unit is None:
            raise IllegalAction(f"there is no unit '{unit_id}'")
        if board.hexside(unit.hex, spec.target) is None:
            raise IllegalAction(f"'{unit_id}' is not next to the target hex")
        found.append(unit)
    if len({u.side for u in found}) > 1:
        raise IllegalAction("the attackers belong to different sides")
    return found


def _side(board: OpBoard, a: int, b: int) -> int:
    side = board.hexside(a, b)
    assert side is not None  # checked by _attackers
    return side


def _factor(
    unit: OpUnit,
    printed: float,
    ready: float,
    loc: float,
    supply: float,
    terrain: float,
    hexside: float,
    dug_in: float,
) -> UnitFactor:
    strength = unit.strength / 100.0
    value = printed * strength * ready * loc * supply * terrain * hexside * dug_in
    return UnitFactor(
        unit.id, printed, strength, ready, loc, supply, terrain, hexside, dug_in, value
    )


def _average_level(units: list[OpUnit], rows: list[UnitFactor]) -> float:
    weights = [r.effective for r in rows]
    total = sum(weights)
    levels = [QUALITY_LEVELS[u.quality] for u in units]
    if total <= 0:
        return sum(levels) / len(levels)
    return sum(level * w for level, w in zip(levels, weights, strict=True)) / total


def _quality_shift(
    board: OpBoard,
    spec: AttackSpec,
    attackers: list[OpUnit],
    attack_rows: list[UnitFactor],
    defenders: list[OpUnit],
    defence_rows: list[UnitFactor],
) -> list[Shift]:
    """OC7: attackers' average quality (weighted by effective attack) less the defenders'
    (weighted by effective defence: choice), times the shift per level; doubled in a
    meeting engagement (OC29)."""
    table = board.rules.combat.shifts
    a = _average_level(attackers, attack_rows)
    d = _average_level(defenders, defence_rows)
    size = table.quality_per_level
    if spec.kind == "meeting":
        size *= table.meeting_engagement_quality
    value = _round((a - d) * size)
    if not value:
        return []
    item = "OC29" if spec.kind == "meeting" else "OC7"
    return [Shift("quality", item, value, f"average quality {a:.2f} against {d:.2f}")]


def _flank_shift(board: OpBoard, spec: AttackSpec, attackers: list[OpUnit]) -> list[Shift]:
    """OC8: attackers from more than one hex: flank; from two opposite sides of the target:
    rear (choice for "the rear"), which replaces the flank shift."""
    table = board.rules.combat.shifts
    directions = {board.grid.direction_to(spec.target, u.hex) for u in attackers}
    if len(directions) < 2:
        return []
    if any(d is not None and (d + 3) % 6 in directions for d in directions):
        return [Shift("rear", "OC8", _round(table.rear), "attackers on opposite sides")]
    return [Shift("flank", "OC8", _round(table.flank), f"attackers from {len(directions)} hexes")]


def _engineer_shift(
    board: OpBoard,
    spec: AttackSpec,
    attackers: list[OpUnit],
    rows: list[UnitFactor],
    target_counts: bool,
) -> list[Shift]:
    """OC10, OE1: combat engineers attacking a town or city hex, each still at a share of
    its printed attack."""
    if not target_counts:
        return []
    table = board.rules.combat.shifts
    count = sum(
        1
        for u, r in zip(attackers, rows, strict=True)
        if u.category == "combat_engineer"
        and u.attack > 0
        and r.effective >= table.engineer_min_share * u.attack - 1e-9
    )
    value = _round(min(table.engineer_max, count * table.engineer_per_unit))
    if not value:
        return []
    return [Shift("engineers", "OC10", value, f"{count} combat engineer units")]


def _side_shock(entries: list[tuple[float, bool, float]]) -> float:
    """OC11: the highest value among the side's shock units x their share of its SP."""
    total = sum(sp for _, _, sp in entries)
    counted = [(value, sp) for value, counts, sp in entries if counts]
    if not counted or total <= 0:
        return 0.0
    return max(value for value, _ in counted) * sum(sp for _, sp in counted) / total


def _shock(
    board: OpBoard,
    spec: AttackSpec,
    attackers: list[OpUnit],
    defenders: list[OpUnit],
    crossing: Mapping[str, HexsideEffect | None],
) -> tuple[float, float]:
    """OC11-OC14: each side's shock. An attacker crossing a hexside that denies shock counts
    as a non-shock unit (OC12). Defenders whose type defends with the attacker's shock
    (antitank types) take the attacking side's final shock (choice), within their cap."""
    rules = board.rules
    table = rules.shock
    entries = []
    for u in attackers:
        row = table.of(u.shock)
        feature = crossing[u.id]
        denied = feature is not None and feature.denies_shock
        value = usable_shock(rules, u, row.attack)
        entries.append((value, row.counts and not denied, stacking_points(rules, u)))
    attack = _side_shock(entries)
    entries = []
    for u in defenders:
        row = table.of(u.shock)
        if row.defence is None:
            value = attack if row.defence_cap is None else min(attack, row.defence_cap)
        else:
            value = row.defence
        entries.append((usable_shock(rules, u, value), row.counts, stacking_points(rules, u)))
    return attack, _side_shock(entries)


def _support(kind: str, values: tuple[float, ...], sign: int, returns: bool) -> list[Shift]:
    """OC9: support shifts, the strongest whole, the next half, then a third..."""
    if not values:
        return []
    ordered = sorted(values, reverse=True)
    raw = sum(v / (n + 1) if returns else v for n, v in enumerate(ordered))
    value = sign * _round(raw)
    if not value:
        return []
    return [Shift(kind, "OC9", value, f"{len(values)} supporting assets ({raw:.2f})")]


def _intensity(
    board: OpBoard, spec: AttackSpec, attackers: list[OpUnit], defenders: list[OpUnit]
) -> Intensity:
    """OC15: base from the attackers' average quality and readiness, then the order, the
    kind of battle and night (OW6), then the artillery cases (OC15, OC33)."""
    table = board.rules.combat.intensity
    quality = sum(QUALITY_LEVELS[u.quality] for u in attackers) / len(attackers)
    readiness = sum(u.readiness for u in attackers) / len(attackers)
    level = math.floor(table.quality_weight * quality + table.readiness_weight * readiness + 1e-9)
    if spec.order == "assault":
        level += table.assault
    if spec.kind == "move_battle":
        level += table.move_battle
    if spec.night:
        level += table.night
    level = min(max(level, 0), len(INTENSITIES) - 1)
    firing = len(spec.attack_artillery) + len(spec.defence_artillery)
    level = artillery_intensity(
        board.rules, level, attackers=attackers, defenders=defenders, firing=firing
    )
    return intensity_name(level)
