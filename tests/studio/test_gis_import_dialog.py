"""File ▸ Import map…: the studio's GIS import dialog (issue 17), offscreen. The dialog previews
the import in a worker thread, shows what each property holds and what the import makes,
can be cancelled, names the file or feature that is wrong, and imports as one undoable step.
The real-window tests drive the same dialog with real input (tests/realwindow/test_studio_gis.py).
"""

from __future__ import annotations

import json
import threading
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QTreeWidget

from editor.studio.gis_import import GisImportDialog
from editor.studio.gis_import import worker as worker_module
from tests.gis_files import grid, write_geojson

NAMES = ["Sault-au-Récollet", "Champlain—L'Île-des-Sœurs", "Ahuntsic", "Bordeaux"]


def districts(tmp_path: Path, name: str = "districts.geojson") -> Path:
    """Four districts in longitude and latitude, with accented names and a second property
    that could hold names too."""
    cells = grid(-73.7, 45.5, 2, 2, 0.05, density=0.005)
    properties = [
        {"NOM": n, "QUARTIER": f"Q{i}", "terrain": "forest" if i % 2 else "plain"}
        for i, n in enumerate(NAMES)
    ]
    return write_geojson(tmp_path / name, cells, properties)


def rows(tree: QTreeWidget) -> list[list[str]]:
    return [
        [tree.topLevelItem(i).text(c) for c in range(tree.columnCount())]
        for i in range(tree.topLevelItemCount())
    ]


def open_dialog(window, path: Path, qtbot) -> GisImportDialog:
    dialog = GisImportDialog(window, path)
    dialog.show()
    qtbot.waitUntil(lambda: dialog.import_button.isEnabled(), timeout=20_000)
    return dialog


def close(dialog: GisImportDialog) -> None:
    dialog.reject()  # stops the worker thread


def test_the_preview_shows_each_property_and_the_regions_it_will_make(
    window, tmp_path: Path, qtbot
) -> None:
    dialog = open_dialog(window, districts(tmp_path), qtbot)
    try:
        name = dialog.form.combos["name"]
        # The guess picked NOM for the names, and each entry shows what the property holds.
        assert name.currentData() == "NOM"
        assert name.currentText().startswith("NOM: Sault-au-Récollet, ")
        assert any(name.itemText(i).startswith("QUARTIER: Q0, Q1") for i in range(name.count()))
        result = rows(dialog.result)
        assert {r[1] for r in result} == set(NAMES)
        # Ids are transliterated, never stripped of letters.
        assert "sault-au-recollet" in {r[0] for r in result}
        assert "champlain-l-ile-des-soeurs" in {r[0] for r in result}
        assert {r[4] for r in result} == {"new"}
        assert all(float(r[5].replace(",", "")) > 10 for r in result)  # km², not degrees
        assert dialog.tabs.tabText(0) == "Result (4)"
        assert "4 regions to add" in dialog.summary.text()
        # The sample's own map lies where the districts land: the preview says so.
        assert "Warning: the imported regions lie over " in dialog.summary.text()

        # Another property for the names: the preview is worked out again with it.
        name.setCurrentIndex(name.findData("QUARTIER"))
        assert not dialog.import_button.isEnabled()  # the old preview may not be imported
        qtbot.waitUntil(lambda: dialog.import_button.isEnabled(), timeout=20_000)
        assert {r[1] for r in rows(dialog.result)} == {"Q0", "Q1", "Q2", "Q3"}
    finally:
        close(dialog)


def test_import_is_one_undoable_step_and_selects_what_it_added(
    window, tmp_path: Path, qtbot
) -> None:
    document = window.document
    before = [r.id for r in document.scenario.regions]
    dialog = open_dialog(window, districts(tmp_path), qtbot)
    dialog.import_button.click()
    added = {r.id for r in document.scenario.regions} - set(before)
    assert len(added) == 4
    # The sample has a scale (4 map units per km) but no projection: the import keeps it.
    assert document.scenario.map.projection is not None
    assert document.scenario.map.projection.km_per_unit == pytest.approx(0.25)
    assert set(document.selection.ids) == added
    document.undo_stack.undo()
    assert [r.id for r in document.scenario.regions] == before
    assert document.scenario.map.projection is None


def test_import_into_a_new_scenario_titled_as_asked(window, tmp_path: Path, qtbot) -> None:
    old = window.document
    dialog = open_dialog(window, districts(tmp_path), qtbot)
    dialog.form.into_new.setChecked(True)
    dialog.form.title.setText("Montreal 1944")
    dialog.form.title.editingFinished.emit()
    qtbot.waitUntil(lambda: dialog.import_button.isEnabled(), timeout=20_000)
    assert "Warning" not in dialog.summary.text()  # nothing else in a new scenario
    dialog.import_button.click()
    assert window.document is not old
    scenario = window.document.scenario
    assert scenario.info.title == "Montreal 1944"
    assert sorted(r.name for r in scenario.regions) == sorted(NAMES)


def test_a_long_preview_shows_progress_and_can_be_cancelled(
    window, tmp_path: Path, qtbot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Cancel stops the work at its next check; nothing may be imported; Preview starts it
    again. (The geometry step is held open by the test so that the preview is long.)"""
    real_prepare = worker_module.prepare
    release = threading.Event()

    def slow_prepare(layer, options, projection, progress):
        while not release.is_set():
            progress.step("Simplifying borders", 0.4)  # raises Cancelled once asked
            release.wait(0.01)
        return real_prepare(layer, options, projection, progress)

    monkeypatch.setattr(worker_module, "prepare", slow_prepare)
    dialog = GisImportDialog(window, districts(tmp_path))
    dialog.show()
    try:
        # The sample's scale (4 map units per km) is shown before any preview.
        assert dialog.form.scale.value() == pytest.approx(0.25)
        qtbot.waitUntil(lambda: dialog.status.text() == "Simplifying borders", timeout=20_000)
        assert dialog.progress.isVisible() and dialog.progress.value() == 400
        assert dialog.cancel_button.isVisible() and not dialog.import_button.isEnabled()
        qtbot.mouseClick(dialog.cancel_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: "cancelled" in dialog.status.text(), timeout=20_000)
        assert not dialog.progress.isVisible() and not dialog.import_button.isEnabled()
        assert dialog.again_button.isVisible()
        release.set()
        qtbot.mouseClick(dialog.again_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: dialog.import_button.isEnabled(), timeout=20_000)
        assert dialog.status.text() == "Preview ready."
    finally:
        release.set()
        close(dialog)


def test_a_file_that_cannot_be_read_is_named_and_nothing_can_be_imported(
    window, tmp_path: Path, qtbot
) -> None:
    broken = tmp_path / "cut-short.geojson"
    broken.write_text('{"type": "FeatureCollection", "features": [{"type": "Feat', "utf-8")
    dialog = GisImportDialog(window, broken)
    dialog.show()
    try:
        assert "cut-short.geojson" in dialog.summary.text()
        assert dialog.summary.text().startswith("Cannot import:")
        assert not dialog.import_button.isEnabled()
        # Nothing to set or preview until a file that can be read is chosen.
        assert not dialog.form.isEnabled() and not dialog.again_button.isEnabled()
        dialog.set_file(districts(tmp_path))
        assert dialog.form.isEnabled()
        qtbot.waitUntil(lambda: dialog.import_button.isEnabled(), timeout=20_000)
        assert dialog.summary.text().startswith("4 regions to add")
    finally:
        close(dialog)


def test_a_feature_left_out_is_named_in_the_changes(window, tmp_path: Path, qtbot) -> None:
    square = [[[-73.6, 45.5], [-73.5, 45.5], [-73.5, 45.6], [-73.6, 45.6], [-73.6, 45.5]]]
    features = [
        {"type": "Feature", "properties": {"name": "Verdun"}, "geometry": None},
        {
            "type": "Feature",
            "properties": {"name": "Lachine"},
            "geometry": {"type": "Polygon", "coordinates": square},
        },
    ]
    path = tmp_path / "two.geojson"
    path.write_text(json.dumps({"type": "FeatureCollection", "features": features}), "utf-8")
    dialog = open_dialog(window, path, qtbot)
    try:
        changes = rows(dialog.notes)
        assert ["Left out", "", "'Verdun' has no polygon; it is left out"] in changes
        assert [r[1] for r in rows(dialog.result)] == ["Lachine"]
    finally:
        close(dialog)


def test_towns_and_rivers_land_in_the_regions_of_an_imported_map(
    window, tmp_path: Path, qtbot
) -> None:
    """Points become structures in the region holding them, lines become river crossings;
    both are placed on the projection the first import stored."""
    dialog = open_dialog(window, districts(tmp_path), qtbot)
    dialog.form.into_new.setChecked(True)
    qtbot.waitUntil(lambda: dialog.import_button.isEnabled(), timeout=20_000)
    dialog.import_button.click()
    document = window.document
    towns = [
        {
            "type": "Feature",
            "properties": {"name": "Saint-Laurent", "kind": "city"},
            "geometry": {"type": "Point", "coordinates": [-73.675, 45.525]},
        }
    ]
    path = tmp_path / "towns.geojson"
    path.write_text(json.dumps({"type": "FeatureCollection", "features": towns}), "utf-8")
    dialog = open_dialog(window, path, qtbot)
    try:
        assert dialog.form.kind == "point"
        assert not dialog.form.target_box.isVisible()  # places go into the scenario open
        assert rows(dialog.result)[0][1:4] == ["Saint-Laurent", "city", "sault-au-recollet"]
        dialog.import_button.click()
    finally:
        close(dialog)
    assert [s.name for s in document.scenario.structures] == ["Saint-Laurent"]

    # A river along the border between the two western districts.
    river = [
        {
            "type": "Feature",
            "properties": {"name": "Rivière"},
            "geometry": {
                "type": "LineString",
                "coordinates": [[-73.7, 45.551], [-73.675, 45.55], [-73.651, 45.55]],
            },
        }
    ]
    path = tmp_path / "river.geojson"
    path.write_text(json.dumps({"type": "FeatureCollection", "features": river}), "utf-8")
    dialog = open_dialog(window, path, qtbot)
    try:
        assert dialog.form.kind == "line"
        assert dialog.form.lines_as.currentData() == "river"
        result = rows(dialog.result)
        assert ["sault-au-recollet", "ahuntsic"] in [sorted(r[1:3], reverse=True) for r in result]
        dialog.import_button.click()
    finally:
        close(dialog)
    kinds = {c.type for c in document.scenario.connections}
    assert "river" in kinds
