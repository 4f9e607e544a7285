"""The capture heatmap as a layer of the studio's map: every region the lab's games captured,
shaded by how often it changed hands per game with the colour scale of the report's pictures,
and the others washed pale (terrain colours are warm too: without the wash a brown hill
would read as heat).

One item paints every shaded region (a large map's thousands of items would each cost a
visit at every repaint), culled to what is exposed. It sits just above the regions (and above
the zoomed-out picture of the map), under connections, symbols and names, so the map stays
readable through it. It belongs to the scene: a new scene (another document) starts without
it, and the lab removes it when it closes or the scenario changes.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QLinearGradient, QPainter, QPainterPath, QPixmap
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene, QStyleOptionGraphicsItem, QWidget

from editor.shared.map.drawing import outline_path
from schemas.places import places_of
from schemas.scenario import Scenario

from .charts import HEAT

Z_VALUE = 3.0
"""Above region items (0) and the map's picture (-5), below validation shapes (5) and
connections (10): see ``editor/studio/map/items.py``."""
ALPHA = 215
"""Opacity of the shading: the terrain shows through faintly, the heat reads clearly."""
WASH = QColor(241, 239, 233, 200)
"""Over regions never captured: the report's map picture's colour for them, see-through."""


class HeatLayer(QGraphicsItem):
    """Regions shaded by captures per game (``per_game``: region id to captures a game)."""

    def __init__(self, scenario: Scenario, per_game: dict[str, float]) -> None:
        super().__init__()
        self.setZValue(Z_VALUE)
        # Clicks and hovers go to the regions underneath: the layer is only looked at.
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setAcceptHoverEvents(False)
        self.per_game = dict(per_game)
        self.most = max(self.per_game.values(), default=0.0) or 1.0
        self.shapes: list[tuple[QPainterPath, QRectF, QColor]] = []
        bounds = QRectF()
        for region in places_of(scenario).regions:
            path = outline_path(region)
            colour = self.colour_of(region.id) or WASH
            box = path.boundingRect()
            self.shapes.append((path, box, colour))
            bounds = bounds.united(box)
        self._bounds = bounds

    def colour_of(self, region_id: str) -> QColor | None:
        """The shade of a region (``None``: never captured), for tests and the legend."""
        value = self.per_game.get(region_id, 0.0)
        if value <= 0:
            return None
        colour = QColor(HEAT.map(value / self.most, mode="qcolor"))
        colour.setAlpha(ALPHA)
        return colour

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        exposed = option.exposedRect  # type: ignore[attr-defined]
        painter.setPen(QColor(0, 0, 0, 0))
        for path, box, colour in self.shapes:
            if exposed.isValid() and not exposed.intersects(box):
                continue
            painter.fillPath(path, colour)


def legend_pixmap(width: int = 120, height: int = 12) -> QPixmap:
    """The heatmap's colour scale, from no capture (left) to the most (right)."""
    pixmap = QPixmap(width, height)
    painter = QPainter(pixmap)
    try:
        gradient = QLinearGradient(0, 0, width, 0)
        for stop in (0.0, 0.35, 0.7, 1.0):
            gradient.setColorAt(stop, HEAT.map(stop, mode="qcolor"))
        painter.fillRect(0, 0, width, height, gradient)
        painter.setPen(QColor("#555555"))
        painter.drawRect(0, 0, width - 1, height - 1)
    finally:
        painter.end()
    return pixmap


ATTRIBUTE = "capture_heat"
"""Where the scene keeps its heatmap (a scene of 10,000 regions has too many items to
search)."""


def show_heat(scene: QGraphicsScene, scenario: Scenario, per_game: dict[str, float]) -> HeatLayer:
    """Put the heatmap on ``scene`` (replacing one already there) and return it."""
    clear_heat(scene)
    layer = HeatLayer(scenario, per_game)
    layer.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption, True)
    scene.addItem(layer)
    setattr(scene, ATTRIBUTE, layer)
    return layer


def heat_of(scene: QGraphicsScene | None) -> HeatLayer | None:
    """The heatmap on ``scene``, if any."""
    layer = getattr(scene, ATTRIBUTE, None) if scene is not None else None
    return layer if isinstance(layer, HeatLayer) and layer.scene() is scene else None


def clear_heat(scene: QGraphicsScene | None) -> None:
    """Take the heatmap off ``scene``."""
    layer = heat_of(scene)
    if layer is not None and scene is not None:
        scene.removeItem(layer)
        setattr(scene, ATTRIBUTE, None)
