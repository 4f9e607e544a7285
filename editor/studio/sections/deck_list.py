"""A list of entities with the buttons every section editor needs: add, duplicate, delete and
move up or down. It only shows entries and reports clicks; the owner turns them into document
edits, so the same panel serves cards, events, replacements and sudden-death conditions.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from PySide6.QtCore import QEvent, QSize, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont, QIcon, QKeyEvent, QPainter, QPixmap
from PySide6.QtWidgets import (
    QListWidget,
    QListWidgetItem,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from editor.shared.widgets import tool_button
from editor.studio.document import ScenarioDocument
from editor.studio.forms.chips import FlowLayout

KEY = Qt.ItemDataRole.UserRole

LIST_KEYS: tuple[tuple[str, str], ...] = (
    ("Delete", "Delete the selected entry"),
    ("Up, Down", "Move through the list"),
)
"""What the list's keys do (listed in Help > Keyboard shortcuts)."""


@dataclass(frozen=True)
class Entry:
    """One line of the list."""

    key: str
    text: str
    tip: str = ""
    swatch: str | None = None
    """Colour of a small square before the text (a card's colour, a side's)."""
    muted: bool = False
    """Shown greyed (a card out of the deck, an event that never fires by itself)."""


def swatch_icon(color: str, size: int = 12) -> QIcon:
    pixmap = QPixmap(size, size)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(QColor("#555"))
    painter.setBrush(QColor(color))
    painter.drawRoundedRect(1, 1, size - 2, size - 2, 2, 2)
    painter.end()
    return QIcon(pixmap)


class _ListView(QListWidget):
    """The list itself: Delete deletes the current entry.

    The key is claimed before any window-wide shortcut sees it: the window's Delete (which
    deletes the map's selection) would otherwise take it, or make a shortcut of the list's
    own ambiguous so that neither fires.
    """

    deletePressed = Signal()

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ShortcutOverride and _is_delete(event):
            event.accept()
            return True
        return super().event(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if _is_delete(event):
            if self.currentItem() is not None:
                self.deletePressed.emit()
            return
        super().keyPressEvent(event)


def _is_delete(event: QEvent) -> bool:
    return isinstance(event, QKeyEvent) and event.key() == Qt.Key.Key_Delete


class EntityList(QWidget):
    """Entries with Add / Duplicate / Delete / ↑ / ↓ below them."""

    currentChanged = Signal(object)
    """The key of the entry the user picked (``None`` when the list empties)."""
    addClicked = Signal()
    duplicateClicked = Signal()
    deleteClicked = Signal()
    moveClicked = Signal(int)
    """-1 for up, +1 for down."""

    def __init__(self, noun: str) -> None:
        super().__init__()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(3)
        self.list = _ListView()
        self.list.setIconSize(QSize(12, 12))
        self.list.setAlternatingRowColors(True)
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.list.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.list.currentItemChanged.connect(self._picked)
        layout.addWidget(self.list, 1)
        # The buttons wrap onto a second line in a narrow column rather than set its
        # minimum width (at 1280 pixels the cards editor's list took a third of the tab
        # and left the card preview cut off).
        buttons = QWidget()
        row = FlowLayout(buttons, spacing=2)
        self.add_button = tool_button("Add", f"Add a {noun}")
        self.duplicate_button = tool_button("Duplicate", f"Copy the selected {noun} under a new id")
        self.delete_button = tool_button(
            "Delete", f"Delete the selected {noun} and the references to it (Delete)"
        )
        self.up_button = tool_button("↑", "Move up")
        self.down_button = tool_button("↓", "Move down")
        self.add_button.clicked.connect(self.addClicked)
        self.duplicate_button.clicked.connect(self.duplicateClicked)
        self.delete_button.clicked.connect(self.deleteClicked)
        self.up_button.clicked.connect(lambda: self.moveClicked.emit(-1))
        self.down_button.clicked.connect(lambda: self.moveClicked.emit(1))
        for button in (
            self.add_button,
            self.duplicate_button,
            self.delete_button,
            self.up_button,
            self.down_button,
        ):
            row.addWidget(button)
        layout.addWidget(buttons)
        self.list.deletePressed.connect(self.deleteClicked)
        self._update_buttons()

    def connect_actions(
        self,
        picked: Callable[[str | None], None],
        add: Callable[[], None],
        duplicate: Callable[[], None],
        delete: Callable[[], None],
        move: Callable[[int], None],
    ) -> None:
        """Hand every click to the owner, which turns it into a document edit."""
        self.currentChanged.connect(picked)
        self.addClicked.connect(add)
        self.duplicateClicked.connect(duplicate)
        self.deleteClicked.connect(delete)
        self.moveClicked.connect(move)

    def show_rows(self, rows: int) -> None:
        """A short list of fixed height, for panels where the forms below need the room."""
        height = rows * max(self.list.sizeHintForRow(0), 18) + 2 * self.list.frameWidth() + 2
        self.list.setFixedHeight(height)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)

    def set_entries(self, entries: Sequence[Entry]) -> None:
        """Show ``entries``, keeping the current one when it is still there."""
        keep = self.current()
        self.list.blockSignals(True)
        self.list.clear()
        for entry in entries:
            item = QListWidgetItem(entry.text)
            item.setData(KEY, entry.key)
            item.setToolTip(entry.tip or entry.text)
            if entry.swatch:
                item.setIcon(swatch_icon(entry.swatch))
            if entry.muted:
                item.setForeground(QBrush(QColor("#888")))
                font = QFont(item.font())
                font.setItalic(True)
                item.setFont(font)
            self.list.addItem(item)
        self.list.blockSignals(False)
        self.set_current(keep)

    def keys(self) -> list[str]:
        return [self.list.item(i).data(KEY) for i in range(self.list.count())]

    def current(self) -> str | None:
        item = self.list.currentItem()
        return None if item is None else str(item.data(KEY))

    def set_current(self, key: str | None) -> None:
        """Select ``key`` without reporting it (the document already knows)."""
        self.list.blockSignals(True)
        keys = self.keys()
        self.list.setCurrentRow(keys.index(key) if key in keys else -1)
        self.list.blockSignals(False)
        self._update_buttons()

    def _picked(self, item: QListWidgetItem | None, _old: QListWidgetItem | None) -> None:
        self._update_buttons()
        self.currentChanged.emit(None if item is None else str(item.data(KEY)))

    def _update_buttons(self) -> None:
        row, count = self.list.currentRow(), self.list.count()
        for button in (self.duplicate_button, self.delete_button):
            button.setEnabled(row >= 0)
        self.up_button.setEnabled(row > 0)
        self.down_button.setEnabled(0 <= row < count - 1)


def move_entity(
    document: ScenarioDocument, section: str, entity_id: str, neighbour_id: str
) -> None:
    """Put ``entity_id`` where ``neighbour_id`` is (swapping them), as one undo step.

    Lists shown filtered (one side's cards) move past the neighbour the designer sees, not
    past entities of other sides in between.
    """
    entity = document.get(section, entity_id)
    target = document.index_of(section, neighbour_id)
    if entity is None or target < 0:
        return
    selection = document.selection
    with document.macro(f"Move {entity_id}"):
        document.remove(section, [entity_id])
        document.add(section, entity, target)
    document.select(selection.section, selection.ids)
