"""What mods changed, marked on the map: a changed region outlined in the colour of the mod
that decided it, a changed connection underlined, a ring around a changed structure, supply
source or stack; each with a tooltip naming the mods and the base's values.

The marks are items of ours added to the studio's scene and rebuilt from the live view after
edits (a rebuilt scene drops every item, ours included, so they are made again whenever the
scene may have changed). They take no clicks: selecting and drawing work through them.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QPointF, QRectF, Qt, QTimer
from PySide6.QtGui import QBrush, QColor, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsEllipseItem, QGraphicsItem, QGraphicsPathItem
from shiboken6 import isValid

from editor.studio.document import Change
from editor.studio.map.items import MarkerItem, Z
from editor.studio.map.scene import MapScene
from editor.studio.mods.live import LiveMods, LiveView
from editor.studio.mods.marks import EntityMark, build_marks

PLACED = ("structures", "supply_sources", "units", "leaders")
MANY = 3000
"""Beyond this many marks, those of one mod share one outline (without tooltips): a map
remade by a mod stays quick to draw."""
BAND = 3.5
"""Width of the band inside a changed region, in screen pixels."""
RING = 12.0
"""Radius of the ring around a changed symbol, in screen pixels."""


def _pen(colour: str, width: float, alpha: int = 255) -> QPen:
    tone = QColor(colour)
    tone.setAlpha(alpha)
    pen = QPen(tone)
    pen.setCosmetic(True)
    pen.setWidthF(width)
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    return pen


def _inner_band(path: QPainterPath, colour: str) -> QGraphicsPathItem:
    """A band of colour along the inside of a region's border: the border itself, and the
    yellow outline of a selected region, stay visible outside it."""
    holder = QGraphicsPathItem(path)
    holder.setPen(QPen(Qt.PenStyle.NoPen))
    holder.setBrush(QBrush(Qt.BrushStyle.NoBrush))
    holder.setFlag(QGraphicsItem.GraphicsItemFlag.ItemClipsChildrenToShape)
    holder.setZValue(Z["problems"] + 1)
    band = QGraphicsPathItem(path, holder)
    band.setPen(_pen(colour, 2 * BAND, 200))
    band.setBrush(QBrush(Qt.BrushStyle.NoBrush))
    _quiet(band)
    return holder


def _quiet(item: QGraphicsItem) -> QGraphicsItem:
    item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
    return item


class MapMarks(QObject):
    """The change marks of one scene."""

    def __init__(self, scene: MapScene, live: LiveMods) -> None:
        super().__init__(scene)
        self.scene = scene
        self.live = live
        self.shown = True
        self.marks: dict[tuple[str, str | None], EntityMark] = {}
        self.items: dict[tuple[str, str], QGraphicsItem] = {}
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self.redraw)
        live.updated.connect(self.update_view)
        scene.document.changed.connect(self._changed)
        if live.current is not None:
            self.update_view(live.current)

    def update_view(self, view: LiveView) -> None:
        self.marks = build_marks(view)
        self.redraw()

    def set_shown(self, shown: bool) -> None:
        self.shown = shown
        self.redraw()

    def _changed(self, change: Change) -> None:
        if change.section in ("map", "regions", "connections", *PLACED, "connection_types"):
            self._timer.start()  # after the scene has redrawn what the change touched

    def clear(self) -> None:
        for item in self.items.values():
            if isValid(item) and item.scene() is self.scene:
                self.scene.removeItem(item)
        self.items = {}

    def redraw(self) -> None:
        self.clear()
        if not self.shown:
            return
        drawn = [(k, m) for k, m in self.marks.items() if k[0] in ("regions", "connections")]
        placed = [(k, m) for k, m in self.marks.items() if k[0] in PLACED]
        if len(drawn) > MANY:
            self._draw_merged(drawn)
        else:
            for (section, entity), mark in drawn:
                if entity is not None:
                    self._draw(section, entity, mark)
        for (section, entity), mark in placed:
            if entity is not None:
                self._ring(section, entity, mark)

    def _add(self, key: tuple[str, str], item: QGraphicsItem) -> None:
        self.scene.addItem(_quiet(item))
        self.items[key] = item

    def _draw(self, section: str, entity: str, mark: EntityMark) -> None:
        scene = self.scene
        if section == "regions":
            path = scene.region_paths.get(entity)
            if path is None:
                return
            item = _inner_band(path, mark.colour)
            region = scene.document.get("regions", entity)
            head = f"{region.name} ({entity})\n" if region is not None else ""
            item.setToolTip(head + mark.tooltip())
        else:
            link = scene.connections.item(entity)
            if link is None:
                return
            item = QGraphicsPathItem(link.path())
            item.setPen(_pen(mark.colour, 8.0, 120))
            item.setZValue(Z["connections"] - 1)
            item.setToolTip(mark.tooltip())
        item.setData(0, f"mod-mark:{section}:{entity}")
        self._add((section, entity), item)

    def _draw_merged(self, drawn: list[tuple[tuple[str, str | None], EntityMark]]) -> None:
        paths: dict[str, QPainterPath] = {}
        for (section, entity), mark in drawn:
            if section != "regions" or entity is None:
                continue
            region = self.scene.region_paths.get(entity)
            if region is not None:
                paths.setdefault(mark.colour, QPainterPath()).addPath(region)
        for colour, path in paths.items():
            self._add(("regions", f"#{colour}"), _inner_band(path, colour))

    def _ring(self, section: str, entity: str, mark: EntityMark) -> None:
        marker = self._marker(section, entity)
        if marker is None:
            return
        ring = QGraphicsEllipseItem(QRectF(-RING, -RING, 2 * RING, 2 * RING))
        ring.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
        ring.setPen(_pen(mark.colour, 3.0, 235))
        ring.setBrush(QBrush(Qt.BrushStyle.NoBrush))
        ring.setPos(marker.pos())
        offset = marker.offset
        ring.setRect(QRectF(offset.x() - RING, offset.y() - RING, 2 * RING, 2 * RING))
        ring.setZValue(marker.zValue() - 0.5)
        ring.setVisible(marker.isVisible() and marker.scene() is self.scene)
        ring.setToolTip(mark.tooltip())
        ring.setData(0, f"mod-mark:{section}:{entity}")
        self._add((section, entity), ring)

    def _marker(self, section: str, entity: str) -> MarkerItem | None:
        layer = self.scene.markers
        if section == "structures":
            return layer.structures.get(entity)
        if section == "supply_sources":
            return layer.sources.get(entity)
        for item in layer.stacks.values():
            if entity in item.units:
                return item
        return None

    def mark_at(self, section: str, entity: str) -> QGraphicsItem | None:
        """The mark drawn for an entity (for tests)."""
        return self.items.get((section, entity))

    def centre(self, section: str, entity: str) -> QPointF | None:
        item = self.items.get((section, entity))
        return item.sceneBoundingRect().center() if item is not None else None


__all__ = ["MapMarks"]
