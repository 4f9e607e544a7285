"""Evaluating the scenario's conditions against the current game."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from schemas import conditions as c

from .board import relative_sides, side_of_region, side_of_structure
from .targets import Context, matching

if TYPE_CHECKING:
    from .game import Game


def holds(game: Game, cond: Any, ctx: Context) -> bool:
    """Whether a condition holds now, seen from ``ctx.side``."""
    if cond is None:
        return True
    handler = _HANDLERS[type(cond)]
    return handler(game, cond, ctx)


def _turn(game: Game, cond: c.TurnCondition, ctx: Context) -> bool:
    turn = game.turn
    if turn < cond.from_turn or (cond.to_turn is not None and turn > cond.to_turn):
        return False
    return (turn - cond.from_turn) % cond.every == 0


def _controls(game: Game, cond: c.Controls, ctx: Context) -> bool:
    sides = set(relative_sides(game, cond.side, ctx.side))
    checks = [side_of_region(game, r) in sides for r in cond.regions]
    checks += [side_of_structure(game, s) in sides for s in cond.structures]
    for area in cond.areas:
        checks.append(all(side_of_region(game, r) in sides for r in game.world.area_regions[area]))
    if not checks:
        return False
    return all(checks) if cond.mode == "all" else any(checks)


def _units_present(game: Game, cond: c.UnitsPresent, ctx: Context) -> bool:
    count = len(matching(game, cond.units, cond.scope, ctx))
    return count >= cond.at_least and (cond.at_most is None or count <= cond.at_most)


def _between(value: int | None, low: int | None, high: int | None) -> bool:
    if value is None:
        return False
    return (low is None or value >= low) and (high is None or value <= high)


def _vp(game: Game, cond: c.VictoryPoints, ctx: Context) -> bool:
    sides = relative_sides(game, cond.side, ctx.side)
    return any(_between(game.state.sides[s].vp, cond.at_least, cond.at_most) for s in sides)


def _battle_role(game: Game, cond: c.BattleRole, ctx: Context) -> bool:
    battle = game.state.battle
    if battle is None:
        return False
    role = "attacker" if battle["attacker"] == ctx.side else "defender"
    return role == cond.role


_HANDLERS: dict[type, Callable[[Game, Any, Context], bool]] = {
    c.TurnCondition: _turn,
    c.AllOf: lambda g, x, ctx: all(holds(g, y, ctx) for y in x.conditions),
    c.AnyOf: lambda g, x, ctx: any(holds(g, y, ctx) for y in x.conditions),
    c.Not: lambda g, x, ctx: not holds(g, x.condition, ctx),
    c.Controls: _controls,
    c.UnitsPresent: _units_present,
    c.LeaderAlive: lambda g, x, ctx: x.leader not in g.state.leaders_lost,
    c.TensionLevel: lambda g, x, ctx: _between(g.state.tension, x.at_least, x.at_most),
    c.VictoryPoints: _vp,
    c.FlagSet: lambda g, x, ctx: g.state.flags.get(x.flag, False) == x.value,
    c.CardPlayed: lambda g, x, ctx: x.card in g.state.cards_played,
    c.EventFired: lambda g, x, ctx: x.event in g.state.events_fired,
    c.BattleRole: _battle_role,
    c.ActiveSide: lambda g, x, ctx: g.active_side in relative_sides(g, x.side, ctx.side),
    # A preview (is this card playable?) must not spend a die: a roll may always succeed.
    c.Roll: lambda g, x, ctx: x.at_most >= 0 if ctx.preview else g.dice.roll() <= x.at_most,
}
