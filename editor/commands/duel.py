"""``salient duel``: two AI levels against each other on paired seeds, sides swapped."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from editor.commands.common import EXIT_INVALID, EXIT_OK, EXIT_STOPPED, valid_scenario_or_report
from editor.commands.lab_runs import (
    add_run_options,
    check_level,
    check_run_options,
    out_folder,
    percent,
    play,
    tell_stopped,
    write_json,
)


def register(commands: argparse._SubParsersAction) -> None:
    duel = commands.add_parser(
        "duel",
        help="measure one AI level against another on paired seeds, sides swapped",
        description="Each seed is played once per side, level A on that side and level B on "
        "the others, so a side the scenario favours helps both equally. Prints the win "
        "rates with 95% Wilson intervals and writes them to the output folder as JSON.",
    )
    duel.add_argument("file", type=Path, metavar="FILE", help="scenario")
    duel.add_argument("--ai", required=True, metavar="A", help="the AI level measured")
    duel.add_argument("--vs", required=True, metavar="B", help="the AI level it plays against")
    add_run_options(duel, "games to play, rounded up to whole seeds (one game per side each)")
    duel.set_defaults(run=cmd_duel)


def cmd_duel(args: argparse.Namespace) -> int:
    from engine.lab.duel import duel_report
    from engine.lab.match import sides_in_play
    from engine.lab.runs import duel_jobs

    check_run_options(args)
    first, second = check_level(args.ai, "--ai"), check_level(args.vs, "--vs")
    folder = out_folder(args, args.file)
    scenario = valid_scenario_or_report(args.file, "playing")
    if scenario is None:
        return EXIT_INVALID
    per_seed = max(1, len(sides_in_play(scenario)))
    seeds = range(args.first_seed, args.first_seed + -(-args.games // per_seed))
    jobs = duel_jobs(scenario, seeds, first, second)
    outcome = play(scenario, jobs, folder, args)
    tell_stopped(outcome)
    report = duel_report(
        scenario,
        outcome.records,
        first,
        second,
        fingerprint=outcome.fingerprint,
        requested=len(jobs),
    )
    path = folder / f"duel-{first}-vs-{second}.json"
    write_json(path, report)
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print(duel_summary(report))
        print(f"report: {path}")
    return EXIT_STOPPED if outcome.result.stopped else EXIT_OK


def duel_summary(report: dict[str, Any]) -> str:
    first, second = report["first"], report["second"]
    overall = report["overall"]
    lines = [
        f"{report['scenario']['title']}: {first} against {second}, {overall['games']} games "
        f"({report['seeds']} seeds, each side played by both)",
        f"  {first} won {percent(overall['first_wins'])}, {second} won "
        f"{percent(overall['second_wins'])}, draws {percent(overall['draws'])}",
        f"  {first} won {percent(overall['first_of_decisive'])} of the {overall['decisive']} "
        "decisive games",
    ]
    for entry in report["by_side"].values():
        lines.append(
            f"  {first} as {entry['name']}: won {percent(entry['first_wins'])} of "
            f"{entry['games']}, {percent(entry['first_of_decisive'])} of decisive"
        )
    return "\n".join(lines)
