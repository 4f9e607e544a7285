"""Zooming the game map: fitted to the view until the player zooms, within bounds.

The whole map is fitted on open and on every resize until the player zooms (wheel, + and
-); 0 or Home fits it again. After each change of scale the scene is told, so it can lay
its symbols out clear of the names at the new scale.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QPaintEvent, QResizeEvent, QShowEvent, QWheelEvent
from PySide6.QtWidgets import QGraphicsView, QWidget

from editor.game.map.scene import GameMapScene

MAX_ZOOM = 14.0
"""How far in the player may zoom, relative to the whole map fitted in the view."""
MIN_ZOOM = 0.5


class ZoomingView(QGraphicsView):
    """A view of a :class:`GameMapScene` that keeps it fitted until the player zooms."""

    def __init__(self, scene: GameMapScene, parent: QWidget | None = None) -> None:
        super().__init__(scene, parent)
        self.map_scene = scene
        self.fitted = True
        """The whole map is shown, and is fitted again when the view is resized."""

    def zoom_to_fit(self) -> None:
        self.fitted = True
        bounds = self.map_scene.bounds
        if bounds.isEmpty():
            return
        margin = max(bounds.width(), bounds.height()) * 0.02
        self.fitInView(
            bounds.adjusted(-margin, -margin, margin, margin), Qt.AspectRatioMode.KeepAspectRatio
        )
        self.map_scene.set_view_scale(self.transform().m11())

    def zoom_by(self, factor: float) -> None:
        fit = self._fit_scale()
        scale = self.transform().m11()
        target = min(max(scale * factor, fit * MIN_ZOOM), fit * MAX_ZOOM)
        if target != scale:
            self.scale(target / scale, target / scale)
            self.fitted = False
            self.map_scene.set_view_scale(self.transform().m11())

    def paintEvent(self, event: QPaintEvent) -> None:
        # Zooms made here tell the scene at once; this catches a zoom set from outside.
        self.map_scene.set_view_scale(self.transform().m11())
        super().paintEvent(event)

    def wheelEvent(self, event: QWheelEvent) -> None:
        self.zoom_by(1.0015 ** event.angleDelta().y())

    def _fit_scale(self) -> float:
        bounds = self.map_scene.bounds
        viewport = self.viewport().rect()
        if bounds.isEmpty() or viewport.isEmpty():
            return self.transform().m11() or 1.0
        return min(viewport.width() / bounds.width(), viewport.height() / bounds.height())

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self.fitted:
            self.zoom_to_fit()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self.fitted:
            self.zoom_to_fit()
