"""Edit > Cut, Copy, Paste, Select all, Find and Find usages in the studio window (offscreen):
what each does to the document, in one undo step, and what it shows."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QMimeData, Qt
from PySide6.QtGui import QGuiApplication, QKeySequence

from schemas.clipboard import MIME_TYPE, Clip
from schemas.io import dumps
from schemas.search import find_usages
from schemas.starter import new_scenario


def _regions(window) -> list[str]:
    return [r.id for r in window.document.scenario.regions]


def _two_neighbours(window) -> list[str]:
    """Two regions sharing a border, with whatever stands in them."""
    connection = window.document.scenario.connections[0]
    return [connection.a, connection.b]


def test_the_edit_menu_holds_every_command_with_its_standard_key(window) -> None:
    menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "&Edit")
    keys = {
        a.text().replace("&", "").rstrip("…"): a.shortcut().toString()
        for a in menu.actions()
        if not a.isSeparator()
    }
    assert keys["Cut"] == QKeySequence(QKeySequence.StandardKey.Cut).toString()
    assert keys["Copy"] == "Ctrl+C"
    assert keys["Paste"] == "Ctrl+V"
    assert keys["Paste at the pointer"] == "Ctrl+Shift+V"
    assert keys["Select all"] == "Ctrl+A"
    assert keys["Find"] == "Ctrl+F"
    assert keys["Find next"] == QKeySequence(QKeySequence.StandardKey.FindNext).toString()
    assert keys["Find usages"] == "Shift+F12"


def test_copy_puts_canonical_json_on_the_clipboard_as_salient_data_and_text(window) -> None:
    window.document.select("regions", _two_neighbours(window))
    window.edit_commands.copy_action.trigger()
    mime = QGuiApplication.clipboard().mimeData()
    data = bytes(mime.data(MIME_TYPE).data()).decode()
    assert mime.text() == data
    clip = Clip.from_json(data)
    assert clip.primary == "regions" and sorted(clip.ids("regions")) == sorted(
        _two_neighbours(window)
    )
    assert window.statusBar().currentMessage().startswith("Copied 2 regions")


def test_paste_in_the_same_scenario_is_one_undo_step_and_undoes_to_the_file(window) -> None:
    document = window.document
    before = dumps(document.scenario)
    ids = _two_neighbours(window)
    document.select("regions", ids)
    window.edit_commands.copy_action.trigger()
    steps = document.undo_stack.count()
    window.edit_commands.paste_action.trigger()
    pasted = [f"{i}-2" for i in ids]
    assert set(pasted) <= set(_regions(window))
    assert sorted(document.selection.ids) == sorted(pasted)
    assert document.undo_stack.count() == steps + 1
    # Put beside the map: the pasted regions overlap nothing.
    window.validation.run_now()
    window.validation.wait()
    codes = {(i.code, i.entity) for i in window.issues.model.issues}
    assert not {c for c, e in codes if e in pasted} & {"region-overlap", "coverage-gap"}
    # Drawn at once.
    assert all(i in window.scene.region_paths for i in pasted)
    document.undo_stack.undo()
    assert dumps(document.scenario) == before


def test_cut_regions_takes_what_came_with_them_in_one_step(window) -> None:
    document = window.document
    scenario = document.scenario
    region = next(s.region for s in scenario.structures)
    inside = [u.id for u in scenario.units if u.location and u.location.region == region]
    document.select("regions", [region])
    steps = document.undo_stack.count()
    window.edit_commands.cut_action.trigger()
    assert region not in _regions(window)
    assert not [s for s in scenario.structures if s.region == region]
    assert not set(inside) & {u.id for u in scenario.units}
    assert document.undo_stack.count() == steps + 1
    # And it pastes back where it was: its ground is free again.
    window.edit_commands.paste_action.trigger()
    assert region in _regions(window)
    assert set(inside) <= {u.id for u in scenario.units}


def test_paste_between_two_windows_into_a_new_scenario(window, qtbot, state_dir: Path) -> None:
    from editor.studio.document import ScenarioDocument
    from editor.studio.window import StudioWindow

    ids = _two_neighbours(window)
    window.document.select("regions", ids)
    window.edit_commands.copy_action.trigger()
    other = StudioWindow(autosave_ms=3_600_000)
    try:
        other.set_document(ScenarioDocument(new_scenario()))
        other.show()
        other.edit_commands.paste_action.trigger()
        pasted = {r.id: r for r in other.document.scenario.regions}
        assert set(pasted) == set(ids)
        source = {r.id: r for r in window.document.scenario.regions}
        assert all(pasted[i].polygon == source[i].polygon for i in ids)
        assert other.document.undo_stack.count() == 1
    finally:
        other.files.discard_session()
        other.close()
        other.deleteLater()


def test_paste_at_a_point_clips_and_shares_the_border(window) -> None:
    """Pasted over the map at a point, regions keep only the free ground (drawn-region
    rules), so the map stays a clean coverage; one undo step puts the map back."""
    document = window.document
    before = dumps(document.scenario)
    ids = _two_neighbours(window)
    document.select("regions", ids)
    window.edit_commands.copy_action.trigger()
    rect = window.scene.map_rect()
    plan = window.edit_commands.clipboard.paste((rect.right(), rect.center().y()))
    assert plan is not None
    assert any(n.kind == "clipped" for n in plan.notes) or any(
        n.kind == "left_out" for n in plan.notes
    )
    window.validation.run_now()
    window.validation.wait()
    new = set(plan.selected)
    codes = {(i.code, i.entity) for i in window.issues.model.issues}
    assert not {c for c, e in codes if e in new} & {"region-overlap", "coverage-gap"}
    document.undo_stack.undo()
    assert dumps(document.scenario) == before


def test_paste_notes_what_it_dropped_in_the_find_panel(window, qtbot) -> None:
    """Copied into a scenario without those nations, the owners go; the Find panel lists
    it, and the row selects the regions concerned."""
    from editor.studio.document import ScenarioDocument

    ids = _two_neighbours(window)
    window.document.select("regions", ids)
    window.edit_commands.copy_action.trigger()
    blank = new_scenario()
    blank.nations = []
    window.set_document(ScenarioDocument(blank))
    window.edit_commands.paste_action.trigger()
    panel = window.edit_commands.panel
    assert window.docks["find"].isVisible()
    assert panel.mode == "paste"
    dropped = next(i for i, row in enumerate(panel.rows) if row.where == "reference dropped")
    panel.results.setCurrentRow(dropped)
    assert window.document.selection.section == panel.rows[dropped].section
    assert set(window.document.selection.ids) == set(panel.rows[dropped].ids)
    window.files.discard_session()


def test_text_that_is_no_copy_is_not_pasted(window) -> None:
    before = dumps(window.document.scenario)
    mime = QMimeData()
    mime.setText("just some words")
    QGuiApplication.clipboard().setMimeData(mime)
    assert not window.edit_commands.paste_action.isEnabled()
    window.edit_commands.clipboard.paste()
    assert "holds no Salient entities" in window.statusBar().currentMessage()
    assert dumps(window.document.scenario) == before


def test_a_copy_pasted_as_plain_text_works(window) -> None:
    """A copy that went through a text editor (plain text only) still pastes."""
    window.document.select("cards", [window.document.scenario.cards[0].id])
    window.edit_commands.copy_action.trigger()
    text = QGuiApplication.clipboard().mimeData().text()
    mime = QMimeData()
    mime.setText(text)
    QGuiApplication.clipboard().setMimeData(mime)
    count = len(window.document.scenario.cards)
    window.edit_commands.paste_action.trigger()
    assert len(window.document.scenario.cards) == count + 1


def test_sudden_death_conditions_copy_and_paste_in_one_step(window) -> None:
    document = window.document
    conditions = document.scenario.victory.sudden_death
    if not conditions:
        pytest.skip("the sample has no sudden-death condition")
    first = conditions[0].id
    document.select("victory", [first])
    window.edit_commands.copy_action.trigger()
    steps = document.undo_stack.count()
    window.edit_commands.paste_action.trigger()
    assert [c.id for c in document.scenario.victory.sudden_death][-1] == f"{first}-2"
    assert document.selection.section == "victory"
    assert document.undo_stack.count() == steps + 1


def test_a_condition_picked_in_the_victory_editor_is_what_copy_takes(window, qtbot) -> None:
    document = window.document
    conditions = document.scenario.victory.sudden_death
    if not conditions:
        pytest.skip("the sample has no sudden-death condition")
    document.select("regions", [document.scenario.regions[0].id])
    editor = window.open_section("victory").widget()
    editor.conditions.list.setCurrentRow(len(conditions) - 1)
    assert document.selection.section == "victory"
    assert document.selection.ids == (conditions[-1].id,)
    window.edit_commands.copy_action.trigger()
    assert Clip.from_json(QGuiApplication.clipboard().text()).primary == "victory/sudden_death"


def test_select_all_on_the_map_selects_every_region(window, qtbot) -> None:
    window.view.setFocus()
    window.edit_commands.select_all_action.trigger()
    assert window.document.selection.section == "regions"
    assert list(window.document.selection.ids) == _regions(window)


def test_select_all_in_the_scenario_tree_selects_the_section_rows(window, qtbot) -> None:
    explorer = window.explorer
    unit = window.document.scenario.units[0].id
    window.document.select("units", [unit])
    explorer.tree.setFocus()
    qtbot.waitUntil(lambda: explorer.tree.hasFocus())
    window.edit_commands.select_all_action.trigger()
    assert window.document.selection.section == "units"
    assert list(window.document.selection.ids) == [u.id for u in window.document.scenario.units]


def test_select_all_in_a_text_field_selects_its_text(window, qtbot) -> None:
    window.edit_commands.find_action.trigger()
    field = window.edit_commands.panel.field
    field.setText("abc")
    field.deselect()
    qtbot.waitUntil(field.hasFocus)
    selection = window.document.selection
    window.edit_commands.select_all_action.trigger()
    assert field.selectedText() == "abc"
    assert window.document.selection == selection


def test_find_lists_matches_and_goes_to_each(window, qtbot) -> None:
    document = window.document
    region = document.scenario.regions[0]
    window.edit_commands.find_action.trigger()
    panel = window.edit_commands.panel
    assert window.docks["find"].isVisible()
    qtbot.keyClicks(panel.field, region.name)
    assert panel.rows and panel.rows[0].ids == (region.id,)
    qtbot.keyClick(panel.field, Qt.Key.Key_Down)
    assert document.selection.section == "regions"
    assert document.selection.ids == (region.id,)
    # Nothing matching says so.
    panel.field.setText("no-such-thing-anywhere")
    assert not panel.rows and "Nothing is named" in panel.heading.text()


def test_find_usages_lists_every_reference_and_goes_to_the_field(window) -> None:
    document = window.document
    region = next(s.region for s in document.scenario.structures)
    document.select("regions", [region])
    window.edit_commands.usages_action.trigger()
    panel = window.edit_commands.panel
    expected = find_usages(document.scenario, "regions", region)
    assert len(panel.rows) == len(expected) > 0
    assert document.selection.ids == (region,)  # the selection stays until a row is chosen
    # Connections read by their regions' names and ends, not by ids and "A"/"B".
    ends = [row for row in panel.rows if row.section == "connections"]
    assert ends and all(row.where in ("One end", "Other end") for row in ends)
    assert all("\u2013" in row.text for row in ends)
    structure = next(i for i, row in enumerate(panel.rows) if row.section == "structures")
    panel.step(0)
    panel.results.setCurrentRow(structure)
    panel._go(panel.results.item(structure), jump=True)
    assert document.selection.section == "structures"
    assert document.selection.field == ("region",)


def test_find_follows_edits(window) -> None:
    document = window.document
    region = document.scenario.regions[0]
    window.edit_commands.find_action.trigger()
    panel = window.edit_commands.panel
    panel.field.setText(region.id)
    assert any(row.ids == (region.id,) for row in panel.rows)
    document.set_field("regions", region.id, ["name"], "Zzyzx Flats")
    panel.refresh()
    panel.field.setText("zzyzx")
    assert [row.ids for row in panel.rows] == [(region.id,)]


def test_the_find_panel_is_there_whenever_its_dock_shows(window, qtbot, sample_path) -> None:
    """The panel is made when first wanted (the seventh large-map round): the Find dock
    shown from the View menu and its tab chosen shows a working panel, and a document
    opened while it shows gets its own."""
    commands, dock = window.edit_commands, window.docks["find"]
    assert not dock.isVisible() and commands.find_panel is None
    dock.toggleViewAction().trigger()  # a tab beside the issues
    qtbot.waitUntil(dock.isVisible)
    dock.raise_()  # its tab chosen
    qtbot.waitUntil(lambda: commands.find_panel is not None and commands.find_panel.isVisible())
    panel = commands.find_panel
    assert window.holders["find"].panel is panel and panel.document is window.document
    region = window.document.scenario.regions[0]
    panel.field.setText(region.id)
    assert any(row.ids == (region.id,) for row in panel.rows)
    # Another document while the dock is shown: a panel of its own at once.
    assert window.files.open_path(sample_path, ask=False)
    made = commands.find_panel
    assert made is not None and made is not panel and made.document is window.document
    assert window.holders["find"].panel is made
    # Asked for (as the menus do), the panel is made when it was not.
    window.docks["find"].hide()
    assert window.files.open_path(sample_path, ask=False)
    assert commands.find_panel is None
    assert commands.panel is not None and commands.panel is commands.find_panel
