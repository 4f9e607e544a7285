"""The studio's form context: one vocabulary of editors for every form bound to a document.

The inspector, the section editors and the builders all show the same fields the same way:
references picked by name from the document's entities (refreshed after every edit),
conditions and effect lists as the builder's trees, flag names from those the scenario
uses, and images picked with a file dialog and stored relative to the scenario file.
Everything is read from the document when needed, so it follows renames and new entities.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from editor.shared.sentences import Names
from editor.shared.widgets import install_wheel_guard
from editor.studio.forms.builder import logic_tree_factory
from editor.studio.forms.model_form import FormContext
from editor.studio.forms.paths import image_path_factory
from editor.studio.forms.pickers import flag_factory
from editor.studio.forms.zone_picker import zone_factory, zones_in_use
from schemas import conditions as c
from schemas import effects as e
from schemas.base import Ref

if TYPE_CHECKING:
    from editor.studio.document import ScenarioDocument


def document_choices(document: ScenarioDocument) -> Callable[[Ref], list[str]]:
    """Ids a reference may name, read from the document when asked."""
    from editor.studio.document import LIST_SECTIONS

    def choices(ref: Ref) -> list[str]:
        if ref.collection == "regions" and document.scenario.hex_map is not None:
            return list(_hexes(document).ids)  # a hex map's regions are its hexes
        if ref.collection not in LIST_SECTIONS:
            return []
        return [entity.id for entity in document.items(ref.collection)]

    return choices


class _HexNames:
    """The ids and names of a hex map's hexes, read again when the map changes."""

    def __init__(self) -> None:
        self.hex_map: object = None
        self.ids: list[str] = []
        self.names: dict[str, str] = {}


_HEX_CACHE: weakref.WeakKeyDictionary[ScenarioDocument, _HexNames] = weakref.WeakKeyDictionary()


def _hexes(document: ScenarioDocument) -> _HexNames:
    from schemas.hexgrid.grid import HexGrid

    hex_map = document.scenario.hex_map
    cached = _HEX_CACHE.setdefault(document, _HexNames())
    if cached.hex_map is not hex_map and hex_map is not None:
        cached.hex_map = hex_map
        cached.ids = HexGrid.of(hex_map).ids
        cached.names = {r.hex: r.name for r in hex_map.hexes if r.name}
    return cached


def document_names(document: ScenarioDocument) -> Names:
    """Display names of the document's entities: a name or title, else the id."""
    from editor.studio.document import LIST_SECTIONS

    def names(collection: str, entity_id: str) -> str:
        if collection == "regions" and document.scenario.hex_map is not None:
            return _hexes(document).names.get(entity_id, entity_id)
        if collection not in LIST_SECTIONS:
            return entity_id
        entity = document.get(collection, entity_id)
        if entity is None:
            return entity_id
        if collection == "connections":
            return f"{names('regions', entity.a)} \u2013 {names('regions', entity.b)}"
        for attribute in ("name", "title"):
            text = getattr(entity, attribute, "")
            if text:
                return str(text)
        return entity_id

    return names


def _walk(value: Any) -> Iterator[BaseModel]:
    if isinstance(value, BaseModel):
        yield value
        for name in type(value).model_fields:
            yield from _walk(getattr(value, name))
    elif isinstance(value, list):
        for item in value:
            yield from _walk(item)


def scenario_flags(sources: list[Any]) -> list[str]:
    """Every flag a condition tests or an effect sets, in the given models."""
    found = {
        model.flag
        for source in sources
        for model in _walk(source)
        if isinstance(model, c.FlagSet | e.SetFlag)
    }
    return sorted(found)


def document_flags(document: ScenarioDocument) -> Callable[[], list[str]]:
    """The flags the document's cards, events, reinforcements, victory and tension use."""

    def flags() -> list[str]:
        scenario = document.scenario
        return scenario_flags(
            [scenario.cards, scenario.events, scenario.reinforcements, scenario.victory]
            + ([scenario.tension] if scenario.tension is not None else [])
        )

    return flags


def studio_context(document: ScenarioDocument) -> FormContext:
    """The form context of every form of the studio bound to ``document``.

    Owners call ``refresh_choices()`` after document edits so reference pickers follow the
    entities; each owner gets its own context, so a closed editor's widgets leave with it.
    """

    install_wheel_guard()  # every studio form: the wheel never edits an unfocused field

    def folder() -> Path | None:
        return document.folder

    return FormContext(
        choices=document_choices(document),
        names=document_names(document),
        flags=document_flags(document),
        zones=lambda: zones_in_use(document.scenario),
        # Flag names before image paths: both may be fields called ``flag``.
        custom=[logic_tree_factory, flag_factory, zone_factory, image_path_factory(folder)],
    )


__all__ = [
    "document_choices",
    "document_flags",
    "document_names",
    "scenario_flags",
    "studio_context",
]
