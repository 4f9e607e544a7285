"""What ``salient balance`` and ``salient duel`` share: their options, the output folder and
its cache, the progress bar, and playing a list of games on Dask."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from editor.commands.common import UsageError, write_text

DEFAULT_GAMES = 100


def add_run_options(parser: argparse.ArgumentParser, what: str) -> None:
    parser.add_argument(
        "--games",
        type=int,
        default=DEFAULT_GAMES,
        metavar="N",
        help=f"{what} (default {DEFAULT_GAMES})",
    )
    parser.add_argument(
        "--first-seed", type=int, default=1, metavar="S", help="seed of the first game (default 1)"
    )
    parser.add_argument(
        "--jobs",
        type=int,
        metavar="K",
        help="worker processes of the local Dask cluster (default: one per core)",
    )
    parser.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="play on a running Dask cluster, e.g. tcp://10.0.0.5:8786, instead of this machine",
    )
    parser.add_argument(
        "--out",
        type=Path,
        metavar="DIR",
        help="folder for the report and the games kept for reruns (default: FILE's name "
        "followed by -balance, in the current folder)",
    )
    parser.add_argument("--json", action="store_true", help="print the report as JSON")


def check_run_options(args: argparse.Namespace) -> None:
    if args.games < 1:
        raise UsageError("--games takes a number of games of at least 1")
    if args.jobs is not None and args.jobs < 1:
        raise UsageError("--jobs takes a number of worker processes of at least 1")
    if args.jobs is not None and args.scheduler is not None:
        raise UsageError("--jobs sizes the local cluster: leave it out with --scheduler")
    if args.first_seed < 0:
        raise UsageError("--first-seed takes a seed of 0 or more")


def check_level(name: str, option: str) -> str:
    from engine.ai import levels

    if name not in levels.LEVELS:
        raise UsageError(
            f"{option}: unknown AI level '{name}' (known: {', '.join(levels.names())})"
        )
    return name


def out_folder(args: argparse.Namespace, file: Path) -> Path:
    folder = args.out if args.out is not None else Path(f"{file.stem}-balance")
    if folder.exists() and not folder.is_dir():
        raise UsageError(f"--out: '{folder}' is a file, not a folder")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UsageError(f"cannot make the folder '{folder}': {exc.strerror or exc}") from exc
    return folder


def play(scenario: Any, jobs: Sequence[Any], folder: Path, args: argparse.Namespace) -> Any:
    """Play ``jobs`` (those not cached in ``folder``) with a progress bar on stderr."""
    from tqdm import tqdm

    from engine.lab.cache import GameCache
    from engine.lab.cluster import ClusterError
    from engine.lab.runs import run

    cache = GameCache(folder)
    bars: list[Any] = []

    def show(progress: Any) -> None:
        if progress.cached == progress.total:
            return  # nothing to play: no bar
        if not bars:
            bars.append(
                tqdm(
                    total=progress.total,
                    initial=progress.cached,
                    unit="game",
                    file=sys.stderr,
                    desc=scenario.info.title[:30],
                    dynamic_ncols=True,
                    smoothing=0.1,
                )
            )
            if progress.cached < progress.total:
                count = args.jobs or os.cpu_count() or 1
                where = args.scheduler or f"{count} local worker{'s' if count > 1 else ''}"
                bars[0].set_postfix_str(f"{progress.cached} kept from earlier runs; on {where}")
        bar = bars[0]
        if progress.done > bar.n:
            bar.update(progress.done - bar.n)

    try:
        return run(
            scenario,
            jobs,
            cache,
            workers=args.jobs,
            scheduler=args.scheduler,
            on_progress=show,
        )
    except ClusterError as exc:
        raise UsageError(str(exc)) from exc
    finally:
        for bar in bars:
            bar.close()


def tell_stopped(outcome: Any) -> None:
    """Say on stderr what an interrupted or partly failed run holds."""
    if outcome.result.failed:
        for failure in outcome.result.failed:
            print(
                f"salient: game of seed {failure['seed']} failed: {failure['error']}",
                file=sys.stderr,
            )
    if outcome.result.stopped:
        print(
            f"salient: stopped; {len(outcome.records)} of {len(outcome.jobs)} games are played "
            "and kept: run the same command again to play the rest",
            file=sys.stderr,
        )


def write_json(path: Path, data: dict[str, Any]) -> None:
    write_text(path, json.dumps(data, indent=2, sort_keys=False) + "\n")


def percent(rate: dict[str, Any]) -> str:
    """A rate with its interval, for a terminal: ``34% (28-41%)``."""
    return f"{rate['rate']:.0%} ({rate['low']:.0%}-{rate['high']:.0%})"
