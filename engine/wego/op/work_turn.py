"""The engineers' work at the end of a turn under the operational rules (OT8, OE2-OE6): each
order in force worked from where its engineer stands (a breach rolls for every minefield
hexside next to it, bridge work once, a pontoon counts a turn of work), then the pontoons
left without their engineers taken up. The orders and the map's work are kept by
:mod:`.works`; records ``op_engineering`` and ``op_pontoon_removed`` (described there).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...operational import OpBoard, OpUnit
from ...operational.works import Option, chance, pontoon_turns
from ...operational.works import options as unit_options
from . import state
from .works import EngineerOrder, order_sides, rivers_of, works_of

if TYPE_CHECKING:
    from ...game import Game


def _roll(game: Game, odds: float) -> tuple[int, bool]:
    """A d100 roll against a chance: done when the roll is at most the chance in percent."""
    roll = game.dice.below(100) + 1
    return roll, roll <= round(odds * 100)


def close_turn(game: Game) -> None:
    """OT8, OE2-OE6: every engineer order worked where its engineer stands, then the
    pontoons left without their engineers removed."""
    kept = (game.state.operational or {}).get("works")
    if not kept:
        return
    board = state.base_board(game)
    units = state.units(game)
    building_now: dict[str, int] = {}
    for side in sorted(kept["orders"]):
        given = kept["orders"][side]
        for unit_id in sorted(given):
            order = EngineerOrder(unit_id, given[unit_id]["task"], given[unit_id]["toward"])
            unit = units.get(unit_id)
            keep = _work(game, board, kept, side, unit, order, building_now)
            if not keep:
                given.pop(unit_id)
    kept["building"] = dict(sorted(building_now.items()))
    _remove_pontoons(game, board, kept, units)


def _work(
    game: Game,
    board: OpBoard,
    kept: dict[str, Any],
    side: str,
    unit: OpUnit | None,
    order: EngineerOrder,
    building_now: dict[str, int],
) -> bool:
    """Work one order at the end of the turn; whether it stays in force."""
    done = works_of(board, kept)
    region = board.hex_ids[unit.hex] if unit is not None else ""
    base = {"side_id": side, "unit": order.unit, "task": order.task, "region": region}
    toward = board.grid.find(order.toward) if order.toward else -1
    wanted = Option(order.task, -1 if toward is None else toward)  # type: ignore[arg-type]
    if unit is None or wanted not in unit_options(board, done, unit):
        reason = "the engineer left play" if unit is None else "nothing left to do from its hex"
        game.record(
            "op_engineering",
            **base,
            hexsides=[],
            chance=0.0,
            roll=0,
            result="dropped",
            reason=reason,
        )
        return False
    if order.task == "pontoon":
        turns = kept["building"].get(region, 0) + 1
        need = pontoon_turns(board, unit.hex)
        sides = [board.grid.hexside_id(s) for s in rivers_of(board, region)]
        if turns >= need:
            kept["pontoons"][region] = side
            kept["pontoons"] = dict(sorted(kept["pontoons"].items()))
            game.record(
                "op_engineering", **base, hexsides=sides, chance=1.0, roll=turns, result="built"
            )
            return False
        building_now[region] = turns
        game.record(
            "op_engineering", **base, hexsides=sides, chance=1.0, roll=turns, result="building"
        )
        return True
    if order.task == "breach":
        open_sides = order_sides(board, done, unit, order)
        for s in open_sides:
            roll, ok = _roll(game, chance(board, "breach", s))
            hexside = board.grid.hexside_id(s)
            if ok:
                kept["breached"] = sorted({*kept["breached"], hexside})
            game.record(
                "op_engineering",
                **base,
                hexsides=[hexside],
                chance=board.rules.engineering.breach,
                roll=roll,
                result="breached" if ok else "failed",
            )
        left = order_sides(board, works_of(board, kept), unit, order)
        return bool(left)  # OO14: in force while a minefield next to it is left to breach
    (s,) = order_sides(board, done, unit, order)
    odds = chance(board, order.task, s)
    roll, ok = _roll(game, odds)
    hexside = board.grid.hexside_id(s)
    if ok and order.task == "destroy_bridge":
        kept["destroyed"] = sorted({*kept["destroyed"], hexside})
    elif ok:
        kept["destroyed"] = [h for h in kept["destroyed"] if h != hexside]
    result = ("destroyed" if order.task == "destroy_bridge" else "repaired") if ok else "failed"
    game.record("op_engineering", **base, hexsides=[hexside], chance=odds, roll=roll, result=result)
    return not ok


def _remove_pontoons(
    game: Game, board: OpBoard, kept: dict[str, Any], units: dict[str, OpUnit]
) -> None:
    """OE6: a pontoon stays while a bridging engineer of its side is in its hex and no
    enemy unit stands next to that hex."""
    for region, side in sorted(kept["pontoons"].items()):
        here = board.grid.find(region)
        if here is None:
            continue
        around = {int(n) for n in board.neighbours[here] if n >= 0}
        reason = ""
        if not any(
            u.hex == here and u.side == side and u.category == "bridging_engineer"
            for u in units.values()
        ):
            reason = "no bridging engineer of its side in the hex"
        elif any(u.side != side and u.hex in around for u in units.values()):
            reason = "an enemy unit next to the pontoon's engineers"
        if reason:
            del kept["pontoons"][region]
            game.record("op_pontoon_removed", side_id=side, region=region, reason=reason)
