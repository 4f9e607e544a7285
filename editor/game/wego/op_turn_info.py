"""The turn information of an operational game (OF8), in a tab of its own beside Victory:
per ended turn, newest first, what the log records of the turn's off-map war and arrivals:
each asset mission flown and when the asset is back, the air war's counter-air counts and
advantages, interdiction's toll on the enemy's supply and LOC range, AA fire at the assets,
bombardments, the reinforcements that arrived, the units and assets withdrawn, and the
actions of the viewer's own plan sealed by commitment that the rules refused at its reveal
(:mod:`.plan_dropped`). The lines are the log's own words (:mod:`editor.game.panels.op_words`),
from the records the viewer may read (:func:`engine.wego.views.visible_records`); the
hand-over screen hides them.
"""

from __future__ import annotations

from collections import defaultdict
from html import escape

from PySide6.QtWidgets import QTextBrowser, QVBoxLayout, QWidget

from editor.game.panels.knowledge import Sight
from editor.game.panels.op_words import OP_SENTENCES
from editor.game.panels.wording import sentence
from editor.game.session import GameSession
from editor.game.wego.plan_dropped import KIND as DROPPED
from editor.game.wego.plan_dropped import dropped_sentence
from engine.wego.views import visible_records

KINDS = frozenset({*OP_SENTENCES, "reinforcement", "withdrawn", DROPPED})
"""The records the tab tells."""


class TurnInfoPanel(QWidget):
    """The turn information (see the module docstring)."""

    def __init__(self, session: GameSession) -> None:
        super().__init__()
        self.setObjectName("op-turn-info")
        self.session = session
        self.text = QTextBrowser()
        self.text.setObjectName("op-turn-info-text")
        self.text.setOpenLinks(False)
        column = QVBoxLayout(self)
        column.setContentsMargins(4, 4, 4, 4)
        column.addWidget(self.text)
        self.lines: dict[int, list[str]] = {}
        """The lines shown, by turn."""
        self.hidden = False
        self._key: tuple[object, ...] | None = None
        session.changed.connect(self.refresh)
        session.toAct.connect(lambda _s: self.refresh())
        self.refresh()

    def set_hidden(self, hidden: bool) -> None:
        """Hot seat: nothing shows while the board is handed over."""
        self.hidden = hidden
        self.refresh()

    def refresh(self) -> None:
        game = self.session.game
        viewer = self.session.viewer
        records = game.log.records
        key = (len(records), viewer, self.hidden)
        if key == self._key:
            return
        self._key = key
        if self.hidden:
            self.lines = {}
            self.text.setHtml("<p>Hidden while the computer changes hands.</p>")
            return
        seen = visible_records(records, viewer) if viewer is not None else list(records)
        sight = Sight(game, viewer)
        lines: dict[int, list[str]] = defaultdict(list)
        for record in seen:
            if record.get("type") not in KINDS:
                continue
            kind = record.get("type")
            line = dropped_sentence(sight, record) if kind == DROPPED else sentence(sight, record)
            if line:
                lines[int(record.get("turn", 0))].append(line)
        self.lines = dict(lines)
        if not lines:
            self.text.setHtml(
                "<p>Nothing yet: the assets' missions, the air war, interdiction and the "
                "reinforcements of each turn show here once it has been played.</p>"
            )
            return
        parts = []
        for turn in sorted(lines, reverse=True):
            items = "".join(f"<li>{escape(line)}</li>" for line in lines[turn])
            parts.append(f"<h4>Turn {turn}</h4><ul>{items}</ul>")
        self.text.setHtml("".join(parts))
