"""A hex scenario edited in the studio (issue 14): the brush, the line tool, the hexside
editor, the hex inspector, the status bar, and units placed on hexes. Each stroke is one undo
step, and undoing gives the file back byte for byte."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtTest import QTest

from schemas.generator import generate_hex_scenario
from schemas.hexgrid.decode import decode
from schemas.hexgrid.edit import layer_values
from schemas.hexgrid.grid import HexGrid
from schemas.io import encode, save

LEFT = Qt.MouseButton.LeftButton


@pytest.fixture
def hex_studio(studio: Any, tmp_path: Path) -> Any:
    scenario = generate_hex_scenario(14, 10, seed=0)
    path = tmp_path / "hexes.json"
    save(scenario, path)
    assert studio.files.open_path(path, ask=False)
    QTest.qWait(20)
    return studio


def at(studio: Any, point: QPointF | tuple[float, float]) -> QPoint:
    if isinstance(point, tuple):
        point = QPointF(*point)
    return studio.view.mapFromScene(point)


def centre(studio: Any, hex_id: str) -> QPointF:
    point = studio.scene.hexes.centre(hex_id)
    assert point is not None
    return point


def drag(
    studio: Any, points: list[QPointF], modifier: Any = Qt.KeyboardModifier.NoModifier
) -> None:
    viewport = studio.view.viewport()
    QTest.mousePress(viewport, LEFT, modifier, at(studio, points[0]))
    for point in points[1:]:
        QTest.mouseMove(viewport, at(studio, point))
    QTest.mouseRelease(viewport, LEFT, modifier, at(studio, points[-1]))


def terrain_of(studio: Any) -> list[str | None]:
    hex_map = studio.document.scenario.hex_map
    return layer_values(hex_map, "terrain", decode(hex_map))


def test_a_hex_map_offers_the_hex_tools_and_draws_every_hex(hex_studio: Any) -> None:
    studio = hex_studio
    scene = studio.scene
    grid = HexGrid.of(studio.document.scenario.hex_map)
    drawn = sum(path.elementCount() for tile in scene.hexes.tiles for _, path in tile.fills)
    assert drawn == grid.count * 7  # each hex a closed ring of six corners
    enabled = {name for name, action in studio.tool_actions.items() if action.isEnabled()}
    assert enabled == {"select", "hexbrush", "hexline"}
    studio.set_tool("draw")
    assert studio.view.tool.name == "select"
    assert "brush" in studio.statusBar().currentMessage()
    assert studio.hex_options.isVisibleTo(studio)
    # Opening it changed nothing (no drawing sheet added to a hex map).
    assert not studio.document.modified and studio.document.frame is None


def test_a_brush_stroke_is_one_undo_step_and_undo_is_byte_exact(hex_studio: Any) -> None:
    studio = hex_studio
    document = studio.document
    before = encode(document.scenario)
    studio.set_tool("hexbrush")
    brush = studio.view.tool
    brush.layer, brush.value, brush.shape = "terrain", "forest", "hex"
    row = [centre(studio, f"c{c}r5") for c in range(2, 12)]
    drag(studio, row)
    assert document.undo_stack.count() == 1
    assert document.undo_stack.text(0).startswith("Paint 10 hexes terrain: Woodland")
    values = terrain_of(studio)
    grid = HexGrid.of(document.scenario.hex_map)
    assert all(values[grid.find(f"c{c}r5")] == "forest" for c in range(2, 12))
    # The map shows it: the tile holding c5r5 fills it in the forest colour.
    forest = next(t.color for t in document.scenario.terrain if t.id == "forest").lower()
    index = grid.find("c5r5")
    tile = next(t for t in scene_tiles(studio) if index in t.hexes.tolist())
    painted = [c.name() for c, p in tile.fills if p.contains(centre(studio, "c5r5"))]
    assert painted == [forest]
    document.undo_stack.undo()
    assert encode(document.scenario) == before
    document.undo_stack.redo()
    assert terrain_of(studio) == values


def scene_tiles(studio: Any) -> list[Any]:
    return list(studio.scene.hexes.tiles)


def test_a_quick_drag_leaves_no_gap_and_a_radius_brush_paints_around(hex_studio: Any) -> None:
    studio = hex_studio
    studio.set_tool("hexbrush")
    brush = studio.view.tool
    brush.value = "forest"
    # Two mouse positions far apart: the hexes between them are painted too.
    drag(studio, [centre(studio, "c2r3"), centre(studio, "c10r3")])
    grid = HexGrid.of(studio.document.scenario.hex_map)
    values = terrain_of(studio)
    assert all(values[grid.find(f"c{c}r3")] == "forest" for c in range(2, 11))
    brush.value, brush.shape, brush.radius = "hills", "radius", 1
    drag(studio, [centre(studio, "c6r7")])
    values = terrain_of(studio)
    index = grid.find("c6r7")
    around = [index, *grid.neighbours[index].tolist()]
    assert [values[i] for i in around] == ["hills"] * 7
    assert studio.document.undo_stack.count() == 2


def test_fill_paints_the_joined_patch_and_alt_click_picks(hex_studio: Any) -> None:
    studio = hex_studio
    studio.set_tool("hexbrush")
    brush = studio.view.tool
    grid = HexGrid.of(studio.document.scenario.hex_map)
    values = terrain_of(studio)
    start = values.index(values[grid.find("c7r5")])
    hex_map = studio.document.scenario.hex_map
    from schemas.hexgrid.edit import flood_region

    patch = flood_region(hex_map, "terrain", start, grid, decode(hex_map, grid))
    QTest.mouseClick(
        studio.view.viewport(),
        LEFT,
        Qt.KeyboardModifier.AltModifier,
        at(studio, centre(studio, grid.ids[start])),
    )
    assert brush.value == values[start]  # the eyedropper
    assert studio.hex_options.value.currentData() == values[start]
    target = "swamp" if values[start] != "swamp" else "forest"
    brush.value, brush.shape = target, "fill"
    QTest.mouseClick(studio.view.viewport(), LEFT, pos=at(studio, centre(studio, grid.ids[start])))
    after = terrain_of(studio)
    changed = [i for i, (a, b) in enumerate(zip(values, after, strict=True)) if a != b]
    assert changed == patch.tolist()
    assert studio.document.undo_stack.count() == 1


def test_a_river_along_hexsides_then_undone(hex_studio: Any) -> None:
    studio = hex_studio
    document = studio.document
    before = encode(document.scenario)
    studio.set_tool("hexline")
    line = studio.view.tool
    line.feature = "stream"
    grid = HexGrid.of(document.scenario.hex_map)
    start = grid.corners(np.array([grid.find("c3r3")]))[0][0]
    end = grid.corners(np.array([grid.find("c8r3")]))[0][0]
    drag(
        studio,
        [QPointF(*start.tolist()), QPointF(*((start + end) / 2).tolist()), QPointF(*end.tolist())],
    )
    listed = document.scenario.hex_map.hexsides.get("stream", [])
    assert len(listed) >= 5 and document.undo_stack.count() == 1
    # Each listed hexside is a real one between neighbours, and the river is drawn.
    decoded = decode(document.scenario.hex_map, grid)
    assert not decoded.issues
    streams = [p for c, p in studio.scene.hexes.features if c.name() == "#6fb0e0"]
    assert streams and streams[0].elementCount() == 2 * len(listed)
    # Shift+drag with another feature chosen leaves the stream alone (nothing to undo)...
    line.feature = "ridge"
    drag(
        studio,
        [QPointF(*start.tolist()), QPointF(*end.tolist())],
        Qt.KeyboardModifier.ShiftModifier,
    )
    assert document.scenario.hex_map.hexsides["stream"] == listed
    assert document.undo_stack.count() == 1
    line.feature = "stream"
    # ...and with the stream chosen erases the same stretch.
    drag(
        studio,
        [QPointF(*start.tolist()), QPointF(*end.tolist())],
        Qt.KeyboardModifier.ShiftModifier,
    )
    assert "stream" not in document.scenario.hex_map.hexsides
    document.undo_stack.undo()
    document.undo_stack.undo()
    assert encode(document.scenario) == before


def test_a_road_through_hex_centres(hex_studio: Any) -> None:
    studio = hex_studio
    document = studio.document
    studio.set_tool("hexline")
    studio.view.tool.feature = "rail"
    drag(studio, [centre(studio, "c2r8"), centre(studio, "c6r8")])
    rails = document.scenario.hex_map.roads["rail"]
    assert rails[-1] == "c2r8 c3r8 c4r8 c5r8 c6r8" or rails[-1].startswith("c2r8")


def test_clicking_a_hexside_shows_and_sets_its_features(hex_studio: Any) -> None:
    studio = hex_studio
    document = studio.document
    grid = HexGrid.of(document.scenario.hex_map)
    a, b = grid.find("c5r5"), grid.find("c5r6")
    ca, cb = grid.centres(np.array([a, b]))
    near = QPointF(*(ca + (cb - ca) * 0.45).tolist())
    studio.set_tool("select")
    QTest.mouseClick(studio.view.viewport(), LEFT, pos=at(studio, near))
    assert document.selection.section == "connections"
    assert document.selection.ids == ("c5r5-c5r6",)
    inspector = studio.inspector
    assert inspector.title.text() == "Hexside c5r5-c5r6"
    page = inspector.hex_page
    assert page.side_box.isVisibleTo(inspector) and not page.hex_box.isVisibleTo(inspector)
    page.side.edited.emit(page.side.current.model_copy(update={"feature": "ridge", "bridge": True}))
    hex_map = document.scenario.hex_map
    assert hex_map.hexsides["ridge"][-1] == "c5r5-c5r6" and "c5r5-c5r6" in hex_map.bridges
    assert document.undo_stack.count() == 1
    # A click in the middle of a hex selects the hex: its terrain, owner and record.
    QTest.mouseClick(studio.view.viewport(), LEFT, pos=at(studio, QPointF(*ca.tolist())))
    assert document.selection.section == "regions" and document.selection.ids == ("c5r5",)
    assert inspector.title.text() == "Hex c5r5"
    assert page.hex_box.isVisibleTo(inspector)
    record = page.record.current.model_copy(update={"name": "Millford", "income": 2})
    page.record.edited.emit(record)
    assert any(r.hex == "c5r5" and r.name == "Millford" for r in document.scenario.hex_map.hexes)
    assert studio.scene.hexes.names["c5r5"][1] == "Millford"
    facts = page.facts.current.model_copy(update={"terrain": "swamp"})
    page.facts.edited.emit(facts)
    assert terrain_of(studio)[a] == "swamp"


def test_the_status_bar_names_the_hex_under_the_pointer(hex_studio: Any) -> None:
    studio = hex_studio
    QTest.mouseMove(studio.view.viewport(), at(studio, centre(studio, "c4r7")))
    assert studio.coordinates.text().startswith("c4r7 ")
    studio.view.zoom_by(0.5)  # the map in the middle of the view, its corner off the grid
    QTest.mouseMove(studio.view.viewport(), QPoint(3, 3))
    assert studio.coordinates.text().startswith("off the grid")


def test_units_are_drawn_on_their_hexes_and_dragged_to_another(hex_studio: Any) -> None:
    studio = hex_studio
    document = studio.document
    scene = studio.scene
    unit = next(u for u in document.scenario.units if u.location.region)
    key = scene.markers.stack_of[unit.id]
    item = scene.markers.stacks[key]
    home = centre(studio, unit.location.region)
    assert abs(item.pos().x() - home.x()) < 1e-6 and abs(item.pos().y() - home.y()) < 1e-6
    grid = HexGrid.of(document.scenario.hex_map)
    index = grid.find(unit.location.region)
    target = next(
        grid.ids[n]
        for n in grid.neighbours[index].tolist()
        if n >= 0 and terrain_of(studio)[n] not in ("sea", "lake")
    )
    studio.view.zoom_to(home, 400)
    QTest.qWait(20)
    from editor.studio.map.items import screen_centre

    start = at(studio, screen_centre(item, studio.view))
    viewport = studio.view.viewport()
    QTest.mousePress(viewport, LEFT, pos=start)
    QTest.mouseMove(viewport, at(studio, centre(studio, target)))
    QTest.mouseRelease(viewport, LEFT, pos=at(studio, centre(studio, target)))
    moved = document.get("units", unit.id)
    assert moved.location.region == target
    document.undo_stack.undo()
    assert document.get("units", unit.id).location.region == unit.location.region


def test_find_goes_to_a_named_hex_and_problems_are_marked_on_hexes(hex_studio: Any) -> None:
    from schemas.search import find_entities

    studio = hex_studio
    document = studio.document
    record = next(r for r in document.scenario.hex_map.hexes if r.name)
    found = find_entities(document.scenario, record.name)
    assert found[0].entity == record.hex and found[0].collection == "regions"
    assert find_entities(document.scenario, "c3r4")[0].entity == "c3r4"
    studio.edit_commands.find()
    panel = studio.edit_commands.panel
    panel.field.setText(record.hex)
    QTest.qWait(50)
    QTest.keyClick(panel.field, Qt.Key.Key_Return)
    assert document.selection.section == "regions"
    assert document.selection.ids == (record.hex,)
    assert studio.inspector.title.text() == f"Hex {record.hex}"
    # A unit put in the sea is an issue marked on its hex.
    unit = next(u for u in document.scenario.units if u.location.region)
    grid = HexGrid.of(document.scenario.hex_map)
    sea = terrain_of(studio).index("sea")
    moved = unit.model_copy(
        update={"location": unit.location.model_copy(update={"region": grid.ids[sea]})}
    )
    document.replace("units", moved)
    studio.validation.run_now()
    studio.validation.wait()
    QTest.qWait(50)
    marks = [item.pos() for item in studio.scene.issue_items]
    target = centre(studio, grid.ids[sea])
    assert any(abs(p.x() - target.x()) < 1e-6 and abs(p.y() - target.y()) < 1e-6 for p in marks)


def test_the_context_menu_delete_and_copy_on_hexes(hex_studio: Any) -> None:
    from PySide6.QtWidgets import QMenu

    from editor.studio.window_map_menu import MapMenu

    studio = hex_studio
    document = studio.document
    grid = HexGrid.of(document.scenario.hex_map)
    document.select("regions", ["c2r2", "c3r2"])
    menu = QMenu()
    MapMenu(studio).fill(menu, "c2r2", (0.0, 0.0))
    texts = [a.text() for a in menu.actions()]
    assert "&Terrain (2 hexes)" in texts and "&Zoom to the hex" in texts
    assert not any("Delete" in t or "Copy" in t for t in texts)
    terrain = next(a.menu() for a in menu.actions() if a.text().startswith("&Terrain"))
    next(a for a in terrain.actions() if a.text() == "Hills").trigger()
    values = terrain_of(studio)
    assert values[grid.find("c2r2")] == values[grid.find("c3r2")] == "hills"
    assert document.undo_stack.count() == 1
    # Delete keeps hexes, and clears a hexside's feature; copying hexes is refused.
    studio.edits.delete_selection()
    assert document.undo_stack.count() == 1
    assert "cannot be deleted" in studio.statusBar().currentMessage()
    studio.edit_commands.clipboard.copy()
    assert "Hexes are not copied" in studio.statusBar().currentMessage()
    side = document.scenario.hex_map.hexsides["river"][0]
    document.select("connections", [side])
    studio.edits.delete_selection()
    assert side not in document.scenario.hex_map.hexsides.get("river", [])
    assert document.undo_stack.count() == 2


def test_painting_owners_shows_owners_and_says_so_in_the_layers_panel(hex_studio: Any) -> None:
    studio = hex_studio
    bar = studio.hex_options
    bar.layer.setCurrentIndex(bar.layer.findData("owners"))
    assert studio.view.tool.name == "hexbrush" and studio.view.tool.layer == "owners"
    assert studio.scene.fill_mode == "owner" and studio.scene.hexes.fill_mode == "owner"
    assert studio.layers_panel.fill.buttons()[1].isChecked()
    assert bar.value.itemData(0) is None  # nobody
    bar.value.setCurrentIndex(2)  # the second nation
    nation = bar.value.itemData(2)
    assert studio.view.tool.value == nation is not None
    drag(studio, [centre(studio, "c2r2"), centre(studio, "c4r2")])
    hex_map = studio.document.scenario.hex_map
    owners = layer_values(hex_map, "owners", decode(hex_map))
    grid = HexGrid.of(hex_map)
    assert [owners[grid.find(f"c{c}r2")] for c in (2, 3, 4)] == [nation] * 3
    bar.layer.setCurrentIndex(bar.layer.findData("terrain"))
    assert studio.scene.fill_mode == "terrain"


def test_a_new_hex_map_over_an_image_to_trace(studio: Any, tmp_path: Path) -> None:
    from PySide6.QtGui import QColor, QImage

    from editor.studio.window_new import NewScenarioDialog, grid_over

    picture = tmp_path / "scan.png"
    image = QImage(600, 400, QImage.Format.Format_RGB32)
    image.fill(QColor("#806040"))
    assert image.save(str(picture))
    dialog = NewScenarioDialog(studio)
    dialog.kind.setCurrentIndex(dialog.kind.findData("hexes"))
    dialog.hex_size.setValue(25.0)
    dialog.set_image(str(picture))
    assert (dialog.columns.value(), dialog.rows.value()) == grid_over("flat", 25.0, 600, 400)
    choice = dialog.choice()
    dialog.deleteLater()
    assert choice.kind == "hexes" and choice.image == str(picture) and choice.frame is None
    assert studio.files.create(choice)
    scenario = studio.document.scenario
    hex_map, background = scenario.hex_map, scenario.map.background
    assert hex_map is not None and background is not None
    assert (background.width, background.height) == (600, 400)
    # The grid covers the image from its top-left corner.
    x0, y0, x1, y1 = HexGrid.of(hex_map).bounds()
    assert abs(x0) < 0.01 and abs(y0) < 0.01 and x1 >= 600 and y1 >= 400
    # The image is drawn under the hexes, which let it show through.
    assert studio.scene.background is not None
    colours = [c for tile in studio.scene.hexes.tiles for c, _ in tile.fills]
    assert colours and all(c.alpha() < 255 for c in colours)
    # Stream, ridge and the other hexside features are in the new scenario's table.
    kinds = {c.id for c in scenario.connection_types}
    assert {"river", "major-river", "stream", "gully", "ridge", "minefield", "impassable"} <= kinds
    assert not studio.document.modified or studio.document.path is None


def test_reference_pickers_offer_hexes_by_name(hex_studio: Any) -> None:
    from editor.studio.forms.context import document_choices, document_names
    from schemas.base import Ref

    document = hex_studio.document
    grid = HexGrid.of(document.scenario.hex_map)
    assert document_choices(document)(Ref("regions")) == grid.ids
    record = next(r for r in document.scenario.hex_map.hexes if r.name)
    names = document_names(document)
    assert names("regions", record.hex) == record.name
    unnamed = next(h for h in grid.ids if h not in {r.hex for r in document.scenario.hex_map.hexes})
    assert names("regions", unnamed) == unnamed


def test_the_grid_is_listed_and_its_numbers_edited_in_the_inspector(hex_studio: Any) -> None:
    studio = hex_studio
    document = studio.document
    sections = studio.explorer.model.sections
    assert sections[sections.index("map") + 1] == "hex_map"
    # The places are hexes: no empty "Regions (0)" list beside the grid.
    assert "regions" not in sections and "terrain" in sections and "units" in sections
    document.select("hex_map")
    form = studio.inspector.forms["hex_map"]
    assert "size" in form.rows and "terrain" not in form.rows and "hexsides" not in form.rows
    before = document.scenario.hex_map
    form.rows["size"].edited.emit(before.size * 2)
    after = document.scenario.hex_map
    assert after.size == before.size * 2 and after.terrain == before.terrain
    x0, y0, x1, y1 = HexGrid.of(after).bounds()
    box = studio.scene.hexes.boundingRect()
    assert box.width() >= x1 - x0 and box.height() >= y1 - y0
    document.undo_stack.undo()
    assert document.scenario.hex_map is before
