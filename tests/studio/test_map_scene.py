"""The map scene: region borders as a layer, edits that redraw only what they touch, stacks
that fan out their counters, and symbols that keep clear of region names."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QPoint, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QGraphicsItem

from editor.studio.document import ScenarioDocument
from editor.studio.map.fan import FanCounter, abbreviation
from editor.studio.map.items import MarkerItem, screen_centre
from editor.studio.map.layers import LAYER_NAMES
from editor.studio.map.overview import Detail
from editor.studio.map.scene import LAYERS, MapScene
from editor.studio.map.tools.select import SelectTool
from editor.studio.map.view import MapView
from schemas.generator import generate_scenario
from schemas.geometry import polygon_from_model
from schemas.io import load_file
from schemas.map import Anchors
from schemas.units import Location

from .conftest import SAMPLE

LEFT = Qt.MouseButton.LeftButton
ZOOMED_IN = Detail(markers=True, lines=True, picture=False)


def _show(qtbot, document: ScenarioDocument, size: tuple[int, int] = (900, 640)) -> MapView:
    view = MapView(MapScene(document))
    qtbot.addWidget(view)
    view.resize(*size)
    view.show()
    view.zoom_to_fit()
    draw(view)
    return view


@pytest.fixture
def sample(qtbot) -> Iterator[tuple[ScenarioDocument, MapView]]:
    document = ScenarioDocument(load_file(SAMPLE).scenario)
    view = _show(qtbot, document)
    view.set_tool(SelectTool(document))
    yield document, view
    document.undo_stack.clear()  # see tests/studio/test_validation_runner.py


def draw(view: MapView) -> QImage:
    image = QImage(view.viewport().size(), QImage.Format.Format_ARGB32)
    view.viewport().render(image, QPoint())
    return image


def on_screen(view: MapView, item: QGraphicsItem) -> QRectF:
    """Where an item is drawn in the view, in pixels."""
    return item.deviceTransform(view.viewportTransform()).mapRect(item.boundingRect())


def inside(document: ScenarioDocument, region_id: str) -> QPointF:
    point = polygon_from_model(document.get("regions", region_id).polygon).representative_point()
    return QPointF(point.x, point.y)


def click(qtbot, view: MapView, point: QPointF) -> None:
    qtbot.mouseClick(view.viewport(), LEFT, pos=view.mapFromScene(point))


def drag(qtbot, view: MapView, start: QPointF, end: QPointF) -> None:
    a, b = view.mapFromScene(start), view.mapFromScene(end)
    qtbot.mousePress(view.viewport(), LEFT, pos=a)
    for step in range(1, 6):
        qtbot.mouseMove(view.viewport(), a + (b - a) * step / 5)
    qtbot.mouseRelease(view.viewport(), LEFT, pos=b)


# -- the borders layer ---------------------------------------------------------------------------


def test_hiding_borders_hides_outlines_and_keeps_the_fill(qtbot) -> None:
    assert "borders" in LAYERS and "borders" in LAYER_NAMES
    document = ScenarioDocument(generate_scenario(300, 4))
    view = _show(qtbot, document, (400, 300))
    scene = view.map_scene
    region = document.scenario.regions[40]
    fill = QColor(document.get("terrain", region.terrain).color)
    # Across the region, from a point inside to its border and beyond.
    shape = polygon_from_model(region.polygon)
    middle = shape.representative_point()
    corner = QPointF(*region.polygon.exterior[0])
    crossing = [
        QPointF(middle.x + (corner.x() - middle.x) * t, middle.y + (corner.y() - middle.y) * t)
        for t in (0.5, 0.9, 0.97, 1.0)
    ]

    def looks(image: QImage) -> list[QColor]:
        return [image.pixelColor(view.mapFromScene(p)) for p in crossing]

    shown = looks(draw(view))
    assert shown[0] == fill
    assert any(c.lightness() < fill.lightness() - 25 for c in shown[1:]), "a dark border line"
    scene.set_visible("borders", False)
    assert scene.locked("borders") and not scene.locked("regions")
    hidden = looks(draw(view))
    assert hidden[0] == fill, "the fill stays"
    assert all(c.lightness() >= fill.lightness() - 25 for c in hidden[1:]), "no border line"
    # Zoomed in, regions are painted by the region canvas, not the picture: the same.
    view.centerOn(crossing[1])
    while scene.detail.picture:
        view.zoom_by(1.5)
        view.centerOn(crossing[1])
        draw(view)
    hidden = looks(draw(view))
    assert not scene.detail.picture
    assert hidden[0] == fill, "the fill stays"
    assert all(c.lightness() >= fill.lightness() - 25 for c in hidden[1:]), "no border line"
    scene.set_visible("borders", True)
    shown = looks(draw(view))
    assert any(c.lightness() < fill.lightness() - 25 for c in shown[1:]), "a dark border line"
    document.undo_stack.clear()


# -- edits redraw only what they touch ----------------------------------------------------------


def _symbols(scene: MapScene) -> dict[tuple[str, str], tuple[MarkerItem, QPointF, QPointF]]:
    items = [*scene.structure_items.values(), *scene.source_items.values(), *scene.stack_items]
    return {(i.kind, i.entity_id): (i, i.pos(), QPointF(i.offset)) for i in items}


def test_a_region_edit_redraws_only_its_own_symbols(sample) -> None:
    document, view = sample
    scene = view.map_scene
    region = document.get("regions", "corran")  # a town and a stack, placed by the map
    mine = {k for k, (i, *_) in _symbols(scene).items() if i.pos() == _name_point(scene, region)}
    assert {kind for kind, _ in mine} >= {"structures", "stacks"}
    before = _symbols(scene)
    assert region.anchors.label is None
    point = inside(document, region.id)
    moved = (point.x() + 3, point.y() + 2)
    document.set_field("regions", region.id, ["anchors", "label"], moved)
    after = _symbols(scene)
    assert after.keys() == before.keys()
    for key, (item, pos, offset) in after.items():
        if key in mine:
            assert pos == QPointF(*moved), f"{key} follows its region's name"
        else:
            assert (item, pos, offset) == before[key], f"{key} was left alone"
    assert scene.label_items[region.id].pos() == QPointF(*moved)


def _name_point(scene: MapScene, region) -> QPointF:
    return scene.regions.name_points[region.id]


def test_a_unit_edit_redraws_the_stacks_of_its_old_and_new_place(sample) -> None:
    document, view = sample
    scene = view.map_scene
    stacks = {item.entity_id: item for item in scene.stack_items}
    source = next(i for i in stacks.values() if len(i.units) >= 3 and i.entity_id.endswith("@"))
    unit = next(u for u in source.units if document.get("units", u) is not None)
    target = "aske-downs"
    before = _symbols(scene)
    document.set_field("units", unit, ["location"], Location(region=target))
    after = {item.entity_id: item for item in scene.stack_items}
    assert unit not in after[source.entity_id].units
    assert after[source.entity_id].text == str(len(source.units))  # the same item, updated
    (arrived,) = [i for i in after.values() if unit in i.units]
    assert f"@{target}@" in arrived.entity_id
    for key, (item, pos, offset) in _symbols(scene).items():
        region = key[1].split("@")[1] if key[0] == "stacks" else None
        if region not in (target, source.entity_id.split("@")[1]) and key in before:
            assert (item, pos, offset) == before[key]


def test_a_structure_edit_moves_its_symbol_and_the_stacks_in_it(sample) -> None:
    document, view = sample
    scene = view.map_scene
    sheltered = next(i for i in scene.stack_items if not i.entity_id.endswith("@"))
    structure_id = sheltered.entity_id.split("@")[2]
    document.set_field("structures", structure_id, ["region"], "aske-downs")
    document.set_field("structures", structure_id, ["anchor"], None)
    (moved,) = [i for i in scene.stack_items if i.entity_id.endswith(f"@{structure_id}")]
    assert "@aske-downs@" in moved.entity_id
    symbol = scene.structure_items[structure_id]
    assert symbol.pos() == moved.pos() == _name_point(scene, document.get("regions", "aske-downs"))
    assert moved.offset.x() > symbol.offset.x() and moved.offset.y() == symbol.offset.y()


def test_renaming_a_region_of_a_large_map_updates_its_name(qtbot) -> None:
    # What a rename costs the UI thread (budget 20 ms) is measured by benchmarks/studio.py.
    document = ScenarioDocument(generate_scenario(2000, 3))
    scene = MapScene(document)
    # Zoomed in: names, lines and symbols are all in the scene (the slower case).
    scene.zoomed(200 / scene.regions.typical)
    assert scene.detail == ZOOMED_IN and len(scene.regions.names.shown) > 1900
    held = {u.location.region for u in document.scenario.units if u.location}
    region = next(r for r in document.scenario.regions if r.id in held)
    for number in range(2):
        document.set_field("regions", region.id, ["name"], f"Renamed {number}")
    document.undo_stack.clear()
    assert scene.label_items[region.id].text == "Renamed 1"


# -- a stack shows its counters ------------------------------------------------------------------


def _big_stack(document: ScenarioDocument, view: MapView) -> MarkerItem:
    scene = view.map_scene
    stack = max(scene.stack_items, key=lambda i: len(i.units))
    assert len(stack.units) >= 3
    view.zoom_to(stack.pos(), 260)
    draw(view)
    return stack


def test_selecting_a_stack_fans_out_its_counters_and_one_can_be_picked(sample, qtbot) -> None:
    document, view = sample
    scene = view.map_scene
    stack = _big_stack(document, view)
    assert not scene.fan.fans
    click(qtbot, view, screen_centre(stack, view))
    assert document.selection.section == "units"
    (fan,) = scene.fan.fans.values()
    assert [c.unit_id for c in fan.counters] == stack.units
    leader = next(c for c in fan.counters if c.section == "leaders")
    unit = next(c for c in fan.counters if c.section == "units")
    kind = document.get("unit_types", document.get("units", unit.unit_id).type)
    assert unit.look.top == abbreviation(kind.short_name, kind.name) == kind.short_name
    assert abbreviation("", "Motorised division") == "Motor."
    assert leader.look.top.startswith("★")
    # Counters keep their size on screen at any zoom, and do not hide the stack.
    width = on_screen(view, unit).width()
    view.zoom_by(1.7)
    draw(view)
    assert on_screen(view, unit).width() == pytest.approx(width)
    assert not on_screen(view, fan).intersects(on_screen(view, stack).adjusted(2, 2, -2, -2))
    click(qtbot, view, screen_centre(unit, view))
    assert (document.selection.section, document.selection.ids) == ("units", (unit.unit_id,))
    assert scene.fan.fans and unit.selected
    click(qtbot, view, screen_centre(leader, view))
    assert document.selection.ids == (leader.unit_id,)
    assert document.selection.section == "leaders"
    assert document.undo_stack.count() == 0


def test_resting_the_mouse_on_a_stack_fans_it_out(sample, qtbot) -> None:
    document, view = sample
    scene = view.map_scene
    stack = _big_stack(document, view)
    port = view.viewport()
    qtbot.mouseMove(port, view.mapFromScene(screen_centre(stack, view)))
    assert not scene.fan.fans, "not at once"
    qtbot.waitUntil(lambda: bool(scene.fan.fans), timeout=2000)
    (fan,) = scene.fan.fans.values()
    qtbot.mouseMove(port, view.mapFromScene(screen_centre(fan.counters[-1], view)))
    qtbot.wait(900)
    assert scene.fan.fans, "the fan stays open while the mouse is on it"
    qtbot.mouseMove(port, QPoint(5, 5))
    qtbot.waitUntil(lambda: not scene.fan.fans, timeout=2000)


def test_dragging_a_fanned_counter_moves_only_that_unit(sample, qtbot) -> None:
    document, view = sample
    scene = view.map_scene
    stack = _big_stack(document, view)
    click(qtbot, view, screen_centre(stack, view))
    (fan,) = scene.fan.fans.values()
    counter = next(c for c in fan.counters if c.section == "units")
    others = {u: document.get(s, u).location for u, s in _sections(document, stack.units)}
    home = document.get("units", counter.unit_id).location
    target = next(
        r.id
        for r in document.scenario.regions
        if r.id != home.region and not r.off_map and _near(view, inside(document, r.id))
    )
    drag(qtbot, view, screen_centre(counter, view), inside(document, target))
    assert document.get("units", counter.unit_id).location == Location(region=target)
    for unit_id, location in others.items():
        if unit_id != counter.unit_id:
            assert document.get(_section(document, unit_id), unit_id).location == location
    assert document.undo_stack.count() == 1
    assert any(
        isinstance(c, FanCounter) and c.unit_id == counter.unit_id
        for f in scene.fan.fans.values()
        for c in f.counters
    ), "the moved unit stays selected, its new stack fanned out"
    document.undo_stack.undo()
    assert document.get("units", counter.unit_id).location == home


def _section(document: ScenarioDocument, unit_id: str) -> str:
    return "units" if document.get("units", unit_id) is not None else "leaders"


def _sections(document: ScenarioDocument, ids: list[str]) -> list[tuple[str, str]]:
    return [(i, _section(document, i)) for i in ids]


def _near(view: MapView, point: QPointF) -> bool:
    """Well inside the view, away from the stack's fan."""
    pixel = view.mapFromScene(point)
    box = view.viewport().rect().adjusted(20, 20, -20, -20)
    return box.contains(pixel) and pixel.y() > view.viewport().height() * 0.7


# -- symbols keep clear of names -----------------------------------------------------------------


def _clear_of_names(view: MapView, only_placed: bool) -> int:
    """Check every shown name against its region's symbols; returns how many were checked."""
    scene = view.map_scene
    assert scene.regions.names.shown and scene.detail.markers
    checked = 0
    for region_id in scene.regions.names.shown:
        label = scene.label_items[region_id]
        assert label.isVisible()
        name = on_screen(view, label)
        point = scene.regions.name_points[region_id]
        for item in [*scene.structure_items.values(), *scene.source_items.values()]:
            if item.pos() == point and (item.in_row or not only_placed):
                assert not on_screen(view, item).intersects(name), (region_id, item.entity_id)
                checked += 1
        for item in scene.stack_items:
            if f"@{region_id}@" in item.entity_id and (item.in_row or not only_placed):
                assert not on_screen(view, item).intersects(name), (region_id, item.entity_id)
                checked += 1
    return checked


def test_symbols_placed_by_the_map_keep_clear_of_region_names(qtbot) -> None:
    scenario = load_file(SAMPLE).scenario
    # As the sample comes: the symbols it leaves to the map.
    document = ScenarioDocument(scenario)
    view = _show(qtbot, document, (1200, 820))
    assert _clear_of_names(view, only_placed=True) >= 5
    # With no anchors at all, every symbol of every region is placed by the map.
    for number, region in enumerate(scenario.regions):
        scenario.regions[number] = region.model_copy(update={"anchors": Anchors()})
    for number, structure in enumerate(scenario.structures):
        scenario.structures[number] = structure.model_copy(update={"anchor": None})
    bare = ScenarioDocument(scenario)
    view = _show(qtbot, bare, (1200, 820))
    for zoom in (1.0, 2.5):
        view.zoom_by(zoom)
        draw(view)
        held = len(view.map_scene.stack_items) + len(scenario.structures)
        assert _clear_of_names(view, only_placed=False) >= held
    # Zoomed out past the names, the symbols sit on the region's point itself.
    scene = view.map_scene
    scene.zoomed(20 / scene.regions.typical)
    assert scene.detail.markers and not scene.regions.names.shown
    assert all(abs(i.offset.y()) < 1 for i in scene.stack_items if i.in_row)
    document.undo_stack.clear()
    bare.undo_stack.clear()


def _drawn(scene: MapScene) -> dict[tuple[str, str], tuple]:
    """What the symbols show, where."""
    items = [*scene.structure_items.values(), *scene.source_items.values(), *scene.stack_items]
    return {
        (i.kind, i.entity_id): (
            i.pos().toTuple(),
            i.offset.toTuple(),
            i.text,
            tuple(i.units),
            i.fill.name(),
            i.shape_kind,
            i.selected,
        )
        for i in items
    }


def test_edits_draw_what_a_fresh_scene_draws(qtbot) -> None:
    document = ScenarioDocument(generate_scenario(300, 4))
    scene = MapScene(document)
    scenario = document.scenario
    units = [u for u in scenario.units if u.location is not None]
    structure = scenario.structures[0]
    busy = (
        units[0].location.region or document.get("structures", units[0].location.structure).region
    )
    document.select("units", [units[1].id])
    edits = [
        lambda: document.set_field("units", units[1].id, ["location"], Location(region=busy)),
        lambda: document.set_field(
            "units", units[2].id, ["location"], Location(structure=structure.id)
        ),
        lambda: document.set_field("structures", structure.id, ["region"], busy),
        lambda: document.set_field("regions", busy, ["owner"], scenario.nations[-1].id),
        lambda: document.delete("regions", [busy]),
        document.undo_stack.undo,
        lambda: document.rename("regions", busy, "renamed"),
        lambda: document.delete("structures", [structure.id]),
        document.undo_stack.undo,
        lambda: document.set_field(
            "nations", scenario.nations[0].id, ["side"], scenario.sides[-1].id
        ),
        lambda: document.set_field("regions", "renamed", ["anchors", "stack"], None),
        lambda: document.remove("units", [units[3].id]),
    ]
    for number, edit in enumerate(edits):
        edit()
        fresh = MapScene(document)
        assert _drawn(scene) == _drawn(fresh), f"after edit {number}"
        assert {i.entity_id for i in scene.stack_items} == set(scene.markers.stacks)
    document.undo_stack.clear()


def test_lines_hidden_by_the_zoom_are_drawn_only_when_shown() -> None:
    """Opening a big map does not build the tens of thousands of lines its zoom hides."""
    document = ScenarioDocument(generate_scenario(600, 3))
    scene = MapScene(document)
    connections = document.scenario.connections
    assert scene.detail.lines is False
    assert len(scene.connection_looks) < len(connections)
    assert scene.connections.pending
    hidden = next(iter(scene.connections.pending))
    assert scene.connections.item(hidden) is not None  # drawn on demand (zoom to it)
    scene.set_detail(ZOOMED_IN)
    assert set(scene.connection_looks) == {c.id for c in connections}
    assert not scene.connections.pending
    # Removing a connection whose line was never drawn forgets it.
    document2 = ScenarioDocument(generate_scenario(600, 3))
    scene2 = MapScene(document2)
    waiting = next(iter(scene2.connections.pending))
    document2.delete("connections", [waiting])
    assert waiting not in scene2.connections.pending
    scene2.set_detail(ZOOMED_IN)
    assert waiting not in scene2.connection_looks
