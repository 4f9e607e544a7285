"""Three-way merge of scenario files, entity by entity, for teams that keep scenarios in git.

Each side's changes since the common base are made into a mod (renames, field changes down to
the deepest field, list items by value, additions and moves anchored on neighbours), and the
two mods are applied to the base, the preferred side last. Changes to different entities or
fields merge cleanly, the same change made on both sides counts once, and two different
changes of one field (or a change of what the other side removed) is a conflict: the result
keeps the preferred side's value there and the conflict is listed by entity and field. The
result is always a whole, valid scenario file, never a file with conflict markers.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from ..diff import paths
from ..diff.sections import collections, noun
from ..scenario import Scenario
from .apply import apply_mods
from .issues import ModIssue
from .make import make_mod
from .records import Conflict, Stale
from .state import as_json

Side = Literal["ours", "theirs"]


@dataclass(frozen=True, slots=True)
class MergeConflict:
    """One field both sides changed differently (or one changed what the other removed)."""

    section: str
    id: str | None
    path: str
    base: Any
    ours: Any
    theirs: Any
    kept: Side
    message: str

    def to_json(self) -> dict[str, Any]:
        return {
            "section": self.section,
            "id": self.id,
            "path": self.path,
            "base": self.base,
            "ours": self.ours,
            "theirs": self.theirs,
            "kept": self.kept,
            "message": self.message,
        }


@dataclass
class MergeResult:
    scenario: Scenario | None
    conflicts: list[MergeConflict] = field(default_factory=list)
    notes: list[Stale] = field(default_factory=list)
    """Things merged with a compromise (an addition whose neighbour the other side removed
    went to the end of its list)."""
    problems: list[ModIssue] = field(default_factory=list)
    """Errors: the two sides together make something the format refuses (kept out)."""

    @property
    def clean(self) -> bool:
        return self.scenario is not None and not self.conflicts and not self.problems

    def to_json(self) -> dict[str, Any]:
        return {
            "clean": self.clean,
            "conflicts": [c.to_json() for c in self.conflicts],
            "notes": [n.to_json() for n in self.notes],
            "problems": [p.to_json() for p in self.problems],
        }


def _value_at(scenario: Scenario, section: str, entity: str | None, path: str) -> Any:
    if entity is None:
        node: Any = as_json(getattr(scenario, "schema_uri" if section == "$schema" else section))
    else:
        found = [e for e in collections()[section].items(scenario) if e.id == entity]
        if not found:
            return None
        node = as_json(found[0])
    for key in paths.parse(path) if path else ():
        node = node.get(key) if isinstance(node, dict) else None
    return node


def merge_scenarios(
    base: Scenario, ours: Scenario, theirs: Scenario, *, prefer: Side = "ours"
) -> MergeResult:
    """Merge ``ours`` and ``theirs``, two edits of ``base``. Raises ``MakeError`` when an id
    is used twice in a collection of any of the three (entities could not be matched)."""
    sides = {
        "ours": make_mod(base, ours, mod_id="ours", name="ours", base_id="base"),
        "theirs": make_mod(base, theirs, mod_id="theirs", name="theirs", base_id="base"),
    }
    other: Side = "theirs" if prefer == "ours" else "ours"
    applied = apply_mods(base, [sides[other], sides[prefer]], validate=False)
    result = MergeResult(applied.scenario)
    result.notes = list(applied.stale)
    result.problems = [i for i in applied.issues if i.is_error]
    for conflict in applied.conflicts:
        if not conflict.agree:
            result.conflicts.append(_conflict(conflict, base, ours, theirs, prefer))
    return result


def _conflict(
    conflict: Conflict, base: Scenario, ours: Scenario, theirs: Scenario, prefer: Side
) -> MergeConflict:
    section, entity, path = conflict.section, conflict.id, conflict.path
    base_id = entity
    subject = f"{noun(section)} '{entity}'" if entity is not None else section
    where = f"{subject} {path}".strip()
    message = f"{where}: changed differently on both sides; kept {prefer}"
    if conflict.earlier_value is None and conflict.earlier.op == "remove":
        message = f"{subject}: removed on one side and changed on the other; kept {prefer}"
    if conflict.later_value is None and conflict.later.op == "remove":
        message = f"{subject}: changed on one side and removed on the other; kept {prefer}"
    return MergeConflict(
        section,
        entity,
        path,
        _value_at(base, section, base_id, path),
        _value_at(ours, section, entity, path),
        _value_at(theirs, section, entity, path),
        prefer,
        message,
    )
