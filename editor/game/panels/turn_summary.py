"""What happened since the player last played (or in any turn, or the whole game), told from
the log: battles won and lost, sieges, places taken, casualties, cards played, VP, events.

It opens by itself at the turn summary phase (the panel asks for attention) and can be read
at any time. Everything goes through the viewer's :class:`~.knowledge.Sight`: the enemy's
losses are counted, not named, and secret events of the other side are left out.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QTextBrowser, QVBoxLayout, QWidget

from editor.game.panels.base import MUTED, SessionPanel, esc, heading
from editor.game.panels.knowledge import Sight, plural
from editor.game.panels.wording import sentence

if TYPE_CHECKING:
    from editor.game.session import GameSession

Record = dict[str, Any]
SINCE_LAST = "since"
WHOLE_GAME = "all"


def player_turn_starts(records: list[Record], side: str) -> list[int]:
    """Indices of the first record of each of ``side``'s player-turns."""
    starts = []
    previous: str | None = None
    for index, record in enumerate(records):
        if record["type"] != "phase":
            continue
        if record.get("side") == side and previous != side:
            starts.append(index)
        previous = record.get("side")
    return starts


def since_last_turn(records: list[Record], side: str, active: str) -> list[Record]:
    """From the start of ``side``'s previous player-turn to now: its own last turn and the
    turns the others played since."""
    starts = player_turn_starts(records, side)
    if not starts:
        return records
    current = starts[-1] if active == side else None
    earlier = [s for s in starts if s != current]
    return records[earlier[-1] :] if earlier else records


def summary_html(sight: Sight, records: list[Record], side: str) -> str:
    """The records as sections of short lines."""
    won, lost, other, sieges, taken, cards, vp, events, arrived = ([] for _ in range(9))
    casualties: dict[str, list[str]] = {}
    for record in records:
        kind = record["type"]
        line = sentence(sight, record)
        if kind == "battle_over" and line:
            if record.get("winner") == side:
                won.append(line)
            elif record.get("loser") == side:
                lost.append(line)
            else:
                other.append(line)
        elif kind in ("siege_over", "siege_roll") and line:
            sieges.append(line)
        elif kind == "captured" and line:
            taken.append(line)
        elif kind == "eliminated":
            casualties.setdefault(record["owner"], []).append(record["unit"])
        elif kind == "card" and line:
            cards.append(line)
        elif kind == "vp" and line:
            vp.append(line)
        elif kind == "event" and line:
            events.append(line.removeprefix("Event: "))
        elif kind == "reinforcement" and line:
            arrived.append(line)
    losses = []
    for owner, units in casualties.items():
        if sight.hostile(owner):
            losses.append(f"{sight.side(owner)} lost {plural(len(units), 'unit')}.")
        else:
            losses.append(f"{sight.side(owner)} lost {sight.units(units)}.")
    sections = [
        ("Victories", won),
        ("Defeats", lost),
        ("Other battles", other),
        ("Sieges", sieges),
        ("Places taken", taken),
        ("Casualties", losses),
        ("Cards played", cards),
        ("Victory points", vp),
        ("Events", events),
        ("Reinforcements", arrived),
    ]
    parts = [
        f"<p style='margin-bottom:2px'><b>{esc(title)}</b></p><ul style='margin-top:0'>"
        + "".join(f"<li>{esc(line)}</li>" for line in lines)
        + "</ul>"
        for title, lines in sections
        if lines
    ]
    if not parts:
        return f"<p style='color:{MUTED}'>Nothing of note happened.</p>"
    return "".join(parts)


class TurnSummary(SessionPanel):
    """The turn summary: since the player's last turn, any one turn, or the whole game."""

    def __init__(self, session: GameSession, parent: QWidget | None = None) -> None:
        super().__init__(session, parent)
        self.title = heading("Turn summary")
        self.period = QComboBox()
        self.period.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.period.currentIndexChanged.connect(lambda _: self.refresh())
        self.scores = QLabel()
        self.scores.setWordWrap(True)
        self.text = QTextBrowser()
        self.text.setOpenLinks(False)
        top = QHBoxLayout()
        top.addWidget(self.title, 1)
        top.addWidget(self.period)
        column = QVBoxLayout(self.body)
        column.addLayout(top)
        column.addWidget(self.scores)
        column.addWidget(self.text, 1)
        self._key: tuple | None = None
        self._turns = 0

    def attention(self) -> object:
        """The turn summary phase of a person: time to read what happened."""
        side = self.session.human_to_act()
        if side is None or self.game.phase != "turn_summary":
            return None
        return (self.game.turn, side)

    def _fill_periods(self) -> None:
        turn = self.game.turn
        if turn == self._turns:
            return
        self._turns = turn
        chosen = self.period.currentData()
        self.period.blockSignals(True)
        self.period.clear()
        self.period.addItem("Since your last turn", SINCE_LAST)
        for number in range(turn, 0, -1):
            self.period.addItem(f"Turn {number}", number)
        self.period.addItem("Whole game", WHOLE_GAME)
        found = self.period.findData(chosen)
        self.period.setCurrentIndex(max(0, found))
        self.period.blockSignals(False)

    def show_period(self, period: str | int) -> None:
        """Show ``"since"`` (the default), a turn number, or ``"all"``."""
        self._fill_periods()
        self.period.setCurrentIndex(max(0, self.period.findData(period)))
        self.refresh()

    def update_view(self) -> None:
        game = self.game
        self._fill_periods()
        side = self.followed_side()
        period = self.period.currentData() or SINCE_LAST
        key = (len(game.log), period, side)
        if key == self._key:
            return
        self._key = key
        records = game.log.records
        if period == SINCE_LAST:
            chosen = since_last_turn(records, side, game.active_side)
        elif period == WHOLE_GAME:
            chosen = records
        else:
            chosen = [r for r in records if r.get("turn") == period]
        sight = self.sight()
        self.title.setText(f"Turn {game.turn}: {game.date.strftime('%d %B %Y').lstrip('0')}")
        self.scores.setText(
            " \u00b7 ".join(
                f"{esc(sight.side(s))}: <b>{game.state.sides[s].vp} VP</b>"
                for s in game.sides_in_play
            )
        )
        self.text.setHtml(summary_html(sight, chosen, side))
