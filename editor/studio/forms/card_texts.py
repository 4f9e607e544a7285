"""A card's printed texts and its rules: kept together, or the studio says they drifted.

A card prints a condition and an effect text; its rules are its ``condition`` and
``effects``. Raising the Stukas' bonus from 1 to 2 left "+1 attack" on the card. Two rules
keep the texts true:

- **Generated text follows the rules.** An empty text is printed from the rules' plain
  wording (the game view and the card preview both generate it), and a text that *is* that
  wording (written with "Write from the rules" and never changed) is rewritten with the rules,
  in the same undo step as the edit of the rules (:func:`following`).
- **The designer's own text is marked when the rules change under it.** A text the designer
  wrote is theirs to keep, so it is never rewritten; :class:`CardTextWatch` remembers, per
  card, which wording was written (or accepted) for which rules, and a card whose rules have
  changed since is *stale*: the decks editor, the card preview, the deck list and the
  inspector mark it until the designer rewrites the text or keeps it.

Why a mark in the studio rather than a validation warning: the file holds the text and the
rules but not which rules the text was written for, so a check of the file could only guess
(comparing numbers in free prose), and would flag every card whose wording is deliberately
looser than its rules. The studio sees the edit happen, so it knows exactly which cards
changed under their text. The knowledge lasts for the session: a file opened is taken as
consistent.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject
from shiboken6 import isValid

from editor.shared import sentences as wording
from schemas.decks import Card, Event

if TYPE_CHECKING:
    from editor.studio.document import Change, ScenarioDocument

TEXTS = (("condition_text", "condition"), ("effect_text", "effects"))
"""Each printed text of a card and the rules it tells."""


def generated_texts(card: Card | Event, names: wording.Names) -> tuple[str, str]:
    """The condition and effect texts generated from a card's (or event's) rules."""
    condition = (
        "Always playable."
        if card.condition is None
        else wording.capitalised(wording.condition(card.condition, names)) + "."
    )
    return condition, wording.effects(card.effects, names)


def generated_text(card: Card, text_field: str, names: wording.Names) -> str:
    condition, effects = generated_texts(card, names)
    return condition if text_field == "condition_text" else effects


def is_own_text(card: Card, text_field: str, names: wording.Names) -> bool:
    """Whether a text is the designer's own: written, and not the rules' wording."""
    text = getattr(card, text_field)
    return bool(text) and text != generated_text(card, text_field, names)


def following(old: Any, new: Any, names: wording.Names) -> Any:
    """``new`` with its generated texts rewritten for its rules.

    A text that was the generated wording of ``old``'s rules is rewritten when the rules
    change; an empty one stays empty (it is generated when shown); the designer's own text
    is left as written (:class:`CardTextWatch` marks it).
    """
    if not isinstance(old, Card) or not isinstance(new, Card):
        return new
    update: dict[str, str] = {}
    for text_field, rules in TEXTS:
        text = getattr(new, text_field)
        if not text or getattr(old, rules) == getattr(new, rules):
            continue
        if text == getattr(old, text_field) == generated_text(old, text_field, names):
            update[text_field] = generated_text(new, text_field, names)
    return new.model_copy(update=update) if update else new


class CardTextWatch:
    """Which cards' own texts were written for rules they no longer have (per document).

    A card's text is *confirmed* for its rules when the document is opened, when the text
    is written or changed (by an edit or a redo, never an undo: undoing a rewrite brings the
    old text back over the new rules), and when the designer keeps it (:meth:`keep`).

    A plain object kept by the document's Python side rather than a Qt child: Qt destroys a
    document's undo stack after its children, and the stack reports its last changes then.
    """

    def __init__(self, document: ScenarioDocument) -> None:
        self.document = document
        self.listeners: list[tuple[QObject, Callable[[], object]]] = []
        self.confirmed: dict[str, list[tuple[str, str, Any]]] = {}
        """Card id -> (text field, text, rules) the text was written or kept for."""
        self.seen: dict[str, Card] = {}
        self.pending: set[str] = set()
        self.index = document.undo_stack.index()
        for card in document.items("cards"):
            self._confirm(card)
        document.changed.connect(self._changed)
        document.undo_stack.indexChanged.connect(self._settled)

    def on_stale_changed(self, owner: QObject, call: Callable[[], object]) -> None:
        """Call ``call`` when cards become stale or settled, for as long as ``owner`` lives."""
        self.listeners.append((owner, call))

    def _tell(self) -> None:
        self.listeners[:] = [(owner, call) for owner, call in self.listeners if isValid(owner)]
        for _, call in list(self.listeners):
            call()

    # -- asking ----------------------------------------------------------------------------------

    def stale(self, card: Card, text_field: str) -> bool:
        """Whether the card's own ``text_field`` was written for other rules."""
        rules = dict(TEXTS)[text_field]
        if not is_own_text(card, text_field, self._names()):
            return False
        text, now = getattr(card, text_field), getattr(card, rules)
        return not any(
            (f, t) == (text_field, text) and r == now for f, t, r in self.confirmed.get(card.id, [])
        )

    def stale_fields(self, card: Any) -> list[str]:
        if not isinstance(card, Card):
            return []
        return [text_field for text_field, _ in TEXTS if self.stale(card, text_field)]

    def keep(self, card_id: str) -> None:
        """The designer keeps the card's texts as they are for its present rules."""
        card = self.document.get("cards", card_id)
        if card is not None:
            self._confirm(card)
            self._tell()

    # -- following the document ------------------------------------------------------------------

    def _names(self) -> wording.Names:
        from editor.studio.forms.context import document_names

        return document_names(self.document)

    def _confirm(self, card: Card) -> None:
        pairs = self.confirmed.setdefault(card.id, [])
        for text_field, rules in TEXTS:
            pair = (text_field, getattr(card, text_field), getattr(card, rules))
            if pair not in pairs:
                pairs.append(pair)
        self.seen[card.id] = card

    def _changed(self, change: Change) -> None:
        if change.section != "cards":
            return
        if change.kind == "reset" or not change.ids:
            self.pending.update(card.id for card in self.document.items("cards"))
        else:
            self.pending.update(change.ids)

    def _settled(self, index: int) -> None:
        forward, self.index = index > self.index, index
        for card_id in self.pending:
            card = self.document.get("cards", card_id)
            if card is None:
                continue
            before = self.seen.get(card_id)
            rewritten = before is None or any(
                getattr(before, text_field) != getattr(card, text_field) for text_field, _ in TEXTS
            )
            if forward and rewritten:
                self._confirm(card)
            self.seen[card_id] = card
        if self.pending:
            self.pending.clear()
            self._tell()


def text_watch(document: ScenarioDocument) -> CardTextWatch:
    """The document's watch, made on first use: the inspector makes it when the document
    opens, so its cards count as consistent from there."""
    watch = document.__dict__.get("card_text_watch")
    if watch is None:
        watch = document.__dict__["card_text_watch"] = CardTextWatch(document)
    return watch


__all__ = [
    "CardTextWatch",
    "following",
    "generated_text",
    "generated_texts",
    "is_own_text",
    "text_watch",
]
