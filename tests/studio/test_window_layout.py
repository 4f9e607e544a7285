"""The studio window's layout and workspace (issue 10, defects 1 and 9), offscreen: where the
window starts on a screen, the docks kept through New and Open, the layout remembered and
reset, section editors as tabs that are remembered, and the inspector stepping aside for them.
What a person sees of it is tested in a real window in ``tests/realwindow``."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRect, Qt

from editor.shared.app import settle
from editor.shared.window_state import fitted_geometry, starts_maximised
from editor.studio.window import StudioWindow
from editor.studio.window_layout import column_widths


@pytest.mark.parametrize(
    ("screen", "maximised"),
    [
        ((1280, 720), True),
        ((1280, 800), True),
        ((1440, 900), True),
        ((1600, 1000), False),
        ((1920, 1080), False),
        ((2560, 1440), False),
    ],
)
def test_the_window_starts_fitted_to_the_screen(screen, maximised) -> None:
    available = QRect(0, 24, *screen)  # a panel at the top takes 24 pixels
    rect = fitted_geometry(available)
    assert available.contains(rect)
    assert starts_maximised(available) == maximised
    if maximised:
        assert rect == available
    else:
        assert rect.width() >= 0.85 * screen[0] and rect.height() >= 0.85 * screen[1]
        assert rect.center() == available.center()


def test_columns_leave_the_map_most_of_the_width() -> None:
    for width in (1280, 1440, 1728, 2304):
        left, right = column_widths(width)
        assert width - left - right > 0.5 * width


def _sizes(window: StudioWindow) -> dict[str, tuple[int, int]]:
    settle(window)
    return {name: (dock.width(), dock.height()) for name, dock in window.docks.items()}


def test_new_and_open_keep_the_layout(window, sample_path) -> None:
    """Defect 1: replacing the panels of a dock laid the docks out again from the new
    panels' size hints, and the map became a strip."""
    before = _sizes(window)
    viewport = window.view.viewport().size()
    window.files.new(ask=False)
    assert _sizes(window) == before
    assert window.view.viewport().size() == viewport
    assert window.files.open_path(sample_path, ask=False)
    assert _sizes(window) == before
    assert window.view.viewport().size() == viewport


def test_the_layout_is_remembered_and_reset(qtbot, state_dir, sample_path) -> None:
    first = StudioWindow(autosave_ms=3_600_000)
    first.files.open_path(sample_path, ask=False)
    first.show()
    settle(first)
    default = _sizes(first)
    first.docks["layers"].close()
    first.resizeDocks([first.docks["inspector"]], [520], Qt.Orientation.Horizontal)
    settle(first)
    wide = first.docks["inspector"].width()
    assert wide > default["inspector"][0]
    first.open_section("sides")
    first.close()

    second = StudioWindow(autosave_ms=3_600_000)
    second.files.open_path(sample_path, ask=False)
    second.show()
    settle(second)
    assert not second.docks["layers"].isVisible()
    assert second.docks["inspector"].width() == wide
    assert list(second.tabs.pages) == ["sides"]
    second.reset_layout()
    settle(second)
    assert second.docks["layers"].isVisible()
    assert _sizes(second)["inspector"] == default["inspector"]
    second.files.discard_session()
    second.close()


def test_a_saved_layout_of_other_docks_is_not_forced_on_these(qtbot, state_dir) -> None:
    from editor.shared.settings import settings
    from editor.studio.window_layout import STATE

    store = settings()
    store.setValue("studio/state", b"not a state of these docks")
    store.setValue("studio/version", STATE.version - 1)
    window = StudioWindow(autosave_ms=3_600_000)
    window.show()
    settle(window)
    assert all(window.docks[n].isVisible() for n in ("explorer", "layers", "inspector", "issues"))
    window.close()


def test_section_editors_open_as_tabs_beside_the_map(window) -> None:
    page = window.open_section("terrain")
    assert window.tabs.currentWidget() is page
    assert window.tabs.tabText(1) == "Terrain table"
    assert window.open_section("terrain") is page  # one tab per editor
    assert window.tabs.tabBar().isVisible()
    window.close_section()
    assert window.tabs.count() == 1 and not window.tabs.tabBar().isVisible()


def test_open_editors_follow_the_designer_to_the_next_document(window, sample_path) -> None:
    window.open_section("sides")
    window.open_section("decks")
    window.tabs.setCurrentWidget(window.tabs.pages["sides"])
    window.files.new(ask=False)
    assert list(window.tabs.pages) == ["sides", "decks"]
    assert window.tabs.current_editor() is None  # a new scenario starts on its empty map
    # They edit the new document, not the old one.
    editor = window.tabs.pages["sides"].widget()
    assert editor.document is window.document


def test_the_inspector_steps_aside_for_the_editor_shown(window) -> None:
    holder = window.holders["inspector"]
    document = window.document
    window.open_section("sides")
    document.select("sides", [document.scenario.sides[0].id])
    assert holder.covered and "Sides and nations" in holder.note_text.text()
    document.select("regions", [document.scenario.regions[0].id])
    assert not holder.covered  # regions are the inspector's
    document.select("nations", [document.scenario.nations[0].id])
    assert holder.covered
    window.tabs.show_map()
    assert not holder.covered
    window.tabs.setCurrentWidget(window.tabs.pages["sides"])
    assert holder.covered
    holder.note_button.click()
    assert window.tabs.currentIndex() == 0 and not holder.covered


def test_opening_a_wide_editor_at_1280_leaves_the_docks_as_they_were(window) -> None:
    """The reinforcements' editor was wider than the room between the docks at 1280 pixels
    (its hint did not wrap): opening it narrowed both dock columns by 47 pixels, cutting the
    Layers panel's Lock column and the explorer's names, and they stayed so. It fits now, and
    an editor wider than its tab scrolls in it."""
    from PySide6.QtTest import QTest

    from editor.studio.window_layout import apply_default_layout

    window.resize(1280, 800)
    apply_default_layout(window)
    QTest.qWait(50)
    docks = window.docks
    before = (docks["explorer"].width(), docks["inspector"].width())
    for key in ("schedule", "victory"):
        window.open_section(key)
        QTest.qWait(50)
        assert (docks["explorer"].width(), docks["inspector"].width()) == before, key
    page = window.tabs.pages["schedule"]
    window.tabs.setCurrentWidget(page)
    QTest.qWait(50)
    editor = page.widget()
    assert editor.width() >= editor.minimumSizeHint().width()
    # Whatever an editor needs, it scrolls in its tab rather than push the docks aside.
    editor.setMinimumWidth(1000)
    QTest.qWait(50)
    assert (docks["explorer"].width(), docks["inspector"].width()) == before
    assert editor.width() >= 1000 and page.scroll.horizontalScrollBar().isVisible()
