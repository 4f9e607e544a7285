"""The plan's Undo and Redo cover every planning action of the operational family (issue 15):
supply orders (OO13), HQ moves (OO16), asset missions (OA4), artillery fire (OC33), engineer
orders (OO14), setups (OT1), breakdowns and combines (OU12-OU14), each named in the Game
menu ("Undo supply order to 175th Rifle Division") and taken back by Ctrl+Z, made again by
Ctrl+Shift+Z (editor/game/wego/plan_edits.py, engine/wego/plan_state.py). The board is
tests/operational/every_order.py's front, red planning its first turn.
"""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt

from editor.game.launch import show_game
from editor.game.session import GameSession
from editor.game.wego.window import WegoWindow
from engine.actions import Action
from engine.game import Game
from engine.wego.op.actions import (
    AssignAsset,
    AssignFire,
    BreakDown,
    Combine,
    OrderEngineer,
    OrderSupply,
    ReassignHq,
    SetUp,
)
from engine.wego.orders import OrderMove
from engine.wego.plan_state import snapshot
from tests.operational.every_order import every_order

CTRL = Qt.KeyboardModifier.ControlModifier
CTRL_SHIFT = CTRL | Qt.KeyboardModifier.ShiftModifier


def _window(qtbot: Any) -> WegoWindow:
    from editor.shared.app import settle

    session = GameSession.new(every_order().build(), {"red": "human", "blue": "ai"}, seed=1)
    window = show_game(session, "op-undo-test", leave_text="Close")
    assert isinstance(window, WegoWindow)
    qtbot.addWidget(window)
    window.resize(1280, 720)
    settle(window)
    return window


def _region(game: Game, unit: str) -> str:
    return game.state.stacks[game.state.units[unit].stack or ""].region


def _undo(qtbot: Any, window: WegoWindow) -> None:
    qtbot.keyClick(window, Qt.Key.Key_Z, CTRL)


def _redo(qtbot: Any, window: WegoWindow) -> None:
    qtbot.keyClick(window, Qt.Key.Key_Z, CTRL_SHIFT)


CASES: dict[str, tuple[list[Action], str]] = {
    "supply": (
        [OrderSupply("div", move_plus=True)],
        "supply order to 175th Rifle Division (Move+)",
    ),
    "hq move": ([ReassignHq("div", "k2")], "moving 175th Rifle Division under 28th Corps"),
    "asset": (
        [AssignAsset("stuka", "offensive_support", "c7r3")],
        "mission of Stuka wing: offensive support at hex c7r3",
    ),
    "fire": ([AssignFire("gun", "offensive", "c7r3")], "offensive fire of 3rd Guns on hex c7r3"),
    "engineer": (
        [OrderEngineer("eng", "breach")],
        "engineer order to 12th Sappers: breaching the minefields",
    ),
    "setup": ([SetUp("reg", "c1r1")], "setting up 632nd Rifles on hex c1r1"),
    "breakdown": ([BreakDown("reg")], "breaking down 632nd Rifles"),
    "combine": ([BreakDown("r-tank"), Combine("r-tank")], "combining 58th Tanks"),
}
"""Each case: the edits given (the last one is undone and redone) and the menu's words."""


@pytest.mark.parametrize("case", list(CASES))
def test_each_planning_action_is_undone_by_ctrl_z_and_redone_by_ctrl_shift_z(
    qtbot: Any, state_dir: Any, case: str
) -> None:
    window = _window(qtbot)
    game = window.session.game
    actions, words = CASES[case]
    for action in actions[:-1]:  # what the last edit builds on
        assert window.map_view.give(action)
    before = snapshot(game, "red")
    assert window.map_view.give(actions[-1])
    after = snapshot(game, "red")
    assert after != before
    assert window.undo_action.text().replace("&", "") == f"Undo {words}"
    assert window.plan_panel.undo_button.isEnabled()
    _undo(qtbot, window)
    assert snapshot(game, "red") == before
    assert window.redo_action.text().replace("&", "") == f"Redo {words}"
    _redo(qtbot, window)
    assert snapshot(game, "red") == after


def test_ot1_a_setup_taken_back_puts_the_stack_where_it_stood_and_its_order_follows(
    qtbot: Any, state_dir: Any
) -> None:
    """A stack set up on another hex, then ordered: Undo takes the order back, Undo again
    puts the stack back on its own hex (no need to set it up again by hand); Redo sets it up
    again, in a stack of a new id, and gives it the same order."""
    window = _window(qtbot)
    game = window.session.game
    window.map_view._set_up(game.state.units["reg"].stack or "", "c1r1")
    assert _region(game, "reg") == "c1r1"
    assert window.map_view.give(OrderMove(game.state.units["reg"].stack or "", ("c2r1",)))
    _undo(qtbot, window)
    _undo(qtbot, window)
    assert _region(game, "reg") == "c2r2"
    assert not window.undo_action.isEnabled()
    _redo(qtbot, window)
    _redo(qtbot, window)
    stack = game.state.units["reg"].stack or ""
    assert _region(game, "reg") == "c1r1"
    assert game.state.wego["orders"]["red"][stack]["path"] == ["c2r1"]  # type: ignore[index]


def test_ou12_a_breakdown_taken_back_brings_the_unit_back_whole(qtbot: Any, state_dir: Any) -> None:
    window = _window(qtbot)
    game = window.session.game
    assert window.map_view.give(BreakDown("reg"))
    assert window.map_view.give(SetUp("reg-2", "c1r1"))
    _undo(qtbot, window)
    _undo(qtbot, window)
    assert game.state.units["reg"].stack is not None and _region(game, "reg") == "c2r2"
    assert all(game.state.units[p].stack is None for p in ("reg-1", "reg-2", "reg-3"))


def test_start_again_takes_the_whole_plan_back_in_one_edit_and_undo_restores_it(
    qtbot: Any, state_dir: Any
) -> None:
    """Issue 15: "Start again" clears every kind of planning action at once (OO13 supply,
    OO16 HQ move, OA4 mission, OC33 fire, OO14 engineers, OT1 setup, OU12 breakdown, a stack's
    order); its tooltip names what it will clear; one Undo brings the whole plan back."""
    window = _window(qtbot)
    game = window.session.game
    panel = window.plan_panel
    start = snapshot(game, "red")
    assert not panel.again_button.isEnabled()
    for action in (
        OrderSupply("div", move_plus=True),
        ReassignHq("div", "k2"),
        AssignAsset("stuka", "offensive_support", "c7r3"),
        AssignFire("gun", "offensive", "c7r3"),
        OrderEngineer("eng", "breach"),
        SetUp("reg", "c1r1"),
        BreakDown("r-tank"),
    ):
        assert window.map_view.give(action), action
    assert window.map_view.give(OrderMove(game.state.units["reg"].stack or "", ("c2r1",)))
    planned = snapshot(game, "red")
    tip = panel.again_button.toolTip()
    for words in (
        "1 stack order",
        "1 supply order",
        "1 asset mission",
        "1 fire order",
        "1 engineer order",
        "1 HQ move",
        "1 setup",
        "1 breakdown or combine",
    ):
        assert words in tip
    qtbot.mouseClick(panel.again_button, Qt.MouseButton.LeftButton)
    assert snapshot(game, "red") == start
    assert _region(game, "reg") == "c2r2"
    assert game.state.units["r-tank"].stack is not None
    assert not panel.again_button.isEnabled()
    assert window.undo_action.text().replace("&", "") == "Undo starting the plan again"
    _undo(qtbot, window)
    assert snapshot(game, "red") == planned
    _redo(qtbot, window)
    assert snapshot(game, "red") == start
