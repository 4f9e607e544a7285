"""The plan before the side's first action of the turn (engine.wego.plan_state.fresh), what
"Start again" brings a plan back to (issue 15): in a later turn no setup is open, so the
board before the plan is read from the turn's log (OU12-OU14 breakdowns and combines), and an
HQ moved in an earlier turn (OO16) stays under its new corps. The board is
tests/operational/every_order.py's front.
"""

from __future__ import annotations

from engine import Game
from engine.wego.op.actions import BreakDown, OrderSupply, ReassignHq
from engine.wego.orders import SealPlan
from engine.wego.plan_state import fresh, next_action, snapshot
from tests.operational.every_order import every_order


def _back_to(game: Game, side: str, wanted: object) -> None:
    for _ in range(100):
        action = next_action(game, side, wanted)  # type: ignore[arg-type]
        if action is None:
            return
        game.apply(action)
    raise AssertionError("the plan never came back")


def test_ou12_oo16_a_later_turns_plan_starts_from_the_board_the_turn_began_with() -> None:
    game = Game(every_order().build(), 7)
    game.apply(ReassignHq("div", "k2"))  # turn 1: the division moves to the other corps
    game.apply(SealPlan())
    game.apply(SealPlan())
    assert (game.turn, game.to_act()) == (2, "red")
    start = snapshot(game, "red")
    assert fresh(game, "red") == start
    for action in (ReassignHq("div", "k1"), BreakDown("r-tank"), OrderSupply("div", True)):
        game.apply(action)
    assert snapshot(game, "red") != start
    assert fresh(game, "red") == start  # the turn-1 move stays: only this plan's is undone
    _back_to(game, "red", fresh(game, "red"))
    assert snapshot(game, "red") == start
    assert game.state.units["r-tank"].stack is not None  # whole again, in its hex
