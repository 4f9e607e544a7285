"""Reading and writing scenario files.

Reading never raises for bad content: every problem becomes an :class:`~schemas.issues.Issue`
with a JSON pointer (and a line and column when the JSON itself is broken). Writing is
canonical (fixed key order, lists in the designer's order, 2-space indent, trailing newline) so
that loading and saving a file gives back the same bytes and diffs stay small, and atomic (a
temporary file in the same folder, renamed over the target) so a crash never leaves half a file.
"""

from __future__ import annotations

import difflib
import json
import os
import re
import tempfile
import types
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Union, get_args, get_origin

from pydantic import BaseModel, ValidationError

from .collector import gc_paused
from .issues import Issue, has_errors, make_issue, pointer
from .migrations import MigrationError, migrate
from .scenario import SCHEMA_VERSION, Scenario

if TYPE_CHECKING:
    from .validation import ScenarioIndex

FULL_SECTIONS = ("rules", "terrain", "connection_types")
"""Sections written with every field, defaults included, so modders see every knob."""


@dataclass
class LoadResult:
    """What loading produced: the scenario when the file fits the format, and every issue."""

    scenario: Scenario | None
    issues: list[Issue] = field(default_factory=list)
    index: ScenarioIndex | None = None
    """The validation index (id tables, geometry), kept for incremental checks after edits."""

    @property
    def ok(self) -> bool:
        """A scenario was built and nothing is an error (warnings allowed)."""
        return self.scenario is not None and not has_errors(self.issues)


def _duplicate_key_issues(raw: Any, flawed: dict[int, list[str]]) -> list[Issue]:
    """Issues for the objects (by ``id``) that repeated keys, found by walking the tree."""
    out: list[Issue] = []
    stack: list[tuple[Any, tuple[str | int, ...]]] = [(raw, ())]
    while stack:
        node, path = stack.pop()
        if isinstance(node, dict):
            for key in flawed.get(id(node), ()):
                entity = node.get("id")
                out.append(
                    make_issue(
                        "json-duplicate-key",
                        pointer(*path, key),
                        f"key '{key}' appears more than once in this object; only the last is kept",
                        entity=entity if isinstance(entity, str) else None,
                    )
                )
            stack.extend((v, (*path, k)) for k, v in node.items() if isinstance(v, dict | list))
        elif isinstance(node, list):
            stack.extend((v, (*path, i)) for i, v in enumerate(node) if isinstance(v, dict | list))
    out.sort(key=lambda issue: issue.path)
    return out


def _line_column(data: bytes, offset: int) -> tuple[int, int]:
    line = data.count(b"\n", 0, offset) + 1
    start = data.rfind(b"\n", 0, offset) + 1
    return line, offset - start + 1


def decode(data: bytes | str) -> tuple[str | None, list[Issue]]:
    """The text of a file, or an issue saying where it stops being UTF-8."""
    if isinstance(data, str):
        return data.removeprefix("\ufeff"), []
    try:
        return data.decode("utf-8-sig"), []
    except UnicodeDecodeError as exc:
        line, column = _line_column(data, exc.start)
        issue = make_issue(
            "file-encoding",
            "",
            f"byte {exc.start} is not UTF-8 ({exc.reason}); save the file as UTF-8",
        )
        return None, [_at(issue, line, column)]


def parse_json(data: bytes | str) -> tuple[Any, list[Issue]]:
    """Parse JSON text, reporting encoding, syntax and duplicate-key problems."""
    text, problems = decode(data)
    if text is None:
        return None, problems
    # Objects that repeat a key, kept alive here so that their ids stay unique.
    flawed: list[tuple[dict[str, Any], list[str]]] = []

    def hook(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        obj = dict(pairs)
        if len(obj) != len(pairs):
            keys = [key for key, _ in pairs]
            flawed.append((obj, sorted({k for k in keys if keys.count(k) > 1})))
        return obj

    try:
        raw = json.loads(text, object_pairs_hook=hook)
    except json.JSONDecodeError as exc:
        issue = make_issue("json-syntax", "", f"{exc.msg} (line {exc.lineno}, column {exc.colno})")
        return None, [_at(issue, exc.lineno, exc.colno)]
    except RecursionError:
        return None, [make_issue("json-syntax", "", "the JSON is nested too deeply to read")]
    issues: list[Issue] = []
    if flawed:
        issues = _duplicate_key_issues(raw, {id(obj): keys for obj, keys in flawed})
    return raw, issues


def _at(issue: Issue, line: int, column: int) -> Issue:
    return Issue(issue.code, issue.severity, issue.path, issue.message, issue.entity, line, column)


def _unwrap(annotation: Any) -> list[Any]:
    """The concrete types an annotation may stand for (Annotated and unions opened)."""
    origin = get_origin(annotation)
    if origin is Annotated:
        return _unwrap(get_args(annotation)[0])
    if origin is Union or origin is types.UnionType:
        return [t for arg in get_args(annotation) for t in _unwrap(arg)]
    return [annotation]


def _step(annotation: Any, segment: str | int) -> Any:
    """The annotation one location segment further down, or ``None`` if it leads nowhere."""
    for option in _unwrap(annotation):
        origin = get_origin(option)
        if origin is list and isinstance(segment, int):
            return get_args(option)[0]
        if origin is dict and isinstance(segment, str):
            return get_args(option)[1]
        if isinstance(option, type) and issubclass(option, BaseModel) and isinstance(segment, str):
            field = option.model_fields.get(segment)
            if field is not None:
                return field.annotation
            kind = option.model_fields.get("kind")
            if kind is not None and get_args(kind.annotation) == (segment,):
                return option  # a union tag in the location: stay on this member
    return None


def _fields_at(loc: Sequence[str | int], root: type[BaseModel] = Scenario) -> list[str]:
    """Field names allowed in the object that ``loc`` (minus its last key) points into."""
    annotation: Any = root
    for segment in loc[:-1]:
        annotation = _step(annotation, segment)
        if annotation is None:
            return []
    models = [t for t in _unwrap(annotation) if isinstance(t, type) and issubclass(t, BaseModel)]
    return [info.alias or name for model in models for name, info in model.model_fields.items()]


def _resolve(raw: Any, loc: Sequence[str | int]) -> tuple[list[str | int], str | None]:
    """Map a pydantic error location onto the JSON: drop union tags, find the entity id."""
    keys: list[str | int] = []
    entity: str | None = None
    node = raw
    last = len(loc) - 1
    for position, segment in enumerate(loc):
        in_object = isinstance(node, dict) and isinstance(segment, str) and segment in node
        in_array = isinstance(node, list) and isinstance(segment, int) and 0 <= segment < len(node)
        if in_object or in_array:
            node = node[segment]
        elif position == last and isinstance(node, dict) and isinstance(segment, str):
            keys.append(segment)  # a required key that is absent
            break
        else:
            continue  # a union member or tag name: not part of the JSON
        keys.append(segment)
        if isinstance(node, dict) and isinstance(node.get("id"), str):
            entity = node["id"]
    return keys, entity


def schema_issues(
    error: ValidationError, raw: Any, root: type[BaseModel] = Scenario
) -> list[Issue]:
    """Issues for a model's validation errors, at the JSON pointers of the values in ``raw``
    (the JSON that ``root`` was validated from)."""
    issues = []
    for detail in error.errors(include_url=False):
        loc = detail["loc"]
        keys, entity = _resolve(raw, loc)
        name = next((k for k in reversed(keys) if isinstance(k, str)), None)
        kind = detail["type"]
        if kind == "extra_forbidden" and name is not None:
            close = difflib.get_close_matches(name, _fields_at(loc, root), n=1)
            hint = f" (did you mean '{close[0]}'?)" if close else ""
            message = f"unknown field '{name}'{hint}"
        elif kind == "missing" and name is not None:
            message = f"missing required field '{name}'"
        else:
            value = detail.get("input")
            shown = _short(value)
            prefix = f"{name}: " if name is not None else ""
            message = f"{prefix}{detail['msg'][0].lower()}{detail['msg'][1:]}"
            if shown is not None and kind not in ("union_tag_invalid",):
                message += f" (found {shown})"
        issues.append(make_issue("schema", pointer(*keys), message, entity))
    return issues


def _short(value: Any) -> str | None:
    if isinstance(value, dict | list):
        return None
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else text[:37] + "..."


def scenario_from_raw(raw: Any) -> LoadResult:
    """Migrate and validate parsed JSON against the format (no semantic checks)."""
    if not isinstance(raw, dict):
        found = type(raw).__name__ if raw is not None else "null"
        return LoadResult(
            None,
            [make_issue("json-not-object", "", f"a scenario is a JSON object, found {found}")],
        )
    try:
        raw = migrate(raw)
    except MigrationError as exc:
        return LoadResult(None, [make_issue(exc.code, "/schema_version", str(exc))])
    try:
        scenario = Scenario.model_validate(raw)
    except ValidationError as exc:
        return LoadResult(None, schema_issues(exc, raw))
    return LoadResult(scenario, [])


_VERSION = re.compile(r'"schema_version"\s*:\s*(\d+)')


def load_text(data: bytes | str, *, validate: bool = True, thorough: bool = False) -> LoadResult:
    """Load a scenario from JSON text; with ``validate``, also run every semantic check.

    A file in the current version is validated straight from its text by pydantic's own JSON
    parser, the fast way. Anything unusual (an older version, a value that does not fit) sends
    it through the thorough path, which builds the JSON tree to migrate it and to report every
    problem with its exact location. ``thorough`` takes that path from the start, which also
    reports keys repeated within an object (JSON parsers otherwise keep the last silently).
    """
    with gc_paused(settle=True):
        text, issues = decode(data)
        if text is None:
            return LoadResult(None, issues)
        scenario = None if thorough else _fast(text)
        result = LoadResult(scenario) if scenario is not None else _thorough(text)
        if validate and result.scenario is not None:
            from .validation import ScenarioIndex, run_checks

            result.index = ScenarioIndex(result.scenario)
            result.issues.extend(run_checks(result.index))
        return result


def _fast(text: str) -> Scenario | None:
    found = _VERSION.search(text)
    if found is None or int(found.group(1)) != SCHEMA_VERSION:
        return None
    try:
        return Scenario.model_validate_json(text)
    except ValidationError:
        return None


def _thorough(text: str) -> LoadResult:
    raw, issues = parse_json(text)
    if raw is None and issues:
        return LoadResult(None, issues)
    result = scenario_from_raw(raw)
    result.issues[:0] = issues
    return result


def load_file(
    path: str | os.PathLike[str], *, validate: bool = True, thorough: bool = False
) -> LoadResult:
    """Load a scenario file. Raises :class:`OSError` only when the file cannot be read."""
    return load_text(Path(path).read_bytes(), validate=validate, thorough=thorough)


def unreadable(path: str | os.PathLike[str], error: OSError) -> Issue:
    """The issue for a file :func:`load_file` could not read (missing, no permission...)."""
    return make_issue("file-unreadable", "", f"cannot read {path}: {error.strerror or error}")


def to_canonical_dict(scenario: Scenario) -> dict[str, Any]:
    """The scenario as plain JSON data, in the canonical form files are written in."""
    compact = scenario.model_dump(mode="json", by_alias=True, exclude_defaults=True)
    full = scenario.model_dump(mode="json", by_alias=True, include=set(FULL_SECTIONS))
    out: dict[str, Any] = {}
    for name, info in Scenario.model_fields.items():
        key = info.alias or name
        if key in FULL_SECTIONS:
            out[key] = full[key]
        elif key in compact:
            out[key] = compact[key]
    return out


INLINE_WIDTH = 100
"""Lists of plain values (points, id lists) shorter than this stay on one line."""


def canonical_json(value: Any) -> str:
    """JSON with 2-space indent, one key or item per line, except short lists of plain values
    (a point, a list of ids), which stay on one line so that outlines read one point per line.
    """
    out: list[str] = []
    _encode(value, 0, out)
    out.append("\n")
    return "".join(out)


def _encode(value: Any, level: int, out: list[str]) -> None:
    if isinstance(value, dict):
        if not value:
            out.append("{}")
            return
        pad = "  " * (level + 1)
        out.append("{\n")
        last = len(value) - 1
        for position, (key, item) in enumerate(value.items()):
            out.append(f"{pad}{json.dumps(key, ensure_ascii=False)}: ")
            _encode(item, level + 1, out)
            out.append(",\n" if position < last else "\n")
        out.append("  " * level + "}")
    elif isinstance(value, list):
        if not value:
            out.append("[]")
            return
        if not any(isinstance(item, dict | list) for item in value):
            inline = json.dumps(value, ensure_ascii=False)
            if len(inline) + 2 * level <= INLINE_WIDTH:
                out.append(inline)
                return
        pad = "  " * (level + 1)
        out.append("[\n")
        last = len(value) - 1
        for position, item in enumerate(value):
            out.append(pad)
            _encode(item, level + 1, out)
            out.append(",\n" if position < last else "\n")
        out.append("  " * level + "]")
    else:
        out.append(json.dumps(value, ensure_ascii=False))


def dumps(scenario: Scenario) -> str:
    """Canonical JSON text of a scenario."""
    return canonical_json(to_canonical_dict(scenario))


def write_atomic(path: str | os.PathLike[str], data: bytes) -> None:
    """Replace ``path`` with ``data`` so that readers see the old or the new file, never a mix."""
    target = Path(path)
    folder = target.parent if str(target.parent) else Path()
    fd, tmp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    tmp = Path(tmp_name)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        try:
            mode = target.stat().st_mode & 0o7777
        except FileNotFoundError:
            umask = os.umask(0)
            os.umask(umask)
            mode = 0o666 & ~umask
        tmp.chmod(mode)
        tmp.replace(target)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    _sync_folder(folder)


def _sync_folder(folder: Path) -> None:
    # Makes the rename itself durable; not every platform lets a folder be opened.
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def save(scenario: Scenario, path: str | os.PathLike[str]) -> None:
    """Write a scenario file canonically and atomically."""
    write_atomic(path, dumps(scenario).encode("utf-8"))
