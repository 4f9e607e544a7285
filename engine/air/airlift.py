"""Air transport and paratroop drops (000 sections 3.2 and 8.3; issue 11), in the offensive
air movement phase.

Aircraft with a ``transport_capacity`` carry land units, counted in stacking points, the
capacities of the transports of one stack adding up. The units must stand inside the airport
the transports are based at, as the rulebook asks for boarding, and the flight is one trip out
and back within the transports' range (in regions, like every flight, A1):

- an **airlift** (``rules.transport.air``) sets the units down inside another friendly airport
  with room for land units (``capacity.land``), even one whose region the enemy holds around
  it (an air bridge to a besieged fortress);
- a **drop** (``rules.transport.paratroops``) puts units that all have the ``paratroop`` role
  down in the field of any land region in range: friendly, empty, or held by enemy units (then
  it needs a combat unit, a battle follows in the battles phase, fought like any other, and a
  search is tried against hidden enemies, V7).

Units carried have spent all their MP: they stay where they land for the rest of the turn and
may not be carried again that turn (so a unit makes at most one drop per turn). The transports
have flown for the phase and are back at their base. **Choice:** the rulebook says nothing of
enemy fire against transport flights; the engine fires no AA and tries no interception against
them, so escorting them is not modelled.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import board, movement
from ..actions import Action, Airlift, Drop
from ..errors import IllegalAction
from ..fog import search
from ..naval.transport import load_of, structure_room
from ..setup import new_stack
from ..state import StackState
from .basing import air_range, has_role, is_airport
from .movement import routes, why_grounded

if TYPE_CHECKING:
    from ..game import Game


def airlifts(game: Game) -> bool:
    return game.scenario.rules.transport.air


def drops(game: Game) -> bool:
    return airlifts(game) and game.scenario.rules.transport.paratroops


def capacity(game: Game, stack: StackState) -> int:
    """Stacking points of land units the aircraft of ``stack`` carry together."""
    total = 0
    for unit_id in stack.units:
        unit_type = game.world.unit_type(unit_id)
        if unit_type is not None and game.state.units[unit_id].domain == "air":
            total += unit_type.transport_capacity
    return total


def _load(game: Game, units: list[str]) -> int:
    return sum(load_of(game, u) for u in units)


def _own(game: Game, stack_id: str) -> StackState:
    stack = game.state.stacks.get(stack_id)
    if stack is None or stack.side != game.active_side:
        raise IllegalAction(f"'{stack_id}' is not a stack of the side to move")
    return stack


def _why_not_aboard(
    game: Game, planes: StackState, troops: StackState, units: list[str]
) -> str | None:
    """Why ``units`` of ``troops`` may not fly with the transports ``planes``, or ``None``."""
    if capacity(game, planes) <= 0:
        return "these aircraft carry no troops (no transport capacity)"
    reason = why_grounded(game, planes)
    if reason is not None:
        return reason
    if troops.structure != planes.structure or troops.region != planes.region:
        return "the troops must stand inside the airport the transports are based at"
    if not units or set(units) - set(troops.units):
        return "carry some of the stack's own units"
    if any(game.state.units[u].domain != "land" for u in units):
        return "only land units are carried by air"
    if troops.moved:
        return "this stack has already moved this phase"
    reason = movement.why_immobile(game, StackState(troops.id, troops.side, troops.region, units))
    if reason is not None:
        return reason
    need, room = _load(game, units), capacity(game, planes)
    if need > room:
        return f"the transports carry {room} stacking points, the units need {need}"
    return None


def airlift_refusal(game: Game, action: Airlift) -> str | None:
    """Why ``action`` may not be carried out now, or ``None``."""
    if not airlifts(game):
        return "air transport is off (rules.transport.air)"
    planes, troops = _own(game, action.transports), _own(game, action.stack)
    units = _units(troops, action.units)
    reason = _why_not_aboard(game, planes, troops, units)
    if reason is not None:
        return reason
    structure = game.world.structures.get(action.structure)
    if structure is None or not is_airport(game, action.structure):
        return f"'{action.structure}' is no airport"
    if board.side_of_structure(game, action.structure) != planes.side:
        return "air transport lands only at friendly airports"
    if structure.region not in routes(game, planes):
        return f"'{action.structure}' is out of the transports' range"
    if not structure_room(game, action.structure, planes.side, _load(game, units)):
        return f"'{action.structure}' has no room for these units"
    return None


def drop_refusal(game: Game, action: Drop) -> str | None:
    """Why ``action`` may not be carried out now, or ``None``."""
    if not drops(game):
        return "paratroop drops are off (rules.transport.paratroops)"
    planes, troops = _own(game, action.transports), _own(game, action.stack)
    units = _units(troops, action.units)
    reason = _why_not_aboard(game, planes, troops, units)
    if reason is not None:
        return reason
    jumpers = [u for u in units if not game.state.units[u].leader]
    if not jumpers or not all(has_role(game, u, "paratroop") for u in jumpers):
        return "only units with the paratroop role jump"
    region = action.region
    if region not in routes(game, planes):
        return f"'{region}' is out of the transports' range"
    if game.world.domain(region) != "land":
        return "paratroops jump over land"
    enemies = movement.enemy_here(game, region, planes.side)
    if enemies and not any(board.is_combat(game, game.state.units[u]) for u in units):
        return "only a drop with a combat unit may land where enemy units stand"
    if not enemies:
        limit = game.world.land_stacking(region, game.world.regions[region].network)
        if movement.region_load(game, region, planes.side) + _load(game, units) > limit:
            return f"the units would break the stacking limit of '{region}'"
    return None


def _units(troops: StackState, named: tuple[str, ...]) -> list[str]:
    return list(dict.fromkeys(named)) if named else list(troops.units)


# -- the phase's part ----------------------------------------------------------------------------


def actions(game: Game) -> list[Action]:
    """Airlifts and drops of whole stacks open now (parts of stacks are equivalents)."""
    if not airlifts(game):
        return []
    side = game.active_side
    stacks = sorted((s for s in game.state.stacks.values() if s.side == side), key=lambda s: s.id)
    out: list[Action] = []
    for planes in stacks:
        if planes.structure is None or capacity(game, planes) <= 0:
            continue
        if why_grounded(game, planes) is not None:
            continue
        reach = routes(game, planes)
        for troops in stacks:
            if troops is planes or troops.structure != planes.structure:
                continue
            if _why_not_aboard(game, planes, troops, list(troops.units)) is not None:
                continue
            for structure in game.world.scenario.structures:
                if structure.region in reach:
                    lift = Airlift(planes.id, troops.id, structure.id)
                    if airlift_refusal(game, lift) is None:
                        out.append(lift)
            if drops(game):
                for region in reach:
                    drop = Drop(planes.id, troops.id, region)
                    if drop_refusal(game, drop) is None:
                        out.append(drop)
    return out


def check(game: Game, action: Airlift | Drop) -> None:
    reason = (
        airlift_refusal(game, action) if isinstance(action, Airlift) else drop_refusal(game, action)
    )
    if reason is not None:
        raise IllegalAction(reason)


def apply(game: Game, action: Airlift | Drop) -> None:
    planes, troops = _own(game, action.transports), _own(game, action.stack)
    units = _units(troops, action.units)
    if isinstance(action, Airlift):
        structure: str | None = action.structure
        region = game.world.structures[action.structure].region
    else:
        structure, region = None, action.region
    origin = troops.region
    stack = new_stack(game.state, troops.side, region, structure)
    for unit_id in units:
        unit = game.state.units[unit_id]
        board.remove_from_stack(game, unit)
        unit.stack = stack.id
        unit.carried_turn = game.turn
        unit.mp_spent = float(movement.unit_movement(game, unit_id))
        stack.units.append(unit_id)
    for plane in planes.units:
        # There and back in one flight: the transports are home, and have flown this phase.
        game.state.units[plane].mp_spent = float(max(1, air_range(game, plane)))
    enemies = movement.enemy_here(game, region, stack.side) if structure is None else []
    game.record(
        "airlift" if isinstance(action, Airlift) else "drop",
        transports=planes.id,
        stack=stack.id,
        origin=origin,
        region=region,
        structure=structure,
        units=units,
        opposed=bool(enemies),
    )
    if enemies:
        search(game, stack, region)
    elif structure is None and board.side_of_region(game, region) != stack.side:
        board.capture_region(game, region, stack.side)
