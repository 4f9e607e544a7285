"""The scenario while mods are applied to it: collections as linked lists, entities as models
until an operation changes them.

An entity an operation touches is turned into JSON (every field present) and changed there;
it is checked against its model when its mod is done, not after each operation, because a
change of several fields may pass through states the model refuses (a location moving from
a region to a structure). Untouched entities stay the very objects of the base scenario.
Collections are linked lists keyed by id, so adding after an anchor, removing and moving are
cheap however long the list.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import pairwise
from typing import Any

from pydantic import BaseModel

from ..diff.compare import keyed
from ..diff.sections import SCHEMA_KEY, collections, nested_in, single_model, singles
from ..scenario import Scenario

_END = object()


class Chain:
    """A collection in order, keyed by id, with constant-time inserts, removals and moves."""

    def __init__(self, items: list[Any]) -> None:
        self.values: dict[str, Any] = keyed(items)
        keys: list[str | None] = [None, *self.values, None]
        self._next: dict[str | None, str | None] = dict(pairwise(keys))
        self._prev: dict[str | None, str | None] = {b: a for a, b in pairwise(keys)}
        if not self.values:
            self._next[None] = self._prev[None] = None

    def __contains__(self, key: object) -> bool:
        return key in self.values

    def __len__(self) -> int:
        return len(self.values)

    def keys(self) -> Iterator[str]:
        key = self._next[None]
        while key is not None:
            yield key
            key = self._next[key]

    def ordered(self) -> list[Any]:
        return [self.values[key] for key in self.keys()]

    def _unlink(self, key: str) -> None:
        before, after = self._prev.pop(key), self._next.pop(key)
        self._next[before] = after
        self._prev[after] = before

    def _link_after(self, key: str, anchor: str | None) -> None:
        after = self._next[anchor]
        self._next[anchor], self._prev[key] = key, anchor
        self._next[key], self._prev[after] = after, key

    def insert(self, key: str, value: Any, anchor: Any = _END) -> None:
        """Add ``value`` after ``anchor`` (``None``: first; left out: last)."""
        self.values[key] = value
        self._link_after(key, self._prev[None] if anchor is _END else anchor)

    def remove(self, key: str) -> Any:
        self._unlink(key)
        return self.values.pop(key)

    def move(self, key: str, anchor: str | None) -> None:
        if anchor == key:
            return
        self._unlink(key)
        self._link_after(key, anchor)

    def last(self) -> str | None:
        """Key of the last entity (``None`` when empty)."""
        return self._prev[None]

    def rename(self, key: str, new: str) -> None:
        """Give the entity at ``key`` the key ``new``, in the same place."""
        before, after = self._prev.pop(key), self._next.pop(key)
        self._next[before], self._prev[after] = new, new
        self._prev[new], self._next[new] = before, after
        self.values[new] = self.values.pop(key)


def as_json(value: Any, skip: set[str] | None = None) -> Any:
    """A model as JSON with every field (nested collections of a section left out)."""
    if isinstance(value, BaseModel):
        data = value.model_dump(mode="json", by_alias=True)
        for key in skip or ():
            data.pop(key, None)
        return data
    return value


class Working:
    """The scenario being built: one :class:`Chain` per collection, and the single sections.

    A value that is a ``dict`` is JSON being changed; a model is untouched (or checked).
    """

    def __init__(self, base: Scenario) -> None:
        self.base = base
        self.chains = {name: Chain(c.items(base)) for name, c in collections().items()}
        self.singles: dict[str, Any] = {
            name: getattr(base, "schema_uri" if name == SCHEMA_KEY else name) for name in singles()
        }

    def exists(self, section: str, key: str | None) -> bool:
        if key is None:
            return section in self.singles
        chain = self.chains.get(section)
        return chain is not None and key in chain

    def get(self, section: str, key: str | None) -> Any:
        if key is None:
            return self.singles[section]
        return self.chains[section].values[key]

    def put(self, section: str, key: str | None, value: Any) -> None:
        if key is None:
            self.singles[section] = value
        else:
            self.chains[section].values[key] = value

    def editable(self, section: str, key: str | None) -> Any:
        """The entity or section as JSON to change in place (turned into JSON if needed)."""
        value = self.get(section, key)
        if isinstance(value, BaseModel):
            value = as_json(value, nested_in(section) if key is None else None)
            self.put(section, key, value)
        return value

    def model_class(self, section: str, key: str | None) -> Any:
        """The annotation entities (or the section) must fit."""
        if key is None:
            return singles()[section]
        return collections()[section].model

    def build(self) -> Scenario:
        """The scenario, every value being a model (call after every change was checked)."""
        data: dict[str, Any] = {}
        for name, info in Scenario.model_fields.items():
            key = info.alias or name
            if key in self.singles:
                data[name] = self.singles[key]
            elif key in self.chains:
                data[name] = self.chains[key].ordered()
            else:
                data[name] = getattr(self.base, name)
        for collection in collections().values():
            parent = collection.parent
            if parent is not None:
                holder = data[parent]
                items = self.chains[collection.name].ordered()
                data[parent] = holder.model_copy(update={collection.keys[1]: items})
        # Every part is a checked model already: assemble them without checking again.
        return Scenario.model_construct(_fields_set=set(self.base.model_fields_set), **data)


def single_fields(section: str) -> set[str]:
    """Field names of a single section (empty for ``$schema``)."""
    model = single_model(section)
    return set(model.model_fields) if model is not None else set()
