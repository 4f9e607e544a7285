"""Regions and connections are painted by one item each (see editor/studio/map/canvas.py), not
one item per region: what the mouse finds, what repaints after an edit, and what the tooltip
says must be what the designer sees."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QImage

from editor.studio.document import ScenarioDocument
from editor.studio.map.canvas import BoxIndex
from editor.studio.map.scene import MapScene
from editor.studio.map.tools.select import SelectTool
from editor.studio.map.view import MapView
from schemas.generator import generate_scenario

from .map_pixels import colour_at, draw, inside

BACKGROUND = QColor("#e8eef2")


@pytest.fixture
def zoomed(qtbot) -> Iterator[tuple[ScenarioDocument, MapScene, MapView]]:
    """A 300-region map zoomed in on its 40th region, far enough that the regions are
    painted by the canvas (not taken from the map's picture)."""
    document = ScenarioDocument(generate_scenario(300, 4))
    scene = MapScene(document)
    view = MapView(scene)
    qtbot.addWidget(view)
    view.resize(400, 300)
    view.show()
    view.zoom_to_fit()
    region = document.scenario.regions[40]
    while True:
        view.centerOn(inside(document, region.id))
        draw(view)
        if not scene.detail.picture:
            break
        view.zoom_by(1.5)
    yield document, scene, view
    document.undo_stack.clear()


def test_the_region_under_a_point_is_found_without_an_item_per_region(qtbot) -> None:
    document = ScenarioDocument(generate_scenario(400, 2))
    scene = MapScene(document)
    for region in document.scenario.regions[::7]:
        assert scene.region_at(inside(document, region.id)) == region.id
    box = scene.regions.bounds
    assert scene.region_at(QPointF(box.right() + 10, box.bottom() + 10)) is None
    # No graphics item per region: one canvas paints them all.
    assert len(scene.items()) < len(document.scenario.regions) / 4


def test_a_selected_region_is_found_first_where_regions_overlap(qtbot) -> None:
    document = ScenarioDocument(generate_scenario(50, 1))
    first, second = document.scenario.regions[:2]
    # The second region drawn again over the first: both lie under the point.
    document.replace("regions", second.model_copy(update={"polygon": first.polygon}))
    scene = MapScene(document)
    point = inside(document, first.id)
    assert scene.region_at(point) == second.id, "the later region is drawn on top"
    document.select("regions", [first.id])
    assert scene.region_at(point) == first.id, "the selected region is drawn on top"
    document.undo_stack.clear()


def test_the_box_index_keeps_order_through_edits_and_removals() -> None:
    index = BoxIndex()
    for n in range(100):
        index.set(f"r{n}", QRectF(n, 0, 1, 1))
    for n in range(0, 100, 2):
        index.remove(f"r{n}")  # half of them gone: the arrays are compacted on the way
    index.set("r1", QRectF(50.2, 0, 0.5, 0.5))  # moved: keeps its place in the order
    index.set("new", QRectF(50.5, 0, 1, 1))  # new: drawn last
    assert index.meeting(QRectF(50.1, 0.1, 0.2, 0.2)) == ["r1"]
    assert index.meeting(QRectF(50.6, 0.1, 0.6, 0.2)) == ["r1", "r51", "new"]
    assert index.at(QPointF(51.5, 0.5)) == ["r51", "new"]
    assert index.at(QPointF(10.5, 0.5)) == []
    assert index.at(QPointF(11.5, 0.5)) == ["r11"]


def test_zoomed_in_an_edit_repaints_the_region_and_its_neighbours(zoomed) -> None:
    """The canvas keeps a cached picture of what it painted; each edit must repaint the
    places it changed, and only the regions there are drawn again."""
    document, _, view = zoomed
    region = document.scenario.regions[40]
    point = inside(document, region.id)
    before = draw(view)
    other = next(t for t in document.scenario.terrain if t.color != region.terrain)
    colour = QColor(document.get("terrain", other.id).color)
    assert colour_at(view, before, point) != colour
    document.set_field("regions", region.id, ["terrain"], other.id)
    assert colour_at(view, draw(view), point) == colour
    # Selected: outlined in yellow along its border; no longer selected: not.
    corner = QPointF(*region.polygon.exterior[0])
    document.select("regions", [region.id])
    assert colour_at(view, draw(view), corner).name() == "#ffcc00"
    document.select(None)
    assert colour_at(view, draw(view), corner).name() != "#ffcc00"
    # Deleted: the map's background shows where it was, around it the neighbours stay.
    document.delete("regions", [region.id])
    after = draw(view)
    assert colour_at(view, after, point) == BACKGROUND
    neighbour = next(
        r
        for r in document.scenario.regions
        if view.viewport().rect().contains(view.mapFromScene(inside(document, r.id)))
    )
    assert colour_at(view, after, inside(document, neighbour.id)) != BACKGROUND


def test_a_moved_point_repaints_every_region_sharing_it(zoomed) -> None:
    from editor.studio.map.geometry_actions import apply_outlines
    from editor.studio.map.snapping import SnapCache
    from schemas.geometry import move_shared_vertex

    document, scene, view = zoomed
    region = document.scenario.regions[40]
    cache = SnapCache.of(document)
    vertex = next(
        p
        for p in region.polygon.exterior
        if len({ref.region for ref in cache.vertex_owners(p)}) >= 2
    )
    owners = {cache.region_id(ref.region) for ref in cache.vertex_owners(vertex)}
    # The region in a colour none of its neighbours there has, so that the test can tell.
    taken = {document.get("regions", i).terrain for i in owners if i != region.id}
    unique = next(t for t in document.scenario.terrain if t.id not in taken)
    document.set_field("regions", region.id, ["terrain"], unique.id)
    centre = inside(document, region.id)

    def towards_centre(share: float) -> tuple[float, float]:
        return (
            vertex[0] + (centre.x() - vertex[0]) * share,
            vertex[1] + (centre.y() - vertex[1]) * share,
        )

    probe = QPointF(*towards_centre(0.15))
    assert scene.region_at(probe) == region.id
    assert colour_at(view, draw(view), probe) == QColor(unique.color)
    moved = move_shared_vertex(cache.outlines, vertex, towards_centre(0.6), index=cache.index)
    apply_outlines(document, {cache.region_id(p): o for p, o in moved.items()}, "Move point")
    # The point dragged past the probe: a neighbour holds it now, and shows there.
    found = scene.region_at(probe)
    assert found in owners and found != region.id
    assert colour_at(view, draw(view), probe) == scene.region_looks[found].fill


def test_the_select_tool_picks_a_crossing_drawn_by_the_canvas(zoomed) -> None:
    document, scene, view = zoomed
    crossings = [look for look in scene.connection_looks.values() if look.along]
    assert crossings, "the generated map has rivers"
    look = crossings[0]
    point = look.path().pointAtPercent(0.5)
    tool = SelectTool(document)
    tool.activate(view)
    assert scene.connection_at(point, tool.pixels(4)) == look.connection_id
    scene.set_visible("connections", False)
    assert scene.connection_at(point, tool.pixels(4)) is None


def test_a_paint_covers_only_what_lands_on_its_device(qtbot) -> None:
    """Rendering a canvas's cache, Qt exposes the whole item (the whole map) though the
    cache holds only the part in view: the regions painted are those on the device."""
    from PySide6.QtGui import QPainter, QTransform
    from PySide6.QtWidgets import QStyleOptionGraphicsItem

    from editor.studio.map.canvas import painted_area

    image = QImage(200, 100, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    painter.setWorldTransform(QTransform.fromScale(2, 2).translate(-1000, -500))
    option = QStyleOptionGraphicsItem()
    option.exposedRect = QRectF(0, 0, 5000, 3000)  # type: ignore[attr-defined]
    area = painted_area(painter, option, 1.0)
    painter.end()
    assert area == QRectF(999, 499, 102, 52)


def test_an_off_map_region_is_hatched_zoomed_in_and_over_the_picture(zoomed) -> None:
    document, scene, view = zoomed
    region = document.scenario.regions[40]
    name, corner = scene.regions.name_points[region.id], region.polygon.exterior[0]
    # Between the name and a corner: inside the region, clear of its name and its lines.
    spot = QPointF(name.x() + (corner[0] - name.x()) * 0.4, name.y() + (corner[1] - name.y()) * 0.4)
    assert scene.region_at(spot) == region.id

    def hatched() -> bool:
        image, point = draw(view), view.mapFromScene(spot)
        fill = scene.region_looks[region.id].fill
        shades = {
            image.pixelColor(point.x() + dx, point.y() + dy).name()
            for dx in range(-4, 5)
            for dy in range(-4, 5)
        }
        assert fill.name() in shades
        return len(shades) > 1

    assert not hatched()
    document.set_field("regions", region.id, ["off_map"], True)
    assert not scene.detail.picture
    assert hatched()
    while not scene.detail.picture:
        view.zoom_by(1 / 1.5)
        view.centerOn(spot)
        draw(view)
    assert hatched(), "over the map's picture too"
    document.set_field("regions", region.id, ["off_map"], False)
    assert not hatched()
