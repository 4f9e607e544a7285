"""The inspector: the fields of whatever is selected, editable in place.

It shows one form per kind of entity (built once and reused, so clicking through regions
stays instant). With several entities selected, the form shows the first one and a change
to a field is applied to all of them as one step, like multi-selection in a GIS attribute
panel.
"""

from __future__ import annotations

from pydantic import BaseModel, ValidationError
from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from editor.shared.widgets import MessageLabel
from editor.studio.document import LIST_SECTIONS, Change, ScenarioDocument, Selection, with_value
from editor.studio.forms.context import document_choices, studio_context
from editor.studio.forms.fields import refresh_geometry
from editor.studio.forms.model_form import ModelEditor, humanise
from schemas.scenario import Scenario


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
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setWidget(self.pages)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        layout.addWidget(scroll, 1)
        document.selectionChanged.connect(self.on_selection)
        document.changed.connect(self.on_change)
        self.on_selection(document.selection)

    # -- following the document ------------------------------------------------------------------

    def _form(self, section: str) -> ModelEditor:
        form = self.forms.get(section)
        if form is None:
            model = entity_type(section)
            form = ModelEditor(model, self.context, read_only=("id",))
            form.edited.connect(self._edited)
            self.forms[section] = form
            form.hide()
            layout = self.pages.layout()
            layout.insertWidget(layout.count() - 1, form)
        return form

    def _show(self, page: QWidget) -> None:
        """Show one page; hidden forms take no room, so the scroll range fits the shown one."""
        for other in [self.empty, *self.forms.values()]:
            other.setVisible(other is page)

    def current(self) -> BaseModel | None:
        if self.section is None:
            return None
        if self.section not in LIST_SECTIONS:
            return getattr(self.document.scenario, self.section)
        return self.document.get(self.section, self.ids[0]) if self.ids else None

    def on_selection(self, selection: Selection) -> None:
        self.section, self.ids = selection.section, tuple(selection.ids)
        self.message.hide()
        self.refresh()
        if selection.field and self.section in self.forms:
            self.forms[self.section].focus(tuple(selection.field))

    def on_change(self, change: Change) -> None:
        self.context.refresh_choices()
        if change.section == self.section and (
            not change.ids or set(change.ids) & set(self.ids) or self.section not in LIST_SECTIONS
        ):
            self.refresh()

    def refresh(self) -> None:
        value = self.current()
        single_section = self.section is not None and self.section not in LIST_SECTIONS
        if self.section is None or (value is None and not single_section):
            self.title.setText("")
            self.rename_button.hide()
            self._show(self.empty)
            self.shown.emit()
            return
        form = self._form(self.section)
        form.show_value(value)
        self._show(form)
        refresh_geometry(form)
        noun = humanise(self.section)
        if single_section:
            self.title.setText(noun)
        elif len(self.ids) == 1:
            name = getattr(value, "name", "") or ""
            self.title.setText(
                f"{noun}: {name} ({self.ids[0]})" if name else f"{noun}: {self.ids[0]}"
            )
        else:
            self.title.setText(f"{len(self.ids)} {noun.lower()} selected: edits apply to all")
        self.rename_button.setVisible(not single_section and len(self.ids) == 1)
        self.shown.emit()

    # -- editing ---------------------------------------------------------------------------------

    def _edited(self, new: BaseModel | None) -> None:
        section, old = self.section, self.current()
        if section is None or old is None or new is None:
            return
        if section not in LIST_SECTIONS:
            self.document.set_section(section, new, f"Edit {humanise(section).lower()}")
            return
        changed = [
            name
            for name in type(new).model_fields
            if getattr(new, name) != getattr(old, name) and name != "id"
        ]
        if not changed:
            return
        if len(self.ids) == 1:
            self.document.replace(section, new, f"Edit {', '.join(changed)} of {new.id}")
            return
        try:
            edited = []
            for entity_id in self.ids:
                entity = self.document.get(section, entity_id)
                for name in changed:
                    entity = with_value(entity, [name], getattr(new, name))
                edited.append(entity)
        except ValidationError as error:
            self.message.not_applied(error)
            self.refresh()
            return
        with self.document.macro(f"Edit {', '.join(changed)} of {len(self.ids)} {section}"):
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
