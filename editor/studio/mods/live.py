"""What the mods change, kept in step with the edits in a worker thread.

After an edit, the marks and the Mods dock need the edit target made anew and the stack applied
with it (:func:`.stack.derive`): who changed each field, the conflicts, the stale operations.
On a 10,000-region map that takes about half a second, too long for the UI thread after each
edit, so it is done like live validation: a short timer after the last change, then the
scenario's lists are copied (entities are shared, edits replace them and never change them)
and a single worker thread derives from the copy. A result of a state the designer has since
changed is dropped. The worker also compares the base with what the stack makes
(``diff_scenarios``, in the words of ``salient diff``), which the marks show per field.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication, QObject, QRunnable, QThreadPool, QTimer, Signal, Slot

from editor.commands.diff import StudioWording
from editor.studio.mods.document import ModdedDocument
from editor.studio.mods.stack import Derived, StackError, StackState, derive
from editor.studio.validation_runner import snapshot
from schemas.diff.records import ScenarioDiff
from schemas.diff.report import diff_scenarios
from schemas.scenario import Scenario

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class LiveView:
    """What the mods change now: the target made from the edits with the stack applied, the
    state it was made from, and the base compared with the result."""

    state: StackState
    derived: Derived
    diff: ScenarioDiff


def look(state: StackState, scenario: Scenario) -> LiveView:
    """Everything the marks and the Mods dock show, for ``scenario`` edited on ``state``."""
    derived = derive(state, scenario)
    diff = diff_scenarios(state.base.scenario, derived.scenario, StudioWording())
    return LiveView(state, derived, diff)


class _Signals(QObject):
    done = Signal(int, object)


class _Job(QRunnable):
    def __init__(
        self, revision: int, state: StackState, scenario: Scenario, signals: _Signals
    ) -> None:
        super().__init__()
        self.revision, self.state, self.scenario, self.signals = revision, state, scenario, signals

    def run(self) -> None:
        try:
            outcome: object = look(self.state, self.scenario)
        except StackError as error:
            outcome = error
        except Exception as error:  # a bug must not stop the marks for good
            log.exception("making the edit target's operations failed")
            outcome = StackError(f"the changes could not be worked out ({error})")
        self.signals.done.emit(self.revision, outcome)


class LiveMods(QObject):
    """Keeps :attr:`current` (a :class:`LiveView`) up to date with the document."""

    updated = Signal(object)
    """A new :class:`LiveView`."""
    failed = Signal(str)
    """The edits cannot be made into a mod now (the message says why, e.g. an id used twice)."""

    def __init__(self, document: ModdedDocument, delay_ms: int = 300) -> None:
        super().__init__()
        self.document = document
        self.current: LiveView | None = None
        self.problem = ""
        self.stopped = False
        """Set by :meth:`stop`: a result still on its way is dropped, not shown."""
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(1)
        self._signals = _Signals()
        self._signals.done.connect(self._finished)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(delay_ms)
        self._timer.timeout.connect(self.run_now)
        document.changed.connect(self._changed)
        document.stackChanged.connect(self._stack_changed)
        self.run_now()

    def _changed(self, _change: object) -> None:
        self._timer.start()

    def _stack_changed(self) -> None:
        self.run_now()

    @Slot()
    def run_now(self) -> None:
        self._timer.stop()
        document = self.document
        job = _Job(document.revision, document.state, snapshot(document.scenario), self._signals)
        self._pool.start(job)

    def wait(self) -> None:
        """Block until the pending work is done and delivered (tests, saving)."""
        if self._timer.isActive():
            self.run_now()
        self._pool.waitForDone()
        QCoreApplication.processEvents()

    def stop(self) -> None:
        """Stop for good, as the document is let go. A worker's result already queued for
        the UI thread would otherwise still be delivered (the next processEvents, even while
        the window closes) to marks whose inspector is being deleted."""
        self.stopped = True
        self._timer.stop()
        self._pool.waitForDone()
        self.document.changed.disconnect(self._changed)
        self.document.stackChanged.disconnect(self._stack_changed)

    @Slot(int, object)
    def _finished(self, revision: int, outcome: object) -> None:
        if self.stopped:
            return
        if revision != self.document.revision:
            return  # edited since: a newer job is on its way
        if isinstance(outcome, StackError):
            self.problem = str(outcome)
            self.failed.emit(self.problem)
            return
        assert isinstance(outcome, LiveView)
        if self.document.offer(revision, outcome.derived):
            self.current = outcome
            self.problem = ""
            self.updated.emit(outcome)
