"""What the studio's balance lab shows of a report: the results per side, the charts (the very
pyqtgraph charts of the report's page, live), the table of games, and the comparison with the
run before.
"""

from __future__ import annotations

from html import escape
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QGridLayout,
    QHeaderView,
    QLabel,
    QScrollArea,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from .charts import ENDINGS, PLOTS

CHART_WIDTH = 420
"""The narrowest a chart is drawn in the lab; charts take the window's width, one a row."""


def _pct(rate: dict[str, Any]) -> str:
    if not rate["of"]:
        return "no game"
    return f"{rate['rate']:.0%} ({rate['low']:.0%}-{rate['high']:.0%})"


def summary_html(report: dict[str, Any], comparison: dict[str, Any] | None = None) -> str:
    """The results in a few tables: per side with 95% intervals, length, endings, and how the
    run compares with the one before (``comparison``, from ``engine.lab.report.compare``)."""
    results = report["results"]
    names = {s["id"]: escape(s["name"]) for s in report["sides"]}
    colours = {s["id"]: escape(s.get("color") or "#777") for s in report["sides"]}
    parts = [
        f"<p>{results['games']} games of {report['requested']} asked for, AI level "
        f"<b>{escape(report['levels'])}</b>: {results['decisive']} decisive, "
        f"{results['draws']} drawn, {results['stopped']} stopped.</p>"
    ]
    if report["failed"]:
        seeds = ", ".join(str(f["seed"]) for f in report["failed"])
        parts.append(f"<p style='color:#9a3412'>Games that failed: seeds {seeds}.</p>")
    if not results["games"]:
        return "".join(parts)
    rows = "".join(
        f"<tr><td><span style='color:{colours[side]}'>■</span> {names[side]}</td>"
        f"<td align=right>{_pct(e['win'])}</td><td align=right>{_pct(e['loss'])}</td>"
        f"<td align=right>{_pct(e['draw'])}</td><td align=right>{_pct(e['of_decisive'])}</td></tr>"
        for side, e in results["sides"].items()
    )
    parts.append(
        "<table cellspacing=0 cellpadding=3><tr><th align=left>side</th><th>won</th>"
        "<th>lost</th><th>drawn</th><th>of decisive games</th></tr>"
        f"{rows}</table><p style='color:#666'>In brackets: 95% Wilson intervals.</p>"
    )
    length = report["length"]
    parts.append(
        f"<p>Length: median {length['median']:g} turns (from {length['min']} to "
        f"{length['max']}; {report['scenario']['turns']} in the calendar).</p>"
    )
    endings = ", ".join(
        f"{escape(ENDINGS.get(kind, kind))} {rate['rate']:.0%}"
        for kind, rate in report["endings"]["kinds"].items()
    )
    parts.append(f"<p>Endings: {endings}.</p>")
    if comparison is not None:
        parts.append(comparison_html(comparison))
    return "".join(parts)


def comparison_html(comparison: dict[str, Any]) -> str:
    """Did the edit move each side's win rate beyond noise, on the seeds both runs played?"""
    names = comparison["side_names"]
    rows = []
    for side, entry in comparison["sides"].items():
        verdict = (
            "<span style='color:#9a3412'>moved beyond noise</span>"
            if entry["significant"]
            else "<span style='color:#166534'>within noise</span>"
        )
        rows.append(
            f"<tr><td>{escape(names.get(side, side))}</td>"
            f"<td align=right>{_pct(entry['before'])}</td>"
            f"<td align=right>{_pct(entry['after'])}</td>"
            f"<td align=right>{entry['change']:+.1%}</td>"
            f"<td align=right>{entry['p_value']:.3f}</td><td>{verdict}</td></tr>"
        )
    return (
        "<h3>Compared with the last run</h3>"
        f"<p>{comparison['seeds']} seeds played by both versions; "
        f"{comparison['games_with_another_winner']} ended with another winner.</p>"
        "<table cellspacing=0 cellpadding=3><tr><th align=left>side</th><th>won before</th>"
        "<th>won now</th><th>change</th><th>p-value</th><th></th></tr>"
        + "".join(rows)
        + "</table><p style='color:#666'>Two-proportion test at the 5% level: a change "
        "within noise may still be real, only too small to tell with this many games.</p>"
    )


class ChartsPane(QScrollArea):
    """The report's charts as live pyqtgraph widgets, one a row at the pane's width (two side
    by side cut titles and legends short in a window of ordinary size)."""

    def __init__(self) -> None:
        super().__init__()
        self.setWidgetResizable(True)
        self.plots: dict[str, QWidget] = {}
        self._set_content(QLabel("Run the lab to see its charts."))

    def _set_content(self, widget: QWidget) -> None:
        old = self.takeWidget()
        if old is not None:
            old.deleteLater()
        self.setWidget(widget)

    def show_report(self, report: dict[str, Any]) -> None:
        holder = QWidget()
        grid = QGridLayout(holder)
        grid.setSpacing(8)
        self.plots = {}
        for name, (_caption, build) in PLOTS.items():
            plot = build(report)
            if plot is None:
                continue
            plot.setMinimumSize(CHART_WIDTH, min(plot.height(), 520))
            plot.setObjectName(f"chart-{name}")
            grid.addWidget(plot, len(self.plots), 0)
            self.plots[name] = plot
        if not self.plots:
            grid.addWidget(QLabel("Nothing to chart: no game was played."), 0, 0)
        grid.setRowStretch(grid.rowCount(), 1)
        self._set_content(holder)


COLUMNS = ("seed", "winner", "turns", "VP margin", "how it ended", "CPU s")


class GamesTable(QTableWidget):
    """One row per game; double-click (or Enter) asks to open the game in the game view."""

    openRequested = Signal(int)
    """The seed of the game to open."""

    def __init__(self) -> None:
        super().__init__(0, len(COLUMNS))
        self.setHorizontalHeaderLabels(list(COLUMNS))
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.verticalHeader().setVisible(False)
        self.horizontalHeader().setSectionResizeMode(4, QHeaderView.ResizeMode.Stretch)
        self.setToolTip("Double-click a game to watch it in the game view, at its seed")
        # Not ``activated``: it also fires on a double-click (the game would open twice), and
        # on a single click where the desktop asks for single-click activation.
        self.cellDoubleClicked.connect(lambda row, _column: self._open(row))

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self.currentRow() >= 0:
            self._open(self.currentRow())
            return
        super().keyPressEvent(event)

    def show_report(self, report: dict[str, Any]) -> None:
        names = {s["id"]: s["name"] for s in report["sides"]}
        self.setSortingEnabled(False)
        self.setRowCount(len(report["games"]))
        for row, game in enumerate(report["games"]):
            winner = names.get(game["winner"], game["winner"]) if game["winner"] else "draw"
            if game["result"] == "stopped":
                winner = "stopped"
            cells = [
                game["seed"],
                winner,
                game["turns"],
                game["margin"],
                game["reason"],
                game["cpu_s"],
            ]
            for column, value in enumerate(cells):
                item = QTableWidgetItem()
                item.setData(Qt.ItemDataRole.DisplayRole, value)
                if column == 0:
                    item.setData(Qt.ItemDataRole.UserRole, game["seed"])
                self.setItem(row, column, item)
        self.setSortingEnabled(True)
        self.resizeColumnsToContents()

    def seed_at(self, row: int) -> int | None:
        item = self.item(row, 0)
        return None if item is None else int(item.data(Qt.ItemDataRole.UserRole))

    def _open(self, row: int) -> None:
        seed = self.seed_at(row)
        if seed is not None:
            self.openRequested.emit(seed)


class SummaryPane(QWidget):
    def __init__(self) -> None:
        super().__init__()
        layout = QVBoxLayout(self)
        self.text = QLabel("Set the games and the AI level, then press Run.")
        self.text.setWordWrap(True)
        self.text.setTextFormat(Qt.TextFormat.RichText)
        self.text.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout.addWidget(self.text)
        layout.addStretch(1)
