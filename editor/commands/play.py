"""``salient play``: the game view, or a headless game of the AI against itself."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from editor.commands.common import (
    EXIT_INVALID,
    EXIT_OK,
    UsageError,
    require_window,
    valid_scenario_or_report,
    write_text,
)


def register(commands: argparse._SubParsersAction) -> None:
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
    play.add_argument(
        "--ai-level",
        metavar="LEVEL",
        help="headless: the AI level playing every side (default baseline; docs/ai.md)",
    )
    play.add_argument(
        "--ai-handicap",
        choices=("plus", "minus"),
        help="headless, operational rules: the AI handicap of every side (OT11; the start "
        "dialog offers it in the game view)",
    )
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
    play.set_defaults(run=cmd_play)


def cmd_play(args: argparse.Namespace) -> int:
    if not args.headless:
        for option, given in (
            ("--turns", args.turns is not None),
            ("--json", args.json),
            ("--log", args.log is not None),
            ("--ai-level", args.ai_level is not None),
            ("--ai-handicap", args.ai_handicap is not None),
        ):
            if given:
                raise UsageError(f"{option} only applies with --headless")
    elif args.screenshot is not None:
        raise UsageError("--screenshot needs the game view: leave out --headless")
    scenario = valid_scenario_or_report(args.file, "playing")
    if scenario is None:
        return EXIT_INVALID
    sides = [s.id for s in scenario.sides if not s.neutral]
    ai = args.ai if args.ai is not None or not args.headless else "all"
    wanted = None if ai is None else sides if ai == "all" else [s.strip() for s in ai.split(",")]
    unknown = sorted(set(wanted or ()) - set(sides))
    if unknown:
        raise UsageError(f"unknown side(s) for --ai: {', '.join(unknown)}")
    if not args.headless:
        require_window()
        from editor.game.launch import run_play

        return run_play(
            args.file,
            scenario,
            ai=wanted,
            seed=args.seed,
            fog=False if args.no_fog else None,
            screenshot=args.screenshot,
        )
    if set(wanted or ()) != set(sides):
        raise UsageError("a headless game needs the AI on every side: use --ai all")
    if args.turns is not None and args.turns < 1:
        raise UsageError("--turns takes a number of turns of at least 1")
    from editor.commands.lab_runs import check_level
    from engine.ai import levels
    from engine.runner import play

    level = levels.DEFAULT if args.ai_level is None else check_level(args.ai_level, "--ai-level")
    seed = 0 if args.seed is None else args.seed
    if args.ai_handicap is not None and scenario.rules.family != "operational":
        raise UsageError("--ai-handicap applies to scenarios of the operational rules")
    outcome = play(
        scenario,
        seed,
        turns=args.turns,
        fog=False if args.no_fog else None,
        level=level,
        handicap=args.ai_handicap,
    )
    summary = outcome.summary()
    if args.log is not None:
        write_text(args.log, outcome.game.log.jsonl())
    if args.json:
        print(json.dumps(summary, sort_keys=True))
    else:
        print(play_report(summary))
    return EXIT_OK


def play_report(summary: dict[str, object]) -> str:
    """A headless game's outcome in four lines."""
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
