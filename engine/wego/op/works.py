"""Engineers in a game of the operational family (OO14, OE2-OE7, OT8): the orders a side
gives them while it plans, the map's work kept between turns, and the rolls at the end of a
turn.

Kept in ``GameState.operational["works"]`` (saved with the game, checked by
:class:`engine.wego.save_models.OpWorksSave`):

- ``breached``: minefield hexsides breached, by hexside id (``c2r1-c3r1``);
- ``destroyed``: bridge hexsides destroyed;
- ``pontoons``: hex id -> the side whose engineers built the pontoon there;
- ``building``: hex id -> turns of pontoon work done so far;
- ``orders``: each side's engineer orders, unit id -> ``task`` and ``toward`` (the hex across
  the bridge for bridge work, empty otherwise): part of the side's hidden plan. An order
  stays in force turn after turn (OO14) until its work is done, another order replaces it,
  it is taken back, or it no longer applies where the engineer stands at the end of a turn.

**The engine API** (what the game view's plan panel calls): :func:`options` (the tasks an
engineer may take now), :func:`orders` (the side's orders, hidden from another ``viewer``),
:func:`marks` (what the map shows on hexsides, OE8), and the planning actions
:class:`~.actions.OrderEngineer` and :class:`~.actions.CancelEngineer` through ``game.apply``.

At the end of a turn (:func:`.work_turn.close_turn`, first of OT8's steps) each order is worked from
where its engineer stands: a breach rolls for every minefield hexside next to it (OE2), bridge
work rolls once (OE4), a pontoon counts a turn of work and is finished after
``pontoon_minor`` or ``pontoon_major`` turns (OE5); then every pontoon whose hex holds no
bridging engineer of its side, or has an enemy unit next to it, is removed (OE6).

Records: ``op_engineering`` ``{side_id, unit, task, region, hexsides, chance, roll, result}``
(``result``: ``breached``, ``destroyed``, ``repaired``, ``built``, ``building``, ``failed``
or ``dropped`` with a ``reason``); ``op_pontoon_removed`` ``{side_id, region, reason}``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from ...operational import OpBoard, OpUnit
from ...operational.works import (
    BRIDGE_TASKS,
    TASK_WORDS,
    Option,
    Works,
    breached_row,
    chance,
    is_river,
    pontoon_refusal,
    pontoon_turns,
    river_sides,
)
from ...operational.works import (
    options as unit_options,
)
from ..plan import give, only_own
from . import state
from .actions import CancelEngineer, OrderEngineer

if TYPE_CHECKING:
    from ...actions import Action
    from ...game import Game


@dataclass(frozen=True)
class EngineerOrder:
    """One engineer's order as a plan holds it."""

    unit: str
    task: str
    toward: str = ""


@dataclass(frozen=True)
class Mark:
    """OE8: an engineering mark on a hexside, as the map draws it."""

    hexside: str
    """The hexside id (``c2r1-c3r1``)."""
    kind: str
    """``breached``, ``destroyed``, ``pontoon``, ``crossing_site`` (the map's state and its
    marked crossing sites, OH11, seen by every side), an
    order's task planned there (``breach``, ``destroy_bridge``, ``repair_bridge``,
    ``pontoon_work``: the planning side's only), or one of those tasks with ``can_`` before it:
    what a selected engineer without an order could do there."""


# -- what the game keeps ---------------------------------------------------------------------------


def data(game: Game) -> dict[str, Any]:
    """``GameState.operational["works"]``, opened empty on first use."""
    kept = state.data(game)
    found = kept.get("works")
    if found is None:
        found = kept["works"] = {
            "breached": [],
            "destroyed": [],
            "pontoons": {},
            "building": {},
            "orders": {},
        }
    return found


def side_index(board: OpBoard, hexside_id: str) -> int | None:
    """The hexside number of a hexside id (``None`` when it names no hexside of the map)."""
    for cut in range(1, len(hexside_id)):
        if hexside_id[cut] != "-":
            continue
        a, b = board.grid.find(hexside_id[:cut]), board.grid.find(hexside_id[cut + 1 :])
        if a is not None and b is not None:
            return board.hexside(a, b)
    return None


def works_of(base: OpBoard, kept: dict[str, Any]) -> Works:
    """The kept work as board indices."""

    def sides(ids: list[str]) -> frozenset[int]:
        found = (side_index(base, text) for text in ids)
        return frozenset(s for s in found if s is not None)

    hexes = (base.grid.find(h) for h in kept["pontoons"])
    return Works(
        sides(kept["breached"]),
        sides(kept["destroyed"]),
        frozenset(h for h in hexes if h is not None),
    )


def works(game: Game) -> Works:
    kept = (game.state.operational or {}).get("works")
    return works_of(state.base_board(game), kept) if kept else Works()


def orders(game: Game, side: str, *, viewer: str | None = None) -> dict[str, EngineerOrder]:
    """The side's engineer orders in force, by unit id (part of its hidden plan: another
    ``viewer`` gets :class:`~engine.wego.plan.HiddenPlan`; ``None``: the umpire)."""
    only_own("the engineer orders", side, viewer)
    kept = (game.state.operational or {}).get("works") or {}
    given = kept.get("orders", {}).get(side, {})
    return {u: EngineerOrder(u, o["task"], o["toward"]) for u, o in sorted(given.items())}


# -- planning ----------------------------------------------------------------------------------


def _unit(game: Game, side: str, unit_id: object) -> OpUnit | None:
    if not isinstance(unit_id, str):
        return None
    found = game.state.units.get(unit_id)
    if found is None or found.stack is None:
        return None
    stack = game.state.stacks.get(found.stack)
    if stack is None or stack.side != side:
        return None
    return state.stack_units(game, stack).get(unit_id)


def options(game: Game, side: str, unit_id: str, *, viewer: str | None = None) -> list[Option]:
    """OO14: the tasks ``unit_id`` may take from where it stands (only the valid ones; none
    for a unit that is not one of the side's engineers)."""
    only_own("the engineer orders", side, viewer)
    unit = _unit(game, side, unit_id)
    if unit is None:
        return []
    return unit_options(state.base_board(game), works(game), unit)


def _option(game: Game, action: OrderEngineer) -> Option:
    board = state.base_board(game)
    toward = board.grid.find(action.toward) if action.toward else -1
    return Option(action.task, -1 if toward is None else toward)  # type: ignore[arg-type]


def refusal(game: Game, side: str, action: Action) -> str:
    """Why ``side`` may not take the engineer action now (empty when it may)."""
    if isinstance(action, CancelEngineer):
        if action.unit not in orders(game, side):
            return f"'{action.unit}' has no engineer order to take back"
        return ""
    if not isinstance(action, OrderEngineer):
        return f"'{action.kind}' is not an engineer action"
    if not isinstance(action.task, str) or not isinstance(action.toward, str):
        return "an engineer order's task and hex are text"
    if action.task not in TASK_WORDS:
        return f"'{action.task}' is not an engineer task ({', '.join(TASK_WORDS)})"
    unit = _unit(game, side, action.unit)
    if unit is None:
        return f"'{action.unit}' is not a unit of '{side}' on the map"
    if action.task in BRIDGE_TASKS and not action.toward:
        return "bridge work names the hex across the bridge"
    if _option(game, action) not in unit_options(state.base_board(game), works(game), unit):
        if action.task == "breach":
            return f"'{unit.id}' is no combat engineer next to a minefield to breach (OE2)"
        if unit.category != "bridging_engineer":
            return f"only bridging engineers do bridge work, and '{unit.id}' is none (OE3)"
        if action.task == "pontoon":
            why = pontoon_refusal(state.base_board(game), works(game), unit.hex)
            if why:
                return f"'{unit.id}' cannot build a pontoon here: {why}"
        return f"'{unit.id}' cannot {TASK_WORDS[action.task].lower()} from where it stands"
    if action.task != "breach":
        for other, order in orders(game, side).items():
            peer = _unit(game, side, other)
            if other != unit.id and order.task != "breach" and peer and peer.hex == unit.hex:
                return f"'{other}' already works in this hex: one engineering action a hex (OE5)"
    return ""


def actions(game: Game, side: str) -> list[Action]:
    """The side's open engineer actions: each engineer's valid tasks and the taking back
    of each order in force."""
    out: list[Action] = []
    given = orders(game, side)
    board = state.base_board(game)
    for unit_id in given:
        out.append(CancelEngineer(unit_id))
    for unit in state.units(game).values():
        if unit.side != side or unit.category not in ("combat_engineer", "bridging_engineer"):
            continue
        for option in unit_options(board, works(game), unit):
            toward = board.hex_ids[option.toward] if option.toward >= 0 else ""
            action = OrderEngineer(unit.id, option.task, toward)
            if not refusal(game, side, action):
                out.append(action)
    return out


def apply(game: Game, side: str, action: Action) -> None:
    """Carry out an engineer action that passed :func:`refusal`: a new order for the same
    engineer replaces the old one."""
    book = data(game)["orders"]
    if isinstance(action, CancelEngineer):
        book.get(side, {}).pop(action.unit, None)
    elif isinstance(action, OrderEngineer):
        give(book, side, action.unit, {"task": action.task, "toward": action.toward})


def option_words(game: Game, unit_id: str, option: Option) -> str:
    """An engineer's task in a player's words, with its chance per turn or the turns it
    takes (``Destroy bridge toward c4r1: 80% a turn``)."""
    board = state.base_board(game)
    unit = state.units(game).get(unit_id)
    words = TASK_WORDS.get(option.task, option.task)
    if option.task == "pontoon":
        turns = pontoon_turns(board, unit.hex) if unit is not None else 1
        return f"{words}: {turns} turn{'s' if turns != 1 else ''} of work"
    if option.task == "breach":
        return f"{words}: {round(board.rules.engineering.breach * 100)}% a turn for each"
    side = board.hexside(unit.hex, option.toward) if unit is not None else None
    odds = chance(board, option.task, side if side is not None else -1)
    return f"{words} toward {board.hex_ids[option.toward]}: {round(odds * 100)}% a turn"


def order_option(game: Game, order: EngineerOrder) -> Option:
    """The :class:`Option` an order in force stands for."""
    toward = state.base_board(game).grid.find(order.toward) if order.toward else None
    return Option(order.task, -1 if toward is None else toward)  # type: ignore[arg-type]


# -- the map -----------------------------------------------------------------------------------


def marks(game: Game, viewer: str | None, selected: tuple[str, ...] = ()) -> list[Mark]:
    """OE8: the hexsides to mark on the map: breached minefields, destroyed bridges,
    pontoons and the map's crossing sites on rivers (OH11; everyone sees them), where
    ``viewer``'s engineer orders work, and where those of its engineers among the
    ``selected`` unit ids that have no order could work."""
    kept = (game.state.operational or {}).get("works") or {
        "breached": [],
        "destroyed": [],
        "pontoons": {},
    }
    board = state.base_board(game)
    out = [Mark(h, "breached") for h in kept["breached"]]
    out += [Mark(h, "destroyed") for h in kept["destroyed"]]
    for hex_id in kept["pontoons"]:
        out += [Mark(board.grid.hexside_id(s), "pontoon") for s in rivers_of(board, hex_id)]
    out += [
        Mark(board.grid.hexside_id(s), "crossing_site")
        for s in np.flatnonzero(board.side_crossing).tolist()
        if is_river(board, s) and not board.side_bridge[s]  # a bridge's hex takes no pontoon
    ]
    if viewer is None:
        return out
    given = orders(game, viewer)
    wanted = {*given, *selected}
    if not wanted:
        return out  # the common case: nothing of the viewer's to mark, no unit to read
    units = _units_of(game, wanted)
    done = works(game)
    for unit_id, order in given.items():
        unit = units.get(unit_id)
        if unit is None:
            continue
        for side in order_sides(board, done, unit, order):
            kind = "pontoon_work" if order.task == "pontoon" else order.task
            out.append(Mark(board.grid.hexside_id(side), kind))
    for unit_id in selected:
        unit = units.get(unit_id)
        if unit is None or unit.side != viewer or unit_id in given:
            continue
        for option in unit_options(board, done, unit):
            toward = board.hex_ids[option.toward] if option.toward >= 0 else ""
            could = EngineerOrder(unit_id, option.task, toward)
            kind = "can_pontoon_work" if option.task == "pontoon" else f"can_{option.task}"
            out += [
                Mark(board.grid.hexside_id(s), kind) for s in order_sides(board, done, unit, could)
            ]
    return out


def _units_of(game: Game, unit_ids: set[str]) -> dict[str, OpUnit]:
    """The units among ``unit_ids`` on the map as the rules see them, reading only their
    stacks (the map redraws its marks as often as the plan changes)."""
    stacks = {game.state.units[u].stack for u in unit_ids if u in game.state.units}
    out: dict[str, OpUnit] = {}
    for stack_id in sorted(s for s in stacks if s is not None):
        stack = game.state.stacks.get(stack_id)
        if stack is not None:
            out.update(state.stack_units(game, stack))
    return {k: v for k, v in out.items() if k in unit_ids}


def rivers_of(board: OpBoard, hex_id: str) -> list[int]:
    found = board.grid.find(hex_id)
    return river_sides(board, found) if found is not None else []


def order_sides(board: OpBoard, done: Works, unit: OpUnit, order: EngineerOrder) -> list[int]:
    """The hexsides an order works on from the engineer's hex."""
    if order.task == "breach":
        return [
            int(s)
            for s in board.side_of[unit.hex]
            if s >= 0 and int(s) not in done.breached and breached_row(board, int(s)) is not None
        ]
    if order.task == "pontoon":
        return rivers_of(board, board.hex_ids[unit.hex])
    there = board.grid.find(order.toward)
    side = board.hexside(unit.hex, there) if there is not None else None
    return [side] if side is not None else []
