"""A designer's first hour from File > New, offscreen (issue 10, defects 2, 3, 6, 12 and 14):
the sheet to draw on, ids numbered from one, what is added shown at once, units of the
region's owner, connecting with two clicks. The same gestures drive a real window in
``tests/realwindow``."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtWidgets import QDialogButtonBox

from editor.shared.app import settle
from editor.studio.document import ScenarioDocument
from editor.studio.map.scene import MapScene
from editor.studio.map.tools.connect import ConnectTool
from editor.studio.map.tools.draw import add_drawn_region
from editor.studio.map.view import MapView
from editor.studio.naming import numbered_id
from editor.studio.window_map_menu import MapMenu, owner_nation
from editor.studio.window_new import NewScenario, frame_for, last_choice
from schemas.io import load_file
from schemas.units import Location

LEFT = Qt.MouseButton.LeftButton


@pytest.fixture
def blank(window) -> Any:
    """The studio on a new scenario (File > New with the sheet offered)."""
    window.files.new(ask=False)
    settle(window)
    return window


def _square(document: ScenarioDocument, x: float, y: float, size: float = 200) -> str:
    return add_drawn_region(document, [(x, y), (x + size, y), (x + size, y + size), (x, y + size)])


def test_file_new_asks_for_the_sheet_and_remembers_the_answer(window) -> None:
    window.files.new()
    dialog = window.files.new_dialog
    assert dialog.isVisible() and window.document.path is not None  # nothing replaced yet
    dialog.title.setText("River campaign")
    dialog.width_box.setValue(2000)
    dialog.height_box.setValue(1200)
    dialog.scale.setValue(2.5)
    dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok).click()
    settle(window)
    document = window.document
    assert document.path is None and document.scenario.info.title == "River campaign"
    assert document.frame == (0.0, 0.0, 2000.0, 1200.0)
    assert document.scenario.map.units_per_km == 2.5
    assert window.scene.map_rect().width() == 2000
    assert last_choice() == NewScenario(width=2000, height=1200, units_per_km=2.5)


def test_cancelling_file_new_keeps_the_scenario(window) -> None:
    document = window.document
    window.files.new()
    window.files.new_dialog.reject()
    settle(window)
    assert window.document is document


def test_the_sheet_is_kept_for_the_file_it_is_saved_to(blank, tmp_path, monkeypatch) -> None:
    from PySide6.QtWidgets import QFileDialog

    _square(blank.document, 100, 100)
    target = tmp_path / "river.json"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), ""))
    assert blank.files.save()
    assert frame_for(target) == (0.0, 0.0, 1000.0, 700.0)
    assert blank.files.open_path(target, ask=False)
    assert blank.document.frame == (0.0, 0.0, 1000.0, 700.0)
    assert blank.scene.sheet is not None


def test_an_empty_map_always_has_a_sheet(window, tmp_path) -> None:
    from schemas.io import save
    from schemas.starter import new_scenario

    path = tmp_path / "empty.json"
    save(new_scenario(), path)
    assert window.files.open_path(path, ask=False)
    assert window.scene.sheet is not None and not window.scene.map_rect().isEmpty()


def test_drawn_regions_are_numbered_from_one(blank) -> None:
    document = blank.document
    assert [_square(document, 0, 0), _square(document, 200, 0)] == ["region-1", "region-2"]
    document.rename("regions", "region-2", "ridge")
    assert _square(document, 400, 0) == "region-2"  # the highest number in use is 1
    assert _square(document, 0, 200) == "region-3"


def test_numbered_ids_count_on_from_the_highest_and_leave_other_ids_alone(window) -> None:
    document = window.document
    assert numbered_id(document, "regions", "region") == "region-1"
    assert numbered_id(document, "units", "dr-3-rifles") == "dr-3-rifles-1"
    existing = {u.id for u in document.scenario.units}
    assert numbered_id(document, "leaders", "unit") not in existing


def test_units_and_connections_added_to_a_new_map_are_drawn_at_once(blank) -> None:
    """Defect 3: the zoom's detail was chosen from the empty map's sizes, so symbols and
    lines stayed hidden until the file was reopened."""
    document, scene = blank.document, blank.scene
    first, second = _square(document, 100, 100), _square(document, 300, 100)
    settle(blank)
    assert scene.regions.typical == pytest.approx(200)
    MapMenu(blank).add_force("units", first, "redland")
    settle(blank)
    (unit,) = document.scenario.units
    (stack,) = [i for i in scene.stack_items if unit.id in i.units]
    assert stack.scene() is scene and stack.isVisible()
    ConnectTool(document).connect(first, second)
    (connection,) = document.scenario.connections
    assert scene.connections.drawn(connection.id)


def test_the_first_unit_brings_a_unit_type_in_the_same_step(blank) -> None:
    document = blank.document
    region = _square(document, 100, 100)
    before = document.undo_stack.index()
    MapMenu(blank).add_force("units", region, "blueland")
    assert [t.id for t in document.scenario.unit_types] == ["infantry"]
    assert document.scenario.units[0].type == "infantry"
    assert document.undo_stack.index() == before + 1
    document.undo_stack.undo()
    assert document.scenario.unit_types == [] and document.scenario.units == []


def test_undo_clears_the_note_of_what_it_undid_but_not_a_failure_to_save(blank) -> None:
    """The status bar read "Added the unit type Infantry" after the addition was undone."""
    region = _square(blank.document, 100, 100)
    MapMenu(blank).add_force("units", region, "blueland")
    bar = blank.statusBar()
    assert bar.currentMessage().startswith("Added the unit type Infantry")
    undo = next(a for a in blank.actions() if a.shortcut().toString() == "Ctrl+Z")
    undo.trigger()
    assert blank.document.scenario.units == [] and bar.currentMessage() == ""
    blank.show_message("Not saved: the disk is full", lasting=True)
    undo.trigger()
    assert bar.currentMessage() == "Not saved: the disk is full"


def test_units_added_on_the_map_belong_to_the_regions_owner(window) -> None:
    """Defect 6."""
    document = window.document
    first = document.scenario.nations[0].id
    owned = next(r for r in document.scenario.regions if r.owner and r.owner != first)
    assert owner_nation(document, owned.id) == owned.owner
    unowned = next(r for r in document.scenario.regions if r.owner is None)
    assert owner_nation(document, unowned.id) == first
    MapMenu(window).add_force("leaders", owned.id, owned.owner)
    leader = document.get("leaders", document.selection.ids[0])
    assert leader.nation == owned.owner and leader.location == Location(region=owned.id)


def test_the_map_menu_edits_the_selection_it_was_opened_on(window) -> None:
    document = window.document
    ids = [r.id for r in document.scenario.regions[:3]]
    document.select("regions", ids)
    menu = MapMenu(window)
    assert menu.targets(ids[1]) == ids
    outside = document.scenario.regions[5].id
    assert menu.targets(outside) == [outside]
    before = document.undo_stack.index()
    menu.set_field(ids, "terrain", "forest")
    assert all(document.get("regions", r).terrain == "forest" for r in ids)
    assert document.undo_stack.index() == before + 1


@pytest.fixture
def small_view(qtbot) -> MapView:
    window_document = ScenarioDocument(load_file(_sample()).scenario)
    view = MapView(MapScene(window_document))
    qtbot.addWidget(view)
    view.resize(700, 500)
    view.show()
    view.zoom_to_fit()
    return view


def _sample():
    from pathlib import Path

    return Path(__file__).resolve().parents[2] / "sample_scenarios" / "vessa-crossing.json"


def _pole(view: MapView, region_id: str) -> Any:
    point = view.map_scene.regions.name_points[region_id]
    return view.mapFromScene(QPointF(point.x(), point.y() + 12))


def test_connect_with_a_click_then_a_click(qtbot, small_view: MapView) -> None:
    """Defect 12: Connect needed press-and-drag."""
    document = small_view.map_scene.document
    tool = ConnectTool(document)
    tool.messages = []  # type: ignore[attr-defined]
    tool.message = tool.messages.append  # type: ignore[attr-defined]
    small_view.set_tool(tool)
    port = small_view.viewport()
    a, b = "hesk-valley", "harl-uplands"  # not neighbours, not yet connected
    assert not any({c.a, c.b} == {a, b} for c in document.scenario.connections)
    qtbot.mouseClick(port, LEFT, pos=_pole(small_view, a))
    assert "click the region to connect" in tool.messages[-1]
    qtbot.mouseMove(port, pos=_pole(small_view, b))
    qtbot.mouseClick(port, LEFT, pos=_pole(small_view, b))
    assert any({c.a, c.b} == {a, b} for c in document.scenario.connections)
    assert tool._line is None


def test_view_does_not_move_when_the_map_grows(qtbot, small_view: MapView) -> None:
    """Defect 2, offscreen: the scene's room is fixed while regions are drawn past its edge."""
    document = small_view.map_scene.document
    transform = small_view.viewportTransform()
    rect = small_view.map_scene.map_rect()
    far = rect.right() + rect.width()  # the map grows, and the room around it with it
    room = small_view.sceneRect()
    add_drawn_region(document, [(far, 0), (far + 100, 0), (far + 100, 100), (far, 100)])
    settle(small_view)
    assert small_view.sceneRect() != room
    assert small_view.viewportTransform() == transform


def test_the_new_scenario_dialog_has_no_gap_and_keeps_its_width(studio, qtbot) -> None:
    """The dialog took its height from a size hint made for a narrower width, which left a
    gap between the map's rows and the sheet (its note wraps); and back from a hex grid to
    drawn regions it shrank to 271 pixels. It is as tall as its rows need, 480 wide or more."""
    from PySide6.QtTest import QTest

    from editor.studio.window_new import NewScenarioDialog

    dialog = NewScenarioDialog(studio)
    qtbot.addWidget(dialog)
    dialog.show()
    QTest.qWait(50)
    layout = dialog.layout()

    def fitted() -> bool:
        needed = layout.totalHeightForWidth(dialog.width())
        return dialog.width() >= 480 and abs(dialog.height() - needed) <= 2

    assert fitted(), (dialog.size(), layout.totalHeightForWidth(dialog.width()))
    dialog.kind.setCurrentIndex(dialog.kind.findData("hexes"))
    QTest.qWait(50)
    dialog.kind.setCurrentIndex(dialog.kind.findData("areas"))
    QTest.qWait(50)
    assert fitted(), dialog.size()
