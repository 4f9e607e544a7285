"""``salient validate``, ``salient schema`` and ``salient generate``: the format's commands."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, TextIO

from editor.commands.common import (
    DEFAULT_LIMIT,
    EXIT_INVALID,
    EXIT_OK,
    EXIT_USAGE,
    UsageError,
    count_issues,
    format_issue,
    format_omitted,
    read_scenario,
    with_positions,
    write_text,
)
from schemas import SCHEMA_VERSION
from schemas.collector import gc_paused
from schemas.io import UnwritableError, save
from schemas.issues import Issue, cap_issues
from schemas.jsontext import printable


def register(commands: argparse._SubParsersAction) -> None:
    validate = commands.add_parser("validate", help="check scenario files for problems")
    validate.add_argument("files", nargs="+", type=Path, metavar="FILE")
    validate.add_argument("--json", action="store_true", help="print one JSON report")
    validate.add_argument(
        "--mod",
        dest="mods",
        type=Path,
        action="append",
        metavar="MOD",
        help="validate FILE with this mod applied (repeat for a stack, in order)",
    )
    validate.add_argument(
        "--limit",
        type=int,
        metavar="N",
        help=f"issues of one code reported per file, the rest counted (default {DEFAULT_LIMIT}; "
        "with --json every issue unless this is given; 0 for every issue)",
    )
    validate.set_defaults(run=_run_validate)

    schema = commands.add_parser("schema", help="print the JSON Schema of the scenario format")
    schema.add_argument("-o", "--output", type=Path, help="write to this file")
    schema.set_defaults(run=lambda args: cmd_schema(args.output))

    generate = commands.add_parser("generate", help="make a procedural scenario")
    generate.add_argument("--regions", type=int, required=True, help="number of regions")
    generate.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    generate.add_argument("-o", "--output", type=Path, required=True, help="file to write")
    generate.set_defaults(run=lambda args: cmd_generate(args.regions, args.seed, args.output))


def _run_validate(args: argparse.Namespace) -> int:
    if not args.mods:
        return cmd_validate(args.files, as_json=args.json, limit=args.limit)
    if len(args.files) != 1:
        raise UsageError("with --mod, give exactly one FILE: the base scenario")
    from editor.commands.mods import cmd_validate_with_mods

    return cmd_validate_with_mods(args.files[0], args.mods, as_json=args.json)


Report = tuple[Path, list[Issue], list[Issue], dict[str, int], bool]
"""A file's report: its path, every issue, the issues shown (located), the count of each code
left out, and whether the file loaded."""


def cmd_validate(
    files: list[Path], *, as_json: bool, limit: int | None = None, out: TextIO | None = None
) -> int:
    """Validate files and report their issues: at most ``limit`` of each code per file (by
    default :data:`DEFAULT_LIMIT` as text, all as JSON), the rest counted."""
    out = out or sys.stdout
    if limit is not None and limit < 0:
        raise UsageError("--limit takes a number of issues, 0 for all")
    cap = limit if limit is not None else 0 if as_json else DEFAULT_LIMIT
    reports: list[Report] = []
    unreadable = False
    for path in files:
        try:
            result, text = read_scenario(path)
        except UsageError as exc:
            print(f"salient: {exc}", file=sys.stderr)
            unreadable = True
            continue
        # Only the issues reported are located in the text.
        shown, omitted = cap_issues(result.issues, cap)
        reports.append(
            (path, result.issues, with_positions(shown, text), omitted, result.scenario is not None)
        )
    with gc_paused():  # the many small objects of a long report: see with_positions
        return _report(reports, unreadable, as_json=as_json, out=out)


def _report(reports: list[Report], unreadable: bool, *, as_json: bool, out: TextIO) -> int:
    errors = sum(1 for _, issues, _, _, _ in reports for i in issues if i.is_error)
    warnings = sum(1 for _, issues, _, _, _ in reports for i in issues if not i.is_error)
    if as_json:
        document = {
            "files": [
                {
                    "file": printable(str(path)),
                    "loaded": loaded,
                    "errors": sum(1 for i in issues if i.is_error),
                    "warnings": sum(1 for i in issues if not i.is_error),
                    "issues": [i.to_json() for i in shown],
                    **({"omitted": omitted} if omitted else {}),
                }
                for path, issues, shown, omitted, loaded in reports
            ],
            "errors": errors,
            "warnings": warnings,
        }
        out.write(_report_json(document))
    else:
        for path, issues, shown, omitted, _ in reports:
            for issue in shown:
                out.write(format_issue(path, issue) + "\n")
            for line in format_omitted(path, omitted):
                out.write(line + "\n")
            out.write(f"{printable(str(path))}: {count_issues(issues)}\n")
    if unreadable:
        return EXIT_USAGE
    return EXIT_INVALID if errors else EXIT_OK


def _report_json(document: dict[str, Any]) -> str:
    """The JSON report, indented, with each issue on one line: json's indenting encoder is
    written in Python and takes seconds over 100,000 issues, its compact one is C."""

    # One encoder for all: json.dumps with options builds a new one at every call.
    value = json.JSONEncoder(ensure_ascii=False).encode

    files = []
    for report in document["files"]:
        fields = []
        for key, item in report.items():
            if key == "issues":
                lines = ",\n".join(f"        {value(i)}" for i in item)
                shown = f"[\n{lines}\n      ]" if item else "[]"
            elif key == "omitted":
                shown = json.dumps(item, indent=2, ensure_ascii=False).replace("\n", "\n      ")
            else:
                shown = value(item)
            fields.append(f'      "{key}": {shown}')
        files.append("    {\n" + ",\n".join(fields) + "\n    }")
    listed = "[\n" + ",\n".join(files) + "\n  ]" if files else "[]"
    totals = "".join(
        f',\n  "{key}": {value(item)}' for key, item in document.items() if key != "files"
    )
    return '{\n  "files": ' + listed + totals + "\n}\n"


def cmd_schema(output: Path | None) -> int:
    from schemas.jsonschema import scenario_json_schema

    text = json.dumps(scenario_json_schema(), indent=2, ensure_ascii=False) + "\n"
    if output is None:
        sys.stdout.write(text)
    else:
        write_text(output, text)
        print(f"wrote the JSON Schema of format version {SCHEMA_VERSION} to {output}")
    return EXIT_OK


def cmd_generate(regions: int, seed: int, output: Path) -> int:
    from schemas.generator import generate_scenario

    try:
        scenario = generate_scenario(regions, seed)
    except ValueError as exc:
        raise UsageError(str(exc)) from exc
    try:
        save(scenario, output)
    except UnwritableError as exc:
        raise UsageError(f"cannot write '{output}': {exc}") from exc
    except OSError as exc:
        raise UsageError(f"cannot write '{output}': {exc.strerror or exc}") from exc
    print(
        f"wrote {output}: {len(scenario.regions)} regions, {len(scenario.units)} units, seed {seed}"
    )
    return EXIT_OK
