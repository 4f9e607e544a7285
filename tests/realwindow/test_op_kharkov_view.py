"""The Kharkov operational sample in the WEGO game view's real window (issue 15)."""

from __future__ import annotations

from tests.realwindow import game_fixtures
from tests.realwindow.conftest import on_screen, settle_input, wait_until

game_window = game_fixtures.game_window


def test_kharkov_planning_at_1280(game_window, x, shots) -> None:
    from editor.game.session import GameSession

    scenario = game_fixtures.sample("kharkov-1942-operational")
    session = GameSession.new(scenario, {"soviet": "human", "axis": "ai"}, seed=1)
    window = game_window(session, "kharkov-op")
    room = window.screen().availableGeometry()
    window.move(room.topLeft())
    window.resize(min(1280, room.width() - 10), min(720, room.height() - 40))
    settle_input(0.5)
    op = window.op_view
    window.map_view.zoom_to_fit()
    settle_input(0.4)
    box = op.header.boxes["intel"]
    x.click(*on_screen(box, 8, box.height() / 2))
    wait_until(lambda: "intel" in op.overlays.shown, what="the intel overlay")
    settle_input(0.3)
    shots(window, "kharkov-1280")
    bar = op.tabs.tabBar()
    spot = bar.tabRect(1).center()
    x.click(*on_screen(bar, spot.x(), spot.y()))
    wait_until(lambda: op.tabs.currentIndex() == 1, what="the supply tab")
    settle_input(0.3)
    shots(window, "kharkov-supply-1280")
    window.resize(min(1920, room.width() - 10), min(1080, room.height() - 40))
    settle_input(0.5)
    window.map_view.zoom_to_fit()
    settle_input(0.4)
    shots(window, "kharkov-1920")
