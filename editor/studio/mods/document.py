"""The document of a base scenario opened with a stack of mods.

It is a :class:`~editor.studio.document.ScenarioDocument` like any other: the map, panels,
forms and live validation edit and show the scenario the stack makes, through the same
undoable edits. What differs is the file: Save writes the edit target (the last mod of the
stack), made from the edits by :func:`.stack.derive`; the base scenario is never written.

Changes of the stack itself (a mod switched on or off, moved, added, removed, another mod
made the edit target, a stale operation resolved, Revert) are undoable steps on the same
history as the edits: each swaps the :class:`.stack.StackState` and the parts of the scenario
that the new stack makes differently, so undo and redo move through edits and stack changes
alike. The target's own edits survive a change below it: they are made into operations first
and applied again on the new stack.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtGui import QUndoCommand

from editor.studio.document import LIST_SECTIONS, Change, ScenarioDocument
from editor.studio.mods.stack import (
    PALETTE,
    SCENARIO_PARTS,
    Derived,
    StackEntry,
    StackError,
    StackState,
    build_state,
    can_rebase,
    derive,
    op_index,
    rebased_operation,
    without_operation,
)
from schemas.mods.images import rebase_mod
from schemas.mods.load import dumps_mod, save_mod
from schemas.mods.model import MOD_SUFFIX, Mod
from schemas.mods.records import Stale
from schemas.scenario import Scenario

MOD_FILTER = f"Salient mods (*{MOD_SUFFIX});;All files (*)"


def own_lists(scenario: Scenario) -> dict[str, Any]:
    """The parts of a scenario as a document may hold them: lists of its own."""
    return {
        part: list(value) if part in LIST_SECTIONS else value
        for part in SCENARIO_PARTS
        for value in [getattr(scenario, part)]
    }


class ModdedDocument(ScenarioDocument):
    """A scenario made by a base and a stack of mods; edits go into the last mod."""

    stackChanged = Signal()
    """The stack changed (after a stack step, its undo or its redo)."""

    def __init__(self, state: StackState, paths: dict[int, Path | None]) -> None:
        scenario = state.result.scenario
        assert scenario is not None
        parts = own_lists(scenario)
        super().__init__(scenario.model_copy(update=parts), paths.get(state.target.key))
        self.state = state
        self.paths = dict(paths)
        """The file of each mod by entry key (``None``: never saved). Kept out of the undo
        history: a Save as is not undone with the edits before it."""
        self.revision = 0
        """Counts changes of what the document shows, so a result computed from an older
        state is recognised (see :mod:`.live`)."""
        self._derived: tuple[int, Derived] | None = (0, Derived(state.target.mod, state.result))
        self.changed.connect(self._note_change)

    # -- what the stack is -----------------------------------------------------------------------

    @property
    def base(self) -> Any:
        return self.state.base

    @property
    def entries(self) -> tuple[StackEntry, ...]:
        return self.state.entries

    @property
    def target(self) -> StackEntry:
        return self.state.target

    @property
    def folder(self) -> Path | None:
        return self.state.base.folder

    @property
    def display_name(self) -> str:
        base = self.base.path.name if self.base.path is not None else "the scenario"
        name = self.path.name if self.path is not None else f"{self.target.title} (unsaved mod)"
        return f"{name} on {base}"

    @property
    def play_name(self) -> str:
        base = self.base.path.stem if self.base.path is not None else "untitled"
        ids = "+".join(e.mod.id for e in self.state.applied)
        return f"{base}+{ids}"

    def _note_change(self, _change: Change) -> None:
        self.revision += 1

    def derive(self) -> Derived:
        """The edit target as the edits make it, and the stack applied with it (cached per
        revision; :mod:`.live` computes it in a worker after edits)."""
        cached = self._derived
        if cached is not None and cached[0] == self.revision:
            return cached[1]
        derived = derive(self.state, self.scenario)
        self._derived = (self.revision, derived)
        return derived

    def offer(self, revision: int, derived: Derived) -> bool:
        """Keep a result the worker computed, if nothing changed since; ``True`` if kept."""
        if revision != self.revision:
            return False
        self._derived = (revision, derived)
        return True

    # -- the file --------------------------------------------------------------------------------

    def save_dialog(self) -> tuple[str, str, str]:
        target = self.target
        start = self.path or (self.base.folder / f"{target.mod.id}{MOD_SUFFIX}")
        return f"Save the mod “{target.title}” as", MOD_FILTER, str(start)

    def mod_for(self, path: Path) -> Mod:
        """The edit target as its file at ``path`` holds it (image paths from there)."""
        return rebase_mod(self.derive().mod, self.base.folder, path.parent)

    def write(self, path: Path) -> None:
        """Write the edit target (never the base). Raises ``ValueError`` when no mod can be
        made of the scenario (an id used twice), ``OSError`` when the file cannot be."""
        if not self.target.writable:
            raise ValueError(f"{self.target.source} is inside a package and cannot be written")
        save_mod(self.mod_for(path), path)

    def mark_saved(self, path: Path) -> None:
        self.paths[self.target.key] = path
        super().mark_saved(path)

    def recovery_copy(self) -> tuple[bytes, dict[str, Any]]:
        folder = self.path.parent if self.path is not None else self.base.folder
        mod = rebase_mod(self.derive().mod, self.base.folder, folder)
        stack = {
            "base": str(self.base.path) if self.base.path is not None else None,
            "mods": [
                {"source": str(self.paths.get(e.key) or e.source), "enabled": e.enabled}
                for e in self.entries[:-1]
            ],
        }
        return dumps_mod(mod).encode("utf-8"), {"stack": stack}

    # -- changing the stack (each one undoable step) -------------------------------------------

    def set_enabled(self, key: int, enabled: bool) -> bool:
        entry = self.state.entry(key)
        if entry is None or entry.enabled == enabled or entry is self.target:
            return False
        verb = "Switch on" if enabled else "Switch off"
        return self._restack(self._replaced(entry.but(enabled=enabled)), f"{verb} {entry.title}")

    def reorder(self, keys: Sequence[int]) -> bool:
        """Put the mods in this load order; the edit target always stays last."""
        target = self.target.key
        order = [k for k in keys if k != target] + [target]
        by_key = {e.key: e for e in self.entries}
        if sorted(order) != sorted(by_key) or order == [e.key for e in self.entries]:
            return False
        entries = [by_key[k] for k in order]
        return self._restack(entries, "Change the load order")

    def add_mods(self, mods: Sequence[tuple[Mod, str, Path | None, bool]]) -> bool:
        """Add mods just below the edit target: (mod, source, file, writable) each."""
        if not mods:
            return False
        new: list[StackEntry] = []
        for mod, source, path, writable in mods:
            key = self._next_key(new)
            new.append(StackEntry(key, mod, source, True, writable, self._colour(new)))
            self.paths.setdefault(key, path)
        names = ", ".join(e.title for e in new)
        return self._restack([*self.entries[:-1], *new, self.target], f"Add {names}")

    def remove_mod(self, key: int) -> bool:
        entry = self.state.entry(key)
        if entry is None or entry is self.target:
            return False
        entries = [e for e in self.entries if e.key != key]
        return self._restack(entries, f"Remove {entry.title}")

    def make_target(self, key: int) -> bool:
        """Edit another mod: it moves last (and is switched on); the current target keeps
        its edits as operations below it. Save first: only the target is saved."""
        entry = self.state.entry(key)
        if entry is None or entry is self.target or not entry.writable:
            return False
        entries = [e for e in self.entries if e.key != key] + [entry.but(enabled=True)]
        return self._restack(entries, f"Edit {entry.title}")

    def start_mod(self, mod: Mod) -> bool:
        """Start a new, empty mod as the edit target (saved where the designer says)."""
        key = self._next_key()
        self.paths[key] = None
        entry = StackEntry(key, mod, mod.id, True, True, self._colour())
        return self._restack([*self.entries, entry], f"Start the mod {entry.title}")

    def set_details(self, **details: Any) -> bool:
        """Change the edit target's id, name, version, author, description..."""
        mod = self.target.mod
        changed = {k: v for k, v in details.items() if getattr(mod, k) != v}
        if not changed:
            return False
        # Checked on their own: dumping the operations would lose which of them omit 'was'.
        meta = mod.model_dump(by_alias=True, exclude={"operations"})
        Mod.model_validate({**meta, **changed})
        made = self.derive().mod.model_copy(update=changed)  # the edits kept
        return self._restack(
            self._replaced(self.target.but(mod=made)),
            f"Change the details of {mod.name}",
            own=True,
        )

    def revert_target(self, mod: Mod) -> bool:
        """Go back to the target as its file holds it (undoable)."""
        return self._restack(
            self._replaced(self.target.but(mod=mod)), f"Revert {self.target.title}", own=True
        )

    def drop_stale(self, stale: Stale) -> bool:
        """Take a stale operation of the edit target out of it (its effect goes with it)."""
        return self._resolve(stale, lambda mod: without_operation(mod, op_index(stale.op)), "Drop")

    def rebase_stale(self, stale: Stale) -> bool:
        """Make a stale operation of the edit target expect the value the scenario has now."""
        if not can_rebase(stale):
            return False
        return self._resolve(stale, lambda mod: rebased_operation(mod, stale), "Re-base")

    def _resolve(self, stale: Stale, change: Callable[[Mod], Mod], verb: str) -> bool:
        derived = self.derive()
        if not _still_there(stale, derived):
            return False
        mod = change(derived.mod)
        text = f"{verb} a stale operation of {self.target.title}"
        return self._restack(self._replaced(self.target.but(mod=mod)), text, own=True)

    # -- how a stack step is made ----------------------------------------------------------------

    def _replaced(self, entry: StackEntry) -> list[StackEntry]:
        return [entry if e.key == entry.key else e for e in self.entries]

    def _next_key(self, also: Sequence[StackEntry] = ()) -> int:
        return max([*self.paths, *(e.key for e in also), -1]) + 1

    def _colour(self, also: Sequence[StackEntry] = ()) -> str:
        used = [e.colour for e in (*self.entries, *also)]
        free = [c for c in PALETTE if c not in used]
        return free[0] if free else PALETTE[len(used) % len(PALETTE)]

    def _restack(self, entries: Sequence[StackEntry], text: str, *, own: bool = False) -> bool:
        """Apply a new stack as one undoable step. The current target's edits become its
        operations first, wherever it goes in the new stack (``own``: the caller already
        decided what its operations are).

        Raises :class:`StackError` when the stack cannot be applied."""
        current = self.target
        if not own:
            made = self.derive().mod
            entries = [e.but(mod=made) if e.key == current.key else e for e in entries]
        state = build_state(self.base, entries)
        self.undo_stack.push(_StackStep(self, text, self.state, state))
        return True

    def _set_state(self, state: StackState, parts: dict[str, Any]) -> None:
        """Swap in a stack state and the parts of the scenario it makes differently (run by
        :class:`_StackStep` only)."""
        self.state = state
        self._derived = None
        path = self.paths.get(state.target.key)
        if path != self.path:
            self.path = path
            self.pathChanged.emit(path)
        for part, value in parts.items():
            self._install(part, value)
        self.revision += 1
        self._derived = (self.revision, Derived(state.target.mod, state.result))
        self.stackChanged.emit()

    def _install(self, part: str, value: Any) -> None:
        old = getattr(self.scenario, part)
        self.scenario.__dict__[part] = value
        self._index.pop(part, None)
        if part not in LIST_SECTIONS:
            self._emit(Change("info" if part == "schema_uri" else part, frozenset(), "reset"))
            return
        selection = self.selection
        if selection.section == part:
            present = {e.id for e in value}
            kept = [i for i in selection.ids if i in present]
            if kept != list(selection.ids):
                self.select(part, kept)
        if [e.id for e in old] == [e.id for e in value]:
            ids = frozenset(a.id for a, b in zip(old, value, strict=True) if a is not b and a != b)
            self._emit(Change(part, ids))
        else:
            self._emit(Change(part, frozenset(), "reset"))


def _still_there(stale: Stale, derived: Derived) -> bool:
    """Whether a stale record (from the live result) still describes the target's
    operations (an edit since may have settled it)."""
    return any(
        s.op.mod == stale.op.mod
        and s.op.pointer == stale.op.pointer
        and s.code == stale.code
        and s.path == stale.path
        for s in derived.result.stale
    )


class _StackStep(QUndoCommand):
    """One change of the stack: the states before and after, and the scenario's parts that
    differ between them (lists of the document's own, kept for redo)."""

    def __init__(
        self, document: ModdedDocument, text: str, before: StackState, after: StackState
    ) -> None:
        super().__init__(text)
        self.document = document
        self.before, self.after = before, after
        scenario = document.scenario
        made = after.result.scenario
        assert made is not None
        differing = [p for p in SCENARIO_PARTS if getattr(scenario, p) != getattr(made, p)]
        self.old = {p: getattr(scenario, p) for p in differing}
        new = own_lists(made)
        self.new = {p: new[p] for p in differing}

    def redo(self) -> None:
        self.document._set_state(self.after, self.new)

    def undo(self) -> None:
        self.document._set_state(self.before, self.old)


__all__ = ["MOD_FILTER", "ModdedDocument", "StackError"]
