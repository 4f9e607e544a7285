"""Columns of an entity table: which fields a spreadsheet shows, and how a cell reads and writes.

A cell holds one plain value of an entity: a number, a flag, a word, a colour, a choice from a
fixed list or an id of another entity. Cells are also copied and pasted as text, so every
column knows how to write its value as text and read it back, refusing what does not fit with
a message a designer understands. Nested values (lists, per-side tables, sub-models) are not
columns; the form under the table edits them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, get_args, get_origin

from pydantic import BaseModel

from editor.shared.sentences import SIDE_TOKENS
from editor.shared.vocabulary import plain, section_name, word
from editor.studio.document import LIST_SECTIONS, ScenarioDocument, with_value
from editor.studio.forms.context import document_names
from editor.studio.forms.field_types import bounds, is_color, reference_of, unwrap
from schemas.base import Ref

CellKind = Literal["text", "int", "float", "bool", "choice", "color"]

NONE_TEXT = "—"
"""What an optional cell shows when it is empty (``null``): the rules fall back on a default."""

LONG_TEXT = frozenset({"description", "briefing", "text", "prompt"})
"""Fields too long for a cell; the form under the table shows them."""

_TRUE = frozenset({"true", "yes", "y", "1", "x", "✓", "on"})
_FALSE = frozenset({"false", "no", "n", "0", "", "off"})


@dataclass
class Column:
    """One column: a field of the entity (``key``), or a computed one in a subclass."""

    key: str
    title: str
    kind: CellKind = "text"
    tip: str = ""
    optional: bool = False
    low: float = -1_000_000.0
    high: float = 1_000_000.0
    fixed: Sequence[str] = ()
    """Values of a ``Literal`` field."""
    ref: Ref | None = None
    """For a reference: the section its ids come from."""
    editable: bool = True
    depends: tuple[str, ...] = ()
    """Other sections whose changes change what this column shows."""
    document: ScenarioDocument | None = field(default=None, repr=False)

    # -- reading -----------------------------------------------------------------------------

    def value(self, entity: BaseModel) -> Any:
        return getattr(entity, self.key)

    def text(self, value: Any) -> str:
        """The value as copied to the clipboard (and shown, but for empty cells)."""
        if value is None:
            return ""
        if isinstance(value, bool):
            return "true" if value else "false"
        if isinstance(value, float):
            return f"{value:g}"
        return str(value)

    def display(self, value: Any) -> str:
        """What the cell shows: a fixed value's name, the name of the entity an id names."""
        if value is None:
            return NONE_TEXT
        if self.kind == "bool":
            return ""
        if self.fixed:
            return word(value, self.key)
        if self.ref is not None:
            return self.entity_name(str(value))
        return self.text(value)

    def sort_key(self, value: Any) -> float | str:
        """Numbers sort as numbers and empty cells first, so sorting a column reads right;
        names sort as shown."""
        if self.kind in ("int", "float", "bool"):
            return float("-inf") if value is None else float(value)
        return self.display(value).lower() if value is not None else ""

    def values(self) -> list[str]:
        """The values a choice cell may hold, as the file spells them."""
        if self.ref is not None:
            return sorted(self.ref.tokens) + self._ids(self.ref.collection)
        return list(self.fixed)

    def label(self, value: Any) -> str:
        """How a choice cell's list names a value: the fixed value's name, or "Name (id)"."""
        if value is None:
            return NONE_TEXT
        if self.fixed:
            return word(value, self.key)
        if self.ref is not None:
            name = self.entity_name(str(value))
            return name if name == value else f"{name} ({value})"
        return self.text(value)

    def edit_text(self, value: Any) -> str:
        """The text a cell's editor starts from (a choice's label in its list)."""
        return self.label(value) if self.kind == "choice" else self.text(value)

    def options(self) -> list[str]:
        """What a choice cell offers, as labels (empty first for optional columns)."""
        return ([NONE_TEXT] if self.optional else []) + [self.label(v) for v in self.values()]

    def entity_name(self, entity_id: str) -> str:
        """The name of the entity an id names (the id itself when it has none)."""
        if entity_id in SIDE_TOKENS:
            return word(entity_id)
        if self.ref is None or self.document is None:
            return entity_id
        if self.ref.collection not in LIST_SECTIONS:
            return entity_id
        if self.document.get(self.ref.collection, entity_id) is None:
            return f"{entity_id} (missing)"
        return document_names(self.document)(self.ref.collection, entity_id)

    def describe(self, value: Any) -> str:
        """A tooltip for a cell: the name of the entity a reference points to."""
        if self.ref is None or value is None or self.document is None:
            return self.tip
        target = (
            self.document.get(self.ref.collection, value)
            if self.ref.collection in LIST_SECTIONS
            else None
        )
        if target is None:
            return f"{value}: not found in {section_name(self.ref.collection).lower()}"
        return self.label(value)

    def _ids(self, section: str) -> list[str]:
        if self.document is None:
            return []
        return [entity.id for entity in self.document.items(section)]

    # -- writing -----------------------------------------------------------------------------

    def parse(self, text: str) -> Any:
        """A cell's text as a value of the field; ``ValueError`` with a reason when it is not."""
        text = text.strip()
        if self.optional and text.lower() in ("", NONE_TEXT, "(none)", "null", "none"):
            return None
        if self.kind == "bool":
            word = text.lower()
            if word in _TRUE or word in _FALSE:
                return word in _TRUE
            raise ValueError(f"'{text}' is not true or false")
        if self.kind == "int":
            try:
                number = float(text)
            except ValueError:
                raise ValueError(f"'{text}' is not a whole number") from None
            if not number.is_integer():
                raise ValueError(f"'{text}' is not a whole number")
            return int(number)
        if self.kind == "float":
            try:
                return float(text)
            except ValueError:
                raise ValueError(f"'{text}' is not a number") from None
        if self.kind == "choice":
            found = self.choice_of(text)
            if found is None:
                where = section_name(self.ref.collection).lower() if self.ref else "the choices"
                raise ValueError(f"'{text}' is not one of {where}")
            return found
        return text

    def choice_of(self, text: str) -> str | None:
        """The value a choice cell's text means: a value as the file spells it, its label,
        or (for ids) the name of exactly one entity; ``None`` if it means none."""
        values = self.values()
        if text in values:
            return text
        needle = text.strip().lower()
        for value in values:
            if needle == self.label(value).lower():
                return value
        named = [v for v in values if self.display(v).lower() == needle]
        return named[0] if len(named) == 1 else None

    def updated(self, entity: BaseModel, value: Any) -> Any:
        """A validated copy of the entity holding ``value``; pydantic says why it cannot."""
        return with_value(entity, [self.key], value)


def column_for(
    model: type[BaseModel], name: str, document: ScenarioDocument | None = None
) -> Column | None:
    """A column for a field of ``model``, or ``None`` when a cell cannot hold it."""
    info = model.model_fields[name]
    core, optional, metadata = unwrap(info.annotation)
    metadata = [*metadata, *info.metadata]
    title = (info.alias or name).replace("_", " ").capitalize()
    common: dict[str, Any] = {
        "key": name,
        "title": title,
        "tip": plain(info.description),
        "optional": optional,
        "document": document,
    }
    ref = reference_of(info.annotation, info)
    if ref is not None and core is str:
        return Column(kind="choice", ref=ref, **common)
    if core is bool:
        return Column(kind="bool", **common)
    if core in (int, float):
        low, high = bounds(info, metadata)
        return Column(kind="int" if core is int else "float", low=low, high=high, **common)
    if get_origin(core) is Literal:
        return Column(kind="choice", fixed=[str(a) for a in get_args(core)], **common)
    if core is str:
        return Column(kind="color" if is_color(metadata) else "text", **common)
    return None


def columns_for(
    model: type[BaseModel],
    document: ScenarioDocument | None = None,
    wanted: Iterable[str | Column] | None = None,
) -> list[Column]:
    """Columns for the fields named in ``wanted`` (columns given as such are kept), or for
    every field a cell can hold, long texts left out."""
    if wanted is None:
        wanted = [name for name in model.model_fields if name not in LONG_TEXT]
    columns: list[Column] = []
    for item in wanted:
        column = item if isinstance(item, Column) else column_for(model, item, document)
        if column is not None:
            column.document = column.document or document
            columns.append(column)
    return columns
