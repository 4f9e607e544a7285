"""The inspector: every part of the sample shown, edits as single undo steps, rename, focus."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QGroupBox, QInputDialog

from editor.shared.vocabulary import section_name
from editor.studio.document import LIST_SECTIONS, SINGLE_SECTIONS, ScenarioDocument
from editor.studio.forms.builder import LogicTree
from editor.studio.forms.collections import JsonEditor
from editor.studio.forms.pickers import RefEditor
from editor.studio.panels.inspector import Inspector
from schemas import effects as e
from schemas.io import load_file

SAMPLE = Path(__file__).resolve().parents[2] / "sample_scenarios" / "vessa-crossing.json"
LEFT = Qt.MouseButton.LeftButton


@pytest.fixture
def doc(tmp_path: Path) -> ScenarioDocument:
    return ScenarioDocument(load_file(SAMPLE).scenario, tmp_path / "scenario.json")


@pytest.fixture
def inspector(qtbot, doc: ScenarioDocument) -> Inspector:
    panel = Inspector(doc)
    qtbot.addWidget(panel)
    panel.resize(400, 900)  # as narrow as its dock
    panel.show()
    qtbot.waitExposed(panel)
    return panel


def pick(qtbot, editor: RefEditor, text: str) -> None:
    """Choose an entity in a reference picker by typing, as the designer does."""
    line = editor.box.lineEdit()
    line.selectAll()
    qtbot.keyClicks(line, text)
    qtbot.keyClick(line, Qt.Key.Key_Return)


def test_every_section_shows_without_error(inspector, doc):
    for section in LIST_SECTIONS:
        items = doc.items(section)
        if not items:
            continue
        doc.select(section, [items[0].id])
        form = inspector.forms[section]
        assert form.isVisible() and not inspector.empty.isVisible(), section
        assert form.value() == items[0], section
        assert items[0].id in inspector.title.text(), section
        assert not form.error.isVisible(), section
        # Every field has a real editor, but a connection's waypoints (drawn on the map).
        json = [j for j in form.findChildren(JsonEditor) if j is not form.rows.get("waypoints")]
        assert not json, section
    for section in SINGLE_SECTIONS:
        doc.select(section, [])
        form = inspector.forms[section]
        assert form.isVisible(), section
        assert form.value() == getattr(doc.scenario, section), section
        assert inspector.title.text() == section_name(section)
        assert not inspector.rename_button.isVisible()
    assert doc.undo_stack.count() == 0  # showing is never an edit


def test_a_cards_condition_is_the_builder_tree(inspector, doc):
    card = doc.get("cards", "legion-rising")
    doc.select("cards", [card.id])
    form = inspector.forms["cards"]
    condition = form.rows["condition"]
    assert isinstance(condition, LogicTree)
    assert condition.root == card.condition
    assert condition.tree.topLevelItemCount() == 1
    assert condition.tree.topLevelItem(0).text(0)  # a sentence
    assert isinstance(form.rows["effects"], LogicTree)
    assert form.rows["effects"].tree.topLevelItemCount() == len(card.effects)
    # Wide editors get a full-width group row, like nested forms, not a label beside them.
    assert isinstance(condition.parentWidget(), QGroupBox)
    assert condition.width() > inspector.width() * 0.75


def test_editing_a_region_name_is_one_undo_step(qtbot, inspector, doc):
    doc.select("regions", ["kessel"])
    box = inspector.forms["regions"].rows["name"].box
    box.selectAll()
    qtbot.keyClicks(box, "Kessel Fields")
    qtbot.keyClick(box, Qt.Key.Key_Return)
    assert doc.get("regions", "kessel").name == "Kessel Fields"
    assert doc.undo_stack.count() == 1
    assert inspector.title.text() == "Region: Kessel Fields (kessel)"
    doc.undo_stack.undo()
    assert doc.get("regions", "kessel").name == "Kessel"
    assert box.text() == "Kessel"


def test_multi_selection_edit_changes_all_in_one_step(qtbot, inspector, doc):
    ids = [region.id for region in doc.items("regions")[:3]]
    before = {i: doc.get("regions", i).terrain for i in ids}
    doc.select("regions", ids)
    assert inspector.title.text().startswith("3 regions selected")
    terrain = inspector.forms["regions"].rows["terrain"]
    assert isinstance(terrain, RefEditor)
    assert "Marsh (marsh)" in terrain.labels  # names beside ids
    pick(qtbot, terrain, "marsh")
    assert {doc.get("regions", i).terrain for i in ids} == {"marsh"}
    assert doc.undo_stack.count() == 1
    doc.undo_stack.undo()
    assert {i: doc.get("regions", i).terrain for i in ids} == before


def test_rename_follows_references(qtbot, inspector, doc, monkeypatch):
    users = [c.id for c in doc.items("connections") if "kessel" in (c.a, c.b)]
    assert users
    doc.select("regions", ["kessel"])
    monkeypatch.setattr(QInputDialog, "getText", lambda *a, **k: ("kessel-town", True))
    qtbot.mouseClick(inspector.rename_button, LEFT)
    assert doc.get("regions", "kessel") is None
    for connection in users:
        ends = doc.get("connections", connection)
        assert "kessel-town" in (ends.a, ends.b) and "kessel" not in (ends.a, ends.b)
    assert doc.selection.ids == ("kessel-town",)
    assert inspector.title.text() == "Region: Kessel (kessel-town)"
    assert doc.undo_stack.count() == 1
    # Pickers elsewhere in the inspector follow: a connection offers the new id.
    doc.select("connections", [users[0]])
    end = inspector.forms["connections"].rows["a"]
    assert "Kessel (kessel-town)" in end.labels and "Kessel (kessel)" not in end.labels


def test_a_bad_id_is_refused_with_a_message(inspector, doc):
    doc.select("regions", ["kessel"])
    assert not inspector.rename("Not Valid")
    assert inspector.message.isVisible() and "Cannot rename" in inspector.message.text()
    assert doc.get("regions", "kessel") is not None and doc.undo_stack.count() == 0


def test_invalid_values_are_refused_and_leave_the_document_alone(qtbot, inspector, doc):
    connection = doc.items("connections")[0]
    doc.select("connections", [connection.id])
    form = inspector.forms["connections"]
    pick(qtbot, form.rows["b"], connection.a)  # a connection joining a region to itself
    assert doc.get("connections", connection.id) == connection
    assert form.error.isVisible() and "to itself" in form.error.text()
    assert form.rows["b"].value() == connection.b  # the picker shows the kept value again

    doc.select("regions", ["kessel"])
    form = inspector.forms["regions"]
    form.rows["stacking"].edited.emit(-2)  # stacking is ``ge=0``
    assert doc.get("regions", "kessel").stacking is None
    assert form.error.isVisible() and "greater than or equal to 0" in form.error.text()
    assert doc.undo_stack.count() == 0


def test_issue_focus_reaches_a_card_effects_field(inspector, doc):
    card = doc.get("cards", "legion-rising")
    assert isinstance(card.effects[1], e.AddVictoryPoints)
    doc.select("cards", [card.id], focus=("effects", 1, "amount"))
    effects = inspector.forms["cards"].rows["effects"]
    assert effects.current_node().path == (1,)
    amount = effects.forms[e.AddVictoryPoints].rows["amount"]
    assert amount.isVisible() and "background" in amount.styleSheet()


def test_editing_in_the_inspectors_builder_is_one_step(inspector, doc):
    doc.select("cards", ["legion-rising"])
    effects = inspector.forms["cards"].rows["effects"]
    effects.select_path((1,))
    effects.forms[e.AddVictoryPoints].rows["amount"].box.setValue(4)
    assert doc.get("cards", "legion-rising").effects[1].amount == 4
    assert doc.undo_stack.count() == 1


@pytest.mark.parametrize(
    ("section", "ids"), [("cards", ["legion-rising"]), ("regions", ["kessel"]), ("rules", [])]
)
def test_renders(tmp_path: Path, inspector, doc, section, ids):
    doc.select(section, ids)
    target = tmp_path / f"inspector-{section}.png"
    assert inspector.grab().save(str(target))
    assert target.stat().st_size > 5_000


def test_a_picker_forgets_text_that_names_nothing(qtbot, inspector, doc):
    doc.select("regions", ["kessel"])
    terrain = inspector.forms["regions"].rows["terrain"]
    pick(qtbot, terrain, "atlantis")
    assert doc.get("regions", "kessel").terrain == "clear" and doc.undo_stack.count() == 0
    assert terrain.box.currentText() == "Clear (clear)"
    pick(qtbot, terrain, "glac")  # a unique part of a name is enough
    assert doc.get("regions", "kessel").terrain == "glacier"


def test_a_connection_names_its_ends_as_find_does(inspector, doc):
    """The inspector and Find call a connection's region fields "One end" and "Other end"."""
    from editor.studio.find import _field_label

    connection = doc.items("connections")[0]
    doc.select("connections", [connection.id])
    form = inspector.forms["connections"]
    assert form.titles["a"].text() == "One end" == _field_label("connections")("a")
    assert form.titles["b"].text() == "Other end" == _field_label("connections")("b")


def test_a_straight_connection_shows_no_raw_json_and_its_bends_can_be_typed(inspector, doc):
    """A connection's waypoints read "[]" in the inspector, raw JSON; an empty box now says
    the line runs straight, typed bends are kept, and emptying the box straightens it."""
    connection = next(c for c in doc.scenario.connections if not c.waypoints)
    doc.select("connections", [connection.id])
    editor = inspector.forms["connections"].rows["waypoints"]
    assert isinstance(editor, JsonEditor)
    assert editor.box.toPlainText() == "" and "straight" in editor.box.placeholderText()
    editor.box.setPlainText("[[10, 20], [30, 40]]")
    editor._commit()
    assert doc.get("connections", connection.id).waypoints == [(10.0, 20.0), (30.0, 40.0)]
    editor.box.setPlainText("  ")
    editor._commit()
    assert doc.get("connections", connection.id).waypoints == []
    assert not editor.error.isVisible()
