"""The middle of the studio window: the map, and the section editors as tabs beside it.

Section editors (sides, tables, decks, the timeline...) need room: tables show their rows and
the card preview its whole card only when they have the middle of the window, as documents
have in an IDE, rather than a strip in a dock. The map is the first tab and cannot be closed;
while it is alone the tab bar hides, so the map looks as if there were no tabs. Which editors
were open is remembered between runs and across documents (a designer's workspace).

An editor shows the entities of its sections in its own forms: while it is the current tab, the
inspector does not show the same entity a second time (see :meth:`CentreTabs.owner_of`).
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import (
    QFrame,
    QLabel,
    QScrollArea,
    QStackedWidget,
    QTabBar,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from editor.shared.settings import settings
from editor.shared.widgets import set_muted
from editor.studio import sections
from editor.studio.document import ScenarioDocument

OPEN_KEY = "studio/editors"
CURRENT_KEY = "studio/editor-current"


class EditorPage(QWidget):
    """One section editor in its tab.

    The editor lies in a scroll area: an editor wider than the room between the docks (the
    reinforcements' timeline at 1280 pixels) scrolls, rather than set the width of the middle
    of the window, which made Qt narrow both dock columns whenever it opened and cut off
    the Layers panel and the explorer's names."""

    def __init__(self, key: str, editor: QWidget) -> None:
        super().__init__()
        self.key = key
        self.setObjectName(f"section-{key}")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.scroll = QScrollArea()
        self.scroll.setWidgetResizable(True)
        self.scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll.setWidget(editor)
        layout.addWidget(self.scroll)
        self._editor = editor

    def widget(self) -> QWidget:
        """The editor itself."""
        return self._editor


class _TabBar(QTabBar):
    """Tabs with their whole titles; the middle button closes an editor, as in browsers."""

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.MiddleButton:
            index = self.tabAt(event.position().toPoint())
            if index > 0:
                self.tabCloseRequested.emit(index)
                return
        super().mouseReleaseEvent(event)


class CentreTabs(QTabWidget):
    """The map tab and the open section editors."""

    currentEditorChanged = Signal(object)
    """The key of the section editor now shown, or ``None`` for the map."""

    def __init__(self, placeholder: QWidget) -> None:
        super().__init__()
        self.setObjectName("centre-tabs")
        self.setTabBar(_TabBar())
        self.setDocumentMode(True)
        self.setTabsClosable(True)
        self.setMovable(True)
        self.setTabBarAutoHide(True)
        bar = self.tabBar()
        bar.setElideMode(Qt.TextElideMode.ElideNone)
        bar.setUsesScrollButtons(True)
        bar.setExpanding(False)
        self.map_stack = QStackedWidget()
        self.map_stack.setObjectName("map-page")
        self.map_stack.addWidget(placeholder)
        self.addTab(self.map_stack, "Map")
        bar.setTabButton(0, QTabBar.ButtonPosition.RightSide, None)
        bar.setTabButton(0, QTabBar.ButtonPosition.LeftSide, None)
        self.pages: dict[str, EditorPage] = {}
        self.tabCloseRequested.connect(self._close_at)
        self.currentChanged.connect(self._current_changed)
        bar.tabMoved.connect(self._keep_map_first)

    # -- the map page ----------------------------------------------------------------------------

    def show_map_widget(self, widget: QWidget) -> None:
        """Show ``widget`` (the map view or a placeholder) on the map tab, in place of the
        one shown before (which the caller owns and deletes)."""
        stack = self.map_stack
        for index in reversed(range(stack.count())):
            old = stack.widget(index)
            if old is not widget:
                stack.removeWidget(old)
        if stack.indexOf(widget) < 0:
            stack.addWidget(widget)
        stack.setCurrentWidget(widget)

    def show_map(self) -> None:
        self.setCurrentIndex(0)

    # -- editors ---------------------------------------------------------------------------------

    def open_editor(self, key: str, document: ScenarioDocument) -> EditorPage:
        """Show the editor of a section (built on first use) as the current tab."""
        page = self.pages.get(key)
        if page is None:
            entry = sections.entry(key)
            page = EditorPage(key, sections.create(key, document))
            self.pages[key] = page
            index = self.addTab(page, entry.title)
            self.setTabToolTip(index, entry.tip)
        self.setCurrentWidget(page)
        self.remember()
        return page

    def close_editor(self, key: str) -> None:
        page = self.pages.pop(key, None)
        if page is None:
            return
        index = self.indexOf(page)
        if index >= 0:
            self.removeTab(index)
        page.deleteLater()
        self.remember()

    def close_all(self) -> None:
        """Close every editor (their document is going) without forgetting them."""
        for key in list(self.pages):
            page = self.pages.pop(key)
            self.removeTab(self.indexOf(page))
            page.deleteLater()
        self.setCurrentIndex(0)

    def open_keys(self) -> list[str]:
        """The open editors, in tab order."""
        return [
            page.key
            for index in range(self.count())
            if isinstance(page := self.widget(index), EditorPage)
        ]

    def current_editor(self) -> str | None:
        page = self.currentWidget()
        return page.key if isinstance(page, EditorPage) else None

    def owner_of(self, section: str | None) -> str | None:
        """The key of the current tab's editor when it edits ``section``."""
        key = self.current_editor()
        if key is None or section is None:
            return None
        return key if section in sections.entry(key).sections else None

    def _close_at(self, index: int) -> None:
        page = self.widget(index)
        if isinstance(page, EditorPage):
            self.close_editor(page.key)

    def _current_changed(self, _index: int) -> None:
        self.currentEditorChanged.emit(self.current_editor())
        if self.pages:
            settings().setValue(CURRENT_KEY, self.current_editor() or "")

    def _keep_map_first(self, _from: int, _to: int) -> None:
        if self.indexOf(self.map_stack) != 0:
            self.tabBar().moveTab(self.indexOf(self.map_stack), 0)

    # -- remembering -----------------------------------------------------------------------------

    def remember(self) -> None:
        """Note which editors are open, in tab order, and which one is shown."""
        store = settings()
        store.setValue(OPEN_KEY, self.open_keys())
        store.setValue(CURRENT_KEY, self.current_editor() or "")

    @staticmethod
    def remembered() -> tuple[list[str], str]:
        """The editors open last time, and the one that was shown ("" for the map)."""
        store = settings()
        value = store.value(OPEN_KEY, [])
        keys = [value] if isinstance(value, str) else list(value or [])
        known = {e.key for e in sections.EDITORS}
        current = str(store.value(CURRENT_KEY, "") or "")
        return [k for k in keys if k in known], current if current in known else ""


def placeholder_label() -> QLabel:
    """What the map tab shows while no scenario is open."""
    label = QLabel()
    label.setAlignment(Qt.AlignmentFlag.AlignCenter)
    label.setWordWrap(True)
    set_muted(label, "font-size: 14px; padding: 40px;")
    return label
