"""The stack a studio document edits: a base scenario, mods applied in load order, and the last
of them, the edit target, whose operations are made from the designer's edits. No Qt.

The designer edits the scenario the whole stack makes, as any other scenario. The target's
operations are never edited one by one: they are made (:func:`derive`) by comparing the
scenario being edited with the one the mods below the target make (``make_mod`` with the base
recorded as the base scenario), so whatever the edit, the mod holds the fewest operations
that give exactly what the designer sees. Three things of the target's file are kept across
that remaking, because the comparison cannot know them:

- operations skipped because their target is gone from the base (``mod-target-missing``):
  they stay in the mod until the designer drops them, so an update of the base that removed
  an entity does not silently lose the modder's intent;
- the value an operation expected where the base changed since the mod was made
  (``mod-base-value-changed``): kept, so the change is reported until the designer re-bases
  the operation on the current value;
- the modder's notes, matched by operation kind, target and field.

An operation that overrides what a mod below changed records the base's value (what applying
compares it with), not the lower mod's: the override is listed as a conflict, not as a stale
operation.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from schemas.diff.paths import parse
from schemas.mods.apply import ApplyResult, ModSource, apply_mods
from schemas.mods.fingerprint import scenario_fingerprint
from schemas.mods.make import make_mod
from schemas.mods.model import MOD_SCHEMA_VERSION, Mod, ModBase
from schemas.mods.records import OpRef, Stale
from schemas.scenario import SECTIONS, SINGLE_SECTIONS, Scenario

PALETTE = (
    "#1f77b4",
    "#d62728",
    "#2ca02c",
    "#9467bd",
    "#e08214",
    "#0f9fb4",
    "#c2409a",
    "#7f5539",
    "#8a8f12",
)
"""Colours told apart by most eyes; each mod keeps its colour when the stack is reordered."""

SCENARIO_PARTS: tuple[str, ...] = ("schema_uri", *SINGLE_SECTIONS, *SECTIONS)
"""Every part of a scenario a mod can change, as the document holds them."""

OpKey = tuple[Any, ...]
"""What an operation changes: its kind, section, entity and field (see :func:`op_key`)."""


class StackError(ValueError):
    """The stack cannot be applied or its target cannot be made (the message says why)."""


@dataclass(frozen=True)
class StackEntry:
    """One mod of the stack."""

    key: int
    """Identity within the session: rows, colours and saved paths follow it."""
    mod: Mod
    """The mod, image paths relative to the base scenario's folder (see :class:`Base`)."""
    source: str
    """Where it came from, for reports: the file, or ``package!entry``."""
    enabled: bool = True
    writable: bool = True
    """A mod file Save may write (not a mod inside a package)."""
    colour: str = PALETTE[0]

    @property
    def title(self) -> str:
        return self.mod.name or self.mod.id

    def but(self, **changes: Any) -> StackEntry:
        return dataclasses.replace(self, **changes)


@dataclass(frozen=True)
class Base:
    """The base scenario, as read once; never written."""

    scenario: Scenario
    path: Path | None
    fingerprint: str
    id: str
    """The base's id for new mods: its file name without ``.json``."""

    @classmethod
    def of(cls, scenario: Scenario, path: Path | None, base_id: str) -> Base:
        return cls(scenario, path, scenario_fingerprint(scenario), base_id)

    @property
    def folder(self) -> Path:
        """Where the studio's image paths start: every mod is rebased to it when read, and
        back to its own folder when written."""
        return self.path.parent if self.path is not None else Path.cwd()

    def record(self, base_id: str) -> ModBase:
        """The base as a mod made now records it (``base_id`` kept from the mod)."""
        info = self.scenario.info
        return ModBase(
            id=base_id, title=info.title, version=info.version, fingerprint=self.fingerprint
        )


def new_mod(base: Base, mod_id: str, name: str, **meta: Any) -> Mod:
    """An empty mod of ``base``."""
    data = {
        "schema_version": MOD_SCHEMA_VERSION,
        "id": mod_id,
        "name": name,
        "base": base.record(base.id),
        **meta,
    }
    return Mod.model_validate(data)


@dataclass(frozen=True)
class StackState:
    """The stack as applied: what the designer's edits are compared with."""

    base: Base
    entries: tuple[StackEntry, ...]
    """In load order; the last one is the edit target (always on)."""
    below: Scenario
    """The base with the enabled mods below the target applied."""
    result: ApplyResult
    """The base with every enabled mod applied, the target as in ``entries``."""
    kept: tuple[Any, ...] = ()
    """The target's operations skipped because their target is gone."""
    carried: Mapping[OpKey, Any] = field(default_factory=dict)
    """The value (``was``) the target's operations expected where the base changed."""
    notes: Mapping[OpKey, str] = field(default_factory=dict)

    @property
    def target(self) -> StackEntry:
        return self.entries[-1]

    @property
    def applied(self) -> list[StackEntry]:
        """The mods applied, in order: ``OpRef.mod`` indexes this list."""
        return [e for e in self.entries[:-1] if e.enabled] + [self.entries[-1]]

    def entry(self, key: int) -> StackEntry | None:
        return next((e for e in self.entries if e.key == key), None)

    def entry_of(self, op: OpRef) -> StackEntry | None:
        return self.entry_at(op.mod)

    def entry_at(self, index: int | None) -> StackEntry | None:
        """The mod at a position of the applied stack (``OpRef.mod``, ``ModIssue.mod``)."""
        applied = self.applied
        return applied[index] if index is not None and 0 <= index < len(applied) else None

    @property
    def target_index(self) -> int:
        """The edit target's position in the applied stack."""
        return len(self.applied) - 1

    def sources(self) -> list[ModSource]:
        return [ModSource(e.mod, e.source) for e in self.applied]


@dataclass(frozen=True)
class Derived:
    """The edit target as the designer's edits make it, and the stack applied with it."""

    mod: Mod
    result: ApplyResult

    @property
    def scenario(self) -> Scenario:
        assert self.result.scenario is not None
        return self.result.scenario


def op_key(op: Any) -> OpKey:
    """What an operation changes, to match an operation made anew with the one it replaces."""
    kind = op.op
    if kind == "add":
        return (kind, op.section, op.value.get("id"))
    if kind == "translate":
        return (kind, op.section, op.id)
    return (kind, op.section, getattr(op, "id", None), getattr(op, "path", None))


def op_index(ref: OpRef) -> int:
    """Position of an operation in its mod, from its JSON pointer."""
    return int(ref.pointer.rsplit("/", 1)[-1])


def _apply(base: Base, sources: Sequence[ModSource]) -> ApplyResult:
    result = apply_mods(
        base.scenario, list(sources), validate=False, base_fingerprint=base.fingerprint
    )
    if result.scenario is None:
        problems = "; ".join(i.issue.message for i in result.issues if i.is_error)
        raise StackError(f"the mods could not be applied: {problems}")
    return result


def build_state(base: Base, entries: Sequence[StackEntry]) -> StackState:
    """Apply the stack; what the target's file has that remaking it must keep is noted."""
    if not entries:
        raise StackError("a stack needs a mod to edit")
    target = entries[-1]
    if not target.enabled:
        entries = [*entries[:-1], target.but(enabled=True)]
        target = entries[-1]
    lowers = [ModSource(e.mod, e.source) for e in entries[:-1] if e.enabled]
    below = _apply(base, lowers).scenario
    assert below is not None
    result = _apply(base, [*lowers, ModSource(target.mod, target.source)])
    top = len(lowers)
    own = [s for s in result.stale if s.op.mod == top]
    operations = target.mod.operations
    skipped = {op_index(s.op) for s in own if not s.applied}
    kept = tuple(operations[i] for i in sorted(skipped))
    carried: dict[OpKey, Any] = {}
    for stale in own:
        index = op_index(stale.op)
        if stale.applied and stale.code == "mod-base-value-changed" and index not in skipped:
            carried[op_key(operations[index])] = operations[index].was
    notes = {op_key(op): op.note for op in operations if op.note}
    return StackState(base, tuple(entries), below, result, kept, carried, notes)


def same_content(a: Scenario, b: Scenario) -> bool:
    """Whether two scenarios hold the same things (quick: entities are shared objects)."""
    return all(getattr(a, part) == getattr(b, part) for part in SCENARIO_PARTS)


def derive(state: StackState, current: Scenario) -> Derived:
    """The target made from ``current`` (what the designer sees), with the stack applied.

    Raises :class:`StackError` when no mod can be made (an id used twice in a list)."""
    target = state.target
    if same_content(current, state.result.scenario):  # type: ignore[arg-type]
        return Derived(target.mod, state.result)
    record = state.base.record(target.mod.base.id)
    try:
        made = make_mod(
            state.below,
            current,
            mod_id=target.mod.id,
            name=target.mod.name,
            base_id=record.id,
            language=target.mod.language,
            base_record=record,
        )
    except ValueError as error:
        raise StackError(str(error)) from error
    operations = [_decorated(op, state) for op in made.operations] + list(state.kept)
    mod = target.mod.model_copy(update={"operations": operations, "base": record})
    lowers = [ModSource(e.mod, e.source) for e in state.applied[:-1]]
    result = _apply(state.base, [*lowers, ModSource(mod, target.source)])
    return _expect_the_base(Derived(mod, result), len(lowers), len(made.operations), state)


def _decorated(op: Any, state: StackState) -> Any:
    key = op_key(op)
    update: dict[str, Any] = {}
    if key in state.notes:
        update["note"] = state.notes[key]
    if key in state.carried and "was" in type(op).model_fields:
        update["was"] = state.carried[key]
    return op.model_copy(update=update) if update else op


def _expect_the_base(derived: Derived, top: int, made: int, state: StackState) -> Derived:
    """Operations made against the mods below record the values found there; where a lower
    mod changed the value, applying compares with the base's instead. Record that value, so
    only the conflict is reported (and, for a value the target's file expected, nothing
    changes: it is carried on purpose)."""
    result = derived.result
    operations = list(derived.mod.operations)
    fixed: set[str] = set()
    for stale in result.stale:
        if stale.op.mod != top or stale.code != "mod-base-value-changed":
            continue
        index = op_index(stale.op)
        op = operations[index]
        if index >= made or op_key(op) in state.carried:
            continue
        operations[index] = _expecting(op, stale)
        fixed.add(stale.at or stale.op.pointer)
    if not fixed:
        return derived
    mod = derived.mod.model_copy(update={"operations": operations})

    def settled(stale: Stale) -> bool:
        return stale.op.mod == top and (stale.at or stale.op.pointer) in fixed

    result.stale = [s for s in result.stale if not settled(s)]
    result.issues = [
        i
        for i in result.issues
        if not (i.mod == top and i.issue.code == "mod-base-value-changed" and i.issue.path in fixed)
    ]
    result.mods[-1] = ModSource(mod, result.mods[-1].source)
    return Derived(mod, result)


def _expecting(op: Any, stale: Stale) -> Any:
    """``op`` expecting the value the stale record found."""
    if op.op == "translate":
        was = dict(op.was or {})
        was[stale.path] = stale.found
        return op.model_copy(update={"was": was})
    return op.model_copy(update={"was": stale.found})


# -- resolving stale operations of the target -------------------------------------------------


def without_operation(mod: Mod, index: int) -> Mod:
    """The mod without one operation (a stale one the designer drops)."""
    operations = [op for i, op in enumerate(mod.operations) if i != index]
    return mod.model_copy(update={"operations": operations})


def rebased_operation(mod: Mod, stale: Stale) -> Mod:
    """The mod with a stale operation expecting what the scenario has now."""
    index = op_index(stale.op)
    operations = list(mod.operations)
    operations[index] = _expecting(operations[index], stale)
    return mod.model_copy(update={"operations": operations})


def can_rebase(stale: Stale) -> bool:
    """A changed value can be accepted as the new expectation; a vanished target cannot."""
    return stale.code == "mod-base-value-changed" and stale.found is not None


def stale_keys(stale: Stale) -> tuple[str, ...]:
    """The field path of a stale record as keys (empty for the whole entity)."""
    try:
        return parse(stale.path) if stale.path else ()
    except ValueError:
        return ()
