"""Values and fields in words: "MP cost 2 → 3", "start region Agedabia → Mersa Brega".

References are shown by the names of the entities they point to (looked up in the version the
value belongs to), yes/no for flags, numbers without trailing zeros. Conditions and effects
are put in words by a :class:`Wording`: the studio and the command line pass the studio's
card-builder wording; without one, a compact form is used.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from pydantic import BaseModel

from ..scenario import Scenario
from . import paths
from .sections import collections

EN_DASH = "\u2013"
"""Joins the two ends of a connection's name: "Viipuri - Kuopio" with an en dash."""

Names = Callable[[str, str], str]
"""``(collection, id) -> display name``."""

LABELS = {
    "movement_cost": "MP cost",
    "bridge_movement_cost": "bridge MP cost",
    "rail_bridge_movement_cost": "rail bridge MP cost",
    "location": "start",
    "polygon": "outline",
    "to": "destination",
    "air_to_air": "air-to-air",
    "destroyed_vp": "VP when destroyed",
    "killed_vp": "VP when killed",
    "start_vp": "starting VP",
    "hold_at_end": "VP held at the end",
    "capture": "VP on capture",
    "loss": "VP lost on capture",
    "values": "value for",
    "id": "id",
}

LANGUAGE_FIELDS = frozenset({"condition", "effects"})
"""Fields holding the card and event language, worded whole rather than key by key."""

WHOLE_FIELDS = frozenset({"polygon", "location", *LANGUAGE_FIELDS})
"""Fields a change is reported on whole, whichever of their parts changed."""


class Wording(Protocol):
    """Puts conditions and effects (models of ``schemas.conditions`` and ``schemas.effects``)
    in words."""

    def condition(self, value: Any, names: Names) -> str: ...

    def effect(self, value: Any, names: Names) -> str: ...


class PlainWording:
    """The compact form used when no better wording is given: ``modify(stat=attack,
    amount=1)``."""

    def condition(self, value: Any, names: Names) -> str:
        return compact(value)

    def effect(self, value: Any, names: Names) -> str:
        return compact(value)


def effects_words(wording: Wording, values: Sequence[Any], names: Names) -> str:
    return "; ".join(wording.effect(v, names) for v in values) or "nothing"


def compact(value: Any) -> str:
    if isinstance(value, BaseModel):
        data = value.model_dump(mode="json", exclude_defaults=True)
        kind = data.pop("kind", None)
        inner = ", ".join(f"{k}={compact(v)}" for k, v in data.items())
        return f"{kind}({inner})" if kind else f"({inner})"
    if isinstance(value, dict):
        kind = value.get("kind")
        inner = ", ".join(f"{k}={compact(v)}" for k, v in value.items() if k != "kind")
        return f"{kind}({inner})" if kind else f"({inner})"
    if isinstance(value, list):
        return "[" + ", ".join(compact(v) for v in value) + "]"
    return json.dumps(value, ensure_ascii=False)


def display_name(section: str, entity: Any, names: Names | None = None) -> str:
    """How a designer calls an entity: its name or title, a connection by its two regions, a
    unit without a name by its type; the id when nothing better exists."""
    name = getattr(entity, "name", None) or getattr(entity, "title", None)
    if name:
        return str(name)
    if section == "connections" and names is not None:
        return f"{names('regions', entity.a)}{EN_DASH}{names('regions', entity.b)}"
    if section == "units" and names is not None:
        return f"{names('unit_types', entity.type)} ({entity.id})"
    text = getattr(entity, "text", None)
    if section == "reinforcements" and text:
        return str(text) if len(text) <= 40 else f"{entity.id}"
    return str(entity.id)


class NameBook:
    """Display names of one scenario's entities, per collection, built on first use."""

    def __init__(self, scenario: Scenario) -> None:
        self.scenario = scenario
        self._tables: dict[str, dict[str, str]] = {}

    def __call__(self, collection: str, entity: str) -> str:
        table = self._tables.get(collection)
        if table is None:
            table = {}
            found = collections().get(collection)
            if found is not None:
                items = found.items(self.scenario)
                # connections and units name other entities: look those up on demand
                for item in items:
                    table.setdefault(item.id, display_name(collection, item, self))
            self._tables[collection] = table
        return table.get(entity, entity)


def number(value: float | int) -> str:
    if isinstance(value, float) and value.is_integer() and abs(value) < 1e15:
        return str(int(value))
    return str(value)


def cut(text: str, width: int = 60) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def value_words(value: Any, target: paths.Target | None, names: Names) -> str:
    """A JSON value in words, knowing (when ``target`` is given) what field holds it."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int | float):
        return number(value)
    ref = paths.ref_of(target.annotation) if target is not None else None
    if isinstance(value, str):
        if ref is not None:
            return names(ref.collection, value) if value not in ref.tokens else value
        if target is not None and paths.is_text(target):
            return f'"{cut(value)}"'
        return cut(value)
    if isinstance(value, list) and ref is not None and all(isinstance(v, str) for v in value):
        return ", ".join(names(ref.collection, v) for v in value) or "none"
    if isinstance(value, list) and not value:
        return "none"
    if isinstance(value, list) and all(isinstance(v, str | int) for v in value):
        return ", ".join(map(str, value))
    models = paths.models_in(target.annotation) if target is not None else []
    if isinstance(value, dict) and len(models) == 1:
        with contextlib.suppress(ValueError):
            value = models[0].model_validate(value)
    return cut(compact(value))


def location_words(value: Any, names: Names) -> str:
    """Where a unit or leader starts: a region, or a structure; "off the map" when waiting
    for a reinforcement."""
    if value is None:
        return "none (arrives later)"
    region, structure = _get(value, "region"), _get(value, "structure")
    if structure is not None:
        return f"{names('structures', structure)} (structure)"
    return names("regions", region) if region is not None else "none"


def _get(value: Any, key: str) -> Any:
    return value.get(key) if isinstance(value, dict) else getattr(value, key, None)


def label(keys: Sequence[str], root: Any, value: Any, names: Names) -> str:
    """A field path in words: ``location/region`` is "start region"."""
    words: list[str] = []
    for depth, key in enumerate(keys):
        try:
            target = paths.resolve(root, keys[: depth + 1], value)
        except paths.PathError:
            target = None
        if target is not None and target.in_map:
            words.append(names("sides", key) if not key.startswith("@") else key)
        else:
            words.append(LABELS.get(key, key.replace("_", " ")))
    return " ".join(words) or "value"
