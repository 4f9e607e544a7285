"""``salient balance``: many AI games of a scenario on Dask, summed up as a report; or two
versions of a scenario compared on the same seeds."""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any

from editor.commands.common import (
    EXIT_INVALID,
    EXIT_OK,
    EXIT_STOPPED,
    UsageError,
    valid_scenario_or_report,
    write_text,
)
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

REPORT_KIND = "salient-balance-report"


def register(commands: argparse._SubParsersAction) -> None:
    balance = commands.add_parser(
        "balance",
        help="play many AI games of a scenario and report its balance (or compare two versions)",
        description="Play AI-against-AI games with seeds FIRST-SEED, FIRST-SEED+1... on a Dask "
        "cluster and write report.json, report.html and charts/ in the output folder. With two "
        "files (scenarios, or report.json files of earlier runs), compare them on the same "
        "seeds. Games are kept in the folder: a rerun plays only the games it has not played.",
    )
    balance.add_argument("files", nargs="+", type=Path, metavar="FILE", help="scenario (or two)")
    balance.add_argument(
        "--ai-level",
        default="baseline",
        metavar="L",
        help="AI level of every side (default baseline; a wrong name lists the others)",
    )
    balance.add_argument(
        "--no-charts", action="store_true", help="write the report without charts (no Qt)"
    )
    add_run_options(balance, "games to play")
    balance.set_defaults(run=cmd_balance)


def cmd_balance(args: argparse.Namespace) -> int:
    if len(args.files) > 2:
        raise UsageError("balance takes one scenario, or two versions to compare")
    check_run_options(args)
    check_level(args.ai_level, "--ai-level")
    folder = out_folder(args, args.files[-1])
    if len(args.files) == 2:
        return _compare(args, folder)
    scenario = valid_scenario_or_report(args.files[0], "playing")
    if scenario is None:
        return EXIT_INVALID
    report, stopped = _balance(args, scenario, args.files[0], folder)
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print(summary(report))
        extra = "report.json" if args.no_charts else "report.json, charts/"
        print(f"report: {folder / 'report.html'} (and {extra})")
    return EXIT_STOPPED if stopped else EXIT_OK


def _balance(
    args: argparse.Namespace, scenario: Any, file: Path, folder: Path, games: Path | None = None
) -> tuple[dict[str, Any], bool]:
    """Play (or take from the cache in ``games``, default ``folder``) the games of
    ``scenario`` and write its report in ``folder``; the report, and whether the run was
    stopped before the end."""
    from engine.lab.report import build_report
    from engine.lab.runs import balance_jobs

    seeds = range(args.first_seed, args.first_seed + args.games)
    jobs = balance_jobs(scenario, seeds, args.ai_level)
    outcome = play(scenario, jobs, games or folder, args)
    tell_stopped(outcome)
    report = build_report(
        scenario,
        outcome.records,
        fingerprint=outcome.fingerprint,
        engine=outcome.engine,
        levels=args.ai_level,
        requested=len(jobs),
        source=str(file),
        failed=outcome.result.failed,
    )
    write_report(report, folder, scenario, charts=not args.no_charts)
    return report, outcome.result.stopped


def write_report(
    report: dict[str, Any], folder: Path, scenario: Any = None, *, charts: bool = True
) -> None:
    """``report.json``, ``report.html`` and ``charts/*.png`` in ``folder`` (the files the
    studio's balance lab saves too, see :mod:`editor.studio.lab.report_folder`)."""
    if charts and report["played"]:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from editor.studio.lab.report_folder import report_files, write_folder

    try:
        write_folder(report_files(report, scenario, charts=charts), folder)
    except OSError as exc:
        raise UsageError(f"cannot write the report in '{folder}': {exc.strerror or exc}") from exc


def summary(report: dict[str, Any]) -> str:
    """The report in a few lines for a terminal."""
    results = report["results"]
    names = {s["id"]: s["name"] for s in report["sides"]}
    lines = [
        f"{report['scenario']['title']}: {results['games']} games, AI {report['levels']}"
        + (f" ({report['requested']} asked for)" if results["games"] != report["requested"] else "")
    ]
    width = max((len(n) for n in names.values()), default=0)
    for side, entry in results["sides"].items():
        lines.append(
            f"  {names[side]:<{width}}  won {percent(entry['win'])}, "
            f"{percent(entry['of_decisive'])} of decisive games"
        )
    lines.append(f"  draws {results['draws']}, stopped {results['stopped']}")
    length = report["length"]
    if length["median"] is not None:
        lines.append(
            f"  length: median {length['median']:g} turns ({length['min']}-{length['max']})"
        )
    sudden = [
        f"{rule} {entry['rate']['rate']:.0%}"
        for rule, entry in report["endings"]["sudden_death"].items()
    ]
    if sudden:
        lines.append("  sudden death: " + ", ".join(sudden))
    return "\n".join(lines)


# -- comparing two versions ---------------------------------------------------------------------


def _read_report(path: Path) -> dict[str, Any] | None:
    """The balance report in ``path``, or ``None`` if the file is something else."""
    try:
        data = json.loads(path.read_bytes())
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) and data.get("kind") == REPORT_KIND else None


def _compare(args: argparse.Namespace, folder: Path) -> int:
    from editor.studio.lab.page import comparison_page
    from engine.lab.report import compare

    reports = []
    stopped = False
    for path, name in zip(args.files, ("before", "after"), strict=True):
        report = _read_report(path)
        if report is None:
            scenario = valid_scenario_or_report(path, "playing")
            if scenario is None:
                return EXIT_INVALID
            (folder / name).mkdir(exist_ok=True)
            report, halted = _balance(args, scenario, path, folder / name, folder)
            stopped = stopped or halted
            if halted:
                break
        reports.append(report)
    if stopped:
        return EXIT_STOPPED
    before, after = reports
    if before["levels"] != after["levels"]:
        print(
            f"salient: note: the versions were played by different AI levels "
            f"({before['levels']}, {after['levels']})",
            file=sys.stderr,
        )
    comparison = compare(before, after)
    if comparison["seeds"] == 0:
        raise UsageError("the two reports have no seed in common: nothing to compare")
    write_json(folder / "comparison.json", comparison)
    write_text(folder / "comparison.html", comparison_page(comparison))
    if args.json:
        print(json.dumps(comparison, indent=2))
    else:
        print(comparison_summary(comparison))
        print(f"report: {folder / 'comparison.html'} (and comparison.json)")
    return EXIT_OK


def comparison_summary(comparison: dict[str, Any]) -> str:
    names = comparison["side_names"]
    lines = [
        f"{comparison['before']['title']} -> {comparison['after']['title']}: "
        f"{comparison['seeds']} seeds, {comparison['games_with_another_winner']} with another "
        "winner"
    ]
    for side, entry in comparison["sides"].items():
        verdict = "moved beyond noise" if entry["significant"] else "within noise"
        lines.append(
            f"  {names.get(side, side)}: won {percent(entry['before'])} -> "
            f"{percent(entry['after'])}, {entry['change']:+.1%} (p = {entry['p_value']:.3f}, "
            f"{verdict})"
        )
    return "\n".join(lines)
