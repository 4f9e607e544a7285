"""Every region of the map drawn by one item, and found under the mouse through an index of
boxes.

A region is not a graphics item of its own. With one item per region, a 10,000-region map
cost the studio a second of its opening to make and style the items, and every repaint paid
for them: when anything moved on the map (the preview of a dragged point), Qt walked all
top-level items of the scene to find the dirty ones, and its index sorted the candidates of
each exposed rectangle. Instead :class:`RegionCanvas`, one item as large as the map, paints
only the regions whose boxes meet the rectangle Qt asks it to repaint (a few hundred pixels
around a dragged point: the handful of regions there), each from its prebuilt outline path
and its :class:`RegionLook`. :class:`BoxIndex` holds the regions' boxes as numpy arrays:
finding the candidates of a rectangle or a point is a few vectorised comparisons over all
regions (some 40 µs at 10,000), and a point is then tested against the candidates' paths.

Zoomed out, the map's picture (:class:`.overview.MapPicture`) shows the regions; the canvas
then paints only the selected ones over it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

import numpy as np
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from editor.studio.map.items import SELECTED, Z, border_pen

if TYPE_CHECKING:
    from editor.studio.map.scene import MapScene

_SELECTED_PEN = QPen(SELECTED)
_SELECTED_PEN.setCosmetic(True)
_SELECTED_PEN.setWidthF(2.5)
_HATCH = QBrush(QColor(0, 0, 0, 45), Qt.BrushStyle.BDiagPattern)
MARGIN_PX = 4.0
"""How far past a region's box its outline reaches on screen (cosmetic pens), in pixels."""


def painted_area(painter: QPainter, option: QStyleOptionGraphicsItem, margin: float) -> QRectF:
    """The part of an item's coordinates a paint call must cover: the exposed rectangle Qt
    gives, cut to what lands on the painter's device. (Rendering an item's device cache, Qt
    exposes the whole item, the whole map, while the cache holds only the part in view: on a
    10,000-region map that drew every region at each zoom step.)"""
    exposed = option.exposedRect  # type: ignore[attr-defined]
    device = painter.device()
    inverse, invertible = painter.worldTransform().inverted()
    if device is not None and invertible:
        ratio = device.devicePixelRatioF() or 1.0
        page = QRectF(0, 0, device.width() / ratio, device.height() / ratio)
        exposed = exposed.intersected(inverse.mapRect(page))
    return exposed.adjusted(-margin, -margin, margin, margin)


_UNSTYLED = QColor("#cccccc")
"""A region's fill until it is styled (shared: a look's fill is replaced, never changed in
place; parsing a colour per region cost 10,000 regions 30 ms of opening)."""


class RegionLook:
    """How one region is drawn: its fill, hatched when off the map, outlined in yellow
    when selected."""

    __slots__ = ("fill", "hatched", "region_id", "selected")

    def __init__(self, region_id: str) -> None:
        self.region_id = region_id
        self.fill = _UNSTYLED
        self.hatched = False
        self.selected = False


class BoxIndex:
    """The regions' bounding boxes, in drawing order, as numpy arrays.

    A region keeps its slot while it is edited (so it keeps its place in the drawing order);
    a removed region's slot is emptied, and new regions are put at the end. The arrays are
    compacted once a quarter of the slots are empty.
    """

    def __init__(self) -> None:
        self.ids: list[str | None] = []
        self.slot: dict[str, int] = {}
        self.boxes = np.empty((0, 4))
        """One row per slot: left, top, right, bottom; an empty slot is NaN (never met)."""
        self._count = 0

    def clear(self) -> None:
        self.__init__()  # type: ignore[misc]

    def fill(self, ids: list[str], boxes: np.ndarray) -> None:
        """Hold exactly these regions, in this order."""
        self.ids = list(ids)
        self.slot = {region_id: n for n, region_id in enumerate(ids)}
        self.boxes = np.array(boxes, dtype=float).reshape(-1, 4)
        self._count = len(ids)

    def set(self, region_id: str, box: QRectF) -> None:
        row = (box.left(), box.top(), box.right(), box.bottom())
        slot = self.slot.get(region_id)
        if slot is None:
            if self._count == len(self.boxes):
                grown = np.full((max(16, 2 * len(self.boxes)), 4), np.nan)
                grown[: self._count] = self.boxes[: self._count]
                self.boxes = grown
            slot = self.slot[region_id] = self._count
            self.ids.append(region_id)
            self._count += 1
        self.boxes[slot] = row

    def remove(self, region_id: str) -> None:
        slot = self.slot.pop(region_id, None)
        if slot is None:
            return
        self.boxes[slot] = np.nan
        self.ids[slot] = None
        if len(self.slot) < 0.75 * self._count and self._count > 64:
            kept = [n for n in range(self._count) if self.ids[n] is not None]
            self.fill([self.ids[n] for n in kept], self.boxes[kept])  # type: ignore[misc]

    def meeting(self, rect: QRectF) -> list[str]:
        """The regions whose boxes meet ``rect``, in drawing order."""
        boxes = self.boxes[: self._count]
        hit = (
            (boxes[:, 0] <= rect.right())
            & (boxes[:, 2] >= rect.left())
            & (boxes[:, 1] <= rect.bottom())
            & (boxes[:, 3] >= rect.top())
        )
        ids = self.ids
        return [ids[n] for n in np.flatnonzero(hit).tolist()]  # type: ignore[misc]

    def at(self, point: QPointF) -> list[str]:
        """The regions whose boxes hold ``point``, in drawing order."""
        return self.meeting(QRectF(point, point))


class RegionCanvas(QGraphicsItem):
    """Paints every region (see the module): fills, borders, the hatching of off-map
    regions, and the selected regions' yellow outlines on top."""

    def __init__(self, scene: MapScene) -> None:
        super().__init__()
        self.map_scene = scene
        self.index = BoxIndex()
        self.paths: dict[str, QPainterPath] = {}
        self.looks: dict[str, RegionLook] = {}
        self.outlined = True
        """Region borders are drawn (the borders layer)."""
        self.picture_below = True
        """The map's picture shows the regions: only the selected ones are painted."""
        self._bounds = QRectF()
        self.setZValue(Z["regions"])
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        # The rectangle Qt repaints reaches paint() as the option's exposed rectangle.
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    # -- what is drawn -------------------------------------------------------------------------

    def set_bounds(self, bounds: QRectF) -> None:
        if bounds != self._bounds:
            self.prepareGeometryChange()
            self._bounds = QRectF(bounds)

    def boundingRect(self) -> QRectF:
        return self._bounds

    def shape(self) -> QPainterPath:
        # Tools find regions through :meth:`region_at`, not through Qt's item search.
        return QPainterPath()

    def margin(self) -> float:
        """:data:`MARGIN_PX` in map units at the zoom of the scene's views."""
        scales = [abs(v.transform().m11()) for v in self.map_scene.views()]
        return MARGIN_PX / max([s for s in scales if s > 0], default=1.0)

    def repaint_regions(self, ids: Iterable[str], paths: Mapping[str, QPainterPath]) -> None:
        """Repaint where these regions are (or were: ``paths`` may hold old outlines)."""
        margin = self.margin()
        for region_id in ids:
            path = paths.get(region_id)
            if path is not None:
                box = path.boundingRect().adjusted(-margin, -margin, margin, margin)
                self.update(box)

    # -- finding regions -----------------------------------------------------------------------

    def regions_at(self, point: QPointF) -> list[str]:
        """The regions under a map point, topmost first: selected regions are drawn over the
        others, and later regions over earlier ones."""
        found = [i for i in self.index.at(point) if self.paths[i].contains(point)]
        found.reverse()
        found.sort(key=lambda i: not self.looks[i].selected)
        return found

    def region_at(self, point: QPointF) -> str | None:
        found = self.regions_at(point)
        return found[0] if found else None

    def regions_in(self, rect: QRectF) -> list[str]:
        """The regions whose outlines meet ``rect``, in drawing order."""
        return [i for i in self.index.meeting(rect) if self.paths[i].intersects(rect)]

    # -- painting ------------------------------------------------------------------------------

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        ids = self.index.meeting(painted_area(painter, option, self.margin()))
        looks, paths = self.looks, self.paths
        selected = [i for i in ids if looks[i].selected]
        if not self.picture_below:
            outlined = self.outlined
            no_pen = QPen(Qt.PenStyle.NoPen)
            for region_id in ids:
                look = looks[region_id]
                if look.selected:
                    continue
                painter.setPen(border_pen(look.fill) if outlined else no_pen)
                painter.setBrush(look.fill)
                painter.drawPath(paths[region_id])
                if look.hatched:
                    painter.fillPath(paths[region_id], _HATCH)
        else:  # the picture has the fills; off-map regions are hatched over it
            for region_id in ids:
                if looks[region_id].hatched and not looks[region_id].selected:
                    painter.fillPath(paths[region_id], _HATCH)
        for region_id in selected:
            look = looks[region_id]
            painter.setPen(_SELECTED_PEN)
            painter.setBrush(look.fill)
            painter.drawPath(paths[region_id])
            if look.hatched:
                painter.fillPath(paths[region_id], _HATCH)
