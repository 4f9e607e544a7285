"""Reading and writing mod files, with every problem at its JSON pointer.

Like scenario files, reading never raises for bad content: broken JSON, a repeated key, a
newer format version or a value that does not fit become issues pointing into the mod.
Writing is canonical and atomic.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from ..io import canonical_json, parse_json, write_atomic
from ..issues import Issue, make_issue
from ..migrations import MigrationError
from ..schema_issues import schema_issues
from .migrations import migrate_mod
from .model import Mod, mod_json


@dataclass
class ModLoadResult:
    """The mod when the file fits the format, and every problem found reading it."""

    mod: Mod | None
    issues: list[Issue] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.mod is not None and not any(i.is_error for i in self.issues)


def mod_from_raw(raw: Any) -> ModLoadResult:
    """Migrate and validate parsed JSON against the mod format."""
    if not isinstance(raw, dict):
        found = type(raw).__name__ if raw is not None else "null"
        return ModLoadResult(
            None, [make_issue("json-not-object", "", f"a mod is a JSON object, found {found}")]
        )
    try:
        raw = migrate_mod(raw)
    except MigrationError as exc:
        return ModLoadResult(None, [make_issue(exc.code, "/schema_version", str(exc))])
    try:
        return ModLoadResult(Mod.model_validate(raw))
    except ValidationError as exc:
        return ModLoadResult(None, schema_issues(exc, raw, Mod))


def load_mod_text(data: bytes | str) -> ModLoadResult:
    """Load a mod from its JSON text."""
    raw, issues = parse_json(data)
    if raw is None and issues:
        return ModLoadResult(None, issues)
    result = mod_from_raw(raw)
    result.issues[:0] = issues
    if any(i.is_error for i in issues):
        result.mod = None
    return result


def load_mod_file(path: str | os.PathLike[str]) -> ModLoadResult:
    """Load a mod file. Raises :class:`OSError` only when the file cannot be read."""
    return load_mod_text(Path(path).read_bytes())


def dumps_mod(mod: Mod) -> str:
    """Canonical JSON text of a mod."""
    return canonical_json(mod_json(mod))


def save_mod(mod: Mod, path: str | os.PathLike[str]) -> None:
    """Write a mod file canonically and atomically."""
    write_atomic(path, dumps_mod(mod).encode("utf-8"))
