"""Where entities live in a scenario, and what to call them.

The diff and the mods address everything by section and id, never by a position in a list.
A *collection* is a list of entities with ids: the top-level lists (``regions``, ``cards``...)
and the lists of entities nested in a one-object section (``victory/sudden_death``). A
*single* section is a one-object part of the file (``rules``, ``calendar``...); its fields are
addressed without an id. Both are found from the models, so a new list of entities in the
format is addressable without a change here.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from typing import Any, get_args, get_origin

from pydantic import BaseModel

from ..base import Entity
from ..scenario import SECTIONS, SINGLE_SECTIONS, Scenario

SCHEMA_KEY = "$schema"
"""The optional link to the JSON Schema: a one-value section of its own."""


@dataclass(frozen=True, slots=True)
class Collection:
    """A list of entities: where it is in the file and what its entities are."""

    name: str
    """How operations and diff records name it: ``regions``, ``victory/sudden_death``."""
    keys: tuple[str, ...]
    """Its place in the file: ``("regions",)``, ``("victory", "sudden_death")``."""
    model: type[Entity]

    @property
    def parent(self) -> str | None:
        """The single section holding a nested collection; ``None`` for a top-level one."""
        return self.keys[0] if len(self.keys) > 1 else None

    def items(self, scenario: Scenario) -> list[Entity]:
        """The collection's entities in a scenario."""
        value: Any = scenario
        for key in self.keys:
            value = getattr(value, key) if value is not None else None
        return list(value or [])


def _entity_list(annotation: Any) -> type[Entity] | None:
    if get_origin(annotation) is list:
        (inner,) = get_args(annotation)
        if isinstance(inner, type) and issubclass(inner, Entity):
            return inner
    return None


def _model_of(annotation: Any) -> type[BaseModel] | None:
    options = get_args(annotation) or (annotation,)
    return next((t for t in options if isinstance(t, type) and issubclass(t, BaseModel)), None)


@cache
def collections() -> dict[str, Collection]:
    """Every collection of the format, in the order files list them."""
    out: dict[str, Collection] = {}
    for name, info in Scenario.model_fields.items():
        model = _entity_list(info.annotation)
        if model is not None and name in SECTIONS:
            out[name] = Collection(name, (name,), model)
        elif name in SINGLE_SECTIONS:
            single = _model_of(info.annotation)
            for inner_name, inner in (single.model_fields if single else {}).items():
                inner_model = _entity_list(inner.annotation)
                if inner_model is not None:
                    full = f"{name}/{inner_name}"
                    out[full] = Collection(full, (name, inner_name), inner_model)
    return out


@cache
def singles() -> dict[str, Any]:
    """Every single section (``$schema`` included) with its annotation, in file order."""
    out: dict[str, Any] = {}
    for name, info in Scenario.model_fields.items():
        key = info.alias or name
        if name in SINGLE_SECTIONS or key == SCHEMA_KEY:
            out[key] = info.annotation
    return out


def single_model(name: str) -> type[BaseModel] | None:
    """The model of a single section (``None`` for ``$schema``, a plain string)."""
    return _model_of(singles()[name])


def nested_in(single: str) -> set[str]:
    """Field names of a single section that are collections of their own."""
    return {c.keys[1] for c in collections().values() if c.parent == single}


def section_names() -> tuple[str, ...]:
    """Every name an operation may put in ``section``, in file order."""
    order = [*singles(), *collections()]
    position = {key: i for i, key in enumerate(_file_order())}
    return tuple(sorted(order, key=lambda n: (position[n.split("/")[0]], n)))


def _file_order() -> list[str]:
    return [info.alias or name for name, info in Scenario.model_fields.items()]


def walk_sections() -> Iterator[tuple[str, Collection | None]]:
    """Sections in file order: a single section's nested collections come right after it."""
    for name in section_names():
        yield name, collections().get(name)


# How records name things: (singular, plural).
NOUNS: dict[str, tuple[str, str]] = {
    "terrain": ("terrain type", "terrain types"),
    "connection_types": ("connection type", "connection types"),
    "theatres": ("theatre", "theatres"),
    "areas": ("area", "areas"),
    "regions": ("region", "regions"),
    "connections": ("connection", "connections"),
    "structures": ("structure", "structures"),
    "supply_sources": ("supply source", "supply sources"),
    "sides": ("side", "sides"),
    "nations": ("nation", "nations"),
    "unit_types": ("unit type", "unit types"),
    "units": ("unit", "units"),
    "leaders": ("leader", "leaders"),
    "cards": ("card", "cards"),
    "events": ("event", "events"),
    "reinforcements": ("reinforcement", "reinforcements"),
    "replacements": ("replacement grant", "replacement grants"),
    "victory/sudden_death": ("sudden death condition", "sudden death conditions"),
}

TABLES = {"terrain": "terrain table", "connection_types": "connection table"}
"""Collections a designer thinks of as one table, named as such in sentences."""

SINGLE_NAMES = {
    SCHEMA_KEY: "JSON Schema link",
    "info": "scenario information",
    "calendar": "calendar",
    "rules": "rules",
    "map": "map settings",
    "tension": "tension index",
    "victory": "victory conditions",
}


def noun(section: str, count: int = 1) -> str:
    """What one entity (or ``count`` of them) of a section is called."""
    singular, plural = NOUNS.get(section, (section, section))
    return singular if count == 1 else plural
