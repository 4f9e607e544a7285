"""Live validation: keep the issue list in step with the document, in a worker thread.

Edits never wait for validation. A change notes which section it touched and starts a short
timer; when the timer fires, the UI thread copies the lists of the touched sections (pointer
copies: 0.1 ms for 30,000 connections; entities are shared, since edits replace them and never
change them) and hands them to a single worker thread, which feeds them to an
:class:`~schemas.validation.incremental.IncrementalValidator`. That validator is built once,
in the worker, by the first run (a full validation: about 0.45 s on a 10,000-region map) and
from then on only re-checks what each batch of edits can reach.

Why a worker and not the UI thread: one edit on a 10,000-region map takes 1 to 40 ms to
re-check (a vertex move about 16 ms, deleting a region with references to it about 40 ms),
but an edit to the terrain or connection tables re-checks every connection and region
(100-200 ms), and the first run takes half a second; on the UI thread those would be felt.
The worker never touches the live scenario: it only sees the copies made on the UI thread,
and the validator is only ever used by one job at a time (the pool has one thread, and jobs
run in order), so no locking is needed. Results of a batch that newer edits have made stale
are dropped, but every batch still updates the validator, in order.

Each job also checks the images the scenario names against its file's folder
(:func:`~schemas.validation.files.check_files`, from ``stat`` alone: a few system calls per
image, so every job does it and a file copied into the folder is noticed at the next edit),
so the list holds what ``salient validate`` reports for the saved file.

The first job waits for the map's first frame (:meth:`ValidationRunner.run_after_paint`):
the worker is Python too, and while both threads run they share the interpreter's lock, so a
job started with the window would stretch the opening of a large map by its own length
(measured at 30,000 regions: 0.67 s of the worker's CPU fell inside the opening).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import (
    QCoreApplication,
    QEvent,
    QObject,
    QRunnable,
    QThreadPool,
    QTimer,
    Signal,
    Slot,
)
from PySide6.QtWidgets import QWidget

from editor.studio.document import LIST_SECTIONS, Change, ScenarioDocument
from schemas.issues import Issue
from schemas.scenario import Scenario
from schemas.validation.files import check_files
from schemas.validation.incremental import SINGLE_SECTIONS, IncrementalValidator

log = logging.getLogger(__name__)


def snapshot(scenario: Scenario) -> Scenario:
    """A copy whose lists are its own, sharing the (never mutated) entities."""
    return scenario.model_copy(
        update={name: list(getattr(scenario, name)) for name in LIST_SECTIONS}
    )


def section_copy(scenario: Scenario, section: str) -> Any:
    """A section's content as the worker may keep it: a list section's own list, or the
    (never mutated) model of a single section."""
    value = getattr(scenario, section)
    return list(value) if section in LIST_SECTIONS else value


@dataclass
class _State:
    """What the worker keeps between jobs; only ever used by one job at a time."""

    validator: IncrementalValidator | None = None


class _Signals(QObject):
    done = Signal(int, object, object)
    text_checked = Signal(object)


class _Job(QRunnable):
    def __init__(
        self,
        generation: int,
        state: _State,
        scenario: Scenario,
        changes: dict[str, Any] | None,
        signals: _Signals,
        folder: Path | None = None,
        text_check: Callable[[], list[Issue]] | None = None,
    ) -> None:
        super().__init__()
        self.generation, self.state, self.signals = generation, state, signals
        self.text_check = text_check
        """What reading the file's text has left to check (repeated keys), run first."""
        self.scenario, self.changes = scenario, changes
        """A snapshot of the whole scenario (to build from), and the touched sections."""
        self.folder = folder
        """The scenario file's folder, for the checks of the images it names (``None``: a
        scenario never saved, whose images are not checked)."""

    def run(self) -> None:
        if self.text_check is not None:
            try:
                found = self.text_check()
            except Exception:  # the scenario is already open: never lose it over a check
                log.exception("checking the file's text failed")
            else:
                self.signals.text_checked.emit(found)
        state = self.state
        try:
            if state.validator is None or self.changes is None:
                state.validator = IncrementalValidator(self.scenario)
            else:
                state.validator.update(self.changes)
        except Exception:  # a bug in the incremental path must not stop live validation
            log.exception("incremental validation failed; validating from scratch")
            state.validator = IncrementalValidator(self.scenario)
        validator = state.validator
        issues = list(validator.issues)
        if self.folder is not None:
            issues.extend(check_files(self.scenario, self.folder))
        self.signals.done.emit(self.generation, issues, list(validator.problems))


class ValidationRunner(QObject):
    """Keeps :attr:`issues` and :attr:`problems` up to date with the document."""

    updated = Signal(object, object)
    """The issues (list of :class:`Issue`) and the problem geometries (gaps, overlaps)."""
    busy = Signal(bool)
    textChecked = Signal(object)
    """What ``text_check`` found (list of :class:`Issue`), before the first ``updated``."""

    def __init__(
        self,
        document: ScenarioDocument,
        delay_ms: int = 250,
        text_check: Callable[[], list[Issue]] | None = None,
    ) -> None:
        """``text_check``: what is left to check of the file's text once the scenario is
        shown (see :func:`schemas.io.repeated_keys`); the first job runs it in the worker,
        so that the first frame does not wait for it."""
        super().__init__()
        self.document = document
        self._text_check = text_check
        self.issues: list[Issue] = []
        self.problems: list[object] = []
        self._generation = 0
        self._touched: set[str] | None = None
        """Sections changed since the last job; ``None`` until the first job (build)."""
        self._state = _State()
        self._watched: QWidget | None = None
        """The widget whose first paint starts the first job (:meth:`run_after_paint`)."""
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(1)
        self._signals = _Signals()
        self._signals.done.connect(self._finished)
        self._signals.text_checked.connect(self.textChecked)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(delay_ms)
        self._timer.timeout.connect(self.run_now)
        document.changed.connect(self._on_change)
        # Saved elsewhere: the images are checked against the new folder.
        document.pathChanged.connect(lambda _path: self.schedule())

    def _on_change(self, change: Change) -> None:
        if self._touched is not None:
            self._touched.add(change.section)
        self.schedule()

    def schedule(self) -> None:
        self._generation += 1
        self._timer.start()

    def run_after_paint(self, widget: QWidget, timeout_ms: int = 3000) -> None:
        """Start the first job once ``widget`` has painted, so that the first frame of a
        large map does not share the interpreter with the worker; at once if ``widget`` is
        not shown when the event loop next turns (nothing will paint it), and after
        ``timeout_ms`` at the latest (a window kept off screen)."""
        self._watched = widget
        widget.installEventFilter(self)
        QTimer.singleShot(0, self, self._start_if_hidden)
        QTimer.singleShot(timeout_ms, self, self._start_first)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self._watched and event.type() == QEvent.Type.Paint:
            # After the paint: this filter sees the event before the widget paints.
            QTimer.singleShot(0, self, self._start_first)
        return False

    def _start_if_hidden(self) -> None:
        if self._watched is not None and not self._watched.isVisible():
            self._start_first()

    def _start_first(self) -> None:
        if self._watched is not None:
            self.run_now()

    @property
    def pending(self) -> bool:
        """Whether a check is waiting to start (the first, for a paint, or after edits)."""
        return self._watched is not None or self._timer.isActive()

    @Slot()
    def run_now(self) -> None:
        if self._watched is not None:
            watched, self._watched = self._watched, None
            watched.removeEventFilter(self)
        self._timer.stop()
        self._generation += 1
        scenario = self.document.scenario
        changes = None
        if self._touched is not None:
            known = (*LIST_SECTIONS, *SINGLE_SECTIONS)
            changes = {s: section_copy(scenario, s) for s in self._touched if s in known}
        self._touched = set()
        self.busy.emit(True)
        job = _Job(
            self._generation,
            self._state,
            snapshot(scenario),
            changes,
            self._signals,
            self.document.folder,
            self._text_check,
        )
        self._text_check = None
        self._pool.start(job)

    def wait(self) -> None:
        """Block until the pending check is done (for tests and screenshots)."""
        if self.pending:
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
