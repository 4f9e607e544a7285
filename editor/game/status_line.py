"""The top bar's status line: who acts, or what blocks the phase, in two lines at most.

It is the one part of the top bar that gives way when the window is narrow, so it paints
what fits (two lines broken at spaces, the rest in "…") and keeps the whole in its tooltip;
the window's status bar repeats a blocking reason in full.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPainter, QPaintEvent
from PySide6.QtWidgets import QLabel

from editor.game.panels.base import ATTENTION


def two_lines(metrics: QFontMetrics, text: str, width: int) -> tuple[str, str]:
    """Break ``text`` into at most two lines of ``width`` pixels, at spaces; the second
    ends in "…" when the text needs more."""
    words = text.split(" ")
    first = ""
    while words:
        trial = f"{first} {words[0]}" if first else words[0]
        if first and metrics.horizontalAdvance(trial) > width:
            break
        first = trial
        words.pop(0)
    rest = " ".join(words)
    if metrics.horizontalAdvance(first) > width:
        first = metrics.elidedText(first, Qt.TextElideMode.ElideRight, width)
    return first, metrics.elidedText(rest, Qt.TextElideMode.ElideRight, width)


class Status(QLabel):
    """Who acts, and what blocks the phase: up to two lines in the room the bar leaves it
    (the bar's one part that gives way), the rest in "…" and the whole in the tooltip. Its
    height is that of two lines whatever it says, so the bar (and the map under it) never
    moves."""

    def __init__(self) -> None:
        super().__init__()
        font = QFont(self.font())
        font.setPointSizeF(font.pointSizeF() * 0.92)
        self.setFont(font)
        self.warning = False
        self.setFixedHeight(2 * self.fontMetrics().height() + 2)

    def set_status(self, text: str, *, warning: bool = False) -> None:
        self.warning = warning
        self.setText(text)
        self.setToolTip(text)
        self.update()

    def paint_font(self) -> QFont:
        """The font the text is painted in (bold for a warning)."""
        font = QFont(self.font())
        font.setBold(self.warning)
        return font

    def lines(self) -> tuple[str, str]:
        """The two lines painted at the label's present width."""
        metrics = QFontMetrics(self.paint_font())
        return two_lines(metrics, self.text(), self.contentsRect().width())

    def paintEvent(self, event: QPaintEvent) -> None:
        room = self.contentsRect()
        first, second = self.lines()
        painter = QPainter(self)
        colour = QColor(ATTENTION) if self.warning else self.palette().color(self.foregroundRole())
        painter.setPen(colour)
        painter.setFont(self.paint_font())
        text = f"{first}\n{second}" if second else first
        painter.drawText(
            room, int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter), text
        )
