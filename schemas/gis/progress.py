"""Progress and cancellation for long imports.

The studio runs an import in a worker thread and shows its progress; the designer may cancel
it. A :class:`Progress` carries both ways: the import reports each step (a sentence and the
fraction done) through ``report``, and asks ``cancelled`` between pieces of work, raising
:class:`Cancelled` as soon as it returns true. The command line passes neither.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass


class Cancelled(Exception):
    """The designer cancelled the import; nothing was changed."""


@dataclass
class Progress:
    """Where an import reports how far it is, and learns whether to stop."""

    report: Callable[[str, float], None] | None = None
    """Called with what is being done and the fraction of the whole done (0 to 1)."""
    cancelled: Callable[[], bool] | None = None
    """Asked between pieces of work; true stops the import with :class:`Cancelled`."""

    def check(self) -> None:
        """Raise :class:`Cancelled` if the designer asked to stop."""
        if self.cancelled is not None and self.cancelled():
            raise Cancelled

    def step(self, text: str, done: float) -> None:
        """Say what is being done, then stop if asked to."""
        if self.report is not None:
            self.report(text, max(0.0, min(1.0, done)))
        self.check()
