"""What every subcommand shares: exit codes, the usage error, reading and reporting files."""

from __future__ import annotations

import sys
from pathlib import Path

from schemas.collector import gc_paused
from schemas.io import LoadResult, load_text, write_atomic
from schemas.issues import Issue, cap_issues
from schemas.jsontext import printable
from schemas.locate import locate
from schemas.scenario import Scenario

EXIT_OK, EXIT_INVALID, EXIT_USAGE, EXIT_INTERNAL = 0, 1, 2, 70
EXIT_STOPPED = 130
"""Stopped by the person (Ctrl+C), as shells report SIGINT."""

DEFAULT_LIMIT = 20
"""Issues of one code printed per file, unless ``--limit`` says otherwise."""


class UsageError(Exception):
    """The command line asks for something impossible (exit status 2)."""


class CannotOpenWindow(Exception):
    """This machine cannot show a window: a system library or the display is missing (exit
    status 1, one line naming what is missing and how to install it)."""


def require_window() -> None:
    """Check, before Qt is imported, that a window can open; Qt itself would abort the
    process with a core dump."""
    from editor.shared.platform_check import problem

    found = problem()
    if found is not None:
        raise CannotOpenWindow(found)


def read_scenario(path: Path) -> tuple[LoadResult, str]:
    """Load and validate a file; the text is returned to locate issues in it."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise UsageError(f"cannot read '{path}': {exc.strerror or exc}") from exc
    result = load_text(data, thorough=True, folder=path.parent)
    return result, data.decode("utf-8", errors="replace")


def with_positions(issues: list[Issue], text: str) -> list[Issue]:
    """Issues with a line and column filled in from their JSON pointer where missing."""
    # The collector would rescan the loaded scenario again and again while the many small
    # objects of a long report are made, freeing nothing.
    with gc_paused():
        return _placed(issues, text)


def _placed(issues: list[Issue], text: str) -> list[Issue]:
    missing = [i.path for i in issues if i.line is None]
    if not missing:
        return issues
    places = locate(text, missing)
    out = []
    for issue in issues:
        place = places.get(issue.path) if issue.line is None else None
        if place is not None:
            issue = Issue(
                issue.code,
                issue.severity,
                issue.path,
                issue.message,
                issue.entity,
                place[0],
                place[1],
                issue.at,
            )
        out.append(issue)
    return out


def format_omitted(path: Path | str, omitted: dict[str, int]) -> list[str]:
    """The lines saying how many issues of each code were not printed."""
    return [f"{printable(str(path))}: ... and {n:,} more [{code}]" for code, n in omitted.items()]


def format_issue(path: Path | str, issue: Issue) -> str:
    """One line per issue, in the ``file:line:column: severity`` form editors understand."""
    shown = printable(str(path))  # a file name that is not valid UTF-8 still prints
    where = f"{shown}:{issue.line}:{issue.column}" if issue.line is not None else shown
    subject = f" ({issue.entity})" if issue.entity else ""
    pointer = issue.path or "/"
    return f"{where}: {issue.severity} [{issue.code}] {pointer}{subject}: {issue.message}"


def count_issues(issues: list[Issue]) -> str:
    """ "ok", or how many errors and warnings, for a file's summary line."""
    errors = sum(1 for i in issues if i.is_error)
    warnings = len(issues) - errors
    if not issues:
        return "ok"
    parts = []
    if errors:
        parts.append(f"{errors} error{'s' if errors != 1 else ''}")
    if warnings:
        parts.append(f"{warnings} warning{'s' if warnings != 1 else ''}")
    return ", ".join(parts)


def write_text(path: Path, text: str) -> None:
    """Write a command's output file atomically, or raise a usage error naming it."""
    try:
        write_atomic(path, text.encode("utf-8"))
    except OSError as exc:
        raise UsageError(f"cannot write '{path}': {exc.strerror or exc}") from exc


def valid_scenario_or_report(path: Path, action: str) -> Scenario | None:
    """The scenario in a file if it has no errors; otherwise its errors are printed on
    stderr with the sentence "fix them before {action}" and None is returned."""
    result, text = read_scenario(path)
    if result.scenario is None or any(i.is_error for i in result.issues):
        errors, omitted = cap_issues([i for i in result.issues if i.is_error], DEFAULT_LIMIT)
        for issue in with_positions(errors, text):
            print(format_issue(path, issue), file=sys.stderr)
        for line in format_omitted(path, omitted):
            print(line, file=sys.stderr)
        shown = printable(str(path))
        print(f"salient: {shown} has errors; fix them before {action}", file=sys.stderr)
        return None
    return result.scenario
