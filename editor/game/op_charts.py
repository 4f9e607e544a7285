"""The statistics charts of a game under the operational rules (OF9), beside the ones both
families share (:mod:`editor.game.charts`): the supply points each side's orders used per
turn (with every pool's total so far in words), and the strength each side lost in battle
per turn. The figures are the engine's
(:func:`engine.wego.op.stats.op_statistics`); importing this module imports pyqtgraph.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pyqtgraph as pg
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor

from editor.game.charts import BAR_WIDTH, start_drawing
from engine.wego.op.stats import POOL_KEYS, OpTurnStats

POOL_STYLES = {
    "ammo": (Qt.PenStyle.SolidLine, "o", "ammunition"),
    "fuel": (Qt.PenStyle.DashLine, "t", "fuel"),
}
"""How each pool drawn is told apart in a side's colour: its line and its point."""
POOL_WORDS = {
    "fuel": "fuel",
    "ammo": "ammunition",
    "personnel": "personnel",
    "equipment": "equipment",
}


def draw_points_used(
    plot: Any,
    stats: list[OpTurnStats],
    turns: list[int],
    sides: list[str],
    style: Mapping[str, tuple[str, str]],
) -> None:
    """Ammunition (solid) and fuel (dashed) each side's supply orders used, turn by turn,
    in the side's colour; only ``sides`` (those whose supply the viewer may know)."""
    legend = start_drawing(plot, turns)
    by_turn = {s.turn: s for s in stats}
    top = 1.0
    played = [t for t in turns if t >= 1]  # nothing is spent before turn 1
    for side in sides:
        colour, name = style.get(side, ("#888", side))
        for pool, (line, symbol, words) in POOL_STYLES.items():
            values = [
                by_turn[t].spent.get(side, {}).get(pool, 0.0) if t in by_turn else 0.0
                for t in played
            ]
            top = max(top, *values)
            curve = plot.plot(
                played,
                values,
                pen=pg.mkPen(colour, width=2.2, style=line),
                symbol=symbol,
                symbolSize=7,
                symbolBrush=colour,
            )
            if legend is not None:
                legend.addItem(curve, f"{name}: {words}")
    plot.setYRange(-top * 0.03, top * 1.3, padding=0)  # room for the legend above
    plot.setXRange(0.5, max(1, turns[-1]) + 0.5, padding=0.02)


def used_words(
    stats: list[OpTurnStats], sides: list[str], style: Mapping[str, tuple[str, str]]
) -> str:
    """Every pool's points used since the game began, a line per side (OF9)."""
    lines = []
    for side in sides:
        total = dict.fromkeys(POOL_KEYS, 0.0)
        for turn in stats:
            for key, value in turn.spent.get(side, {}).items():
                total[key] = total.get(key, 0.0) + value
        name = style.get(side, ("", side))[1]
        used = ", ".join(f"{POOL_WORDS[k]} {total[k]:g}" for k in POOL_KEYS)
        lines.append(f"{name}, used so far: {used}")
    return "\n".join(lines)


def draw_strength_lost(
    plot: Any,
    stats: list[OpTurnStats],
    turns: list[int],
    sides: list[str],
    style: Mapping[str, tuple[str, str]],
) -> None:
    """The strength each side lost in battle each turn, in whole units, side by side."""
    legend = start_drawing(plot, turns)
    by_turn = {s.turn: s for s in stats}
    width = BAR_WIDTH / max(1, len(sides))
    top = 0.5
    for i, side in enumerate(sides):
        colour_name, name = style.get(side, ("#888", side))
        colour = QColor(colour_name)
        values = [by_turn[t].strength_lost.get(side, 0.0) if t in by_turn else 0.0 for t in turns]
        top = max(top, *values)
        offset = -BAR_WIDTH / 2 + width * (i + 0.5)
        bars = pg.BarGraphItem(
            x=[t + offset for t in turns],
            height=values,
            width=width,
            brush=colour,
            pen=pg.mkPen(colour.darker(130)),
        )
        plot.addItem(bars)
        if legend is not None:
            legend.addItem(bars, name)
    plot.setYRange(-top * 0.03, top * 1.15, padding=0)
    plot.setXRange(0.5, max(1, turns[-1]) + 0.5, padding=0.02)
