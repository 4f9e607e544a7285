"""The WEGO game view's side of OO1 (part of a stack gets its own order) and OO3 (the
ignore-enemy move), offscreen: the plan panel's "Parts of the stack" box detaches the checked
units and selects them, the plan's Undo joins them back, and the order table's "Move ignoring
enemy" row washes hexes holding enemies, orders onto one, and the map draws the route
dash-dotted (editor/game/wego/op_detach.py, orders.py, plan_lines.py)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QGraphicsPathItem

from editor.game.launch import show_game
from editor.game.session import GameSession
from editor.game.wego.orders import destinations, order_to
from editor.game.wego.window import WegoWindow
from engine.game import Game
from engine.wego import plan
from engine.wego.orders import OrderIgnoreEnemy, OrderMove
from tests.operational.builder import OpBuilder


def scenario() -> Any:
    b = OpBuilder(columns=10, rows=5)
    b.raw["calendar"]["turns"] = 3
    b.rules("fog", enabled=False)
    b.rules("victory", victory_level=None)
    b.unit("tank", "armour", "c3r3", echelon="regiment")
    b.unit("rifles", "inf", "c3r3", echelon="battalion")
    b.unit("foe", "inf", "c6r3", nation="blueland", echelon="battalion")
    units = {u["id"]: u for u in b.raw["units"]}
    units["tank"]["name"] = "5th Tanks"
    units["rifles"]["name"] = "9th Rifles"
    return b.build()


def _window(qtbot: Any) -> WegoWindow:
    from editor.shared.app import settle

    session = GameSession.new(scenario(), {"red": "human", "blue": "ai"}, seed=1)
    window = show_game(session, "op-stack-parts-test", leave_text="Close")
    assert isinstance(window, WegoWindow)
    qtbot.addWidget(window)
    window.resize(1280, 800)
    settle(window)
    return window


def _stack(game: Game, unit: str) -> str:
    found = game.state.units[unit].stack
    assert found is not None
    return found


def test_oo1_the_checked_units_are_detached_selected_and_joined_back_by_undo(
    qtbot: Any, state_dir: Any
) -> None:
    window = _window(qtbot)
    session, game = window.session, window.session.game
    box = window.op_view.detach
    whole = _stack(game, "tank")
    session.select(whole)
    assert not box.isHidden() and set(box.checks) == {"tank", "rifles"}
    assert not box.detach_button.isEnabled()  # nothing checked yet: the reason says so
    assert box.reason.text() == "Check the units to send apart."
    box.checks["tank"].setChecked(True)
    box.checks["rifles"].setChecked(True)
    assert not box.detach_button.isEnabled() and "all of stack" in box.reason.text()
    box.checks["tank"].setChecked(False)
    assert box.detach_button.isEnabled()
    qtbot.mouseClick(box.detach_button, Qt.MouseButton.LeftButton)
    part = _stack(game, "rifles")
    assert part != whole and session.selected == part
    assert "Detached 9th Rifles" in window.statusBar().currentMessage()
    assert window.undo_action.text().replace("&", "") == "Undo detaching 9th Rifles"
    # The part stands alone: no check boxes, but the two stacks of the hex may join again.
    assert not box.checks and not box.join_button.isHidden()
    assert box.join_button.text() == "Join the 2 stacks here"
    # Ordered from the map like any stack; the whole stack's rest gets its own order.
    assert window.map_view.give(OrderMove(part, ("c3r4",)))
    assert window.map_view.give(OrderMove(whole, ("c4r3",)))
    assert set(plan.orders_of(game, "red", viewer="red")) == {part, whole}
    for _ in range(3):  # the two orders, then the detachment
        qtbot.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert _stack(game, "tank") == _stack(game, "rifles")
    assert not plan.orders_of(game, "red", viewer="red")


def test_oo1_join_puts_the_stacks_of_a_hex_back_into_one(qtbot: Any, state_dir: Any) -> None:
    window = _window(qtbot)
    session, game = window.session, window.session.game
    box = window.op_view.detach
    session.select(_stack(game, "tank"))
    box.checks["rifles"].setChecked(True)
    assert box.detach()
    qtbot.mouseClick(box.join_button, Qt.MouseButton.LeftButton)
    assert _stack(game, "tank") == _stack(game, "rifles") == session.selected
    assert window.undo_action.text().replace("&", "") == "Undo joining 9th Rifles and 5th Tanks"


def test_oo3_the_ignore_enemy_mode_washes_the_enemy_hex_orders_onto_it_and_dash_dots_it(
    qtbot: Any, state_dir: Any
) -> None:
    window = _window(qtbot)
    session, game, view = window.session, window.session.game, window.map_view
    tank = _stack(game, "tank")
    session.select(tank)
    table = window.op_view.orders.table
    row = next(
        table.topLevelItem(i)
        for i in range(table.topLevelItemCount())
        if table.topLevelItem(i).text(0) == "Move ignoring enemy"
    )
    assert not row.isDisabled()
    plain = destinations(game, view.legal_actions(), tank, "move")
    assert plain["c6r3"].kind == "battle"  # an ordinary click there attacks the foe
    window.op_view.orders._chosen(row)
    assert view.mode == "ignore_enemy"
    washed = view.dests
    assert washed["c6r3"].kind == "move"  # the foe's hex, as if it were empty
    path = washed["c6r3"].path
    assert len(path) == 3 and path[-1] == "c6r3"
    order = order_to(game, tank, (), "c6r3", attack=None, mode="ignore_enemy", wait=0)
    assert order == OrderIgnoreEnemy(tank, path)
    assert view.give(order)
    lines = [i for i in view.plan_items if isinstance(i, QGraphicsPathItem)]
    assert [line.pen().style() for line in lines] == [Qt.PenStyle.DashDotLine]
    assert "Move ignoring the enemy to" in window.statusBar().currentMessage()
    view._escape()
    assert view.mode == "move"
