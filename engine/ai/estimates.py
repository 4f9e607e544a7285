"""What the AI believes: strengths it can see, and what places are worth."""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import TYPE_CHECKING

from ..fog import hidden_from
from ..state import StackState

if TYPE_CHECKING:
    from ..game import Game
    from ..world import World

GUESS_PER_UNIT = 3.0
"""Strength assumed for each unit of an enemy stack whose content the fog hides."""


def stack_strength(game: Game, stack: StackState) -> float:
    """Hit points times attack of the stack's combat units, a rough fighting weight."""
    weights = _weights(game.world)
    units = game.state.units
    total = 0.0
    for unit_id in stack.units:
        weight = weights.get(unit_id)
        if weight is not None:
            total += units[unit_id].strength * weight / 5
    return total


# ``World.kept["ai_weights"]``: per scenario, ``1 +`` the better of attack and defence of
# each combat unit (leaders and support units have none): :func:`stack_strength` is asked of
# every stack at every decision, and a unit's class and type never change.


def _weights(world: World) -> dict[str, float]:
    known: dict[str, float] | None = world.kept.get("ai_weights")
    if known is None:
        known = world.kept["ai_weights"] = {}
        leaders = world.leaders
        for unit_id in world.units:
            unit_type = world.unit_type(unit_id)
            if unit_id in leaders or unit_type is None or unit_type.unit_class != "combat":
                continue  # what ``board.is_combat`` says of it
            known[unit_id] = 1 + max(unit_type.attack, unit_type.defence)
    return known


def enemy_strength(game: Game, stacks: list[StackState], side: str) -> float:
    """The strength ``side`` believes the stacks have, guessing where it cannot see."""
    total = 0.0
    for stack in stacks:
        # ``hidden_from`` is what makes ``fog.view_of`` say "full" or not; the finer views
        # (outline, flag, none) would cost a pass over every stack of the side and count the
        # same here.
        if not hidden_from(game, stack, side):
            total += stack_strength(game, stack)
        else:
            total += GUESS_PER_UNIT * len(stack.units)
    return total


# ``World.kept["ai_values"]``: per scenario, :func:`region_value` and :func:`defence_value`
# of each region and side asked for: both depend on the scenario alone, and the AI asks them
# for every move it weighs.


def _remembered(game: Game, key: tuple[str, str, str], work: Callable[[], float]) -> float:
    kept = game.world.kept
    known: dict[tuple[str, str, str], float] | None = kept.get("ai_values")
    if known is None:
        known = kept["ai_values"] = {}
    value = known.get(key)
    if value is None:
        value = known[key] = work()
    return value


def region_value(game: Game, region: str, side: str) -> float:
    """VP a side gains by taking (or keeps by holding) a region and its structures."""
    return _remembered(game, ("gain", region, side), lambda: _region_value(game, region, side))


def _region_value(game: Game, region: str, side: str) -> float:
    values = game.world.regions[region].values.get(side)
    score = float(values.capture + values.hold_at_end) if values else 0.0
    for structure in game.world.structures_in[region]:
        own = structure.values.get(side)
        if own is not None:
            score += own.capture + own.hold_at_end
    for enemy in game.world.enemies_of(side):
        theirs = game.world.regions[region].values.get(enemy)
        if theirs is not None:
            score += 0.5 * theirs.loss
    return score


_TARGETS: weakref.WeakKeyDictionary[World, dict[str, frozenset[str]]] = weakref.WeakKeyDictionary()
"""Each scenario's sudden-death regions per side: the AI asks for every region it weighs, and
they only depend on the scenario."""


def sudden_death_targets(game: Game, side: str) -> frozenset[str]:
    """Regions whose loss could hand an enemy a sudden-death win: those its conditions name,
    and the regions of the structures they name."""
    known = _TARGETS.setdefault(game.world, {})
    found = known.get(side)
    if found is None:
        found = known[side] = frozenset(_sudden_death_targets(game, side))
    return found


def _sudden_death_targets(game: Game, side: str) -> set[str]:
    from schemas.conditions import AllOf, AnyOf, Controls

    world = game.world
    found: set[str] = set()

    def visit(cond: object) -> None:
        if isinstance(cond, AllOf | AnyOf):
            for inner in cond.conditions:
                visit(inner)
        elif isinstance(cond, Controls):
            found.update(cond.regions)
            found.update(world.structures[s].region for s in cond.structures)
            for area in cond.areas:
                found.update(world.area_regions[area])

    for rule in world.scenario.victory.sudden_death:
        if world.at_war(rule.side, side):
            visit(rule.condition)
    return found


def defence_value(game: Game, region: str, side: str) -> float:
    """What a side stands to lose with a region: its own loss value, what enemies would gain,
    and a great deal when the region is an enemy's sudden-death objective."""
    return _remembered(game, ("loss", region, side), lambda: _defence_value(game, region, side))


def _defence_value(game: Game, region: str, side: str) -> float:
    world = game.world
    own = world.regions[region].values.get(side)
    value = float(own.loss + own.hold_at_end) if own else 0.0
    for enemy in world.enemies_of(side):
        theirs = world.regions[region].values.get(enemy)
        if theirs is not None:
            value += theirs.capture
        for structure in world.structures_in[region]:
            gain = structure.values.get(enemy)
            if gain is not None:
                value += gain.capture
    if region in sudden_death_targets(game, side):
        value += 50.0
    return value
