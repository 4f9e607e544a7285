"""The baseline AI's engineer orders under the operational rules (OO14, OE2, OE4).

Once its plan is made, the side gives work to each engineer that has no order yet and whose
stack stays where it is this turn (its plan gives it no route): a combat engineer next to a
minefield breaches it (a lane helps every later move and attack across it); a bridging
engineer beside a destroyed bridge repairs it (the crossing comes back for its units and
supply trucks). It neither destroys bridges nor builds pontoons: knowing when a crossing
helps the enemy more than itself is beyond this baseline. Every order is one
:func:`engine.wego.op.works.options` lists, so the AI never gives one a player could not.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..orders import Order
from . import state, works
from .actions import OrderEngineer

if TYPE_CHECKING:
    from ...game import Game

WANTED = ("breach", "repair_bridge")
"""The tasks the baseline AI gives, in order of preference."""


def engineer_actions(game: Game, side: str, orders: list[Order]) -> list[OrderEngineer]:
    """The orders of the side's idle engineers that stay put (see the module docstring)."""
    moving = {o.stack for o in orders if getattr(o, "path", ())}
    given = works.orders(game, side)
    board = state.base_board(game)
    out: list[OrderEngineer] = []
    for stack in sorted(game.state.stacks.values(), key=lambda s: s.id):
        if stack.side != side or stack.id in moving:
            continue
        for unit_id, unit in state.stack_units(game, stack).items():
            if unit_id in given or unit.category not in ("combat_engineer", "bridging_engineer"):
                continue
            found = {o.task: o for o in works.options(game, side, unit_id)}
            for task in WANTED:
                if task in found:
                    toward = found[task].toward
                    out.append(
                        OrderEngineer(unit_id, task, board.hex_ids[toward] if toward >= 0 else "")
                    )
                    break
    return out
