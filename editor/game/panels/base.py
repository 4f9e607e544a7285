"""What every game panel shares: listening to the session, acting through it, looking alike.

A panel is a view of the :class:`~editor.game.session.GameSession`, as the studio's panels are
views of the document: it listens, and acts only through :meth:`GameSession.apply`. Two
rules keep an AI player-turn fast to show: a panel that is not on screen only notes that it
is out of date and catches up when it is shown, and the legal actions (worked out by the
engine for the side to act) are asked once per game state and shared by every panel.
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QResizeEvent, QShowEvent
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QLayout,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from editor.game.panels.cover import cover_of
from editor.game.panels.knowledge import Sight, readable_reason
from editor.shared.widgets import ERROR_COLOUR, MUTED_COLOUR, MessageLabel, set_muted
from engine.actions import Action

if TYPE_CHECKING:
    from editor.game.session import GameSession
    from engine.game import Game

HIT = "#2e7d32"
MISS = "#8a8a8a"
REROLL = "#5d7fa3"
MUTED = MUTED_COLOUR
ATTENTION = "#a05a00"
CARD_BACK = "#fbf8f1"
QWIDGETSIZE_MAX = 16777215
"""Qt's "no maximum size" (not exported by PySide)."""


def person_decision(session: GameSession, kind: str) -> dict[str, Any] | None:
    """The engine's open question (``state.pending``) when it is of ``kind`` and a person
    here must answer it now; ``None`` otherwise."""
    pending = session.game.state.pending
    if not pending or pending[0]["kind"] != kind:
        return None
    return pending[0] if session.human_to_act() == pending[0]["side"] else None


def die_html(value: int, hit: bool, *, reroll: bool = False) -> str:
    """A die as a small coloured square: green when it hits, grey when it misses."""
    colour = HIT if hit else (REROLL if reroll else MISS)
    mark = "\u21bb" if reroll else ""
    return (
        f"<span style='background-color:{colour}; color:white; font-weight:bold;"
        f" font-size:large;'>&nbsp;{mark}{value}&nbsp;</span>&#8201;"
    )


def esc(text: str) -> str:
    return html.escape(text, quote=False)


def heading(text: str = "") -> QLabel:
    label = QLabel(text)
    font = label.font()
    font.setBold(True)
    font.setPointSizeF(font.pointSizeF() * 1.15)
    label.setFont(font)
    label.setWordWrap(True)
    return label


def muted(text: str = "") -> QLabel:
    label = QLabel(text)
    label.setWordWrap(True)
    return set_muted(label)


def notice(text: str = "") -> QLabel:
    """A line that asks for the player's attention (a blocking card, a decision)."""
    label = QLabel(text)
    label.setWordWrap(True)
    label.setStyleSheet(f"color: {ATTENTION}; font-weight: bold;")
    return label


def outline_for_attention(frame: QFrame, name: str) -> None:
    """Draw a box that waits for the player (a pick, a breakthrough) in the attention colour."""
    frame.setObjectName(name)
    frame.setStyleSheet(f"#{name} {{ border: 2px solid {ATTENTION}; border-radius: 4px; }}")


def rule(*, vertical: bool = False) -> QFrame:
    """A sunken line between parts of a panel (or, ``vertical``, of a row)."""
    line = QFrame()
    line.setFrameShape(QFrame.Shape.VLine if vertical else QFrame.Shape.HLine)
    line.setFrameShadow(QFrame.Shadow.Sunken)
    return line


def button(text: str, tip: str = "") -> QPushButton:
    widget = QPushButton(text)
    widget.setToolTip(tip)
    widget.setCursor(Qt.CursorShape.PointingHandCursor)
    return widget


def button_row(*buttons: QWidget) -> QHBoxLayout:
    """Buttons side by side, from the left."""
    row = QHBoxLayout()
    for widget in buttons:
        row.addWidget(widget)
    row.addStretch(1)
    return row


class SessionPanel(QWidget):
    """Base of the game panels: refresh when shown and out of date, act, show refusals."""

    needsAttention = Signal()
    """The player has something to do here (the window may raise the panel's dock)."""

    def __init__(self, session: GameSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self._dirty = True
        self._acting = False
        self._called_for: object = None
        self.message = MessageLabel()
        self.message.setStyleSheet(f"color: {ERROR_COLOUR}; font-weight: bold;")
        self.cover = cover_of(session)
        self.cover.changed.connect(self._stale)
        self.body = QWidget()
        """Subclasses lay their content out on the body: it is hidden in hot seat while the
        computer changes hands."""
        self.blank = muted("Hidden while the computer changes hands.")
        self.blank.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.blank.hide()
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(self.body)
        outer.addWidget(self.blank)
        session.changed.connect(self._stale)
        session.toAct.connect(self._stale)
        session.handover.connect(self._stale)
        session.logged.connect(self.on_records)
        session.failed.connect(self._refused)

    # -- reading ----------------------------------------------------------------------------------

    @property
    def game(self) -> Game:
        return self.session.game

    def sight(self) -> Sight:
        return Sight(self.session.game, self.session.viewer)

    def followed_side(self) -> str:
        """The side whose hand and story are shown: the viewer, or, for a spectator of the
        AI, the side whose player-turn it is."""
        return self.session.viewer or self.game.active_side

    def legal(self) -> list[Action]:
        """The actions a person may take now (none while the AI or nobody is to act); the
        session works them out once per game state for all the panels and the map."""
        if self.session.human_to_act() is None:
            return []
        return self.session.legal_actions()

    # -- refreshing -------------------------------------------------------------------------------

    def _stale(self, *_: object) -> None:
        self._dirty = True
        if self.isVisible():
            self.refresh()
        self._call_attention()

    def attention(self) -> object:
        """What the player must do in this panel now, as a value that changes when there is
        something new to do (``None``: nothing). Cheap: it runs on every action, on screen
        or not, so a hidden panel can still ask to be raised."""
        return None

    def _call_attention(self) -> None:
        if self.cover.hides():
            return
        wanted = self.attention()
        if wanted is not None and wanted != self._called_for:
            self.needsAttention.emit()
        self._called_for = wanted

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self._dirty:
            self.refresh()

    def refresh(self) -> None:
        """Bring the panel up to date with the game (subclasses draw in :meth:`update_view`),
        or show nothing while a hot-seat game changes hands."""
        self._dirty = False
        hidden = self.cover.hides()
        self.body.setVisible(not hidden)
        self.blank.setVisible(hidden)
        if not hidden:
            self.update_view()

    def update_view(self) -> None:
        raise NotImplementedError

    def on_records(self, records: list[dict]) -> None:
        """New log records (every panel sees them, shown or not: they come only once)."""

    # -- acting -----------------------------------------------------------------------------------

    def act(self, action: Action) -> bool:
        """Carry out a person's action; a refusal shows in this panel's message line."""
        self.message.hide()
        self._acting = True
        try:
            done = self.session.apply(action)
        finally:
            self._acting = False
        return done

    def _refused(self, reason: str) -> None:
        if self._acting:
            self.message.say(f"Not possible: {readable_reason(self.game, reason)}")


class Column(QWidget):
    """The content of a scroll area made of wrapped text: it asks for the height its text
    needs at its width. (A scroll area only reads a widget's minimum size, which for wrapped
    labels is one line each, so long cards and pages would be squeezed into each other.)"""

    fitted = Signal()
    """The height the content needs changed (a panel may share its room out again)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.column = QVBoxLayout(self)
        self.column.setContentsMargins(0, 0, 4, 0)

    def refit(self) -> None:
        """Ask for the height the content needs (call after changing the content). Done now
        and once more when Qt has laid the new content out."""
        self._fit()
        QTimer.singleShot(0, self, self._fit)

    def _fit(self) -> None:
        needed = self.column.heightForWidth(self.width())
        if needed > 0 and needed != self.minimumHeight():
            self.setMinimumHeight(needed)
            self.fitted.emit()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.refit()


_LEAVING: list[QWidget] = []


def discard(widget: QWidget) -> None:
    """Take a widget built for the previous state out of its panel now, and delete it once
    control is back in the event loop (the click that caused this may be its own). Out of
    the panel at once: hidden, its words would still be among the panel's children, where a
    check of what the panel may show (the fog of war) would rightly find them."""
    widget.hide()
    widget.setParent(None)
    widget.deleteLater()
    _LEAVING.append(widget)  # alive until then: without a parent, Python owns it
    if len(_LEAVING) == 1:
        QTimer.singleShot(0, _LEAVING.clear)


def clear_layout(layout: QLayout) -> None:
    """Empty a layout of rows built for the previous state."""
    while layout.count():
        item = layout.takeAt(0)
        widget = item.widget()
        if widget is not None:
            discard(widget)


def page(*widgets: QWidget, stretch: bool = True) -> QWidget:
    """A plain column of widgets (a page of a stacked panel)."""
    holder = QWidget()
    column = QVBoxLayout(holder)
    column.setContentsMargins(0, 0, 0, 0)
    for widget in widgets:
        column.addWidget(widget)
    if stretch:
        column.addStretch(1)
    return holder


def is_wide(widget: QWidget) -> bool:
    """Whether a panel is docked below the map (about 1000 by 330) rather than beside it
    (about 380 wide): wide panels put their parts side by side."""
    return widget.width() >= 640 and widget.width() >= 1.6 * widget.height()
