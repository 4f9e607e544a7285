"""OO1: a chosen part of a stack gets its own order (issue 15).

A WEGO order moves a stack whole (docs/wego.md), so to send some of a stack's units one way
and the rest another the side first detaches them (:class:`.actions.Detach`): at once, while
it plans, they leave their stack and form a stack of their own on the same hex, which then
takes its own order like any other stack. :class:`.actions.Join` puts stacks of the side
standing on one hex back into one (what the plan's Undo uses to take a detachment back).

Choices (docs/rules-operational.md, OO1):

- Only the side's own units, some but not all of one stack, and only while that stack has no
  order in the plan (cancel it first: the order was given to the stack as it was). Stacks
  joined must stand on one hex, and none may have an order.
- The stacking limit counts every unit on a hex whatever stack holds it (OH9, OM4), so a
  detachment changes nothing there; in execution each part moves, waits for room (a jam)
  and fights as a stack of its own.
- The parts stay separate stacks after the turn, wherever they end (two stacks ending on one
  hex are not merged: each still has its own place in the film and its own order in the
  next plan). The side joins them again with :class:`.actions.Join` in any later plan.

Both actions are planning actions, so they are hidden from the other side, kept in a save
made mid-plan (the board holds the new stack), carried by a plan sealed by commitment (they
name units, not stacks, so a reveal finds them whatever ids the stacks get) and taken back by
the plan's Undo (:mod:`engine.wego.plan_state` compares the side's stacks as groups of units:
:func:`groups`, :func:`next_action`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ... import board as places
from ..route_finding import movable
from .actions import Detach, Join

if TYPE_CHECKING:
    from ...game import Game
    from ...state import StackState

Groups = tuple[tuple[str, ...], ...]
"""The side's stacks, each as its sorted units, sorted."""


def _ordered(game: Game, side: str, stack_id: str) -> bool:
    return stack_id in (game.state.wego or {}).get("orders", {}).get(side, {})


def _stacks_of(game: Game, side: str, units: object) -> tuple[list[StackState], str]:
    """The side's stacks holding ``units`` (in the order the units name them), or why the
    units cannot be taken."""
    if not isinstance(units, tuple) or not units:
        return [], "name at least one unit"
    if len(set(units)) != len(units):
        return [], "a unit is named twice"
    found: list[StackState] = []
    for unit_id in units:
        unit = game.state.units.get(unit_id) if isinstance(unit_id, str) else None
        stack = game.state.stacks.get(unit.stack or "") if unit is not None else None
        if unit is None or stack is None or unit.side != side:
            return [], f"'{unit_id}' is not a unit of '{side}' on the map"
        if not movable(game, stack):
            return [], f"'{unit_id}' is an aircraft: aircraft are not given WEGO orders"
        if stack not in found:
            found.append(stack)
    for stack in found:
        if _ordered(game, side, stack.id):
            return [], f"stack '{stack.id}' has an order already: cancel it first (OO1)"
    return found, ""


def refusal(game: Game, side: str, action: Detach | Join) -> str:
    """Why ``side`` may not take ``action`` now (empty when it may)."""
    stacks, why = _stacks_of(game, side, action.units)
    if why:
        return why
    if isinstance(action, Detach):
        if len(stacks) != 1:
            return "the units detached must come from one stack (OO1)"
        if len(action.units) == len(stacks[0].units):
            return f"that is all of stack '{stacks[0].id}': it is ordered as it is (OO1)"
        return ""
    if len(stacks) < 2:
        return "name units of at least two stacks to join (OO1)"
    if len({(s.region, s.structure) for s in stacks}) != 1:
        return "only stacks standing on one hex join (OO1)"
    return ""


def apply(game: Game, side: str, action: Detach | Join) -> None:
    """Carry out an action that passed :func:`refusal`."""
    stacks, _ = _stacks_of(game, side, action.units)
    if isinstance(action, Detach):
        source = stacks[0]
        part = places.split(game, source, list(action.units))
        game.record(
            "op_detach",
            side_id=side,
            region=part.region,
            stack=part.id,
            units=list(action.units),
            rest=list(source.units),
        )
        return
    into, others = stacks[0], stacks[1:]
    parts = [list(s.units) for s in stacks]
    places.merge(game, into, others)
    game.record("op_join", side_id=side, region=into.region, stack=into.id, parts=parts)


def actions(game: Game, side: str) -> list[Detach | Join]:
    """Detaching each unit of every stack of two or more units without an order, and joining
    every other stack without an order on a hex to the first there (the open actions of the
    kind; :func:`refusal` takes any part of a stack, and any stacks of one hex)."""
    out: list[Detach | Join] = []
    by_place: dict[tuple[str, str | None], list[StackState]] = {}
    for stack in sorted(game.state.stacks.values(), key=lambda s: s.id):
        if stack.side != side or not movable(game, stack) or _ordered(game, side, stack.id):
            continue
        if len(stack.units) > 1:
            out += [Detach((unit,)) for unit in stack.units]
        by_place.setdefault((stack.region, stack.structure), []).append(stack)
    for stacks in by_place.values():
        first = stacks[0]
        out += [Join((first.units[0], other.units[0])) for other in stacks[1:]]
    return out


# -- the plan as groups of units (Undo) ---------------------------------------------------------


def groups(game: Game, side: str) -> Groups:
    """``side``'s stacks now, each as its sorted units."""
    return tuple(
        sorted(tuple(sorted(s.units)) for s in game.state.stacks.values() if s.side == side)
    )


def regrouped(now: Groups, wanted: Groups) -> set[str]:
    """The units whose stack holds other units in ``now`` than in ``wanted``: their stacks'
    orders are taken back before they are detached or joined."""
    here = {u: g for g in now for u in g}
    there = {u: g for g in wanted for u in g}
    return {u for u in here.keys() & there.keys() if here[u] != there[u]}


def next_action(now: Groups, wanted: Groups) -> Detach | Join | None:
    """One detachment or join toward ``wanted``, or ``None`` (units in only one of them,
    formed or taken away by a breakdown, a combine or a setup, are left out)."""
    common = {u for g in now for u in g} & {u for g in wanted for u in g}
    for group in now:
        if group in wanted:
            continue
        pieces = [tuple(u for u in w if u in group) for w in wanted]
        pieces = [p for p in pieces if p]
        if len(pieces) > 1:
            return Detach(pieces[0])
    for group in wanted:
        if group in now:
            continue
        holders = [g for g in now if common.intersection(g) & set(group)]
        if len(holders) > 1:
            return Join(tuple(next(u for u in g if u in group) for g in holders))
    return None


def _this_turn(game: Game) -> list[dict[str, Any]]:
    """The log's records of this turn, newest first."""
    turn = game.state.turn
    found: list[dict[str, Any]] = []
    for record in reversed(game.log.records):
        if record.get("turn") != turn:
            break
        found.append(record)
    return found


def start_groups(game: Game, side: str) -> Groups:
    """``side``'s stacks as they stood before its plan (what "Start again" brings the plan
    back to): on the first turn the scenario's, else the stacks now with this turn's
    detachments, joins, breakdowns and combines of the side undone, newest first (a unit
    broken down or combined is counted alone: its organisation is undone by a combine or a
    breakdown, which leaves it so)."""
    if game.state.turn == 1:
        from .plan_start import scenario_groups

        return scenario_groups(game, side)
    stacks = [set(g) for g in groups(game, side)]
    for record in _this_turn(game):
        kind = record.get("type")
        if record.get("side_id") != side:
            continue
        if kind == "op_detach":
            moved, rest = set(record["units"]), set(record["rest"])
            # The part goes back into the stack it left (a unit of it broken down later is
            # counted alone by then, so every group touching the two is folded in).
            touched = moved | rest
            back = set(touched)
            for group in stacks:
                if group & touched:
                    back |= group
            stacks = [g for g in stacks if not g & touched] + [back]
        elif kind == "op_join":
            joined = {u for part in record["parts"] for u in part}
            stacks = [g for g in stacks if not g & joined] + [set(p) for p in record["parts"]]
        elif kind == "op_break_down":
            stacks = [g - set(record["parts"]) for g in stacks] + [{record["unit"]}]
        elif kind == "op_combine":
            stacks = [g - {record["unit"]} for g in stacks] + [{p} for p in record["parts"]]
        stacks = [g for g in stacks if g]
    return tuple(sorted(tuple(sorted(g)) for g in stacks))
