"""What the game map writes over itself, in screen space: the prompt while the player picks
targets, and small legends saying what the highlight and overlay colours mean."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen

from editor.game.map.landing import SHORE_WORDS
from editor.game.map.moves import Destination
from editor.game.map.style import REACH_COLOURS, REACH_NAMES, SHORE_COLOURS, TARGET
from editor.game.session import Targeting
from engine.naval.transport import ShoreKind

MOVE_TITLE = "Move: click or drag"
"""The heading of the legend of where the selected stack may go."""


def _font(size: float, bold: bool = False) -> QFont:
    font = QFont()
    font.setPointSizeF(size)
    font.setBold(bold)
    return font


def paint_legends(
    painter: QPainter,
    area: QRectF,
    request: Targeting | None,
    dests: dict[str, Destination],
    overlay: tuple[str, list[tuple[QColor, str]]] | None,
    shores: dict[str, ShoreKind] | None = None,
    move_title: str = MOVE_TITLE,
) -> None:
    """Everything written over the map (``painter`` in viewport pixels); ``shores``: where
    the troops aboard the selected fleet may go ashore; ``move_title``: the heading of the
    legend of where the selected stack may go (a plan's mode names itself there)."""
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    if request is not None:
        progress = f" ({len(request.picked)}/{request.count})" if request.count > 1 else ""
        banner(painter, area, f"{request.prompt}{progress}", "click to pick, Esc to cancel")
    entries: list[tuple[QColor, str]] = []
    if dests:
        kinds = [k for k in REACH_COLOURS if any(d.kind == k for d in dests.values())]
        entries = [(REACH_COLOURS[k], REACH_NAMES[k]) for k in kinds]
    if shores:
        landing = [k for k in SHORE_WORDS if k in shores.values()]
        entries += [(SHORE_COLOURS[k], f"drag the fleet here to {SHORE_WORDS[k]}") for k in landing]
    if entries:
        title = move_title if dests else "Troops aboard: drag the fleet"
        legend(painter, area, title, entries, right=False)
    if overlay is not None:
        legend(painter, area, overlay[0], overlay[1], right=True)
    painter.restore()


def banner(painter: QPainter, area: QRectF, text: str, hint: str) -> None:
    """A prompt across the top of the map, with how to answer it after it, or under it when
    the map is too narrow for one line (the hint matters as much as the prompt)."""
    font, small = _font(10, True), _font(9)
    bold, plain = QFontMetricsF(font), QFontMetricsF(small)
    room = area.width() - 20
    one_line = bold.horizontalAdvance(f"{text}  —  ") + plain.horizontalAdvance(hint) + 28
    painter.setPen(QPen(QColor(0, 0, 0, 120), 1))
    painter.setBrush(TARGET)
    if one_line <= room:
        box = QRectF(area.center().x() - one_line / 2, 10, one_line, 30)
        painter.drawRoundedRect(box, 8, 8)
        painter.setPen(QColor("#ffffff"))
        painter.setFont(font)
        lead = f"{text}  —  "
        left = box.left() + 14
        painter.drawText(QRectF(left, box.top(), one_line, 30), Qt.AlignmentFlag.AlignVCenter, lead)
        painter.setFont(small)
        painter.drawText(
            QRectF(left + bold.horizontalAdvance(lead), box.top(), one_line, 30),
            Qt.AlignmentFlag.AlignVCenter,
            hint,
        )
        return
    width = min(max(bold.horizontalAdvance(text), plain.horizontalAdvance(hint)) + 28, room)
    box = QRectF(area.center().x() - width / 2, 10, width, 46)
    painter.drawRoundedRect(box, 8, 8)
    painter.setPen(QColor("#ffffff"))
    painter.setFont(font)
    elided = bold.elidedText(text, Qt.TextElideMode.ElideRight, width - 16)
    painter.drawText(
        QRectF(box.left(), box.top() + 4, width, 20), Qt.AlignmentFlag.AlignCenter, elided
    )
    painter.setFont(small)
    painter.drawText(
        QRectF(box.left(), box.top() + 23, width, 18), Qt.AlignmentFlag.AlignCenter, hint
    )


def legend(
    painter: QPainter, area: QRectF, title: str, entries: list[tuple[QColor, str]], right: bool
) -> None:
    """A box of colour swatches and their meaning in a bottom corner."""
    if not entries:
        return
    title_font, font = _font(9, True), _font(8.5)
    metrics = QFontMetricsF(font)
    width = (
        max(
            QFontMetricsF(title_font).horizontalAdvance(title),
            *(metrics.horizontalAdvance(name) + 22 for _, name in entries),
        )
        + 20
    )
    height = 24 + 18 * len(entries) + 6
    left = area.right() - width - 10 if right else area.left() + 10
    box = QRectF(left, area.bottom() - height - 10, width, height)
    painter.setPen(QPen(QColor(0, 0, 0, 90), 1))
    painter.setBrush(QColor(255, 255, 255, 225))
    painter.drawRoundedRect(box, 6, 6)
    painter.setFont(title_font)
    painter.setPen(QColor("#212529"))
    painter.drawText(
        QRectF(box.left() + 10, box.top() + 4, width - 20, 18), Qt.AlignmentFlag.AlignVCenter, title
    )
    painter.setFont(font)
    for i, (colour, name) in enumerate(entries):
        y = box.top() + 26 + i * 18
        swatch = QColor(colour)
        swatch.setAlpha(max(swatch.alpha(), 170))
        painter.setPen(QPen(QColor(0, 0, 0, 120), 1))
        painter.setBrush(swatch)
        painter.drawRoundedRect(QRectF(box.left() + 10, y + 2, 14, 11), 2, 2)
        painter.setPen(QColor("#212529"))
        painter.drawText(
            QRectF(box.left() + 30, y, width - 36, 16), Qt.AlignmentFlag.AlignVCenter, name
        )
