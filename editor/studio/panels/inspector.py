"""The inspector: the fields of whatever is selected, editable in place.

It shows one form per kind of entity (built once and reused, so clicking through regions
stays instant). With several entities selected, like the attribute panel of a GIS, the form
shows what they share and marks as mixed what differs (an empty field reading "mixed", a
half-ticked box); a change to a field sets that field, and only that one, on all of them in
one undo step.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ValidationError
from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from editor.shared.vocabulary import entity_noun, section_name
from editor.shared.widgets import MessageLabel, scrolling
from editor.studio.document import LIST_SECTIONS, Change, ScenarioDocument, Selection, with_value
from editor.studio.forms.card_texts import following, text_watch
from editor.studio.forms.context import document_choices, studio_context
from editor.studio.forms.family import show_family_fields
from editor.studio.forms.fields import refresh_geometry
from editor.studio.forms.model_form import ModelEditor, humanise
from schemas.scenario import Scenario

if TYPE_CHECKING:
    # Imported when a hex map first needs it: a region map's studio never does, and its
    # forms' models were about 10 ms of every start (the eleventh large-map round).
    from editor.studio.panels.hex_inspector import HexPage

STALE_COLOUR = "#b35c00"


def set_in(entity: BaseModel, path: tuple[str | int, ...], leaf: Any, edited: BaseModel) -> Any:
    """``entity`` with the value at ``path`` set to ``leaf``, keeping all else it holds.

    Where the entity lacks part of the path (a per-side table without that side, an unset
    optional group), the nearest enclosing value of ``edited`` (the form's entity after the
    edit) is set instead, so the edit still means the same on every entity.
    """
    while True:
        try:
            return with_value(entity, path, leaf)
        except (KeyError, IndexError, TypeError, AttributeError):
            if len(path) <= 1:
                raise
            path = path[:-1]
            leaf = value_at(edited, path)


def value_at(value: Any, path: tuple[str | int, ...]) -> Any:
    for part in path:
        value = value[part] if isinstance(value, dict | list) else getattr(value, str(part))
    return value


def entity_type(section: str) -> type[BaseModel]:
    """The model class of a section (its list item for list sections)."""
    annotation = Scenario.model_fields[section].annotation
    from editor.studio.forms.fields import unwrap

    core, _, _ = unwrap(annotation)
    args = getattr(core, "__args__", None)
    return args[0] if section in LIST_SECTIONS and args else core


class Inspector(QWidget):
    """Shows and edits the selected entities (or a whole single section such as ``rules``)."""

    shown = Signal()
    """A value was just shown (hook for marks drawn over the form, see studio/mods)."""

    def __init__(self, document: ScenarioDocument) -> None:
        super().__init__()
        self.document = document
        self.context = studio_context(document)
        self.forms: dict[str, ModelEditor] = {}
        self.section: str | None = None
        self.ids: tuple[str, ...] = ()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        header = QHBoxLayout()
        self.title = QLabel()
        self.title.setTextFormat(Qt.TextFormat.PlainText)
        font = self.title.font()
        font.setBold(True)
        self.title.setFont(font)
        self.title.setWordWrap(True)
        header.addWidget(self.title, 1)
        self.rename_button = QPushButton("Rename…")
        self.rename_button.setToolTip("Change the id and every reference to it")
        self.rename_button.clicked.connect(self._ask_rename)
        header.addWidget(self.rename_button)
        layout.addLayout(header)
        self.message = MessageLabel()
        layout.addWidget(self.message)
        self.warning = QLabel()
        """A card whose own text was written for earlier rules says so here."""
        self.warning.setWordWrap(True)
        self.warning.setStyleSheet(f"color: {STALE_COLOUR};")
        self.warning.hide()
        layout.addWidget(self.warning)
        self.pages = QWidget()
        pages = QVBoxLayout(self.pages)
        pages.setContentsMargins(0, 0, 0, 0)
        self.empty = QLabel(
            "Nothing selected.\n\nClick a region, a symbol or a connection on the map, or an "
            "entry of the scenario explorer, to see and edit its fields here."
        )
        self.empty.setWordWrap(True)
        self.empty.setAlignment(Qt.AlignmentFlag.AlignTop)
        self.empty.setStyleSheet("color: #666;")
        pages.addWidget(self.empty)
        pages.addStretch(1)
        self.hex_page: HexPage | None = None
        """Hexes and hexsides of a hex map (not entities of the file: see the page), made
        when first shown."""
        self.scroll = scrolling(self.pages)
        layout.addWidget(self.scroll, 1)
        # Made now, so the cards of the file as opened count as consistent with their texts.
        self.watch = text_watch(document)
        self.watch.on_stale_changed(self, self._show_stale)
        document.selectionChanged.connect(self.on_selection)
        document.changed.connect(self.on_change)
        self.on_selection(document.selection)

    # -- following the document ------------------------------------------------------------------

    def _form(self, section: str) -> ModelEditor:
        form = self.forms.get(section)
        if form is None:
            model = entity_type(section)
            # A hex map's lists (runs, records, hexsides, roads) are edited on the map with
            # the hex tools and the hex page; here, the grid's numbers.
            skip: tuple[str, ...] = ()
            if section == "hex_map":
                from editor.studio.panels.hex_inspector import HEX_MAP_LISTS

                skip = HEX_MAP_LISTS
            form = ModelEditor(model, self.context, read_only=("id",), skip=skip)
            form.edited.connect(self._edited)
            self.forms[section] = form
            form.hide()
            layout = self.pages.layout()
            layout.insertWidget(layout.count() - 1, form)
        return form

    def _show(self, page: QWidget) -> None:
        """Show one page; hidden forms take no room, so the scroll range fits the shown one."""
        for other in [self.empty, *self.forms.values(), *filter(None, [self.hex_page])]:
            other.setVisible(other is page)

    def current(self) -> BaseModel | None:
        if self.section is None:
            return None
        if self.section not in LIST_SECTIONS:
            return getattr(self.document.scenario, self.section)
        return self.document.get(self.section, self.ids[0]) if self.ids else None

    def selected(self) -> list[BaseModel]:
        """The selected entities that exist (of a list section)."""
        if self.section not in LIST_SECTIONS:
            return []
        found = [self.document.get(self.section, entity_id) for entity_id in self.ids]
        return [entity for entity in found if entity is not None]

    def on_selection(self, selection: Selection) -> None:
        self.section, self.ids = selection.section, tuple(selection.ids)
        self.message.hide()
        self.refresh()
        if selection.field and self.section in self.forms:
            self.forms[self.section].focus(tuple(selection.field))

    def on_change(self, change: Change) -> None:
        self.context.refresh_choices()
        hexes = self.hex_page is not None and change.section in ("hex_map", "reset")
        # The rules family shows or hides a unit's operational values.
        family = change.section == "rules" and self.section in ("units", "unit_types")
        if (
            hexes
            or family
            or (
                change.section == self.section
                and (
                    not change.ids
                    or set(change.ids) & set(self.ids)
                    or self.section not in LIST_SECTIONS
                )
            )
        ):
            self.refresh()

    def _hex_page(self) -> HexPage | None:
        """The page of hexes and hexsides, on a hex map."""
        if self.document.scenario.hex_map is None:
            return None
        if self.hex_page is None:
            from editor.studio.panels.hex_inspector import HexPage

            self.hex_page = HexPage(self.document, self.context)
            self.hex_page.hide()
            layout = self.pages.layout()
            layout.insertWidget(layout.count() - 1, self.hex_page)
        return self.hex_page

    def _show_hexes(self) -> bool:
        """Show the selected hexes or hexside of a hex map; ``False`` for anything else."""
        if self.section not in ("regions", "connections") or not self.ids:
            return False
        page = self._hex_page()
        if page is None:
            return False
        # Shown first, then filled: Qt drops the size changes of hidden widgets, which left a
        # hexside's fields cut to a sliver the first time the page showed.
        self._show(page)
        if not page.show_selection(self.section, self.ids):
            return False
        self.title.setText(page.title())
        self.rename_button.hide()
        self.warning.hide()
        refresh_geometry(page)
        for layout in (page.layout(), self.pages.layout()):
            layout.activate()  # now, not at the next turn of the event loop
        self.shown.emit()
        return True

    def refresh(self) -> None:
        if self._show_hexes():
            return
        value = self.current()
        single_section = self.section is not None and self.section not in LIST_SECTIONS
        if self.section is None or (value is None and not single_section):
            self.title.setText("")
            self.rename_button.hide()
            self._show(self.empty)
            self.shown.emit()
            return
        form = self._form(self.section)
        shown = self.selected()
        if len(shown) > 1:
            form.show_values(shown)
        else:
            form.show_value(value)
        show_family_fields(form, self.document.scenario, value)
        self._show(form)
        refresh_geometry(form)
        if single_section:
            self.title.setText(section_name(self.section))
        elif len(self.ids) == 1:
            name = self.context.names(self.section, self.ids[0])
            noun = entity_noun(self.section)
            self.title.setText(
                f"{noun}: {name} ({self.ids[0]})" if name != self.ids[0] else f"{noun}: {name}"
            )
        else:
            self.title.setText(
                f"{len(shown)} {section_name(self.section).lower()} selected: "
                "an edit applies to all of them"
            )
        self.rename_button.setVisible(not single_section and len(self.ids) == 1)
        self._show_stale()
        self.shown.emit()

    def _show_stale(self) -> None:
        stale = [
            card.name
            for card in (self.selected() if self.section == "cards" else [])
            if self.watch.stale_fields(card)
        ]
        if len(stale) == 1 and len(self.ids) == 1:
            self.warning.setText(
                "\u26a0 This card's rules changed since its printed text was written: check "
                "its condition and effect texts (the decks editor can rewrite them)."
            )
        elif stale:
            self.warning.setText(
                "\u26a0 The rules of these cards changed since their printed texts were "
                f"written: {', '.join(stale)}."
            )
        self.warning.setVisible(bool(stale))

    # -- editing ---------------------------------------------------------------------------------

    def _edited(self, new: BaseModel | None) -> None:
        section, old = self.section, self.current()
        if section is None or old is None or new is None:
            return
        if section not in LIST_SECTIONS:
            self.document.set_section(section, new, f"Edit {section_name(section).lower()}")
            return
        changed = [
            name
            for name in type(new).model_fields
            if getattr(new, name) != getattr(old, name) and name != "id"
        ]
        if len(self.ids) == 1:
            if changed:
                new = following(old, new, self.context.names)  # generated card texts follow
                self.document.replace(section, new, f"Edit {', '.join(changed)} of {new.id}")
            return
        # Several entities: the field the form says was edited, even to the first one's
        # value (it was mixed), else every field that changed, each as a whole.
        form = self.forms[section]
        path, form.edit_path = form.edit_path, ()
        if path and (path[0] in changed or (not changed and path[0] in form.mixed)):
            edits = [(path, form.edit_leaf)]
        else:
            edits = [((name,), getattr(new, name)) for name in changed]
        if not edits:
            return
        try:
            edited = []
            for entity in self.selected():
                changed_entity = entity
                for where, leaf in edits:
                    changed_entity = set_in(changed_entity, where, leaf, new)
                edited.append(following(entity, changed_entity, self.context.names))
        except ValidationError as error:
            self.message.not_applied(error)
            self.refresh()
            return
        what = ", ".join(
            " ".join(humanise(str(part)).lower() for part in where if isinstance(part, str))
            for where, _ in edits
        )
        with self.document.macro(f"Edit {what} of {len(edited)} {section_name(section).lower()}"):
            for entity in edited:
                self.document.replace(section, entity)

    def _ask_rename(self) -> None:
        if self.section is None or len(self.ids) != 1:
            return
        new_id, ok = QInputDialog.getText(
            self, "Rename", f"New id for {self.ids[0]}:", QLineEdit.EchoMode.Normal, self.ids[0]
        )
        if ok:
            self.rename(new_id.strip())

    def rename(self, new_id: str) -> bool:
        """Rename the selected entity; shows why when the id cannot be used."""
        assert self.section is not None
        try:
            self.document.rename(self.section, self.ids[0], new_id)
        except (ValueError, ValidationError) as error:
            text = error.errors()[0]["msg"] if isinstance(error, ValidationError) else str(error)
            self.message.say(f"Cannot rename: {text}")
            return False
        self.document.select(self.section, [new_id])
        return True


__all__ = ["Inspector", "document_choices", "entity_type"]  # document_choices: for older callers
