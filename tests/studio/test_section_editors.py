"""Section editors: settings, rules, sides and nations, the spreadsheets, forces and areas."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QGuiApplication, QImage
from PySide6.QtWidgets import QColorDialog, QFileDialog, QLineEdit, QSpinBox

from editor.studio.document import ScenarioDocument
from editor.studio.forms.checklist import ChecklistEditor
from editor.studio.forms.fields import ListTextEditor, editor_for
from editor.studio.forms.model_form import (
    NONE_KIND,
    FormContext,
    UnionEditor,
    build_editor,
    describe,
)
from editor.studio.forms.pickers import IdListEditor
from editor.studio.sections import create
from editor.studio.sections.areas import AreasEditor
from editor.studio.sections.forces import ForcesEditor
from editor.studio.sections.settings import RulesEditor, SettingsEditor
from editor.studio.sections.sides import SidesEditor
from editor.studio.sections.table import EntityTable
from editor.studio.sections.tables import TerrainTable, UnitTypeTable
from schemas.calendar import Calendar, PhaseSpec
from schemas.decks import Card
from schemas.io import load_file
from schemas.schedule import Reinforcement
from schemas.units import Location, UnitType

SAMPLE = Path(__file__).resolve().parents[2] / "sample_scenarios" / "vessa-crossing.json"


@pytest.fixture
def doc(tmp_path: Path) -> ScenarioDocument:
    return ScenarioDocument(load_file(SAMPLE).scenario, tmp_path / "scenario.json")


def shown(qtbot, widget):
    qtbot.addWidget(widget)
    widget.resize(1000, 700)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def cell(table: EntityTable, entity_id: str, key: str):
    """The view's index of an entity's field."""
    col = next(i for i, c in enumerate(table.columns) if c.key == key)
    source = table.model.index(table.model.row_of(entity_id), col)
    return table.proxy.mapFromSource(source)


def click(qtbot, table: EntityTable, index, modifier=Qt.KeyboardModifier.NoModifier):
    rect = table.view.visualRect(index)
    qtbot.mouseClick(table.view.viewport(), Qt.MouseButton.LeftButton, modifier, rect.center())


def item_of(checklist, value):
    """The row of a checklist holding ``value``."""
    rows = (checklist.item(r) for r in range(checklist.count()))
    return next(i for i in rows if i.data(Qt.ItemDataRole.UserRole) == value)


def open_editor(qtbot, table: EntityTable, index, kind):
    table.view.setCurrentIndex(index)
    qtbot.keyClick(table.view, Qt.Key.Key_F2)
    editor = table.view.viewport().findChild(kind) or table.view.findChild(kind)
    assert editor is not None
    return editor


@pytest.mark.parametrize(
    "key",
    ["settings", "rules", "sides", "terrain", "connection_types", "unit_types", "forces", "areas"],
)
def test_each_editor_opens_on_the_sample_and_renders(qtbot, doc, key):
    widget = shown(qtbot, create(key, doc))
    image = widget.grab().toImage()
    assert not image.isNull()
    assert image.width() == widget.width()


# -- the spreadsheet ---------------------------------------------------------------------------


def test_typing_in_a_cell_is_one_undo_step(qtbot, doc):
    table = shown(qtbot, TerrainTable(doc))
    before = doc.undo_stack.count()
    box = open_editor(qtbot, table, cell(table, "forest", "movement_cost"), QSpinBox)
    box.selectAll()
    qtbot.keyClicks(box, "4")
    qtbot.keyClick(box, Qt.Key.Key_Return)  # the view commits on its next event loop turn
    qtbot.waitUntil(lambda: doc.get("terrain", "forest").movement_cost == 4)
    assert doc.undo_stack.count() == before + 1
    assert table.proxy.data(cell(table, "forest", "movement_cost")) == "4"
    doc.undo_stack.undo()
    assert doc.get("terrain", "forest").movement_cost == 2


def test_ticking_a_box_and_choosing_from_a_list(qtbot, doc):
    table = shown(qtbot, TerrainTable(doc))
    index = cell(table, "clear", "ambush")
    table.proxy.setData(index, Qt.CheckState.Checked.value, Qt.ItemDataRole.CheckStateRole)
    assert doc.get("terrain", "clear").ambush is True
    table.proxy.setData(cell(table, "clear", "pursuit"), "none")
    assert doc.get("terrain", "clear").pursuit == "none"


def test_pasting_a_two_by_two_block_is_one_undo_step(qtbot, doc):
    table = shown(qtbot, TerrainTable(doc))
    click(qtbot, table, cell(table, "forest", "movement_cost"))
    QGuiApplication.clipboard().setText("3\t20\n4\t18\n")
    before = doc.undo_stack.count()
    qtbot.keyClick(table.view, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)
    forest, hills = doc.get("terrain", "forest"), doc.get("terrain", "hills")
    assert (forest.movement_cost, forest.stacking) == (3, 20)
    assert (hills.movement_cost, hills.stacking) == (4, 18)
    assert doc.undo_stack.count() == before + 1
    doc.undo_stack.undo()
    assert doc.get("terrain", "forest").stacking == 12
    assert doc.get("terrain", "hills").movement_cost == 2


def test_copy_gives_tab_separated_cells(qtbot, doc):
    table = shown(qtbot, TerrainTable(doc))
    click(qtbot, table, cell(table, "clear", "movement_cost"))
    click(qtbot, table, cell(table, "forest", "stacking"), Qt.KeyboardModifier.ShiftModifier)
    qtbot.keyClick(table.view, Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier)
    assert QGuiApplication.clipboard().text() == "1\t24\n2\t12"


def test_invalid_values_are_refused_with_a_message(qtbot, doc):
    table = shown(qtbot, TerrainTable(doc))
    before = doc.undo_stack.count()
    line = open_editor(qtbot, table, cell(table, "forest", "id"), QLineEdit)
    line.setText("Not Valid")
    qtbot.keyClick(line, Qt.Key.Key_Return)
    qtbot.waitUntil(table.message.isVisible)
    assert "forest" in table.message.text() and "pattern" in table.message.text()
    assert doc.get("terrain", "forest") is not None
    assert doc.undo_stack.count() == before

    click(qtbot, table, cell(table, "forest", "movement_cost"))
    QGuiApplication.clipboard().setText("3\t20\nlots\t18")
    qtbot.keyClick(table.view, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)
    assert "'lots' is not a whole number" in table.message.text()
    assert doc.get("terrain", "forest").movement_cost == 2  # nothing of the paste was kept
    assert doc.undo_stack.count() == before

    table.proxy.setData(cell(table, "forest", "stacking"), -3)
    assert "greater than or equal to 0" in table.message.text()
    table.proxy.setData(cell(table, "forest", "stacking"), 5)
    assert not table.message.isVisible()


def test_renaming_in_the_id_column_follows_references(qtbot, doc):
    table = shown(qtbot, TerrainTable(doc))
    users = [r.id for r in doc.items("regions") if r.terrain == "forest"]
    assert table.proxy.setData(cell(table, "forest", "id"), "woods")
    assert doc.get("terrain", "woods") is not None
    assert all(doc.get("regions", r).terrain == "woods" for r in users)


def test_selection_follows_the_document_both_ways(qtbot, doc):
    table = shown(qtbot, TerrainTable(doc))
    click(qtbot, table, cell(table, "hills", "name"))
    assert (doc.selection.section, doc.selection.ids) == ("terrain", ("hills",))
    doc.select("terrain", ["sea", "lake"])
    assert table.selected_ids() == ["sea", "lake"]
    assert table.detail is not None and table.detail.entity_id == "sea"
    doc.select("regions", ["tarrow"])
    assert table.selected_ids() == ["sea", "lake"]  # another section leaves the rows alone


def test_rows_follow_edits_made_elsewhere_without_a_reset(qtbot, doc):
    table = shown(qtbot, TerrainTable(doc))
    resets = []
    table.model.modelReset.connect(lambda: resets.append(1))
    doc.set_field("terrain", "marsh", ["stacking"], 7)
    assert table.proxy.data(cell(table, "marsh", "stacking")) == "7"
    doc.undo_stack.undo()
    assert table.proxy.data(cell(table, "marsh", "stacking")) == "6"
    assert not resets


def test_add_duplicate_and_delete_rows(qtbot, doc):
    table = shown(qtbot, TerrainTable(doc))
    count = len(doc.items("terrain"))
    qtbot.mouseClick(table.add_button, Qt.MouseButton.LeftButton)
    assert len(doc.items("terrain")) == count + 1
    added = doc.selection.ids[0]
    assert table.selected_ids() == [added]
    click(qtbot, table, cell(table, "forest", "name"))
    qtbot.mouseClick(table.duplicate_button, Qt.MouseButton.LeftButton)
    assert doc.get("terrain", "forest-2").movement_cost == 2
    assert doc.items("terrain")[doc.index_of("terrain", "forest") + 1].id == "forest-2"
    click(qtbot, table, cell(table, "forest-2", "name"))
    qtbot.keyClick(table.view, Qt.Key.Key_Delete)
    assert doc.get("terrain", "forest-2") is None
    assert table.model.rowCount() == count + 1


def test_deleting_a_theatre_drops_the_areas_references(qtbot, doc):
    editor = shown(qtbot, AreasEditor(doc))
    click(qtbot, editor.theatres, cell(editor.theatres, "gulf-of-sen", "name"))
    qtbot.mouseClick(editor.theatres.delete_button, Qt.MouseButton.LeftButton)
    assert doc.get("theatres", "gulf-of-sen") is None
    assert doc.get("areas", "gulf").theatre is None
    assert editor.areas.proxy.data(cell(editor.areas, "gulf", "theatre")) == "—"


def test_filter_and_sort(qtbot, doc):
    table = shown(qtbot, TerrainTable(doc))
    qtbot.keyClicks(table.filter, "sea")
    assert table.proxy.rowCount() == 1
    assert table.count.text() == "1 of 9"
    table.filter.clear()
    stacking = next(i for i, c in enumerate(table.columns) if c.key == "stacking")
    table.view.sortByColumn(stacking, Qt.SortOrder.DescendingOrder)
    firsts = [table.model.id_at(table.source_row(r)) for r in range(2)]
    assert firsts == ["urban", "clear"]


def test_unit_type_form_edits_nested_fields(qtbot, doc):
    table = shown(qtbot, UnitTypeTable(doc))
    assert table.detail is not None
    assert "attack" not in table.detail.shown_fields and "roles" in table.detail.shown_fields
    doc.select("unit_types", ["rifle-division"])
    roles = table.detail.form.rows["roles"]
    assert isinstance(roles, ChecklistEditor)
    item_of(roles.list, "recon").setCheckState(Qt.CheckState.Checked)
    assert "recon" in doc.get("unit_types", "rifle-division").roles


# -- sides, forces, areas ----------------------------------------------------------------------


def test_side_colour_is_chosen_in_the_colour_dialog(qtbot, doc, monkeypatch):
    monkeypatch.setattr(QColorDialog, "getColor", lambda *args, **kwargs: QColor("#123456"))
    editor = shown(qtbot, SidesEditor(doc))
    index = cell(editor.sides, "arvel", "color")
    rect = editor.sides.view.visualRect(index)
    before = doc.undo_stack.count()
    # A real double click starts with a press, which QTest's double click leaves out.
    click(qtbot, editor.sides, index)
    qtbot.mouseDClick(
        editor.sides.view.viewport(),
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
        rect.center(),
    )
    assert doc.get("sides", "arvel").color == "#123456"
    assert doc.undo_stack.count() == before + 1


def test_new_sides_and_nations_are_valid(qtbot, doc):
    editor = shown(qtbot, SidesEditor(doc))
    qtbot.mouseClick(editor.sides.add_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(editor.nations.add_button, Qt.MouseButton.LeftButton)
    assert doc.get("sides", "new-side").color == "#808080"
    assert doc.get("nations", "new-nation").side == "dravan"
    assert not editor.sides.message.isVisible()


def test_sides_reorder_and_flag_picker(qtbot, doc, monkeypatch, tmp_path):
    editor = shown(qtbot, SidesEditor(doc))
    click(qtbot, editor.sides, cell(editor.sides, "arvel", "name"))
    qtbot.mouseClick(editor.sides.up_button, Qt.MouseButton.LeftButton)
    assert [s.id for s in doc.items("sides")] == ["arvel", "dravan", "hesk"]
    assert editor.sides.selected_ids() == ["arvel"]
    doc.undo_stack.undo()
    assert [s.id for s in doc.items("sides")] == ["dravan", "arvel", "hesk"]

    flag = tmp_path / "flags" / "arvel.png"
    flag.parent.mkdir()
    QImage(30, 20, QImage.Format.Format_RGB32).save(str(flag))
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(flag), ""))
    doc.select("sides", ["arvel"])
    assert editor.sides.detail is not None
    picker = editor.sides.detail.form.rows["flag"]
    qtbot.mouseClick(picker.browse, Qt.MouseButton.LeftButton)
    assert doc.get("sides", "arvel").flag == "flags/arvel.png"
    assert picker.preview.pixmap() is not None and not picker.preview.pixmap().isNull()


def test_forces_start_location_and_nation_filter(qtbot, doc):
    editor = shown(qtbot, ForcesEditor(doc))
    units = editor.units
    assert units.proxy.setData(cell(units, "dr-3-rifles", "location"), "⌂ port-illan")
    assert doc.get("units", "dr-3-rifles").location == Location(structure="port-illan")
    assert units.proxy.setData(cell(units, "dr-3-rifles", "location"), "tarrow")
    assert doc.get("units", "dr-3-rifles").location == Location(region="tarrow")
    assert not units.proxy.setData(cell(units, "dr-3-rifles", "location"), "atlantis")
    assert "no region 'atlantis'" in units.message.text()
    units.proxy.setData(cell(units, "dr-3-rifles", "location"), "—")
    assert doc.get("units", "dr-3-rifles").location is None

    editor.show_only("nation", "arvel")
    arvel = {u.id for u in doc.items("units") if u.nation == "arvel"}
    rows = {units.model.id_at(units.source_row(r)) for r in range(units.proxy.rowCount())}
    assert rows == arvel
    editor.show_only("side", "dravan")
    nations = {"dravan", "dravan-air", "vessa-legion"}
    expected = {u.id for u in doc.items("units") if u.nation in nations}
    assert units.proxy.rowCount() == len(expected)
    editor.unplaced.setChecked(True)
    placed = [u for u in doc.items("units") if u.nation in nations and u.location is None]
    assert units.proxy.rowCount() == len(placed)


def test_area_membership_checklist(qtbot, doc):
    editor = shown(qtbot, AreasEditor(doc))
    doc.select("areas", ["north-bank"])
    panel = editor.membership
    assert panel.area == "north-bank"
    assert set(panel.checklist.value()) == {
        r.id for r in doc.items("regions") if r.area == "north-bank"
    }
    lst = panel.checklist.list
    row = next(
        r for r in range(lst.count()) if lst.item(r).data(Qt.ItemDataRole.UserRole) == "tarrow"
    )
    lst.setCurrentRow(row)
    before = doc.undo_stack.count()
    qtbot.keyClick(lst, Qt.Key.Key_Space)
    assert doc.get("regions", "tarrow").area == "north-bank"
    assert doc.undo_stack.count() == before + 1
    assert editor.areas.proxy.data(cell(editor.areas, "north-bank", "regions")) == "5"
    qtbot.keyClick(lst, Qt.Key.Key_Space)
    assert doc.get("regions", "tarrow").area is None
    doc.undo_stack.undo()
    doc.undo_stack.undo()
    assert doc.get("regions", "tarrow").area == "south-bank"

    qtbot.keyClicks(panel.checklist.filter, "Harl")
    visible = [lst.item(r) for r in range(lst.count()) if not lst.item(r).isHidden()]
    assert [i.data(Qt.ItemDataRole.UserRole) for i in visible] == ["harl-uplands"]
    qtbot.mouseClick(panel.select_button, Qt.MouseButton.LeftButton)
    assert doc.selection.section == "regions"
    assert set(doc.selection.ids) == set(panel.members())


# -- settings and rules ------------------------------------------------------------------------


def test_settings_and_calendar_edits(qtbot, doc):
    editor = shown(qtbot, SettingsEditor(doc))
    title = editor.info.rows["title"].box
    title.selectAll()
    qtbot.keyClicks(title, "Across the Vessa")
    qtbot.keyClick(title, Qt.Key.Key_Return)
    assert doc.scenario.info.title == "Across the Vessa"

    turns = editor.calendar.rows["turns"].box
    turns.selectAll()
    qtbot.keyClicks(turns, "12")
    qtbot.keyClick(turns, Qt.Key.Key_Return)
    assert doc.scenario.calendar.turns == 12
    assert "turn 12 on 1936-11-18" in editor.summary.text()

    phases = editor.calendar.rows["phases"]
    phases.rows["sieges"][0].click()
    assert "sieges" not in [p.phase for p in doc.scenario.calendar.phases]
    doc.undo_stack.undo()
    assert phases.rows["sieges"][0].isChecked()
    assert doc.scenario.calendar.turns == 12

    order = editor.calendar.rows["turn_order"]
    assert isinstance(order, IdListEditor) and order.ordered
    assert order.chips["arvel"].text().startswith("2. Kingdom of Arvel (arvel)")
    earlier = next(a for a in order.chips["arvel"].menu().actions() if a.text() == "Move earlier")
    earlier.trigger()
    assert doc.scenario.calendar.turn_order == ["arvel", "dravan"]
    assert order.chips["arvel"].text().startswith("1. Kingdom of Arvel")


def test_tracing_image_picked_and_scaled(qtbot, doc, monkeypatch, tmp_path):
    image = tmp_path / "scan.png"
    QImage(400, 300, QImage.Format.Format_RGB32).save(str(image))
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(image), ""))
    editor = shown(qtbot, SettingsEditor(doc))
    qtbot.mouseClick(editor.background.path.browse, Qt.MouseButton.LeftButton)
    background = doc.scenario.map.background
    assert background is not None
    assert (background.path, background.width, background.height) == ("scan.png", 400, 300)
    editor.background.scale.setValue(2.5)
    assert (doc.scenario.map.background.width, doc.scenario.map.background.height) == (1000, 750)
    qtbot.mouseClick(editor.background.remove, Qt.MouseButton.LeftButton)
    assert doc.scenario.map.background is None


def test_rules_chapter_edit_shows_changes_and_resets(qtbot, doc):
    editor = shown(qtbot, RulesEditor(doc))
    page = editor.page("battle")
    page.form.rows["max_rounds"].box.setValue(5)
    assert doc.scenario.rules.battle.max_rounds == 5
    assert page.form.labels["max_rounds"].font().bold()
    assert "(1 changed)" in editor.chapters.item(editor.row_of("battle")).text()
    before = doc.undo_stack.count()
    qtbot.mouseClick(page.reset, Qt.MouseButton.LeftButton)
    assert doc.scenario.rules.battle.max_rounds == 8
    assert doc.undo_stack.count() == before + 1

    editor.search.setText("interception")
    hidden = [editor.chapters.item(r).isHidden() for r in range(editor.chapters.count())]
    assert hidden.count(False) == 1
    assert editor.pages.currentWidget() is editor.page("air")


# -- value editors -----------------------------------------------------------------------------


def test_lists_of_fixed_values_and_references_get_checklists(qtbot):
    phases = editor_for(
        "phases", Card.model_fields["phases"].annotation, Card.model_fields["phases"]
    )
    assert isinstance(phases, ChecklistEditor) and phases.chipped  # eight phases: chips
    qtbot.addWidget(phases)
    phases.set_value(["battle"])
    seen = []
    phases.edited.connect(seen.append)
    qtbot.mouseClick(phases.chips["cards"], Qt.MouseButton.LeftButton)
    assert seen == [["cards", "battle"]]  # in the format's order, not the order of ticking
    assert phases.chips["battle"].isChecked() and phases.chips["cards"].isChecked()
    qtbot.mouseClick(phases.chips["battle"], Qt.MouseButton.LeftButton)
    assert seen[-1] == ["cards"]

    roles = UnitType.model_fields["roles"]
    long_list = editor_for("roles", roles.annotation, roles)
    assert isinstance(long_list, ChecklistEditor) and not long_list.chipped  # 18 roles
    qtbot.addWidget(long_list)
    long_list.show()
    assert long_list.filter.isVisible() and long_list.all.isVisible()
    qtbot.keyClicks(long_list.filter, "bomber")
    qtbot.mouseClick(long_list.all, Qt.MouseButton.LeftButton)
    assert long_list.value() == ["fighter_bomber", "dive_bomber", "bomber"]  # format order

    for model, name in ((Reinforcement, "units"), (Calendar, "turn_order")):
        info = model.model_fields[name]
        ids = editor_for(name, info.annotation, info)
        assert isinstance(ids, IdListEditor) and ids.ref.collection in ("units", "sides")
        assert ids.ordered == (name == "turn_order")
        ids.deleteLater()
    tags = UnitType.model_fields["tags"]
    assert isinstance(editor_for("tags", tags.annotation, tags), ListTextEditor)


def test_unions_keep_no_none_in_items_and_summaries_read_well(qtbot):
    info = Reinforcement.model_fields["condition"]
    union = build_editor("condition", info.annotation, info, FormContext())  # no builder here
    assert isinstance(union, UnionEditor)
    qtbot.addWidget(union)
    union.set_value(None)
    assert union.kind.currentData() == NONE_KIND  # a string, never None, in a Qt item
    seen = []
    union.edited.connect(seen.append)
    union.kind.setCurrentIndex(union.kind.findData("turn"))
    union.kind.activated.emit(union.kind.currentIndex())
    assert seen[-1].kind == "turn"
    union.kind.setCurrentIndex(0)
    union.kind.activated.emit(0)
    assert seen[-1] is None

    summary = describe(PhaseSpec(phase="land_movement"))
    assert summary == "Land movement"  # in words: the phase says what the entry is
    assert describe(seen[-2]).startswith("Turn:")  # the kind comes first when there is one
