"""Logistics missions of ground assets in a game of the operational family (OS16, OS17).

The manual leaves their effect open; the choice played here: a logistics asset sent to a hex
its side holds gives the levels it lists in ``supplies`` (Move+, Combat+, Repl+) for the
turn to every unit of its side within its ``supply_range`` hexes of that hex whose LOC state
is one of ``assets.logistics_reaches`` (Supported or Extended by default), as if an HQ had
bought them, and takes nothing from the pools (OS17). The units are those in reach as the
execution starts (:func:`launch`, one ``op_logistics`` record ``{side_id, asset, target,
levels, units}`` each, read by its own side only), kept in
``GameState.operational["assets"]["logistics"]`` (unit id -> levels) until the end of the
turn: Move+ and Combat+ count in the execution, Repl+ in the upkeep (OS13: a unit that did
not move). While the side plans, the missions it gave count already, so its movement
previews read them (:func:`covered`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from schemas.operational.assets import Asset

from ...operational.supply import BASIC, UnitSupply
from . import state
from .assets import data, missions

if TYPE_CHECKING:
    from ...game import Game


def reached(game: Game, side: str, asset: Asset, hex_id: str) -> list[str]:
    """OS16: the ids of the side's units a logistics mission of ``asset`` at ``hex_id``
    covers now: within ``supply_range`` hexes, in a LOC state it reaches."""
    board = state.board_of(game)
    target = board.grid.find(hex_id)
    if target is None:
        return []
    states = set(board.rules.assets.logistics_reaches)
    found: list[str] = []
    for stack in game.state.stacks.values():
        # The stack's place first: only the stacks in reach are read unit by unit.
        here = board.grid.find(stack.region) if stack.side == side else None
        if here is None or int(board.grid.distance(here, target)) > asset.supply_range:
            continue
        found += [u.id for u in state.stack_units(game, stack).values() if u.loc in states]
    return sorted(found)


def refusal(game: Game, side: str, asset: Asset, hex_id: str, own: bool) -> str:
    """OS16: why a logistics mission of ``asset`` may not go to ``hex_id`` (empty: it may):
    the side holds the hex, and some unit there or within reach is in a LOC state the
    trucks reach."""
    if not own:
        return f"none of your units is in '{hex_id}' to supply"
    if not reached(game, side, asset, hex_id):
        reach = ", ".join(state.board_of(game).rules.assets.logistics_reaches) or "no state"
        return f"no unit within reach of '{hex_id}' is {reach} (OS16)"
    return ""


def _levels(names: Iterable[str]) -> UnitSupply:
    given = set(names)
    return UnitSupply("move_plus" in given, "combat_plus" in given, "replacements" in given)


def _merge(into: dict[str, UnitSupply], units: Iterable[str], level: UnitSupply) -> None:
    for unit in units:
        into[unit] = into.get(unit, BASIC) | level


def launch(game: Game) -> None:
    """OS16: each logistics mission flown this turn covers the units in its reach now, until
    the end of the turn; one ``op_logistics`` record each."""
    table = state.board_of(game).rules.assets
    kept: dict[str, dict[str, list[str]]] = {}
    for asset_id, task in data(game)["flying"].items():
        asset = table.asset(asset_id)
        if task["mission"] != "logistics" or asset is None:
            continue
        task["used"] = True
        units = reached(game, task["side"], asset, task["target"])
        book = kept.setdefault(task["side"], {})
        for unit in units:
            book[unit] = sorted({*book.get(unit, []), *asset.supplies})
        game.record(
            "op_logistics",
            side_id=task["side"],
            asset=asset_id,
            target=task["target"],
            levels=list(asset.supplies),
            units=units,
        )
    if kept:
        data(game)["logistics"] = {s: dict(sorted(b.items())) for s, b in sorted(kept.items())}
    else:
        data(game).pop("logistics", None)


def covered(game: Game, side: str) -> dict[str, UnitSupply]:
    """OS16: the levels the side's logistics missions give its units this turn: those flown
    (kept from the start of the execution), and, while it plans, those it has given."""
    out: dict[str, UnitSupply] = {}
    flown = data(game).get("logistics", {}).get(side, {})
    for unit, levels in flown.items():
        _merge(out, [unit], _levels(levels))
    planned = [t for t in missions(game, side).values() if t.mission == "logistics"]
    if planned:
        table = state.board_of(game).rules.assets
        for task in planned:
            asset = table.asset(task.asset)
            if asset is not None:
                _merge(out, reached(game, side, asset, task.target), _levels(asset.supplies))
    return out


def close_turn(game: Game) -> None:
    """OS3: the levels the missions gave end with the turn."""
    data(game).pop("logistics", None)
