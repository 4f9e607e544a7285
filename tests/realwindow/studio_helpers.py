"""Gestures on the studio's real window, shared by the real-window tests: clicks on the map in
viewport pixels, menus chosen with the mouse, pixels read back from the X screen."""

from __future__ import annotations

from typing import Any

from tests.realwindow.conftest import on_screen, settle_input, wait_until
from tests.realwindow.x11 import XInput


def map_click(x: XInput, studio: Any, px: float, py: float, button: int = 1) -> None:
    """A real click at a point of the map's viewport, in its own pixels."""
    x.click(*on_screen(studio.view.viewport(), px, py), button=button)
    settle_input()


def scene_to_viewport(studio: Any, point: tuple[float, float]) -> tuple[float, float]:
    """Where a map point is drawn in the viewport (fractional pixels)."""
    mapped = studio.view.viewportTransform().map(_qpointf(point))
    return mapped.x(), mapped.y()


def viewport_to_scene(studio: Any, px: float, py: float) -> tuple[float, float]:
    from PySide6.QtCore import QPoint

    point = studio.view.mapToScene(QPoint(round(px), round(py)))
    return point.x(), point.y()


def _qpointf(point: tuple[float, float]) -> Any:
    from PySide6.QtCore import QPointF

    return QPointF(*point)


def choose(x: XInput, menu: Any, text: str) -> None:
    """Click the entry of an open menu whose text starts with ``text`` (a submenu opens
    under the pointer, as when a person hovers it)."""
    from PySide6.QtWidgets import QApplication

    wait_until(menu.isVisible, what=f"the menu holding {text!r} to show")
    action = next((a for a in menu.actions() if a.text().replace("&", "").startswith(text)), None)
    assert action is not None, [a.text() for a in menu.actions()]
    rect = menu.actionGeometry(action)
    x.click(*on_screen(menu, rect.center().x(), rect.center().y()))
    settle_input(0.3)
    QApplication.processEvents()


def right_click_menu(x: XInput, studio: Any, px: float, py: float) -> Any:
    """Right-click the map and return the context menu that opened."""
    studio.map_context_menu = None
    map_click(x, studio, px, py, button=3)
    wait_until(
        lambda: (
            getattr(studio, "map_context_menu", None) is not None
            and studio.map_context_menu.isVisible()
        ),
        what="the map's context menu",
    )
    return studio.map_context_menu


def open_menu_bar(x: XInput, window: Any, title: str) -> Any:
    """Open a menu of the window's menu bar with a click; returns the menu."""
    bar = window.menuBar()
    action = next(a for a in bar.actions() if a.text().replace("&", "") == title)
    rect = bar.actionGeometry(action)
    x.click(*on_screen(bar, rect.center().x(), rect.center().y()))
    menu = action.menu()
    wait_until(menu.isVisible, what=f"the {title} menu")
    return menu


def screen_pixel(window: Any, widget: Any, px: float, py: float) -> tuple[int, int, int]:
    """The colour the X server shows at a point of a widget (read back from the screen)."""
    from PySide6.QtCore import QPoint

    settle_input(0.2)
    picture = window.screen().grabWindow(window.winId()).toImage()
    point = widget.mapTo(window, QPoint(round(px), round(py)))
    colour = picture.pixelColor(point)
    return colour.red(), colour.green(), colour.blue()


def open_new_dialog(x: XInput, studio: Any) -> Any:
    """File > New with its key; returns the New scenario dialog once it shows, active."""
    studio.view.setFocus()
    x.key("ctrl+n")
    wait_until(
        lambda: (
            getattr(studio.files, "new_dialog", None) is not None
            and studio.files.new_dialog.isVisible()
        ),
        what="the New scenario dialog",
    )
    dialog = studio.files.new_dialog
    dialog.activateWindow()
    settle_input(0.3)
    return dialog


def open_rules_editor(x: XInput, studio: Any) -> Any:
    """Scenario > Rules parameters through the menu bar; returns the rules editor once its
    tab is open."""
    menu = open_menu_bar(x, studio, "Scenario")
    choose(x, menu, "Rules parameters")
    wait_until(lambda: "rules" in studio.tabs.pages, what="the rules editor")
    return studio.tabs.pages["rules"].widget()


def new_scenario(x: XInput, studio: Any) -> None:
    """File > New with the keyboard, accepting the sheet the dialog offers (Enter)."""
    before = studio.document
    studio.view.setFocus()
    x.key("ctrl+n")
    wait_until(
        lambda: (
            getattr(studio.files, "new_dialog", None) is not None
            and studio.files.new_dialog.isVisible()
        ),
        what="the New scenario dialog",
    )
    studio.files.new_dialog.activateWindow()
    settle_input(0.2)
    x.key("Return")
    wait_until(lambda: studio.document is not before, what="the new scenario")
    settle_input(0.3)


def free_point(studio: Any, region_id: str) -> tuple[float, float]:
    """A viewport point inside a region with no symbol or connection on it (a click there
    selects the region itself)."""
    from PySide6.QtCore import QPointF

    select = studio.tools["select"]
    rect = studio.scene.region_paths[region_id].boundingRect()
    for fy in (0.5, 0.35, 0.65, 0.25, 0.75):
        for fx in (0.5, 0.35, 0.65, 0.25, 0.75):
            point = QPointF(rect.left() + rect.width() * fx, rect.top() + rect.height() * fy)
            free = select._marker_at(point) is None and select._connection_at(point) is None
            if select.region_at(point) == region_id and free:
                return scene_to_viewport(studio, (point.x(), point.y()))
    raise AssertionError(f"no free point in {region_id}")
