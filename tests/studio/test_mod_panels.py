"""What the studio shows of a stack of mods (issue 13): the Mods dock lists the stack, the
conflicts with both mods' values and the stale operations with their remedies; the inspector
and the map mark what each mod changed; Compare with saved lists the changes entity by entity
and Revert asks first and can be undone."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QMessageBox, QScrollArea

from editor.shared.app import settle
from editor.studio.changes import revert
from editor.studio.mods.document import ModdedDocument
from editor.studio.mods.opening import open_stack
from editor.studio.window import StudioWindow
from schemas.io import load_file, save
from schemas.mods.load import load_mod_text
from tests.studio.mod_helpers import Files, edited, value

Buttons = QMessageBox.StandardButton


def opened(studio: StudioWindow, files: Files, *mods: Path) -> ModdedDocument:
    assert open_stack(studio, files.base, [str(m) for m in mods], ask=False)
    studio.mods.live.wait()
    settle(studio)
    return studio.document


def rows(tree) -> list[list[str]]:
    out = []
    for index in range(tree.topLevelItemCount()):
        item = tree.topLevelItem(index)
        out.append([item.text(c) for c in range(tree.columnCount())])
        for child in range(item.childCount()):
            sub = item.child(child)
            out.append([sub.text(c) for c in range(tree.columnCount())])
    return out


def test_the_dock_lists_the_stack_in_load_order_with_the_target_last(studio, files) -> None:
    opened(studio, files, files.harsh, files.thaw)
    panel = studio.mods.panel
    assert studio.docks["mods"].isVisible()
    texts = [panel.list.item(i).text() for i in range(panel.list.count())]
    assert texts[0].startswith("The Hardest Winter") and "13 ops" in texts[0]
    assert texts[1].startswith("✎ An Early Thaw")
    harsh, thaw = panel.list.item(0), panel.list.item(1)
    assert harsh.checkState() == Qt.CheckState.Checked
    assert not thaw.flags() & Qt.ItemFlag.ItemIsUserCheckable  # the target is always on
    assert not thaw.flags() & Qt.ItemFlag.ItemIsDragEnabled
    assert "early-thaw.salient-mod.json" in panel.target_label.text()


def test_unticking_a_mod_switches_it_off_as_an_undoable_step(studio, files) -> None:
    document = opened(studio, files, files.harsh, files.thaw)
    panel = studio.mods.panel
    panel.list.item(0).setCheckState(Qt.CheckState.Unchecked)
    assert not document.entries[0].enabled
    assert value(document, "terrain", "forest", "forage") == 4
    assert "(off)" in panel.list.item(0).text()
    document.undo_stack.undo()
    assert panel.list.item(0).checkState() == Qt.CheckState.Checked
    assert value(document, "terrain", "forest", "forage") == 2


def test_conflicts_are_listed_with_both_mods_values_side_by_side(studio, files) -> None:
    opened(studio, files, files.harsh, files.thaw)
    panel = studio.mods.panel
    listed = rows(panel.conflicts.tree)
    forest = listed.index(next(r for r in listed if r[0] == "terrain table, Forest: MP cost"))
    earlier, later = listed[forest + 1]
    assert earlier == "The Hardest Winter\n3"
    assert later == "An Early Thaw\n1 ✓"
    assert panel.tabs.tabText(0) == "Conflicts (3)"
    # A double click selects what the conflict is about.
    tree = panel.conflicts.tree
    item = tree.topLevelItem(0)
    tree.itemDoubleClicked.emit(item, 0)
    assert studio.document.selection.section == "terrain"
    assert studio.document.selection.ids == ("forest",)
    assert studio.document.selection.field == ("movement_cost",)


def test_a_stale_operation_is_listed_and_dropped_from_the_dock(studio, files) -> None:
    scenario = load_file(files.base, validate=False).scenario
    save(edited(scenario, [("terrain", "marsh", ["movement_cost"], 5)]), files.base)
    document = opened(studio, files, files.harsh, files.thaw)
    panel = studio.mods.panel
    panel.tabs.setCurrentIndex(1)
    stale = panel.stale
    listed = [r[0].split("\n") for r in rows(stale.tree)]
    texts = [r[0] for r in listed]
    # Both mods expected 2 for the marsh: the thaw's can be resolved here, the harsh
    # winter's needs that mod to be the one edited.
    own = texts.index("An Early Thaw: terrain table, Marshes: MP cost")
    lower = texts.index("The Hardest Winter: terrain table, Marshes: MP cost")
    assert listed[own][1].startswith("expected 2, the base now has 5")
    stale.tree.setCurrentItem(stale.tree.topLevelItem(lower))
    assert not stale.drop_button.isEnabled() and stale.owner_button.isVisible()
    assert "Edit that mod" in stale.hint.text()
    stale.tree.setCurrentItem(stale.tree.topLevelItem(own))
    assert stale.drop_button.isEnabled() and stale.rebase_button.isEnabled()
    stale.rebase_button.click()
    studio.mods.live.wait()
    texts = [r[0].split("\n")[0] for r in rows(stale.tree)]
    assert "An Early Thaw: terrain table, Marshes: MP cost" not in texts
    assert value(document, "terrain", "marsh", "movement_cost") == 3
    assert panel.tabs.tabText(1) == f"Stale operations ({len(texts)})"
    document.undo_stack.undo()
    studio.mods.live.wait()
    texts = [r[0].split("\n")[0] for r in rows(stale.tree)]
    assert "An Early Thaw: terrain table, Marshes: MP cost" in texts


def test_the_inspector_marks_changed_fields_with_the_mod_and_the_base_value(studio, files) -> None:
    document = opened(studio, files, files.harsh, files.thaw)
    document.select("terrain", ["forest"])
    settle(studio)
    marks = studio.mods.inspector_marks
    form = studio.inspector.forms["terrain"]
    assert {id(w) for w, _ in marks.overlay.marked} == {
        id(form.labels["movement_cost"]),
        id(form.labels["forage"]),
    }
    colours = {id(w): c for w, c in marks.overlay.marked}
    thaw, harsh = document.entries[1].colour, document.entries[0].colour
    assert colours[id(form.labels["movement_cost"])] == thaw  # the thaw decided it
    assert colours[id(form.labels["forage"])] == harsh
    from editor.studio.mods.marks import field_tooltip

    tip = field_tooltip(marks.tips[form.labels["movement_cost"]])
    assert "The Hardest Winter" in tip and "An Early Thaw" in tip and "2 → 1" in tip
    assert "disagree" in tip
    assert marks.chip.isVisible() and "An Early Thaw" in marks.chip.text()
    # The bar is painted beside the field's label, in the margin left of the form.
    label = form.labels["forage"]
    studio.inspector.findChild(QScrollArea).ensureWidgetVisible(label)
    settle(studio)
    spot = label.mapTo(studio.inspector, QPoint(0, label.height() // 2))
    picture = studio.inspector.grab().toImage()
    assert picture.pixelColor(1, spot.y()).name() == harsh
    assert picture.pixelColor(1, spot.y() - label.height()).name() != harsh
    # An entity no mod touched has no marks; an edit of the target marks it at once.
    document.select("terrain", ["urban"])
    settle(studio)
    assert not marks.overlay.marked and not marks.chip.isVisible()
    document.set_field("terrain", "urban", ["forage"], 15)
    studio.mods.live.wait()
    settle(studio)
    assert [c for _, c in marks.overlay.marked] == [document.target.colour]


def test_the_map_marks_changed_regions_in_the_colour_of_the_mod(studio, files) -> None:
    document = opened(studio, files, files.harsh, files.thaw)
    marks = studio.mods.map_marks
    mark = marks.mark_at("regions", "helsinki")
    assert mark is not None and mark.scene() is studio.scene
    assert "An Early Thaw" in mark.toolTip() and "urban" in mark.toolTip().lower()
    band = mark.childItems()[0]
    assert band.pen().color().name() == document.target.colour
    assert marks.mark_at("regions", "viipuri") is None
    # Taking the change back removes the mark; an edit of another region adds one.
    document.set_field("regions", "helsinki", ["terrain"], "urban")
    document.set_field("regions", "viipuri", ["name"], "Vyborg")
    studio.mods.live.wait()
    settle(studio)
    assert marks.mark_at("regions", "helsinki") is None
    assert marks.mark_at("regions", "viipuri") is not None
    studio.mods.panel.marks.setChecked(False)
    assert marks.mark_at("regions", "viipuri") is None


def test_compare_with_saved_lists_the_changes_and_a_row_selects_its_entity(studio, files) -> None:
    document = opened(studio, files, files.harsh, files.thaw)
    document.set_field("regions", "viipuri", ["name"], "Vyborg")
    document.set_field("terrain", "rough", ["movement_cost"], 4)
    studio.compare.compare_with_saved()
    panel = studio.holders["changes"].panel
    assert studio.docks["changes"].isVisible()
    texts = [panel.tree.topLevelItem(i).text(0) for i in range(panel.tree.topLevelItemCount())]
    assert texts == [
        "● terrain table, Rough: MP cost 3 → 4",
        '● region Vyborg: name "Viipuri" → "Vyborg"',
    ]
    assert "2 changed" in panel.summary.text()
    panel.tree.itemClicked.emit(panel.tree.topLevelItem(1), 0)
    assert document.selection.section == "regions" and document.selection.ids == ("viipuri",)
    # The list follows edits; after a save there is nothing left to list.
    document.set_field("regions", "lahti", ["name"], "Lahtis")
    panel._timer.timeout.emit()
    assert panel.tree.topLevelItemCount() == 3
    assert studio.files.save()
    settle(studio)
    assert panel.tree.topLevelItemCount() == 0
    assert panel.summary.text().startswith("No differences")


def test_compare_a_plain_scenario_with_its_saved_file(window) -> None:
    document = window.document
    region = document.scenario.regions[0]
    document.set_field("regions", region.id, ["name"], "Renamed place")
    window.compare.compare_with_saved()
    panel = window.holders["changes"].panel
    assert panel.tree.topLevelItemCount() == 1
    assert "Renamed place" in panel.tree.topLevelItem(0).text(0)


def test_revert_asks_then_goes_back_to_the_file_and_can_be_undone(window, monkeypatch) -> None:
    document = window.document
    region = document.scenario.regions[0]
    old_name = region.name
    document.set_field("regions", region.id, ["name"], "Renamed place")
    asked: list[str] = []

    def answer(_parent, _title, text, *_args):
        asked.append(text)
        return Buttons.Cancel

    monkeypatch.setattr(QMessageBox, "question", answer)
    assert not revert(window)
    assert asked and "can be undone" in asked[0]
    assert document.get("regions", region.id).name == "Renamed place"
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: Buttons.Yes)
    assert revert(window)
    assert document.get("regions", region.id).name == old_name
    assert not document.modified and "*" not in window.windowTitle()
    document.undo_stack.undo()
    assert document.get("regions", region.id).name == "Renamed place"
    assert document.modified


def test_revert_of_a_mod_goes_back_to_its_file(studio, files, monkeypatch) -> None:
    document = opened(studio, files, files.harsh, files.thaw)
    document.set_field("regions", "viipuri", ["name"], "Vyborg")
    document.set_enabled(document.entries[0].key, False)
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: Buttons.Yes)
    assert revert(studio)
    assert value(document, "regions", "viipuri", "name") == "Viipuri"
    assert not document.modified
    document.undo_stack.undo()
    assert value(document, "regions", "viipuri", "name") == "Vyborg"


def test_open_with_mods_from_the_file_menu(studio, files, monkeypatch) -> None:
    from editor.studio.mods.attach import open_with_mods

    assert studio.files.open_path(files.base, ask=False)
    open_with_mods(studio)
    dialog = studio.open_mods_dialog
    assert dialog.base.text() == str(files.base)  # the scenario open is offered as the base
    monkeypatch.setattr(
        "editor.studio.mods.open_dialog.choose_mods",
        lambda *_a: [str(files.harsh), str(files.thaw)],
    )
    dialog._add()
    assert dialog.sources() == [str(files.harsh), str(files.thaw)]
    assert dialog.edit_last.isChecked() and "early-thaw" in dialog.edit_last.text()
    dialog.list.item(0).setCheckState(Qt.CheckState.Unchecked)
    dialog._open()
    document = studio.document
    assert isinstance(document, ModdedDocument)
    assert [e.enabled for e in document.entries] == [False, True]
    assert document.target.mod.id == "early-thaw"
    assert value(document, "terrain", "forest", "forage") == 4  # the harsh winter is off


def test_the_dock_adds_removes_and_starts_mods(studio, files, monkeypatch) -> None:
    document = opened(studio, files, files.thaw)
    panel = studio.mods.panel
    monkeypatch.setattr("editor.studio.mods.dock.choose_mods", lambda *_a: [str(files.harsh)])
    panel.add_button.click()
    assert [e.mod.id for e in document.entries] == ["harsh-winter", "early-thaw"]
    assert value(document, "terrain", "forest", "forage") == 2
    panel.select_key(document.entries[0].key)
    assert panel.remove_button.isEnabled()
    panel.remove_button.click()
    assert [e.mod.id for e in document.entries] == ["early-thaw"]
    document.undo_stack.undo()
    assert [e.mod.id for e in document.entries] == ["harsh-winter", "early-thaw"]
    # Details of the target, then a new mod on top (the unsaved changes are saved first).
    panel.edit_details()
    dialog = panel.details_dialog
    dialog.name.setText("A Thaw in January")
    dialog.version.setText("2")
    dialog._ok()
    assert document.target.mod.name == "A Thaw in January" and document.target.mod.version == "2"
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: Buttons.Save)
    panel.start_new()
    dialog = panel.details_dialog
    dialog.name.setText("Sea Ice")
    dialog._name_edited("Sea Ice")
    assert dialog.ident.text() == "sea-ice"
    dialog._ok()
    assert document.target.mod.id == "sea-ice" and document.path is None
    saved = load_mod_text(files.thaw.read_bytes()).mod
    assert saved.name == "A Thaw in January" and saved.version == "2"
    assert [e.mod.id for e in document.entries] == ["harsh-winter", "early-thaw", "sea-ice"]


def test_compare_with_any_scenario_file(studio, files, monkeypatch) -> None:
    from PySide6.QtWidgets import QFileDialog

    document = opened(studio, files, files.harsh, files.thaw)
    other = files.folder / "other.json"
    scenario = load_file(files.base, validate=False).scenario
    save(edited(scenario, [("regions", "lahti", ["name"], "Lahtis")]), other)
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(other), ""))
    studio.compare.compare_with_file()
    panel = studio.holders["changes"].panel
    texts = [panel.tree.topLevelItem(i).text(0) for i in range(panel.tree.topLevelItemCount())]
    # Everything both mods change, and Lahti's name back to the base's.
    assert any("Lahti" in t for t in texts) and any("Forest" in t for t in texts)
    assert "other.json" in panel.summary.text()
    assert not panel.revert_button.isVisible()  # revert is to the saved file only
    assert document is studio.document


def test_a_nested_field_of_a_section_is_marked_with_its_group(studio, files) -> None:
    from editor.studio.document import with_value

    document = opened(studio, files, files.thaw)
    rules = document.scenario.rules
    document.set_section("rules", with_value(rules, ["battle", "max_rounds"], 9))
    studio.mods.live.wait()
    document.select("rules")
    settle(studio)
    marks = studio.mods.inspector_marks
    form = studio.inspector.forms["rules"]
    battle = form.rows["battle"]
    marked = {id(w) for w, _ in marks.overlay.marked}
    assert id(battle.parentWidget()) in marked  # the "Battle" group
    assert id(battle.labels["max_rounds"]) in marked  # and the field inside it
    assert "8 → 9" in marks.chip.toolTip()


def test_a_mods_result_on_its_way_as_the_window_closes_reaches_no_deleted_mark(
    qtbot, state_dir: Path, files: Files
) -> None:
    """The live view's worker finished an edit just as the window closed: its result, already
    queued for the UI thread, used to reach the inspector's marks while the window was being
    deleted ("Internal C++ object (_Bars) already deleted")."""
    from PySide6.QtCore import QCoreApplication, QEvent

    window = StudioWindow(autosave_ms=3_600_000)
    window.show()
    settle(window)
    document = opened(window, files, files.harsh)
    live = window.mods.live
    updates: list[object] = []
    live.updated.connect(updates.append)
    document.set_field("terrain", "forest", ["forage"], 9)
    live.run_now()
    live._pool.waitForDone()  # done in the worker; its result is queued, not yet delivered
    with qtbot.capture_exceptions() as raised:
        window.files.discard_session()
        window.close()
        window.deleteLater()
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete.value)
        for _ in range(3):
            QCoreApplication.processEvents()
    assert [str(e[1]) for e in raised] == []
    assert updates == []  # a closed document's mods are no longer worked out
