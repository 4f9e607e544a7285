"""A balance run in the background: ``engine.lab.runs.run`` on a thread of its own, telling
the studio how far it is through Qt signals (delivered on the studio's thread).

The studio stays usable meanwhile: the games are played by Dask's worker processes (or a
cluster), and this thread only waits for them. Cancel sets the run's stop event; the games
that finished before are in the cache already and in the outcome, as on the command line.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QThread, Signal

from editor.shared.settings import private_folder, state_dir
from schemas.filenames import safe_name
from schemas.scenario import Scenario


def cache_folder(stem: str) -> Path:
    """Where the studio keeps the lab's games of one scenario (by its file's name; the cache
    itself tells versions apart by fingerprint), inside Salient's private folder."""
    folder = state_dir() / "balance" / safe_name(stem or "untitled")
    private_folder(folder)
    return folder


@dataclass(frozen=True)
class RunRequest:
    """What the designer asked for: ``games`` seeds from ``first_seed``, every side at
    ``level``, on ``workers`` local processes or the cluster at ``scheduler``."""

    scenario: Scenario
    stem: str
    games: int
    level: str
    first_seed: int = 1
    workers: int | None = None
    scheduler: str | None = None


@dataclass
class Finished:
    """A run's end: its report (``None`` when it failed before playing), whether it was
    stopped, the failed games, and the error that ended it, if any."""

    report: dict[str, Any] | None
    stopped: bool
    failed: list[dict[str, Any]]
    error: str | None
    request: RunRequest


class LabRun(QThread):
    """One run of the balance lab (see the module docstring)."""

    progressed = Signal(object)
    """An ``engine.lab.runs.Progress``."""
    done = Signal(object)
    """A :class:`Finished`."""

    def __init__(
        self,
        request: RunRequest,
        *,
        folder: Path | None = None,
        connector: Callable[..., Any] | None = None,
        parent: QObject | None = None,
    ) -> None:
        """``connector`` gives the Dask client (default: a local cluster or the scheduler,
        see ``engine.lab.cluster.connect``)."""
        super().__init__(parent)
        self.request = request
        self.folder = folder
        self.connector = connector
        self.stop_event = threading.Event()

    def cancel(self) -> None:
        """Stop after the games that are finishing; those already played are kept."""
        self.stop_event.set()

    def run(self) -> None:  # the thread's body
        from engine.lab.cache import GameCache
        from engine.lab.cluster import ClusterError
        from engine.lab.report import build_report
        from engine.lab.runs import balance_jobs, run

        request = self.request
        try:
            folder = self.folder or cache_folder(request.stem)
            seeds = range(request.first_seed, request.first_seed + request.games)
            jobs = balance_jobs(request.scenario, seeds, request.level)
            outcome = run(
                request.scenario,
                jobs,
                GameCache(folder),
                workers=request.workers,
                scheduler=request.scheduler,
                on_progress=self.progressed.emit,
                stop=self.stop_event,
                connector=self.connector,
            )
            report = build_report(
                request.scenario,
                outcome.records,
                fingerprint=outcome.fingerprint,
                engine=outcome.engine,
                levels=request.level,
                requested=len(jobs),
                source=request.stem,
                failed=outcome.result.failed,
            )
        except ClusterError as error:
            self.done.emit(Finished(None, False, [], str(error), request))
            return
        except Exception as error:  # a run must never take the studio down
            text = f"the run failed: {type(error).__name__}: {error}"
            self.done.emit(Finished(None, False, [], text, request))
            return
        self.done.emit(
            Finished(
                report,
                outcome.result.stopped,
                list(outcome.result.failed),
                None,
                request,
            )
        )
