"""The operational plan panel's sections and the column's tabs in the WEGO game view's real
window, at 1280x720 and at 1920x1080 (or the largest the screen allows), on the small front of
tests/operational/test_order_shortcuts.py (it has guns and engineers: all seven sections
show): every section's name is read whole down the left of the plan (nothing elided, no
scroll arrows), one real click on a name opens its section, the window stays within the
size asked, and the column's tabs under the plan (Plan, Battles, Statistics, Victory, Turn)
show whole too, without the Cards and Decisions a game without cards or decisions leaves out.
"""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QScrollArea, QTabBar, QToolButton

from tests.realwindow import game_fixtures
from tests.realwindow.conftest import on_screen, settle_input, wait_until

game_window = game_fixtures.game_window
shown = game_fixtures.shown


def _whole(bar: QTabBar) -> list[str]:
    """The names of ``bar``'s tabs that are not shown whole: a tab outside the bar's room or
    under its parent's edge, or the bar showing scroll arrows (some name is out of sight)."""
    cut = [bar.tabText(i) for i in range(bar.count()) if not bar.rect().contains(bar.tabRect(i))]
    seen = bar.visibleRegion()
    cut += [
        bar.tabText(i)
        for i in range(bar.count())
        if bar.isTabVisible(i) and not seen.contains(bar.tabRect(i).center())
    ]
    if any(arrow.isVisible() for arrow in bar.findChildren(QToolButton)):
        cut.append("(scroll arrows)")
    return cut


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)], ids=["1280", "1920"])
def test_every_plan_section_is_named_whole_and_opens_with_one_click(
    game_window, x, shots, size
) -> None:
    from editor.game.session import GameSession
    from editor.shared.side_tabs import SideTabBar
    from tests.operational.test_order_shortcuts import front

    session = GameSession.new(front().build(), {"red": "human", "blue": "ai"}, seed=1)
    window = game_window(session, "op-plan-sections")
    game_fixtures.fit(window, *size)
    window.map_view.zoom_to_fit()
    settle_input(0.3)
    room = window.screen().availableGeometry()
    assert window.width() <= min(size[0], room.width()), "the column widened the window"
    op = window.op_view
    assert op is not None
    tabs, bar = op.tabs, op.tabs.tabBar()
    assert isinstance(bar, SideTabBar)
    names = [tabs.tabText(i) for i in range(tabs.count())]
    assert names == [
        "Orders",
        "Supply",
        "All orders",
        "Assets",
        "Fire",
        "Engineers",
        "Shortcuts",
    ]
    assert shown(bar)
    assert _whole(bar) == []
    assert bar.full_names(), "a section's name is wider than its tab"
    # Every tab is to the left of its section, not above it: the names read across.
    assert all(bar.tabRect(i).width() > bar.tabRect(i).height() for i in range(bar.count()))
    for index in [*range(1, tabs.count()), 0]:
        spot = bar.tabRect(index).center()
        x.click(*on_screen(bar, spot.x(), spot.y()))
        wait_until(lambda i=index: tabs.currentIndex() == i, what=f"the {names[index]} section")
        page = tabs.currentWidget()
        page = page.widget() if isinstance(page, QScrollArea) else page  # the section itself
        wait_until(lambda p=page: shown(p), what=f"{names[index]} on screen")
        if index == tabs.indexOf(op.shortcuts_scroll):
            settle_input(0.2)
            shots(window, f"op-plan-sections-{size[0]}")
        if index == 0:
            game_fixtures.order_table_whole(op)

    # The tabs of the column: the plan's and the panels beside it, each name whole.
    docks = next(
        b
        for b in window.findChildren(QTabBar)
        if b.isVisible() and "Plan" in [b.tabText(i) for i in range(b.count())]
    )
    titles = [docks.tabText(i) for i in range(docks.count())]
    assert titles == ["Plan", "Battles", "Statistics", "Victory", "Turn"]
    assert _whole(docks) == []
    assert window.hand_dock.toggleViewAction().isChecked() is False  # View > Cards opens it
