"""A card of the hand drawn as a card: its name and colour, when it plays, what it needs and
what it does, in the designer's words (``condition_text``, ``effect_text``) or, when the
designer wrote none, in the wording the card builder uses."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt, Signal
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from editor.game.panels.base import ATTENTION, CARD_BACK, HIT, MUTED, button, esc
from editor.game.panels.knowledge import scenario_names
from editor.shared import sentences
from engine.game import Game
from schemas.decks import Card

PHASE_WORDS = {
    "cards": "cards phase",
    "reinforcements": "reinforcements",
    "supply": "supply",
    "air": "air phases",
    "land_movement": "land movement",
    "battle": "battles",
    "siege": "sieges",
    "end_of_turn": "end of turn",
}
RED = "#b3261e"
BLACK = "#333333"


def card_texts(game: Game, card: Card) -> tuple[str, str]:
    """What a card needs and what it does, as the player reads them."""
    names = scenario_names(game)
    needs = card.condition_text
    if not needs:
        needs = (
            sentences.capitalised(sentences.condition(card.condition, names)) + "."
            if card.condition is not None
            else "Nothing."
        )
    does = card.effect_text or sentences.effects(list(card.effects), names)
    return needs, does


def phases_text(card: Card) -> str:
    return ", ".join(PHASE_WORDS.get(p, p) for p in card.phases)


class CardView(QFrame):
    """One card in the hand, with Play and Discard buttons."""

    playClicked = Signal(str)
    discardClicked = Signal(str)

    def __init__(self, game: Game, card_id: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        card = game.world.cards[card_id]
        self.card = card_id
        self.colour = RED if card.color == "red" else BLACK
        self._border = (QColor("#b8b2a4"), 1)
        needs, does = card_texts(game, card)
        colour_word = "Red card (leaves the game)" if card.color == "red" else "Black card"
        self.name = QLabel(f"<b>{esc(card.name)}</b>")
        self.name.setWordWrap(True)
        self.badge = QLabel()
        self.badge.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop)
        self.meta = QLabel(
            f"<span style='color:{MUTED}'>{colour_word} \u00b7 plays in {phases_text(card)}</span>"
        )
        self.meta.setWordWrap(True)
        self.needs = QLabel(f"<b>Needs:</b> {esc(needs)}")
        self.does = QLabel(f"<b>Does:</b> {esc(does)}")
        for label in (self.needs, self.does):
            label.setWordWrap(True)
            label.setTextFormat(Qt.TextFormat.RichText)
        self.flavour = QLabel(card.text if card.text not in (needs, does) else "")
        self.flavour.setWordWrap(True)
        self.flavour.setStyleSheet(f"color: {MUTED}; font-style: italic;")
        self.flavour.setVisible(bool(self.flavour.text()))
        self.play_button = button("Play", "Play this card now")
        self.discard_button = button("Discard", "Put this card at the bottom of the deck")
        self.play_button.clicked.connect(lambda: self.playClicked.emit(self.card))
        self.discard_button.clicked.connect(lambda: self.discardClicked.emit(self.card))
        top = QHBoxLayout()
        top.addWidget(self.name, 1)
        top.addWidget(self.badge)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.discard_button)
        buttons.addWidget(self.play_button)
        column = QVBoxLayout(self)
        column.setContentsMargins(14, 7, 9, 7)
        column.setSpacing(3)
        column.addLayout(top)
        column.addWidget(self.meta)
        column.addWidget(self.needs)
        column.addWidget(self.does)
        column.addWidget(self.flavour)
        column.addStretch(1)  # side by side, a shorter card keeps its lines together
        column.addLayout(buttons)
        self.set_marks(playable=False, mandatory=card.mandatory, blocking=False, discard=False)

    def paintEvent(self, event: QPaintEvent) -> None:
        # Drawn by hand rather than with a style sheet: style-sheet borders are not counted
        # when Qt works out the height of wrapped text, and the card's lines would overlap.
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        colour, width = self._border
        box = QRectF(self.rect()).adjusted(1, 1, -1, -1)
        painter.setPen(QPen(colour, width))
        painter.setBrush(QColor(CARD_BACK))
        painter.drawRoundedRect(box, 5, 5)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(self.colour))
        painter.drawRoundedRect(QRectF(box.left(), box.top(), 6, box.height()), 3, 3)

    def set_marks(self, *, playable: bool, mandatory: bool, blocking: bool, discard: bool) -> None:
        """Show whether the card can be played now, must be, or may be discarded."""
        border = HIT if playable else "#b8b2a4"
        if blocking:
            border = ATTENTION
        self._border = (QColor(border), 2 if playable or blocking else 1)
        self.update()
        badges = []
        if blocking:
            badges.append(f"<span style='color:{ATTENTION}'><b>Must be played now</b></span>")
        elif mandatory:
            badges.append(f"<span style='color:{ATTENTION}'><b>Mandatory</b></span>")
        if playable and not blocking:
            badges.append(f"<span style='color:{HIT}'><b>Playable</b></span>")
        self.badge.setText(" \u00b7 ".join(badges))
        self.play_button.setEnabled(playable)
        self.play_button.setVisible(playable)
        self.discard_button.setVisible(discard)
