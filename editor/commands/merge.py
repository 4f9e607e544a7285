"""``salient merge``: a three-way merge of scenario files by entity (also a git merge driver).

Exit status 0 when the merge is clean, 1 when there are conflicts (git then marks the file
conflicted) or an input cannot be read as a scenario. The output is always a whole, valid
scenario; conflicts keep the preferred side's value and are listed on stderr and in
``OUT.conflicts.json`` beside the output, by entity and field.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from editor.commands.common import (
    EXIT_INVALID,
    EXIT_OK,
    format_issue,
    read_scenario,
    with_positions,
    write_text,
)
from schemas.io import dumps
from schemas.mods.make import MakeError
from schemas.mods.merge import merge_scenarios


def register(commands: argparse._SubParsersAction) -> None:
    merge = commands.add_parser(
        "merge", help="three-way merge of scenario files by entity (usable as a git merge driver)"
    )
    merge.add_argument("base", type=Path, metavar="BASE", help="the common ancestor")
    merge.add_argument("ours", type=Path, metavar="OURS")
    merge.add_argument("theirs", type=Path, metavar="THEIRS")
    merge.add_argument("-o", "--output", type=Path, required=True, metavar="OUT")
    merge.add_argument(
        "--prefer",
        choices=("ours", "theirs"),
        default="ours",
        help="whose value a conflict keeps (default ours)",
    )
    merge.add_argument("--name", help="the file's name in messages (git passes %%P)")
    merge.set_defaults(run=cmd_merge)


def conflicts_path(output: Path) -> Path:
    return output.with_name(output.name + ".conflicts.json")


def cmd_merge(args: argparse.Namespace) -> int:
    name = args.name or str(args.output)
    scenarios = []
    for path in (args.base, args.ours, args.theirs):
        if path.exists() and path.stat().st_size == 0:
            print(
                f"salient: {name}: {path} is empty (no common ancestor?); cannot merge by entity",
                file=sys.stderr,
            )
            return EXIT_INVALID
        result, text = read_scenario(path)
        if result.scenario is None:
            for issue in with_positions(result.issues, text):
                print(format_issue(path, issue), file=sys.stderr)
            print(f"salient: {name}: {path} does not fit the format; cannot merge", file=sys.stderr)
            return EXIT_INVALID
        scenarios.append(result.scenario)
    base, ours, theirs = scenarios
    try:
        merged = merge_scenarios(base, ours, theirs, prefer=args.prefer)
    except MakeError as exc:
        print(f"salient: {name}: {exc}", file=sys.stderr)
        return EXIT_INVALID
    if merged.scenario is None:
        print(f"salient: {name}: the merge could not be built", file=sys.stderr)
        return EXIT_INVALID
    write_text(args.output, dumps(merged.scenario))
    sidecar = conflicts_path(args.output)
    for note in merged.notes:
        print(f"salient: {name}: note: {note.message}", file=sys.stderr)
    for problem in merged.problems:
        print(f"salient: {name}: {problem.issue.message}", file=sys.stderr)
    if merged.clean:
        sidecar.unlink(missing_ok=True)
        print(f"merged {name} cleanly")
        return EXIT_OK
    for conflict in merged.conflicts:
        print(f"salient: {name}: conflict: {conflict.message}", file=sys.stderr)
    document = {"file": name, "prefer": args.prefer, **merged.to_json()}
    write_text(sidecar, json.dumps(document, indent=2, ensure_ascii=False) + "\n")
    count = len(merged.conflicts) + len(merged.problems)
    print(
        f"salient: {name}: {count} conflict{'s' if count != 1 else ''} (kept {args.prefer}); "
        f"listed in {sidecar}",
        file=sys.stderr,
    )
    return EXIT_INVALID
