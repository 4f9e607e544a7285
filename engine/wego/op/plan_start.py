"""Where a side's plan started this turn, under the operational rules: the places of its units
and its HQ moves before it took any planning action (what "Start again" brings the plan back
to, :func:`engine.wego.plan_state.fresh`).

The game keeps no copy of the board from before the plan, so it is worked out:

- **Places.** In the first turn the plan starts from the scenario's placement (setups, OT1,
  and breakdowns and combines happen only while planning, so the board before the plan is
  the one the scenario lays out). In later turns no setup is open, and the places before the
  plan are the places now with this turn's breakdowns and combines of the side undone, read
  from the log (``op_break_down`` and ``op_combine``, each naming the unit, its parts and the
  hex), newest first.
- **HQ moves (OO16).** An HQ moved under another corps stays there in later turns, so an HQ
  moved in this turn's plan goes back to the corps it had before: the last move of it in an
  earlier turn (an ``action`` record of the side, or an HQ move inside a revealed plan), else
  the scenario's corps.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from ...dice import Dice
from ...operational.hq import CommandTree
from ...setup import initial_state
from . import books

if TYPE_CHECKING:
    from ...game import Game

Places = tuple[tuple[str, str], ...]


def _this_turn(game: Game) -> Iterator[dict[str, Any]]:
    """The log's records of this turn, newest first."""
    turn = game.state.turn
    for record in reversed(game.log.records):
        if record.get("turn") != turn:
            return
        yield record


def _scenario_places(game: Game) -> dict[str, Places]:
    """Each side's units with their regions as the scenario places them, worked out once per
    scenario (the whole starting state is built: half a second on Kharkov's front, and the
    game view asks after every edit whether a plan holds anything)."""
    kept = game.world.kept
    found: dict[str, Places] | None = kept.get("op_scenario_places")
    if found is None:
        start = initial_state(game.world, Dice(game.seed, game.scenario.rules.dice.sides))
        by_side: dict[str, list[tuple[str, str]]] = {}
        for stack in start.stacks.values():
            by_side.setdefault(stack.side, []).extend((u, stack.region) for u in stack.units)
        found = kept["op_scenario_places"] = {s: tuple(sorted(p)) for s, p in by_side.items()}
    return found


def scenario_groups(game: Game, side: str) -> tuple[tuple[str, ...], ...]:
    """``side``'s stacks as the scenario forms them, each as its sorted units (OO1: where the
    first turn's detachments and joins are taken back to)."""
    kept = game.world.kept
    found: dict[str, list[tuple[str, ...]]] | None = kept.get("op_scenario_groups")
    if found is None:
        start = initial_state(game.world, Dice(game.seed, game.scenario.rules.dice.sides))
        found = {}
        for stack in start.stacks.values():
            found.setdefault(stack.side, []).append(tuple(sorted(stack.units)))
        kept["op_scenario_groups"] = found
    return tuple(sorted(found.get(side, ())))


def places(game: Game, side: str) -> Places:
    """Each unit of ``side`` on the map with its region, as they stood before its plan."""
    if game.state.turn == 1:
        return _scenario_places(game).get(side, ())
    here = dict(books.places(game, side))
    for record in _this_turn(game):
        kind = record.get("type")
        if kind not in ("op_break_down", "op_combine") or record.get("side_id") != side:
            continue
        unit, parts, region = record["unit"], record["parts"], record["region"]
        if kind == "op_break_down":  # its parts leave, the unit comes back on their hex
            for part in parts:
                here.pop(part, None)
            here[unit] = region
        else:
            here.pop(unit, None)
            here.update(dict.fromkeys(parts, region))
    return tuple(sorted(here.items()))


def _hq_moves(record: dict[str, Any]) -> Iterator[tuple[str, str]]:
    """The HQ moves (HQ, corps) an ``action`` record holds, in order."""
    action = record.get("action") or {}
    if action.get("kind") == "op_reassign_hq":
        yield action["hq"], action["corps"]
    elif action.get("kind") == "reveal_plan":  # a plan sealed by commitment, as revealed
        try:
            items = json.loads(action.get("orders", "[]"))
        except ValueError:
            return
        for item in items if isinstance(items, list) else ():
            if isinstance(item, dict) and item.get("kind") == "op_reassign_hq":
                yield item["hq"], item["corps"]


def parents(game: Game, side: str) -> tuple[tuple[str, str], ...]:
    """The side's HQs under another corps than the scenario's (OO16), as before its plan."""
    now = dict(books.parents(game, side))
    turn = game.state.turn
    moved = {
        hq
        for record in _this_turn(game)
        if record.get("type") == "action" and record.get("by") == side
        for hq, _ in _hq_moves(record)
    }
    if not moved:
        return tuple(sorted(now.items()))
    earlier: dict[str, str] = {}
    for record in game.log.records:
        if record.get("type") == "action" and record.get("by") == side and record["turn"] < turn:
            earlier.update((hq, corps) for hq, corps in _hq_moves(record) if hq in moved)
    tree = CommandTree.of(game.scenario).parent
    for hq in moved:
        corps = earlier.get(hq)
        if corps is None or tree.get(hq) == corps:
            now.pop(hq, None)
        else:
            now[hq] = corps
    return tuple(sorted(now.items()))
