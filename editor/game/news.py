"""News over the map: what the last cards and events did, told to the player at once.

Every card played (by the player, the AI or the other person) and every event the viewer may
read shows here, in the map's top right corner, with what it changed as the viewer may see it
(:mod:`editor.game.panels.outcomes`): a raid's destroyed aircraft, a closed port, cards drawn
when its roll failed. The newest is on top; a few stay, and the box goes away by itself after
a while (not while the pointer is over it) or with its close button. Everything is also in
the log panel, filtered by kind. In hot seat the box is emptied when the computer changes
hands: one person's news is not for the other's eyes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, Qt, QTimer
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QToolButton, QVBoxLayout, QWidget

from editor.game.panels.base import esc
from editor.game.panels.knowledge import Sight
from editor.game.panels.outcomes import Happening, Happenings, told

if TYPE_CHECKING:
    from editor.game.session import GameSession

KEPT = 3
"""How many cards and events the box shows at most."""
SHOWN_MS = 20_000
"""How long the box stays after the last news, unless the pointer rests on it."""
WIDTH = 360


class NewsBox(QFrame):
    """The latest cards' and events' outcomes, over the map (a child of the map view)."""

    def __init__(self, session: GameSession, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("news")
        self.session = session
        self.happenings = Happenings()
        self.happenings.add(session.game.log.records)  # a loaded game: old news is no news
        self.entries: list[Happening] = []
        """The happenings shown, newest first (told again at each change: what the fog lets
        the viewer see changes, and a name seen a moment ago may be hidden now)."""
        self.setStyleSheet(
            "#news { background: rgba(255, 255, 255, 238); border: 1px solid #8a8a8a;"
            " border-radius: 6px; }"
        )
        self.text = QLabel()
        self.text.setObjectName("news-text")
        self.text.setWordWrap(True)
        self.text.setTextFormat(Qt.TextFormat.RichText)
        close = QToolButton()
        close.setText("\u2715")
        close.setToolTip("Close (everything is in the log panel)")
        close.setAutoRaise(True)
        close.clicked.connect(self.dismiss)
        self.close_button = close
        top = QHBoxLayout()
        top.setContentsMargins(0, 0, 0, 0)
        top.addWidget(self.text, 1)
        top.addWidget(close, 0, Qt.AlignmentFlag.AlignTop)
        column = QVBoxLayout(self)
        column.setContentsMargins(10, 6, 4, 8)
        column.addLayout(top)
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.timeout.connect(self._expire)
        self.hide()
        session.logged.connect(self.on_records)
        session.handover.connect(lambda _side: self.dismiss())
        session.changed.connect(self._retell)
        # A pick on the map puts its prompt at the top centre: the box moves below it.
        session.targetingChanged.connect(
            lambda _request: self._place() if self.isVisible() else None
        )
        parent.installEventFilter(self)

    # -- news ------------------------------------------------------------------------------------

    def on_records(self, records: list[dict]) -> None:
        touched = self.happenings.add(records)
        if not touched:
            return
        sight = Sight(self.session.game, self.session.viewer)
        for happening in touched:
            if told(sight, happening) is None:
                continue
            self.entries = [h for h in self.entries if h is not happening]
            self.entries.insert(0, happening)
        del self.entries[KEPT:]
        if self.entries:
            self._show()

    def _retell(self) -> None:
        if self.isVisible():
            self._fill()
            self._place()

    def dismiss(self) -> None:
        self.entries = []
        self.timer.stop()
        self.hide()

    def _expire(self) -> None:
        if self.underMouse():
            self.timer.start(SHOWN_MS // 4)  # read on: it stays while pointed at
        else:
            self.dismiss()

    def _show(self) -> None:
        self._fill()
        self.show()
        self.raise_()
        self._place()
        self.timer.start(SHOWN_MS)

    def _fill(self) -> None:
        sight = Sight(self.session.game, self.session.viewer)
        blocks = []
        for happening in self.entries:
            words = told(sight, happening)
            if words is None:
                continue
            lines = "".join(f"<li>{esc(line)}</li>" for line in words.lines)
            blocks.append(
                f"<p style='margin:0'><b>{esc(words.title)}</b></p>"
                f"<ul style='margin-top:2px; margin-bottom:4px; margin-left:-18px'>{lines}</ul>"
            )
        self.text.setText("".join(blocks))

    # -- where -----------------------------------------------------------------------------------

    def _place(self) -> None:
        parent = self.parentWidget()
        if parent is None:
            return
        width = min(WIDTH, max(200, parent.width() - 20))
        # Below the prompt of a pick on the map, which sits at the top centre.
        top = 64 if self.session.targeting is not None else 10
        room = max(80, int(parent.height() * 0.5) - top)
        self.setFixedWidth(width)
        height = self._height(width)
        # Older news gives way to newer when the map is short of room (the log keeps all).
        while height > room and len(self.entries) > 1:
            self.entries.pop()
            self._fill()
            height = self._height(width)
        self.setFixedHeight(min(height, room))
        self.move(parent.width() - width - 10, top)

    def _height(self, width: int) -> int:
        """The height the text needs at ``width`` (worked out from the text's own width:
        the layout's estimate falls short for rich text)."""
        margins = self.layout().contentsMargins()
        text_width = width - margins.left() - margins.right()
        text_width -= self.close_button.sizeHint().width() + self.layout().spacing() + 6
        needed = self.text.heightForWidth(max(50, text_width))
        return needed + margins.top() + margins.bottom() + 6

    def eventFilter(self, watched: object, event: QEvent) -> bool:
        resized = watched is self.parentWidget() and event.type() == QEvent.Type.Resize
        if resized and self.isVisible():
            self._place()
        return False
