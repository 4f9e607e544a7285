"""Everything else a player must decide, one readable page each, and the events that fired.

The decision pages (:mod:`.decision_pages`) show themselves when the engine waits for the
person to act on them: sieges, placing a reinforcement, repairing units, an event's or a
card's question. Below them, the events of the game read as pages (title, text, what
happened), newest first; a secret event is only ever shown to the sides it names. (The
breakthrough question belongs to the battle panel, next to the battle it follows.)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import QHBoxLayout, QLabel, QVBoxLayout, QWidget

from editor.game.panels.base import (
    MUTED,
    Column,
    SessionPanel,
    button,
    die_html,
    esc,
    heading,
    muted,
    rule,
)
from editor.game.panels.decision_pages import (
    ChoicePage,
    Page,
    PlacePage,
    ReplacementPage,
    SiegePage,
)
from editor.game.panels.knowledge import Sight
from editor.game.panels.wording import sentence
from editor.shared.widgets import scrolling
from engine.actions import AssignReplacement, ContinueBattle, ResolveSiege

if TYPE_CHECKING:
    from editor.game.session import GameSession

ENDS_AN_EVENT = frozenset({"event", "action", "phase"})
"""Records after which what follows an event is no longer its doing."""


@dataclass
class EventPage:
    """An event that fired, and the records its effects wrote."""

    record: dict[str, Any]
    effects: list[dict[str, Any]] = field(default_factory=list)


class DecisionPanel(SessionPanel):
    """The decisions waiting for the person to act, and the events of the game."""

    def __init__(self, session: GameSession, parent: QWidget | None = None) -> None:
        super().__init__(session, parent)
        self.pages: list[Page] = [
            ChoicePage(self),
            PlacePage(self),
            SiegePage(self),
            ReplacementPage(self),
        ]
        self.idle = muted("Nothing to decide right now.")
        self.last_siege: dict[str, Any] | None = None
        self.siege_result = QLabel()
        self.siege_result.setWordWrap(True)
        self.events: list[EventPage] = []
        self._open: EventPage | None = None
        self._latest: dict[str, EventPage] = {}
        """The last page of each event (an answer to its question goes there)."""
        self.shown_event = 0
        """Index in :attr:`events` of the page on screen (0 is the newest)."""
        self.event_title = heading("Events")
        self.event_text = QLabel()
        self.event_text.setWordWrap(True)
        self.newer = button("\u25c0 Newer", "The next event")
        self.older = button("Older \u25b6", "The event before")
        self.where = muted()
        self.newer.clicked.connect(lambda: self.show_event(self.shown_event - 1))
        self.older.clicked.connect(lambda: self.show_event(self.shown_event + 1))
        pager = QHBoxLayout()
        pager.addWidget(self.newer)
        pager.addWidget(self.where, 1)
        pager.addWidget(self.older)
        self.no_events = muted("No event has happened yet.")

        content = Column()
        inner = content.column
        for decision in self.pages:
            inner.addWidget(decision)
        inner.addWidget(self.idle)
        inner.addWidget(self.siege_result)
        inner.addWidget(rule())
        inner.addWidget(self.event_title)
        inner.addLayout(pager)
        inner.addWidget(self.event_text)
        inner.addWidget(self.no_events)
        inner.addStretch(1)
        self.content = content
        column = QVBoxLayout(self.body)
        column.addWidget(self.message)
        column.addWidget(scrolling(content), 1)
        self.on_records(self.game.log.records)
        self.show_event(0)

    # -- decisions --------------------------------------------------------------------------------

    def update_view(self) -> None:
        shown = [decision.update_view() for decision in self.pages]
        for decision, visible in zip(self.pages, shown, strict=True):
            decision.setVisible(visible)
        self.idle.setVisible(not any(shown))
        self._show_siege_result()
        self.show_event(self.shown_event)
        self.content.refit()

    def _show_siege_result(self) -> None:
        """The last siege roll of this turn, die and all: the siege page closes with the
        roll, and the player should still see how it went."""
        record = self.last_siege
        shown = record is not None and record.get("turn") == self.game.turn
        self.siege_result.setVisible(shown)
        if record is None or not shown:
            return
        line = sentence(self.sight(), record) or ""
        self.siege_result.setText(
            f"<b>Last siege roll</b><br>{die_html(int(record['roll']), bool(record['success']))}"
            f" {esc(line)}"
        )

    def attention(self) -> object:
        """A pending question, a reinforcement to place, sieges to roll or replacement points
        to spend (the breakthrough question is the battle panel's)."""
        game = self.game
        side = self.session.human_to_act()
        if side is None:
            return None
        pending = game.state.pending
        if pending:
            kind = pending[0]["kind"]
            # Breakthroughs and retreats are the battle panel's, under their battle.
            if kind in ("breakthrough", "retreat"):
                return None
            return (kind, len(pending), len(game.log))
        wanted = (ResolveSiege, AssignReplacement, ContinueBattle)
        if game.state.battle is None and any(isinstance(a, wanted) for a in self.legal()):
            return (game.phase, game.turn, side)
        return None

    # -- events ---------------------------------------------------------------------------------

    def on_records(self, records: list[dict]) -> None:
        sight = self.sight()
        fresh = False
        for record in records:
            kind = record["type"]
            if kind == "siege_roll":
                self.last_siege = record
            if kind == "event":
                page = EventPage(record)
                self._open = self._latest[record["event"]] = page
                if sight.event_visible(record["event"]):
                    self.events.insert(0, page)
                    fresh = True
            elif kind == "chose" and record.get("source") in self._latest:
                # The answer to an event's question, and what it did, belong to its page.
                self._open = self._latest[record["source"]]
                self._open.effects.append(record)
                fresh = fresh or sight.event_visible(record["source"])
            elif kind in ENDS_AN_EVENT:
                self._open = None
            elif self._open is not None:
                self._open.effects.append(record)
        if fresh:
            self.shown_event = 0
            self._stale()
            self.needsAttention.emit()

    def visible_events(self, sight: Sight) -> list[EventPage]:
        """The events this viewer may read (the viewer changes in hot seat)."""
        return [p for p in self.events if sight.event_visible(p.record["event"])]

    def show_event(self, index: int) -> None:
        sight = self.sight()
        pages = self.visible_events(sight)
        self.no_events.setVisible(not pages)
        for widget in (self.event_text, self.newer, self.older, self.where):
            widget.setVisible(bool(pages))
        if not pages:
            self.event_title.setText("Events")
            return
        index = max(0, min(index, len(pages) - 1))
        self.shown_event = index
        page = pages[index]
        record = page.record
        event = self.game.world.events.get(record["event"])
        self.event_title.setText(f"Event: {record['title']}")
        lines = [sentence(sight, r) for r in page.effects]
        happened = "".join(f"<li>{esc(line)}</li>" for line in lines if line)
        text = esc(event.text) if event is not None and event.text else ""
        whose = sight.whose(record.get("side"))
        whose = "your" if whose == "Your" else whose
        self.event_text.setText(
            (f"<p><i>{text}</i></p>" if text else "")
            + (f"<p><b>What happened:</b></p><ul>{happened}</ul>" if happened else "")
            + f"<p style='color:{MUTED}'>Turn {record['turn']}, {esc(whose)} events phase.</p>"
        )
        self.where.setText(f"{index + 1} of {len(pages)}")
        self.newer.setEnabled(index > 0)
        self.older.setEnabled(index < len(pages) - 1)
