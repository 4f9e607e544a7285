"""After a battle (OC21-OC24, OC27): whether the defenders retreat, how far and where, whether
Hold at all costs keeps them, what a unit with nowhere to go loses, and which attackers advance.

Pure rules over :class:`~engine.operational.units.OpUnit` records; the caller (the WEGO
execution) moves its stacks and records what happened. Every chance is rolled with the game's
die, so a seed fixes the result.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from ..dice import Dice
from .board import OpBoard
from .movement import fits, step_cost
from .units import OpUnit
from .zoc import ZocField


@dataclass(frozen=True)
class RetreatCall:
    """What the defenders of a hex must do after a battle (OC22, OC24)."""

    hexes: int
    """0 (they hold), 1 or 2."""
    chance: float
    """The chance % of a 1-hex retreat that was rolled (0 when none was rolled)."""
    held: bool
    """Hold at all costs kept them in place (OC24)."""
    roll: int
    """The percentile rolled for the retreat (-1: none)."""
    hold_roll: int
    """The percentile rolled for the hold test (-1: none)."""


def _average(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def retreat_call(
    board: OpBoard,
    defenders: Sequence[OpUnit],
    damage: Sequence[float],
    dice: Dice,
    *,
    hold_at_all_costs: bool = False,
) -> RetreatCall:
    """OC22, OC24: the surviving defenders' retreat. Below ``retreat_two_below`` average
    readiness they go 2 hexes; below ``retreat_possible_below`` they go 1 hex with a chance
    (choice: base + points per readiness under the threshold + points per % damage taken -
    points per quality level, within 0-100). Under Hold at all costs a hold test (choice: base
    + points per quality level + points per readiness point, halved for a 2-hex retreat)
    cancels the retreat when it passes."""
    table = board.rules.after_combat
    if not defenders:
        return RetreatCall(0, 0.0, False, -1, -1)
    readiness = _average([u.readiness for u in defenders])
    level = _average([float(u.level) for u in defenders])
    hexes, chance, roll = 0, 0.0, -1
    if readiness < table.retreat_two_below:
        hexes = 2
    elif readiness < table.retreat_possible_below:
        chance = (
            table.retreat_base
            + table.retreat_per_readiness * (table.retreat_possible_below - readiness)
            + table.retreat_per_damage * _average(damage)
            - table.retreat_per_quality * level
        )
        chance = min(100.0, max(0.0, chance))
        roll = dice.below(100)
        hexes = 1 if roll < chance else 0
    if hexes == 0 or not hold_at_all_costs:
        return RetreatCall(hexes, chance, False, roll, -1)
    hold = table.hold_base + table.hold_per_quality * level + table.hold_per_readiness * readiness
    if hexes == 2:
        hold *= table.hold_two_hexes
    hold_roll = dice.below(100)
    held = hold_roll < min(100.0, max(0.0, hold))
    return RetreatCall(0 if held else hexes, chance, held, roll, hold_roll)


def withdraw_chance(
    board: OpBoard,
    attackers: Sequence[OpUnit],
    defenders: Sequence[OpUnit],
    *,
    recce: bool = False,
) -> float:
    """OC25: the chance % that defenders under a Withdraw order slip away: the base, plus
    ``withdraw_per_quality`` per level by which the defenders' average quality is above the
    attackers' (less when below: an elite attacker against green defenders brings 100 to
    0), less ``withdraw_per_readiness`` per point of the defenders' average readiness under
    ``withdraw_readiness_below``; kept within 0-100. ``recce`` (OC26: the defenders are all
    recce): no quality term, and half the readiness cut."""
    table = board.rules.after_combat
    if not defenders:
        return 0.0
    gap = _average([float(u.level) for u in defenders]) - _average(
        [float(u.level) for u in attackers]
    )
    readiness = _average([u.readiness for u in defenders])
    cut = table.withdraw_per_readiness * max(0.0, table.withdraw_readiness_below - readiness)
    if recce:
        gap, cut = 0.0, cut / 2
    chance = table.withdraw_base + table.withdraw_per_quality * gap - cut
    return min(100.0, max(0.0, chance))


def retreat_path(
    board: OpBoard,
    units: Mapping[str, OpUnit],
    group: Sequence[OpUnit],
    hexes: int,
    *,
    attacked: frozenset[int],
    attacker_hexes: frozenset[int],
    enemy_zoc: ZocField,
) -> list[int]:
    """OC23: the hexes the group retreats through, as far as it can up to ``hexes``: never
    into an enemy hex, a hex under attack, a hex next to an attacker, or an enemy-ZOC hex
    that no friendly unit holds; every unit must be able to enter it and the stacking limit
    holds for the whole group (choice: the group keeps together). Among allowed hexes, the
    one farthest from the attackers, then the lowest enemy ZOC, then a friendly-held one,
    then the grid's order."""
    if not group:
        return []
    side = group[0].side
    start = group[0].hex
    occupied: dict[int, set[str]] = {}
    for unit in units.values():
        occupied.setdefault(unit.hex, set()).add(unit.side)
    path: list[int] = []
    here = start
    others = [u for u in units.values() if u.id not in {g.id for g in group}]
    for _ in range(hexes):
        best: tuple[tuple[float, ...], int] | None = None
        for there in board.neighbours[here].tolist():
            if there < 0 or there == start or there in path or there in attacked:
                continue
            sides = occupied.get(there, set())
            if sides - {side}:
                continue
            if any(board.hexside(there, a) is not None for a in attacker_hexes):
                continue
            friendly = side in sides
            if enemy_zoc.value(there) > 0 and not friendly:
                continue
            if not all(step_cost(board, u, here, there).allowed for u in group):
                continue
            placed = list(others)
            ok = True
            for unit in group:
                moved = replace(unit, hex=there)
                if not fits(board, placed, moved, there):
                    ok = False
                    break
                placed.append(moved)
            if not ok:
                continue
            distance = min((_distance(board, there, a) for a in attacker_hexes), default=0)
            key = (-float(distance), enemy_zoc.value(there), 0.0 if friendly else 1.0, there)
            if best is None or key < best[0]:
                best = (key, there)
        if best is None:
            break
        path.append(best[1])
        here = best[1]
    return path


def _distance(board: OpBoard, a: int, b: int) -> int:
    return int(board.grid.distance(a, b))


def advancing(
    attack_by_group: Mapping[str, float],
    group_units: Mapping[str, Sequence[OpUnit]],
    board: OpBoard,
    units: Mapping[str, OpUnit],
    target: int,
    *,
    enemy_zoc: Mapping[str, float],
) -> list[str]:
    """OC27: which attacking groups (stacks) move into the emptied ``target``: the one with
    the largest attack first, whatever the zone it stands in; then the others, largest attack
    first, whose hex is in no enemy ZOC (``enemy_zoc``: value per group), while the stacking
    limit holds."""
    order = sorted(attack_by_group, key=lambda g: (-attack_by_group[g], g))
    placed = [u for u in units.values() if u.hex == target]
    out: list[str] = []
    for index, group in enumerate(order):
        if index > 0 and enemy_zoc.get(group, 0.0) > 0:
            continue
        trial = list(placed)
        ok = True
        for unit in group_units[group]:
            moved = replace(unit, hex=target)
            if not fits(board, trial, moved, target):
                ok = False
                break
            trial.append(moved)
        if ok:
            placed = trial
            out.append(group)
    return out
