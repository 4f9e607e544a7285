"""Live validation: re-check the scenario shortly after each edit, in a worker thread.

Edits never wait for validation. A change starts a short timer; when it fires, a snapshot of
the scenario (its lists copied, the entities shared: edits replace entities, never change
them) is validated in the thread pool, and the result comes back as a signal. Results of a
snapshot that an edit has since made stale are dropped.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import (
    QCoreApplication,
    QObject,
    QRunnable,
    QThreadPool,
    QTimer,
    Signal,
    Slot,
)

from schemas.issues import Issue
from schemas.scenario import Scenario
from schemas.validation import ScenarioIndex, run_checks

from .document import LIST_SECTIONS, ScenarioDocument


def snapshot(scenario: Scenario) -> Scenario:
    """A copy whose lists are its own, sharing the (never mutated) entities."""
    data: dict[str, Any] = dict(scenario.__dict__)
    for name in LIST_SECTIONS:
        data[name] = list(data[name])
    return Scenario.model_construct(**data)


class _Signals(QObject):
    done = Signal(int, object, object)


class _Job(QRunnable):
    def __init__(self, generation: int, scenario: Scenario, signals: _Signals) -> None:
        super().__init__()
        self.generation, self.scenario, self.signals = generation, scenario, signals

    def run(self) -> None:
        index = ScenarioIndex(self.scenario)
        issues = run_checks(index)
        self.signals.done.emit(self.generation, issues, list(index.problem_shapes))


class ValidationRunner(QObject):
    """Keeps :attr:`issues` up to date with the document."""

    updated = Signal(object, object)
    """The issues (list of :class:`Issue`) and the problem geometries (gaps, overlaps)."""
    busy = Signal(bool)

    def __init__(self, document: ScenarioDocument, delay_ms: int = 250) -> None:
        super().__init__()
        self.document = document
        self.issues: list[Issue] = []
        self.problems: list[object] = []
        self._generation = 0
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(1)
        self._signals = _Signals()
        self._signals.done.connect(self._finished)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(delay_ms)
        self._timer.timeout.connect(self.run_now)
        document.changed.connect(lambda _change: self.schedule())

    def schedule(self) -> None:
        self._generation += 1
        self._timer.start()

    @Slot()
    def run_now(self) -> None:
        self._generation += 1
        self.busy.emit(True)
        self._pool.start(_Job(self._generation, snapshot(self.document.scenario), self._signals))

    def wait(self) -> None:
        """Block until the pending check is done (for tests and screenshots)."""
        if self._timer.isActive():
            self._timer.stop()
            self.run_now()
        self._pool.waitForDone()
        QCoreApplication.processEvents()  # deliver the worker's queued result

    @Slot(int, object, object)
    def _finished(self, generation: int, issues: list[Issue], problems: list[object]) -> None:
        if generation != self._generation:
            return  # the document changed since: a newer check is on its way
        self.issues, self.problems = issues, problems
        self.busy.emit(False)
        self.updated.emit(issues, problems)
