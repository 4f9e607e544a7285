"""Whose view the panels may show in hot seat.

The session announces a hand-over (``handover``) after the action that caused it, and its
``changed`` signal comes first: by then the viewer is already the next player, whose hand
and units must not appear while the previous player is still at the screen. So each
session gets one :class:`Cover` that remembers the side whose view was last shown (the side
told to act, or the side whose player pressed the hand-over screen's button); a panel shows
nothing while the viewer is another side.
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal

if TYPE_CHECKING:
    from editor.game.session import GameSession


class Cover(QObject):
    """The side whose view may be on screen in a hot-seat game."""

    changed = Signal()

    def __init__(self, session: GameSession) -> None:
        super().__init__(session)
        self.session = session
        self.shown: str | None = session.viewer
        session.toAct.connect(self._to_act)
        session.handover.connect(lambda _side: self.changed.emit())

    def hides(self) -> bool:
        """Whether the panels must show nothing now: a hot-seat game whose next player has
        not yet said they are at the computer."""
        viewer = self.session.viewer
        return len(self.session.humans) > 1 and viewer is not None and viewer != self.shown

    def _to_act(self, side: str) -> None:
        if side != self.shown:
            self.shown = side
            self.changed.emit()

    def reveal(self, side: str) -> None:
        """The player of ``side`` is at the computer: their view may be shown."""
        self.shown = side
        self.changed.emit()


_COVERS: weakref.WeakKeyDictionary[GameSession, Cover] = weakref.WeakKeyDictionary()


def cover_of(session: GameSession) -> Cover:
    """The session's cover (made on first use, before any panel listens to the session)."""
    found = _COVERS.get(session)
    if found is None:
        found = _COVERS[session] = Cover(session)
    return found
