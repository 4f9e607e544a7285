"""The map draws less when zoomed out, and from a picture, without changing what users see
or can click."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import pytest
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QPolygonF
from PySide6.QtWidgets import QGraphicsItem

from editor.shared.map.drawing import LabelItem
from editor.studio.document import ScenarioDocument
from editor.studio.map import names as names_module
from editor.studio.map.rooms import measure_rooms
from editor.studio.map.scene import MapScene
from editor.studio.map.view import MapView
from schemas.generator import generate_scenario
from schemas.geometry import polygon_from_model
from schemas.geometry.build import Rings
from schemas.io import load_file
from schemas.map import Polygon

from .conftest import SAMPLE
from .map_pixels import colour_at, draw, inside

NO_CONTENTS = QGraphicsItem.GraphicsItemFlag.ItemHasNoContents


@pytest.fixture
def shown(qtbot) -> Iterator[tuple[ScenarioDocument, MapScene, MapView]]:
    document = ScenarioDocument(generate_scenario(300, 4))
    scene = MapScene(document)
    view = MapView(scene)
    qtbot.addWidget(view)
    view.resize(300, 200)
    view.show()
    view.zoom_to_fit()
    yield document, scene, view
    document.undo_stack.clear()  # see tests/studio/test_validation_runner.py


def test_zoomed_out_the_map_comes_from_a_picture_and_stays_clickable(shown) -> None:
    document, scene, view = shown
    image = draw(view)
    assert not scene.detail.markers and scene.detail.picture
    assert scene.picture.renders == 1
    # The names of regions too small to hold them, and symbols, are not even in the scene:
    # nothing to visit at each repaint.
    named = scene.regions.names.shown
    assert len(named) < 10
    assert {i.region_id for i in scene.items() if isinstance(i, LabelItem)} == set(named)
    assert scene.canvas is not None and scene.canvas.picture_below
    # Yet tools still find regions under the mouse, and the picture shows their colours.
    region = document.scenario.regions[17]
    point = inside(document, region.id)
    assert scene.region_at(point) == region.id
    terrain = document.get("terrain", region.terrain)
    assert colour_at(view, image, point) == QColor(terrain.color)
    draw(view)
    assert scene.picture.renders == 1, "an unchanged map is not drawn again"


def test_zoomed_in_names_and_symbols_appear(shown) -> None:
    document, scene, view = shown
    draw(view)
    region_id = document.scenario.regions[40].id
    view.zoom_by(12)
    view.centerOn(inside(document, region_id))
    draw(view)
    assert region_id in scene.regions.names.shown
    assert scene.detail.markers and not scene.detail.picture
    label = scene.label_items[region_id]
    assert label.scene() is scene and label.isVisible()
    assert scene.canvas is not None and not scene.canvas.picture_below
    assert not scene.picture.isVisible()
    view.zoom_to_fit()
    draw(view)
    assert not label.isVisible() and scene.picture.isVisible()


def test_an_edit_shows_at_once_in_the_picture(shown) -> None:
    document, _, view = shown
    draw(view)
    region = document.scenario.regions[60]
    other = next(t for t in document.scenario.terrain if t.id != region.terrain)
    document.set_field("regions", region.id, ["terrain"], other.id)
    image = draw(view)
    assert colour_at(view, image, inside(document, region.id)) == QColor(other.color)


def test_the_selected_region_is_outlined_over_the_picture(shown) -> None:
    document, scene, view = shown
    region = document.scenario.regions[25]
    document.select("regions", [region.id])
    image = draw(view)
    assert scene.region_looks[region.id].selected
    corner = QPointF(*region.polygon.exterior[0])
    assert colour_at(view, image, corner).name() == "#ffcc00"


def test_hiding_the_regions_layer_hides_them_in_the_picture(shown) -> None:
    document, scene, view = shown
    point = inside(document, document.scenario.regions[5].id)
    scene.set_visible("regions", False)
    image = draw(view)
    assert colour_at(view, image, point) == QColor("#e8eef2")


# -- region names where they fit -----------------------------------------------------------------

MEXICAN_WAR = SAMPLE.parent / "mexican-war.json"


def _named(view: MapView) -> dict[str, QRectF]:
    """The names drawn, by region: where each is on screen, in pixels."""
    scene = view.map_scene
    out = {}
    for region_id, label in scene.label_items.items():
        if label.scene() is scene and label.isVisible():
            box = label.deviceTransform(view.viewportTransform()).mapRect(label.boundingRect())
            out[region_id] = box
    # Names far off screen are kept out of the scene (see MapScene.follow_views); every name
    # chosen whose point is on screen is drawn.
    shown = set(scene.regions.names.shown)
    seen = view.mapToScene(view.viewport().rect()).boundingRect()
    assert {r for r in shown if seen.contains(scene.label_items[r].pos())} <= set(out) <= shown
    return out


def _on_screen(view: MapView, document: ScenarioDocument, region_id: str) -> QRectF:
    ring = QPolygonF([QPointF(*p) for p in document.get("regions", region_id).polygon.exterior])
    return view.mapFromScene(ring).boundingRect().toRectF()


def _symbols(view: MapView) -> list[QRectF]:
    scene = view.map_scene
    items = [*scene.structure_items.values(), *scene.source_items.values(), *scene.stack_items]
    return [
        i.deviceTransform(view.viewportTransform()).mapRect(i.boundingRect())
        for i in items
        if i.scene() is scene and i.isVisible()
    ]


def _apart(boxes: list[QRectF]) -> bool:
    # A hair less than the box: the view's fraction of a pixel may round differently.
    shrunk = [box.adjusted(0.01, 0.01, -0.01, -0.01) for box in boxes]
    return not any(a.intersects(b) for n, a in enumerate(shrunk) for b in shrunk[n + 1 :])


@pytest.fixture
def mexican_war(qtbot) -> Iterator[tuple[ScenarioDocument, MapView]]:
    document = ScenarioDocument(load_file(MEXICAN_WAR).scenario)
    view = MapView(MapScene(document))
    qtbot.addWidget(view)
    view.resize(900, 700)
    view.show()
    view.zoom_to_fit()
    draw(view)
    yield document, view
    document.undo_stack.clear()


def test_zoomed_to_fit_big_regions_are_named_and_tiny_ones_are_not(mexican_war) -> None:
    document, view = mexican_war
    named = _named(view)
    regions = document.scenario.regions
    assert 15 <= len(named) < len(regions)
    for region_id, name in named.items():
        # Each name fits across its region (as wide as the region is, at most).
        assert name.width() <= _on_screen(view, document, region_id).width() + 1, region_id
    tiny = [r.id for r in regions if _on_screen(view, document, r.id).width() < 30]
    assert tiny and not set(tiny) & set(named)
    # Bigger regions first: most of the ten biggest are named (the others give way to
    # symbols or to bigger names).
    area = {r.id: polygon_from_model(r.polygon).area for r in regions}
    biggest = sorted(area, key=area.get, reverse=True)[:10]
    assert len(set(biggest) & set(named)) >= 7
    # Where the usual font does not fit, a smaller one does.
    scene = view.map_scene
    small = [i for i, is_small in scene.regions.names.shown.items() if is_small]
    assert small and all(scene.label_items[i].small for i in small)


def test_names_shown_never_overlap_each_other_or_symbols(mexican_war) -> None:
    _, view = mexican_war
    for _ in range(4):
        draw(view)
        named = _named(view)
        assert named
        assert _apart(list(named.values())), "two names overlap"
        symbols = _symbols(view)
        assert not [n for n, box in named.items() if any(box.intersects(s) for s in symbols)]
        view.zoom_by(1.6)


def test_a_selected_region_is_named_first(qtbot) -> None:
    # A designer reads the name of what they picked, even where a bigger neighbour's name
    # would have taken the place (at this size, Salthaven gives way to the Gulf of Sen); the
    # others still never overlap it.
    document = ScenarioDocument(load_file(SAMPLE).scenario)
    view = MapView(MapScene(document))
    qtbot.addWidget(view)
    view.resize(800, 600)
    view.show()
    view.zoom_to_fit()
    draw(view)
    assert "salthaven" not in _named(view)
    document.select("regions", ["salthaven"])
    draw(view)
    named = _named(view)
    assert "salthaven" in named
    assert _apart(list(named.values()))
    document.select("regions", [])
    draw(view)
    assert "salthaven" not in _named(view)
    document.undo_stack.clear()


def test_zoomed_in_every_name_is_shown(qtbot) -> None:
    document = ScenarioDocument(generate_scenario(120, 2))
    view = MapView(MapScene(document))
    qtbot.addWidget(view)
    view.resize(600, 400)
    view.show()
    view.zoom_to_fit()
    draw(view)
    fitted = set(_named(view))
    assert len(fitted) < 120 / 2
    view.zoom_by(14)
    draw(view)
    scene = view.map_scene
    assert set(scene.regions.names.shown) == {r.id for r in document.scenario.regions}
    assert not any(scene.regions.names.shown.values()), "all in the usual font"
    near = _named(view)  # every name on screen is drawn
    assert len(near) < 120, "names far off screen stay out of the scene"
    far = max(document.scenario.regions, key=lambda r: scene.label_items[r.id].pos().x())
    view.centerOn(scene.label_items[far.id].pos())
    draw(view)
    assert far.id not in near and far.id in _named(view), "scrolled to, its name comes"
    view.zoom_to_fit()
    draw(view)
    assert set(_named(view)) == fitted
    document.undo_stack.clear()


def test_a_name_too_long_for_its_region_gives_way(mexican_war) -> None:
    document, view = mexican_war
    scene = view.map_scene
    region_id = next(iter(_named(view)))
    document.set_field("regions", region_id, ["name"], "A name far too long for any region")
    draw(view)
    assert region_id not in _named(view)
    document.undo_stack.undo()
    draw(view)
    assert region_id in _named(view)
    assert scene.label_items[region_id].text == document.get("regions", region_id).name


def test_names_are_chosen_when_the_zoom_changes_not_at_every_repaint(mexican_war, monkeypatch):
    _, view = mexican_war
    choices = []
    original = names_module._Table.choose

    def counted(table, *args):
        choices.append(args[0])
        return original(table, *args)

    monkeypatch.setattr(names_module._Table, "choose", counted)
    for _ in range(3):
        draw(view)
    assert choices == []
    view.zoom_by(1.3)
    draw(view)
    draw(view)
    assert len(choices) == 1


def test_boxes_found_overlapping_are_exactly_those_that_do() -> None:
    rng = np.random.default_rng(3)

    def boxes(count: int) -> np.ndarray:
        left, top = rng.uniform(-100, 300, count), rng.uniform(-50, 200, count)
        right, bottom = left + rng.uniform(1, 80, count), top + rng.uniform(1, 20, count)
        return np.stack([left, top, right, bottom], axis=1)

    for trial in range(60):
        one = boxes(int(rng.integers(0, 50)))
        other = one if trial % 3 == 0 else boxes(int(rng.integers(0, 50)))
        first, second = names_module.overlapping(one, other)
        found = list(zip(first.tolist(), second.tolist(), strict=True))
        expected = {
            (i, j)
            for i, a in enumerate(one)
            for j, b in enumerate(other)
            if (other is not one or i != j)
            and min(a[2], b[2]) > max(a[0], b[0])
            and min(a[3], b[3]) > max(a[1], b[1])
        }
        assert len(found) == len(set(found)) and set(found) == expected


def test_zoomed_out_only_names_that_can_fit_are_laid_out(shown, monkeypatch) -> None:
    """On a big map zoomed out, choosing names must cost next to nothing: the regions too
    small for their name at this zoom are not even looked at."""
    _, scene, view = shown
    laid_out: list[int] = []
    original = names_module.overlapping

    def counted(one, other):
        laid_out.append(len(one))
        return original(one, other)

    monkeypatch.setattr(names_module, "overlapping", counted)
    view.zoom_by(1.01)
    draw(view)
    assert scene.regions.names.scale is not None
    assert sum(laid_out) <= len(scene.regions.names.shown) + 5
    view.zoom_by(12)
    draw(view)
    assert max(laid_out) > 200


def test_the_room_for_a_name_is_measured_across_its_point() -> None:
    box = Polygon(exterior=[(0, 0), (100, 0), (100, 40), (0, 40)])
    ring = Polygon(
        exterior=[(0, 0), (90, 0), (90, 90), (0, 90)],
        holes=[[(30, 30), (60, 30), (60, 60), (30, 60)]],
    )
    points = np.array([[25.0, 10.0], [15.0, 45.0], [150.0, 20.0]])
    rooms = measure_rooms(Rings.of([box, ring, box]), points)
    assert rooms[0] == (25.0, 10.0, 100.0, 40.0, 4000.0)
    # Left of a hole: the hole bounds the width, not the height.
    assert rooms[1] == (15.0, 45.0, 30.0, 90.0, 8100.0 - 900.0)
    # A point outside its region (a name put beside an island): the region's box.
    assert rooms[2][2:4] == (100.0, 40.0)


def test_names_after_outline_edits_are_chosen_as_from_scratch(mexican_war) -> None:
    """The table of names follows edited outlines in place (rebuilt, it costs 15 ms on a
    10,000-region map); what it then chooses is what a table built afresh chooses."""
    document, view = mexican_war
    scene = view.map_scene
    names = scene.regions.names
    draw(view)
    before = names._table
    assert before is not None
    for region in list(document.scenario.regions)[:3]:
        ring = region.polygon.exterior
        x, y = ring[0]
        moved = [(x + 0.3, y + 0.2), *ring[1:]]
        document.set_field("regions", region.id, ["polygon", "exterior"], moved)
    draw(view)
    followed = names._table
    assert followed is not None and followed is not before
    assert followed.row_of is before.row_of, "followed in place, not built again"
    fresh = names_module._Table.of(names.rooms, scene.regions.widths)
    assert followed.ids == fresh.ids
    # Names are measured when a zoom first may show them: every one measured, both agree.
    for table in (followed, fresh):
        table._measure(np.arange(len(table.ids)))
    fields = ("x", "y", "need", "width", "rank", "order", "threshold", "area", "by_area")
    for field in (*fields, "wide", "tall"):
        assert (getattr(followed, field) == getattr(fresh, field)).all(), field
    document.undo_stack.clear()


def test_orders_followed_after_an_edit_equal_orders_sorted_afresh() -> None:
    """The name table's orders follow edited rows by moving them alone; with ties (many
    regions of one size), infinite keys (names no zoom fits) and rows moving to either end,
    the result is the full sort's."""
    rng = np.random.default_rng(3)
    for _ in range(200):
        count = int(rng.integers(1, 60))
        keys = rng.integers(0, 6, count).astype(float)
        keys[rng.random(count) < 0.1] = np.inf
        order = np.lexsort((np.arange(count), keys))
        rows = rng.choice(count, size=min(count, int(rng.integers(1, 4))), replace=False)
        keys[rows] = rng.choice([-1.0, 0.0, 2.0, 5.0, 9.0, np.inf], size=len(rows))
        followed = names_module._resorted(order, keys, rows)
        assert followed.tolist() == np.lexsort((np.arange(count), keys)).tolist()


def test_symbols_names_keep_clear_of_follow_edits_as_gathered_afresh(mexican_war) -> None:
    """Names keep clear of the symbols on the map; after edits that move some regions'
    symbols, the symbols kept up to date edit by edit are those gathered afresh."""
    document, view = mexican_war
    scene = view.map_scene
    names = scene.regions.names
    region_id = document.scenario.regions[0].id
    view.zoom_to(scene.region_paths[region_id].boundingRect().center(), scene.regions.typical * 4)
    draw(view)
    assert names._symbols is not None and len(names._symbols.x), "symbols are shown"
    for region in list(document.scenario.regions)[:4]:
        document.set_field("regions", region.id, ["name"], region.name + " Ford")
        ring = region.polygon.exterior
        x, y = ring[0]
        document.set_field("regions", region.id, ["polygon", "exterior"], [(x + 0.2, y), *ring[1:]])
    assert names._symbols is not None and names._symbols_moved, "followed, not gathered again"
    draw(view)
    followed = names._symbols
    fresh = names_module._Symbols.of(scene, {})

    def rows(symbols: names_module._Symbols) -> list[tuple]:
        table = zip(
            symbols.regions.tolist(),
            symbols.x.tolist(),
            symbols.y.tolist(),
            map(tuple, symbols.box.tolist()),
            symbols.group.tolist(),
            symbols.in_row.tolist(),
            symbols.rows_in(names._table).tolist(),
            strict=True,
        )
        return sorted(table)

    assert rows(followed) == rows(fresh)
    document.undo_stack.clear()
