"""The balance report's charts, drawn with pyqtgraph: live widgets in the studio's balance
lab, and the same widgets saved as PNG images for the report's page.

Each ``*_plot`` function takes the report (``engine.lab.report``) and builds one chart as a
``pg.PlotWidget``, or returns ``None`` when the report has nothing to show in it (no card was
ever played...). :data:`PLOTS` lists them; the studio shows the widgets as they are, and
:func:`chart_png` / :func:`render_all` render them to PNG. They need a ``QApplication``;
:func:`render_all` makes one if there is none, and commands run Qt offscreen, so charts are
made on machines without a display.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QBuffer, QByteArray, QIODevice
from PySide6.QtGui import QColor, QFontMetrics

WIDTH, HEIGHT = 760, 380
INK, GRID = "#222222", "#888888"
HEAT = pg.ColorMap([0.0, 0.35, 0.7, 1.0], ["#fbf7ef", "#f3c05a", "#d9541e", "#6b1010"])
ENDINGS = {
    "sudden_death": "sudden death",
    "tension": "tension index reached",
    "victory_level": "victory level reached",
    "last_turn": "last turn played",
    "effect": "ended by a card or event",
    "other": "other",
    "stopped": "stopped (too many actions)",
}
"""How each kind of ending (``engine.lab.record.ending``) is written."""
MOST_REGIONS = 30
"""The heatmap shows the regions captured most; a large map's others would be unreadable."""


def _plot(title: str, left: str, bottom: str, height: int = HEIGHT) -> pg.PlotWidget:
    plot = pg.PlotWidget(background="w")
    plot.resize(WIDTH, height)
    item = plot.getPlotItem()
    item.setTitle(title, color=INK, size="12pt")
    item.setLabel("left", left, color=INK)
    item.setLabel("bottom", bottom, color=INK)
    item.showGrid(x=False, y=True, alpha=0.25)
    item.hideButtons()
    item.setMenuEnabled(False)
    for axis in ("left", "bottom"):
        item.getAxis(axis).setTextPen(INK)
        item.getAxis(axis).setPen(GRID)
    return plot


def _png(plot: pg.PlotWidget) -> bytes:
    # The widget renders itself (laid out at its size, never shown): pyqtgraph's image
    # exporter works on a scene that was never laid out and cuts the title off.
    image = plot.grab().toImage()
    plot.close()
    plot.deleteLater()
    return image_png(image)


def image_png(image: Any) -> bytes:
    """A ``QImage`` as PNG bytes."""
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")
    buffer.close()
    return bytes(data.data())


def _colours(report: dict[str, Any]) -> dict[str, str]:
    return {s["id"]: s.get("color") or "#777777" for s in report["sides"]}


def _names(report: dict[str, Any]) -> dict[str, str]:
    return {s["id"]: s["name"] for s in report["sides"]}


def _ticks(
    plot: pg.PlotWidget, labels: list[str], axis: str = "bottom", offset: float = 0.0
) -> None:
    """Name the positions 0, 1, 2... of an axis; a left axis is made wide enough for the
    longest name (pyqtgraph does not widen it for text ticks of a widget never shown)."""
    item = plot.getPlotItem().getAxis(axis)
    item.setTicks([[(i + offset, label) for i, label in enumerate(labels)]])
    if axis == "left":
        metrics = QFontMetrics(
            item.font() if item.style.get("tickFont") is None else item.style["tickFont"]
        )
        item.setWidth(min(320, 16 + max((metrics.horizontalAdvance(t) for t in labels), default=0)))


def _bars_with_intervals(
    plot: pg.PlotWidget, x: list[float], rates: list[dict[str, Any]], colour: str, width: float
) -> pg.BarGraphItem:
    values = np.array([r["rate"] for r in rates])
    low = values - np.array([r["low"] for r in rates])
    high = np.array([r["high"] for r in rates]) - values
    bars = pg.BarGraphItem(
        x=x, height=values, width=width, brush=colour, pen=QColor(colour).darker()
    )
    plot.addItem(bars)
    plot.addItem(
        pg.ErrorBarItem(
            x=np.array(x), y=values, top=high, bottom=low, beam=width * 0.4, pen=pg.mkPen(INK)
        )
    )
    return bars


def results_plot(report: dict[str, Any]) -> pg.PlotWidget | None:
    """Wins, losses and draws of each side, with 95% intervals."""
    per_side = report["results"]["sides"]
    if not report["results"]["games"]:
        return None
    sides = list(per_side)
    names, colours = _names(report), _colours(report)
    plot = _plot(
        "Won (side colour), lost and drawn, with 95% Wilson intervals", "share of games", ""
    )
    legend = plot.getPlotItem().addLegend(offset=(-10, 10))
    legend.setLabelTextColor(INK)
    width = 0.26
    for k, (key, label) in enumerate((("win", "won"), ("loss", "lost"), ("draw", "drawn"))):
        xs = [i + (k - 1) * width for i in range(len(sides))]
        rates = [per_side[s][key] for s in sides]
        if key == "win":
            for x, side, rate in zip(xs, sides, rates, strict=True):
                _bars_with_intervals(plot, [x], [rate], colours[side], width * 0.9)
        else:
            colour = "#7d7d7d" if key == "loss" else "#d8d2c4"
            legend.addItem(_bars_with_intervals(plot, xs, rates, colour, width * 0.9), label)
    _ticks(plot, [names[s] for s in sides])
    plot.setYRange(0, 1.05, padding=0)
    plot.setXRange(-0.6, len(sides) - 0.4, padding=0)
    return plot


def vp_plot(report: dict[str, Any]) -> pg.PlotWidget | None:
    """VP at the end of each turn: the median line and the 10-90% band per side."""
    data = report["vp_by_turn"]
    turns = np.array(data["turns"], dtype=float)
    if not report["results"]["games"] or not len(turns):
        return None
    names, colours = _names(report), _colours(report)
    plot = _plot("VP by turn (median, 10-90% band)", "VP", "turn")
    legend = plot.getPlotItem().addLegend(offset=(10, 10))
    legend.setLabelTextColor(INK)
    for side in (s["id"] for s in report["sides"]):
        series = data[side]
        count = len(series["median"])
        colour = QColor(colours[side])
        band = QColor(colour)
        band.setAlpha(60)
        low = pg.PlotDataItem(turns[:count], series["p10"], pen=pg.mkPen(band))
        high = pg.PlotDataItem(turns[:count], series["p90"], pen=pg.mkPen(band))
        plot.addItem(low)
        plot.addItem(high)
        plot.addItem(pg.FillBetweenItem(low, high, brush=band))
        plot.plot(
            turns[:count], series["median"], pen=pg.mkPen(colour, width=2.5), name=names[side]
        )
    return plot


def length_plot(report: dict[str, Any]) -> pg.PlotWidget | None:
    """How many games lasted how many turns."""
    histogram = report["length"]["histogram"]
    if not histogram:
        return None
    plot = _plot("Game length", "games", "turns played")
    xs = [int(t) for t in histogram]
    plot.addItem(pg.BarGraphItem(x=xs, height=list(histogram.values()), width=0.8, brush="#6f8fb3"))
    plot.setXRange(0.4, max(report["scenario"]["turns"], *xs) + 0.6, padding=0)
    return plot


def losses_plot(report: dict[str, Any]) -> pg.PlotWidget | None:
    """Units lost per game, by side and unit type."""
    losses = report["losses"]
    types = sorted({t for side in losses.values() for t in side["per_game"]})
    if not types:
        return None
    names, colours = _names(report), _colours(report)
    plot = _plot("Units lost per game, by type", "units per game", "")
    legend = plot.getPlotItem().addLegend(offset=(-10, 10))
    legend.setLabelTextColor(INK)
    sides = list(losses)
    width = 0.8 / max(1, len(sides))
    for k, side in enumerate(sides):
        xs = [i - 0.4 + width * (k + 0.5) for i in range(len(types))]
        heights = [losses[side]["per_game"].get(t, 0.0) for t in types]
        bars = pg.BarGraphItem(x=xs, height=heights, width=width * 0.9, brush=colours[side])
        plot.addItem(bars)
        legend.addItem(bars, names[side])
    _ticks(plot, types)
    return plot


def endings_plot(report: dict[str, Any]) -> pg.PlotWidget | None:
    """How games ended: each sudden-death rule on its own, then the other ways."""
    endings = report["endings"]
    labels, values = [], []
    for rule, entry in endings["sudden_death"].items():
        labels.append(f"sudden death: {rule}")
        values.append(entry["rate"]["rate"])
    for kind, rate in endings["kinds"].items():
        if kind != "sudden_death":
            labels.append(ENDINGS.get(kind, kind))
            values.append(rate["rate"])
    if not labels or not report["results"]["games"]:
        return None
    plot = _plot("How games ended", "", "share of games", height=max(220, 60 + 34 * len(labels)))
    ys = list(range(len(labels)))
    plot.addItem(pg.BarGraphItem(x0=0, y=ys, width=values, height=0.7, brush="#8c6bb1"))
    _ticks(plot, labels, axis="left")
    plot.getPlotItem().getViewBox().invertY(True)
    plot.setXRange(0, 1.0, padding=0.02)
    return plot


def cards_plot(report: dict[str, Any]) -> pg.PlotWidget | None:
    """Each card played at least once: its side's win rate when played minus when not."""
    cards = [(cid, c) for cid, c in report["cards"].items() if c["games"]]
    if not cards:
        return None
    cards.sort(key=lambda item: item[1]["association"])
    colours = _colours(report)
    labels = [c["name"] for _cid, c in cards]
    plot = _plot(
        "Cards: side's win rate when played minus when not",
        "",
        "difference in win rate",
        height=max(240, 60 + 22 * len(cards)),
    )
    for y, (_cid, card) in enumerate(cards):
        plot.addItem(
            pg.BarGraphItem(
                x0=[min(0.0, card["association"])],
                y=[y],
                width=[abs(card["association"])],
                height=0.7,
                brush=colours.get(card["side"], "#777777"),
            )
        )
    _ticks(plot, labels, axis="left")
    plot.setXRange(-1, 1, padding=0.02)
    return plot


def captures_plot(report: dict[str, Any]) -> pg.PlotWidget | None:
    """Captures per game of the regions taken most, turn by turn."""
    data = report["captures"]
    if not data["regions"]:
        return None
    per_game = data["per_game"]
    keep = sorted(data["regions"], key=lambda r: (-per_game[r], r))[:MOST_REGIONS]
    rows = {r: i for i, r in enumerate(data["regions"])}
    matrix = np.array([data["matrix"][rows[r]] for r in keep], dtype=float)
    top = float(matrix.max()) or 1.0
    plot = _plot(
        "Captures per game by region and turn", "", "turn", height=max(260, 70 + 18 * len(keep))
    )
    image = pg.ImageItem(matrix.T)
    image.setColorMap(HEAT)
    image.setLevels((0.0, top))
    plot.addItem(image)
    turns = data["turns"]
    step = max(1, len(turns) // 15)
    plot.getPlotItem().getAxis("bottom").setTicks(
        [[(i + 0.5, str(t)) for i, t in enumerate(turns)][::step]]
    )
    names = data.get("names", {})
    _ticks(plot, [names.get(r, r) for r in keep], axis="left", offset=0.5)
    plot.getPlotItem().getViewBox().invertY(True)
    plot.setXRange(0, len(turns), padding=0)
    plot.setYRange(0, len(keep), padding=0)
    plot.getPlotItem().showGrid(x=False, y=False)
    return plot


PLOTS: dict[str, tuple[str, Callable[[dict[str, Any]], pg.PlotWidget | None]]] = {
    "results": ("Results", results_plot),
    "vp": ("VP by turn", vp_plot),
    "length": ("Game length", length_plot),
    "endings": ("Endings", endings_plot),
    "losses": ("Losses", losses_plot),
    "captures": ("Captures", captures_plot),
    "cards": ("Cards", cards_plot),
}
"""Every chart of the report by name, with its caption and the function building it."""


def chart_png(name: str, report: dict[str, Any]) -> bytes | None:
    """The chart ``name`` of ``report`` as PNG bytes (``None``: nothing to show)."""
    plot = PLOTS[name][1](report)
    return None if plot is None else _png(plot)


def _png_of(name: str) -> Callable[[dict[str, Any]], bytes | None]:
    return lambda report: chart_png(name, report)


CHARTS: dict[str, tuple[str, Callable[[dict[str, Any]], bytes | None]]] = {
    name: (caption, _png_of(name)) for name, (caption, _build) in PLOTS.items()
}
"""Every chart of the report by file name, with its caption and its PNG maker."""


def render_all(report: dict[str, Any], scenario: Any = None) -> dict[str, bytes]:
    """Every chart that has something to show, as PNG bytes by name; with the ``scenario``,
    also the map painted by how often each region changed hands (``capture_map``)."""
    pg.mkQApp()
    pg.setConfigOptions(antialias=True)
    out = {}
    for name in PLOTS:
        png = chart_png(name, report)
        if png is not None:
            out[name] = png
    if scenario is not None:
        from .capture_map import capture_map

        png = capture_map(scenario, report)
        if png is not None:
            out["capture_map"] = png
    return out
