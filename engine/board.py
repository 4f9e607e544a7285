"""Changing the board: stacks, control of places, VP, eliminations.

Every rules module goes through these functions, so that each change is made one way and is
logged once (a captured region always moves VP and tension; an eliminated unit always leaves
its stack and counts as a loss).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING

from schemas.map import PlaceValue

from . import stack_index
from .setup import new_stack
from .state import StackState, UnitState

if TYPE_CHECKING:
    from .game import Game

# -- looking -------------------------------------------------------------------------------------


def units_of(game: Game, stack: StackState) -> list[UnitState]:
    return [game.state.units[u] for u in stack.units]


def stack_of(game: Game, unit_id: str) -> StackState | None:
    """The stack a unit stands in (``None`` for a unit out of play)."""
    stack = game.state.units[unit_id].stack
    return game.state.stacks.get(stack) if stack is not None else None


def in_region(game: Game, unit_id: str, region: str) -> bool:
    """Whether a unit stands in ``region`` (in the field or inside a structure)."""
    stack = stack_of(game, unit_id)
    return stack is not None and stack.region == region


def stacks_in(game: Game, region: str, side: str | None = None) -> list[StackState]:
    """Stacks in a region (inside its structures too), optionally of one side, in the order
    of ``game.state.stacks`` (from the index of stacks by region, :mod:`.stack_index`)."""
    return stack_index.index_of(game.state).in_region(region, side)


def side_of_region(game: Game, region: str) -> str | None:
    nation = game.state.owner.get(region)
    return game.world.side_of.get(nation) if nation else None


def side_of_structure(game: Game, structure: str) -> str | None:
    nation = game.state.structure_owner.get(structure)
    return game.world.side_of.get(nation) if nation else None


def is_combat(game: Game, unit: UnitState) -> bool:
    """A combat unit (not support, not a leader)."""
    if unit.leader:
        return False
    unit_type = game.world.unit_type(unit.id)
    return unit_type is not None and unit_type.unit_class == "combat"


def enemy_stacks_in(game: Game, region: str, side: str) -> list[StackState]:
    world = game.world
    return [s for s in stacks_in(game, region) if world.at_war(side, s.side)]


def has_ground_units(game: Game, stack: StackState) -> bool:
    """Whether a stack holds land units or ships, not only aircraft. Aircraft alone (in the
    air, or parked at an airfield) neither stop a land move, nor count for an overrun, nor
    bar a retreat or a reinforcement (V2, A1): only AA fire and interception reach them."""
    units = game.state.units
    return any(units[u].domain != "air" for u in stack.units)


def enemy_ground_stacks_in(game: Game, region: str, side: str) -> list[StackState]:
    """Enemy stacks in a region holding ground units (see :func:`has_ground_units`)."""
    return [s for s in enemy_stacks_in(game, region, side) if has_ground_units(game, s)]


def main_nation(game: Game, side: str) -> str:
    world = game.world
    for nation in world.scenario.nations:
        if nation.side == side and nation.main:
            return nation.id
    return next(n.id for n in world.scenario.nations if n.side == side)


# -- stacks --------------------------------------------------------------------------------------


def split(game: Game, stack: StackState, unit_ids: list[str]) -> StackState:
    """Move some units of a stack into a new stack at the same place."""
    fresh = new_stack(game.state, stack.side, stack.region, stack.structure)
    fresh.moved, fresh.entrenched = stack.moved, stack.entrenched
    fresh.came_from, fresh.crossed = stack.came_from, stack.crossed
    for unit_id in unit_ids:
        stack.units.remove(unit_id)
        fresh.units.append(unit_id)
        game.state.units[unit_id].stack = fresh.id
    if not stack.units:
        _drop(game, stack)
    stack_index.touched(game.state, stack)
    return fresh


def detached(game: Game, unit_ids: list[str]) -> Iterator[StackState]:
    """For units leaving together from whatever stacks hold them: one stack per stack they
    came from, split off it unless they are all of it (in the order the units are given)."""
    by_stack: dict[str, list[str]] = {}
    for unit_id in unit_ids:
        stack_id = game.state.units[unit_id].stack
        assert stack_id is not None
        by_stack.setdefault(stack_id, []).append(unit_id)
    for stack_id, ids in by_stack.items():
        stack = game.state.stacks[stack_id]
        yield stack if len(ids) == len(stack.units) else split(game, stack, ids)


def merge(game: Game, into: StackState, others: list[StackState]) -> None:
    for other in others:
        for unit_id in other.units:
            into.units.append(unit_id)
            game.state.units[unit_id].stack = into.id
        into.moved = into.moved or other.moved
        # Units joining an entrenched stack in its region share the entrenchment.
        into.entrenched = into.entrenched or other.entrenched
        _drop(game, other)
    stack_index.touched(game.state, into)


def relocate(game: Game, stack: StackState, region: str, structure: str | None = None) -> None:
    """Put a stack somewhere else; leaving its region ends its entrenchment."""
    before = stack.region
    if region != before:
        stack.entrenched = False
    stack.region, stack.structure = region, structure
    if region != before:
        stack_index.moved(game.state, stack, before)
    else:
        stack_index.touched(game.state, stack)  # into or out of a structure


def remove_from_stack(game: Game, unit: UnitState) -> None:
    if unit.stack is None:
        return
    stack = game.state.stacks.get(unit.stack)
    unit.stack = None
    if stack is None:
        return
    stack.units.remove(unit.id)
    if not stack.units:
        _drop(game, stack)
    else:
        stack_index.touched(game.state, stack)


def _drop(game: Game, stack: StackState) -> None:
    """Take an emptied stack off the board."""
    del game.state.stacks[stack.id]
    stack_index.dropped(game.state, stack)


# -- losses --------------------------------------------------------------------------------------


def eliminate(game: Game, unit_id: str, cause: str, *, vp: bool = True) -> None:
    """Destroy a unit (or kill a leader): it leaves play and its VP values apply."""
    unit = game.state.units[unit_id]
    if unit.status not in ("active", "aboard"):
        return
    remove_from_stack(game, unit)
    unit.status, unit.carrier = "eliminated", None
    unit.strength = 0
    losses = game.state.stats.setdefault("losses", {})
    losses[unit.side] = losses.get(unit.side, 0) + 1
    game.record("eliminated", unit=unit_id, owner=unit.side, cause=cause)
    if unit.domain == "naval":
        _lose_cargo(game, unit_id, withdrawn=False)
    if unit.leader:
        game.state.leaders_lost.append(unit_id)
        values = game.world.leaders[unit_id].killed_vp
    else:
        unit_type = game.world.unit_type(unit_id)
        values = unit_type.destroyed_vp if unit_type else {}
    if vp:
        for key, amount in values.items():
            for side in relative_sides(game, key, unit.side):
                add_vp(game, side, amount, f"{unit_id} destroyed")


def withdraw(game: Game, unit_id: str, cause: str) -> None:
    """Take a unit out of the game without counting it as destroyed."""
    unit = game.state.units[unit_id]
    if unit.status in ("eliminated", "removed"):
        return
    remove_from_stack(game, unit)
    unit.status, unit.carrier = "removed", None
    if unit.leader:
        game.state.leaders_lost.append(unit_id)
    game.record("withdrawn", unit=unit_id, owner=unit.side, cause=cause)
    if unit.domain == "naval":
        _lose_cargo(game, unit_id, withdrawn=True)


def _lose_cargo(game: Game, ship: str, *, withdrawn: bool) -> None:
    # Units aboard a ship that leaves play leave with it (sea transport, issue 11).
    if any(u.status == "aboard" for u in game.state.units.values()):
        from .naval.transport import lose_cargo

        lose_cargo(game, ship, f"aboard {ship}", withdrawn=withdrawn)


def relative_sides(game: Game, key: str, owner: str) -> list[str]:
    """Sides named by ``@self``/``@enemy``/``@all`` or an id, relative to ``owner``."""
    if key == "@self":
        return [owner]
    if key == "@enemy":
        return game.world.enemies_of(owner)
    if key == "@all":
        return list(game.world.sides)
    return [key] if key in game.world.sides else []


# -- score ---------------------------------------------------------------------------------------


def add_vp(game: Game, side: str, amount: int, reason: str) -> None:
    """Change a side's VP (never below zero) and log it."""
    if amount == 0 or side not in game.state.sides:
        return
    state = game.state.sides[side]
    before = state.vp
    state.vp = max(0, state.vp + amount)
    if state.vp != before:
        game.record("vp", side_id=side, change=state.vp - before, total=state.vp, reason=reason)


def change_tension(game: Game, amount: int, reason: str) -> None:
    index = game.scenario.tension
    if index is None or game.state.tension is None or amount == 0:
        return
    before = game.state.tension
    game.state.tension = max(index.minimum, before + amount)
    game.record(
        "tension", change=game.state.tension - before, total=game.state.tension, reason=reason
    )
    for step in index.steps:
        reached = before < step.value <= game.state.tension
        if reached and step.value not in game.state.tension_steps_done:
            game.state.tension_steps_done.append(step.value)
            game.record("tension_step", value=step.value, description=step.description)
            from .effects import run_effects

            run_effects(game, step.effects, side=index.benefits, source=f"tension-{step.value}")


# -- control -------------------------------------------------------------------------------------


def capture_region(game: Game, region: str, side: str) -> None:
    """Hand a region to ``side``: VP and tension move, unfortified structures go with it."""
    before = side_of_region(game, region)
    if before == side:
        return
    set_owner(game, region, main_nation(game, side))
    values = game.world.regions[region].values
    game.record("captured", region=region, by=side, taken_from=before)
    _score_capture(game, values, side, before, region)
    for structure in game.world.structures_in[region]:
        if structure.fortification == 0:
            capture_structure(game, structure.id, side)


def set_owner(game: Game, region: str, nation: str | None) -> None:
    """Hand a region to a nation. Every change of a region's control goes through here, so
    that what is worked out from control can be kept until it changes (the AI's distances to
    the front, :mod:`engine.ai.fronts`)."""
    game.state.owner[region] = nation
    game.state._control_changes += 1


def set_structure_owner(game: Game, structure: str, nation: str | None) -> None:
    """Hand a structure to a nation; counted like :func:`set_owner` (a side's supply relays
    are kept while no structure changes hands, :mod:`engine.supply`)."""
    game.state.structure_owner[structure] = nation
    game.state._control_changes += 1


def capture_structure(game: Game, structure_id: str, side: str) -> None:
    before = side_of_structure(game, structure_id)
    if before == side:
        return
    set_structure_owner(game, structure_id, main_nation(game, side))
    structure = game.world.structures[structure_id]
    game.record("captured", structure=structure_id, by=side, taken_from=before)
    _score_capture(game, structure.values, side, before, structure_id)
    for stack in list(stacks_in(game, structure.region, before)):
        if stack.structure == structure_id:
            # Nobody left inside can hold out: the structure falls with its occupants.
            for unit_id in list(stack.units):
                eliminate(game, unit_id, "structure captured")


def _score_capture(
    game: Game, values: Mapping[str, PlaceValue], side: str, before: str | None, place: str
) -> None:
    gain = values.get(side)
    if gain is not None:
        add_vp(game, side, gain.capture, f"captured {place}")
        change_tension(game, gain.tension, f"{side} captured {place}")
    if before is not None:
        loss = values.get(before)
        if loss is not None:
            add_vp(game, before, -loss.loss, f"lost {place}")
