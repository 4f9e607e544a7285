"""The Mods dock and Compare with saved in a real window, driven with real clicks and drags
(issue 13): the Winter War with the "harsh winter" sample mod and a second mod that
conflicts with it."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.realwindow.conftest import on_screen, settle_input, shown_studio, wait_until
from tests.realwindow.studio_helpers import choose, open_menu_bar
from tests.studio.mod_helpers import mod_files


@pytest.fixture
def modded(qtbot, state_dir: Path, tmp_path: Path):
    """The studio started as ``salient edit winter-war.json --mod harsh --mod thaw``, with
    a new mod of our own on top (so both sample mods are below it and can be dragged)."""
    from editor.studio.mods.opening import open_stack

    files = mod_files(tmp_path)
    with shown_studio(qtbot, files.base, mods=[files.harsh, files.thaw]) as window:
        assert open_stack(window, files.base, [str(files.harsh), str(files.thaw)], start_new=True)
        window.mods.live.wait()
        settle_input(0.5)
        yield window, files


def _row_centre(view, row: int) -> tuple[int, int]:
    rect = view.visualItemRect(view.item(row))
    return on_screen(view.viewport(), rect.center().x(), rect.center().y())


def _forest(window, field: str):
    return getattr(window.document.get("terrain", "forest"), field)


def test_the_mods_dock_reorders_and_switches_mods_with_real_input(modded, x, shots) -> None:
    window, _files = modded
    panel = window.mods.panel
    stack = panel.list
    wait_until(stack.isVisible, what="the Mods dock")
    assert [stack.item(i).text().split(" ·")[0] for i in range(stack.count())] == [
        "The Hardest Winter",
        "An Early Thaw",
        "✎ My mod of The Winter War, 1939-40",
    ]
    assert _forest(window, "movement_cost") == 1  # the thaw, later, wins
    shots(window, "studio-mods-dock")

    # Drag the harsh winter below the thaw: it now applies later and wins.
    start = _row_centre(stack, 0)
    rect = stack.visualItemRect(stack.item(1))
    below = on_screen(stack.viewport(), rect.center().x(), rect.bottom() - 2)
    x.drag([start, (start[0], start[1] + 6), (below[0], below[1] - 4), below])
    wait_until(
        lambda: window.document.entries[0].mod.id == "early-thaw",
        what="the harsh winter dragged below the thaw",
    )
    assert _forest(window, "movement_cost") == 3
    assert window.document.target.mod.id == "winter-war-mod"  # the target stays last
    shots(window, "studio-mods-dock-reordered")

    # Untick the harsh winter (now the second row): its changes go, the thaw's stay.
    row = next(i for i in range(stack.count()) if "Hardest" in stack.item(i).text())
    rect = stack.visualItemRect(stack.item(row))
    box = stack.style().subElementRect(
        stack.style().SubElement.SE_ItemViewItemCheckIndicator, _option(stack, row), stack
    )
    point = box.center() if box.isValid() else rect.topLeft()
    x.click(*on_screen(stack.viewport(), point.x() + 1, rect.center().y()))
    wait_until(lambda: not window.document.entries[1].enabled, what="the harsh winter off")
    assert _forest(window, "movement_cost") == 1 and _forest(window, "forage") == 4
    # Ctrl+Z takes it back (the stack's history is the document's).
    window.view.setFocus()
    x.key("ctrl+z")
    wait_until(lambda: window.document.entries[1].enabled, what="undo switching it off")
    assert _forest(window, "forage") == 2


def _option(view, row: int):
    from PySide6.QtWidgets import QStyleOptionViewItem

    option = QStyleOptionViewItem()
    option.initFrom(view)
    option.rect = view.visualItemRect(view.item(row))
    option.features |= QStyleOptionViewItem.ViewItemFeature.HasCheckIndicator
    return option


def test_a_conflict_row_shows_its_entity_with_a_real_double_click(modded, x, shots) -> None:
    window, _files = modded
    panel = window.mods.panel
    tree = panel.conflicts.tree
    wait_until(lambda: tree.topLevelItemCount() == 3, what="three conflicts listed")
    first = tree.topLevelItem(0)
    assert first.text(0) == "terrain table, Forest: MP cost"
    values = first.child(0)
    assert values.text(0) == "The Hardest Winter\n3" and values.text(1) == "An Early Thaw\n1 ✓"
    rect = tree.visualItemRect(first)
    x.double_click(*on_screen(tree.viewport(), rect.center().x(), rect.center().y()))
    wait_until(
        lambda: window.document.selection.ids == ("forest",), what="the forest terrain selected"
    )
    marks = window.mods.inspector_marks
    wait_until(lambda: bool(marks.overlay.marked), what="the change bars in the inspector")
    assert first.isExpanded()  # the values stay shown under the conflict
    shots(window, "studio-mods-conflict-selected")


def test_compare_with_saved_from_the_file_menu(modded, x, shots, monkeypatch) -> None:
    from PySide6.QtWidgets import QMessageBox

    window, _files = modded
    document = window.document
    document.set_field("regions", "viipuri", ["name"], "Vyborg")
    document.set_field("terrain", "rough", ["movement_cost"], 4)
    menu = open_menu_bar(x, window, "File")
    choose(x, menu, "Compare with saved")
    wait_until(lambda: window.docks["changes"].isVisible(), what="the Changes dock")
    panel = window.holders["changes"].panel
    tree = panel.tree
    wait_until(lambda: tree.topLevelItemCount() == 2, what="two changes listed")
    assert "new mod as it started (never saved)" in panel.summary.text()
    shots(window, "studio-compare-with-saved")
    # A click on a row selects its region and zooms the map to it.
    window.view.zoom_to_fit()
    settle_input()
    before = window.view.transform().m11()
    row = next(i for i in range(2) if "Vyborg" in tree.topLevelItem(i).text(0))
    rect = tree.visualItemRect(tree.topLevelItem(row))
    x.click(*on_screen(tree.viewport(), rect.center().x(), rect.center().y()))
    wait_until(lambda: document.selection.ids == ("viipuri",), what="Viipuri selected")
    wait_until(lambda: window.view.transform().m11() > before * 1.5, what="zoomed to it")
    shots(window, "studio-compare-row-zoomed")
    # Revert asks first; the answer comes from the test (no dialog is left waiting).
    asked: list[str] = []

    def answer(_parent, _title, text, *_args):
        asked.append(text)
        return QMessageBox.StandardButton.Yes

    monkeypatch.setattr(QMessageBox, "question", answer)
    button = panel.revert_button
    x.click(*on_screen(button, button.width() / 2, button.height() / 2))
    wait_until(lambda: document.get("regions", "viipuri").name == "Viipuri", what="reverted")
    assert asked and "undone" in asked[0]
    wait_until(lambda: tree.topLevelItemCount() == 0, what="nothing left to list")
    window.view.setFocus()
    x.key("ctrl+z")
    wait_until(lambda: document.get("regions", "viipuri").name == "Vyborg", what="revert undone")


@pytest.fixture
def thaw_on_top(qtbot, state_dir: Path, tmp_path: Path):
    """``salient edit winter-war.json --mod harsh --mod thaw``: the thaw is the edit target."""
    files = mod_files(tmp_path)
    base_bytes = files.base.read_bytes()
    harsh_bytes = files.harsh.read_bytes()
    with shown_studio(qtbot, files.base, mods=[files.harsh, files.thaw]) as window:
        yield window, files, base_bytes, harsh_bytes


def _type_into(x, box, text: str) -> None:
    """Click a line edit or spin box, replace what it holds with ``text`` and press Enter."""
    x.click(*on_screen(box, box.width() / 2, box.height() / 2))
    wait_until(box.hasFocus, what="the field to take the focus")
    x.key("ctrl+a")
    x.type(text)
    x.key("Return")
    settle_input()


def test_typed_edits_go_into_the_top_mod_one_is_reverted_and_save_writes_only_it(
    thaw_on_top, x, shots
) -> None:
    from schemas.mods.load import load_mod_text

    window, files, base_bytes, harsh_bytes = thaw_on_top
    document = window.document
    assert window.windowTitle().startswith("early-thaw.salient-mod.json on winter-war.json")
    # Two edits typed into the inspector.
    document.select("regions", ["viipuri"])
    form = window.inspector.forms["regions"]
    wait_until(lambda: form.rows["name"].isVisible(), what="Viipuri in the inspector")
    _type_into(x, form.rows["name"].box, "Vyborg")
    wait_until(lambda: document.get("regions", "viipuri").name == "Vyborg", what="renamed")
    document.select("terrain", ["rough"])
    form = window.inspector.forms["terrain"]
    wait_until(lambda: form.rows["movement_cost"].isVisible(), what="Rough in the inspector")
    _type_into(x, form.rows["movement_cost"].box, "4")
    wait_until(lambda: document.get("terrain", "rough").movement_cost == 4, what="MP cost 4")
    assert "*" in window.windowTitle()
    # Compare with saved, then revert only Viipuri's name from its row's menu.
    choose(x, open_menu_bar(x, window, "File"), "Compare with saved")
    panel = window.holders["changes"].panel
    tree = panel.tree
    wait_until(lambda: tree.topLevelItemCount() == 2, what="two changes listed")
    row = next(i for i in range(2) if "Vyborg" in tree.topLevelItem(i).text(0))
    rect = tree.visualItemRect(tree.topLevelItem(row))
    x.click(*on_screen(tree.viewport(), rect.center().x(), rect.center().y()), button=3)
    wait_until(
        lambda: panel.context_menu is not None and panel.context_menu.isVisible(),
        what="the row's menu",
    )
    shots(window, "studio-compare-row-menu")
    choose(x, panel.context_menu, "Revert this change")
    wait_until(lambda: document.get("regions", "viipuri").name == "Viipuri", what="reverted")
    wait_until(lambda: tree.topLevelItemCount() == 1, what="one change left")
    assert "Rough" in tree.topLevelItem(0).text(0)
    assert document.get("terrain", "rough").movement_cost == 4
    shots(window, "studio-compare-one-reverted")
    # Ctrl+S writes the thaw mod only: the base and the harsh winter keep their bytes.
    window.view.setFocus()
    x.key("ctrl+s")
    wait_until(lambda: not document.modified, what="saved")
    mod = load_mod_text(files.thaw.read_bytes()).mod
    assert mod is not None
    touched = {(op.section, getattr(op, "id", None)) for op in mod.operations}
    assert ("terrain", "rough") in touched and ("regions", "viipuri") not in touched
    assert files.base.read_bytes() == base_bytes
    assert files.harsh.read_bytes() == harsh_bytes
    wait_until(lambda: tree.topLevelItemCount() == 0, what="nothing left to compare")


def test_open_with_mods_from_the_file_menu_then_a_click_shows_who_changed_a_region(
    qtbot, state_dir: Path, tmp_path: Path, x, shots, monkeypatch
) -> None:
    from PySide6.QtWidgets import QDialogButtonBox, QPushButton

    from editor.studio.mods.document import ModdedDocument
    from tests.realwindow.studio_helpers import free_point, map_click

    files = mod_files(tmp_path)
    with shown_studio(qtbot, files.base) as window:
        choose(x, open_menu_bar(x, window, "File"), "Open with mods")
        wait_until(
            lambda: (
                getattr(window, "open_mods_dialog", None) is not None
                and window.open_mods_dialog.isVisible()
            ),
            what="the Open with mods dialog",
        )
        dialog = window.open_mods_dialog
        assert dialog.base.text() == str(files.base)  # the scenario open is the base
        monkeypatch.setattr(
            "editor.studio.mods.open_dialog.choose_mods",
            lambda *_a: [str(files.harsh), str(files.thaw)],
        )
        add = next(b for b in dialog.findChildren(QPushButton) if b.text() == "Add…")
        x.click(*on_screen(add, add.width() / 2, add.height() / 2))
        wait_until(lambda: dialog.list.count() == 2, what="two mods listed")
        assert dialog.edit_last.isChecked()
        settle_input(0.3)
        shots(dialog, "studio-open-with-mods-dialog")
        box = dialog.findChild(QDialogButtonBox)
        button = box.button(QDialogButtonBox.StandardButton.Open)
        x.click(*on_screen(button, button.width() / 2, button.height() / 2))
        wait_until(lambda: isinstance(window.document, ModdedDocument), what="the stack open")
        document = window.document
        assert document.target.mod.id == "early-thaw"
        window.mods.live.wait()
        panel = window.mods.panel
        wait_until(lambda: panel.conflicts.tree.topLevelItemCount() == 3, what="3 conflicts")
        # Helsinki's terrain is the thaw's own change: a band on the map, and a click on it
        # names the mod in the inspector.
        marks = window.mods.map_marks
        wait_until(lambda: marks.mark_at("regions", "helsinki") is not None, what="a band")
        window.zoom_to_entity("regions", "helsinki")
        settle_input(0.3)
        map_click(x, window, *free_point(window, "helsinki"))
        wait_until(lambda: document.selection.ids == ("helsinki",), what="Helsinki selected")
        chip = window.mods.inspector_marks.chip
        wait_until(chip.isVisible, what="the line naming the mod")
        assert "An Early Thaw" in chip.text()
        shots(window, "studio-mods-region-marked")
