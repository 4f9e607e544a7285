"""The map view: zoom with the wheel, pan with the space bar or the middle button, and hand
every other mouse and key event to the current tool."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QKeyEvent, QMouseEvent, QPainter, QResizeEvent, QWheelEvent
from PySide6.QtWidgets import QGraphicsView, QWidget

from editor.studio.map.scene import MapScene
from editor.studio.map.tools.base import Tool


class MapView(QGraphicsView):
    """Shows a :class:`MapScene`; the current :class:`Tool` does the editing."""

    cursorMoved = Signal(QPointF)
    """Map coordinates under the mouse."""
    toolChanged = Signal(object)

    def __init__(self, scene: MapScene, parent: QWidget | None = None) -> None:
        super().__init__(scene, parent)
        self.map_scene = scene
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setMouseTracking(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self._space = False
        self._panning: QPointF | None = None
        self.tool: Tool | None = None
        self.fitted = True
        """The view shows the whole map and should keep doing so when resized."""

    # -- tools -----------------------------------------------------------------------------------

    def set_tool(self, tool: Tool) -> None:
        if self.tool is not None:
            self.tool.deactivate()
        self.tool = tool
        tool.activate(self)
        self.viewport().setCursor(tool.cursor)
        self.toolChanged.emit(tool)

    # -- zoom and pan ----------------------------------------------------------------------------

    def zoom_to_fit(self, rect: QRectF | None = None) -> None:
        self.fitted = rect is None
        target = rect or self.map_scene.map_rect()
        if target.isEmpty():
            return
        margin = max(target.width(), target.height()) * 0.03
        self.fitInView(
            target.adjusted(-margin, -margin, margin, margin), Qt.AspectRatioMode.KeepAspectRatio
        )

    def zoom_by(self, factor: float) -> None:
        self.scale(factor, factor)
        self.fitted = False

    def zoom_to(self, point: QPointF, span: float) -> None:
        self.zoom_to_fit(QRectF(point.x() - span / 2, point.y() - span / 2, span, span))

    def wheelEvent(self, event: QWheelEvent) -> None:
        factor = 1.0015 ** event.angleDelta().y()
        scale = self.transform().m11() * factor
        if 1e-4 < scale < 1e4:
            self.scale(factor, factor)
            self.fitted = False

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
