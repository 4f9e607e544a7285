"""``salient diff``: what changed between two scenario files, entity by entity, in words."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, TextIO

from editor.commands.common import (
    EXIT_INVALID,
    EXIT_OK,
    UsageError,
    format_issue,
    read_scenario,
    with_positions,
)
from schemas.diff.report import diff_scenarios
from schemas.io import load_text
from schemas.scenario import Scenario


def register(commands: argparse._SubParsersAction) -> None:
    diff = commands.add_parser(
        "diff", help="show what changed between two scenario files, entity by entity"
    )
    diff.add_argument("old", type=Path, metavar="OLD", help="scenario before")
    diff.add_argument("new", type=Path, metavar="NEW", help="scenario after")
    diff.add_argument("--json", action="store_true", help="print the stable JSON form")
    diff.add_argument(
        "--exit-code",
        action="store_true",
        help="exit with 1 when the files differ (as 'git diff --exit-code')",
    )
    diff.set_defaults(
        run=lambda args: cmd_diff(args.old, args.new, as_json=args.json, exit_code=args.exit_code)
    )


class StudioWording:
    """Conditions and effects worded as the studio's card builder words them."""

    def condition(self, value: Any, names: Any) -> str:
        from editor.shared import sentences

        return sentences.condition(value, names)

    def effect(self, value: Any, names: Any) -> str:
        from editor.shared import sentences

        return sentences.effect(value, names)


def load_for_diff(path: Path) -> Scenario | None:
    """The scenario in a file, or ``None`` after printing why it cannot be compared (a file
    with semantic errors compares fine; one that does not fit the format cannot)."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise UsageError(f"cannot read '{path}': {exc.strerror or exc}") from exc
    scenario = load_text(data, validate=False).scenario
    if scenario is not None:
        return scenario
    result, text = read_scenario(path)  # the thorough reading, to say exactly what is wrong
    if result.scenario is None:
        for issue in with_positions(result.issues, text):
            print(format_issue(path, issue), file=sys.stderr)
        print(f"salient: {path} does not fit the format; it cannot be compared", file=sys.stderr)
    return result.scenario


def cmd_diff(
    old_path: Path,
    new_path: Path,
    *,
    as_json: bool = False,
    exit_code: bool = False,
    out: TextIO | None = None,
) -> int:
    out = out or sys.stdout
    old, new = load_for_diff(old_path), load_for_diff(new_path)
    if old is None or new is None:
        return EXIT_INVALID
    diff = diff_scenarios(old, new, StudioWording())
    if as_json:
        document = diff.to_json(
            {"file": str(old_path), "title": old.info.title},
            {"file": str(new_path), "title": new.info.title},
        )
        json.dump(document, out, indent=2, ensure_ascii=False)
        out.write("\n")
    else:
        for line in diff.lines():
            out.write(line + "\n")
        if not diff.empty:
            counts = ", ".join(f"{n} {kind}" for kind, n in diff.summary().items() if n)
            out.write(f"{old_path} → {new_path}: {counts}\n")
    return EXIT_INVALID if exit_code and not diff.empty else EXIT_OK
