"""Drawing a large map fast: what to show at each zoom, and a cached picture of the map.

Two things make a 10,000-region map slow to repaint. Every item costs something to visit and
paint even when it is a few pixels wide (50,000 items: labels, connections, markers), and
thousands of small outlines take long to fill and stroke one by one. So:

- :func:`detail_for` decides from the zoom what is worth showing: connections between
  anchors and the symbols of structures, supply sources and stacks only when regions are big
  enough to tell them apart. (Region names are shown one by one, where their region holds
  them: see :mod:`.names`.)
- While the whole map fits in a picture of moderate size (up to about two full-screen
  zooms), :class:`MapPicture` draws the regions and the connections along borders into an
  image once, at the view's exact scale, and copies it to the screen at every repaint. The
  region canvas (:mod:`.canvas`) and the connection items stay in the scene (tools find
  regions by position) but paint nothing meanwhile, except selected ones, which paint over
  the picture. Any change to what
  the picture shows redraws it at the next repaint.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPainterPath, QPen, QTransform
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from editor.studio.map.items import border_pen

if TYPE_CHECKING:
    from editor.studio.map.scene import MapScene

MARKER_PX = 16.0
"""A typical region must be this many pixels across to show stacks, structures and sources."""
LINE_PX = 56.0
"""... to show connections drawn as lines between regions (sea lanes, land links)."""
PICTURE_PIXELS = 6_000_000
"""The largest picture of the whole map (in device pixels, 24 MB) worth keeping."""
_BATCH = 10


@dataclass(frozen=True)
class Detail:
    """What the map shows at one zoom."""

    markers: bool = False
    lines: bool = False
    picture: bool = True


def detail_for(scale: float, typical: float, bounds: QRectF) -> Detail:
    """The detail for a view ``scale`` (device pixels per map unit), on a map whose typical
    region is ``typical`` map units across and which covers ``bounds``."""
    pixels = scale * typical
    area = bounds.width() * bounds.height() * scale * scale
    return Detail(
        markers=pixels >= MARKER_PX,
        lines=pixels >= LINE_PX,
        picture=0 < area <= PICTURE_PIXELS,
    )


def view_scale(transform: QTransform) -> float:
    """Device pixels per map unit (views only zoom and pan; no rotation)."""
    return math.sqrt(abs(transform.determinant())) or 1.0


class MapPicture(QGraphicsItem):
    """The regions and the connections along borders, as one image (see the module).

    What the image is drawn from is kept by fill colour (regions of one colour, batched; the
    borders of one colour, joined), so that an edit rebuilds only the colours it touched.
    """

    def __init__(self, scene: MapScene) -> None:
        super().__init__()
        self.map_scene = scene
        self.setZValue(-5)  # above a tracing image, below regions drawn as items
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self._bounds = QRectF()
        self._image: QImage | None = None
        self._key: tuple[float, float, float, float] | None = None
        self._colour_of: dict[str, int] = {}
        """The fill colour each region was last filed under."""
        self._members: dict[int, dict[str, None]] = {}
        """Regions of each fill colour, in order."""
        self._groups: dict[int, _Group] = {}
        self._stale: set[str] | None = None
        """Regions changed since the groups were built; ``None``: build them all again."""
        self._links: list[tuple[QPen, QPainterPath]] | None = None
        self.renders = 0
        """How many times the picture was drawn (for tests)."""

    def set_bounds(self, bounds: QRectF) -> None:
        if bounds != self._bounds:
            self.prepareGeometryChange()
            self._bounds = QRectF(bounds)
        self.redraw()

    def redraw(self) -> None:
        """Draw the picture again at the next repaint (what is shown changed, not the map)."""
        self._image = None
        self.update()

    def invalidate(self) -> None:
        """Rebuild everything the picture is drawn from."""
        self._stale = None
        self._links = None
        self.redraw()

    def regions_changed(self, ids: Iterable[str]) -> None:
        """These regions' outlines or colours changed (or they came or went)."""
        if self._stale is not None:
            self._stale.update(ids)
        self.redraw()

    def links_changed(self) -> None:
        """Connections drawn along borders changed."""
        self._links = None
        self.redraw()

    def boundingRect(self) -> QRectF:
        return self._bounds

    def shape(self) -> QPainterPath:
        return QPainterPath()  # never found under the mouse: tools look for the items

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        if self._bounds.isEmpty():
            return
        transform = painter.worldTransform()
        ratio = painter.device().devicePixelRatioF() if painter.device() else 1.0
        scale = view_scale(transform) * ratio
        corner = transform.map(self._bounds.topLeft()) * ratio
        # The image is drawn for the fraction of a pixel the map is shifted by, so that it
        # lines up exactly with the items painted over it.
        whole = QPointF(math.floor(corner.x()), math.floor(corner.y()))
        shift = corner - whole
        key = (scale, round(shift.x(), 3), round(shift.y(), 3), ratio)
        if self._image is None or key != self._key:
            self._image = self._render(scale, shift, ratio)
            self._key = key
        painter.save()
        painter.resetTransform()
        painter.drawImage(whole / ratio, self._image)
        painter.restore()

    def _render(self, scale: float, shift: QPointF, ratio: float) -> QImage:
        self.renders += 1
        bounds = self._bounds
        width = math.ceil(bounds.width() * scale + shift.x()) + 1
        height = math.ceil(bounds.height() * scale + shift.y()) + 1
        image = QImage(width, height, QImage.Format.Format_ARGB32_Premultiplied)
        image.setDevicePixelRatio(ratio)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        painter.setTransform(
            QTransform.fromTranslate(shift.x() / ratio, shift.y() / ratio)
            .scale(scale / ratio, scale / ratio)
            .translate(-bounds.left(), -bounds.top())
        )
        scene = self.map_scene
        if scene.visible["regions"]:
            groups = self._current_groups()
            # Fills without antialiasing (twice as fast), then the borders, smoothed: they
            # cover the fills' rough edges.
            for group in groups:
                for path in group.fills:
                    painter.fillPath(path, group.colour)
            if scene.visible["borders"]:
                painter.setRenderHint(QPainter.RenderHint.Antialiasing)
                for group in groups:
                    painter.strokePath(group.outlines, border_pen(group.colour))
        if scene.visible["connections"]:
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            for pen, path in self._grouped_links():
                painter.strokePath(path, pen)
        painter.end()
        return image

    def _current_groups(self) -> list[_Group]:
        items = self.map_scene.region_looks
        touched: set[int] = set()
        if self._stale is None:
            # Every region afresh (the first picture of a map): grouped in one pass, without
            # the bookkeeping of a region that changed colour.
            colour_of = {region_id: look.fill.rgba() for region_id, look in items.items()}
            members: dict[int, dict[str, None]] = {}
            for region_id, colour in colour_of.items():
                members.setdefault(colour, {})[region_id] = None
            self._colour_of, self._members, self._groups = colour_of, members, {}
            touched.update(members)
            stale: Iterable[str] = ()
        else:
            stale = self._stale
        for region_id in stale:
            old = self._colour_of.pop(region_id, None)
            if old is not None:
                self._members[old].pop(region_id, None)
                touched.add(old)
            item = items.get(region_id)
            if item is not None:
                colour = item.fill.rgba()
                self._colour_of[region_id] = colour
                self._members.setdefault(colour, {})[region_id] = None
                touched.add(colour)
        for colour in touched:
            members = self._members.get(colour)
            if members:
                self._groups[colour] = _Group.of(
                    items[next(iter(members))].fill, list(members), self.map_scene.region_paths
                )
            else:
                self._groups.pop(colour, None)
                self._members.pop(colour, None)
        self._stale = set()
        return list(self._groups.values())

    def _grouped_links(self) -> list[tuple[QPen, QPainterPath]]:
        if self._links is None:
            groups: dict[tuple[int, float], tuple[QPen, QPainterPath]] = {}
            for look in self.map_scene.connection_looks.values():
                if look.along:
                    pen = look.pen
                    key = (pen.color().rgba(), pen.widthF())
                    if key not in groups:
                        groups[key] = (pen, QPainterPath())
                    groups[key][1].addPath(look.path())
            self._links = list(groups.values())
        return self._links


@dataclass
class _Group:
    """The regions of one fill colour, ready to draw."""

    colour: QColor
    fills: list[QPainterPath]
    """Ten regions to a path: a tenth of the calls, and paths small enough for the
    rasteriser to stay fast (filling one path of thousands of outlines is slower than
    filling them one by one; stroking them joined is much faster)."""
    outlines: QPainterPath

    @classmethod
    def of(cls, colour: QColor, ids: list[str], paths: dict[str, QPainterPath]) -> _Group:
        fills = []
        for start in range(0, len(ids), _BATCH):
            batch = QPainterPath()
            batch.setFillRule(Qt.FillRule.OddEvenFill)
            for region_id in ids[start : start + _BATCH]:
                batch.addPath(paths[region_id])
            fills.append(batch)
        outlines = QPainterPath()
        for batch in fills:
            outlines.addPath(batch)
        return cls(colour, fills, outlines)
