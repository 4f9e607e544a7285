"""Hot seat: an opaque cover while the computer changes hands.

When the session says the next decision belongs to another person (``handover``), the
screen says whose turn it is; the next player presses its button when the previous one has
looked away, and only then is their view revealed (:attr:`HandoverScreen.revealed`). The
window shows it as a page of its central stacked widget, in the map's place; the panels of
this package show nothing until the button is pressed (see :mod:`.cover`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor, QKeyEvent, QPainter, QPaintEvent
from PySide6.QtWidgets import QLabel, QPushButton, QVBoxLayout, QWidget

from editor.game.panels.cover import cover_of
from editor.game.panels.knowledge import side_name

if TYPE_CHECKING:
    from editor.game.session import GameSession

BACKGROUND = "#1f2430"


class HandoverScreen(QWidget):
    """The hot-seat cover; :meth:`cover` fills it in for the next side, its button reveals."""

    revealed = Signal(str)
    """The next player is at the computer: the window may show this side's view."""

    def __init__(self, session: GameSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.side: str | None = None
        self.session = session
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.headline = QLabel()
        self.headline.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.headline.setWordWrap(True)
        self.headline.setStyleSheet("color: white; font-size: 22pt; font-weight: bold;")
        self.detail = QLabel()
        self.detail.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.detail.setWordWrap(True)
        self.detail.setStyleSheet("color: #c8ccd6; font-size: 12pt;")
        self.button = QPushButton()
        self.button.setCursor(Qt.CursorShape.PointingHandCursor)
        self.button.setStyleSheet(
            "QPushButton { font-size: 13pt; padding: 10px 28px; border-radius: 6px;"
            " background: #e8e2d0; color: #1f2430; }"
            "QPushButton:hover { background: white; }"
        )
        self.button.clicked.connect(self.reveal)
        column = QVBoxLayout(self)
        column.addStretch(2)
        column.addWidget(self.headline)
        column.addSpacing(12)
        column.addWidget(self.detail)
        column.addSpacing(24)
        column.addWidget(self.button, 0, Qt.AlignmentFlag.AlignHCenter)
        column.addStretch(3)
        cover_of(session)  # the cover must hear the session before the panels (see .cover)
        session.handover.connect(self.cover)

    def cover(self, side: str) -> None:
        """Say whose turn it is, for ``side``'s player to take the computer."""
        self.side = side
        name = side_name(self.session.game, side)
        self.headline.setText(f"Pass the computer to {name}\u2019s player")
        self.detail.setText(
            "The other player\u2019s units and cards stay hidden. "
            f"{name}, press the button when you are ready."
        )
        self.button.setText(f"Show {name}\u2019s view")
        if self.parentWidget() is None:  # a window of its own (the window's stack shows a page)
            self.show()
        self.button.setFocus()

    def reveal(self) -> None:
        """The next player is ready: the panels may show their view again."""
        if self.side is not None:
            cover_of(self.session).reveal(self.side)
            self.revealed.emit(self.side)

    def paintEvent(self, event: QPaintEvent) -> None:
        QPainter(self).fillRect(self.rect(), QColor(BACKGROUND))

    def keyPressEvent(self, event: QKeyEvent) -> None:
        # Enter or Space does what the button does, for a player who reached for the keyboard.
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space):
            self.reveal()
        event.accept()
