"""Copy and paste between studio windows and processes, and Find, in real windows with real
keys (issue 10, "what a designer expects"): regions of the North Africa sample copied with
Ctrl+C arrive with Ctrl+V in a new scenario in another window and in another process, as
one undo step; Find answers what is typed and goes to each result."""

from __future__ import annotations

import os
import shutil
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import shapely

from schemas.geometry.build import build_polygons
from tests.realwindow import clipboard_probe
from tests.realwindow.conftest import SAMPLES, on_screen, settle_input, wait_until
from tests.realwindow.studio_helpers import free_point, map_click, new_scenario
from tests.realwindow.x11 import XInput

COPIED = ("tobruk", "el-adem", "sidi-rezegh")
"""Three neighbouring regions of the sample, with structures, units and connections."""


def _launch(path: Path, place: tuple[int, int, int, int]) -> Any:
    from PySide6.QtCore import QRect

    from editor.studio.app import launch_studio

    window = launch_studio(path, recover=False)
    window.setWindowState(window.windowState() & ~window.windowState().WindowMaximized)
    window.setGeometry(QRect(*place))
    window.activateWindow()
    settle_input(0.4)
    return window


def _close(window: Any) -> None:
    window.files.discard_session()
    window.close()
    window.deleteLater()


@pytest.fixture
def africa(qtbot, state_dir: Path, tmp_path: Path) -> Iterator[Any]:
    """The studio on a copy of the North Africa sample, in the left part of the screen."""
    target = tmp_path / "north-africa.json"
    shutil.copy(SAMPLES / "north-africa.json", target)
    window = _launch(target, (0, 0, 1000, 1000))
    qtbot.waitExposed(window)
    yield window
    _close(window)


def _select_regions(x: XInput, window: Any, ids: tuple[str, ...]) -> None:
    """Click the first region, Shift+click the others, as a person selects several."""
    window.activateWindow()
    window.zoom_to_entity("regions", ids[0])
    settle_input(0.3)
    map_click(x, window, *free_point(window, ids[0]))
    x._run("keydown", "shift")
    try:
        for region_id in ids[1:]:
            map_click(x, window, *free_point(window, region_id))
    finally:
        x._run("keyup", "shift")
    wait_until(
        lambda: set(window.document.selection.ids) == set(ids), what=f"{ids} selected by clicks"
    )


def _copy(x: XInput, window: Any) -> None:
    from PySide6.QtGui import QGuiApplication

    from schemas.clipboard import MIME_TYPE

    window.view.setFocus()
    x.key("ctrl+c")
    wait_until(
        lambda: QGuiApplication.clipboard().mimeData().hasFormat(MIME_TYPE),
        what="the copy on the system clipboard",
    )


def test_regions_copied_in_one_window_paste_into_a_new_scenario_in_another(
    africa, qtbot, x, shots, sample_copy: Callable[[str], Path]
) -> None:
    from PySide6.QtGui import QGuiApplication

    _select_regions(x, africa, COPIED)
    _copy(x, africa)
    text = QGuiApplication.clipboard().text()
    assert '"format": "salient-clipboard"' in text  # plain text carries the same JSON
    shots(africa, "clipboard-copied-in-north-africa")

    other = _launch(sample_copy("vessa-crossing.json"), (600, 0, 1000, 1000))
    try:
        qtbot.waitExposed(other)
        new_scenario(x, other)
        document = other.document
        assert document.scenario.regions == []
        port = other.view.viewport()
        map_click(x, other, port.width() / 2, port.height() / 2)  # the keyboard to this map
        steps = document.undo_stack.count()
        x.key("ctrl+v")
        wait_until(lambda: len(document.scenario.regions) == 3, what="three pasted regions")
        settle_input(0.4)
        shots(other, "clipboard-pasted-into-a-new-scenario")
        source = {r.id: r for r in africa.document.scenario.regions}
        pasted = {r.id: r for r in document.scenario.regions}
        assert set(pasted) == set(COPIED)
        # An empty map: the regions keep their place, outlines point for point.
        assert all(pasted[i].polygon == source[i].polygon for i in COPIED)
        assert {s.region for s in document.scenario.structures} <= set(COPIED)
        assert document.scenario.structures and document.scenario.connections
        assert set(document.selection.ids) == set(COPIED)
        assert document.undo_stack.count() == steps + 1
        assert other.statusBar().currentMessage().startswith("Pasted 3 regions with 3 connections")
        # What did not come (the two sides' nations) is listed in the Find panel.
        assert other.docks["find"].isVisible()
        notes = other.edit_commands.panel.rows
        assert any("is not in this scenario" in row.text for row in notes)
        # The pasted regions are on screen, drawn at once.
        visible = other.view.mapToScene(port.rect()).boundingRect()
        for region_id in COPIED:
            assert visible.intersects(other.scene.region_paths[region_id].boundingRect())

        other.view.setFocus()
        x.key("ctrl+z")
        wait_until(lambda: not document.scenario.regions, what="the paste undone in one step")
        assert not document.scenario.structures and not document.scenario.units
    finally:
        _close(other)


def test_a_copy_pastes_into_a_studio_in_another_process(
    africa, x, tmp_path: Path, state_dir: Path
) -> None:
    """The other process reads the system clipboard this process owns: the copy must be
    served while the test waits, so Qt's events keep running."""
    from PySide6.QtWidgets import QApplication

    from schemas.io import save
    from schemas.starter import new_scenario as blank

    _select_regions(x, africa, COPIED)
    _copy(x, africa)
    empty = tmp_path / "empty.json"
    save(blank("Pasted into"), empty)
    folder = Path(os.environ.get("SALIENT_SCREENSHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    probe = clipboard_probe.start(
        os.environ["DISPLAY"],
        tmp_path / "other-state",
        empty,
        shot=folder / "clipboard-pasted-in-another-process.png",
    )
    deadline = time.monotonic() + 120
    while probe.poll() is None and time.monotonic() < deadline:
        QApplication.processEvents()
        time.sleep(0.02)
    if probe.poll() is None:
        probe.kill()
    out, err = probe.communicate()
    report = clipboard_probe.report_of(out + err)
    assert report["arrived"], report
    assert sorted(report["regions"]) == sorted(COPIED)
    source = {r.id: r.polygon.model_dump(mode="json") for r in africa.document.scenario.regions}
    assert all(report["outlines"][i] == source[i] for i in COPIED)
    assert report["undo_steps"] == 1
    assert report["message"].startswith("Pasted 3 regions")


def test_find_answers_what_is_typed_and_goes_to_each_result(africa, x, shots) -> None:
    from PySide6.QtWidgets import QApplication

    panel = africa.edit_commands.panel
    document = africa.document
    africa.view.setFocus()
    x.key("ctrl+f")
    wait_until(lambda: QApplication.focusWidget() is panel.field, what="the Find field")
    assert africa.docks["find"].isVisible()
    x.type("tobruk")
    wait_until(lambda: panel.field.text() == "tobruk", what="the typed text")
    wait_until(lambda: len(panel.rows) >= 5, what="what Find found")
    assert (panel.rows[0].text, panel.rows[0].where) == ("Tobruk (tobruk)", "region")
    assert (panel.rows[1].text, panel.rows[1].where) == ("Tobruk (tobruk)", "structure")
    # Down goes to the first result from the field: selected and shown on the map.
    x.key("Down")
    wait_until(lambda: document.selection.ids == ("tobruk",), what="Tobruk selected")
    settle_input(0.3)
    view = africa.view
    visible = view.mapToScene(view.viewport().rect()).boundingRect()
    tobruk = africa.scene.region_paths["tobruk"].boundingRect()
    assert visible.contains(tobruk.center())
    assert visible.width() < africa.scene.map_rect().width() / 2  # zoomed in on it
    shots(africa, "find-tobruk")
    # F3 moves to the next result: the structure.
    x.key("F3")
    wait_until(
        lambda: document.selection == document.selection.__class__("structures", ("tobruk",)),
        what="the Tobruk structure selected with F3",
    )

    # Find usages of the region, from the map with Shift+F12.
    document.select("regions", ["tobruk"])
    view.setFocus()
    x.key("shift+F12")
    wait_until(lambda: panel.mode == "usages" and panel.rows, what="the usages of Tobruk")
    assert panel.heading.text().startswith("Usages of region Tobruk (tobruk): ")
    texts = [row.text for row in panel.rows]
    assert "Structure Tobruk (tobruk)" in texts
    assert any(t.startswith("Connection ") for t in texts)
    settle_input(0.3)
    shots(africa, "find-usages-of-tobruk")
    # Enter on a usage goes to the referring entity with its field.
    target = next(i for i, row in enumerate(panel.rows) if row.text.startswith("Event "))
    item = panel.results.item(target)
    panel.results.scrollToItem(item)
    settle_input(0.2)
    rect = panel.results.visualItemRect(item)
    x.click(*on_screen(panel.results.viewport(), rect.center().x(), rect.center().y()))
    wait_until(lambda: document.selection.section == "events", what="the event selected")
    x.key("Return")
    wait_until(lambda: document.selection.field != (), what="the referring field focused")
    assert document.selection.field[:2] == ("condition", "conditions")


def test_paste_at_the_pointer_puts_the_regions_under_it(africa, qtbot, x, sample_copy) -> None:
    """Ctrl+Shift+V with the pointer over the sheet of a new scenario centres the copy
    there."""
    _select_regions(x, africa, COPIED[:2])
    _copy(x, africa)
    other = _launch(sample_copy("vessa-crossing.json"), (600, 0, 1000, 1000))
    try:
        qtbot.waitExposed(other)
        new_scenario(x, other)
        port = other.view.viewport()
        where = (port.width() * 0.3, port.height() * 0.4)
        map_click(x, other, *where)
        point = other.view.mapToScene(int(where[0]), int(where[1]))
        tolerance = 2 / other.view.transform().m11()  # two pixels on screen
        x.key("ctrl+shift+v")
        document = other.document
        wait_until(lambda: len(document.scenario.regions) == 2, what="two pasted regions")
        shapes = build_polygons([r.polygon for r in document.scenario.regions])
        left, top, right, bottom = shapely.total_bounds(shapes)
        assert abs((left + right) / 2 - point.x()) <= tolerance
        assert abs((top + bottom) / 2 - point.y()) <= tolerance
    finally:
        _close(other)


def test_find_usages_of_a_terrain_type_lists_its_regions(africa, x, shots) -> None:
    """Found by its name in the Find field, a terrain type's usages are the regions of that
    terrain; Enter on one goes to its Terrain field."""
    from PySide6.QtWidgets import QApplication

    panel = africa.edit_commands.panel
    document = africa.document
    terrain = next(t for t in document.scenario.terrain if t.id == "clear")
    africa.view.setFocus()
    x.key("ctrl+f")
    wait_until(lambda: QApplication.focusWidget() is panel.field, what="the Find field")
    x.type(terrain.name)
    wait_until(
        lambda: any(row.section == "terrain" for row in panel.rows), what="the terrain found"
    )
    target = next(i for i, row in enumerate(panel.rows) if row.section == "terrain")
    item = panel.results.item(target)
    rect = panel.results.visualItemRect(item)
    x.click(*on_screen(panel.results.viewport(), rect.center().x(), rect.center().y()))
    wait_until(lambda: document.selection.ids == ("clear",), what="the terrain selected")
    x.key("shift+F12")
    expected = sorted(r.id for r in document.scenario.regions if r.terrain == "clear")
    wait_until(lambda: panel.mode == "usages" and panel.rows, what="the usages of the terrain")
    assert panel.heading.text().startswith(f"Usages of terrain type {terrain.name} (clear): ")
    assert sorted(row.ids[0] for row in panel.rows) == expected
    assert {row.where for row in panel.rows} == {"Terrain"}
    settle_input(0.3)
    shots(africa, "find-usages-of-a-terrain-type")
    panel.results.setFocus()
    x.key("Down")
    wait_until(lambda: document.selection.section == "regions", what="a region selected")
    x.key("Return")
    wait_until(lambda: document.selection.field == ("terrain",), what="its Terrain field")
    assert document.selection.ids[0] in expected


def test_cut_is_one_undo_step_and_select_all_takes_every_region(africa, x, shots) -> None:
    document = africa.document
    regions = len(document.scenario.regions)
    units = len(document.scenario.units)
    _select_regions(x, africa, COPIED)
    steps = document.undo_stack.count()
    africa.view.setFocus()
    x.key("ctrl+x")
    wait_until(lambda: len(document.scenario.regions) == regions - 3, what="three regions cut")
    assert not {r.id for r in document.scenario.regions} & set(COPIED)
    assert len(document.scenario.units) < units  # their stacks went with them
    assert document.undo_stack.count() == steps + 1
    settle_input(0.3)
    shots(africa, "cut-three-regions")
    # Pasting them back puts them where they were (the ground is free again).
    x.key("ctrl+v")
    wait_until(lambda: len(document.scenario.regions) == regions, what="the cut regions back")
    assert set(document.selection.ids) == set(COPIED)
    x.key("ctrl+z")
    wait_until(lambda: len(document.scenario.regions) == regions - 3, what="paste undone")
    x.key("ctrl+z")
    wait_until(lambda: len(document.scenario.regions) == regions, what="the cut undone")
    assert len(document.scenario.units) == units
    # Ctrl+A on the map selects every region.
    africa.view.setFocus()
    x.key("ctrl+a")
    wait_until(lambda: len(document.selection.ids) == regions, what="every region selected")
    assert document.selection.section == "regions"


def test_paste_at_the_pointer_over_a_full_map_changes_nothing_and_says_why(
    africa, qtbot, x, shots, sample_copy
) -> None:
    """Where the regions there cover all the ground, nothing is pasted: no undo step, no
    unit types or areas the left-out regions would have needed, and the status line says
    what to do instead."""
    _select_regions(x, africa, COPIED)
    _copy(x, africa)
    other = _launch(sample_copy("vessa-crossing.json"), (600, 0, 1000, 1000))
    try:
        qtbot.waitExposed(other)
        document = other.document
        before = document.scenario.model_dump(mode="json")
        steps = document.undo_stack.count()
        port = other.view.viewport()
        map_click(x, other, port.width() / 2, port.height() / 2)
        wait_until(lambda: document.selection.section == "regions", what="a region clicked")
        x.key("ctrl+shift+v")
        wait_until(
            lambda: other.statusBar().currentMessage().startswith("Nothing pasted"),
            what="the status line saying nothing was pasted",
        )
        settle_input(0.3)
        shots(other, "clipboard-nothing-pasted-over-a-full-map")
        assert "cover all the ground under the pointer" in other.statusBar().currentMessage()
        assert document.undo_stack.count() == steps
        assert document.scenario.model_dump(mode="json") == before
        assert other.edit_commands.panel.rows  # what was left out, in the Find panel
    finally:
        _close(other)
