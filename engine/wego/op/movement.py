"""Movement of stacks under the operational rules (OM1-OM4, OM11-OM13, OO4, OO19).

A WEGO order moves a whole stack, so (choice) a stack moves at the pace of its slowest unit:
its allowance is the smallest effective MP of its units (OM1) and a step costs the most any
of its units pays (OM2); a step one unit may not take, no unit takes. The order sets the
movement mode (OO4): an attack order is Move and Attack, a move or a withdrawal Move and
Defend, a road move Road Movement, which :func:`road_refusal` allows only where OM7 does.

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
from . import sorties, state, supply

if TYPE_CHECKING:
    from ...game import Game
    from ...state import StackState

MODES: dict[str, MoveMode] = {
    "order_attack": "move_attack",
    "order_assault": "move_attack",
    "order_attack_no_advance": "move_attack",
    "order_move": "move_defend",
    "order_ignore_enemy": "move_defend",
    "order_withdraw": "move_defend",
    "order_road": "road",
}
"""OO4: the movement mode of each moving order."""


def allowance(game: Game, group: Iterable[OpUnit], mode: MoveMode = "move_defend") -> float:
    """OM1: the stack's MP for the turn: the least of its units' effective MP at each unit's
    supply level (OS4, OS5: :func:`.supply.movement_level`) and the day's weather (OW1), less
    the enemy's interdiction cut (OA10, OA11: :func:`.sorties.mp_cut`); in Road Movement,
    each unit's times its Table OM8 multiplier (OM8)."""
    board = state.board_of(game)
    day = state.clock(game)
    level = supply.movement_level
    cut = sorties.mp_cut  # OA10, OA11: the enemy's interdiction of the last turn
    values = [
        effective_mp(
            board,
            u,
            supply=level(game, u),
            weather=day.movement,
            interdiction=cut(game, u.side) / 100.0,
            mode=mode,
        )
        for u in group
    ]
    return min(values, default=0.0)


def stack_allowance(game: Game, stack: StackState, mode: MoveMode = "move_defend") -> float:
    return allowance(game, state.stack_units(game, stack).values(), mode)


def road_refusal(game: Game, group: Iterable[OpUnit], enemies: Iterable[int]) -> str | None:
    """OM7: why the stack may not move in Road Movement this turn, or ``None``: its units
    must move at Move+ (their HQ bought it this turn, OS5: :func:`.supply.movement_level`;
    a side without HQs plays ``turns.supply``), be Supported (not Extended or worse) and
    have no enemy next to them
    as the turn starts (``enemies``: the hexes holding enemies, as the asker knows them).
    Each condition is a parameter of ``movement`` (``road_needs_*``)."""
    board = state.board_of(game)
    rules = board.rules
    units = list(group)
    if not units:
        return "the stack has no unit the operational rules can move"
    needs = rules.movement
    moving_at = supply.movement_level
    if needs.road_needs_move_plus and any(moving_at(game, u) != "move_plus" for u in units):
        return "Road Movement needs Move+ supply from the units' HQ (OM7)"
    if needs.road_needs_supported and any(u.loc != "supported" for u in units):
        return "Road Movement needs every unit Supported on its line of communication (OM7)"
    if needs.road_needs_no_adjacent_enemy:
        held = set(enemies)
        for unit in units:
            if any(int(n) in held for n in board.neighbours[unit.hex] if n >= 0):
                return "Road Movement is not open to a unit with an enemy next to it (OM7)"
    return None


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
    mode: MoveMode = "move_defend",
) -> tuple[float, bool] | str:
    """A route's step while planning: its MP and whether it ends the move (a minefield's
    whole allowance, OH7; a first step dearer than the allowance, OM3), or why it is refused
    (``frozen``: the day's weather freezes rivers, OW1; ``mode``: the order's, OO4)."""
    board = state.board_of(game)
    index = board.id_index
    a, b = index.get(here), index.get(there)
    if a is None or b is None:
        return "the operational rules move units on the hex map only"
    step = group_step(game, group, a, b, frozen=frozen, mode=mode)
    if not step.allowed:
        return step.reason
    if step.uses_all:
        if not first:
            return "a minefield is crossed only as a unit's first step of the turn (OH7)"
        return max(step.total, budget - spent), True
    if first and step.total > budget > 0 and board.rules.zoc.minimal_move:
        return budget, True
    return step.total, False
