"""The plan's Undo and Redo in a real window (issue 15): a regiment broken down with a real
click on the plan panel's button, a supply order given from the Supply tab's button, then
Ctrl+Z and Ctrl+Shift+Z pressed as real keys take them back and make them again, and the
Game menu names what it undoes (editor/game/wego/plan_edits.py)."""

from __future__ import annotations

from typing import Any

from tests.realwindow import game_fixtures
from tests.realwindow.conftest import on_screen, settle_input, wait_until
from tests.realwindow.test_op_game_window import _click_counter

game_window = game_fixtures.game_window


def _press(x: Any, button: Any) -> None:
    x.click(*on_screen(button, button.width() / 2, button.height() / 2))


def test_ctrl_z_and_ctrl_shift_z_take_back_a_breakdown_and_a_supply_order(
    game_window: Any, x: Any, shots: Any
) -> None:
    from editor.game.session import GameSession
    from engine.wego.op import supply
    from tests.operational.every_order import every_order

    session = GameSession.new(every_order().build(), {"red": "human", "blue": "ai"}, seed=1)
    window = game_window(session, "op-undo")
    game_fixtures.fit(window, 1280, 800)
    view, game = window.map_view, session.game
    view.zoom_to_fit()
    settle_input(0.3)
    said = window.statusBar().currentMessage
    units = game.state.units

    # The regiment breaks down with a real click on its button.
    reg = units["reg"].stack
    assert reg is not None
    _click_counter(x, view, reg)
    wait_until(lambda: session.selected == reg, what="the regiment selected")
    box = window.op_view.organise
    key = "op_break_down:reg"
    wait_until(lambda: key in box.buttons and box.buttons[key].isVisible(), what="the button")
    settle_input(0.2)
    _press(x, box.buttons[key])
    wait_until(lambda: units["reg"].status == "removed", what="the breakdown")
    assert window.undo_action.text() == "&Undo breaking down 632nd Rifles"

    # A supply order from the Supply tab: the division's row, then Give.
    tabs = window.op_view.tabs
    tabs.setCurrentIndex(1)
    hqs = window.op_view.supply
    row = next(
        hqs.hqs.topLevelItem(i)
        for i in range(hqs.hqs.topLevelItemCount())
        if hqs.hqs.topLevelItem(i).data(0, 256) == "div"
    )
    spot = hqs.hqs.visualItemRect(row).center()
    x.click(*on_screen(hqs.hqs.viewport(), spot.x(), spot.y()))
    wait_until(lambda: hqs.hq() == "div", what="the division's row")
    level = hqs.levels["move_plus"]
    x.click(*on_screen(level, 8, level.height() / 2))
    wait_until(level.isChecked, what="Move+ ticked")
    wait_until(lambda: hqs.give_button.isEnabled(), what="the order priced")
    _press(x, hqs.give_button)
    wait_until(lambda: supply.orders(game, "red"), what="the supply order")
    wait_until(lambda: "Undo supply order to 175th Rifle Division" in window.undo_action.text())

    # Ctrl+Z, a real key press on the window: the supply order goes, then the breakdown.
    view.setFocus()
    settle_input(0.2)
    x.key("ctrl+z")
    wait_until(lambda: not supply.orders(game, "red"), what="the supply order undone")
    wait_until(lambda: "Undone: supply order" in said(), what="the message")
    x.key("ctrl+z")
    wait_until(lambda: units["reg"].status == "active", what="the breakdown undone")
    whole = units["reg"].stack
    wait_until(lambda: whole in view.map_scene.counters, what="the regiment's counter")
    assert all(units[f"reg-{n}"].status != "active" for n in (1, 2, 3))
    assert window.redo_action.text() == "&Redo breaking down 632nd Rifles"
    settle_input(0.3)
    shots(window, "op-undo-breakdown-undone")

    # Ctrl+Shift+Z makes both again, in order.
    x.key("ctrl+shift+z")
    wait_until(lambda: units["reg"].status == "removed", what="the breakdown redone")
    x.key("ctrl+shift+z")
    wait_until(lambda: supply.orders(game, "red"), what="the supply order redone")
    assert not window.redo_action.isEnabled()
    settle_input(0.3)
    shots(window, "op-undo-redone")
