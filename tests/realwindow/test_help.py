"""Help > Keyboard shortcuts and Help > About, opened from the menu with the mouse."""

from __future__ import annotations

from tests.realwindow.conftest import on_screen, settle_input, wait_until


def _menu_entry(studio, x, menu_title: str, entry: str) -> None:
    """Click a menu of the menu bar, then one of its entries, as a person does."""
    from PySide6.QtWidgets import QApplication, QMenu

    bar = studio.menuBar()
    action = next(a for a in bar.actions() if a.text().replace("&", "") == menu_title)
    rect = bar.actionGeometry(action)
    x.click(*on_screen(bar, rect.center().x(), rect.center().y()))
    wait_until(lambda: isinstance(QApplication.activePopupWidget(), QMenu), what="the menu open")
    menu = QApplication.activePopupWidget()
    item = next(a for a in menu.actions() if a.text().replace("&", "").startswith(entry))
    rect = menu.actionGeometry(item)
    x.click(*on_screen(menu, rect.center().x(), rect.center().y()))
    settle_input(0.3)


def test_the_shortcuts_dialog_lists_the_drawing_keys_and_finds_one(studio, x, shots) -> None:
    from editor.studio.help import ShortcutsDialog

    _menu_entry(studio, x, "Help", "Keyboard shortcuts")
    wait_until(lambda: studio.findChild(ShortcutsDialog) is not None, what="the dialog")
    dialog = studio.findChild(ShortcutsDialog)
    wait_until(dialog.isVisible, what="the shortcuts dialog shown")
    rows = dialog.rows()
    assert ("Map: Draw region tool", "Enter, double-click", "Close the region") in rows
    assert any(keys == "Backspace, Delete" for group, keys, _ in rows if "Draw" in group)
    dialog.filter.setFocus()
    x.type("backspace")
    wait_until(lambda: len(dialog.rows()) < len(rows), what="the list filtered")
    assert all("backspace" in f"{g} {k} {d}".lower() for g, k, d in dialog.rows())
    settle_input(0.3)
    shots(dialog, "help-shortcuts")
    x.key("Escape")
    wait_until(lambda: not dialog.isVisible(), what="the dialog closed with Escape")


def test_about_shows_the_version_and_the_documentation(studio, x, shots) -> None:
    from editor.studio.help import AboutDialog, studio_version

    _menu_entry(studio, x, "Help", "About")
    wait_until(lambda: studio.findChild(AboutDialog) is not None, what="the about box")
    about = studio.findChild(AboutDialog)
    wait_until(about.isVisible, what="the about box shown")
    assert studio_version() in about.findChild(type(about.docs)).text()
    assert "scenario-format.md" in about.docs.text()
    shots(about, "help-about")
    x.key("Escape")
    wait_until(lambda: not about.isVisible(), what="the about box closed")
