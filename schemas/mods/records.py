"""What applying a stack of mods tells besides the scenario: who changed what, where two mods
disagree, and which operations no longer fit the base.

Every record names the operation by its mod (position in the stack, id, file) and its JSON
pointer in that file, so a report can show the line and the studio can open the mod there.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..issues import Issue
from .issues import ModIssue, mod_issue


@dataclass(frozen=True, slots=True)
class OpRef:
    """One operation of one mod of the stack."""

    mod: int
    """Position of the mod in the stack, from 0."""
    mod_id: str
    source: str
    """The mod's file (or a label), as given when applying."""
    pointer: str
    """JSON pointer of the operation in the mod: ``/operations/3``."""
    op: str
    """The operation: ``set``, ``add``..."""

    def to_json(self) -> dict[str, Any]:
        return {
            "mod": self.mod,
            "mod_id": self.mod_id,
            "source": self.source,
            "pointer": self.pointer,
            "op": self.op,
        }

    def named(self) -> str:
        return f"mod '{self.mod_id}' ({self.pointer})"


def target_name(section: str, entity: str | None, path: str) -> str:
    """``terrain 'forest' /movement_cost``, ``rules /battle/rounds``."""
    where = f"{section} '{entity}'" if entity is not None else section
    return f"{where} {path}" if path else where


@dataclass(frozen=True, slots=True)
class Stale:
    """An operation the base scenario no longer fits: its target vanished, or the value it
    expected there changed since the mod was made."""

    op: OpRef
    code: str
    """``mod-target-missing``, ``mod-base-value-changed``, ``mod-target-exists`` or
    ``mod-anchor-missing``."""
    section: str
    id: str | None
    path: str
    """Field path inside the entity (``""`` for the entity itself)."""
    expected: Any
    found: Any
    message: str
    applied: bool
    """Whether the operation was carried out anyway (a changed value is still overwritten;
    a missing target cannot be)."""
    at: str = ""
    """JSON pointer in the mod of what is stale (the operation, or its ``was``)."""

    def issue(self) -> ModIssue:
        where = self.at or self.op.pointer
        return ModIssue(
            self.op.source, mod_issue(self.code, where, self.message, self.id), self.op.mod
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "operation": self.op.to_json(),
            "section": self.section,
            "id": self.id,
            "path": self.path,
            "expected": self.expected,
            "found": self.found,
            "applied": self.applied,
            "pointer": self.at or self.op.pointer,
            "message": self.message,
        }


@dataclass(frozen=True, slots=True)
class Conflict:
    """Two mods changing the same thing. The later one in the stack wins."""

    section: str
    id: str | None
    path: str
    earlier: OpRef
    later: OpRef
    earlier_value: Any
    """What the earlier mod made of the target (``None`` for a removal)."""
    later_value: Any
    agree: bool
    """Both mods set the same value: nothing is lost, but neither mod alone decides it."""
    message: str

    def issue(self) -> ModIssue:
        issue = mod_issue("mod-conflict", self.later.pointer, self.message, self.id)
        return ModIssue(self.later.source, issue, self.later.mod)

    def to_json(self) -> dict[str, Any]:
        return {
            "section": self.section,
            "id": self.id,
            "path": self.path,
            "earlier": self.earlier.to_json() | {"value": self.earlier_value},
            "later": self.later.to_json() | {"value": self.later_value},
            "agree": self.agree,
            "message": self.message,
        }


EntityKey = tuple[str, str | None]
"""(section, id); the id is ``None`` for a single section."""


@dataclass
class Provenance:
    """Which operation of which mod last changed each field of each entity.

    ``fields[(section, id)][path]`` lists the operations that changed the field at ``path``
    (``""``: the whole entity, added or replaced; ``/id``: renamed) in the order they ran; the
    last one decided the value.
    """

    fields: dict[EntityKey, dict[str, list[OpRef]]] = field(default_factory=dict)

    def record(self, section: str, entity: str | None, path: str, op: OpRef) -> None:
        self.fields.setdefault((section, entity), {}).setdefault(path, []).append(op)

    def of(self, section: str, entity: str | None) -> dict[str, list[OpRef]]:
        """Every changed path of an entity, with the operations that changed it."""
        return self.fields.get((section, entity), {})

    def last(self, section: str, entity: str | None, path: str = "") -> OpRef | None:
        """The operation that decided the value at ``path``: the latest among those that
        changed it, a field holding it, or the whole entity."""
        changes = self.fields.get((section, entity))
        if not changes:
            return None
        best: OpRef | None = None
        for changed, ops in changes.items():
            if _within(path, changed) and (best is None or _later(ops[-1], best)):
                best = ops[-1]
        return best

    def touched_by(self, section: str, entity: str | None, path: str) -> list[OpRef]:
        """Operations that changed ``path`` or anything inside it or around it."""
        changes = self.fields.get((section, entity), {})
        return [
            op
            for changed, ops in changes.items()
            if _within(path, changed) or _within(changed, path)
            for op in ops
        ]

    def rename(self, section: str, old: str, new: str) -> None:
        changes = self.fields.pop((section, old), None)
        if changes is not None:
            self.fields[(section, new)] = changes

    def forget(self, section: str, entity: str | None, mod: int | None = None) -> None:
        """Drop what is known of an entity (removed), or only what one mod did to it."""
        if mod is None:
            self.fields.pop((section, entity), None)
            return
        changes = self.fields.get((section, entity), {})
        for path in list(changes):
            changes[path] = [op for op in changes[path] if op.mod != mod or path == "/id"]
            if not changes[path]:
                del changes[path]

    def to_json(self) -> list[dict[str, Any]]:
        return [
            {
                "section": section,
                "id": entity,
                "fields": {path: [op.to_json() for op in ops] for path, ops in changes.items()},
            }
            for (section, entity), changes in self.fields.items()
            if changes
        ]


def _within(path: str, container: str) -> bool:
    return container == "" or path == container or path.startswith(container + "/")


def _later(a: OpRef, b: OpRef) -> bool:
    return (a.mod, _index(a.pointer)) > (b.mod, _index(b.pointer))


def _index(pointer: str) -> int:
    tail = pointer.rsplit("/", 1)[-1]
    return int(tail) if tail.isdigit() else -1


def result_issue(source: str, issue: Issue, op: OpRef | None) -> ModIssue:
    """A problem of the result, reported at the operation that caused it when there is one."""
    if op is None:
        return ModIssue(source, issue)
    message = f"{issue.message} (in the result at {issue.path or '/'})"
    moved = Issue(issue.code, issue.severity, op.pointer, message, issue.entity, at=issue.at)
    return ModIssue(op.source, moved, op.mod)
