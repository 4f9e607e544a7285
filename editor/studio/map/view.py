"""The map view: zoom with the wheel, pan with the space bar or the middle button, and hand
every other mouse and key event to the current tool.

The view moves only when the designer asks it to. Its scene rectangle is the map with a wide
margin, fixed while they work: Qt's default follows the items, so a sketch growing under the
pointer (or a first region on an empty map) would make the view re-centre after each click
and the next point land far from the cursor. There are no scroll bars (panning is a drag, as
on every map), so zooming to fit centres the map exactly, and the wheel zooms about the
map point under the pointer, which stays under it.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QKeyEvent, QMouseEvent, QPainter, QResizeEvent, QWheelEvent
from PySide6.QtWidgets import QGraphicsView, QWidget

from editor.studio.map.scene import MapScene
from editor.studio.map.tools.base import Tool

ROOM = 2.0
"""How far beyond the map the view can be panned, in map widths and heights."""
WHEEL_STEP = 1.0015
"""Zoom factor per eighth of a degree of wheel turn (one notch, 120, zooms by about 20%)."""


class MapView(QGraphicsView):
    """Shows a :class:`MapScene`; the current :class:`Tool` does the editing."""

    cursorMoved = Signal(QPointF)
    """Map coordinates under the mouse."""
    toolChanged = Signal(object)

    def __init__(self, scene: MapScene, parent: QWidget | None = None) -> None:
        super().__init__(scene, parent)
        self.map_scene = scene
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        # Anchors are handled here: Qt's AnchorUnderMouse reads a pointer position that only
        # its own mouse handlers (not the tools') keep up to date.
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.NoAnchor)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setMouseTracking(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self._space = False
        self._panning: QPointF | None = None
        self.tool: Tool | None = None
        self.fitted = True
        """The view shows the whole map and should keep doing so when resized."""
        self.room = QRectF()
        self.fit_room()
        scene.extentChanged.connect(self.fit_room)

    # -- tools -----------------------------------------------------------------------------------

    def set_tool(self, tool: Tool) -> None:
        if self.tool is not None:
            self.tool.deactivate()
        self.tool = tool
        tool.activate(self)
        self.viewport().setCursor(tool.cursor)
        self.toolChanged.emit(tool)

    # -- zoom and pan ----------------------------------------------------------------------------

    def fit_room(self) -> None:
        """Make room to pan around the whole map. The room only grows while a map is
        edited (a region drawn past the edge), and growing it does not move the view."""
        rect = self.map_scene.map_rect()
        if rect.isEmpty():
            rect = QRectF(0, 0, 1000, 700)
        span = max(rect.width(), rect.height())
        wanted = rect.adjusted(-ROOM * span, -ROOM * span, ROOM * span, ROOM * span)
        if self.room.contains(wanted):
            return
        # The scroll bars' values are map positions times the zoom, whatever the room: kept,
        # they keep the view exactly where it was.
        first = self.room.isEmpty()
        bars = self.horizontalScrollBar(), self.verticalScrollBar()
        values = [bar.value() for bar in bars]
        self.room = wanted if first else wanted.united(self.room)
        self.setSceneRect(self.room)
        if not first:
            for bar, value in zip(bars, values, strict=True):
                bar.setValue(value)

    def zoom_to_fit(self, rect: QRectF | None = None) -> None:
        """Show ``rect`` (the whole map when ``None``) as large as it fits, centred."""
        self.fitted = rect is None
        target = rect or self.map_scene.map_rect()
        if target.isEmpty():
            return
        margin = max(target.width(), target.height()) * 0.03
        # The scene's room around the map lets Qt centre it exactly.
        self.fitInView(
            target.adjusted(-margin, -margin, margin, margin), Qt.AspectRatioMode.KeepAspectRatio
        )

    def zoom_by(self, factor: float, anchor: QPointF | None = None) -> None:
        """Zoom by ``factor`` about a viewport point (its centre when ``None``), which keeps
        showing the same map point."""
        scale = self.transform().m11() * factor
        viewport = self.viewport().rect()
        # Zoomed out further, the room around the map would not fill the view, and Qt
        # would centre it instead of keeping the point under the pointer.
        least = max(viewport.width() / self.room.width(), viewport.height() / self.room.height())
        if (factor < 1 and scale < least) or not 1e-4 < scale < 1e4:
            return
        at = (anchor if anchor is not None else QPointF(self.viewport().rect().center())).toPoint()
        fixed = self.mapToScene(at)
        self.scale(factor, factor)
        # Scroll the map point back under the anchor (to the nearest pixel).
        landed = self.mapFromScene(fixed)
        bar_h, bar_v = self.horizontalScrollBar(), self.verticalScrollBar()
        bar_h.setValue(bar_h.value() + landed.x() - at.x())
        bar_v.setValue(bar_v.value() + landed.y() - at.y())
        self.fitted = False

    def zoom_to(self, point: QPointF, span: float) -> None:
        self.zoom_to_fit(QRectF(point.x() - span / 2, point.y() - span / 2, span, span))

    def wheelEvent(self, event: QWheelEvent) -> None:
        delta = event.angleDelta().y() or event.angleDelta().x()
        if delta:
            self.zoom_by(WHEEL_STEP**delta, event.position())
        event.accept()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self.fitted:
            self.zoom_to_fit()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Space and not event.isAutoRepeat():
            self._space = True
            self.viewport().setCursor(Qt.CursorShape.OpenHandCursor)
            return
        if self.tool is not None and self.tool.key_press(event):
            return
        super().keyPressEvent(event)

    def keyReleaseEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Space and not event.isAutoRepeat():
            self._space = False
            self.viewport().setCursor(self.tool.cursor if self.tool else Qt.CursorShape.ArrowCursor)
            return
        super().keyReleaseEvent(event)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        # The designer is working on the map now: resizing the window or a panel keeps
        # the zoom rather than fit the map again under their pointer.
        self.fitted = False
        if self._space or event.button() == Qt.MouseButton.MiddleButton:
            self._panning = event.position()
            self.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)
            return
        if self.tool is not None:
            self.tool.press(event, self.mapToScene(event.position().toPoint()))

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        point = self.mapToScene(event.position().toPoint())
        self.cursorMoved.emit(point)
        if self._panning is not None:
            delta = event.position() - self._panning
            self._panning = event.position()
            bar_h, bar_v = self.horizontalScrollBar(), self.verticalScrollBar()
            bar_h.setValue(bar_h.value() - int(delta.x()))
            bar_v.setValue(bar_v.value() - int(delta.y()))
            return
        if self.tool is not None:
            self.tool.move(event, point)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if self._panning is not None:
            self._panning = None
            cursor = (
                Qt.CursorShape.OpenHandCursor
                if self._space
                else (self.tool.cursor if self.tool else Qt.CursorShape.ArrowCursor)
            )
            self.viewport().setCursor(cursor)
            return
        if self.tool is not None:
            self.tool.release(event, self.mapToScene(event.position().toPoint()))

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:
        if self.tool is not None:
            self.tool.double_click(event, self.mapToScene(event.position().toPoint()))
