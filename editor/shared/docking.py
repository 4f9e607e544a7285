"""Docks as both main windows (the studio and the game view) make them."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDockWidget, QMainWindow, QWidget


def add_dock(window: QMainWindow, name: str, title: str, area: Qt.DockWidgetArea) -> QDockWidget:
    """An empty dock in ``area``, its object name ``dock-<name>`` so that saved window states
    and tests find it again; the caller sets the widget."""
    dock = QDockWidget(title, window)
    dock.setObjectName(f"dock-{name}")
    dock.setWidget(QWidget())
    window.addDockWidget(area, dock)
    return dock
