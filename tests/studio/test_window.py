"""The studio window: opening, saving, prompts, live issues, recovery and the command line."""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog, QMessageBox

from editor.cli import main
from editor.shared.app import settle
from editor.studio.files import recoveries
from editor.studio.window import StudioWindow
from schemas.io import dumps, load_file

Buttons = QMessageBox.StandardButton


def _row_of(panel, predicate) -> int:
    for row in range(panel.proxy.rowCount()):
        if predicate(panel.issue_at(row)):
            return row
    raise AssertionError("no such issue listed")


def test_clicking_an_issue_selects_its_entity_and_focuses_the_field(window, qtbot):
    document = window.document
    unit = document.scenario.units[5]
    document.set_field("units", unit.id, ["strength"], 99)
    window.validation.wait()
    panel = window.issues
    row = _row_of(panel, lambda i: i.code == "unit-strength" and i.entity == unit.id)
    document.select("regions", [document.scenario.regions[0].id])

    table = panel.table
    rect = table.visualRect(panel.proxy.index(row, 3))
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())

    assert document.selection.section == "units"
    assert document.selection.ids == (unit.id,)
    assert document.selection.field == ("strength",)
    assert window.inspector.title.text().endswith(f"({unit.id})")
    strength = window.inspector.forms["units"].rows["strength"]
    assert "background" in strength.styleSheet()  # the field the issue names is highlighted


def test_clicking_a_region_issue_zooms_the_map_to_it(window, qtbot):
    document = window.document
    region = document.scenario.regions[3]
    window.view.zoom_to_fit()
    document.set_field("regions", region.id, ["anchors", "label"], (-5000.0, -5000.0))
    window.validation.wait()
    panel = window.issues
    row = _row_of(panel, lambda i: i.code == "anchor-outside-region")
    panel.activate(panel.issue_at(row))

    assert document.selection.ids == (region.id,)
    visible = window.view.mapToScene(window.view.viewport().rect()).boundingRect()
    bounds = window.scene.region_paths[region.id].boundingRect()
    assert visible.contains(bounds.center())
    assert visible.width() < window.scene.itemsBoundingRect().width()  # zoomed in


def test_live_validation_follows_edits_and_undo(window):
    document = window.document
    assert window.validation.issues == []
    unit = document.scenario.units[0]
    document.set_field("units", unit.id, ["strength"], 99)
    window.validation.wait()
    assert any(i.code == "unit-strength" for i in window.validation.issues)
    assert "1 error" in window.issues.summary.text()
    document.undo_stack.undo()
    window.validation.wait()
    assert window.validation.issues == []


def test_a_broken_file_opens_with_its_issues_listed(qtbot, state_dir, tmp_path):
    broken = tmp_path / "broken.json"
    broken.write_text('{\n  "schema_version": 1,\n  "info": {"title": "x",}\n}\n')
    studio = StudioWindow()
    qtbot.addWidget(studio)
    assert not studio.files.open_path(broken, ask=False)
    assert studio.document is None
    issues = studio.issues.model.issues
    assert issues and issues[0].code == "json-syntax"
    assert issues[0].line == 3
    assert "could not be opened" in studio.placeholder.text()
    assert "broken.json" in studio.windowTitle()
    # Edit actions are off without a scenario; opening and creating stay available.
    assert not studio.save_action.isEnabled()


def test_a_file_that_does_not_fit_the_format_lists_every_problem(qtbot, state_dir, tmp_path):
    data = json.loads(
        dumps(
            load_file(
                Path(__file__).parents[2] / "sample_scenarios" / "vessa-crossing.json"
            ).scenario
        )
    )
    data["regions"][0]["terrain"] = 7
    data["units"][0]["colour"] = "red"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data, indent=2))
    studio = StudioWindow()
    qtbot.addWidget(studio)
    assert not studio.files.open_path(path, ask=False)
    paths = {i.path for i in studio.issues.model.issues}
    assert "/regions/0/terrain" in paths
    assert any(p.startswith("/units/0") for p in paths)
    assert all(i.line is not None for i in studio.issues.model.issues)


def test_save_writes_the_file_and_clears_the_modified_mark(window, sample_path):
    document = window.document
    region = document.scenario.regions[0]
    document.set_field("regions", region.id, ["name"], "Renamed Valley")
    assert window.windowTitle().startswith("vessa-crossing.json*")
    qtbot_keys = window.save_action
    qtbot_keys.trigger()
    assert not document.modified
    assert not window.windowTitle().startswith("vessa-crossing.json*")
    saved = load_file(sample_path).scenario
    assert saved.regions[0].name == "Renamed Valley"
    assert sample_path.read_text() == dumps(document.scenario)


def test_save_as_asks_for_a_name_and_remembers_it(window, tmp_path, monkeypatch):
    target = tmp_path / "copy.json"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), ""))
    assert window.files.save_as()
    assert window.document.path == target
    assert load_file(target).ok
    from editor.studio.files import recent_files

    assert recent_files()[0] == target.resolve()


def test_unsaved_changes_prompt_can_cancel_discard_or_save(window, monkeypatch, sample_path):
    document = window.document
    document.set_field("regions", document.scenario.regions[0].id, ["name"], "Changed")

    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: Buttons.Cancel)
    window.files.new(ask=False)
    assert window.document is document  # cancelled: nothing lost

    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: Buttons.Save)
    window.files.new(ask=False)
    assert window.document is not document
    assert load_file(sample_path).scenario.regions[0].name == "Changed"

    window.document.set_field("sides", "red", ["name"], "Crimson")  # the new scenario's side
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: Buttons.Discard)
    assert window.files.open_path(sample_path)
    assert window.document.scenario.regions[0].name == "Changed"


def test_autosave_and_recovery_after_a_crash(qtbot, state_dir, sample_path, monkeypatch):
    studio = StudioWindow(autosave_ms=3_600_000)
    qtbot.addWidget(studio)
    studio.files.open_path(sample_path, ask=False)
    document = studio.document
    region = document.scenario.regions[2]
    document.set_field("regions", region.id, ["name"], "Before the crash")
    copy = studio.autosaver.autosave()
    assert copy is not None and copy.exists()
    assert load_file(sample_path).scenario.regions[2].name != "Before the crash"
    expected = dumps(document.scenario)
    # The crash: the window goes away without closing, so nothing cleans up.
    studio.autosaver.stop()

    asked = []
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: asked.append(a[2]) or Buttons.Yes)
    again = StudioWindow(autosave_ms=3_600_000)
    qtbot.addWidget(again)
    assert again.files.open_path(sample_path, ask=False)
    assert asked and "did not close cleanly" in asked[0]
    assert dumps(again.document.scenario) == expected
    assert again.document.modified
    assert again.windowTitle().startswith("vessa-crossing.json*")
    assert again.files.save()
    assert recoveries() == []
    assert load_file(sample_path).scenario.regions[2].name == "Before the crash"
    again.close()


def test_declining_a_recovery_deletes_the_copy(qtbot, state_dir, sample_path, monkeypatch):
    studio = StudioWindow(autosave_ms=3_600_000)
    qtbot.addWidget(studio)
    studio.files.open_path(sample_path, ask=False)
    studio.document.set_field("sides", "dravan", ["name"], "Crimson")
    studio.autosaver.autosave()
    studio.autosaver.stop()
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: Buttons.No)
    again = StudioWindow()
    qtbot.addWidget(again)
    again.files.open_path(sample_path, ask=False)
    assert not again.document.modified
    assert recoveries() == []


def test_undoing_back_to_the_file_drops_the_recovery_copy(window):
    document = window.document
    document.set_field("sides", "dravan", ["name"], "Crimson")
    assert window.autosaver.autosave() is not None
    document.undo_stack.undo()
    window.autosaver.autosave()
    assert recoveries() == []


def test_standard_shortcuts_undo_and_redo(window, qtbot):
    document = window.document
    original = document.scenario.regions[0].name
    document.set_field("regions", document.scenario.regions[0].id, ["name"], "Other")
    window.view.setFocus()
    qtbot.keyClick(window.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert document.scenario.regions[0].name == original
    qtbot.keyClick(
        window.view,
        Qt.Key.Key_Z,
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
    )
    assert document.scenario.regions[0].name == "Other"


def test_delete_and_escape_act_on_the_selection(window, qtbot):
    document = window.document
    card = document.scenario.cards[0].id
    document.select("cards", [card])
    window.view.setFocus()
    qtbot.keyClick(window.view, Qt.Key.Key_Delete)
    assert document.get("cards", card) is None
    document.select("regions", [document.scenario.regions[0].id])
    qtbot.keyClick(window.view, Qt.Key.Key_Escape)
    assert document.selection.section is None


def test_status_bar_shows_map_coordinates_and_the_tool_hint(window, qtbot):
    view = window.view
    qtbot.mouseMove(view.viewport(), view.mapFromScene(120.0, 80.0))
    _, x, _, y = window.coordinates.text().split()
    assert abs(float(x) - 120.0) < 1.5 and abs(float(y) - 80.0) < 1.5
    assert window.hint.text() == window.tools["select"].hint


def test_every_section_editor_opens_in_a_dock(window):
    from editor.studio.sections import EDITORS

    for entry in EDITORS:
        dock = window.open_section(entry.key)
        assert dock is not None and dock.widget() is not None, entry.key


def test_screenshot_command_renders_the_window(qtbot, state_dir, sample_path, tmp_path):
    out = tmp_path / "studio.png"
    assert main(["edit", str(sample_path), "--screenshot", str(out)]) == 0
    assert out.stat().st_size > 20_000
    from PySide6.QtGui import QImage

    image = QImage(str(out))
    assert image.width() >= 1200 and image.height() >= 700
    assert recoveries() == []


def test_screenshot_of_a_broken_file_exits_with_status_1(qtbot, state_dir, tmp_path):
    broken = tmp_path / "broken.json"
    broken.write_text("{")
    out = tmp_path / "broken.png"
    assert main(["edit", str(broken), "--screenshot", str(out)]) == 1
    assert out.exists()


def test_the_window_survives_opening_a_missing_file(qtbot, state_dir, tmp_path):
    studio = StudioWindow()
    qtbot.addWidget(studio)
    assert not studio.files.open_path(tmp_path / "nope.json", ask=False)
    settle(studio)
    assert studio.issues.model.issues[0].severity == "error"


def test_the_map_menu_adds_things_where_the_designer_clicked(window, qtbot):
    document, view = window.document, window.view
    region = document.scenario.regions[6]
    centre = window.scene.region_paths[region.id].boundingRect().center()
    window.view.customContextMenuRequested.emit(view.mapFromScene(centre))
    menu = window.map_context_menu
    texts = [a.text() for a in menu.actions()]
    assert "Add a structure here" in texts
    before = len(document.scenario.structures)
    next(a for a in menu.actions() if a.text() == "Add a structure here").trigger()
    menu.close()
    added = document.scenario.structures[-1]
    assert len(document.scenario.structures) == before + 1
    assert added.region == region.id
    assert added.anchor is not None
    assert abs(added.anchor[0] - centre.x()) < 2 and abs(added.anchor[1] - centre.y()) < 2
    assert document.selection.ids == (added.id,)
    assert document.undo_stack.index() == 1
    window.view.customContextMenuRequested.emit(view.mapFromScene(centre))
    menu = window.map_context_menu
    owner = document.get("nations", region.owner)
    next(a for a in menu.actions() if a.text() == f"Add a {owner.name} unit here").trigger()
    menu.close()
    unit = document.scenario.units[-1]
    assert unit.location is not None and unit.location.region == region.id
    assert unit.nation == region.owner


def test_explorer_commands_add_duplicate_and_delete(window):
    document = window.document
    explorer = window.explorer
    count = len(document.scenario.cards)
    explorer.addRequested.emit("cards")
    new = document.scenario.cards[-1]
    assert len(document.scenario.cards) == count + 1
    assert document.selection.ids == (new.id,)
    explorer.duplicateRequested.emit("cards", new.id)
    copy = document.scenario.cards[-1]
    assert copy.id != new.id and copy.name.endswith("(copy)")
    assert copy.effects == new.effects
    document.select("cards", [new.id, copy.id])
    window.edits.delete_selection()
    assert len(document.scenario.cards) == count
    assert document.undo_stack.index() == 3


def test_an_overlap_between_regions_is_drawn_in_red(window):
    document = window.document
    region = document.scenario.regions[8]
    ring = [list(p) for p in region.polygon.exterior]
    cx = sum(p[0] for p in ring) / len(ring)
    cy = sum(p[1] for p in ring) / len(ring)
    # Push the outline outwards by a third: it now covers part of its neighbours.
    grown = [(cx + (x - cx) * 1.35, cy + (y - cy) * 1.35) for x, y in ring]
    document.set_field("regions", region.id, ["polygon", "exterior"], grown)
    window.validation.wait()
    assert any(i.code == "region-overlap" for i in window.validation.issues)
    problems = window.scene.problem_items
    assert problems
    assert all(item.brush().color().red() > 150 for item in problems)
    assert all(item.brush().color().green() < 80 for item in problems)
    document.undo_stack.undo()
    window.validation.wait()
    assert window.scene.problem_items == []


def test_a_background_image_is_placed_and_scaled_as_stored(window, sample_path):
    from PySide6.QtGui import QColor, QImage

    from schemas.map import Background

    image = QImage(200, 100, QImage.Format.Format_RGB32)
    image.fill(QColor("#808080"))
    image.save(str(sample_path.parent / "scan.png"))
    document = window.document
    settings = document.scenario.map.model_copy(
        update={
            "background": Background(
                path="scan.png", x=-50.0, y=-20.0, width=800.0, height=400.0, opacity=0.5
            )
        }
    )
    document.set_section("map", settings)
    item = window.scene.background
    assert item is not None
    box = item.sceneBoundingRect()
    assert (round(box.x()), round(box.y()), round(box.width())) == (-50, -20, 800)
    assert item.opacity() == 0.5
    window.layers_panel.shown["background"].setChecked(False)
    assert not item.isVisible()


def test_a_restart_reopens_the_file_last_worked_on(
    state_dir: Path, sample_path: Path, tmp_path: Path
) -> None:
    """`salient` with no file opens the last file opened (defect 17 of the first-hour review),
    and the bundled sample only when there is none or it is gone."""
    from editor.studio.app import SAMPLE, startup_file
    from editor.studio.files import add_recent

    assert startup_file() == SAMPLE
    other = tmp_path / "mine.json"
    other.write_bytes(sample_path.read_bytes())
    add_recent(sample_path)
    add_recent(other)
    assert startup_file() == other
    other.unlink()
    assert startup_file() == sample_path


def test_the_issues_list_names_the_entity_in_its_message_not_its_id(window):
    """The list read "region 'region-1' has no connection…": the region it is about is named
    as the designer named it; the tooltip keeps the format's words and the id."""
    from PySide6.QtCore import Qt

    from schemas.map import Polygon, Region

    square = [(2000.0, 2000.0), (2100.0, 2000.0), (2100.0, 2100.0), (2000.0, 2100.0)]
    lonely = Region(
        id="region-99", name="Lonely Marsh", terrain="clear", polygon=Polygon(exterior=square)
    )
    window.document.add("regions", lonely)
    window.validation.wait()
    model = window.issues.model
    row = next(r for r, i in enumerate(model.issues) if i.entity == "region-99")
    shown = model.data(model.index(row, 3), Qt.ItemDataRole.DisplayRole)
    assert "'Lonely Marsh'" in shown and "region-99" not in shown
    tip = model.data(model.index(row, 3), Qt.ItemDataRole.ToolTipRole)
    assert "'region-99'" in tip
    # One warning is counted as one, in the list and the status bar ("1 warnings" before).
    assert window.issues.summary.text() == "0 errors, 1 warning"
    assert window.issue_count.text() == "0 errors, 1 warning"
