"""Reading and writing scenario files.

Reading never raises for bad content: every problem becomes an :class:`~schemas.issues.Issue`
with a JSON pointer (and a line and column when the JSON itself is broken). Writing is
canonical (fixed key order, lists in the designer's order, 2-space indent, trailing newline) so
that loading and saving a file gives back the same bytes and diffs stay small, and atomic (a
temporary file in the same folder, renamed over the target) so a crash never leaves half a file.
"""

from __future__ import annotations

import json
import os
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from .atomic import write_atomic
from .collector import gc_paused
from .issues import Issue, has_errors, make_issue, pointer
from .jsontext import (
    REPLACEMENT,
    SURROGATE,
    guarded_int,
    may_hold_surrogates,
    repair_surrogates,
    surrogate_paths,
    too_long_numbers,
)
from .migrations import MigrationError, migrate
from .scenario import SCHEMA_VERSION, Scenario
from .schema_issues import schema_issues

if TYPE_CHECKING:
    from .validation import ScenarioIndex

__all__ = [
    "LoadResult",
    "UnwritableError",
    "canonical_json",
    "decode",
    "dumps",
    "encode",
    "load_file",
    "load_text",
    "parse_json",
    "save",
    "scenario_from_raw",
    "to_canonical_dict",
    "unreadable",
    "write_atomic",
]

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
    """Parse JSON text, reporting encoding, syntax, number and duplicate-key problems.

    Text with unpaired surrogates (``"\\ud800"``: half a character, which no UTF-8 file can
    hold) is repaired to U+FFFD and reported; an integer too long to convert refuses the file.
    """
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
    except ValueError:
        # An integer longer than Python converts (sys.get_int_max_str_digits): parse again
        # with a marker in its place, to say where.
        return None, _too_long_issues(text)
    issues: list[Issue] = []
    if may_hold_surrogates(text):
        raw, repaired = repair_surrogates(raw)
        issues += [_surrogate_issue(path, was) for path, was in repaired]
        flawed = [(obj, sorted({_repaired(k) for k in keys})) for obj, keys in flawed]
    if flawed:
        issues[:0] = _duplicate_key_issues(raw, {id(obj): keys for obj, keys in flawed})
    return raw, issues


def repeated_keys(data: bytes | str) -> list[Issue]:
    """The keys repeated within an object of a JSON text, as issues: what the fast path of
    :func:`load_text` cannot see (pydantic's parser, like any, keeps the last silently).

    A program that shows a file first and checks it after (the studio: the thorough reader
    costs a third of a second on a 10,000-region file, most of it the per-object hook that
    finds repeats) runs this off its first frame; together with the fast load it reports
    what ``thorough=True`` reports."""
    with gc_paused():
        _raw, issues = parse_json(data)
    return [issue for issue in issues if issue.code == "json-duplicate-key"]


def _repaired(text: str) -> str:
    return SURROGATE.sub(REPLACEMENT, text)


def _surrogate_issue(path: tuple[str | int, ...], was: str) -> Issue:
    return make_issue(
        "text-unpaired-surrogate",
        pointer(*path),
        f"the text '{_clip(was)}' holds half of a character (an unpaired surrogate escape), "
        "which no UTF-8 file can store; it was replaced by U+FFFD",
    )


def _clip(text: str, width: int = 40) -> str:
    return text if len(text) <= width else text[: width - 3] + "..."


def _too_long_issues(text: str) -> list[Issue]:
    from .locate import locate

    try:
        raw = json.loads(text, parse_int=guarded_int)
    except (ValueError, RecursionError) as exc:  # not the number after all
        return [make_issue("json-syntax", "", f"the JSON cannot be read: {exc}")]
    found = too_long_numbers(raw)
    pointers = [pointer(*path) for path, _ in found]
    places = locate(text, pointers)
    issues = []
    for (_, digits), where in zip(found, pointers, strict=True):
        issue = make_issue(
            "json-number-too-long",
            where,
            f"a number of {digits} digits is longer than any value of the format "
            f"(at most {sys.get_int_max_str_digits()} digits can even be read)",
        )
        line, column = places.get(where, (None, None))
        issues.append(issue if line is None else _at(issue, line, column or 1))
    return issues or [make_issue("json-syntax", "", "the JSON holds a number that cannot be read")]


def _at(issue: Issue, line: int, column: int) -> Issue:
    return Issue(issue.code, issue.severity, issue.path, issue.message, issue.entity, line, column)


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


def load_text(
    data: bytes | str,
    *,
    validate: bool = True,
    thorough: bool = False,
    folder: str | os.PathLike[str] | None = None,
) -> LoadResult:
    """Load a scenario from JSON text; with ``validate``, also run every semantic check.

    A file in the current version is validated straight from its text by pydantic's own JSON
    parser, the fast way. Anything unusual (an older version, a value that does not fit) sends
    it through the thorough path, which builds the JSON tree to migrate it and to report every
    problem with its exact location. ``thorough`` takes that path from the start, which also
    reports keys repeated within an object (JSON parsers otherwise keep the last silently).
    With ``validate`` and the scenario's ``folder``, the files it names are checked too
    (:mod:`schemas.validation.files`).
    """
    with gc_paused(settle=True):
        text, issues = decode(data)
        if text is None:
            return LoadResult(None, issues)
        # pydantic's own parser refuses unpaired surrogates outright; the thorough path
        # repairs and reports them.
        fast = not thorough and not may_hold_surrogates(text)
        scenario = _fast(text) if fast else None
        result = LoadResult(scenario) if scenario is not None else _thorough(text)
        if validate and result.scenario is not None:
            from .validation import ScenarioIndex, run_checks

            result.index = ScenarioIndex(result.scenario)
            result.issues.extend(run_checks(result.index))
            if folder is not None:
                from .validation.files import check_files

                result.issues.extend(check_files(result.scenario, folder))
        return result


def _fast(text: str) -> Scenario | None:
    found = _VERSION.search(text)
    if found is None or int(found.group(1)) != SCHEMA_VERSION:
        return None
    from .kept_validator import scenario_validator

    try:
        # What Scenario.model_validate_json does, with the validator kept from the last run.
        scenario: Scenario = scenario_validator().validate_json(text)
    except ValidationError:
        return None
    return scenario


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
    """Load a scenario file (with ``validate``, its images are checked against its folder).
    Raises :class:`OSError` only when the file cannot be read."""
    folder = Path(path).parent
    return load_text(Path(path).read_bytes(), validate=validate, thorough=thorough, folder=folder)


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


class UnwritableError(ValueError):
    """A scenario holds something no file can store: text with half of a character (an
    unpaired surrogate, pasted from somewhere) or a number too long to write. ``pointer`` is
    the JSON pointer of the value; saving never writes anything in that case."""

    def __init__(self, pointer: str, message: str) -> None:
        super().__init__(f"{pointer or '/'}: {message}")
        self.pointer = pointer
        self.message = message


def dumps(scenario: Scenario) -> str:
    """Canonical JSON text of a scenario; raises :class:`UnwritableError` (naming the value)
    when the scenario holds something no UTF-8 file can store."""
    data = to_canonical_dict(scenario)
    try:
        text = canonical_json(data)
    except ValueError as exc:  # an integer too long to write out
        raise UnwritableError("", f"a number cannot be written: {exc}") from exc
    if SURROGATE.search(text) is not None:
        paths = surrogate_paths(data)
        where = pointer(*paths[0]) if paths else ""
        raise UnwritableError(
            where,
            "the text holds half of a character (an unpaired surrogate) that no UTF-8 file can "
            "store; retype it",
        )
    return text


def encode(scenario: Scenario) -> bytes:
    """The bytes of a scenario file (:func:`dumps` in UTF-8); raises
    :class:`UnwritableError` like it."""
    return dumps(scenario).encode("utf-8")


def save(scenario: Scenario, path: str | os.PathLike[str]) -> None:
    """Write a scenario file canonically and atomically (through a symbolic link, to the file
    it names). Raises :class:`UnwritableError` before touching the disk when the scenario
    cannot be written, and :class:`OSError` when the disk refuses it."""
    write_atomic(path, encode(scenario))
