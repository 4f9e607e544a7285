"""Breakthroughs (B10): after winning a field battle, the attacker may send its units able to
break through (with the leaders able to go along) into a neighbouring region whose terrain
allows it, or stay. Entering enemy units starts a new battle there; entering an empty enemy
region takes it.

A stack (in practice each unit, counted in ``UnitState.breakthroughs``) may break through
``max_breakthroughs_per_turn`` times a turn, once for nations without ``double_breakthrough``;
nations without ``breakthrough`` never do. Only the attacker breaks through: the defender
wins by holding its ground, in the attacker's player-turn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import board, decisions
from ..actions import Action, Breakthrough
from ..errors import IllegalAction
from ..records import BattleState, Decision
from .field import battle_regions
from .retreat import _bridged
from .values import tables

if TYPE_CHECKING:
    from ..game import Game

PENDING_BATTLES = "breakthrough_battles"
"""``state.stats`` key: battles created by breakthroughs, listed first."""


def limit(game: Game, unit_id: str) -> int:
    """Breakthroughs a unit may make this turn."""
    nation = game.world.nations[game.world.nation_of(unit_id)]
    if not nation.breakthrough:
        return 0
    most = game.scenario.rules.battle.max_breakthroughs_per_turn
    return most if nation.double_breakthrough else min(1, most)


def offer(game: Game, battle: BattleState) -> None:
    """Ask the winning attacker where to break through, if it can."""
    region, side = battle["region"], battle["attacker"]
    units = game.state.units
    t = tables(game.world)
    here = [
        u
        for u in battle["attackers"]
        if units[u].status == "active"
        and board.in_region(game, u, region)
        and u not in battle["panicked"]
        and units[u].breakthroughs < limit(game, u)
    ]
    movers = [u for u in here if not units[u].leader and t.units[u].breakthrough]
    movers = [u for u in movers if units[u].domain == "land"]
    if not movers:
        return
    leaders = [u for u in here if units[u].leader and t.leaders[u].breakthrough]
    world = game.world
    options: dict[str, list[str]] = {}
    via: dict[str, str] = {}
    for link in world.neighbours(region):
        target = link.to
        if target in options or link.kind.domain != "land" or world.domain(target) != "land":
            continue
        if link.kind.needs_bridge and not _bridged(game, link.connection.id):
            continue
        if side in world.closed_to[target]:
            continue
        allowed = world.terrain_of[target].breakthrough
        if allowed == "none":
            continue
        chosen = [u for u in movers if allowed == "all" or t.units[u].agile]
        if chosen:
            options[target] = chosen
            via[target] = link.connection.id
    if not options:
        return
    decisions.push(
        game,
        {
            "kind": "breakthrough",
            "side": side,
            "region": region,
            "options": options,
            "leaders": leaders,
            "via": via,
        },
    )


def _describe(game: Game, decision: Decision) -> str:
    assert decision["kind"] == "breakthrough"
    return f"{decision['side']} may break through from {decision['region']} (or stay)"


def _actions(game: Game, decision: Decision) -> list[Action]:
    assert decision["kind"] == "breakthrough"
    out: list[Action] = [Breakthrough(t, tuple(u)) for t, u in decision["options"].items()]
    out.append(Breakthrough(decision["region"]))
    return out


def _check(game: Game, decision: Decision, action: Action) -> None:
    """Any of the units offered for a region may break through into it (a subset of the
    listed answer); the battle's region, or no units, declines."""
    assert decision["kind"] == "breakthrough"
    if not isinstance(action, Breakthrough):
        raise IllegalAction("answer with a breakthrough, or the battle's region to stay")
    origin = decision["region"]
    if action.region == origin or not action.units:
        return
    allowed = decision["options"].get(action.region)
    if allowed is None:
        raise IllegalAction(f"no breakthrough into {action.region} from {origin}")
    if not set(action.units) <= set(allowed) or len(set(action.units)) != len(action.units):
        raise IllegalAction(f"only {', '.join(allowed)} may break through into {action.region}")


def _apply(game: Game, decision: Decision, action: Action) -> None:
    assert decision["kind"] == "breakthrough" and isinstance(action, Breakthrough)
    side, origin = decision["side"], decision["region"]
    if action.region == origin or not action.units:
        decisions.pop(game)
        game.record("breakthrough_declined", side_id=side, region=origin)
        return
    decisions.pop(game)
    movers = list(action.units) + list(decision["leaders"])
    _go(game, movers, action.region, origin, decision["via"][action.region], side)


def _go(game: Game, movers: list[str], target: str, origin: str, via: str, side: str) -> None:
    state = game.state
    for unit_id in movers:
        state.units[unit_id].breakthroughs += 1
    for moving in board.detached(game, movers):
        board.relocate(game, moving, target)
        moving.came_from, moving.crossed, moving.moved = origin, via, True
    fight = target in battle_regions(game, side)
    game.record("breakthrough", side_id=side, origin=origin, to=target, units=movers, battle=fight)
    if fight:
        pending = state.stats.setdefault(PENDING_BATTLES, [])
        if target in pending:
            pending.remove(target)
        pending.insert(0, target)
    elif board.side_of_region(game, target) != side:
        # No enemy in the field there: the region is taken (a fortress in it holds out).
        board.capture_region(game, target, side)


decisions.register("breakthrough", decisions.Handler(_describe, _actions, _apply, _check))
