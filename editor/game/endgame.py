"""The end of a game: who won and why, VP per side, and how the game went turn by turn.

The charts are drawn from the event log alone (``vp``, ``tension`` and ``eliminated``
records, see docs/rules.md), not from the engine's running totals, so a loaded save or a
log written by ``salient play --headless --log`` tells the same story. Once the game is over
nothing is secret any more, so the screen shows both sides in full.
"""

from __future__ import annotations

import html
import math
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import pyqtgraph as pg
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QFont
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

from engine.outcome import Outcome
from schemas.scenario import Scenario

BAR_WIDTH = 0.8
"""Room taken by one turn's bars (one bar per side, side by side)."""


@dataclass
class Series:
    """A game, turn by turn: turn 0 is the start, turn ``n`` the end of game turn ``n``."""

    turns: list[int]
    vp: dict[str, list[int]]
    """VP of each side at the end of each turn."""
    losses: dict[str, list[int]]
    """Units and leaders each side lost during each turn (0 at turn 0)."""
    tension: list[int] | None = None
    """The tension index at the end of each turn, when the scenario has one."""


def series_from_log(
    records: Iterable[Mapping[str, Any]], scenario: Scenario, sides: list[str]
) -> Series:
    """Rebuild the VP, losses and tension of every turn from the event log."""
    records = list(records)
    last = max((int(r.get("turn", 1)) for r in records), default=1)
    turns = list(range(last + 1))
    start_vp = {s.id: s.start_vp for s in scenario.sides}
    vp = {side: [start_vp.get(side, 0)] * len(turns) for side in sides}
    losses = {side: [0] * len(turns) for side in sides}
    tension = [scenario.tension.start] * len(turns) if scenario.tension is not None else None
    for record in records:
        turn = int(record.get("turn", 1))
        kind = record["type"]
        if kind == "vp" and record.get("side_id") in vp:
            series = vp[record["side_id"]]
            for t in range(turn, len(turns)):
                series[t] = int(record["total"])
        elif kind == "tension" and tension is not None:
            for t in range(turn, len(turns)):
                tension[t] = int(record["total"])
        elif kind == "eliminated" and record.get("owner") in losses:
            losses[record["owner"]][turn] += 1
    return Series(turns, vp, losses, tension)


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

    def _plot(self, key: str, title: str, left: str) -> pg.PlotWidget:
        plot = pg.PlotWidget(background="w")
        plot.setObjectName(f"chart-{key}")
        plot.setMinimumSize(280, 240)
        item = plot.getPlotItem()
        item.setTitle(title, color="#222", size="11pt")
        item.setLabel("bottom", "turn", color="#444")
        item.setLabel("left", left, color="#444")
        item.showGrid(x=False, y=True, alpha=0.25)
        item.setMenuEnabled(False)
        plot.setMouseEnabled(x=False, y=False)
        item.hideButtons()
        for axis in ("left", "bottom"):
            item.getAxis(axis).setTextPen("#333")
            item.getAxis(axis).setPen("#888")
        turns = self.series.turns
        step = max(1, len(turns) // 12)
        item.getAxis("bottom").setTicks([[(t, str(t)) for t in turns[::step]]])
        self.plots[key] = plot
        return plot

    def _vp_chart(self, sides: list[str]) -> pg.PlotWidget:
        plot = self._plot("vp", "Victory points", "VP")
        legend = plot.getPlotItem().addLegend(offset=(-8, 8))
        legend.setLabelTextColor("#222")
        top, bottom = 1, 0
        for side in sides:
            values = self.series.vp[side]
            top = max(top, *values)
            bottom = min(bottom, *values)  # losing places can take a side below 0 VP
            plot.plot(
                self.series.turns,
                values,
                pen=pg.mkPen(self.colours.get(side, "#888"), width=2.5),
                symbol="o",
                symbolSize=6,
                symbolBrush=self.colours.get(side, "#888"),
                name=self.names.get(side, side),
            )
        span = top - bottom
        _whole_numbers(plot, span)
        plot.setYRange(bottom - span * 0.03, top + span * 0.1, padding=0)
        plot.setXRange(0, self.series.turns[-1], padding=0.04)
        return plot

    def _loss_chart(self, sides: list[str]) -> pg.PlotWidget:
        plot = self._plot("losses", "Units lost each turn", "units")
        legend = plot.getPlotItem().addLegend(offset=(-8, 8))
        legend.setLabelTextColor("#222")
        width = BAR_WIDTH / max(1, len(sides))
        top = 1
        for i, side in enumerate(sides):
            colour = QColor(self.colours.get(side, "#888"))
            values = self.series.losses[side]
            top = max(top, *values)
            offset = -BAR_WIDTH / 2 + width * (i + 0.5)
            bars = pg.BarGraphItem(
                x=[t + offset for t in self.series.turns],
                height=values,
                width=width,
                brush=colour,
                pen=pg.mkPen(colour.darker(130)),
            )
            plot.addItem(bars)
            legend.addItem(bars, self.names.get(side, side))
        _whole_numbers(plot, top)
        plot.setYRange(-top * 0.03, top * 1.15, padding=0)
        plot.setXRange(0.5, self.series.turns[-1] + 0.5, padding=0.02)
        return plot

    def _tension_chart(self) -> pg.PlotWidget:
        tension = self.scenario.tension
        assert tension is not None and self.series.tension is not None
        plot = self._plot("tension", tension.name, "index")
        plot.plot(
            self.series.turns,
            self.series.tension,
            pen=pg.mkPen("#6a4c93", width=2.5),
            symbol="o",
            symbolSize=6,
            symbolBrush="#6a4c93",
        )
        top = max(self.series.tension) + 1
        if tension.threshold is not None:  # an index without one never ends the game
            top = max(top, tension.threshold + 1)
            plot.addItem(
                pg.InfiniteLine(
                    tension.threshold,
                    angle=0,
                    pen=pg.mkPen("#c62828", width=1.5, style=Qt.PenStyle.DashLine),
                    label=f"threshold {tension.threshold}",
                    labelOpts={"color": "#c62828", "position": 0.15},
                )
            )
        span = top - tension.minimum
        _whole_numbers(plot, span)
        # A little room under the minimum: a game spent there still shows its line.
        plot.setYRange(tension.minimum - span * 0.04, top, padding=0)
        plot.setXRange(0, self.series.turns[-1], padding=0.04)
        return plot


def _whole_numbers(plot: pg.PlotWidget, top: float) -> None:
    """VP, units and the tension index are counts: ticks at whole numbers only."""
    step = max(1, math.ceil(top / 6))
    plot.getPlotItem().getAxis("left").setTickSpacing(step, step)
