"""The end of a game: who won and why, VP per side, and how the game went turn by turn.

The charts are drawn from the event log alone (the engine's
:func:`~engine.turn_stats.turn_statistics` and the ``tension`` records), not from the
engine's running totals, so a loaded save or a log written by ``salient play --headless
--log`` tells the same story; :mod:`editor.game.charts` draws them, as it draws the
Statistics panel's. Once the game is over
nothing is secret any more, so the screen shows both sides in full.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable, Mapping
from typing import Any

import pyqtgraph as pg
from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from editor.game.charts import (
    Series,
    draw_losses,
    draw_tension,
    draw_vp,
    new_plot,
    series_from_log,
)
from engine.outcome import Outcome
from schemas.scenario import Scenario

__all__ = ["EndGameScreen", "Series", "series_from_log"]


def _readable_reason(scenario: Scenario, reason: str) -> str:
    """The engine ends a game "ended by" a card or an event's id: name it instead."""
    if not reason.startswith("ended by "):
        return reason
    source = reason.removeprefix("ended by ")
    names = {card.id: card.name for card in scenario.cards}
    names.update({event.id: event.title for event in scenario.events})
    return f"ended by {names.get(source, source)}"


class EndGameScreen(QDialog):
    """Result, VP per side and the charts; a window of its own beside the map."""

    def __init__(
        self,
        scenario: Scenario,
        outcome: Outcome,
        records: Iterable[Mapping[str, Any]],
        sides: list[str],
        *,
        humans: Iterable[str] = (),
        parent: QWidget | None = None,
        leave: tuple[str, Callable[[], None]] | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("end-of-game")
        self.setWindowTitle(f"Game over — {scenario.info.title}")
        self.setModal(False)
        # Within the game window: on a small screen (1024 by 700) a 1040-pixel screen would
        # put its buttons out of reach.
        room = parent.size() if parent is not None else None
        width = min(1040, room.width()) if room is not None else 1040
        height = min(660, room.height()) if room is not None else 660
        self.resize(width, height)
        self.scenario = scenario
        self.series = series_from_log(records, scenario, sides)
        self.colours = {s.id: s.color for s in scenario.sides}
        self.names = {s.id: s.name for s in scenario.sides}
        self.style = {s.id: (s.color, s.name) for s in scenario.sides}
        layout = QVBoxLayout(self)
        layout.setContentsMargins(18, 14, 18, 12)
        layout.setSpacing(10)
        winner = outcome.winner
        self.headline = QLabel(f"{self.names.get(winner, winner)} wins" if winner else "A draw")
        self.headline.setObjectName("headline")
        font = QFont(self.headline.font())
        font.setPointSizeF(font.pointSizeF() * 1.8)
        font.setBold(True)
        self.headline.setFont(font)
        layout.addWidget(self.headline)
        played = outcome.turns_played
        reason = _readable_reason(scenario, outcome.reason)
        detail = f"{reason[:1].upper()}{reason[1:]}" + (
            f" — {played} turn{'s' if played != 1 else ''} played." if played else "."
        )
        self.reason = QLabel(detail)
        self.reason.setWordWrap(True)
        layout.addWidget(self.reason)
        layout.addLayout(self._score_table(outcome, sides, set(humans)))
        charts = QHBoxLayout()
        charts.setSpacing(12)
        self.plots: dict[str, pg.PlotWidget] = {}
        charts.addWidget(self._vp_chart(sides), 1)
        charts.addWidget(self._loss_chart(sides), 1)
        if self.series.tension is not None and scenario.tension is not None:
            charts.addWidget(self._tension_chart(), 1)
        layout.addLayout(charts, 1)
        buttons = QDialogButtonBox()
        show_map = QPushButton("Show the map")
        show_map.setObjectName("show-map")
        show_map.clicked.connect(self.close)
        buttons.addButton(show_map, QDialogButtonBox.ButtonRole.RejectRole)
        if leave is not None:
            text, slot = leave
            self.leave_button = QPushButton(text)
            self.leave_button.setObjectName("leave")
            self.leave_button.clicked.connect(lambda: (self.close(), slot()))
            buttons.addButton(self.leave_button, QDialogButtonBox.ButtonRole.AcceptRole)
        layout.addWidget(buttons)

    # -- the score -------------------------------------------------------------------------------

    def _score_table(self, outcome: Outcome, sides: list[str], humans: set[str]) -> QGridLayout:
        grid = QGridLayout()
        grid.setHorizontalSpacing(18)
        grid.setVerticalSpacing(4)
        for column, title in enumerate(("", "Side", "VP", "Units lost")):
            label = QLabel(f"<b>{title}</b>")
            grid.addWidget(label, 0, column)
        final_vp = outcome.vp
        self.score_rows: dict[str, tuple[QLabel, QLabel]] = {}
        for row, side in enumerate(sides, start=1):
            swatch = QLabel()
            swatch.setFixedSize(16, 16)
            swatch.setStyleSheet(f"background: {self.colours.get(side, '#888')};")
            who = " (you)" if side in humans and len(humans) == 1 else ""
            name = QLabel(html.escape(self.names.get(side, side)) + who)
            vp = QLabel(str(final_vp.get(side, self.series.vp[side][-1])))
            lost = QLabel(str(sum(self.series.losses[side])))
            for label in (vp, lost):
                label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            grid.addWidget(swatch, row, 0)
            grid.addWidget(name, row, 1)
            grid.addWidget(vp, row, 2)
            grid.addWidget(lost, row, 3)
            self.score_rows[side] = (vp, lost)
        grid.setColumnStretch(4, 1)
        return grid

    # -- charts ----------------------------------------------------------------------------------

    def _chart(self, key: str, title: str, left: str) -> pg.PlotWidget:
        plot = new_plot(key, title, left)
        self.plots[key] = plot
        return plot

    def _vp_chart(self, sides: list[str]) -> pg.PlotWidget:
        plot = self._chart("vp", "Victory points", "VP")
        draw_vp(plot, self.series, sides, self.style)
        return plot

    def _loss_chart(self, sides: list[str]) -> pg.PlotWidget:
        plot = self._chart("losses", "Units lost each turn", "units")
        draw_losses(plot, self.series, sides, self.style)
        return plot

    def _tension_chart(self) -> pg.PlotWidget:
        tension = self.scenario.tension
        assert tension is not None
        plot = self._chart("tension", tension.name, "index")
        draw_tension(plot, self.series, self.scenario)
        return plot
