"""The decks editor: every side's cards and the events, with their logic built as trees.

A tab per side (and one for events) lists the entities; the selected one's fields, its
condition and its effects (the builder) sit beside the list, and a preview shows it the way
a player will see it. Selecting here selects in the document, so the inspector and the
validation dock follow, and a selection made elsewhere (a validation issue) shows up here.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ValidationError
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from editor.shared import sentences as wording
from editor.shared.vocabulary import plain, word
from editor.shared.widgets import MessageLabel, scrolling
from editor.studio.document import Change, ScenarioDocument, Selection, with_value
from editor.studio.forms.builder import LogicTree
from editor.studio.forms.card_texts import following, text_watch
from editor.studio.forms.context import studio_context
from editor.studio.forms.model_form import FormContext, ModelEditor
from editor.studio.naming import new_id
from editor.studio.sections.deck_list import EntityList, Entry, move_entity, swatch_icon
from editor.studio.sections.deck_preview import CARD_COLOURS, CardPreview
from editor.studio.sections.deck_texts import CardTextsBox
from schemas.decks import Card, Event
from schemas.effects import AddVictoryPoints
from schemas.selection import TurnRange

EVENTS_TAB = "@events"
LOGIC = ("condition", "effects")


class EntityPage(QWidget):
    """The fields of one card or event: a form, then its condition and effects builders."""

    def __init__(self, model: type[BaseModel], context: FormContext) -> None:
        super().__init__()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 4, 0)
        skip = (*LOGIC, "condition_text", "effect_text") if model is Card else LOGIC
        self.form = ModelEditor(model, context, skip=skip, read_only=("id",))
        layout.addWidget(self.form)
        title = "Playable when" if model is Card else "Fires when (besides its turns)"
        self.condition_box = QGroupBox(title)
        self.condition_box.setToolTip(plain(model.model_fields["condition"].description))
        self.condition = LogicTree("condition", context, optional=True)
        QVBoxLayout(self.condition_box).addWidget(self.condition)
        layout.addWidget(self.condition_box)
        self.effects_box = QGroupBox("Effects")
        self.effects_box.setToolTip(plain(model.model_fields["effects"].description))
        self.effects = LogicTree("effects", context)
        QVBoxLayout(self.effects_box).addWidget(self.effects)
        layout.addWidget(self.effects_box)
        self.message = MessageLabel()
        layout.addWidget(self.message)
        layout.addStretch(1)

    def show_entity(self, entity: BaseModel) -> None:
        self.form.show_value(entity)
        self.condition.show_value(entity.condition)  # type: ignore[attr-defined]
        self.effects.show_value(entity.effects)  # type: ignore[attr-defined]


class DecksEditor(QWidget):
    """Cards per side and events: list, form with condition/effect builders, preview."""

    def __init__(self, document: ScenarioDocument) -> None:
        super().__init__()
        self.document = document
        self.context = studio_context(document)
        self.section = "cards"
        self.current: str | None = None
        self.watch = text_watch(document)
        self.watch.on_stale_changed(self, self._stale_changed)

        self.tabs = QComboBox()
        self.tabs.setToolTip("Whose deck to show, or the events")
        self.tabs.currentIndexChanged.connect(lambda _i: self._tab_changed())
        self.entities = EntityList("card")
        self.entities.connect_actions(
            self._picked, self.add, self.duplicate, self.delete, self.move
        )
        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        deck_row = QHBoxLayout()
        deck_row.addWidget(QLabel("Show"))
        deck_row.addWidget(self.tabs, 1)
        left_layout.addLayout(deck_row)
        left_layout.addWidget(self.entities, 1)

        self.card_page = EntityPage(Card, self.context)
        self.event_page = EntityPage(Event, self.context)
        self.empty = QLabel("Select a card or an event, or Add one.")
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty.setStyleSheet("color: #666;")
        middle = QWidget()
        middle_layout = QVBoxLayout(middle)
        middle_layout.setContentsMargins(0, 0, 0, 0)
        for page in (self.card_page, self.event_page, self.empty):
            middle_layout.addWidget(page)
        self._bind(self.card_page, "cards")
        self._bind(self.event_page, "events")

        self.preview = CardPreview(self.context.names)
        right = QWidget()
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(0, 0, 0, 0)
        right_layout.addWidget(self.preview)
        self.texts_box = CardTextsBox(document, self.context.names, self.watch)
        self.texts_box.textEdited.connect(lambda name, value: self._set_field([name], value))
        right_layout.addWidget(self.texts_box)
        right_layout.addStretch(1)

        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(left)
        self.middle_scroll = scrolling(middle)
        splitter.addWidget(self.middle_scroll)
        right_scroll = scrolling(right)
        # The preview scrolls up and down only: its column is never narrower than the card,
        # which was cut off at 1280 pixels (the form beside it wraps instead).
        bar = right_scroll.verticalScrollBar().sizeHint().width()
        right_scroll.setMinimumWidth(self.preview.minimumWidth() + bar + 4)
        splitter.addWidget(right_scroll)
        splitter.setStretchFactor(0, 2)
        splitter.setStretchFactor(1, 6)
        splitter.setStretchFactor(2, 2)
        splitter.setSizes([230, 680, 270])
        layout = QHBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(splitter)

        document.changed.connect(self.on_change)
        document.selectionChanged.connect(self.on_selection)
        self._fill_tabs()
        self.on_selection(document.selection)
        if self.current is None:
            # Opened with no card selected: show the deck's first card rather than an
            # empty page (the document's selection stays as it was).
            self._refresh_list()
            keys = self.entities.keys()
            self.current = keys[0] if keys else None
            self.entities.set_current(self.current)
            self._show_current()

    # -- binding -------------------------------------------------------------------------------

    def _bind(self, page: EntityPage, section: str) -> None:
        page.form.edited.connect(lambda new: self._replace(section, new))
        page.condition.edited.connect(lambda value: self._set_field(["condition"], value, page))
        page.effects.edited.connect(lambda value: self._set_field(["effects"], value, page))

    def _page(self) -> EntityPage:
        return self.card_page if self.section == "cards" else self.event_page

    def current_entity(self) -> Any:
        return None if self.current is None else self.document.get(self.section, self.current)

    def _replace(self, section: str, new: BaseModel | None) -> None:
        if new is not None and section == self.section:
            old = self.document.get(section, new.id)  # type: ignore[attr-defined]
            new = following(old, new, self.context.names)
            self.document.replace(section, new, f"Edit {new.id}")  # type: ignore[attr-defined]

    def _set_field(self, path: list[str], value: Any, page: EntityPage | None = None) -> None:
        if self.current is None:
            return
        page = page or self._page()
        try:
            old = self.document.get(self.section, self.current)
            new = following(old, with_value(old, path, value), self.context.names)
            self.document.replace(self.section, new, f"Edit {path[0]} of {self.current}")
        except ValidationError as error:
            page.message.not_applied(error)
            self._show_current()
            return
        page.message.hide()

    # -- following the document ------------------------------------------------------------------

    def _fill_tabs(self) -> None:
        keep = self._tab_key()
        self.tabs.blockSignals(True)
        self.tabs.clear()
        for side in self.document.items("sides"):
            count = sum(1 for card in self.document.items("cards") if card.side == side.id)
            self.tabs.addItem(swatch_icon(side.color), f"{side.name}: {count} cards", side.id)
        self.tabs.addItem(f"Events: {len(self.document.items('events'))}", EVENTS_TAB)
        index = self.tabs.findData(keep)
        self.tabs.setCurrentIndex(index if index >= 0 else 0)
        self.tabs.blockSignals(False)

    def _tab_key(self) -> str | None:
        return self.tabs.currentData()

    def _set_tab(self, key: str) -> None:
        self.tabs.blockSignals(True)
        self.tabs.setCurrentIndex(max(0, self.tabs.findData(key)))
        self.tabs.blockSignals(False)

    def _entries(self) -> list[Entry]:
        if self._tab_key() == EVENTS_TAB:
            return [
                Entry(
                    event.id,
                    f"{event.title}  ·  {wording.short_turns(event.turns)}",
                    f"{event.id}: {event.text}",
                    muted=not event.automatic,
                )
                for event in self.document.items("events")
            ]
        side = self._tab_key()
        entries = []
        for card in self.document.items("cards"):
            if card.side != side:
                continue
            text = card.name + (f"  \u00d7{card.copies}" if card.copies > 1 else "")
            played = ", ".join(word(phase, "phases") for phase in card.phases)
            tip = f"{word(card.color, 'color')}. Played: {played}"
            if self.watch.stale_fields(card):
                text += "  \u26a0"
                tip += "\n\u26a0 Its text was written for earlier rules: check it."
            colour = CARD_COLOURS[card.color].name()
            entries.append(Entry(card.id, text, tip, colour, muted=not card.in_deck))
        return entries

    def _refresh_list(self) -> None:
        self.section = "events" if self._tab_key() == EVENTS_TAB else "cards"
        self.entities.set_entries(self._entries())
        self.entities.set_current(self.current)
        noun = "event" if self.section == "events" else "card"
        self.entities.add_button.setToolTip(f"Add a {noun}")

    def _show_current(self) -> None:
        entity = self.current_entity()
        for page in (self.card_page, self.event_page):
            page.setVisible(entity is not None and page is self._page())
        self.empty.setVisible(entity is None)
        self.preview.set_entity(entity, set(self.watch.stale_fields(entity)))
        self.texts_box.setVisible(isinstance(entity, Card))
        if entity is None:
            return
        self._page().show_entity(entity)
        if isinstance(entity, Card):
            self.texts_box.show_card(entity)

    @property
    def fill_button(self) -> QPushButton:
        return self.texts_box.fill_button

    def fill_texts(self) -> None:
        self.texts_box.fill()

    def _stale_changed(self) -> None:
        if self.section == "cards":
            self._refresh_list()
            self._show_current()

    def on_change(self, change: Change) -> None:
        self.context.refresh_choices()
        if change.section in ("sides", "cards", "events"):
            self._fill_tabs()
            self._refresh_list()
        if self.current is not None and self.current_entity() is None:
            self.current = None
        if change.section == self.section:
            self._show_current()
        else:
            self.preview.update()  # names of places and units may have changed

    def on_selection(self, selection: Selection) -> None:
        if selection.section not in ("cards", "events") or not selection.ids:
            return
        entity = self.document.get(selection.section, selection.ids[0])
        if entity is None:
            return
        self._set_tab(entity.side if selection.section == "cards" else EVENTS_TAB)
        self.current = entity.id
        self._refresh_list()
        self._show_current()
        if selection.field:
            self._focus(tuple(selection.field))

    def _focus(self, path: tuple[str | int, ...]) -> None:
        page = self._page()
        head, rest = str(path[0]), tuple(path[1:])
        if head in LOGIC:
            builder = page.condition if head == "condition" else page.effects
            builder.focus(rest)
            self.middle_scroll.ensureWidgetVisible(builder, 0, 40)
        else:
            page.form.focus(path)

    def _tab_changed(self) -> None:
        self.current = None
        self._refresh_list()
        keys = self.entities.keys()
        if keys:
            self._picked(keys[0])
        else:
            self._show_current()

    def _picked(self, key: str | None) -> None:
        self.current = key
        self._show_current()
        if key is not None:
            self.document.select(self.section, [key])

    # -- list actions (each one undo step) ---------------------------------------------------------

    def add(self) -> None:
        if self.section == "events":
            entity: BaseModel = Event(
                id=new_id(self.document, "events", "new-event"),
                title="New event",
                turns=TurnRange(from_turn=1, to_turn=1),
            )
        else:
            entity = Card(
                id=new_id(self.document, "cards", "new-card"),
                name="New card",
                side=str(self._tab_key()),
                phases=["cards"],
                effects=[AddVictoryPoints(kind="vp", amount=1)],
            )
        self.document.add(self.section, entity, text=f"Add {entity.id}")  # type: ignore[attr-defined]
        self.document.select(self.section, [entity.id])  # type: ignore[attr-defined]
        # Typing after Add names the new card or event, as in the spreadsheets.
        field = self._page().form.rows["name" if self.section == "cards" else "title"]
        field.box.setFocus()
        field.box.selectAll()

    def duplicate(self) -> None:
        entity = self.current_entity()
        if entity is None:
            return
        copy_id = new_id(self.document, self.section, entity.id)
        copy = type(entity).model_validate({**entity.model_dump(by_alias=True), "id": copy_id})
        position = self.document.index_of(self.section, entity.id) + 1
        self.document.add(self.section, copy, position, f"Duplicate {entity.id}")
        self.document.select(self.section, [copy_id])

    def delete(self) -> None:
        if self.current is None:
            return
        keys = self.entities.keys()
        index = keys.index(self.current)
        gone = self.current
        self.document.delete(self.section, [gone])
        rest = [k for k in keys if k != gone]
        if rest:
            self.document.select(self.section, [rest[min(index, len(rest) - 1)]])
        else:
            self.current = None
            self._show_current()

    def move(self, step: int) -> None:
        keys = self.entities.keys()
        if self.current not in keys:
            return
        target = keys.index(self.current) + step
        if 0 <= target < len(keys):
            move_entity(self.document, self.section, self.current, keys[target])
