"""The scenario explorer: every entity listed, selection shared with the map and inspector."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QItemSelectionModel, Qt

from editor.studio.document import ScenarioDocument
from editor.studio.panels.explorer import ID_ROLE, SECTION_ROLE, Explorer
from schemas.io import load_file
from schemas.map import SupplySource

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


def test_an_operational_scenario_lists_no_empty_area_supply_sources(qtbot):
    """The operational family keeps its sources in its rules: an empty "Supply sources (0)"
    of the area family would tell the designer the scenario has none. Switching the family
    back to areas lists the section again, and so does a source added to the list."""
    operational = SAMPLE.parent / "kharkov-1942-operational.json"
    document = ScenarioDocument(load_file(operational).scenario)
    assert document.scenario.rules.operational.supply.sources  # sources are in the rules
    widget = Explorer(document)
    qtbot.addWidget(widget)
    assert not widget.model._section_index("supply_sources").isValid()

    rules = document.scenario.rules
    document.set_section("rules", rules.model_copy(update={"family": "area"}))
    assert _label(widget, "supply_sources") == "Supply sources (0)"
    document.undo_stack.undo()
    assert not widget.model._section_index("supply_sources").isValid()
    assert _label(widget, "units") == f"Units ({len(document.scenario.units)})"

    document.add("supply_sources", SupplySource(id="railhead", region="c1r1"))
    assert _rows(widget, "supply_sources") == ["railhead"]
