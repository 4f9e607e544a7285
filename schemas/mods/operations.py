"""Carrying out a mod's operations on the scenario being built, one by one.

Each operation finds its target through :class:`~schemas.mods.targets.Context`, checks its
value against the format, leaves a touch (for conflicts) and a provenance record, then
changes the entity (as JSON) or the list. When a mod is done, every entity it changed is
checked whole; one that does not fit is put back as it was, the problem reported at the
operations that made it.
"""

from __future__ import annotations

import copy
from typing import Any

from pydantic import BaseModel, ValidationError

from ..diff import paths
from ..diff.renames import follow, holders
from ..diff.sections import collections, nested_in, noun, singles
from ..schema_issues import schema_issues
from .issues import ModIssue, mod_issue
from .records import EntityKey, OpRef
from .state import _END, Chain, as_json
from .targets import Context, _escape, adapter, short
from .touches import POSITION, Touch


class Applier(Context):
    """Applies operations to a :class:`Working` scenario and records what happened."""

    # --- operations ------------------------------------------------------------------------

    def run(self, op: Any, ref: OpRef) -> None:
        if op.op != "rename":
            self.flush_renames()
        getattr(self, "_" + op.op)(op, ref)

    def _set(self, op: Any, ref: OpRef) -> None:
        keys = self.keys(op.path, ref, "/path")
        if keys is None:
            return
        target = self.target(op, ref, keys)
        if target is None:
            return
        spot = self.spot(target, keys, ref, "/path")
        if spot is None:
            return
        deleting = op.value is None and spot.in_map
        if not deleting and not self.check_value(spot.annotation, op.value, ref, "/value"):
            return
        parent = self.parent(self.edit(target), keys, ref, target)
        if parent is None:
            return
        if "was" in op.model_fields_set:
            self.expect(ref, target, keys, parent.get(keys[-1]), op.was)
        self.touches.add(target, Touch(keys, ref, "value", op.value))
        if deleting:
            parent.pop(keys[-1], None)
        else:
            parent[keys[-1]] = copy.deepcopy(op.value)
        self.provenance.record(*target, op.path, ref)

    def _translate(self, op: Any, ref: OpRef) -> None:
        target = self.target(op, ref)
        if target is None:
            return
        for path, text in op.texts.items():
            suffix = "/texts/" + _escape(path)
            keys = self.keys(path, ref, suffix)
            spot = self.spot(target, keys, ref, suffix) if keys else None
            if keys is None or spot is None:
                continue
            if not paths.is_text(spot):
                what = f"'{path}' is not a text (a name, a title, a description...)"
                self.error(ref, "mod-not-text", what, suffix, target[1])
                continue
            parent = self.parent(self.edit(target), keys, ref, target)
            if parent is None:
                continue
            if op.was is not None and path in op.was:
                at = "/was/" + _escape(path)
                self.expect(ref, target, keys, parent.get(keys[-1]), op.was[path], "text", at)
            self.touches.add(target, Touch(keys, ref, "value", text))
            parent[keys[-1]] = text
            self.provenance.record(*target, path, ref)

    def _add(self, op: Any, ref: OpRef) -> None:
        section = op.section
        if section not in collections():
            what = f"'{section}' is a single section: change it with 'set' or 'replace'"
            self.error(ref, "mod-bad-operation", what, "/section")
            return
        model = self.entity(op.value, section, ref, "/value")
        if model is None:
            return
        target = (section, model.id)
        chain = self.state.chains[section]
        if model.id in chain:
            if not self.touches.by_others(target, (), ref.mod):
                self.report(
                    ref,
                    "mod-target-exists",
                    target,
                    "",
                    f"the scenario already has a {noun(section)} '{model.id}'; the mod's "
                    "replaces it",
                    applied=True,
                )
            self.state.put(section, model.id, model)
            self.snapshots.pop(target, None)
            if "after" in op.model_fields_set:
                anchor = self.anchor(op, ref, section, model.id)
                chain.move(model.id, chain.last() if anchor is _END else anchor)
        else:
            chain.insert(model.id, model, self.anchor(op, ref, section, model.id))
            self.added.add(target)
        self.removed.pop(target, None)
        self.touches.add(target, Touch((), ref, "value", op.value))
        self.provenance.record(section, model.id, "", ref)

    def _remove(self, op: Any, ref: OpRef) -> None:
        if op.section not in collections():
            what = "a single section cannot be removed; replace it (the tension index by null)"
            self.error(ref, "mod-bad-operation", what, "/section")
            return
        target = self.target(op, ref)
        if target is None:
            return
        section, key = target
        assert key is not None  # 'remove' requires an id, and target() returns it for a list
        if op.was is not None:
            self.expect_fingerprint(ref, target, op.was)
        self.touches.add(target, Touch((), ref, "remove"))
        self.state.chains[section].remove(key)
        self.removed[target] = ref
        self.snapshots.pop(target, None)
        self.added.discard(target)
        self.provenance.forget(section, key)

    def _replace(self, op: Any, ref: OpRef) -> None:
        target = self.target(op, ref)
        if target is None:
            return
        section, key = target
        if key is not None:
            model = self.entity(op.value, section, ref, "/value")
            if model is None:
                return
            if model.id != op.id:
                what = f"the new value's id '{model.id}' is not '{op.id}'; rename first"
                self.error(ref, "mod-bad-operation", what, "/value/id", key)
                return
            if model.id != key:  # renamed by an earlier mod: keep its new id
                model = model.model_copy(update={"id": key})
            value: Any = model
        else:
            annotation = singles()[section]
            try:
                value = adapter(annotation).validate_python(op.value)
            except ValidationError as exc:
                for issue in schema_issues(exc, op.value, annotation):
                    self.error(ref, "mod-invalid-value", issue.message, "/value" + issue.path)
                return
            for name in nested_in(section):
                collection = collections()[f"{section}/{name}"]
                self.state.chains[collection.name] = Chain(list(getattr(value, name, None) or []))
        if op.was is not None:
            self.expect_fingerprint(ref, target, op.was)
        self.touches.add(target, Touch((), ref, "value", op.value))
        self.state.put(section, key, value)
        self.snapshots.pop(target, None)
        self.provenance.record(section, key, "", ref)

    def _move(self, op: Any, ref: OpRef) -> None:
        target = self.target(op, ref, POSITION)
        if target is None:
            return
        section, key = target
        assert key is not None  # 'move' requires an id, and target() returns it for a list
        if op.after is None:
            anchor = None
        else:
            anchor = self.current(section, op.after, ref.mod)
            if anchor not in self.state.chains[section] or anchor == key:
                self.report(
                    ref,
                    "mod-anchor-missing",
                    target,
                    "",
                    f"there is no {noun(section)} '{op.after}' to follow; it stays where it is",
                )
                return
        self.touches.add(target, Touch(POSITION, ref, "move", op.after))
        self.state.chains[section].move(key, anchor)
        self.provenance.record(section, key, "#position", ref)

    def _rename(self, op: Any, ref: OpRef) -> None:
        target = self.target(op, ref, ("id",))
        if target is None:
            return
        section, old = target
        assert old is not None  # 'rename' requires an id, and target() returns it for a list
        new = op.to
        if new == old:
            return
        if new in self.state.chains[section]:
            what = f"there is already a {noun(section)} '{new}'"
            self.error(ref, "mod-bad-operation", what, "/to", old)
            return
        self.touches.add(target, Touch(("id",), ref, "value", new))
        chain = self.state.chains[section]
        chain.rename(old, new)
        value = chain.values[new]
        if isinstance(value, BaseModel):
            chain.values[new] = value.model_copy(update={"id": new})
        else:
            value["id"] = new
        for table in (self.snapshots,):
            if (section, old) in table:
                table[(section, new)] = table.pop((section, old))
        self.origin[(section, new)] = self.origin.pop((section, old), old)
        if (section, old) in self.added:
            self.added.discard((section, old))
            self.added.add((section, new))
        self.provenance.rename(section, old, new)
        self.touches.rename(section, old, new)
        self.aliases[(section, old)] = (new, ref.mod)
        self.provenance.record(section, new, "/id", ref)
        if "/" not in section:
            mapping = self.pending.setdefault(section, {})
            for before, after in mapping.items():
                if after == old:
                    mapping[before] = new
            mapping.setdefault(old, new)

    def flush_renames(self) -> None:
        """Make every reference follow the renames made since the last operation of another
        kind (renames in a row are followed in one pass over the scenario)."""
        if not self.pending:
            return
        pending, self.pending = self.pending, {}

        def follow_one(value: Any, annotation: Any) -> Any:
            model = value
            if isinstance(value, dict):
                try:
                    model = adapter(annotation).validate_python(value)
                except ValidationError:
                    return value  # half-changed: its mod's end will judge it
            if not isinstance(model, BaseModel):
                return value
            changed = follow(model, pending)
            if changed is model:
                return value
            return as_json(changed) if isinstance(value, dict) else changed

        for name, chain in self.state.chains.items():
            model = collections()[name].model
            keys = list(chain.values)
            values = [chain.values[key] for key in keys]
            models = [v for v in values if isinstance(v, BaseModel)]
            if len(models) == len(values):
                touched = holders(values, pending)
            else:  # some entities are JSON being changed: look at each
                touched = list(range(len(values)))
            for position in touched:
                value = values[position]
                new = follow_one(value, model)
                if new is not value:
                    chain.values[keys[position]] = new
        for name, value in self.state.singles.items():
            if value is not None:
                new = follow_one(value, singles()[name])
                if new is not value:
                    self.state.singles[name] = new

    def _items(self, op: Any, ref: OpRef, adding: bool) -> None:
        keys = self.keys(op.path, ref, "/path")
        if keys is None:
            return
        target = self.target(op, ref, keys)
        if target is None:
            return
        spot = self.spot(target, keys, ref, "/path")
        if spot is None:
            return
        if not paths.is_id_list(spot.annotation):
            what = f"'{op.path}' is not a list of ids or names; set it whole"
            self.error(ref, "mod-bad-path", what, "/path", target[1])
            return
        parent = self.parent(self.edit(target), keys, ref, target)
        items = parent.get(keys[-1]) if parent is not None else None
        if parent is None or not isinstance(items, list):
            return
        present = [item for item in op.items if item in items]
        missing = [item for item in op.items if item not in items]
        kind = "add_item" if adding else "remove_item"
        for item in op.items:
            self.touches.add(target, Touch(keys, ref, kind, item=item))
        if adding:
            if present:
                self.report(
                    ref,
                    "mod-target-exists",
                    target,
                    op.path,
                    f"{op.path} already has {', '.join(map(short, present))}",
                    applied=True,
                )
            position = len(items)
            if "after" in op.model_fields_set:
                if op.after is None:
                    position = 0
                elif op.after in items:
                    position = items.index(op.after) + 1
                else:
                    self.report(
                        ref,
                        "mod-anchor-missing",
                        target,
                        op.path,
                        f"{op.path} has no {short(op.after)} to follow; the items go at the end",
                    )
            items[position:position] = missing
        else:
            if missing:
                self.report(
                    ref,
                    "mod-target-missing",
                    target,
                    op.path,
                    f"{op.path} has no {', '.join(map(short, missing))} to remove",
                )
            items[:] = [item for item in items if item not in present]
        self.provenance.record(*target, op.path, ref)

    def _add_items(self, op: Any, ref: OpRef) -> None:
        self._items(op, ref, adding=True)

    def _remove_items(self, op: Any, ref: OpRef) -> None:
        self._items(op, ref, adding=False)

    # --- the end of a mod ------------------------------------------------------------------

    def settle(self, mod: int) -> None:
        """Check every entity the mod changed against the format; undo the mod's changes to
        an entity that does not fit, reporting why at the operations that made them."""
        self.flush_renames()
        for target, before in self.snapshots.items():
            if not self.state.exists(*target):
                continue
            value = self.state.get(*target)
            if not isinstance(value, dict):
                continue
            annotation = self.state.model_class(*target)
            try:
                self.state.put(*target, adapter(annotation).validate_python(value))
            except ValidationError as exc:
                self.blame(target, mod, schema_issues(exc, value, annotation))
                if isinstance(before, BaseModel) and target[1] is not None:
                    before = before.model_copy(update={"id": target[1]})
                self.state.put(*target, before)
                self.provenance.forget(*target, mod)
                self.touches.forget(target, mod)
        self.snapshots = {}

    def blame(self, target: EntityKey, mod: int, problems: list[Any]) -> None:
        section, entity = target
        subject = f"{noun(section)} '{entity}'" if entity is not None else section
        touches = [
            t
            for t in self.touches.by_entity.get(target, [])
            if t.op.mod == mod and t.kind != "move"
        ]
        for problem in problems:
            keys = paths.parse(problem.path) if problem.path else ()
            best = max(
                (t for t in touches if t.keys == keys[: len(t.keys)]),
                key=lambda t: len(t.keys),
                default=touches[-1] if touches else None,
            )
            if best is None:
                continue
            suffix = ""
            if best.op.op in ("set", "add", "replace") and best.keys == keys[: len(best.keys)]:
                suffix = "/value" + paths.join(keys[len(best.keys) :])
            message = (
                f"{problem.message} (at {problem.path or '/'} of the {subject}, which this mod "
                "leaves not fitting the format: its changes to it are undone)"
            )
            issue = mod_issue("mod-invalid-value", best.op.pointer + suffix, message, entity)
            self.issues.append(ModIssue(best.op.source, issue, mod))
