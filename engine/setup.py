"""The state of a game before its first phase: forces on the map, decks shuffled."""

from __future__ import annotations

from . import stack_index
from .dice import Dice
from .state import GameState, SideState, StackState, UnitState
from .world import World


def initial_state(world: World, dice: Dice) -> GameState:
    scenario = world.scenario
    state = GameState()
    state.owner = {r.id: r.owner for r in world.regions.values()}
    state.structure_owner = {
        s.id: s.owner if s.owner is not None else world.regions[s.region].owner
        for s in scenario.structures
    }
    state.sources_open = {s.id: s.operative for s in scenario.supply_sources}
    state.tension = scenario.tension.start if scenario.tension is not None else None
    for side in scenario.sides:
        deck = [
            card.id
            for card in scenario.cards
            if card.side == side.id and card.in_deck
            for _ in range(card.copies)
        ]
        dice.shuffle(deck)
        state.sides[side.id] = SideState(
            side.id, vp=side.start_vp, treasury=side.start_treasury, deck=deck
        )
    for unit in scenario.units:
        unit_type = world.unit_types[unit.type]
        state.units[unit.id] = UnitState(
            unit.id,
            side=world.side_of[unit.nation],
            domain=unit_type.domain,
            strength=unit.strength if unit.strength is not None else unit_type.hit_points,
        )
    for leader in scenario.leaders:
        state.units[leader.id] = UnitState(
            leader.id, side=world.side_of[leader.nation], domain="land", leader=True
        )
    placed = [(u.id, u.location) for u in scenario.units] + [
        (x.id, x.location) for x in scenario.leaders
    ]
    for unit_id, location in placed:
        if location is None or location.aboard is not None:
            continue
        structure = location.structure
        region = world.structures[structure].region if structure else location.region
        assert region is not None
        place_unit(state, unit_id, region, structure)
        placed_unit = state.units[unit_id]
        if placed_unit.domain == "air":
            placed_unit.base = structure
    for unit_id, location in placed:
        if location is not None and location.aboard is not None:
            # Aboard a ship from the start: off the map, where the ship goes (sea transport).
            riding = state.units[unit_id]
            riding.status, riding.carrier = "aboard", location.aboard
    for unit in scenario.units:
        if unit.entrenched and unit.location is not None:
            stack = state.units[unit.id].stack
            if stack is not None:
                state.stacks[stack].entrenched = True
    state.stats = {
        "battles": 0,
        "sieges": 0,
        "losses": {side.id: 0 for side in scenario.sides},
        "vp_by_turn": [],
        "losses_by_turn": [],
    }
    return state


def new_stack(state: GameState, side: str, region: str, structure: str | None = None) -> StackState:
    stack = StackState(f"s{state.next_stack}", side, region, structure=structure)
    state.next_stack += 1
    state.stacks[stack.id] = stack
    stack_index.added(state, stack)
    return stack


def place_unit(state: GameState, unit_id: str, region: str, structure: str | None) -> None:
    """Put a unit on the map, joining its side's stack already there (or a new one).

    Aircraft never share a stack with ground units or ships: they move in other phases.
    """
    unit = state.units[unit_id]
    flying = unit.domain == "air"
    stack = next(
        (
            s
            for s in stack_index.index_of(state).in_region(region, unit.side)
            if s.structure == structure and (state.units[s.units[0]].domain == "air") == flying
        ),
        None,
    )
    if stack is None:
        stack = new_stack(state, unit.side, region, structure)
    stack.units.append(unit_id)
    stack_index.touched(state, stack)
    unit.stack = stack.id
    unit.status = "active"
