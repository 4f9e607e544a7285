"""Lasting effects in force: what they add to a unit's values, and when they end.

A played card or a fired event that lasts (a ``modify``, an ``immobilize``, a re-roll or
shoot-first right, a revealed stack) becomes a :class:`~engine.state.Modifier` holding the
units it picked. The rules ask this module for totals instead of walking cards themselves.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .state import Modifier

if TYPE_CHECKING:
    from .game import Game

COMBAT_STATS = {"attack": ("attack", "combat"), "defence": ("defence", "combat")}


def of_kind(game: Game, kind: str) -> list[Modifier]:
    return [m for m in game.state.modifiers if m.effect.get("kind") == kind]


def total(
    game: Game, unit_id: str, stat: str, *, round_name: str | None = None, first: bool = False
) -> int:
    """Sum of ``modify`` effects on a unit's ``stat`` (``combat`` counts for attack and
    defence), limited to the battle rounds the effects name."""
    stats = COMBAT_STATS.get(stat, (stat,))
    value = 0
    for modifier in game.state.modifiers:
        effect = modifier.effect
        if effect.get("kind") != "modify" or effect["stat"] not in stats:
            continue
        if unit_id not in modifier.units:
            continue
        rounds = effect.get("rounds") or []
        if rounds and not (round_name in rounds or (first and "first" in rounds)):
            continue
        value += int(effect["amount"])
    return value


def side_total(game: Game, side: str, stat: str) -> int:
    """Side-wide modifiers (``battle_morale``, ``search``, ``interception``, ``siege``,
    ``survival``): each one counts once for the side whose units it picked."""
    value = 0
    for modifier in of_kind(game, "modify"):
        if modifier.effect["stat"] != stat:
            continue
        if any(game.state.units[u].side == side for u in modifier.units if u in game.state.units):
            value += int(modifier.effect["amount"])
    return value


def immobile(game: Game, unit_id: str) -> bool:
    unit = game.state.units[unit_id]
    if unit.immobile_until >= game.turn:
        return True
    return any(unit_id in m.units for m in of_kind(game, "immobilize"))


def revealed(game: Game, stack_id: str, to_side: str) -> bool:
    """Whether a card let ``to_side`` look inside an enemy stack this phase."""
    stack = game.state.stacks.get(stack_id)
    if stack is None:
        return False
    return any(
        m.side == to_side and set(stack.units) & set(m.units) for m in of_kind(game, "examine")
    )


def expire(game: Game, boundary: str) -> None:
    """Drop the effects that end at ``boundary`` (``end_of_phase``, ``end_of_battle``,
    ``end_of_siege``, ``end_of_round`` or ``end_of_turn``, the end of a whole game turn)."""
    kept = []
    for modifier in game.state.modifiers:
        until = modifier.until
        ends = until == boundary or (
            boundary == "end_of_turn" and until == "turns" and modifier.until_turn <= game.turn
        )
        if ends:
            game.record("effect_ended", source=modifier.source, effect=modifier.effect["kind"])
        else:
            kept.append(modifier)
    game.state.modifiers = kept
