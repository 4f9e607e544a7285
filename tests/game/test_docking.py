"""Docks made by ``editor.shared.docking.add_dock``, which both main windows use."""

from __future__ import annotations

import shiboken6
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMainWindow, QTabBar


def test_tabified_docks_show_whole_titles_and_a_closed_window_leaves_no_error(qtbot) -> None:
    """Tabified docks get tab bars that never elide their titles; deleting the window hides
    its docks after its C++ side is gone, which must not raise in the dock's handler
    (pytest-qt fails the test on an exception raised in a Qt callback)."""
    from editor.shared.app import settle
    from editor.shared.docking import add_dock

    window = QMainWindow()
    first = add_dock(window, "a", "Statistics of the game", Qt.DockWidgetArea.RightDockWidgetArea)
    second = add_dock(window, "b", "Decisions taken", Qt.DockWidgetArea.RightDockWidgetArea)
    window.tabifyDockWidget(first, second)
    window.resize(500, 400)
    window.show()
    qtbot.waitExposed(window)
    settle(window)
    bars = [b for b in window.findChildren(QTabBar) if b.parent() is window]
    assert bars and all(b.elideMode() == Qt.TextElideMode.ElideNone for b in bars)
    shiboken6.delete(window)  # as a closed window is deleted: its docks hide after it
    settle(None)
