"""OU12-OU14, OT1: breaking units down and combining them again while a side plans.

Both are planning actions (:class:`.actions.BreakDown`, :class:`.actions.Combine`) carried
out at once, like a setup, so the side sees the new units on the map and gives them their
orders in the same plan:

- **Break down** (OU12, OU13): the unit leaves the map and its three parts
  (:mod:`engine.operational.breakdown`) stand in its place, each in a stack of its own on
  its hex (a WEGO order moves a stack whole), each with its strength, readiness, dug-in
  state, quality and LOC state.
- **Combine** (OU14): three parts of one unit standing on one hex become that unit again,
  in the stack of its first part, with the average strength and readiness, dug in when all
  three were.

In the setup (turn 1, the unit in its side's setup zone, OT1) both are free. In play the
units formed stay where they are for the rest of the turn (``organisation.whole_turn``):
only Hold, Defend and Hold at all costs are open to their stack.
A stack with an order in the plan neither breaks down nor combines: cancel the order first.
Combining parts that were broken down in the same plan takes the breakdown back (the unit
comes back as it was, free to move), as the plan is only intentions until it is sealed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ... import stack_index
from ...operational.breakdown import Part, combined, refusal, split
from ...operational.movement import stacking_limit
from ...operational.units import stacking_points
from ...state import UnitState
from . import state, zones
from .actions import BreakDown, Combine

if TYPE_CHECKING:
    from schemas.operational.organisation import OrganisationRules

    from ...game import Game
    from ...operational import OpUnit
    from ...state import StackState
    from ..orders import Order

STAYING = ("order_hold", "order_defend", "order_hold_all")
"""The order kinds open to a stack holding a unit formed this turn (OU13, OU14): it stays
put whatever happens (Withdraw if attacked may move it)."""


def _formed(game: Game) -> dict[str, int]:
    """``GameState.operational["formed"]``: each unit broken down or combined in play, with
    the turn it happened (it stays in its hex that turn)."""
    found: dict[str, int] = state.data(game).setdefault("formed", {})
    return found


def formed_now(game: Game, unit_id: str) -> bool:
    """Whether ``unit_id`` was formed by a breakdown or a combine in play this turn."""
    kept = game.state.operational
    return kept is not None and kept.get("formed", {}).get(unit_id) == game.state.turn


def parts(game: Game, unit_id: str) -> list[Part]:
    """The parts of ``unit_id`` (empty when it does not break down)."""
    kept = game.world.kept
    by_parent: dict[str, list[Part]] | None = kept.get("op_parts_by_parent")
    if by_parent is None:
        by_parent = kept["op_parts_by_parent"] = {}
        for part in game.world.parts.values():
            by_parent.setdefault(part.parent, []).append(part)
    return list(by_parent.get(unit_id, ()))


def _in_setup(game: Game, side: str, unit: OpUnit) -> bool:
    """OT1: the unit is being set up (turn 1, inside its side's setup zone): free."""
    return game.state.turn == 1 and unit.hex in zones.setup_hexes(game, side)


def _ordered(game: Game, side: str, stack_id: str | None) -> bool:
    return stack_id in (game.state.wego or {}).get("orders", {}).get(side, {})


def _own(
    game: Game, side: str, unit_id: object, *, formed: bool = False
) -> tuple[OpUnit | None, str]:
    """The side's unit on the map as the rules see it, or why there is none (``formed``: a
    unit formed this turn is not refused)."""
    if not isinstance(unit_id, str):
        return None, "a breakdown or a combine names a unit"
    unit_state = game.state.units.get(unit_id)
    if unit_state is None or unit_state.side != side or unit_state.stack is None:
        return None, f"'{unit_id}' is not a unit of '{side}' on the map"
    stack = game.state.stacks[unit_state.stack]
    own = state.stack_units(game, stack).get(unit_id)
    if own is None:
        return None, f"'{unit_id}' is not a ground unit of the operational rules"
    if _ordered(game, side, stack.id):
        return None, f"the stack of '{unit_id}' has an order already: cancel it first"
    if not formed and formed_now(game, unit_id):
        return None, f"'{unit_id}' was formed this turn: it does nothing else (OU13, OU14)"
    return own, ""


# -- break down ------------------------------------------------------------------------------------


def break_refusal(game: Game, side: str, action: BreakDown) -> str:
    """Why ``side`` may not break the unit down now (empty when it may)."""
    world = game.world
    if isinstance(action.unit, str) and action.unit in world.parts:
        parent = world.parts[action.unit].parent
        return f"'{action.unit}' is a part of '{parent}': parts do not break down further (OU12)"
    own, why = _own(game, side, action.unit)
    if own is None:
        return why
    if zones.held(game, own) is not None:
        return f"'{own.id}' is fixed in place by the scenario: it does not break down (OM20)"
    pieces = parts(game, own.id)
    board = state.board_of(game)
    rules = board.rules.organisation
    return refusal(
        rules,
        own,
        breakable=bool(pieces),
        board=board,
        others=_on_hex(game, own),
        parts=split(own, pieces),
    )


def _on_hex(game: Game, unit: OpUnit) -> list[OpUnit]:
    """Every unit on ``unit``'s hex, of any side (read from the stacks there only)."""
    from ... import board as places

    region = state.board_of(game).grid.ids[unit.hex]
    out: list[OpUnit] = []
    for stack in places.stacks_in(game, region):
        out.extend(state.stack_units(game, stack).values())
    return out


def _unit_state(game: Game, unit_id: str, side: str) -> UnitState:
    found = game.state.units.get(unit_id)
    if found is None:
        found = game.state.units[unit_id] = UnitState(unit_id, side, "land", status="removed")
    return found


def _keep(game: Game, unit: OpUnit, *, quality: bool) -> None:
    state.store(game, unit, quality=quality)
    from . import supply

    supply.data(game)["loc"][unit.id] = unit.loc


def break_down(game: Game, side: str, action: BreakDown) -> None:
    """Carry out a breakdown that passed :func:`break_refusal`."""
    from ... import board as places

    unit_state = game.state.units[action.unit]
    assert unit_state.stack is not None
    stack = game.state.stacks[unit_state.stack]
    own = state.stack_units(game, stack)[action.unit]
    lowered = bool((state.data(game)["units"].get(own.id) or {}).get("quality"))
    setup = _in_setup(game, side, own)
    moving = stack if len(stack.units) == 1 else places.split(game, stack, [action.unit])
    pieces = parts(game, own.id)
    ids = [p.id for p in pieces]
    moving.units = list(ids)
    unit_state.stack, unit_state.status = None, "removed"
    for made in split(own, pieces):
        part_state = _unit_state(game, made.id, side)
        part_state.side, part_state.stack, part_state.status = side, moving.id, "active"
        part_state.strength = unit_state.strength
        part_state.mp_spent = unit_state.mp_spent
        _keep(game, made, quality=lowered)
        if not setup and board_rules(game).whole_turn:
            _formed(game)[made.id] = game.state.turn
    stack_index.touched(game.state, moving)
    # A WEGO order moves a stack whole: each part stands in a stack of its own, so that each
    # may be given its own orders.
    for part_id in ids[1:]:
        places.split(game, moving, [part_id])
    state.forget(game, own.id)
    game.record(
        "op_break_down", unit=own.id, side_id=side, region=moving.region, parts=ids, setup=setup
    )


# -- combine ---------------------------------------------------------------------------------------


def combine_refusal(game: Game, side: str, action: Combine) -> str:
    """Why ``side`` may not combine the parts into ``action.unit`` now (empty when it may)."""
    if not isinstance(action.unit, str):
        return "a combine names the unit the parts make"
    pieces = parts(game, action.unit)
    if not pieces:
        return f"'{action.unit}' has no parts to combine (OU14)"
    whole = game.state.units.get(action.unit)
    if whole is None or whole.side != side:
        return f"'{action.unit}' is not a unit of '{side}'"
    found: list[OpUnit] = []
    back = taking_back(game, action.unit)
    for piece in pieces:
        unit_state = game.state.units.get(piece.id)
        if unit_state is None or unit_state.status != "active":
            return f"'{piece.id}' is not on the map: three parts combine, no fewer (OU14)"
        own, why = _own(game, side, piece.id, formed=back)
        if own is None:
            return why
        found.append(own)
    if len({u.hex for u in found}) != 1:
        return "the three parts must stand on one hex to combine (OU14)"
    board = state.board_of(game)
    here = found[0].hex
    others = [u for u in _on_hex(game, found[0]) if u not in found]
    whole_unit = _whole(game, found[0], action.unit)
    used = sum(stacking_points(board.rules, u) for u in others)
    need = stacking_points(board.rules, whole_unit)
    room = stacking_limit(board, here) - used
    if need > room + 1e-9:
        return f"'{action.unit}' needs {need:g} SP and the hex has {room:g} left (OM4, OH9)"
    return ""


def taking_back(game: Game, unit_id: str) -> bool:
    """Whether combining ``unit_id`` now takes back its breakdown of this turn's plan: its
    three parts were all formed this turn (a plan is only intentions until it is sealed, so
    the unit comes back as it was, free to take any order)."""
    return all(formed_now(game, p.id) for p in parts(game, unit_id))


def _whole(game: Game, part: OpUnit, unit_id: str) -> OpUnit:
    """The unit the parts make, as the rules see it (from the scenario's values)."""
    from dataclasses import replace

    from ...operational import make_unit

    world = game.world
    kind = world.unit_type(unit_id)
    placed = world.units[unit_id]
    assert kind is not None and kind.operational is not None
    made = make_unit(unit_id, part.side, part.hex, kind.operational, placed.operational)
    return replace(made, loc=part.loc)


def combine(game: Game, side: str, action: Combine) -> None:
    """Carry out a combine that passed :func:`combine_refusal`."""
    from dataclasses import replace

    from ... import board as places

    pieces = parts(game, action.unit)
    first = game.state.units[pieces[0].id]
    assert first.stack is not None
    stack: StackState = game.state.stacks[first.stack]
    on_map = state.units(game)
    found = [on_map[p.id] for p in pieces]
    values = combined(found)
    setup = _in_setup(game, side, found[0])
    back = taking_back(game, action.unit)
    lowered = any((state.data(game)["units"].get(p.id) or {}).get("quality") for p in pieces)
    at = stack.units.index(first.id)
    stack.units.insert(at, action.unit)
    whole = game.state.units[action.unit]
    whole.stack, whole.status, whole.side = stack.id, "active", side
    for piece in pieces:
        places.remove_from_stack(game, game.state.units[piece.id])
        game.state.units[piece.id].status = "removed"
        state.forget(game, piece.id)
        _formed(game).pop(piece.id, None)
    made = replace(
        _whole(game, found[0], action.unit),
        strength=values.strength,
        readiness=values.readiness,
        dug_in=values.dug_in,
        quality=values.quality,  # type: ignore[arg-type]
    )
    _keep(game, made, quality=lowered)
    if not setup and not back and board_rules(game).whole_turn:
        _formed(game)[action.unit] = game.state.turn
    stack_index.touched(game.state, stack)
    game.record(
        "op_combine",
        unit=action.unit,
        side_id=side,
        region=stack.region,
        parts=[p.id for p in pieces],
        setup=setup,
        taken_back=back,
    )


# -- what the plan reads ---------------------------------------------------------------------------


def board_rules(game: Game) -> OrganisationRules:
    """``rules.operational.organisation``."""
    return state.board_of(game).rules.organisation


def actions(game: Game, side: str) -> list[BreakDown | Combine]:
    """Every breakdown and combine open to ``side`` now."""
    out: list[BreakDown | Combine] = []
    world = game.world
    if not world.parts:
        return out
    parents = {p.parent for p in world.parts.values()}
    for unit_id, unit_state in game.state.units.items():
        if unit_state.side != side:
            continue
        if unit_id in parents and unit_state.status == "active":
            down = BreakDown(unit_id)
            if not break_refusal(game, side, down):
                out.append(down)
        elif unit_id in parents and unit_state.status == "removed":
            whole = Combine(unit_id)
            if not combine_refusal(game, side, whole):
                out.append(whole)
    return out


def stay_refusal(game: Game, stack: StackState, order: Order) -> str | None:
    """OU13, OU14: why ``stack`` may not take ``order`` because a unit of it was formed this
    turn, or ``None``."""
    if order.kind in STAYING:
        return None
    for unit_id in stack.units:
        if formed_now(game, unit_id):
            return f"'{unit_id}' was formed this turn: it stays in its hex (OU13, OU14)"
    return None


def holds_formed(game: Game, stack: StackState) -> bool:
    """Whether ``stack`` holds a unit formed this turn (the cheap question first)."""
    kept = game.state.operational
    if kept is None or not kept.get("formed"):
        return False
    return any(formed_now(game, u) for u in stack.units)
