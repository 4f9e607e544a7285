"""Applying a stack of mods to a base scenario.

``apply_mods(base, [m1, m2])`` applies the mods in order and returns the scenario with, for a
studio or a report: every problem at the mod's own JSON pointer, the operations the base no
longer fits (stale), the conflicts between mods, which operation last changed each field
(provenance), and the validation of the result, each issue traced back to the operation that
caused it when one did. Nothing here raises for a bad mod: problems are records.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, ValidationError

from ..diff import paths
from ..diff.sections import collections
from ..issues import Issue
from ..scenario import Scenario
from ..schema_issues import schema_issues
from .fingerprint import scenario_fingerprint
from .issues import ModIssue, mod_issue
from .model import Mod
from .operations import Applier
from .records import Conflict, OpRef, Provenance, Stale, result_issue


@dataclass(frozen=True)
class ModSource:
    """A mod and where it came from, for reports."""

    mod: Mod
    source: str = ""
    """The file (or ``package!entry``); the mod's id when empty."""

    @property
    def label(self) -> str:
        return self.source or self.mod.id


@dataclass
class ApplyResult:
    """The scenario a stack of mods makes, and everything worth knowing about how."""

    scenario: Scenario | None
    """``None`` only if the result could not be built at all (reported in ``issues``)."""
    mods: list[ModSource]
    issues: list[ModIssue] = field(default_factory=list)
    """Every problem of the mods, at their JSON pointers (stale operations and conflicts
    included), then the problems of the result."""
    stale: list[Stale] = field(default_factory=list)
    conflicts: list[Conflict] = field(default_factory=list)
    provenance: Provenance = field(default_factory=Provenance)
    result_issues: list[tuple[Issue, OpRef | None]] = field(default_factory=list)
    """Validation of the result: each issue with the operation that caused it, if any."""
    removed: dict[tuple[str, str | None], OpRef] = field(default_factory=dict)
    """Entities of the base removed by a mod, with the operation."""

    @property
    def ok(self) -> bool:
        """A scenario was made and nothing is an error (warnings allowed)."""
        return self.scenario is not None and not any(i.is_error for i in self.issues)

    def to_json(self) -> dict[str, Any]:
        return {
            "mods": [{"id": m.mod.id, "source": m.label} for m in self.mods],
            "ok": self.ok,
            "issues": [i.to_json() for i in self.issues],
            "stale": [s.to_json() for s in self.stale],
            "conflicts": [c.to_json() for c in self.conflicts],
            "provenance": self.provenance.to_json(),
        }


def _as_source(item: Mod | ModSource) -> ModSource:
    return item if isinstance(item, ModSource) else ModSource(item)


def apply_mods(
    base: Scenario,
    mods: Sequence[Mod | ModSource],
    *,
    validate: bool = True,
    result_label: str = "result",
    base_fingerprint: str | None = None,
) -> ApplyResult:
    """Apply ``mods`` in order on ``base``; with ``validate``, check the result as a scenario
    (every semantic check) and trace its problems to the operations that caused them.

    ``base_fingerprint`` is ``scenario_fingerprint(base)`` when the caller knows it already
    (a studio applying the same base again after each change): on a large map computing it
    is most of the time applying takes."""
    stack = [_as_source(m) for m in mods]
    result = ApplyResult(None, stack)
    result.issues += check_stack(stack, base, base_fingerprint)
    applier = Applier(base)
    for index, item in enumerate(stack):
        for position, op in enumerate(item.mod.operations):
            ref = OpRef(index, item.mod.id, item.label, f"/operations/{position}", op.op)
            applier.run(op, ref)
        applier.settle(index)
    result.issues += applier.issues
    result.stale = applier.stale
    result.conflicts = applier.touches.conflicts
    result.issues += [c.issue() for c in result.conflicts]
    result.provenance = applier.provenance
    result.removed = dict(applier.removed)
    try:
        result.scenario = applier.state.build()
    except ValidationError as exc:  # every part was checked; a bug if this happens
        for issue in schema_issues(exc, None, Scenario):
            problem = mod_issue("mod-result", issue.path, issue.message, issue.entity)
            result.issues.append(ModIssue(result_label, problem))
        return result
    if validate:
        from ..validation import ScenarioIndex, run_checks

        for issue in run_checks(ScenarioIndex(result.scenario)):
            blamed = attribute(issue, result.scenario, result.provenance, result.removed)
            result.result_issues.append((issue, blamed))
            result.issues.append(result_issue(result_label, issue, blamed))
    return result


_PART = re.compile(r"(\d+)|(\D+)")


def version_key(version: str) -> tuple[tuple[int, int | str], ...]:
    """Versions compare number by number: 1.10 is after 1.9, 2.0-beta after 2.0-alpha."""
    return tuple(
        (0, int(number)) if number else (1, text)
        for number, text in _PART.findall(version)
        if number or text.strip(".-_ ")
    )


def check_stack(
    stack: list[ModSource], base: Scenario, fingerprint: str | None = None
) -> list[ModIssue]:
    """Problems of the stack itself: requirements, declared conflicts, repeats, the base
    (whose fingerprint may be given, see :func:`apply_mods`)."""
    out: list[ModIssue] = []
    seen: dict[str, Mod] = {}
    everywhere = {item.mod.id: (i, item.mod) for i, item in enumerate(stack)}
    if stack and fingerprint is None:
        fingerprint = scenario_fingerprint(base)

    def report(index: int, code: str, pointer: str, message: str) -> None:
        item = stack[index]
        out.append(ModIssue(item.label, mod_issue(code, pointer, message), index))

    for index, item in enumerate(stack):
        mod = item.mod
        if mod.id in seen:
            report(index, "mod-duplicate", "/id", f"mod '{mod.id}' is already in the stack")
        for n, need in enumerate(mod.requires):
            have = seen.get(need.id)
            if have is None:
                later = everywhere.get(need.id)
                where = "comes after it: put it first" if later else "is not in the stack"
                report(
                    index, "mod-requires", f"/requires/{n}", f"needs mod '{need.id}', which {where}"
                )
            elif need.version and version_key(have.version) < version_key(need.version):
                report(
                    index,
                    "mod-requires",
                    f"/requires/{n}",
                    f"needs mod '{need.id}' version {need.version} or later; the stack has "
                    f"version {have.version}",
                )
        for n, other in enumerate(mod.conflicts):
            found = everywhere.get(other.id)
            if found is None or found[0] == index:
                continue
            if other.version and version_key(found[1].version) < version_key(other.version):
                continue
            report(
                index,
                "mod-declared-conflict",
                f"/conflicts/{n}",
                f"says it cannot be used with mod '{other.id}', which is in the stack",
            )
        if mod.base.fingerprint != fingerprint:
            title = base.info.title
            if mod.base.title and mod.base.title != title:
                report(
                    index,
                    "mod-base-other",
                    "/base",
                    f"made for the scenario '{mod.base.title}', applied to '{title}'",
                )
            else:
                report(
                    index,
                    "mod-base-changed",
                    "/base/fingerprint",
                    "the base scenario changed since this mod was made; each operation is "
                    "checked against it",
                )
        seen[mod.id] = mod
    return out


def attribute(
    issue: Issue,
    scenario: Scenario,
    provenance: Provenance,
    removed: dict[tuple[str, str | None], OpRef],
) -> OpRef | None:
    """The operation behind a problem of the result: the last one that changed the value
    the issue points at (or what holds it); for a reference to an entity a mod removed, the
    removal."""
    try:
        keys = paths.parse(issue.path)
    except paths.PathError:
        return None
    if not keys:
        return None
    section, entity, rest, holder = _locate(keys, scenario)
    if section is None:
        return None
    op = provenance.last(section, entity, paths.join(rest))
    if op is not None or issue.code != "unknown-reference":
        return op
    value: Any = holder.model_dump(mode="json", by_alias=True) if holder is not None else None
    for key in rest:
        if isinstance(value, dict):
            value = value.get(key)
        elif isinstance(value, list) and key.isdigit() and int(key) < len(value):
            value = value[int(key)]
        else:
            return None
    found = [ref for (_, gone), ref in removed.items() if gone == value]
    return found[0] if len(found) == 1 else None


def _locate(
    keys: tuple[str, ...], scenario: Scenario
) -> tuple[str | None, str | None, tuple[str, ...], BaseModel | None]:
    """(section, entity id, path inside it, the entity) of a pointer into a scenario."""
    for collection in collections().values():
        depth = len(collection.keys)
        if keys[:depth] == collection.keys and len(keys) > depth and keys[depth].isdigit():
            items = collection.items(scenario)
            position = int(keys[depth])
            if position >= len(items):
                return None, None, (), None
            entity = items[position]
            return collection.name, entity.id, keys[depth + 1 :], entity
    first = keys[0]
    holder = getattr(scenario, "schema_uri" if first == "$schema" else first, None)
    return first, None, keys[1:], holder if isinstance(holder, BaseModel) else None
