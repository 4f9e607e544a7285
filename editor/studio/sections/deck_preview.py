"""A card or event drawn the way a player will meet it, so wording and length can be judged.

Empty card texts are shown from the generated plain-language summary, in grey, so the
designer sees both what the card will say and what the rules make it do.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QImage, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from editor.shared import sentences as wording
from editor.shared.vocabulary import word
from editor.studio.forms.card_texts import generated_texts
from schemas.decks import Card, Event

CARD_COLOURS = {"black": QColor("#262626"), "red": QColor("#a3221d")}
EVENT_COLOUR = QColor("#3b556e")
MIN_HEIGHT = 300
PAPER, INK, MUTED = QColor("#fbf8f1"), QColor("#222"), QColor("#8a8a8a")


card_texts = generated_texts
"""The generated condition and effect texts of a card (or event)."""

STALE = QColor("#b35c00")
STALE_NOTE = "\u26a0 written for earlier rules"


def _phase(name: str) -> str:
    return word(name, "phases")


class CardPreview(QWidget):
    """Paints one card or event; ``names`` and ``side_name`` come from the document."""

    def __init__(self, names: wording.Names = wording.plain_names) -> None:
        super().__init__()
        self.names = names
        self.entity: Card | Event | None = None
        self.stale: set[str] = set()
        """Texts of the card written for earlier rules (``effect_text``...): marked."""
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        self.setMinimumWidth(200)
        self.setFixedHeight(MIN_HEIGHT)

    def sizeHint(self) -> QSize:
        return QSize(250, self.height())

    def set_entity(self, entity: Card | Event | None, stale: set[str] | None = None) -> None:
        self.entity = entity
        self.stale = set(stale or ())
        self.setFixedHeight(self._needed_height())
        self.update()

    def _needed_height(self) -> int:
        """Long texts make a taller card rather than spilling out of it."""
        if self.entity is None:
            return MIN_HEIGHT
        scratch = QImage(self._width(), 2000, QImage.Format.Format_ARGB32)
        painter = QPainter(scratch)
        bottom = self._paint_content(painter, self._card_rect(2000))
        painter.end()
        return max(MIN_HEIGHT, int(bottom) + 52)  # room for the two-line footer

    def paintEvent(self, _event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        card = self._card_rect(self.height())
        if self.entity is None:
            painter.setPen(QPen(MUTED, 1, Qt.PenStyle.DashLine))
            painter.drawRoundedRect(card, 10, 10)
            painter.drawText(card, Qt.AlignmentFlag.AlignCenter, "Nothing selected")
            return
        painter.setPen(QPen(QColor("#777"), 1))
        painter.setBrush(PAPER)
        painter.drawRoundedRect(card, 10, 10)
        self._paint_content(painter, card)

    def _width(self) -> int:
        """The width painted in: the widget's, never below its minimum (before layout)."""
        return max(self.width(), self.minimumWidth())

    def _card_rect(self, height: int) -> QRectF:
        # The card fits the widget: a floor above the minimum width drew its right edge,
        # and the ends of its lines, outside a narrow column.
        width = min(self._width() - 8, 260)
        return QRectF((self._width() - width) / 2, 4, width, height - 8)

    def _paint_content(self, painter: QPainter, card: QRectF) -> float:
        if isinstance(self.entity, Card):
            return self._paint_card(painter, card, self.entity)
        assert self.entity is not None
        return self._paint_event(painter, card, self.entity)

    def _band(self, painter: QPainter, card: QRectF, colour: QColor, title: str) -> float:
        band = QRectF(card.left(), card.top(), card.width(), 40)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(colour)
        painter.drawRoundedRect(band, 10, 10)
        painter.drawRect(QRectF(band.left(), band.bottom() - 10, band.width(), 10))
        font = QFont(self.font())
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.15)
        painter.setFont(font)
        painter.setPen(QColor("white"))
        metrics = painter.fontMetrics()
        text = metrics.elidedText(title, Qt.TextElideMode.ElideRight, int(band.width() - 20))
        painter.drawText(band.adjusted(10, 0, -10, 0), Qt.AlignmentFlag.AlignVCenter, text)
        return band.bottom() + 6

    def _line(
        self,
        painter: QPainter,
        rect: QRectF,
        text: str,
        colour: QColor,
        align: Qt.AlignmentFlag = Qt.AlignmentFlag.AlignTop,
    ) -> float:
        font = QFont(self.font())
        font.setPointSizeF(font.pointSizeF() * 0.9)
        painter.setFont(font)
        painter.setPen(colour)
        flags = Qt.AlignmentFlag.AlignLeft | align | Qt.TextFlag.TextWordWrap
        used = painter.boundingRect(rect, flags, text)
        painter.drawText(rect, flags, text)
        return used.bottom() + 4

    def _block(
        self,
        painter: QPainter,
        left: float,
        top: float,
        width: float,
        title: str,
        text: str,
        stale: bool = False,
    ) -> float:
        generated = text.startswith("\0")
        text = text.lstrip("\0")
        font = QFont(self.font())
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 0.85)
        painter.setFont(font)
        painter.setPen(MUTED)
        painter.drawText(QRectF(left, top, width, 16), Qt.AlignmentFlag.AlignLeft, title.upper())
        if stale:
            painter.setPen(STALE)
            painter.drawText(QRectF(left, top, width, 16), Qt.AlignmentFlag.AlignRight, STALE_NOTE)
        body = QFont(self.font())
        body.setItalic(generated)
        painter.setFont(body)
        painter.setPen(MUTED if generated else INK)
        rect = QRectF(left, top + 16, width, 400)
        flags = Qt.AlignmentFlag.AlignLeft | Qt.TextFlag.TextWordWrap
        used = painter.boundingRect(rect, flags, text)
        painter.drawText(rect, flags, text)
        return used.bottom() + 8

    def _paint_card(self, painter: QPainter, card: QRectF, entity: Card) -> float:
        top = self._band(painter, card, CARD_COLOURS[entity.color], entity.name)
        left, width = card.left() + 10, card.width() - 20
        tags = [self.names("sides", entity.side), " · ".join(_phase(p) for p in entity.phases)]
        if entity.copies > 1:
            tags.append(f"\u00d7{entity.copies}")
        top = self._line(painter, QRectF(left, top, width, 40), "  —  ".join(tags), MUTED)
        badges = []
        if entity.mandatory:
            badges.append("Mandatory")
        if not entity.in_deck:
            badges.append("Not in the starting deck")
        if badges:
            top = self._line(
                painter, QRectF(left, top, width, 20), " · ".join(badges), CARD_COLOURS["red"]
            )
        if entity.text:
            top = self._flavour(painter, QRectF(left, top, width, 120), entity.text)
        condition, effects = card_texts(entity, self.names)
        top = self._block(
            painter,
            left,
            top,
            width,
            "Play when",
            entity.condition_text or "\0" + condition,
            "condition_text" in self.stale,
        )
        bottom = self._block(
            painter,
            left,
            top,
            width,
            "Effect",
            entity.effect_text or "\0" + effects,
            "effect_text" in self.stale,
        )
        footer = (
            "Red: leaves the game once played"
            if entity.color == "red"
            else "Black: back under the deck once played"
        )
        # Two lines of room, the text at their foot: in a narrow column it wraps.
        rect = QRectF(left, card.bottom() - 40, width, 38)
        self._line(painter, rect, footer, MUTED, Qt.AlignmentFlag.AlignBottom)
        return bottom

    def _flavour(self, painter: QPainter, rect: QRectF, text: str) -> float:
        font = QFont(self.font())
        font.setItalic(True)
        painter.setFont(font)
        painter.setPen(QColor("#555"))
        flags = Qt.AlignmentFlag.AlignLeft | Qt.TextFlag.TextWordWrap
        used = painter.boundingRect(rect, flags, text)
        painter.drawText(rect, flags, text)
        return used.bottom() + 8

    def _paint_event(self, painter: QPainter, card: QRectF, entity: Event) -> float:
        top = self._band(painter, card, EVENT_COLOUR, entity.title)
        left, width = card.left() + 10, card.width() - 20
        whose = self.names("sides", entity.side) if entity.side else "First side to play"
        tags = [wording.capitalised(wording.turn_range(entity.turns)), whose]
        if entity.repeat:
            tags.append("repeats")
        if not entity.automatic:
            tags.append("only when set off")
        top = self._line(painter, QRectF(left, top, width, 40), "  —  ".join(tags), MUTED)
        if entity.text:
            top = self._flavour(painter, QRectF(left, top, width, 140), entity.text)
        condition, effects = card_texts(entity, self.names)
        if entity.condition is not None:
            top = self._block(painter, left, top, width, "If", "\0" + condition)
        return self._block(painter, left, top, width, "Then", "\0" + effects)
