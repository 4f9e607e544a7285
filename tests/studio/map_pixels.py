"""What the map view shows, read as pixels: the tests of the map's drawing ask through these."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF
from PySide6.QtGui import QColor, QImage

from editor.studio.document import ScenarioDocument
from editor.studio.map.view import MapView
from schemas.geometry import polygon_from_model


def draw(view: MapView) -> QImage:
    """The view's viewport as it paints now."""
    image = QImage(view.viewport().size(), QImage.Format.Format_ARGB32)
    view.viewport().render(image, QPoint())
    return image


def inside(document: ScenarioDocument, region_id: str) -> QPointF:
    """A map point surely inside a region."""
    point = polygon_from_model(document.get("regions", region_id).polygon).representative_point()
    return QPointF(point.x, point.y)


def colour_at(view: MapView, image: QImage, point: QPointF) -> QColor:
    """The colour drawn at a map point of an image of the view."""
    return image.pixelColor(view.mapFromScene(point))
