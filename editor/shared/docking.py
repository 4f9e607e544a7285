"""Docks as both main windows (the studio and the game view) make them."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDockWidget, QMainWindow, QTabBar, QWidget
from shiboken6 import isValid


def add_dock(window: QMainWindow, name: str, title: str, area: Qt.DockWidgetArea) -> QDockWidget:
    """An empty dock in ``area``, its object name ``dock-<name>`` so that saved window states
    and tests find it again; the caller sets the widget."""
    dock = QDockWidget(title, window)
    dock.setObjectName(f"dock-{name}")
    dock.setWidget(QWidget())
    window.addDockWidget(area, dock)
    # Qt makes the tab bars of tabified docks when it lays them out, so their titles are
    # set whole each time a dock shows or hides (that is when a tab bar comes or goes). A
    # window being deleted hides its docks too, after its C++ side is gone: nothing to set.
    dock.visibilityChanged.connect(lambda _shown: isValid(window) and whole_tab_titles(window))
    return dock


def whole_tab_titles(window: QMainWindow) -> None:
    """Tabified docks show their whole titles, with scroll arrows when the column is too
    narrow for them all, rather than Qt's default of eliding every title ("Statisti...",
    "Pl..."): a person reads the tab names, and the tab brought forward is scrolled into
    view."""
    for bar in window.findChildren(QTabBar):
        if bar.parent() is window and bar.elideMode() != Qt.TextElideMode.ElideNone:
            bar.setElideMode(Qt.TextElideMode.ElideNone)
            bar.setUsesScrollButtons(True)
