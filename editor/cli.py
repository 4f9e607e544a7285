"""The ``salient`` command.

Exit codes follow one convention for every subcommand: 0 success (warnings allowed), 1 the
input has errors, 2 the command was used wrongly (unknown option, missing file), 70 an internal
error. Nothing ever ends in a Python traceback: an unexpected failure is reported as a bug.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from schemas import SCHEMA_VERSION
from schemas.io import LoadResult, load_text, save, write_atomic
from schemas.issues import Issue
from schemas.locate import locate

EXIT_OK, EXIT_INVALID, EXIT_USAGE, EXIT_INTERNAL = 0, 1, 2, 70

SAMPLES = Path(__file__).resolve().parent.parent / "sample_scenarios"
DEFAULT_SAMPLE = SAMPLES / "vessa-crossing.json"


class UsageError(Exception):
    """The command line asks for something impossible (exit status 2)."""


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="salient",
        description="Design, validate and play area-based operational wargame scenarios.",
    )
    parser.add_argument("--version", action="version", version=f"salient {_version()}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    edit = commands.add_parser("edit", help="open a scenario in the studio")
    edit.add_argument("file", nargs="?", type=Path, help="scenario file (default: the sample)")
    edit.add_argument(
        "--screenshot",
        type=Path,
        metavar="OUT.png",
        help="render the window after loading to this image and exit",
    )

    validate = commands.add_parser("validate", help="check scenario files for problems")
    validate.add_argument("files", nargs="+", type=Path, metavar="FILE")
    validate.add_argument("--json", action="store_true", help="print one JSON report")

    schema = commands.add_parser("schema", help="print the JSON Schema of the scenario format")
    schema.add_argument("-o", "--output", type=Path, help="write to this file")

    play = commands.add_parser(
        "play", help="play a scenario in the game view (or headless: AI against AI)"
    )
    play.add_argument("file", type=Path, help="scenario file")
    play.add_argument("--headless", action="store_true", help="play without a window")
    play.add_argument(
        "--ai",
        help="sides played by the AI: 'all' or ids separated by commas (headless: all; in the "
        "game view the other sides are people's)",
    )
    play.add_argument(
        "--seed",
        type=int,
        help="random seed (default 0; the start dialog offers the last one used, else 1)",
    )
    play.add_argument("--turns", type=int, help="stop after this many turns")
    play.add_argument("--json", action="store_true", help="print the outcome as JSON")
    play.add_argument("--log", type=Path, help="write the event log here (JSON lines)")
    play.add_argument("--no-fog", action="store_true", help="play without fog of war")
    play.add_argument(
        "--screenshot",
        type=Path,
        metavar="OUT.png",
        help="game view: skip the start dialog, save the window once the first phase is on "
        "screen to this image, and exit",
    )

    generate = commands.add_parser("generate", help="make a procedural scenario")
    generate.add_argument("--regions", type=int, required=True, help="number of regions")
    generate.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    generate.add_argument("-o", "--output", type=Path, required=True, help="file to write")
    return parser


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("salient")
    except PackageNotFoundError:
        return "unknown"


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``salient`` console script."""
    args = _parser().parse_args(argv)
    try:
        if args.command in (None, "edit"):
            return cmd_edit(getattr(args, "file", None), getattr(args, "screenshot", None))
        if args.command == "validate":
            return cmd_validate(args.files, as_json=args.json)
        if args.command == "schema":
            return cmd_schema(args.output)
        if args.command == "generate":
            return cmd_generate(args.regions, args.seed, args.output)
        if args.command == "play":
            return cmd_play(args)
    except UsageError as exc:
        print(f"salient: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        return 130
    except Exception as exc:  # the last line of defence against tracebacks
        print(
            f"salient: internal error ({type(exc).__name__}: {exc}); please report it",
            file=sys.stderr,
        )
        return EXIT_INTERNAL
    raise AssertionError(f"unhandled command {args.command}")


# -- validate ------------------------------------------------------------------------------


def read_scenario(path: Path) -> tuple[LoadResult, str]:
    """Load and validate a file; the text is returned to locate issues in it."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise UsageError(f"cannot read '{path}': {exc.strerror or exc}") from exc
    result = load_text(data, thorough=True)
    return result, data.decode("utf-8", errors="replace")


def with_positions(issues: list[Issue], text: str) -> list[Issue]:
    """Issues with a line and column filled in from their JSON pointer where missing."""
    missing = [i.path for i in issues if i.line is None]
    places = locate(text, missing) if missing else {}
    out = []
    for issue in issues:
        if issue.line is None and issue.path in places:
            line, column = places[issue.path]
            issue = Issue(
                issue.code,
                issue.severity,
                issue.path,
                issue.message,
                issue.entity,
                line,
                column,
                issue.at,
            )
        out.append(issue)
    return out


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
            summary = _count(issues)
            out.write(f"{path}: {summary}\n")
    if unreadable:
        return EXIT_USAGE
    return EXIT_INVALID if errors else EXIT_OK


def format_issue(path: Path | str, issue: Issue) -> str:
    """One line per issue, in the ``file:line:column: severity`` form editors understand."""
    where = f"{path}:{issue.line}:{issue.column}" if issue.line is not None else f"{path}"
    subject = f" ({issue.entity})" if issue.entity else ""
    pointer = issue.path or "/"
    return f"{where}: {issue.severity} [{issue.code}] {pointer}{subject}: {issue.message}"


def _count(issues: list[Issue]) -> str:
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


# -- schema --------------------------------------------------------------------------------


def cmd_schema(output: Path | None) -> int:
    from schemas.jsonschema import scenario_json_schema

    text = json.dumps(scenario_json_schema(), indent=2, ensure_ascii=False) + "\n"
    if output is None:
        sys.stdout.write(text)
    else:
        _write(output, text)
        print(f"wrote the JSON Schema of format version {SCHEMA_VERSION} to {output}")
    return EXIT_OK


def _write(path: Path, text: str) -> None:
    try:
        write_atomic(path, text.encode("utf-8"))
    except OSError as exc:
        raise UsageError(f"cannot write '{path}': {exc.strerror or exc}") from exc


# -- generate ------------------------------------------------------------------------------


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


# -- play ----------------------------------------------------------------------------------


def cmd_play(args: argparse.Namespace) -> int:
    if not args.headless:
        for option, given in (
            ("--turns", args.turns is not None),
            ("--json", args.json),
            ("--log", args.log is not None),
        ):
            if given:
                raise UsageError(f"{option} only applies with --headless")
    elif args.screenshot is not None:
        raise UsageError("--screenshot needs the game view: leave out --headless")
    result, text = read_scenario(args.file)
    if result.scenario is None or any(i.is_error for i in result.issues):
        for issue in with_positions(result.issues, text):
            if issue.is_error:
                print(format_issue(args.file, issue), file=sys.stderr)
        print(f"salient: {args.file} has errors; fix them before playing", file=sys.stderr)
        return EXIT_INVALID
    sides = [s.id for s in result.scenario.sides if not s.neutral]
    ai = args.ai if args.ai is not None or not args.headless else "all"
    wanted = None if ai is None else sides if ai == "all" else [s.strip() for s in ai.split(",")]
    unknown = sorted(set(wanted or ()) - set(sides))
    if unknown:
        raise UsageError(f"unknown side(s) for --ai: {', '.join(unknown)}")
    if not args.headless:
        from .game.play import run_play

        return run_play(
            args.file,
            result.scenario,
            ai=wanted,
            seed=args.seed,
            fog=False if args.no_fog else None,
            screenshot=args.screenshot,
        )
    if set(wanted or ()) != set(sides):
        raise UsageError("a headless game needs the AI on every side: use --ai all")
    if args.turns is not None and args.turns < 1:
        raise UsageError("--turns takes a number of turns of at least 1")
    from engine.runner import play

    seed = 0 if args.seed is None else args.seed
    outcome = play(result.scenario, seed, turns=args.turns, fog=False if args.no_fog else None)
    summary = outcome.summary()
    if args.log is not None:
        _write(args.log, outcome.game.log.jsonl())
    if args.json:
        print(json.dumps(summary, sort_keys=True))
    else:
        print(_play_report(summary))
    return EXIT_OK


def _play_report(summary: dict[str, object]) -> str:
    vp = summary["vp"]
    lost = summary["units_lost"]
    assert isinstance(vp, dict) and isinstance(lost, dict)
    if summary["result"] == "win":
        head = f"{summary['winner']} wins: {summary['reason']}"
    elif summary["result"] == "draw":
        head = f"draw: {summary['reason']}"
    else:
        head = f"no result yet: {summary['reason']}"
    lines = [
        f"{summary['scenario']} (seed {summary['seed']}): {head}",
        "VP: " + ", ".join(f"{side} {points}" for side, points in vp.items()),
        f"turns played: {summary['turns_played']}, battles fought: {summary['battles']}",
        "units lost: " + ", ".join(f"{side} {n}" for side, n in lost.items()),
    ]
    return "\n".join(lines)


# -- edit ----------------------------------------------------------------------------------


def cmd_edit(path: Path | None, screenshot: Path | None = None) -> int:
    """Open the studio on a file (the bundled sample by default)."""
    path = path or DEFAULT_SAMPLE
    if not path.exists():
        raise UsageError(f"no such file: '{path}'")
    from .app import run_studio

    return run_studio(path, screenshot)


if __name__ == "__main__":
    sys.exit(main())
