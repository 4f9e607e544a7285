"""Cells of a grid made from the models: a line per plain value of a record, and a chapter
made for any part of a section no hand-made grid shows (see :mod:`.operational_grids`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, get_args, get_origin

from pydantic import BaseModel

from editor.shared.vocabulary import plain, word
from editor.studio.forms.field_types import unwrap
from editor.studio.forms.model_form import humanise
from editor.studio.sections.grid_model import GridSpec, Line, Path

OP: Path = ("operational",)
VALUE = [Line("Value", ())]


@dataclass(frozen=True)
class Chapter:
    """A chapter of the operational family in the rules editor: its grids, one page."""

    key: str
    title: str
    grids: tuple[GridSpec, ...]


def leaf_lines(
    model: type[BaseModel],
    value: Any = None,
    prefix: Path = (),
    title: str = "",
    expand: Mapping[str, Sequence[str]] | None = None,
) -> list[Line]:
    """A line per plain value of ``model``, nested records flattened ("Entry cost: armour");
    lists named in ``expand`` get a line per item, titled by ``expand``'s words."""
    lines: list[Line] = []
    for name, info in model.model_fields.items():
        core, _, _ = unwrap(info.annotation)
        label = humanise(name) if not title else f"{title}: {humanise(name).lower()}"
        tip = plain(info.description)
        if isinstance(core, type) and issubclass(core, BaseModel):
            # An optional record too: its cells show its defaults until one is typed.
            inner = getattr(value, name) if value is not None else None
            lines += leaf_lines(core, inner, (*prefix, name), label, expand)
        elif get_origin(core) is list and expand and name in expand:
            for number, item in enumerate(expand[name]):
                lines.append(Line(f"{label}: {word(item).lower()}", (*prefix, name, number), tip))
        elif fits_a_cell(core):
            lines.append(Line(label, (*prefix, name), tip))
        # Anything else (a list of records, a mapping) is not a cell; its own grid shows it.
    return lines


def fits_a_cell(core: Any) -> bool:
    """A number, a flag, a word or a choice, or a list of words (typed with commas)."""
    if core in (int, float, bool, str) or get_origin(core) is Literal:
        return True
    if get_origin(core) is list:
        item, _, _ = unwrap(get_args(core)[0])
        return item is str or get_origin(item) is Literal
    return False


def _record_of(annotation: Any) -> type[BaseModel] | None:
    core, _, _ = unwrap(annotation)
    return core if isinstance(core, type) and issubclass(core, BaseModel) else None


def _list_grid(key: str, title: str, about: str, base: Path, item: type[BaseModel]) -> GridSpec:
    """A list of records as a table with a row per entry."""
    return GridSpec(
        key=key,
        title=title,
        about=about,
        base=base,
        rows=lambda table, doc: [Line(str(n + 1), (n,)) for n in range(len(table))],
        columns=lambda table, doc, i=item: leaf_lines(i),
        new_row=lambda doc, i=item: i(),
        noun=title.lower().rstrip("s"),
    )


def _record_grids(
    name: str, title: str, about: str, base: Path, record: type[BaseModel]
) -> list[GridSpec]:
    """A record as a column of its plain values, then a table for each list of records it
    holds (the HQ tree's entries, the victory locations): every value gets a cell."""
    grids: list[GridSpec] = []
    if leaf_lines(record):
        grids.append(
            GridSpec(
                key=f"auto-{name}",
                title=title,
                about=about,
                base=base,
                rows=lambda table, doc, r=record: leaf_lines(r, table),
                columns=lambda table, doc: VALUE,
            )
        )
    for field_name, info in record.model_fields.items():
        core, _, _ = unwrap(info.annotation)
        item = _record_of(get_args(core)[0]) if get_origin(core) is list else None
        if item is not None:
            grids.append(
                _list_grid(
                    f"auto-{name}-{field_name}",
                    f"{title}: {humanise(field_name).lower()}",
                    plain(info.description),
                    (*base, field_name),
                    item,
                )
            )
    return grids


def automatic_chapters(
    model: type[BaseModel], covered: set[str], prefix: Path = OP
) -> tuple[Chapter, ...]:
    """A chapter for each part of ``model`` no chapter above shows (the parts a later rules
    group adds to ``rules.operational``): a record as a column of values and a table per list
    of records it holds, a list of records as a table with a row per entry, so that every knob
    of the family can be edited."""
    chapters: list[Chapter] = []
    for name, info in model.model_fields.items():
        if name in covered:
            continue
        title, about = humanise(name), plain(info.description)
        core, _, _ = unwrap(info.annotation)
        record = _record_of(info.annotation)
        if record is not None:
            grids = _record_grids(name, title, about, (*prefix, name), record)
        elif get_origin(core) is list and (item := _record_of(get_args(core)[0])) is not None:
            grids = [_list_grid(f"auto-{name}", title, about, (*prefix, name), item)]
        else:
            continue
        if grids:
            chapters.append(Chapter(f"op-{name}", title, tuple(grids)))
    return tuple(chapters)
