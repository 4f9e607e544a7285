"""The map draws less when zoomed out, and from a picture, without changing what users see
or can click."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QPoint, QPointF
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QGraphicsItem

from editor.document import ScenarioDocument
from editor.map.items import LabelItem, RegionItem
from editor.map.scene import MapScene
from editor.map.view import MapView
from schemas.generator import generate_scenario
from schemas.geometry import polygon_from_model

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


def draw(view: MapView) -> QImage:
    image = QImage(view.viewport().size(), QImage.Format.Format_ARGB32)
    view.viewport().render(image, QPoint())
    return image


def inside(document: ScenarioDocument, region_id: str) -> QPointF:
    point = polygon_from_model(document.get("regions", region_id).polygon).representative_point()
    return QPointF(point.x, point.y)


def colour_at(view: MapView, image: QImage, point: QPointF) -> QColor:
    return image.pixelColor(view.mapFromScene(point))


def test_zoomed_out_the_map_comes_from_a_picture_and_stays_clickable(shown) -> None:
    document, scene, view = shown
    image = draw(view)
    assert not scene.detail.labels and not scene.detail.markers and scene.detail.picture
    assert scene.picture.renders == 1
    # Names and symbols are not even in the scene: nothing to visit at each repaint.
    assert not any(isinstance(item, LabelItem) for item in scene.items())
    assert all(item.flags() & NO_CONTENTS for item in scene.region_items.values())
    # Yet tools still find regions under the mouse, and the picture shows their colours.
    region = document.scenario.regions[17]
    point = inside(document, region.id)
    found = [i for i in scene.items(point) if isinstance(i, RegionItem)]
    assert [item.region_id for item in found] == [region.id]
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
    assert scene.detail.labels and scene.detail.markers and not scene.detail.picture
    label = scene.label_items[region_id]
    assert label.scene() is scene and label.isVisible()
    assert not scene.region_items[region_id].flags() & NO_CONTENTS
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
    item = scene.region_items[region.id]
    assert not item.flags() & NO_CONTENTS
    corner = QPointF(*region.polygon.exterior[0])
    assert colour_at(view, image, corner).name() == "#ffcc00"


def test_hiding_the_regions_layer_hides_them_in_the_picture(shown) -> None:
    document, scene, view = shown
    point = inside(document, document.scenario.regions[5].id)
    scene.set_visible("regions", False)
    image = draw(view)
    assert colour_at(view, image, point) == QColor("#e8eef2")
