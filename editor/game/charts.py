"""The game's charts over time (VP, units lost, supply, the tension index), drawn with
pyqtgraph for the end-of-game screen and the Statistics panel alike.

The figures come from :func:`engine.turn_stats.turn_statistics` (the engine reads them from
the event log, for both turn systems); this module only lays them out per turn and draws
them. Importing it imports pyqtgraph (about 0.4 s): the game window imports it when a chart
is first needed, never on Play.

Each ``draw_*`` function clears its plot and draws it again, so a chart that follows the
game is redrawn in place as turns end.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

import pyqtgraph as pg
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor

from engine.turn_stats import tension_by_turn, turn_statistics
from engine.wego.film import TurnStats
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
    supply: dict[str, dict[int, dict[str, int]]] = field(default_factory=dict)
    """Per side, per turn with a supply check: the check's counts (``supplied``,
    ``by_logistics``, ``unsupplied``, ``units_unsupplied``)."""


def series_of(
    stats: list[TurnStats],
    scenario: Scenario,
    sides: list[str],
    *,
    tension: list[int] | None = None,
    last_turn: int | None = None,
) -> Series:
    """Lay the engine's per-turn totals out for charts: turn 0 holds the starting VP, and
    the cumulative losses become losses during each turn. ``last_turn`` stretches the axis
    (a finished game without records in its last turns)."""
    last = max([s.turn for s in stats] + [last_turn or 0])
    turns = list(range(last + 1))
    start_vp = {s.id: s.start_vp for s in scenario.sides}
    vp = {side: [start_vp.get(side, 0)] * len(turns) for side in sides}
    total = {side: [0] * len(turns) for side in sides}
    supply: dict[str, dict[int, dict[str, int]]] = {side: {} for side in sides}
    for stat in stats:
        for side in sides:
            for t in range(stat.turn, len(turns)):
                vp[side][t] = stat.vp.get(side, vp[side][t])
                total[side][t] = stat.losses.get(side, total[side][t])
            if side in stat.supply:
                supply[side][stat.turn] = dict(stat.supply[side])
    losses = {
        side: [0] + [values[t] - values[t - 1] for t in range(1, len(turns))]
        for side, values in total.items()
    }
    if tension is not None:
        tension = (tension + [tension[-1]] * len(turns))[: len(turns)]
    return Series(turns, vp, losses, tension, supply)


def series_from_log(
    records: Iterable[Mapping[str, Any]], scenario: Scenario, sides: list[str]
) -> Series:
    """The series of a whole game (its last turn counts as ended) from its event log."""
    records = list(records)
    stats = turn_statistics(records, scenario, finished=True)
    last = max((int(r.get("turn", 1)) for r in records), default=1)
    return series_of(
        stats, scenario, sides, tension=tension_by_turn(records, scenario, last), last_turn=last
    )


# -- drawing ---------------------------------------------------------------------------------------


def new_plot(
    key: str,
    title: str,
    left: str,
    *,
    minimum: tuple[int, int] = (280, 240),
    legend: bool = True,
) -> Any:
    """An empty chart with the game's look: white, titled, no mouse zoom, no menu; with a
    legend of the sides unless ``legend`` is false (where the colours are named beside the
    chart, and a legend in a small chart would cover its bars)."""
    plot = pg.PlotWidget(background="w")
    plot.setObjectName(f"chart-{key}")
    plot.setMinimumSize(*minimum)
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
    if legend:
        item.addLegend(offset=(-8, 8)).setLabelTextColor("#222")
    return plot


def start_drawing(plot: Any, turns: list[int]) -> Any:
    """Clear the plot (and its legend) for a new drawing; returns the legend, if any."""
    item = plot.getPlotItem()
    item.clear()
    legend = item.legend
    if legend is not None:
        legend.clear()
    step = max(1, math.ceil(len(turns) / 12))
    item.getAxis("bottom").setTicks([[(t, str(t)) for t in turns[::step]]])
    return legend


def draw_vp(
    plot: Any, series: Series, sides: list[str], style: Mapping[str, tuple[str, str]]
) -> None:
    """VP of each side at the end of each turn, one line per side. ``style``: side id to
    (colour, name)."""
    start_drawing(plot, series.turns)
    top, bottom = 1, 0
    for side in sides:
        colour, name = style.get(side, ("#888", side))
        values = series.vp[side]
        top = max(top, *values)
        bottom = min(bottom, *values)  # losing places can take a side below 0 VP
        plot.plot(
            series.turns,
            values,
            pen=pg.mkPen(colour, width=2.5),
            symbol="o",
            symbolSize=6,
            symbolBrush=colour,
            name=name,
        )
    span = top - bottom
    _whole_numbers(plot, span)
    # Room under the lowest value: a line at 0 VP stays clear of the axis.
    plot.setYRange(bottom - span * 0.08, top + span * 0.1, padding=0)
    plot.setXRange(0, max(1, series.turns[-1]), padding=0.04)


def draw_losses(
    plot: Any, series: Series, sides: list[str], style: Mapping[str, tuple[str, str]]
) -> None:
    """Units and leaders each side lost during each turn, side by side bars."""
    legend = start_drawing(plot, series.turns)
    width = BAR_WIDTH / max(1, len(sides))
    top = 1
    for i, side in enumerate(sides):
        colour_name, name = style.get(side, ("#888", side))
        colour = QColor(colour_name)
        values = series.losses[side]
        top = max(top, *values)
        offset = -BAR_WIDTH / 2 + width * (i + 0.5)
        bars = pg.BarGraphItem(
            x=[t + offset for t in series.turns],
            height=values,
            width=width,
            brush=colour,
            pen=pg.mkPen(colour.darker(130)),
        )
        plot.addItem(bars)
        if legend is not None:
            legend.addItem(bars, name)
    _whole_numbers(plot, top)
    plot.setYRange(-top * 0.03, top * 1.15, padding=0)
    plot.setXRange(0.5, max(1, series.turns[-1]) + 0.5, padding=0.02)


SUPPLY_SHADES = (("supplied", 60), ("by_logistics", 150), ("unsupplied", 255))
"""How the parts of a side's supply bar are shaded: alpha of the side's colour."""


def draw_supply(
    plot: Any, series: Series, sides: list[str], style: Mapping[str, tuple[str, str]]
) -> None:
    """Each side's stacks at each supply check, one stacked bar per side and turn: pale in
    supply, half-tone fed by their own logistics, solid cut off (with a red outline)."""
    legend = start_drawing(plot, series.turns)
    shown = [side for side in sides if series.supply.get(side)]
    width = BAR_WIDTH / max(1, len(shown))
    top = 1
    for i, side in enumerate(shown):
        colour_name, name = style.get(side, ("#888", side))
        checks = series.supply[side]
        turns = sorted(checks)
        offset = -BAR_WIDTH / 2 + width * (i + 0.5)
        base = [0] * len(turns)
        for part, alpha in SUPPLY_SHADES:
            heights = [checks[t].get(part, 0) for t in turns]
            if not any(heights):
                continue
            colour = QColor(colour_name)
            colour.setAlpha(alpha)
            edge = QColor("#c62828") if part == "unsupplied" else QColor(colour_name).darker(130)
            bars = pg.BarGraphItem(
                x=[t + offset for t in turns],
                y0=list(base),
                height=heights,
                width=width,
                brush=colour,
                pen=pg.mkPen(edge, width=1.5 if part == "unsupplied" else 1),
            )
            plot.addItem(bars)
            if part == "supplied" and legend is not None:
                legend.addItem(bars, name)
            base = [b + h for b, h in zip(base, heights, strict=True)]
        top = max([top, *base])
    _whole_numbers(plot, top)
    plot.setYRange(-top * 0.03, top * 1.15, padding=0)
    plot.setXRange(0.5, max(1, series.turns[-1]) + 0.5, padding=0.02)


def draw_tension(plot: Any, series: Series, scenario: Scenario) -> None:
    """The tension index at the end of each turn, with its threshold when it has one."""
    start_drawing(plot, series.turns)
    tension = scenario.tension
    assert tension is not None and series.tension is not None
    plot.plot(
        series.turns,
        series.tension,
        pen=pg.mkPen("#6a4c93", width=2.5),
        symbol="o",
        symbolSize=6,
        symbolBrush="#6a4c93",
    )
    top = max(series.tension) + 1
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
    plot.setXRange(0, max(1, series.turns[-1]), padding=0.04)


def _whole_numbers(plot: Any, top: float) -> None:
    """VP, units, stacks and the tension index are counts: ticks at whole numbers only."""
    step = max(1, math.ceil(top / 6))
    plot.getPlotItem().getAxis("left").setTickSpacing(step, step)
