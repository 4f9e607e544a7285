"""``salient validate``, ``salient schema`` and ``salient generate``: the format's commands."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TextIO

from editor.commands.common import (
    EXIT_INVALID,
    EXIT_OK,
    EXIT_USAGE,
    UsageError,
    count_issues,
    format_issue,
    read_scenario,
    with_positions,
    write_text,
)
from schemas import SCHEMA_VERSION
from schemas.io import save


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
        return cmd_validate(args.files, as_json=args.json)
    if len(args.files) != 1:
        raise UsageError("with --mod, give exactly one FILE: the base scenario")
    from .mods import cmd_validate_with_mods

    return cmd_validate_with_mods(args.files[0], args.mods, as_json=args.json)


def cmd_validate(files: list[Path], *, as_json: bool, out: TextIO | None = None) -> int:
    out = out or sys.stdout
    reports = []
    unreadable = False
    for path in files:
        try:
            result, text = read_scenario(path)
        except UsageError as exc:
            print(f"salient: {exc}", file=sys.stderr)
            unreadable = True
            continue
        reports.append((path, with_positions(result.issues, text), result.scenario is not None))
    errors = sum(1 for _, issues, _ in reports for i in issues if i.is_error)
    warnings = sum(1 for _, issues, _ in reports for i in issues if not i.is_error)
    if as_json:
        document = {
            "files": [
                {
                    "file": str(path),
                    "loaded": loaded,
                    "errors": sum(1 for i in issues if i.is_error),
                    "warnings": sum(1 for i in issues if not i.is_error),
                    "issues": [i.to_json() for i in issues],
                }
                for path, issues, loaded in reports
            ],
            "errors": errors,
            "warnings": warnings,
        }
        json.dump(document, out, indent=2, ensure_ascii=False)
        out.write("\n")
    else:
        for path, issues, _ in reports:
            for issue in issues:
                out.write(format_issue(path, issue) + "\n")
            out.write(f"{path}: {count_issues(issues)}\n")
    if unreadable:
        return EXIT_USAGE
    return EXIT_INVALID if errors else EXIT_OK


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
    except OSError as exc:
        raise UsageError(f"cannot write '{output}': {exc.strerror or exc}") from exc
    print(
        f"wrote {output}: {len(scenario.regions)} regions, {len(scenario.units)} units, seed {seed}"
    )
    return EXIT_OK
