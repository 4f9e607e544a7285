"""What a map tool is: it receives the view's mouse and key events and edits through the
document; it never changes the scenario itself."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QKeyEvent, QMouseEvent

if TYPE_CHECKING:
    from editor.studio.document import ScenarioDocument
    from editor.studio.map.scene import MapScene
    from editor.studio.map.view import MapView


class Tool:
    """Base of every map tool: override the events the tool cares about."""

    name = "tool"
    label = "Tool"
    hint = ""
    """One line shown in the status bar while the tool is active."""
    shortcut = ""
    cursor = Qt.CursorShape.ArrowCursor

    def __init__(self, document: ScenarioDocument) -> None:
        self.document = document
        self.view: MapView | None = None

    @property
    def scene(self) -> MapScene:
        assert self.view is not None
        return self.view.map_scene

    def activate(self, view: MapView) -> None:
        self.view = view

    def deactivate(self) -> None:
        """Remove anything the tool drew while working."""

    def press(self, event: QMouseEvent, point: QPointF) -> None: ...

    def move(self, event: QMouseEvent, point: QPointF) -> None: ...

    def release(self, event: QMouseEvent, point: QPointF) -> None: ...

    def double_click(self, event: QMouseEvent, point: QPointF) -> None: ...

    def key_press(self, event: QKeyEvent) -> bool:
        """Handle a key; ``True`` when the tool used it."""
        return False

    # -- helpers ---------------------------------------------------------------------------------

    def region_at(self, point: QPointF) -> str | None:
        """The region under a map point (the topmost when regions overlap)."""
        scene = self.scene
        if scene.locked("regions"):
            return None
        return scene.region_at(point)

    def pixels(self, count: float) -> float:
        """A distance of ``count`` screen pixels in map units at the current zoom."""
        assert self.view is not None
        scale = self.view.transform().m11() or 1.0
        return count / scale
