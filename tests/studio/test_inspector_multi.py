"""The inspector with several entities selected (issue 10, defect 7).

It showed the first entity's values as if all of them had them. Now a field where they
differ shows "mixed", an edit sets that field (and only that one) on all of them in one undo
step, even when the value chosen is the first entity's, and leaving a mixed field untouched
changes nothing.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication

from editor.studio.document import ScenarioDocument
from editor.studio.forms.fields import MIXED_LABEL
from editor.studio.panels.inspector import Inspector
from schemas.io import load_file

SAMPLE = Path(__file__).resolve().parents[2] / "sample_scenarios" / "vessa-crossing.json"
MIXED_TERRAIN = ["hesk-valley", "brannock-forest", "kessel"]
"""Hills, forest and clear: three regions of different terrain, names and networks."""


@pytest.fixture
def doc(tmp_path: Path) -> ScenarioDocument:
    return ScenarioDocument(load_file(SAMPLE).scenario, tmp_path / "scenario.json")


@pytest.fixture
def inspector(qtbot, doc: ScenarioDocument) -> Inspector:
    panel = Inspector(doc)
    qtbot.addWidget(panel)
    panel.resize(400, 900)
    panel.show()
    qtbot.waitExposed(panel)
    return panel


def test_fields_that_differ_show_as_mixed_and_shared_ones_show_their_value(inspector, doc) -> None:
    doc.select("regions", MIXED_TERRAIN)
    form = inspector.forms["regions"]
    terrain, name, network = form.rows["terrain"], form.rows["name"], form.rows["network"]
    assert terrain.box.currentText() == "" and terrain.box.lineEdit().placeholderText() == (
        MIXED_LABEL
    )
    assert name.box.text() == "" and name.box.placeholderText() == MIXED_LABEL
    assert network.box.currentIndex() == -1  # a combo box with nothing chosen reads "mixed"
    assert {"terrain", "name", "network"} <= form.mixed
    # All three are on the same side's ground and off no map: those show plainly.
    assert "off_map" not in form.mixed and form.rows["off_map"].box.checkState() == (
        Qt.CheckState.Unchecked
    )
    # One region alone shows its values again, with nothing left of "mixed".
    doc.select("regions", ["kessel"])
    assert terrain.box.currentText().startswith("Clear") and name.box.text() == "Kessel"
    assert not form.mixed and name.box.placeholderText() == ""


def test_choosing_the_first_regions_terrain_sets_it_on_all_in_one_step(
    qtbot, inspector, doc
) -> None:
    """The value of the first entity is a real choice for the others."""
    doc.select("regions", MIXED_TERRAIN)
    terrain = inspector.forms["regions"].rows["terrain"]
    first = doc.get("regions", MIXED_TERRAIN[0]).terrain
    terrain.box.activated.emit(terrain.ids.index(first))
    assert {doc.get("regions", i).terrain for i in MIXED_TERRAIN} == {first}
    assert doc.undo_stack.count() == 1
    # Only the terrain: names and networks stay each region's own.
    assert [doc.get("regions", i).name for i in MIXED_TERRAIN] == [
        "Hesk Valley",
        "Brannock Forest",
        "Kessel",
    ]
    doc.undo_stack.undo()
    assert [doc.get("regions", i).terrain for i in MIXED_TERRAIN] == ["hills", "forest", "clear"]


def test_a_number_typed_over_mixed_is_set_on_all_even_when_it_equals_the_first(
    qtbot, inspector, doc
) -> None:
    ids = ["kessel", "lannet-fields"]  # Arvel's capture VP: 0 and 1
    doc.select("regions", ids)
    form = inspector.forms["regions"]
    assert "values" in form.mixed  # only Kessel has values for Dravan
    assert form.rows["values"].key_labels["dravan"].text().endswith("(not on all)")
    capture = form.rows["values"].rows["arvel"][1].rows["capture"]
    assert capture.box.text() == "" and capture.box.lineEdit().placeholderText() == MIXED_LABEL
    capture.box.setFocus()
    qtbot.keyClicks(capture.box.lineEdit(), "0")
    qtbot.keyClick(capture.box.lineEdit(), Qt.Key.Key_Return)
    assert [doc.get("regions", i).values["arvel"].capture for i in ids] == [0, 0]
    # The other values of each place are kept: Lannet still scores 1 for holding it.
    assert doc.get("regions", "lannet-fields").values["arvel"].hold_at_end == 1
    assert doc.get("regions", "kessel").values["arvel"].loss == 2
    assert doc.undo_stack.count() == 1


def test_a_side_missing_from_some_entities_gets_the_whole_row(qtbot, inspector, doc) -> None:
    ids = ["dunn-mire", "kessel"]  # only Kessel has values for Arvel
    doc.select("regions", ids)
    form = inspector.forms["regions"]
    assert "values" in form.mixed
    dravan = form.rows["values"].rows["dravan"][1]
    dravan.rows["tension"].box.setValue(2)
    assert [doc.get("regions", i).values["dravan"].tension for i in ids] == [2, 2]
    assert doc.get("regions", "dunn-mire").values["dravan"].capture == 1
    assert doc.get("regions", "kessel").values["dravan"].capture == 3
    assert doc.undo_stack.count() == 1


def test_leaving_a_mixed_field_without_typing_changes_nothing(qtbot, inspector, doc) -> None:
    doc.select("regions", MIXED_TERRAIN)
    form = inspector.forms["regions"]
    for field in ("name", "terrain", "stacking"):
        widget = form.rows[field]
        box = widget.box.lineEdit() if hasattr(widget.box, "lineEdit") else widget.box
        box.setFocus()
        QApplication.processEvents()
        form.rows["description"].box.setFocus()
        QApplication.processEvents()
    assert doc.undo_stack.count() == 0


def test_a_mixed_flag_is_half_ticked_and_a_click_sets_it_on_all(qtbot, inspector, doc) -> None:
    cards = [card for card in doc.items("cards") if card.in_deck][:2]
    cards += [card for card in doc.items("cards") if not card.in_deck][:1]
    doc.select("cards", [card.id for card in cards])
    box = inspector.forms["cards"].rows["in_deck"].box
    assert box.checkState() == Qt.CheckState.PartiallyChecked
    qtbot.mouseClick(box, Qt.MouseButton.LeftButton, pos=QPoint(8, box.height() // 2))
    assert all(doc.get("cards", card.id).in_deck for card in cards)
    assert doc.undo_stack.count() == 1
    assert box.checkState() == Qt.CheckState.Checked
