"""``salient replay``: play a recorded game's decisions again on a (possibly edited) scenario
and report where it first goes differently."""

from __future__ import annotations

import argparse
import gzip
import json
from pathlib import Path
from typing import Any

from editor.commands.common import EXIT_INVALID, EXIT_OK, UsageError, valid_scenario_or_report

EXIT_DIVERGED = 1
"""Like ``diff``: 1 when the replay differs from the log."""


def register(commands: argparse._SubParsersAction) -> None:
    replay = commands.add_parser(
        "replay",
        help="replay a recorded game on a scenario and report the first divergence",
        description="Start the game with the log's seed and fog setting, apply the recorded "
        "decisions one by one and compare every record of the log with the one the engine "
        "writes now. Exit status 0 when the whole log replays identically, 1 at the first "
        "divergence (turn, phase, record and the fields that differ). Logs come from "
        "'salient play --headless --log' (JSON lines, optionally gzipped).",
    )
    replay.add_argument("log", type=Path, metavar="LOG", help="the recorded game's log")
    replay.add_argument("file", type=Path, metavar="FILE", help="scenario to replay it on")
    replay.add_argument("--json", action="store_true", help="print the result as JSON")
    replay.set_defaults(run=cmd_replay)


def read_records(path: Path) -> list[dict[str, Any]]:
    """The records of a log file (gzipped if its name ends in .gz)."""
    from engine.replay import LogError, read_log

    try:
        if path.suffix == ".gz":
            with gzip.open(path, "rt", encoding="utf-8") as handle:
                return read_log(handle)
        with path.open(encoding="utf-8") as handle:
            return read_log(handle)
    except OSError as exc:
        raise UsageError(f"cannot read '{path}': {exc.strerror or exc}") from exc
    except (LogError, UnicodeDecodeError, EOFError) as exc:
        raise UsageError(f"{path}: {exc}") from exc


def cmd_replay(args: argparse.Namespace) -> int:
    from engine.replay import LogError, replay

    records = read_records(args.log)
    scenario = valid_scenario_or_report(args.file, "replaying a game on it")
    if scenario is None:
        return EXIT_INVALID
    try:
        found = replay(scenario, records)
    except LogError as exc:
        raise UsageError(f"{args.log}: {exc}") from exc
    divergence = found.divergence
    if args.json:
        print(
            json.dumps(
                {
                    "records": len(records),
                    "compared": found.compared,
                    "actions": found.actions,
                    "diverged": divergence is not None,
                    "divergence": None
                    if divergence is None
                    else {
                        "index": divergence.index,
                        **divergence.where,
                        "reason": divergence.reason,
                        "differences": divergence.differences,
                        "recorded": divergence.recorded,
                        "replayed": divergence.replayed,
                    },
                },
                indent=2,
            )
        )
    elif divergence is None:
        outcome = found.game.outcome()
        end = (
            f"{outcome.winner or 'nobody'} wins: {outcome.reason}"
            if outcome
            else "the log stops before the end"
        )
        print(
            f"{args.log}: replayed {found.actions} actions and {found.compared} records on "
            f"{args.file}: identical ({end})"
        )
    else:
        print(f"{args.log}: replayed on {args.file}: {found.actions} actions applied")
        print(divergence.describe())
        for label, record in (("recorded", divergence.recorded), ("now", divergence.replayed)):
            if record is not None:
                print(f"  {label}: {json.dumps(record, sort_keys=True)}")
    return EXIT_OK if divergence is None else EXIT_DIVERGED
