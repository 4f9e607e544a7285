"""OT1: setting units up again inside their side's setup zone, during the first turn's
planning (see :mod:`.zones` for the rule as Salient plays it).

A unit may be set up when its side plans turn 1, it stands on a hex of its side's setup
zone, the scenario does not fix it (OM20), and its stack has no order in the plan yet (set a
unit up first, then give its orders). The hex it goes to is another hex of the zone that no
enemy holds, with room for it (OM4, OH9). Every hex of the zone is listed as a legal action
for every unit that may be set up.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ... import board as places
from ...operational.movement import fits
from . import state, zones
from .actions import SetUp

if TYPE_CHECKING:
    from ...game import Game
    from ...operational import OpUnit


def _candidates(game: Game, side: str) -> dict[str, OpUnit]:
    """The side's units that may be set up now."""
    if game.state.turn != 1:
        return {}
    hexes = zones.setup_hexes(game, side)
    if not hexes:
        return {}
    orders = (game.state.wego or {}).get("orders", {}).get(side, {})
    out: dict[str, OpUnit] = {}
    for stack in game.state.stacks.values():
        if stack.side != side or stack.id in orders:
            continue
        for unit_id, unit in state.stack_units(game, stack).items():
            if unit.hex in hexes and zones.fixed_status(game, unit_id) is None:
                out[unit_id] = unit
    return out


def _why_not_there(
    game: Game, unit: OpUnit, hex_index: int, units: dict[str, OpUnit]
) -> str | None:
    board = state.board_of(game)
    hex_id = board.grid.ids[hex_index]
    if hex_index == unit.hex:
        return f"'{unit.id}' already stands on {hex_id}"
    if any(u.hex == hex_index and game.world.at_war(unit.side, u.side) for u in units.values()):
        return f"enemies hold {hex_id}"
    if not fits(board, units.values(), unit, hex_index):
        return f"{hex_id} has no room left for '{unit.id}' (OM4, OH9)"
    return None


def actions(game: Game, side: str) -> list[SetUp]:
    """Every setup open to ``side``: each unit that may be set up, to each hex of the zone
    that takes it."""
    movable = _candidates(game, side)
    if not movable:
        return []
    units = state.units(game)
    ids = state.board_of(game).grid.ids
    hexes = sorted(zones.setup_hexes(game, side))
    return [
        SetUp(unit_id, ids[h])
        for unit_id, unit in movable.items()
        for h in hexes
        if _why_not_there(game, unit, h, units) is None
    ]


def refusal(game: Game, side: str, action: SetUp) -> str:
    """Why ``side`` may not take the setup (empty when it may)."""
    if not isinstance(action.unit, str) or not isinstance(action.region, str):
        return "a setup names a unit and a hex"
    if game.state.turn != 1:
        return "units are set up only while the first turn is planned (OT1)"
    hexes = zones.setup_hexes(game, side)
    if not hexes:
        return f"'{side}' has no setup zone (OT1)"
    unit_state = game.state.units.get(action.unit)
    if unit_state is None or unit_state.side != side or unit_state.stack is None:
        return f"'{action.unit}' is not a unit of '{side}' on the map"
    fixed = zones.fixed_status(game, action.unit)
    if fixed is not None:
        return f"'{action.unit}' is {zones.describe(game, action.unit, fixed)}: it is not set up"
    stack = game.state.stacks[unit_state.stack]
    own = state.stack_units(game, stack).get(action.unit)
    if own is None:
        return f"'{action.unit}' is not a ground unit of the operational rules"
    if own.hex not in hexes:
        return f"'{action.unit}' stands outside the setup zone of '{side}'"
    if stack.id in (game.state.wego or {}).get("orders", {}).get(side, {}):
        return f"'{action.unit}' has an order already: cancel it to set the unit up"
    target = state.board_of(game).grid.find(action.region)
    if target is None:
        return f"'{action.region}' is not a hex of the map"
    if target not in hexes:
        return f"{action.region} is outside the setup zone of '{side}' (OT1)"
    return _why_not_there(game, own, target, state.units(game)) or ""


def apply(game: Game, side: str, action: SetUp) -> None:
    """Put the unit on its new hex (a setup that passed :func:`refusal`)."""
    unit_state = game.state.units[action.unit]
    assert unit_state.stack is not None
    stack = game.state.stacks[unit_state.stack]
    moving = stack if len(stack.units) == 1 else places.split(game, stack, [action.unit])
    places.relocate(game, moving, action.region)
    there = [s for s in places.stacks_in(game, action.region, side) if s.id != moving.id]
    if there:
        places.merge(game, there[0], [moving])
