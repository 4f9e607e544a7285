"""What every operation needs before it changes anything: its target, and what to report.

An operation first finds its target: the entity by id (following renames made by earlier
mods of the stack, so a mod made for the base still finds what another mod renamed) and the
field by its path. A target that is gone is reported as stale; a value that is not what the
mod expected is reported (compared with the base when another mod changed it first, which is
a conflict of its own). The operations themselves are in :mod:`schemas.mods.operations`.
"""

from __future__ import annotations

from typing import Any

from pydantic import TypeAdapter, ValidationError

from ..base import Entity
from ..diff import paths
from ..diff.paths import PathError
from ..diff.sections import SINGLE_NAMES, collections, nested_in, noun
from ..scenario import Scenario
from ..schema_issues import schema_issues
from .fingerprint import value_fingerprint
from .issues import ModIssue, mod_issue
from .records import EntityKey, OpRef, Provenance, Stale
from .state import _END, Working, as_json
from .touches import Touch, Touches

_MISSING = object()
_ADAPTERS: dict[Any, TypeAdapter[Any]] = {}


def adapter(annotation: Any) -> TypeAdapter[Any]:
    try:
        found = _ADAPTERS.get(annotation)
    except TypeError:  # an annotation that cannot be hashed
        return TypeAdapter(annotation)
    if found is None:
        found = _ADAPTERS[annotation] = TypeAdapter(annotation)
    return found


def short(value: Any) -> str:
    """A value for a message: JSON, cut when long."""
    import json

    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 60 else text[:57] + "..."


def _escape(key: str) -> str:
    return key.replace("~", "~0").replace("/", "~1")


class Context:
    """The scenario being built and everything recorded while mods are applied to it."""

    def __init__(self, base: Scenario) -> None:
        self.base = base
        self.state = Working(base)
        self.provenance = Provenance()
        self.touches = Touches()
        self.stale: list[Stale] = []
        self.issues: list[ModIssue] = []
        self.aliases: dict[tuple[str, str], tuple[str, int]] = {}
        """(section, old id) -> (new id, mod that renamed it)."""
        self.removed: dict[EntityKey, OpRef] = {}
        self.origin: dict[EntityKey, str] = {}
        """Base id of an entity renamed since (others keep theirs)."""
        self.added: set[EntityKey] = set()
        self._base_json: dict[EntityKey, Any] = {}
        self._base_keys: dict[str, dict[str, Any]] = {}
        self.snapshots: dict[EntityKey, Any] = {}
        """What the current mod's changed entities were before it changed them."""
        self.pending: dict[str, dict[str, str]] = {}
        """Renames whose references are still to be followed, per collection."""

    # --- reporting -------------------------------------------------------------------------

    def error(
        self, ref: OpRef, code: str, message: str, suffix: str = "", entity: Any = None
    ) -> None:
        issue = mod_issue(code, ref.pointer + suffix, message, entity)
        self.issues.append(ModIssue(ref.source, issue, ref.mod))

    def report(
        self,
        ref: OpRef,
        code: str,
        target: tuple[str, str | None],
        path: str,
        message: str,
        *,
        expected: Any = None,
        found: Any = None,
        applied: bool = False,
        at: str = "",
    ) -> None:
        section, entity = target
        stale = Stale(
            ref, code, section, entity, path, expected, found, message, applied, ref.pointer + at
        )
        self.stale.append(stale)
        self.issues.append(stale.issue())

    # --- finding targets -------------------------------------------------------------------

    def current(self, section: str, entity: str, mod: int) -> str:
        """The id an entity has now, following renames made by earlier mods."""
        seen = {entity}
        while (section, entity) in self.aliases:
            new, by = self.aliases[(section, entity)]
            if by >= mod or new in seen:
                break
            seen.add(new)
            entity = new
        return entity

    def target(self, op: Any, ref: OpRef, keys: tuple[str, ...] = ()) -> EntityKey | None:
        section, entity = op.section, getattr(op, "id", None)
        if section in collections():
            if entity is None:
                what = f"'{section}' is a list of entities: name the entity with 'id'"
                self.error(ref, "mod-bad-operation", what)
                return None
            entity = self.current(section, entity, ref.mod)
        elif entity is not None:
            what = f"'{section}' is a single section, without entities: leave 'id' out"
            self.error(ref, "mod-bad-operation", what, "/id")
            return None
        if self.state.exists(section, entity):
            return (section, entity)
        removed = self.removed.get((section, entity)) if entity is not None else None
        if removed is not None and removed.mod != ref.mod:
            self.touches.add((section, entity), Touch(keys, ref, _kind(op), _value(op)))
        else:
            self.report(
                ref,
                "mod-target-missing",
                (section, entity),
                "",
                f"there is no {noun(section)} '{entity}' in the scenario; the operation is skipped",
            )
        return None

    def keys(self, path: str, ref: OpRef, suffix: str) -> tuple[str, ...] | None:
        try:
            return paths.parse(path)
        except PathError as exc:
            self.error(ref, "mod-bad-path", str(exc), suffix)
            return None

    def spot(
        self, target: EntityKey, keys: tuple[str, ...], ref: OpRef, suffix: str
    ) -> paths.Target | None:
        """What the path leads to in the target, or ``None`` after reporting why not."""
        section, entity = target
        if keys and keys[0] == "id" and entity is not None:
            what = "an id changes with a 'rename' operation, which also updates every reference"
            self.error(ref, "mod-bad-operation", what, suffix)
            return None
        if entity is None and keys and keys[0] in nested_in(section):
            what = (
                f"'{keys[0]}' is the list '{section}/{keys[0]}': add, remove and change its "
                "entries with that section"
            )
            self.error(ref, "mod-bad-path", what, suffix)
            return None
        value = self.state.get(section, entity)
        if entity is None and value is None:
            name = SINGLE_NAMES.get(section, section)
            self.report(
                ref,
                "mod-target-missing",
                target,
                paths.join(keys),
                f"the scenario has no {name}; the operation is skipped",
            )
            return None
        try:
            return paths.resolve(self.state.model_class(section, entity), keys, value)
        except PathError as exc:
            if exc.missing:
                self.report(
                    ref,
                    "mod-target-missing",
                    target,
                    paths.join(keys),
                    f"{exc}; the operation is skipped",
                )
            else:
                self.error(ref, "mod-bad-path", str(exc), suffix, entity)
            return None

    def edit(self, target: EntityKey) -> Any:
        """The target as JSON, to change in place (remembering it as it was for this mod)."""
        if target not in self.snapshots:
            self.snapshots[target] = self.state.get(*target)
        return self.state.editable(*target)

    def parent(
        self, node: Any, keys: tuple[str, ...], ref: OpRef, target: EntityKey
    ) -> dict[str, Any] | None:
        for depth, key in enumerate(keys[:-1]):
            node = node.get(key) if isinstance(node, dict) else None
            if node is None:
                self.report(
                    ref,
                    "mod-target-missing",
                    target,
                    paths.join(keys),
                    f"there is no '{paths.join(keys[: depth + 1])}' in the scenario; the "
                    "operation is skipped",
                )
                return None
        return node if isinstance(node, dict) else None

    def check_value(self, annotation: Any, value: Any, ref: OpRef, suffix: str) -> bool:
        try:
            adapter(annotation).validate_python(value)
        except ValidationError as exc:
            for issue in schema_issues(exc, value, annotation):
                self.error(ref, "mod-invalid-value", issue.message, suffix + issue.path)
            return False
        return True

    def entity(self, value: Any, section: str, ref: OpRef, suffix: str) -> Entity | None:
        model = collections()[section].model
        try:
            return model.model_validate(value)
        except ValidationError as exc:
            for issue in schema_issues(exc, value, model):
                self.error(ref, "mod-invalid-value", issue.message, suffix + issue.path)
            return None

    def base_value(self, target: EntityKey, keys: tuple[str, ...]) -> Any:
        """The value at ``keys`` in the base scenario (``_MISSING`` for what a mod added)."""
        if target in self.added:
            return _MISSING
        section, entity = target
        base_id = self.origin.get(target, entity)
        base_key = (section, base_id)
        if base_key not in self._base_json:
            if base_id is None:
                attribute = "schema_uri" if section == "$schema" else section
                value = getattr(self.base, attribute)
            else:
                if section not in self._base_keys:
                    items = collections()[section].items(self.base)
                    self._base_keys[section] = {item.id: item for item in items}
                value = self._base_keys[section].get(base_id, _MISSING)
            skip = nested_in(section) if entity is None else None
            self._base_json[base_key] = as_json(value, skip) if value is not _MISSING else _MISSING
        node = self._base_json[base_key]
        for key in keys:
            if node is _MISSING:
                return _MISSING
            node = node.get(key) if isinstance(node, dict) else None
        return node

    def expect(
        self,
        ref: OpRef,
        target: EntityKey,
        keys: tuple[str, ...],
        found: Any,
        expected: Any,
        describe: str = "value",
        at: str = "/was",
    ) -> None:
        """Report a value that is not what the mod expected (in the base, when another mod
        changed it first: that is a conflict, listed on its own)."""
        if self.touches.by_others(target, keys, ref.mod):
            found = self.base_value(target, keys)
            if found is _MISSING:
                return
        if found == expected:
            return
        path = paths.join(keys)
        self.report(
            ref,
            "mod-base-value-changed",
            target,
            path,
            f"{path or 'the entity'}: the mod expected the {describe} {short(expected)}, the "
            f"scenario has {short(found)}; the mod's {describe} is applied",
            expected=expected,
            found=found,
            applied=True,
            at=at,
        )

    def anchor(self, op: Any, ref: OpRef, section: str, key: str | None = None) -> Any:
        if "after" not in op.model_fields_set:
            return _END
        if op.after is None:
            return None
        anchor = self.current(section, op.after, ref.mod)
        if anchor in self.state.chains[section] and anchor != key:
            return anchor
        self.report(
            ref,
            "mod-anchor-missing",
            (section, key),
            "",
            f"there is no {noun(section)} '{op.after}' to follow; it goes at the end",
        )
        return _END

    def expect_fingerprint(self, ref: OpRef, target: EntityKey, expected: str) -> None:
        if self.touches.by_others(target, (), ref.mod):
            value = self.base_value(target, ())
            if value is _MISSING:
                return
        else:
            value = self.state.get(*target)
        found = value_fingerprint(
            as_json(value, nested_in(target[0]) if target[1] is None else None)
        )
        if found[: len(expected)] != expected:
            self.report(
                ref,
                "mod-base-value-changed",
                target,
                "",
                "the entity changed since the mod was made (its fingerprint differs); the "
                "operation is applied",
                expected=expected,
                found=found,
                applied=True,
                at="/was",
            )


def _kind(op: Any) -> str:
    return {"remove": "remove", "move": "move"}.get(op.op, "value")


def _value(op: Any) -> Any:
    return getattr(op, "value", None)
