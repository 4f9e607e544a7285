"""The scenario explorer: every entity listed, selection shared with the map and inspector."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QItemSelectionModel, Qt

from editor.studio.document import ScenarioDocument
from editor.studio.panels.explorer import ID_ROLE, SECTION_ROLE, Explorer
from schemas.io import load_file

from .conftest import SAMPLE


@pytest.fixture
def explorer(qtbot):
    document = ScenarioDocument(load_file(SAMPLE).scenario)
    widget = Explorer(document)
    qtbot.addWidget(widget)
    return widget


def _rows(explorer, section):
    model = explorer.model
    parent = model._section_index(section)
    return [model.index(r, 0, parent).data(ID_ROLE) for r in range(model.rowCount(parent))]


def _label(explorer, section):
    return explorer.model._section_index(section).data()


def test_every_entity_of_every_section_is_listed(explorer):
    scenario = explorer.document.scenario
    assert _rows(explorer, "regions") == [r.id for r in scenario.regions]
    assert _rows(explorer, "cards") == [c.id for c in scenario.cards]
    assert _label(explorer, "units") == f"Units ({len(scenario.units)})"


def test_the_list_follows_inserts_removals_and_undo(explorer):
    document = explorer.document
    card = document.scenario.cards[0]
    document.delete("cards", [card.id])
    assert card.id not in _rows(explorer, "cards")
    assert _label(explorer, "cards") == f"Cards ({len(document.scenario.cards)})"
    document.undo_stack.undo()
    assert _rows(explorer, "cards")[0] == card.id
    document.rename("cards", card.id, "renamed-card")
    assert _rows(explorer, "cards")[0] == "renamed-card"


def test_selection_goes_both_ways(explorer, qtbot):
    document = explorer.document
    region = document.scenario.regions[4]
    document.select("regions", [region.id])
    current = explorer.tree.selectionModel().selectedRows()
    assert [i.data(ID_ROLE) for i in current] == [region.id]

    unit_index = explorer.proxy.mapFromSource(
        explorer.model.entity_index("units", document.scenario.units[2].id)
    )
    explorer.tree.scrollTo(unit_index)
    rect = explorer.tree.visualRect(unit_index)
    qtbot.mouseClick(explorer.tree.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert document.selection.section == "units"
    assert document.selection.ids == (document.scenario.units[2].id,)
    other = explorer.proxy.mapFromSource(
        explorer.model.entity_index("units", document.scenario.units[3].id)
    )
    explorer.tree.selectionModel().select(
        other, QItemSelectionModel.SelectionFlag.Select | QItemSelectionModel.SelectionFlag.Rows
    )
    assert set(document.selection.ids) == {u.id for u in document.scenario.units[2:4]}


def test_the_filter_finds_entities_by_name(explorer):
    explorer.filter.setText("kessel")
    proxy = explorer.proxy
    found = []

    def walk(parent):
        for row in range(proxy.rowCount(parent)):
            index = proxy.index(row, 0, parent)
            if index.data(ID_ROLE):
                found.append((index.data(SECTION_ROLE), index.data(ID_ROLE)))
                assert "kessel" in index.data().lower()
            walk(index)

    from PySide6.QtCore import QModelIndex

    walk(QModelIndex())
    assert ("regions", "kessel") in found
    assert len(found) < 20
