"""A lab run: the games asked for, those the cache already holds, and the rest played on Dask.

Both the balance lab (every side at one level, seeds ``first .. first + n - 1``) and the
duel (two levels, each seed played once per side with the levels swapped) come down to a list
of (seed, levels) games; :func:`run` plays the missing ones and returns every record.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from schemas.io import dumps
from schemas.scenario import Scenario

from .cache import GameCache, engine_fingerprint, game_key, scenario_fingerprint
from .cluster import Job, RunResult, connect, play_jobs
from .match import levels_for, levels_key, sides_in_play


@dataclass(frozen=True)
class Progress:
    """Where a run stands: ``done`` of ``total`` games (``cached`` of them from the cache),
    ``elapsed`` seconds since it started, and the estimated seconds left."""

    done: int
    total: int
    cached: int
    elapsed: float

    @property
    def eta(self) -> float | None:
        played = self.done - self.cached
        if played <= 0:
            return None
        return self.elapsed / played * (self.total - self.done)


@dataclass
class Outcome:
    """Records of the games that were asked for and are now known, in job order."""

    records: list[dict[str, Any]]
    jobs: list[Job]
    cached: int
    result: RunResult
    fingerprint: str
    engine: str

    @property
    def complete(self) -> bool:
        return len(self.records) == len(self.jobs)


def balance_jobs(scenario: Scenario, seeds: Sequence[int], level: str) -> list[Job]:
    """Every side at ``level``, one game per seed."""
    fingerprint, engine = scenario_fingerprint(scenario), engine_fingerprint()
    levels = levels_for(scenario, level)
    key = levels_key(levels)
    return [Job(s, levels, game_key(fingerprint, engine, key, s)) for s in seeds]


def duel_jobs(scenario: Scenario, seeds: Sequence[int], first: str, second: str) -> list[Job]:
    """For each seed, one game per side with ``first`` playing that side and ``second`` every
    other: with two sides, the same seed with the levels swapped."""
    fingerprint, engine = scenario_fingerprint(scenario), engine_fingerprint()
    sides = sides_in_play(scenario)
    jobs = []
    for seed in seeds:
        for side in sides:
            levels = {s: (first if s == side else second) for s in sides}
            key = game_key(fingerprint, engine, levels_key(levels), seed)
            jobs.append(Job(seed, levels, key))
    return jobs


def run(
    scenario: Scenario,
    jobs: Sequence[Job],
    cache: GameCache,
    *,
    workers: int | None = None,
    scheduler: str | None = None,
    on_progress: Callable[[Progress], None] | None = None,
    stop: threading.Event | None = None,
    connector: Callable[..., Any] | None = None,
) -> Outcome:
    """Play the ``jobs`` the cache does not hold yet and return every record. ``connector``
    gives the Dask client (default :func:`.cluster.connect`)."""
    fingerprint, engine = scenario_fingerprint(scenario), engine_fingerprint()
    known: dict[str, dict[str, Any]] = cache.known(j.key for j in jobs)
    # One game per key: a duel of a level against itself asks for each game twice.
    missing = list({j.key: j for j in jobs if j.key not in known}.values())
    started = time.monotonic()
    total, cached = len(jobs), len(known)

    def tick(done: int) -> None:
        if on_progress is not None:
            on_progress(Progress(cached + done, total, cached, time.monotonic() - started))

    def keep(job: Job, record: dict[str, Any]) -> None:
        cache.add(job.key, record)
        known[job.key] = record

    tick(0)
    result = RunResult()
    if missing:
        with (connector or connect)(workers, scheduler) as client:
            result = play_jobs(
                client,
                dumps(scenario),
                fingerprint,
                engine,
                missing,
                on_game=keep,
                on_tick=tick,
                stop=stop,
            )
    records = [known[j.key] for j in jobs if j.key in known]
    return Outcome(records, list(jobs), cached, result, fingerprint, engine)


def play_locally(scenario: Scenario, jobs: Sequence[Job]) -> list[dict[str, Any]]:
    """The same games one after the other in this process (what the cluster must match)."""
    from .match import play_game

    return [play_game(scenario, job.seed, job.levels) for job in jobs]
