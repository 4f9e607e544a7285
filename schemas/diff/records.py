"""The records of a semantic diff, and their stable JSON form (see ``docs/modding.md``).

One :class:`EntityChange` per entity added, removed, renamed, changed or moved (or single
section changed), with the :class:`FieldChange` of each field; :class:`ScenarioDiff` holds
them in file order, and writes them as sentences (``lines``) or JSON (``to_json``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from .compare import ScenarioDelta
from .geometry import GeometryChange
from .sections import noun

DIFF_FORMAT_VERSION = 1
"""Version of the JSON form of a diff; it changes only if a field changes meaning."""

Kind = Literal["added", "removed", "renamed", "changed", "moved"]

MINUS = "\u2212"
"""The minus sign of an area lost, as typeset (not a hyphen)."""

POSITION_PATH = "#position"
"""The path of a field change that says an entity moved in its list."""


@dataclass(frozen=True, slots=True)
class FieldChange:
    """One field that changed."""

    path: str
    """JSON pointer inside the entity or section (``/terrain``, ``/location/region``);
    ``#position`` for a move in the list."""
    label: str
    """The field in words: "MP cost", "start region"."""
    old: Any
    new: Any
    """Both values as JSON (for a move, the ids of the entities it followed)."""
    text: str
    added: tuple[Any, ...] = ()
    """For a list of ids: the items that came."""
    removed: tuple[Any, ...] = ()
    """For a list of ids: the items that went."""
    geometry: GeometryChange | None = None
    """For an outline: the summary that replaces the coordinates."""

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"path": self.path, "label": self.label}
        if self.geometry is not None:
            data["geometry"] = self.geometry.to_json()
        else:
            data["old"], data["new"] = self.old, self.new
        if self.added or self.removed:
            data["added"], data["removed"] = list(self.added), list(self.removed)
        data["text"] = self.text
        return data


@dataclass(frozen=True, slots=True)
class EntityChange:
    """What happened to one entity (or one single section, whose ``id`` is ``None``)."""

    kind: Kind
    section: str
    id: str | None
    """The id in the new scenario (in the old one for a removal)."""
    old_id: str | None
    """The id in the old scenario (differs from ``id`` for a rename; ``None`` if added)."""
    name: str
    """Display name."""
    old_pointer: str | None
    """JSON pointer of the entity in the old file (``None`` if added)."""
    new_pointer: str | None
    """JSON pointer of the entity in the new file (``None`` if removed)."""
    fields: tuple[FieldChange, ...]
    text: str
    """The whole change as a sentence."""

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "section": self.section,
            "id": self.id,
            "old_id": self.old_id,
            "name": self.name,
            "old_pointer": self.old_pointer,
            "new_pointer": self.new_pointer,
            "text": self.text,
            "fields": [f.to_json() for f in self.fields],
        }


@dataclass
class ScenarioDiff:
    """Every change between two scenarios, in file order."""

    changes: list[EntityChange] = field(default_factory=list)
    delta: ScenarioDelta | None = None
    """The raw comparison the records were made from (for mods and tools)."""

    @property
    def empty(self) -> bool:
        return not self.changes

    def summary(self) -> dict[str, int]:
        counts = dict.fromkeys(("added", "removed", "renamed", "changed", "moved"), 0)
        for change in self.changes:
            counts[change.kind] += 1
        return counts

    def to_json(
        self, old: dict[str, Any] | None = None, new: dict[str, Any] | None = None
    ) -> dict[str, Any]:
        """The stable JSON form; ``old`` and ``new`` describe the two files compared."""
        return {
            "format": "salient-diff",
            "version": DIFF_FORMAT_VERSION,
            "old": old or {},
            "new": new or {},
            "summary": self.summary(),
            "changes": [c.to_json() for c in self.changes],
        }

    def lines(self, group: int = 2, listed: int = 8) -> list[str]:
        """The report in sentences: one per changed entity; additions and removals of
        ``group`` or more entities of a section in one line naming up to ``listed``."""
        out: list[str] = []
        pending: list[EntityChange] = []

        def flush() -> None:
            if not pending:
                return
            if len(pending) < group:
                out.extend(c.text for c in pending)
            else:
                first = pending[0]
                names = [c.name for c in pending[:listed]]
                more = len(pending) - len(names)
                tail = f" and {more} more" if more else ""
                out.append(
                    f"{len(pending)} {noun(first.section, 2)} {first.kind}: "
                    f"{', '.join(names)}{tail}"
                )
            pending.clear()

        for change in self.changes:
            grouped = change.kind in ("added", "removed")
            if pending and (
                not grouped
                or change.kind != pending[0].kind
                or change.section != pending[0].section
            ):
                flush()
            if grouped:
                pending.append(change)
            else:
                out.append(change.text)
        flush()
        return out or ["no differences"]
