"""The operational state of a game: each unit's strength %, readiness % and dug-in state
(and its quality once play lowered it), and what the running turn did to them (MP used,
damage taken), kept as plain JSON in ``GameState.operational`` so a save holds it; the rules
see it as :class:`~engine.operational.units.OpUnit` records built from it, the stacks' places
and each unit's LOC state kept by :mod:`.supply`.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, cast

from ...operational import OpBoard, OpUnit, make_unit
from ...operational.units import LocState

if TYPE_CHECKING:
    from ...game import Game
    from ...state import StackState


@dataclass(frozen=True)
class Night:
    """The time of day and the weather of a turn (OT4, OW1)."""

    night: bool
    weather: str
    movement: float
    """OW1: MP multiplier of land units."""
    recovery: float
    """OW1: readiness recovery multiplier."""

    @property
    def frozen(self) -> bool:
        """OW1: rivers are frozen (their movement limits lifted)."""
        return self.weather == "frozen"


_BOARDS: weakref.WeakKeyDictionary[Game, OpBoard] = weakref.WeakKeyDictionary()


_WORKED: weakref.WeakKeyDictionary[Game, tuple[Any, OpBoard]] = weakref.WeakKeyDictionary()


def base_board(game: Game) -> OpBoard:
    """The scenario's board, before any engineer's work (built once per game)."""
    found = _BOARDS.get(game)
    if found is None:
        found = _BOARDS[game] = OpBoard.of(game.scenario)
    return found


def board_of(game: Game) -> OpBoard:
    """The board as it stands: the scenario's, with the engineers' work done so far
    (breached minefields, destroyed bridges, pontoons: :mod:`.works`), built again only
    when that work changes."""
    base = base_board(game)
    kept = (game.state.operational or {}).get("works")
    if not kept or not (kept["breached"] or kept["destroyed"] or kept["pontoons"]):
        return base
    key = (tuple(kept["breached"]), tuple(kept["destroyed"]), tuple(kept["pontoons"]))
    cached = _WORKED.get(game)
    if cached is not None and cached[0] == key:
        return cached[1]
    from ...operational.works import worked_board
    from .works import works_of

    board = worked_board(base, works_of(base, kept))
    _WORKED[game] = (key, board)
    return board


def data(game: Game) -> dict[str, Any]:
    """``GameState.operational``, opened on first use: ``units`` (id to ``strength``,
    ``readiness``, ``dug_in``), ``turn`` (``used``: id to [MP used, allowance] for units
    that moved; ``damage``: id to % damage taken this turn) and ``supply`` (LOC states,
    pools, supply orders and HQ moves: :mod:`.supply`)."""
    state = game.state
    if state.operational is None:
        state.operational = {"units": {}, "turn": {"used": {}, "damage": {}}}
    return state.operational


def clock(game: Game, turn: int | None = None) -> Night:
    """OT4, OW1: whether ``turn`` (the current one by default) is a night turn and its
    weather, from ``rules.operational.turns``."""
    rules = board_of(game).rules.turns
    number = game.state.turn if turn is None else turn
    slot = rules.first + number - 1
    night = rules.pattern[slot % len(rules.pattern)] == "night"
    day = slot // len(rules.pattern)
    weather = rules.weather[min(day, len(rules.weather) - 1)] if rules.weather else "good"
    effect = rules.effects.get(weather)
    if effect is None:
        return Night(night, weather, 1.0, 1.0)
    return Night(night, weather, effect.movement, effect.recovery)


def units(game: Game) -> dict[str, OpUnit]:
    """Every land unit on the map whose type has operational values, as the rules see it,
    in id order."""
    out: dict[str, OpUnit] = {}
    for stack in game.state.stacks.values():
        out.update(stack_units(game, stack))
    return dict(sorted(out.items()))


def stack_units(game: Game, stack: StackState) -> dict[str, OpUnit]:
    """The units of one stack as the rules see them (those with operational values), each
    with its kept LOC state (:mod:`.supply`)."""
    if data(game).get("supply") is None:
        from . import supply

        supply.data(game)  # the first trace of the game (or of a save made before it)
    board = board_of(game)
    world = game.world
    stored = data(game)["units"]
    hex_index = board.grid.find(stack.region)
    out: dict[str, OpUnit] = {}
    if hex_index is None:
        return out
    for unit_id in stack.units:
        unit = game.state.units[unit_id]
        kind = world.unit_type(unit_id)
        if unit.domain != "land" or kind is None or kind.operational is None:
            continue
        placed = world.units.get(unit_id)
        made = make_unit(
            unit_id,
            stack.side,
            hex_index,
            kind.operational,
            placed.operational if placed is not None else None,
            loc=_loc(game, unit_id),
        )
        own = stored.get(unit_id)
        if own is not None:
            made = replace(
                made, strength=own["strength"], readiness=own["readiness"], dug_in=own["dug_in"]
            )
            if own.get("quality"):  # OQ11: lowered in play when its HQ was destroyed
                made = replace(made, quality=own["quality"])
        out[unit_id] = made
    return out


def _loc(game: Game, unit_id: str) -> LocState:
    """OQ7: the unit's state at the last trace (Supported for a unit not traced yet)."""
    kept = data(game).get("supply")
    found = kept["loc"].get(unit_id) if kept is not None else None
    return cast(LocState, found) if found is not None else "supported"


def store(game: Game, unit: OpUnit, *, quality: bool = False) -> None:
    """Keep ``unit``'s changing values (rounded to 1e-6, so saves stay short and exact); its
    quality once play has changed it (``quality=True`` or an earlier change, OQ11)."""
    kept = data(game)["units"]
    record: dict[str, Any] = {
        "strength": round(unit.strength, 6),
        "readiness": round(unit.readiness, 6),
        "dug_in": unit.dug_in,
    }
    if quality or (kept.get(unit.id) or {}).get("quality"):
        record["quality"] = unit.quality
    kept[unit.id] = record


def forget(game: Game, unit_id: str) -> None:
    """A unit left play: its record goes."""
    state = data(game)
    state["units"].pop(unit_id, None)
    state["turn"]["used"].pop(unit_id, None)
    state["turn"]["damage"].pop(unit_id, None)
