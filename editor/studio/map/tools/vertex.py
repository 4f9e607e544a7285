"""Moving, inserting and deleting the vertices of region outlines, in every region that
shares them, so borders stay shared."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING

import shiboken6
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QKeyEvent, QMouseEvent, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from editor.shared.map.drawing import polygon_path
from editor.studio.document import Change, ScenarioDocument
from editor.studio.map.geometry_actions import apply_outlines, sentence
from editor.studio.map.items import Z
from editor.studio.map.snapping import SnapCache, SnapIndicator, snap_for
from editor.studio.map.tools.base import Tool
from schemas.geometry import (
    GeometryEditError,
    Snap,
    delete_shared_vertex,
    insert_shared_vertex,
    move_shared_vertex,
)
from schemas.geometry.outlines import XY
from schemas.map import Polygon

if TYPE_CHECKING:
    from editor.studio.map.view import MapView

DRAG_PIXELS = 3.0
"""A press that moves less than this many screen pixels is a click, not a drag."""

PREVIEW = QColor("#1f5fd0")


class SelectedVertex(QGraphicsItem):
    """The selected vertex: a filled square of fixed screen size."""

    SIZE = 9.0

    def __init__(self) -> None:
        super().__init__()
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
        self.setZValue(Z["tool"] + 1)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def boundingRect(self) -> QRectF:
        s = self.SIZE / 2 + 2
        return QRectF(-s, -s, 2 * s, 2 * s)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        s = self.SIZE / 2
        painter.setPen(QPen(QColor("#ffffff"), 1.5))
        painter.setBrush(QColor("#e0218a"))
        painter.drawRect(QRectF(-s, -s, 2 * s, 2 * s))


class DragPreview(QGraphicsItem):
    """The outlines of the regions a dragged point reshapes, as they would become.

    One item for all of them, whose box only grows during a drag, and which repaints only
    around the edges that moved (:meth:`set_outlines`): a move of the point changes the two edges
    beside it in each region, and repainting the whole of three regions at every mouse
    move (as three path items did, which also re-indexed the scene each time they changed
    shape) cost more than the rest of the move."""

    MARGIN_PIXELS = 3.0
    """Room around an outline for its cosmetic 2-pixel pen, smoothed."""

    def __init__(self) -> None:
        super().__init__()
        self.pen = QPen(PREVIEW, 2.0, Qt.PenStyle.DashLine)
        self.pen.setCosmetic(True)
        fill = QColor(PREVIEW)
        fill.setAlpha(40)
        self.brush = QBrush(fill)
        self.outlines: list[Polygon] = []
        self.paths: list[QPainterPath] = []
        self._bounds = QRectF()
        self.setZValue(Z["tool"])
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setPen(self.pen)
        painter.setBrush(self.brush)
        for path in self.paths:
            painter.drawPath(path)

    def set_outlines(self, outlines: list[Polygon], margin: float) -> None:
        """Draw ``outlines``; ``margin``: :attr:`MARGIN_PIXELS` in map units."""
        before = self.outlines if self.isVisible() else []
        paths = [polygon_path(outline) for outline in outlines]
        box = QRectF()
        for path in paths:
            box = box.united(path.boundingRect())
        box = box.adjusted(-margin, -margin, margin, margin)
        changed = _moved_area(before, outlines)
        self.outlines, self.paths = outlines, paths
        if not self._bounds.contains(box):
            self.prepareGeometryChange()
            self._bounds = self._bounds.united(box) if before else box
            changed = None
        if not self.isVisible():
            self.setVisible(True)  # repaints the whole box
        elif changed is None:
            self.update()
        elif not changed.isNull():
            self.update(changed.adjusted(-margin, -margin, margin, margin))

    def hide_all(self) -> None:
        self.setVisible(False)
        self.outlines, self.paths = [], []


def _ending_at(outline: Polygon, point: XY) -> Polygon:
    """``outline`` with the ring holding the dragged ``point`` turned to end with it, the
    same places drawn. The preview's dashes run on along a ring from its first point, so a
    point that moved shifts the dashes of every edge after it; ending the ring with the
    dragged point keeps them where they are on every edge but the two beside it, which is
    what lets a move repaint only around those two."""
    rings = [outline.exterior, *outline.holes]
    for number, ring in enumerate(rings):
        if point in ring:
            at = ring.index(point)
            rings[number] = ring[at + 1 :] + ring[: at + 1]
            return outline.model_copy(update={"exterior": rings[0], "holes": rings[1:]})
    return outline


def _moved_area(before: list[Polygon], after: list[Polygon]) -> QRectF | None:
    """The box of the edges that differ between two lists of outlines (the edges beside
    each point that moved, where they were and where they are); ``None`` when the outlines
    differ in more than their points' places (a point added or removed, another region)."""
    if len(before) != len(after):
        return None
    xs: list[float] = []
    ys: list[float] = []
    for old, new in zip(before, after, strict=True):
        if len(old.holes) != len(new.holes):
            return None
        for old_ring, new_ring in zip(
            (old.exterior, *old.holes), (new.exterior, *new.holes), strict=True
        ):
            if len(old_ring) != len(new_ring):
                return None
            count = len(old_ring)
            for index, (was, now) in enumerate(zip(old_ring, new_ring, strict=True)):
                if was != now:
                    for ring in (old_ring, new_ring):
                        for at in (index - 1, index, (index + 1) % count):
                            xs.append(ring[at][0])
                            ys.append(ring[at][1])
    if not xs:
        return QRectF()
    return QRectF(QPointF(min(xs), min(ys)), QPointF(max(xs), max(ys)))


class VertexTool(Tool):
    name = "vertex"
    label = "Edit points"
    hint = (
        "Drag a point to move it with every region sharing it; double-click a border to add "
        "a point; click a point and press Delete to remove it. Shift turns snapping off."
    )
    shortcut = "V"
    cursor = Qt.CursorShape.CrossCursor

    def __init__(self, document: ScenarioDocument) -> None:
        super().__init__(document)
        self.message: Callable[[str], None] = lambda text: None
        self.selected: XY | None = None
        """The selected vertex (its coordinates), which Delete removes."""
        self._origin: XY | None = None
        self._press = QPointF()
        self._target: XY | None = None
        self._indicator: SnapIndicator | None = None
        self._marker: SelectedVertex | None = None
        self._preview: DragPreview | None = None

    @property
    def cache(self) -> SnapCache:
        return SnapCache.of(self.document)

    # -- life cycle ----------------------------------------------------------------------------

    def activate(self, view: MapView) -> None:
        super().activate(view)
        self.cache.index  # noqa: B018 - build it now rather than on the first hover
        self.document.changed.connect(self._on_change)

    def deactivate(self) -> None:
        self.document.changed.disconnect(self._on_change)
        self._origin = None
        self._clear_previews()
        self._select(None)
        for item in (self._indicator, self._marker):
            if item is not None and shiboken6.isValid(item) and item.scene() is not None:
                item.scene().removeItem(item)
        self._indicator = self._marker = None

    def _on_change(self, change: Change) -> None:
        # After an undo the selected point may be gone; a stale selection would delete a
        # point the designer no longer sees selected.
        selected = self.selected
        if change.section == "regions" and selected and not self.cache.vertex_owners(selected):
            self._select(None)

    # -- feedback ------------------------------------------------------------------------------

    def _live(self, item: QGraphicsItem | None, make: Callable[[], QGraphicsItem]) -> QGraphicsItem:
        if item is None or not shiboken6.isValid(item):
            item = make()
            self.scene.addItem(item)
        return item

    def _show_indicator(self, snap: Snap) -> None:
        self._indicator = self._live(self._indicator, SnapIndicator)  # type: ignore[assignment]
        if snap.snapped:
            self._indicator.show_snap(snap)
        else:
            self._indicator.setVisible(False)

    def _select(self, vertex: XY | None) -> None:
        self.selected = vertex
        if vertex is None:
            if self._marker is not None and shiboken6.isValid(self._marker):
                self._marker.setVisible(False)
            return
        self._marker = self._live(self._marker, SelectedVertex)  # type: ignore[assignment]
        self._marker.setPos(QPointF(*vertex))
        self._marker.setVisible(True)

    def _clear_previews(self) -> None:
        item = self._preview
        if item is not None and shiboken6.isValid(item) and item.scene() is not None:
            item.scene().removeItem(item)
        self._preview = None

    @property
    def previews(self) -> list[QPainterPath]:
        """The outlines shown while a point is dragged."""
        item = self._preview
        if item is None or not shiboken6.isValid(item) or not item.isVisible():
            return []
        return list(item.paths)

    def _hide_previews(self) -> None:
        """Hide the outlines of a drag, keeping their item for the next one (adding an item
        to a large scene after removing one costs Qt milliseconds)."""
        if self._preview is not None and shiboken6.isValid(self._preview):
            self._preview.hide_all()

    def _show_previews(self, outlines: list[Polygon]) -> None:
        item = self._preview = self._live(self._preview, DragPreview)  # type: ignore[assignment]
        item.set_outlines(outlines, self.pixels(DragPreview.MARGIN_PIXELS))

    # -- events --------------------------------------------------------------------------------

    def press(self, event: QMouseEvent, point: QPointF) -> None:
        if event.button() != Qt.MouseButton.LeftButton:
            return
        if self._locked():
            self.message("The regions or borders layer is hidden or locked.")
            return
        snap = snap_for(self, event, point, picking=True)
        if snap.kind == "vertex":
            self._origin, self._target, self._press = snap.point, None, point
            self._select(snap.point)
        else:
            self._select(None)

    def _locked(self) -> bool:
        """Points are the regions' borders: both layers must be open to edit them."""
        return self.scene.locked("regions") or self.scene.locked("borders")

    def move(self, event: QMouseEvent, point: QPointF) -> None:
        if self._locked():
            return
        if self._origin is None or not event.buttons() & Qt.MouseButton.LeftButton:
            self._show_indicator(snap_for(self, event, point, picking=True))
            return
        moved = math.hypot(point.x() - self._press.x(), point.y() - self._press.y())
        if self._target is None and moved < self.pixels(DRAG_PIXELS):
            return
        snap = snap_for(self, event, point, ignore=self._origin)
        self._target = snap.point
        self._show_indicator(snap)
        self._select(snap.point)
        cache = self.cache
        changes = move_shared_vertex(
            cache.outlines, self._origin, snap.point, index=cache.index, check=False
        )
        self._show_previews([_ending_at(outline, snap.point) for outline in changes.values()])

    def release(self, event: QMouseEvent, point: QPointF) -> None:
        origin, target = self._origin, self._target
        self._origin = self._target = None
        self._hide_previews()
        if origin is None or target is None or event.button() != Qt.MouseButton.LeftButton:
            return
        try:
            move_vertex(self.document, origin, target)
        except GeometryEditError as exc:
            self.message(sentence(exc))
            self._select(origin)
            return
        self._select(target)

    def double_click(self, event: QMouseEvent, point: QPointF) -> None:
        if event.button() != Qt.MouseButton.LeftButton or self._locked():
            return
        snap = snap_for(self, event, point, picking=True)
        if snap.kind != "edge":
            return
        if insert_vertex(self.document, snap.point):
            self._select(snap.point)

    def key_press(self, event: QKeyEvent) -> bool:
        key = event.key()
        if key == Qt.Key.Key_Escape and self._origin is not None:
            self._origin = self._target = None  # the release that follows changes nothing
            self._hide_previews()
            return True
        if self.selected is None or self._locked():
            return False
        if key in (Qt.Key.Key_Delete, Qt.Key.Key_Backspace):
            try:
                delete_vertex(self.document, self.selected)
            except GeometryEditError as exc:
                self.message(sentence(exc))
                return True
            self._select(None)
            return True
        if key == Qt.Key.Key_Escape:
            self._select(None)
            return True
        return False


# -- the edits, usable without the mouse -------------------------------------------------------


def _named(cache: SnapCache, changes: dict[int, Polygon]) -> dict[str, Polygon]:
    return {cache.region_id(position): outline for position, outline in changes.items()}


def move_vertex(document: ScenarioDocument, old: XY, new: XY) -> bool:
    """Move the vertex at ``old`` in every region sharing it (one undo step); whether
    anything moved. A point dropped onto another region's border becomes that region's
    vertex too. Raises ``GeometryEditError`` when the map would break."""
    cache = SnapCache.of(document)
    outlines = cache.outlines
    changes = move_shared_vertex(outlines, old, new, index=cache.index)
    if not changes:
        return False
    after = list(outlines)
    for position, outline in changes.items():
        after[position] = outline
    changes.update(insert_shared_vertex(after, new, exclude=set(changes), index=cache.index))
    apply_outlines(document, _named(cache, changes), "Move point")
    return True


def insert_vertex(document: ScenarioDocument, point: XY) -> bool:
    """Add a vertex on the border through ``point`` in every region sharing that border."""
    cache = SnapCache.of(document)
    changes = insert_shared_vertex(cache.outlines, point, index=cache.index)
    apply_outlines(document, _named(cache, changes), "Add point")
    return bool(changes)


def delete_vertex(document: ScenarioDocument, point: XY) -> bool:
    """Remove the vertex at ``point`` from every region sharing it; refused (with
    ``GeometryEditError``) when that would break an outline or open a gap."""
    cache = SnapCache.of(document)
    changes = delete_shared_vertex(cache.outlines, point, index=cache.index)
    apply_outlines(document, _named(cache, changes), "Delete point")
    return bool(changes)
