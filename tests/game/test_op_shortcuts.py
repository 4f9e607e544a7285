"""The Shortcuts tab of an operational game's plan (OO2, OO9, OO17), offscreen: an
organisation move given by choosing the HQ and clicking a hex (the stacks left out named),
all guns of a hex on one target (the gun that may not named), a planned battle cancelled
from its row, each taken back by one Undo of the plan.

The board is tests/operational/test_order_shortcuts.py's: red's division ``div`` with
``inf1`` (too far from ``c5r2``), ``inf2``, the tank and a battery of two guns and a mortar
on ``c3r1``; blue's infantry on ``c6r1``.
"""

from __future__ import annotations

from editor.game.launch import show_game
from editor.game.session import GameSession
from editor.game.wego.window import WegoWindow
from engine.wego import plan
from engine.wego.op import fire
from tests.operational.play import stack
from tests.operational.test_order_shortcuts import attacks, front


def _window(qtbot) -> WegoWindow:
    from editor.shared.app import settle

    session = GameSession.new(front().build(), {"red": "human", "blue": "ai"}, seed=1)
    window = show_game(session, "op-shortcuts-test", leave_text="Close")
    assert isinstance(window, WegoWindow)
    qtbot.addWidget(window)
    window.resize(1280, 720)
    settle(window)
    return window


def _tab(window: WegoWindow):
    op = window.op_view
    assert op is not None
    op.tabs.setCurrentWidget(op.shortcuts_scroll)
    return op.shortcuts


def test_oo2_the_organisation_of_the_selected_hq_moves_to_the_clicked_hex(qtbot, state_dir):
    window = _window(qtbot)
    game = window.session.game
    box = _tab(window)
    said: list[str] = []
    window.map_view.message.connect(said.append)
    window.session.select(stack(game, "div"))  # the HQ's stack: its organisation is chosen
    assert box.chosen_hq() == "div"
    window.session.select(None)
    assert box.move_button.isEnabled()
    box.move_button.click()
    assert box.picking == ("div", "organisation") and box._washes
    box.hover("c5r2")
    assert said[-1].startswith("hex c5r2: 4 stacks go, 1 left out")
    assert len(box.preview.items) == 4  # the routes they would take, dashed
    box.click("c6r1")  # the enemy's hex: refused in the engine's words, still choosing
    assert "no stack of the organisation" in box.note.text() and box.picking is not None
    box.click("c5r2")
    given = plan.orders_of(game, "red", viewer="red")
    assert sorted(given) == sorted(stack(game, u) for u in ("div", "inf2", "tank", "g1"))
    assert box.preview.items == [] and box.picking is None
    assert "Left out" in said[-1] and "cannot reach" in said[-1]
    assert len(window.map_view.plan_items) >= 4  # each stack's route drawn
    panel = window.plan_panel
    assert "moving the organisation of" in panel.undo_button.toolTip()
    assert panel.undo()  # one Undo takes the whole move back
    assert plan.orders_of(game, "red", viewer="red") == {}
    assert panel.redo()
    assert len(plan.orders_of(game, "red", viewer="red")) == 4


def test_oo9_all_guns_of_a_hex_on_one_target_the_mortar_named(qtbot, state_dir):
    window = _window(qtbot)
    game = window.session.game
    box = _tab(window)
    assert box.chosen_hex() == "c3r1" and "3 guns" in box.battery.currentText()
    box.fire_button.click()
    assert box.picking == ("c3r1", "offensive")
    box.click("c6r1")
    assert sorted(fire.orders(game, "red", viewer="red")) == ["g1", "g2"]
    assert "beyond the range of 'm1'" in box.note.text()
    assert window.plan_panel.undo()
    assert fire.orders(game, "red", viewer="red") == {}


def test_oo17_a_battle_is_cancelled_from_its_row_and_one_undo_restores_it(qtbot, state_dir):
    window = _window(qtbot)
    game = window.session.game
    for order in attacks(game):
        assert window.map_view.give(order)
    box = _tab(window)
    assert box.battles.topLevelItemCount() == 1
    row = box.battles.topLevelItem(0)
    assert (row.text(0), row.text(1)) == ("hex c6r1", "2")
    assert not box.cancel_button.isEnabled()
    box.battles.setCurrentItem(row)
    assert box.cancel_button.isEnabled()
    assert box.cancel_battle()
    assert plan.orders_of(game, "red", viewer="red") == {}
    assert box.battles.topLevelItemCount() == 0
    assert window.plan_panel.undo()
    assert len(plan.orders_of(game, "red", viewer="red")) == 2


def test_oo2_oo17_a_right_click_on_the_map_offers_the_shortcuts(qtbot, state_dir):
    from PySide6.QtGui import QContextMenuEvent
    from PySide6.QtWidgets import QApplication

    window = _window(qtbot)
    game = window.session.game
    view = window.map_view
    menu = window.op_view.shortcuts.menu
    window.session.select(stack(game, "div"))
    # A right click on c5r2 with the division HQ selected: its organisation may go there.
    spot = view.mapFromScene(view.map_scene.points["c5r2"])
    event = QContextMenuEvent(QContextMenuEvent.Reason.Mouse, spot, view.mapToGlobal(spot))
    QApplication.sendEvent(view.viewport(), event)
    assert menu.menu is not None
    (entry,) = menu.menu.actions()
    assert entry.text() == "Move the whole organisation of HQ (div) here" and entry.isEnabled()
    menu.menu.close()
    # The enemy's hex: offered greyed, with the engine's reason.
    ((words, _action, refused),) = menu.menu_entries("c6r1")
    assert "no stack of the organisation" in refused
    entry.trigger()
    assert len(plan.orders_of(game, "red", viewer="red")) == 4
    # A hex the plan attacks: its battle is cancelled from the menu.
    window.plan_panel.start_again()
    for order in attacks(game):
        assert window.map_view.give(order)
    window.session.select(None)
    ((words, action, refused),) = menu.menu_entries("c6r1")
    assert (words, refused) == ("Cancel the battle at hex c6r1 (2 stacks)", "")
    assert menu.take(action)
    assert plan.orders_of(game, "red", viewer="red") == {}
    assert "cancelling the battle at hex c6r1" in window.plan_panel.undo_button.toolTip()


def test_oo9_the_fire_tab_gives_a_target_to_all_guns_of_the_picked_guns_hex(qtbot, state_dir):
    window = _window(qtbot)
    game = window.session.game
    op = window.op_view
    assert op is not None and op.fire is not None
    box = op.fire
    op.tabs.setCurrentWidget(box)
    rows = [box.table.topLevelItem(i) for i in range(box.table.topLevelItemCount())]
    box.table.setCurrentItem(next(r for r in rows if r.data(0, 256) == "g1"))
    box.together.setChecked(True)
    box.target_button.click()
    box.click("c8r1")  # beyond every gun's range: refused in the engine's words
    assert "no gun on 'c3r1' may fire at 'c8r1'" in box.note.text()
    box.click("c6r1")
    assert sorted(fire.orders(game, "red", viewer="red")) == ["g1", "g2"]
    assert "every gun on" in window.plan_panel.undo_button.toolTip()
    assert window.plan_panel.undo()
    assert fire.orders(game, "red", viewer="red") == {}
