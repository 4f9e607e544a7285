"""How the AI shapes its stacks in land movement (V1, U3-U5): merging, garrisons, digging in
and leaders.

- **Merging before moving.** Stacks of a side standing in one place, none moved yet, join
  before anything moves when together, and none alone, they clear the attack ratio against
  an enemy next door, and their leader commands the whole without penalty. Otherwise they
  stay apart, to cover more ground.
- **Garrisons.** A stack holding an objective leaves its weakest combat unit behind (a split)
  when the rest can attack or take an enemy region.
- **Digging in.** Once nothing else moves, each unmoved stack on the defensive entrenches,
  where its nations may: one facing enemies next door at least as strong as it, or holding an
  objective with enemies next door. A stack about to attack does not: troops joining it would
  share its entrenchment by merging into it (U5) and stay there with it.
- **Leaders.** A leader without troops goes to the strongest friendly stack it can reach and
  joins it at the end of the movement, so its command counts in the next battle.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import board, movement
from ..actions import Entrench, Merge, Move, Split
from ..combat.values import command_steps, commander, stacking_points
from ..queries import where_can_go
from ..state import StackState
from .estimates import defence_value, enemy_strength, stack_strength, sudden_death_targets
from .fronts import distance_to_enemy

if TYPE_CHECKING:
    from ..game import Game


def _land(game: Game, stack: StackState) -> bool:
    return movement.stack_domain(game, stack) == "land"


def _places(game: Game, side: str) -> dict[tuple[str, str | None], list[StackState]]:
    found: dict[tuple[str, str | None], list[StackState]] = {}
    for stack in sorted(game.state.stacks.values(), key=lambda s: s.id):
        if stack.side == side and _land(game, stack):
            found.setdefault((stack.region, stack.structure), []).append(stack)
    return found


def _penalty(game: Game, stacks: list[StackState]) -> int:
    units = [u for s in stacks for u in s.units]
    leader = commander(game, [u for u in units if game.state.units[u].leader])
    return command_steps(game, leader, stacking_points(game, units))


def merge_before_moving(game: Game, side: str, attack_ratio: float) -> Merge | None:
    """A merge of unmoved stacks sharing a place that together, and none alone, are strong
    enough to attack an enemy next door (``attack_ratio`` times the strength seen there),
    when their leader commands them all without penalty; or ``None``. Stacks that need not
    join stay apart, to cover more ground."""
    for group in _places(game, side).values():
        fresh = [
            s
            for s in group
            if not s.moved and movement.fresh(game, s) and movement.why_immobile(game, s) is None
        ]
        fighting = [s for s in fresh if stack_strength(game, s) > 0]
        if len(fighting) < 2 or _penalty(game, fighting) > 0:
            continue
        strongest = max(stack_strength(game, s) for s in fighting)
        together = sum(stack_strength(game, s) for s in fighting)
        region = fighting[0].region
        for link in game.world.neighbours(region):
            enemies = movement.enemy_here(game, link.to, side)
            if not enemies:
                continue
            needed = attack_ratio * enemy_strength(game, enemies, side)
            if strongest < needed <= together:
                fighting.sort(key=lambda s: (-stack_strength(game, s), s.id))
                return Merge(tuple(s.id for s in fighting))
    return None


def join_leaders(game: Game, side: str) -> Merge | None:
    """At the end of the movement: a stack of leaders alone joins the strongest stack in its
    place, or ``None``."""
    for group in _places(game, side).values():
        alone = [s for s in group if leaders_only(game, s)]
        troops = [s for s in group if stack_strength(game, s) > 0]
        if not alone or not troops:
            continue
        host = max(troops, key=lambda s: (stack_strength(game, s), s.id))
        if commander(game, [u for u in host.units if game.state.units[u].leader]) is not None:
            continue  # it has its leader already
        return Merge((host.id, alone[0].id))
    return None


def leaders_only(game: Game, stack: StackState) -> bool:
    units = game.state.units
    return bool(stack.units) and all(units[u].leader for u in stack.units)


def leader_move(game: Game, stack: StackState) -> Move | None:
    """For a stack of leaders alone: the move to the strongest friendly stack without a
    leader it can reach (never into enemies), or ``None``."""
    if not leaders_only(game, stack):
        return None
    side = stack.side
    best: tuple[float, str] | None = None
    for stack_id, other in game.state.stacks.items():
        if stack_id == stack.id or other.side != side or not _land(game, other):
            continue
        if any(game.state.units[u].leader for u in other.units):
            continue
        strength = stack_strength(game, other)
        if strength > 0 and (best is None or (strength, other.region) > best):
            here = other.region
            if here == stack.region:
                return None  # already beside it: it joins at the end of the movement
            if movement.enemy_here(game, here, side):
                continue
            best = (strength, here)
    if best is None:
        return None
    reach = where_can_go(game, stack)
    # The strongest stack first; failing that, the reachable region nearest to it.
    wanted = best[1]
    target = reach.get(wanted)
    if target is not None and target.legal:
        return Move(stack.id, target.path)
    return None


def garrison_split(game: Game, stack: StackState, least: int = 2) -> Split | None:
    """For a stack holding an objective: its weakest combat unit split off to stay behind, or
    ``None`` (a stack of fewer than ``least`` combat units, and always of one). The split-off
    units are the garrison and stay; the rest of the stack goes.

    A region whose loss would hand the enemy a sudden-death win keeps as many of the weakest
    combat units as it takes for its guards to hold against the enemy within
    :data:`THREAT_STEPS` steps (see :func:`vital_gaps`); when that takes every combat unit
    the whole stack stays (a lone battery left on Point Isabel beside Arista's army lost the
    Mexican War in three turns)."""
    side = stack.side
    if defence_value(game, stack.region, side) <= 0:
        return None
    units = game.state.units
    combat = [u for u in stack.units if board.is_combat(game, units[u])]
    if len(combat) < max(least, 2):
        return None

    def weight(unit_id: str) -> tuple[float, str]:
        unit_type = game.world.unit_type(unit_id)
        factor = max(unit_type.attack, unit_type.defence) if unit_type else 1
        return (units[unit_id].strength * (1 + factor), unit_id)

    ranked = sorted(combat, key=weight)
    garrison = ranked[:1]
    if stack.region in sudden_death_targets(game, side):
        # What the other guards lack, plus what this stack gives now.
        lacking = vital_gaps(game, side).get(stack.region)
        if lacking is not None:
            need = lacking + stack_strength(game, stack)

            def kept() -> float:
                return stack_strength(game, StackState("", side, stack.region, garrison))

            while kept() < need and len(garrison) < len(ranked):
                garrison = ranked[: len(garrison) + 1]
            if len(garrison) == len(ranked):
                return None  # it takes the whole stack to hold it
    return Split(stack.id, tuple(garrison))


THREAT_STEPS = 2
"""How far (in steps over land) enemy troops count as a threat to an objective."""


def threat(game: Game, region: str, side: str, steps: int = THREAT_STEPS) -> float:
    """The strength ``side`` believes the enemy has in the field within ``steps`` steps of
    ``region`` over land, the region itself included."""
    world = game.world
    seen = {region}
    frontier = [region]
    total = 0.0
    for depth in range(steps + 1):
        following: list[str] = []
        for here in frontier:
            # Troops inside a fortress count: they may march out.
            total += enemy_strength(game, board.enemy_ground_stacks_in(game, here, side), side)
            if depth == steps:
                continue
            for link in world.neighbours(here):
                if link.to not in seen and world.domain(link.to) == "land":
                    seen.add(link.to)
                    following.append(link.to)
        frontier = following
    return total


def entrenchment(game: Game, side: str) -> Entrench | None:
    """An unmoved stack of the side on the front line or on an objective that the rules let
    dig in, or ``None``."""
    for stack in sorted(game.state.stacks.values(), key=lambda s: s.id):
        if stack.side != side or stack.entrenched or stack.moved or not _land(game, stack):
            continue
        if stack_strength(game, stack) <= 0:
            continue
        if not _on_the_defensive(game, stack):
            continue
        action = Entrench(stack.id)
        if game.is_legal(action):
            return action
    return None


def _on_the_defensive(game: Game, stack: StackState) -> bool:
    """A stack next to enemies at least as strong as it, or holding an objective with enemies
    next door: one that waits for the enemy rather than attacking. (Stacks about to attack do
    not dig in: troops arriving later would join their entrenchment and stay with them.)"""
    side = stack.side
    if distance_to_enemy(game, stack.region, side) > 1:
        return False
    threat = 0.0
    for link in game.world.neighbours(stack.region):
        threat += enemy_strength(game, movement.enemy_here(game, link.to, side), side)
    if threat <= 0:
        return False
    return threat >= stack_strength(game, stack) or defence_value(game, stack.region, side) > 0


HELD_AT = 1.2
"""A sudden-death objective counts as held when its guards have at least 1/``HELD_AT`` of the
enemy strength within :data:`THREAT_STEPS` steps (an enemy attacking at 1.2 to 1, as the
bold levels do, would not attack it)."""


def vital_gaps(game: Game, side: str) -> dict[str, float]:
    """The side's sudden-death objectives (regions whose loss hands an enemy the game) with
    enemies within :data:`THREAT_STEPS` steps: region -> the strength its guards lack to hold
    it (negative: what they could spare). Regions the enemy holds already are not counted
    (taking them back is an attack)."""
    gaps: dict[str, float] = {}
    targets = sudden_death_targets(game, side)
    if not targets:
        return gaps
    guards: dict[str, float] = {}
    for stack in game.state.stacks.values():
        if stack.side == side and stack.region in targets and _land(game, stack):
            guards[stack.region] = guards.get(stack.region, 0.0) + stack_strength(game, stack)
    for region in sorted(targets):
        owner = board.side_of_region(game, region)
        if owner is not None and owner != side and game.world.at_war(side, owner):
            continue
        danger = threat(game, region, side)
        missing = danger / HELD_AT - guards.get(region, 0.0)
        if danger > 0:
            gaps[region] = missing
    return gaps
