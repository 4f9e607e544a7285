"""Setup zones and fixed units under the operational rules (OT1, OM20).

**Fixed units** (``units[].operational.fixed``). A fixed unit without a zone may not leave
its hex; one with a zone moves freely inside that fixed zone and never out of it. It is freed
for the rest of the game by the first of: the planning of its ``until_turn``; an enemy unit
next to it (``on_enemy_adjacent``), looked at as each planning opens and at the end of each
execution; being forced out of its hex or zone by a retreat (the manual's rule, always on).
A stack moves as one (:mod:`.movement`), so a stack holding a unit fixed in place takes no
moving order, and one holding a unit fixed in a zone only routes and attacks that stay in it.
Releases found at the end of a turn are kept in ``GameState.operational["released"]`` (a
retreat or an enemy that has left again does not fix the unit anew) and logged as
``op_fixed_released`` ``{unit, reason}``.

**Setup zones** (``hex_map.setup_zones``, one per side). During its planning of turn 1, a side
may set up again each unit that stands in its zone, is not fixed and has no order yet: the
:class:`~.actions.SetUp` action takes the unit out of its stack and puts it on another hex of
the zone that no enemy holds (alone, or into its side's stack there), at once. The other side
plans on the board as it then stands, as in the manual's setup phase, which comes before any
orders.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from schemas.hexgrid.decode import decode
from schemas.operational.units import FixedStatus

from . import state

if TYPE_CHECKING:
    from ...game import Game
    from ...operational import OpUnit
    from ...state import StackState


@dataclass(frozen=True)
class Zones:
    """The hex map's zones as sets of hex indices."""

    setup: dict[str, frozenset[int]]
    """Per side, the hexes of its setup zone."""
    fixed: dict[str, frozenset[int]]
    """Per fixed zone, its hexes."""


_ZONES: weakref.WeakKeyDictionary[Game, Zones] = weakref.WeakKeyDictionary()


def zones(game: Game) -> Zones:
    """The game's setup and fixed zones (read once: the scenario never changes)."""
    found = _ZONES.get(game)
    if found is None:
        hex_map = game.scenario.hex_map
        if hex_map is None:
            found = Zones({}, {})
        else:
            decoded = decode(hex_map, state.board_of(game).grid)

            def sets(keys: list[str], code: np.ndarray) -> dict[str, frozenset[int]]:
                return {
                    key: frozenset(np.flatnonzero(code == k).tolist()) for k, key in enumerate(keys)
                }

            found = Zones(
                sets(decoded.setup_zones.keys, decoded.setup_zones.code),
                sets(decoded.fixed_zones.keys, decoded.fixed_zones.code),
            )
        _ZONES[game] = found
    return found


# -- fixed units -----------------------------------------------------------------------------


def fixed_status(game: Game, unit_id: str) -> FixedStatus | None:
    """The scenario's fixed status of a unit, whether or not it still holds."""
    placed = game.world.units.get(unit_id)
    if placed is None or placed.operational is None:
        return None
    return placed.operational.fixed


def _start_hex(game: Game, unit_id: str) -> int | None:
    placed = game.world.units.get(unit_id)
    location = placed.location if placed is not None else None
    if location is None:
        return None
    region = location.region
    if region is None and location.structure is not None:
        structure = next((s for s in game.scenario.structures if s.id == location.structure), None)
        region = structure.region if structure is not None else None
    return state.board_of(game).grid.find(region) if region is not None else None


def area(game: Game, unit_id: str) -> frozenset[int] | None:
    """The hexes a fixed unit may stand on: its zone's, else its start hex alone (``None``
    for a unit fixed in place that started off the map: it is held wherever it stands)."""
    fixed = fixed_status(game, unit_id)
    if fixed is None:
        return None
    if fixed.zone is not None:
        return zones(game).fixed.get(fixed.zone, frozenset())
    start = _start_hex(game, unit_id)
    return frozenset({start}) if start is not None else None


def _enemy_next_to(game: Game, unit: OpUnit, units: dict[str, OpUnit]) -> bool:
    board = state.board_of(game)
    around = {int(n) for n in board.neighbours[unit.hex] if n >= 0}
    world = game.world
    return any(
        other.hex in around and world.at_war(unit.side, other.side) for other in units.values()
    )


def release_reason(game: Game, unit: OpUnit, units: dict[str, OpUnit] | None = None) -> str | None:
    """Why the fixed ``unit`` is free now (a sentence), or ``None`` while it is held. A unit
    the scenario does not fix is free with the reason ``"not fixed"``."""
    fixed = fixed_status(game, unit.id)
    if fixed is None:
        return "not fixed"
    kept = state.data(game).get("released") or {}
    if unit.id in kept:
        return str(kept[unit.id])
    if fixed.until_turn is not None and game.state.turn >= fixed.until_turn:
        return f"released on turn {fixed.until_turn}"
    held = area(game, unit.id)
    if held is not None and unit.hex not in held:
        return "forced out of its fixed area"
    everyone = units if units is not None else None
    if fixed.on_enemy_adjacent and _enemy_next_to(game, unit, everyone or state.units(game)):
        return "an enemy unit came next to it"
    return None


def held(game: Game, unit: OpUnit, units: dict[str, OpUnit] | None = None) -> FixedStatus | None:
    """The fixed status that holds ``unit`` now, or ``None`` when it is free (OM20)."""
    if release_reason(game, unit, units) is not None:
        return None
    return fixed_status(game, unit.id)


def describe(game: Game, unit_id: str, fixed: FixedStatus) -> str:
    """A player's sentence for a fixed status: what it holds and what frees it."""
    what = f"fixed inside zone '{fixed.zone}'" if fixed.zone else "fixed in place"
    frees = []
    if fixed.until_turn is not None:
        frees.append(f"turn {fixed.until_turn}")
    if fixed.on_enemy_adjacent:
        frees.append("an enemy unit next to it")
    if not frees:
        return f"{what} for the whole game"
    return f"{what} until {' or '.join(frees)}"


def move_refusal(game: Game, group: dict[str, OpUnit]) -> str | None:
    """OM20: why a stack holding these units may not be given a moving order at all (a unit
    fixed in place), or ``None``."""
    units = state.units(game)
    for unit_id, unit in group.items():
        fixed = held(game, unit, units)
        if fixed is not None and fixed.zone is None:
            return f"'{unit_id}' is {describe(game, unit_id, fixed)} (OM20)"
    return None


def step_refusal(game: Game, group: dict[str, OpUnit], there: int) -> str | None:
    """OM20: why the stack may not step into hex ``there`` (out of a unit's fixed zone), or
    ``None``."""
    units = state.units(game)
    for unit_id, unit in group.items():
        fixed = held(game, unit, units)
        if fixed is None:
            continue
        allowed = area(game, unit_id)
        if allowed is not None and there not in allowed:
            return f"'{unit_id}' is {describe(game, unit_id, fixed)} (OM20)"
    return None


def close_turn(game: Game) -> None:
    """Keep the releases the turn brought (an enemy next to a unit, a retreat out of its
    area), so they last when the enemy leaves again, and log each."""
    if not any(u.operational and u.operational.fixed for u in game.scenario.units):
        return  # most scenarios fix nobody: no need to build every unit's record
    units = state.units(game)
    kept: dict[str, str] = state.data(game).setdefault("released", {})
    for unit_id, unit in units.items():
        if unit_id in kept or fixed_status(game, unit_id) is None:
            continue
        fixed = fixed_status(game, unit_id)
        assert fixed is not None
        if fixed.until_turn is not None and game.state.turn + 1 >= fixed.until_turn:
            continue  # freed by its turn, which needs no keeping
        reason = release_reason(game, unit, units)
        if reason is not None:
            kept[unit_id] = reason
            game.record("op_fixed_released", unit=unit_id, reason=reason)


# -- setup zones -----------------------------------------------------------------------------


def setup_hexes(game: Game, side: str) -> frozenset[int]:
    """OT1: the hexes of ``side``'s setup zone."""
    return zones(game).setup.get(side, frozenset())


def order_refusal(
    game: Game, group: dict[str, OpUnit], kind: str, path: list[int], target: int | None
) -> str | None:
    """OM20: why a stack holding these units may not take an order of ``kind`` along
    ``path`` (hex indices) onto ``target`` (an attack's hex), or ``None``. A unit fixed in
    place may hold, defend or attack without advancing from where it stands; one fixed in a
    zone may also move inside it, and attack with an advance only into it."""
    units = state.units(game)
    for unit_id, unit in group.items():
        fixed = held(game, unit, units)
        if fixed is None:
            continue
        why = f"'{unit_id}' is {describe(game, unit_id, fixed)} (OM20)"
        if kind == "order_withdraw_if_attacked":
            return why
        if fixed.zone is None:
            if kind in _MOVING and (path or kind != "order_attack_no_advance"):
                return why
            continue
        allowed = area(game, unit_id) or frozenset()
        if any(h not in allowed for h in path):
            return why
        if target is not None and kind in _ADVANCING and target not in allowed:
            return f"{why}: an attack that advances must stay inside the zone"
    return None


_MOVING = frozenset(
    {
        "order_move",
        "order_ignore_enemy",
        "order_road",
        "order_withdraw",
        "order_attack",
        "order_assault",
        "order_attack_no_advance",
    }
)
_ADVANCING = frozenset({"order_attack", "order_assault"})


def stack_mark(game: Game, stack: StackState) -> str:
    """What a game view marks on a stack's counter (OM20): ``"place"`` when a unit of it is
    fixed in place, ``"zone"`` when units of it are fixed inside a zone, ``""`` otherwise."""
    if not any(fixed_status(game, u) is not None for u in stack.units):
        return ""
    units = state.units(game)
    found = [held(game, u, units) for u in state.stack_units(game, stack).values()]
    holding = [f for f in found if f is not None]
    if not holding:
        return ""
    return "place" if any(f.zone is None for f in holding) else "zone"


def stack_words(game: Game, stack: StackState) -> str:
    """Why a stack's moves are limited, for a player (``""`` when no unit of it is fixed)."""
    if not any(fixed_status(game, u) is not None for u in stack.units):
        return ""
    units = state.units(game)
    for unit_id, unit in state.stack_units(game, stack).items():
        fixed = held(game, unit, units)
        if fixed is not None:
            name = game.world.units[unit_id].name or unit_id
            return f"{name} is {describe(game, unit_id, fixed)} (OM20)"
    return ""
