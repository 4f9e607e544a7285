"""Replacements phase (E4): points repair damaged units that are in supply; unused points are
lost at the end of the phase."""

from __future__ import annotations

from typing import TYPE_CHECKING, TypedDict

from schemas.selection import Scope, UnitFilter

from ..actions import Action, AssignReplacement
from ..errors import IllegalAction
from ..targets import Context, matching, nation_matches
from .base import Phase

if TYPE_CHECKING:
    from ..game import Game


def damaged(game: Game, side: str) -> list[str]:
    """Active units of a side below full strength and in supply, in a stable order."""
    out = []
    for unit in game.state.units.values():
        if unit.side != side or unit.status != "active" or unit.leader:
            continue
        unit_type = game.world.unit_type(unit.id)
        if unit_type and unit.strength < unit_type.hit_points and unit.unsupplied == 0:
            out.append(unit.id)
    return out


class Pool(TypedDict):
    """Replacement points a grant restricts to some nations (kept in ``stats``)."""

    points: int
    nations: list[str]


def _pools(game: Game, side: str) -> list[Pool]:
    pools: list[Pool] = game.state.stats.setdefault("replacement_pools", {}).setdefault(side, [])
    return pools


def repair(game: Game, unit_id: str, source: str) -> None:
    unit = game.state.units[unit_id]
    unit_type = game.world.unit_type(unit_id)
    assert unit_type is not None
    unit.strength = unit_type.hit_points
    game.record("replaced", unit=unit_id, source=source)


def assign_randomly(
    game: Game, side: str, points: int, units: UnitFilter | None, ctx: Context
) -> None:
    """Repair ``points`` random eligible units at once (for cards that say so)."""
    eligible = damaged(game, side)
    if units is not None:
        allowed = {u.id for u in matching(game, units, Scope(), Context(side, ctx.source))}
        eligible = [u for u in eligible if u in allowed]
    for unit_id in game.dice.sample(eligible, points):
        repair(game, unit_id, ctx.source)


class Replacements(Phase):
    name = "replacements"

    def begin(self, game: Game) -> None:
        side = game.active_side
        state = game.state.sides[side]
        state.replacement_points += game.scenario.rules.replacements.points_per_turn
        for grant in game.scenario.replacements:
            if grant.side == side and grant.turns.contains(game.turn):
                if grant.nations:
                    _pools(game, side).append({"points": grant.points, "nations": grant.nations})
                else:
                    state.replacement_points += grant.points
        game.record("replacement_points", side_id=side, points=self.points(game, side))

    def points(self, game: Game, side: str) -> int:
        pools = sum(p["points"] for p in _pools(game, side))
        return game.state.sides[side].replacement_points + pools

    def _pool_for(self, game: Game, side: str, unit_id: str) -> Pool | None:
        nation = game.world.nation_of(unit_id)
        for pool in _pools(game, side):
            if pool["points"] > 0 and nation_matches(game, nation, pool["nations"]):
                return pool
        return None

    def actions(self, game: Game) -> list[Action]:
        side = game.active_side
        general = game.state.sides[side].replacement_points
        return [
            AssignReplacement(u)
            for u in damaged(game, side)
            if general > 0 or self._pool_for(game, side, u) is not None
        ]

    def apply(self, game: Game, action: Action) -> None:
        if not isinstance(action, AssignReplacement) or action not in self.actions(game):
            raise IllegalAction("that unit cannot take a replacement now")
        side = game.active_side
        pool = self._pool_for(game, side, action.unit)
        if pool is not None:
            pool["points"] -= 1
        else:
            game.state.sides[side].replacement_points -= 1
        repair(game, action.unit, "replacement")

    def end(self, game: Game) -> None:
        side = game.active_side
        lost = self.points(game, side)
        game.state.sides[side].replacement_points = 0
        _pools(game, side).clear()
        if lost:
            game.record("replacements_lost", side_id=side, points=lost)
