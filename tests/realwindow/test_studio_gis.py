"""File ▸ Import map… and File ▸ Export map picture… in a real window (issue 17): the menus
chosen with the mouse, the import dialog's preview, property mapping, Cancel and Import
clicked, the picture dialog's format picked and exported. Screenshots are kept when
``SALIENT_SCREENSHOTS`` is set."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest

from tests.gis_files import grid, write_geojson
from tests.realwindow.conftest import on_screen, settle_input, wait_until
from tests.realwindow.studio_helpers import choose, open_menu_bar
from tests.realwindow.x11 import XInput

NAMES = ["Sault-au-Récollet", "Ahuntsic", "Bordeaux", "Cartierville", "Verdun", "Lachine"]


def districts(folder: Path) -> Path:
    cells = grid(-73.75, 45.45, 3, 2, 0.05, density=0.002)
    properties = [
        {"NOM": n, "NO": f"D{i}", "terrain": ("forest", "plain", "hills")[i % 3]}
        for i, n in enumerate(NAMES)
    ]
    return write_geojson(folder / "districts.geojson", cells, properties)


def closed(dialog: Any) -> bool:
    """Whether a dialog is closed (it deletes itself once closed)."""
    import shiboken6

    return not shiboken6.isValid(dialog) or not dialog.isVisible()


def click(x: XInput, widget: Any) -> None:
    """A real click in the middle of a widget."""
    x.click(*on_screen(widget, widget.width() / 2, widget.height() / 2))
    settle_input(0.2)


def pick(x: XInput, combo: Any, data: str) -> None:
    """Open a combo box with a click and click the entry holding ``data``."""
    click(x, combo)
    view = combo.view()
    wait_until(view.isVisible, what="the combo box's list")
    index = combo.model().index(combo.findData(data), 0)
    view.scrollTo(index)
    settle_input(0.1)
    rect = view.visualRect(index)
    x.click(*on_screen(view.viewport(), rect.center().x(), rect.center().y()))
    settle_input(0.2)
    wait_until(lambda: combo.currentData() == data, what=f"{data!r} chosen")


def open_import(x: XInput, studio: Any, path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    from PySide6.QtWidgets import QFileDialog

    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(path), ""))
    choose(x, open_menu_bar(x, studio, "File"), "Import map")
    wait_until(
        lambda: getattr(studio, "gis_dialog", None) is not None and studio.gis_dialog.isVisible(),
        what="the import dialog",
    )
    dialog = studio.gis_dialog
    dialog.activateWindow()
    return dialog


def test_import_map_previews_maps_properties_and_imports_with_real_clicks(
    studio, x, shots, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    old = studio.document
    dialog = open_import(x, studio, districts(tmp_path), monkeypatch)
    wait_until(dialog.import_button.isEnabled, timeout=30, what="the preview")
    settle_input(0.3)
    shots(dialog, "gis-import-over-the-sample")
    # Into the sample, the districts would lie over its own map: the preview warns.
    assert "Warning: the imported regions lie over" in dialog.summary.text()
    click(x, dialog.form.into_new)
    wait_until(dialog.import_button.isEnabled, timeout=30, what="the preview, new scenario")
    assert "Warning" not in dialog.summary.text()
    settle_input(0.3)
    shots(dialog, "gis-import-preview")
    # The preview fills its pane with the projected map, not a speck in a corner.
    view = dialog.view
    drawn = view.mapFromScene(view.bounds).boundingRect()
    assert drawn.width() > view.viewport().width() * 0.6 or (
        drawn.height() > view.viewport().height() * 0.6
    )
    assert "6 regions to add" in dialog.summary.text()

    # The names from another property, picked with the mouse.
    pick(x, dialog.form.combos["name"], "NO")
    wait_until(dialog.import_button.isEnabled, timeout=30, what="the preview again")
    result = dialog.result
    names = {result.topLevelItem(i).text(1) for i in range(result.topLevelItemCount())}
    assert names == {f"D{i}" for i in range(6)}
    pick(x, dialog.form.combos["name"], "NOM")
    wait_until(dialog.import_button.isEnabled, timeout=30, what="the preview with NOM")
    settle_input(0.3)
    shots(dialog, "gis-import-mapped")

    click(x, dialog.import_button)
    wait_until(lambda: closed(dialog), what="the dialog to close after Import")
    assert studio.document is not old
    added = {r.id for r in studio.document.scenario.regions}
    assert len(added) == 6 and "sault-au-recollet" in added
    assert studio.document.scenario.info.title == "Districts"
    settle_input(0.5)
    # The studio shows what came in: the map zoomed onto it, the new regions drawn.
    for region_id in added:
        assert region_id in studio.scene.region_paths
    shots(studio, "gis-import-done")


def test_a_long_import_preview_is_cancelled_with_a_real_click(
    studio, x, shots, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from editor.studio.gis_import import worker as worker_module

    real_prepare = worker_module.prepare
    release = threading.Event()

    def slow_prepare(layer, options, projection, progress):  # a long simplification
        while not release.is_set():
            progress.step("Simplifying borders", 0.4)
            release.wait(0.01)
        return real_prepare(layer, options, projection, progress)

    monkeypatch.setattr(worker_module, "prepare", slow_prepare)
    try:
        dialog = open_import(x, studio, districts(tmp_path), monkeypatch)
        wait_until(lambda: dialog.status.text() == "Simplifying borders", what="the progress")
        settle_input(0.3)
        shots(dialog, "gis-import-working")
        assert dialog.progress.isVisible() and dialog.cancel_button.isVisible()
        click(x, dialog.cancel_button)
        wait_until(lambda: "cancelled" in dialog.status.text(), what="the cancel")
        assert not dialog.import_button.isEnabled()
        shots(dialog, "gis-import-cancelled")
        release.set()
        click(x, dialog.again_button)
        wait_until(dialog.import_button.isEnabled, timeout=30, what="the preview")
    finally:
        release.set()
    click(x, dialog.buttons.button(dialog.buttons.StandardButton.Close))
    wait_until(lambda: closed(dialog), what="the dialog to close")


def test_a_broken_file_is_named_in_the_dialog(
    studio, x, shots, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    broken = tmp_path / "cut-short.geojson"
    broken.write_text('{"type": "FeatureCollection", "features": [{"type": "Feat', "utf-8")
    dialog = open_import(x, studio, broken, monkeypatch)
    settle_input(0.3)
    shots(dialog, "gis-import-broken")
    assert dialog.summary.isVisible()
    assert "cut-short.geojson" in dialog.summary.text()
    assert not dialog.import_button.isEnabled()
    x.key("Escape")
    wait_until(lambda: closed(dialog), what="Escape to close the dialog")


def test_export_map_picture_with_real_clicks(
    studio, x, shots, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from PySide6.QtGui import QImage
    from PySide6.QtWidgets import QFileDialog

    target = tmp_path / "rulebook.png"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), ""))
    choose(x, open_menu_bar(x, studio, "File"), "Export map picture")
    wait_until(
        lambda: (
            getattr(studio, "picture_dialog", None) is not None
            and studio.picture_dialog.isVisible()
        ),
        what="the picture dialog",
    )
    dialog = studio.picture_dialog
    dialog.activateWindow()
    pick(x, dialog.format, "png")
    click(x, dialog.by_pixels)
    wait_until(dialog.pixels.isEnabled, what="the pixel width to be editable")
    dialog.pixels.setFocus()
    x.key("ctrl+a")
    x.type("1200")
    x.key("Tab")
    wait_until(lambda: dialog.pixels.value() == 1200, what="the typed width")
    assert dialog.size_note.text().startswith("1,200 x ")
    settle_input(0.2)
    shots(dialog, "picture-dialog")
    click(x, dialog.export_button)
    wait_until(target.exists, what="the picture written")
    image = QImage(str(target))
    assert image.width() == 1200
    wait_until(lambda: closed(dialog), what="the dialog to close after Export")
