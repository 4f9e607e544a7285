"""The WEGO game view of an operational game laid out for a 1280x720 screen, offscreen: the
plan's sections as tabs down the left whose names read across and whole, the column's tabs
without Cards and Decisions when the game has none (they come in when wanted), and the map's
move legend naming the plan's mode, the ignore-enemy move (OO3) included
(editor/shared/side_tabs.py, editor/game/wego/op_view.py, window.py, plan_map.py)."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtWidgets import QTabWidget

from editor.game.launch import show_game
from editor.game.session import GameSession
from editor.game.wego.window import WegoWindow
from editor.shared.side_tabs import SideTabBar
from tests.operational.builder import OpBuilder


def _scenario() -> Any:
    b = OpBuilder(columns=10, rows=5)
    b.raw["calendar"]["turns"] = 3
    b.rules("fog", enabled=False)
    b.rules("victory", victory_level=None)
    b.unit("tank", "armour", "c3r3", echelon="regiment")
    b.unit("foe", "inf", "c6r3", nation="blueland", echelon="battalion")
    return b.build()


@pytest.fixture
def window(qtbot: Any, state_dir: Any) -> WegoWindow:
    from editor.shared.app import settle

    session = GameSession.new(_scenario(), {"red": "human", "blue": "ai"}, seed=1)
    shown = show_game(session, "op-plan-layout-test", leave_text="Close")
    assert isinstance(shown, WegoWindow)
    qtbot.addWidget(shown)
    shown.resize(1280, 720)
    settle(shown)
    return shown


def test_the_plan_sections_are_tabs_down_the_left_each_name_whole(window: WegoWindow) -> None:
    op = window.op_view
    assert op is not None
    tabs = op.tabs
    bar = tabs.tabBar()
    assert isinstance(bar, SideTabBar)
    assert tabs.tabPosition() == QTabWidget.TabPosition.West
    assert [tabs.tabText(i) for i in range(tabs.count())][:4] == [
        "Orders",
        "Supply",
        "All orders",
        "Assets",
    ]
    assert bar.full_names()
    # The names read across: each tab wider than high, all one width, one under the other.
    rects = [bar.tabRect(i) for i in range(bar.count())]
    assert all(r.width() > r.height() for r in rects)
    assert len({r.width() for r in rects}) == 1
    assert [r.top() for r in rects] == sorted(r.top() for r in rects)
    # The column beside the map leaves the window within a 1280 px screen.
    assert window.minimumSizeHint().width() <= 1280


def test_cards_and_decisions_stay_out_of_the_column_until_wanted(window: WegoWindow) -> None:
    """An operational scenario without cards: no Cards tab, and Decisions only once an
    event or a question calls for it; the View menu opens either."""
    assert window.hand_dock.isHidden() and window.decisions_dock.isHidden()
    assert not window.hand_dock.toggleViewAction().isChecked()
    assert not window.plan_dock.isHidden() and not window.stats_dock.isHidden()
    window.call_to("decisions")
    assert not window.decisions_dock.isHidden()
    window.hand_dock.toggleViewAction().trigger()  # View > Cards
    assert not window.hand_dock.isHidden()


def test_oo3_the_move_legend_names_the_mode_a_click_orders(
    window: WegoWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    from editor.game.map import legend

    titles: list[str] = []
    drawn = legend.legend

    def noted(painter: Any, area: Any, title: str, *rest: Any, **named: Any) -> None:
        titles.append(title)
        drawn(painter, area, title, *rest, **named)

    monkeypatch.setattr(legend, "legend", noted)
    view, session = window.map_view, window.session
    tank = session.game.state.units["tank"].stack
    session.select(tank)
    assert view.dests
    view.viewport().repaint()
    assert titles[-1] == "Move or attack: click or drag"
    view.set_mode("ignore_enemy")  # the order table's "Move ignoring enemy" row
    assert view.dests
    view.viewport().repaint()
    assert titles[-1] == "Move ignoring the enemy: click or drag"
    view.set_mode("withdraw")
    view.viewport().repaint()
    assert titles[-1] == "Withdraw: click or drag"
