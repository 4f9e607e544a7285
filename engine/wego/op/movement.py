"""Movement of stacks under the operational rules (OM1-OM4, OM11-OM13, OO4, OO19).

A WEGO order moves a whole stack, so (choice) a stack moves at the pace of its slowest unit:
its allowance is the smallest effective MP of its units (OM1) and a step costs the most any
of its units pays (OM2); a step one unit may not take, no unit takes. The order sets the
movement mode (OO4): an attack order is Move and Attack, a move or a withdrawal Move and
Defend (Road Movement is not ordered yet).

While planning, a route is priced without the enemy's zones of control, as the manual's
planner marks hexes "reachable if no enemy were present" (OO19): the execution adds the
zones' costs step by step and the stack stops where its MP run out.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from ...operational import OpUnit, StepCost, effective_mp, step_cost
from ...operational.movement import MoveMode
from ...operational.zoc import ZocField
from . import state, supply

if TYPE_CHECKING:
    from ...game import Game
    from ...state import StackState

MODES: dict[str, MoveMode] = {
    "order_attack": "move_attack",
    "order_move": "move_defend",
    "order_withdraw": "move_defend",
}
"""OO4: the movement mode of each moving order."""


def allowance(game: Game, group: Iterable[OpUnit], mode: MoveMode = "move_defend") -> float:
    """OM1: the stack's MP for the turn: the least of its units' effective MP at each unit's
    supply level (OS4, OS5: :func:`.supply.movement_level`) and the day's weather (OW1)."""
    board = state.board_of(game)
    day = state.clock(game)
    level = supply.movement_level
    values = [
        effective_mp(board, u, supply=level(game, u), weather=day.movement, mode=mode)
        for u in group
    ]
    return min(values, default=0.0)


def stack_allowance(game: Game, stack: StackState) -> float:
    return allowance(game, state.stack_units(game, stack).values())


def group_step(
    game: Game,
    group: Iterable[OpUnit],
    here: int,
    there: int,
    *,
    mode: MoveMode = "move_defend",
    field: ZocField | None = None,
    holder: bool = False,
    night: bool = False,
    frozen: bool = False,
) -> StepCost:
    """OM2: one step of a whole stack: refused if any unit is refused, else the dearest price
    of its units, part by part (``frozen``: rivers frozen, OW1)."""
    board = state.board_of(game)
    costs = [
        step_cost(
            board,
            u,
            here,
            there,
            mode=mode,
            enemy_zoc=field,
            friendly_holder=holder,
            night=night,
            frozen=frozen,
        )
        for u in group
    ]
    if len(costs) == 1:
        return costs[0]
    if not costs:
        return StepCost(False, "the stack has no unit the operational rules can move")
    refused = next((c for c in costs if not c.allowed), None)
    if refused is not None:
        return refused
    return StepCost(
        True,
        "",
        max(c.total for c in costs),
        max(c.ground for c in costs),
        all(c.along_road for c in costs),
        max(c.hexside for c in costs),
        max(c.zoc for c in costs),
        any(c.uses_all for c in costs),
    )


def planned_step(
    game: Game,
    group: list[OpUnit],
    here: str,
    there: str,
    spent: float,
    budget: float,
    *,
    first: bool,
    frozen: bool = False,
) -> tuple[float, bool] | str:
    """A route's step while planning: its MP and whether it ends the move (a minefield's
    whole allowance, OH7; a first step dearer than the allowance, OM3), or why it is refused
    (``frozen``: the day's weather freezes rivers, OW1)."""
    board = state.board_of(game)
    index = board.id_index
    a, b = index.get(here), index.get(there)
    if a is None or b is None:
        return "the operational rules move units on the hex map only"
    step = group_step(game, group, a, b, frozen=frozen)
    if not step.allowed:
        return step.reason
    if step.uses_all:
        if not first:
            return "a minefield is crossed only as a unit's first step of the turn (OH7)"
        return max(step.total, budget - spent), True
    if first and step.total > budget > 0 and board.rules.zoc.minimal_move:
        return budget, True
    return step.total, False
