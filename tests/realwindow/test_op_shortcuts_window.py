"""The order shortcuts in the WEGO game view's real window (issue 15: OO2), on the small
front of tests/operational/test_order_shortcuts.py at 1280x720, driven with real clicks:
the division HQ's stack selected on the map, the Shortcuts tab, "Move to a hex",
the destination clicked on the map, every stack's route drawn, one Undo taking it back.
"""

from __future__ import annotations

from tests.realwindow import game_fixtures
from tests.realwindow.conftest import on_screen, settle_input, wait_until
from tests.realwindow.test_op_game_window import _click_counter

game_window = game_fixtures.game_window


def _click_at(x, view, point) -> None:
    spot = view.mapFromScene(point)
    x.move(*on_screen(view.viewport(), spot.x() - 3, spot.y() - 3))
    x.click(*on_screen(view.viewport(), spot.x(), spot.y()))


def test_oo2_an_organisation_move_given_with_real_clicks(game_window, x, shots):
    from editor.game.session import GameSession
    from engine.wego import plan
    from tests.operational.play import stack
    from tests.operational.test_order_shortcuts import front

    session = GameSession.new(front().build(), {"red": "human", "blue": "ai"}, seed=1)
    window = game_window(session, "op-shortcuts")
    game_fixtures.fit(window, 1280, 720)
    view, game = window.map_view, session.game
    view.zoom_to_fit()
    settle_input(0.3)
    op = window.op_view
    assert op is not None
    box = op.shortcuts
    # The division HQ's counter, clicked on the map: its organisation is the one to move.
    hq_stack = stack(game, "div")
    _click_counter(x, view, hq_stack)
    wait_until(lambda: session.selected == hq_stack, what="the HQ's stack selected")
    bar = op.tabs.tabBar()
    index = op.tabs.indexOf(op.shortcuts_scroll)
    while not bar.rect().contains(bar.tabRect(index)):  # the tab bar scrolls at 1280 px
        arrows = [b for b in bar.children() if b.metaObject().className() == "QToolButton"]
        right = max(arrows, key=lambda b: b.x())
        x.click(*on_screen(right, right.width() // 2, right.height() // 2))
        settle_input(0.2)
    tab = bar.tabRect(index).center()
    x.click(*on_screen(bar, tab.x(), tab.y()))
    wait_until(lambda: op.tabs.currentIndex() == index, what="the Shortcuts tab")
    wait_until(lambda: box.chosen_hq() == "div", what="the HQ chosen")
    button = box.move_button
    x.click(*on_screen(button, button.width() // 2, button.height() // 2))
    wait_until(lambda: box.picking == ("div", "organisation"), what="choosing the hex")
    # Pointing at the destination: the routes the stacks would take, dashed.
    spot = view.mapFromScene(view.map_scene.points["c5r2"])
    x.move(*on_screen(view.viewport(), spot.x() - 3, spot.y() - 3))
    x.move(*on_screen(view.viewport(), spot.x(), spot.y()))
    wait_until(lambda: len(box.preview.items) == 4, what="the routes previewed")
    settle_input(0.2)
    shots(window, "op-organisation-choosing")
    _click_at(x, view, view.map_scene.points["c5r2"])
    wait_until(lambda: len(plan.orders_of(game, "red", viewer="red")) == 4, what="the orders")
    given = plan.orders_of(game, "red", viewer="red")
    assert sorted(given) == sorted(stack(game, u) for u in ("div", "inf2", "tank", "g1"))
    assert all(o.path[-1] == "c5r2" for o in given.values())
    assert "Left out" in box.note.text() and "cannot reach" in box.note.text()
    assert len(view.plan_items) >= 4  # a route per stack
    settle_input(0.2)
    shots(window, "op-organisation-given")
    undo = window.plan_panel.undo_button
    x.click(*on_screen(undo, undo.width() // 2, undo.height() // 2))
    wait_until(lambda: not plan.orders_of(game, "red", viewer="red"), what="the move undone")
