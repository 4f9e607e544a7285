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

from editor.studio.document import LIST_SECTIONS, ScenarioDocument, with_value
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
        if value is None:
            return NONE_TEXT
        if self.kind == "bool":
            return ""
        return self.text(value)

    def sort_key(self, value: Any) -> float | str:
        """Numbers sort as numbers and empty cells first, so sorting a column reads right."""
        if self.kind in ("int", "float", "bool"):
            return float("-inf") if value is None else float(value)
        return self.text(value).lower()

    def options(self) -> list[str]:
        """What a choice cell offers, as text (empty first for optional columns)."""
        values = list(self.fixed)
        if self.ref is not None:
            values = sorted(self.ref.tokens) + self._ids(self.ref.collection)
        return ([NONE_TEXT] if self.optional else []) + values

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
            return f"{value}: not found in {self.ref.collection}"
        return f"{getattr(target, 'name', value)} ({value})"

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
            allowed = [o for o in self.options() if o != NONE_TEXT]
            if text not in allowed:
                where = self.ref.collection if self.ref else "the choices"
                raise ValueError(f"'{text}' is not one of {where}")
        return text

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
        "tip": (info.description or "").strip(),
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
