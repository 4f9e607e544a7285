"""Forms built from the scenario's pydantic models, so every field of the format is editable.

One pattern binds every form both ways: an editor's ``edited`` signal hands its new value up;
the model editor builds a validated copy of its model with it (``with_value``) and hands that
up in turn, until the owner (the inspector, a section editor) turns it into one document edit.
When the document changes, the owner calls ``set_value`` and every editor updates with its
signals blocked, so showing a value never looks like an edit.

Nested models become groups, lists become a list with a form for the selected item,
discriminated unions (conditions, effects) a choice of kind with the form of that kind, so
conditions and effects are built without typing JSON.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, get_args, get_origin

from pydantic import BaseModel, ValidationError
from pydantic.fields import FieldInfo
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGroupBox,
    QLabel,
    QVBoxLayout,
    QWidget,
)
from shiboken6 import isValid

from editor.shared.sentences import Names, plain_names
from editor.shared.vocabulary import (
    CONDITION_KINDS,
    EFFECT_KINDS,
    field_name,
    has_word,
    humanised,
    plain,
    word,
)
from editor.shared.widgets import MessageLabel, form_combo
from editor.studio.document import with_value
from editor.studio.forms.defaults import default_model, union_members
from editor.studio.forms.field_types import reference_of, unwrap
from editor.studio.forms.fields import PolygonSummary, ValueEditor, editor_for, refresh_geometry
from schemas.base import Ref
from schemas.map import Polygon

Factory = Callable[[str, Any, "FieldInfo | None", "FormContext"], "ValueEditor | None"]


NONE_KIND = "@none"
"""Item data of a union's "(none)" entry: an empty item value read back from Qt was part of
PySide6 6.12's corruption of ``None``'s reference count, so no item holds ``None``."""


@dataclass
class FormContext:
    """What every editor of a form shares: where ids come from, how entities are named,
    and special editors. The studio's is ``context.studio_context(document)``."""

    choices: Callable[[Ref], list[str]] = lambda _ref: []
    """Ids a reference may point to (the document's current entities)."""
    names: Names = plain_names
    """Display name of an entity, ``(collection, id) -> name``, shown beside ids."""
    flags: Callable[[], list[str]] = list
    """Flag names the scenario already uses, offered by flag pickers."""
    zones: Callable[[], list[str]] = list
    """OM20: the fixed zones in use, offered by a fixed unit's zone picker."""
    custom: list[Factory] = field(default_factory=list)
    """Factories tried before the generic ones; the first that returns an editor wins."""
    editors: list[ValueEditor] = field(default_factory=list)
    """Every reference editor built, so their choices can be refreshed together."""

    def bind(self, editor: ValueEditor) -> None:
        """Give a reference editor (one with a ``ref``) its names and choices, now and at
        every :meth:`refresh_choices`."""
        if hasattr(editor, "names"):
            editor.names = self.names
        editor.set_choices(self.reference_choices(editor.ref))  # type: ignore[attr-defined]
        self.editors.append(editor)

    def refresh_choices(self) -> None:
        # Forms rebuild parts of themselves (a mapping's rows): forget the editors Qt deleted.
        self.editors[:] = [editor for editor in self.editors if isValid(editor)]
        for editor in self.editors:
            ref = getattr(editor, "ref", None)
            if ref is not None:
                editor.set_choices(self.reference_choices(ref))

    def reference_choices(self, ref: Ref) -> list[str]:
        return sorted(ref.tokens) + self.choices(ref)


def humanise(name: str) -> str:
    """A field's name made readable: ``stacking_with_trail`` -> "Stacking with trail"."""
    return humanised(name)


def describe(value: Any, limit: int = 60, names: Names = plain_names) -> str:
    """A one-line summary of a value for lists, in words: its name, title, description or id
    (else its kind, or its first fixed value), then a few of its plain fields, with the
    entities they name by their names ("Axis: side Axis, check at once...")."""
    if not isinstance(value, BaseModel):
        text = str(value)
        return text if len(text) <= limit else text[: limit - 1] + "…"
    fields = type(value).model_fields
    used = {"id", "kind", "name", "title", "description"}
    head = next(
        (
            str(getattr(value, key)).strip()
            for key in ("name", "title", "description", "id")
            if key in fields and getattr(value, key) not in (None, "")
        ),
        "",
    )
    if not head and "kind" in fields:
        head = CONDITION_KINDS.get(value.kind) or EFFECT_KINDS.get(value.kind) or ""
    plain_fields = [
        name
        for name in fields
        if name not in used and isinstance(getattr(value, name), str | int | float | bool)
    ]
    if not head and plain_fields and has_word(getattr(value, plain_fields[0]), plain_fields[0]):
        first = plain_fields.pop(0)  # a phase, a kind of place: the value says what it is
        head = word(getattr(value, first), first)
    details = [
        f"{humanise(name).lower()} {_spoken(value, name, names)}" for name in plain_fields[:3]
    ]
    text = ", ".join(details)
    text = f"{head}: {text}" if head and text else head or text[:1].upper() + text[1:]
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _spoken(model: BaseModel, name: str, names: Names) -> str:
    value = getattr(model, name)
    if isinstance(value, bool):
        return "yes" if value else "no"
    info = type(model).model_fields[name]
    ref = reference_of(info.annotation, info)
    if isinstance(value, str) and ref is not None:
        return word(value).lower() if value.startswith("@") else names(ref.collection, value)
    if isinstance(value, str) and has_word(value, name):
        return word(value, name).lower()
    return str(value)


def kind_of(model: type[BaseModel]) -> str:
    (value,) = get_args(model.model_fields["kind"].annotation)
    return str(value)


WAYPOINTS_HINT = "none: the line runs straight (bends as [[x, y], …] in map units)"


def build_editor(
    name: str, annotation: Any, info: FieldInfo | None, context: FormContext
) -> ValueEditor:
    """The editor a field gets: custom, then union, model, collection, value editors."""
    for factory in context.custom:
        made = factory(name, annotation, info, context)
        if made is not None:
            return made
    core, optional, _ = unwrap(annotation)
    if core is Polygon:
        return PolygonSummary()
    members = union_members(annotation)
    if members is not None:
        return UnionEditor(members, optional, context)
    if isinstance(core, type) and issubclass(core, BaseModel):
        return ModelEditor(core, context, optional=optional, noun=humanise(name).lower())
    from editor.studio.forms.collections import ListEditor, MappingEditor, item_kind

    if get_origin(core) is list and item_kind(get_args(core)[0]) != "scalar":
        return ListEditor(get_args(core)[0], context)
    simple = editor_for(name, annotation, info)
    if simple is not None:
        if getattr(simple, "ref", None) is not None:
            context.bind(simple)  # a picker of ids: the document's ids, refreshed on edits
        return simple
    if get_origin(core) is dict:
        key, value = get_args(core)
        return MappingEditor(key, value, context)
    from editor.studio.forms.collections import JsonEditor

    if name == "waypoints":  # a connection's bends: nothing on the map edits them yet
        return JsonEditor(annotation, WAYPOINTS_HINT)
    return JsonEditor(annotation)


class ModelEditor(ValueEditor):
    """A form for one model: a labelled row per field, nested models as groups."""

    def __init__(
        self,
        model: type[BaseModel],
        context: FormContext,
        *,
        optional: bool = False,
        skip: Iterable[str] = (),
        read_only: Iterable[str] = (),
        noun: str = "",
    ) -> None:
        super().__init__()
        self.model, self.context, self.optional = model, context, optional
        self.current: BaseModel | None = None
        self.rows: dict[str, ValueEditor] = {}
        self.labels: dict[str, QLabel] = {}
        self.titles: dict[str, QLabel | QGroupBox] = {}
        """What shows each row's name: its label, or the group box of a wide row."""
        self.mixed: set[str] = set()
        """Fields where the entities shown together (:meth:`show_values`) differ."""
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        self.error = MessageLabel()
        self.presence: QComboBox | None = None
        if optional:
            self.presence = form_combo()
            self.presence.addItems(["(none)", f"Set {noun or 'a value'}"])
            self.presence.activated.connect(self._toggle_presence)
            outer.addWidget(self.presence)
        self.body = QWidget()
        form = QFormLayout(self.body)
        form.setContentsMargins(0, 0, 0, 0)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        outer.addWidget(self.body)
        outer.addWidget(self.error)
        hidden = set(skip)
        for name, info in model.model_fields.items():
            if name in hidden or (name == "kind" and "kind" in model.model_fields):
                continue
            editor = build_editor(name, info.annotation, info, context)
            if name in set(read_only):
                editor.setEnabled(False)
            tip = plain(info.description)
            spelled = info.alias if info.alias and name != "schema_uri" else name
            label = QLabel(field_name(model.__name__, spelled))
            label.setToolTip(tip)
            editor.setToolTip(tip)
            editor.edited.connect(lambda value, n=name: self._child_edited(n, value))
            if _is_wide(editor):
                box = QGroupBox(label.text())
                box.setToolTip(tip)
                inner = QVBoxLayout(box)
                inner.setContentsMargins(6, 4, 6, 4)
                inner.addWidget(editor)
                form.addRow(box)
                self.titles[name] = box
            else:
                form.addRow(label, editor)
                self.titles[name] = label
            self.labels[name] = label
            self.rows[name] = editor

    # -- showing ---------------------------------------------------------------------------------

    def value(self) -> BaseModel | None:
        return self.current

    def set_value(self, value: Any) -> None:
        self.current = value
        self._unmark()
        if self.presence is not None:
            self.presence.setCurrentIndex(0 if value is None else 1)
        self.body.setVisible(value is not None)
        self.error.hide()
        if value is None:
            return
        for name, editor in self.rows.items():
            editor.show_value(getattr(value, name))
            editor.setStyleSheet("")

    def show_values(self, values: list[Any]) -> bool:
        """Show several models together (a multi-selection): the first one's values, and
        each field where they differ as mixed, down to nested forms and per-side tables."""
        self.show_value(values[0])
        if len(values) < 2 or any(v is None for v in values):
            return all(v == values[0] for v in values[1:])
        for name, editor in self.rows.items():
            column = [getattr(v, name) for v in values]
            if all(item == column[0] for item in column[1:]):
                continue
            self.mixed.add(name)
            if not editor.show_values(column):
                self._mark(name)
        return True

    def _mark(self, name: str) -> None:
        """Say on a row's name that the entities differ there (for editors that cannot)."""
        title = self.titles[name]
        text = f"{self.labels[name].text()} (mixed)"
        tip = "The selected entities differ here: an edit sets this value on all of them."
        if isinstance(title, QGroupBox):
            title.setTitle(text)
        else:
            title.setText(text)
        title.setToolTip(tip)

    def _unmark(self) -> None:
        for name in self.mixed:
            title, label = self.titles[name], self.labels[name]
            if isinstance(title, QGroupBox):
                title.setTitle(label.text())
            else:
                title.setText(label.text())
            title.setToolTip(self.rows[name].toolTip())
        self.mixed = set()

    # -- editing ---------------------------------------------------------------------------------

    def _child_edited(self, name: str, value: Any) -> None:
        if self.current is None:
            return
        if name not in self.mixed and getattr(self.current, name) == value:
            return
        try:
            new = with_value(self.current, [name], value)
        except (ValidationError, ValueError, TypeError) as error:
            self.show_error(name, error)
            self.rows[name].show_value(getattr(self.current, name))
            return
        self.error.hide()
        self.current = new
        child = self.rows[name]
        self.edit_path = (name, *child.edit_path)
        self.edit_leaf = child.edit_leaf if child.edit_path else value
        self.edited.emit(new)

    def show_error(self, name: str, error: Exception) -> None:
        message = str(error)
        if isinstance(error, ValidationError):
            first = error.errors()[0]
            message = first["msg"]
        self.error.say(f"{field_name(self.model.__name__, name)}: {message}")
        self.labels[name].setToolTip(message)

    def _toggle_presence(self, index: int) -> None:
        self.edit_path = ()
        if index == 0:
            self.set_value(None)
            self.edited.emit(None)
            return
        try:
            made = default_model(self.model, self.context.reference_choices)
        except ValueError as error:
            self.presence.setCurrentIndex(0)  # type: ignore[union-attr]
            self.error.say(str(error))
            return
        self.set_value(made)
        self.edited.emit(made)

    def set_row_visible(self, name: str, visible: bool) -> None:
        """Show or hide one field's row (a field another rules family reads)."""
        editor = self.rows.get(name)
        layout = self.body.layout()
        if editor is None or not isinstance(layout, QFormLayout):
            return
        title = self.titles[name]
        layout.setRowVisible(title if isinstance(title, QGroupBox) else editor, visible)

    def focus(self, path: tuple[str | int, ...]) -> bool:
        """Give the keyboard focus to the editor of a field path; ``False`` if not shown."""
        if not path:
            return False
        editor = self.rows.get(str(path[0]))
        if editor is None:
            return False
        if len(path) > 1 and hasattr(editor, "focus") and editor.focus(path[1:]):
            return True
        editor.setFocus()
        target = getattr(editor, "box", None)
        if isinstance(target, QWidget):
            target.setFocus()
        editor.setStyleSheet("background: #fff3c4;")
        return True


class UnionEditor(ValueEditor):
    """One of several kinds of model (a condition, an effect): pick the kind, fill its form."""

    def __init__(
        self, members: list[type[BaseModel]], optional: bool, context: FormContext
    ) -> None:
        super().__init__()
        self.members = {kind_of(m): m for m in members}
        self.optional, self.context = optional, context
        names = EFFECT_KINDS if members[0].__module__ == "schemas.effects" else CONDITION_KINDS
        self.current: BaseModel | None = None
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.kind = form_combo()
        if optional:
            self.kind.addItem("(none)", NONE_KIND)
        for kind, member in self.members.items():
            self.kind.addItem(names.get(kind) or humanised(kind), kind)
            index = self.kind.count() - 1
            self.kind.setItemData(index, plain(member.__doc__), 3)  # tooltip role
        self.kind.activated.connect(self._kind_chosen)
        layout.addWidget(self.kind)
        holder = QVBoxLayout()
        layout.addLayout(holder)
        self.kind_forms = FormPerKind(holder, self._make_form)
        self.error = MessageLabel()
        layout.addWidget(self.error)

    def _make_form(self, model: type[BaseModel]) -> ModelEditor:
        form = ModelEditor(model, self.context)
        form.edited.connect(self._form_edited)
        return form

    def value(self) -> BaseModel | None:
        return self.current

    def set_value(self, value: Any) -> None:
        self.current = value
        kind = None if value is None else str(value.kind)
        self.kind.setCurrentIndex(max(0, self.kind.findData(kind or NONE_KIND)))
        self.kind_forms.show(None if kind is None else self.members[kind], value)

    def _kind_chosen(self, _index: int) -> None:
        kind = self.kind.currentData()
        if kind == NONE_KIND:
            self.set_value(None)
            self.edited.emit(None)
            return
        if self.current is not None and self.current.kind == kind:
            return
        try:
            made = default_model(self.members[kind], self.context.reference_choices)
        except ValueError as error:
            self.error.say(f"{self.kind.currentText()}: {error}")
            self.set_value(self.current)
            return
        self.error.hide()
        self.set_value(made)
        self.edited.emit(made)

    def _form_edited(self, value: BaseModel) -> None:
        self.current = value
        self.edited.emit(value)

    def focus(self, path: tuple[str | int, ...]) -> bool:
        if self.current is None:
            return False
        return self.kind_forms.form(self.members[str(self.current.kind)]).focus(path)


class FormPerKind:
    """One form per kind of model, built on first use and then reused, one shown at a time.

    A union field and the logic builder switch kinds often (clicking through conditions);
    building a form is what costs, so each kind's form is kept.
    """

    def __init__(self, holder: QVBoxLayout, make: Callable[[type[BaseModel]], ModelEditor]) -> None:
        self.holder, self.make = holder, make
        self.forms: dict[type[BaseModel], ModelEditor] = {}

    def form(self, model: type[BaseModel]) -> ModelEditor:
        form = self.forms.get(model)
        if form is None:
            form = self.forms[model] = self.make(model)
            self.holder.addWidget(form)
        return form

    def show(self, model: type[BaseModel] | None, value: Any) -> None:
        """Show ``value`` in the form of ``model``, hiding the others (all for ``None``)."""
        for kind, form in self.forms.items():
            form.setVisible(kind is model)
        if model is not None:
            form = self.form(model)
            form.setVisible(True)
            form.show_value(value)
            refresh_geometry(form)


def _is_wide(editor: ValueEditor) -> bool:
    """Editors that get a full-width group row rather than a labelled one: nested forms,
    collections, and editors asking for room (``wide = True``, such as the logic builder)."""
    from editor.studio.forms.collections import ListEditor, MappingEditor

    return isinstance(editor, ModelEditor | UnionEditor | ListEditor | MappingEditor) or bool(
        getattr(editor, "wide", False)
    )


__all__ = ["FormContext", "ModelEditor", "UnionEditor", "build_editor", "describe", "humanise"]
