"""Playing many games on Dask: a ``distributed.LocalCluster`` on this machine, or any running
cluster by its scheduler's address.

Dask is imported here only, when games are actually played, so the rest of Salient neither
waits for it nor needs it installed to start. Workers run one game at a time each (one thread
per worker process: the rules are pure Python, threads would only queue for the GIL).

Stopping: :func:`play_jobs` returns as soon as ``stop`` is set or Ctrl+C is pressed, after
cancelling what is left; every game that finished before has already been handed to
``on_game``. The local cluster's processes ignore Ctrl+C themselves, so the terminal's
interrupt reaches this process alone and nothing dies half-way through writing.
"""

from __future__ import annotations

import logging
import os
import signal
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from .worker import play_seed

POLL_SECONDS = 0.2
"""How often the driver looks for finished games, a stop request and progress."""
WAIT_FOR_WORKERS = 60
"""How long a cluster reached by its address may take to show a first worker."""


@dataclass(frozen=True)
class Job:
    """One game to play: its seed, who plays which side, and its key in the cache."""

    seed: int
    levels: dict[str, str]
    key: str


@dataclass
class RunResult:
    """How a run ended: ``played`` games came back, ``failed`` raised, ``stopped`` when
    interrupted before the end."""

    played: int = 0
    failed: list[dict[str, Any]] = field(default_factory=list)
    stopped: bool = False
    workers: int = 0


class ClusterError(RuntimeError):
    """The cluster could not be started or reached, or runs another version of the rules."""


@contextmanager
def _sigint_ignored() -> Iterator[None]:
    """Processes started inside inherit an ignored SIGINT (Python keeps it ignored at start),
    so Ctrl+C in the terminal interrupts the driver only."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


@contextmanager
def connect(workers: int | None = None, scheduler: str | None = None) -> Iterator[Any]:
    """A ``distributed.Client``: to ``scheduler`` if given, else to a new local cluster of
    ``workers`` processes (default: one per core). Closed, and the local cluster shut down,
    on the way out."""
    try:
        from distributed import Client, LocalCluster
    except ImportError as exc:  # pragma: no cover - a dependency of the package
        raise ClusterError("the balance lab needs Dask: pip install 'dask[distributed]'") from exc
    cluster = None
    try:
        if scheduler is None:
            count = workers or os.cpu_count() or 1
            with _sigint_ignored():
                cluster = LocalCluster(
                    n_workers=count,
                    threads_per_worker=1,
                    processes=True,
                    # Any free port: a fixed one (8787) clashes with other clusters running.
                    dashboard_address=":0",
                    silence_logs=logging.ERROR,
                )
            client = Client(cluster)
        else:
            try:
                client = Client(scheduler, timeout="15s")
            except (OSError, TimeoutError) as exc:
                raise ClusterError(
                    f"cannot reach the Dask scheduler at {scheduler}: {exc}"
                ) from exc
            try:
                client.wait_for_workers(1, timeout=WAIT_FOR_WORKERS)
            except (OSError, TimeoutError) as exc:
                client.close()
                raise ClusterError(
                    f"the Dask cluster at {scheduler} has no worker (none joined within "
                    f"{WAIT_FOR_WORKERS} s): start some with 'dask worker {scheduler}'"
                ) from exc
    except BaseException:
        if cluster is not None:
            cluster.close()
        raise
    try:
        yield client
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


def play_jobs(
    client: Any,
    text: str,
    fingerprint: str,
    engine: str,
    jobs: Sequence[Job],
    *,
    on_game: Callable[[Job, dict[str, Any]], None],
    on_tick: Callable[[int], None] | None = None,
    stop: threading.Event | None = None,
) -> RunResult:
    """Play ``jobs`` on ``client``'s cluster. ``on_game(job, record)`` receives each game as
    it finishes; ``on_tick(done)`` is called at every poll with the number of jobs done (for a
    progress bar). Games of a worker whose rules differ from ``engine`` are refused."""
    from distributed import as_completed

    result = RunResult(workers=len(client.scheduler_info().get("workers", {})))
    if not jobs:
        return result
    shared = client.scatter(text, broadcast=True)
    by_future = {
        client.submit(play_seed, shared, fingerprint, job.seed, job.levels, pure=False): job
        for job in jobs
    }
    waiting = as_completed(by_future)
    done = 0
    try:
        while not waiting.is_empty():
            if stop is not None and stop.is_set():
                result.stopped = True
                break
            for future in waiting.next_batch(block=False):
                job = by_future[future]
                done += 1
                try:
                    answer = future.result()
                except Exception as exc:  # a game that raised: keep the others going
                    result.failed.append(
                        {"seed": job.seed, "error": f"{type(exc).__name__}: {exc}"}
                    )
                    continue
                if answer["engine"] != engine:
                    raise ClusterError(
                        "the cluster's workers run another version of Salient's rules "
                        f"({answer['engine']}, here {engine}); install the same version there"
                    )
                on_game(job, answer["game"])
                result.played += 1
            if on_tick is not None:
                on_tick(done)
            if not waiting.is_empty():
                time.sleep(POLL_SECONDS)
    except KeyboardInterrupt:
        result.stopped = True
    finally:
        if result.stopped or not waiting.is_empty():
            client.cancel(list(by_future))
    return result
