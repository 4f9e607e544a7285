"""The printed texts of a card, beside its preview: what it says, and whether that is still
true of its rules (see :mod:`editor.studio.forms.card_texts`)."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QFormLayout, QGroupBox, QHBoxLayout, QLabel, QPushButton

from editor.shared import sentences as wording
from editor.shared.vocabulary import plain
from editor.studio.document import ScenarioDocument
from editor.studio.forms.card_texts import TEXTS, CardTextWatch, generated_texts
from editor.studio.forms.fields import MultilineTextEditor
from editor.studio.sections.deck_preview import STALE
from schemas.decks import Card

STALE_FRAME = f"QPlainTextEdit {{ border: 2px solid {STALE.name()}; }}"
RULES_WORDS = {"condition_text": "condition", "effect_text": "effects"}


class CardTextsBox(QGroupBox):
    """The condition and effect texts of one card, with the generated wording as grey hints
    where the card has none, a mark where its rules changed under its own text, and buttons
    to write the texts from the rules or keep them."""

    textEdited = Signal(str, str)
    """A text field and what the designer wrote there."""

    def __init__(
        self, document: ScenarioDocument, names: wording.Names, watch: CardTextWatch
    ) -> None:
        super().__init__("Card texts")
        self.document, self.names, self.watch = document, names, watch
        self.card: Card | None = None
        self.setToolTip(
            "What the card prints. Left empty, a text is written from the card's rules and "
            "follows them; a text you write is yours, and is marked when the rules change."
        )
        form = QFormLayout(self)
        self.editors: dict[str, MultilineTextEditor] = {}
        for name, _ in TEXTS:
            editor = self.editors[name] = MultilineTextEditor()
            editor.setToolTip(plain(Card.model_fields[name].description))
            editor.edited.connect(lambda value, n=name: self.textEdited.emit(n, value))
            form.addRow(name.split("_")[0].capitalize(), editor)
        self.condition_text = self.editors["condition_text"]
        self.effect_text = self.editors["effect_text"]
        self.stale_note = QLabel()
        self.stale_note.setWordWrap(True)
        self.stale_note.setStyleSheet(f"color: {STALE.name()};")
        form.addRow(self.stale_note)
        buttons = QHBoxLayout()
        self.fill_button = QPushButton("Write from the rules")
        self.fill_button.setToolTip(
            "Replace both texts with a plain-language summary of the card's condition and "
            "effects; such a text follows the rules when they change"
        )
        self.fill_button.clicked.connect(self.fill)
        self.keep_button = QPushButton("Keep my text")
        self.keep_button.setToolTip("The texts are right as written, for the card's rules now")
        self.keep_button.clicked.connect(self.keep)
        buttons.addWidget(self.fill_button)
        buttons.addWidget(self.keep_button)
        form.addRow(buttons)

    def show_card(self, card: Card) -> None:
        self.card = card
        generated = dict(zip((n for n, _ in TEXTS), generated_texts(card, self.names), strict=True))
        stale = self.watch.stale_fields(card)
        for name, editor in self.editors.items():
            editor.box.setPlaceholderText(f"{generated[name]}  (written from the rules)")
            editor.show_value(getattr(card, name))
            editor.setStyleSheet(STALE_FRAME if name in stale else "")
        if stale:
            changed = " and ".join(RULES_WORDS[name] for name in stale)
            self.stale_note.setText(
                f"\u26a0 The card's {changed} changed since this text was written: it may no "
                "longer say what the card does. Rewrite it, write it from the rules, or keep it."
            )
        self.stale_note.setVisible(bool(stale))
        self.keep_button.setVisible(bool(stale))

    def fill(self) -> None:
        """Write both texts from the card's rules (one undo step)."""
        if self.card is None:
            return
        card = self.document.get("cards", self.card.id)
        if card is None:
            return
        condition, effects = generated_texts(card, self.names)
        new = card.model_copy(update={"condition_text": condition, "effect_text": effects})
        self.document.replace(
            "cards", Card.model_validate(new.model_dump()), f"Write the texts of {card.id}"
        )

    def keep(self) -> None:
        if self.card is not None:
            self.watch.keep(self.card.id)
