"""Statistics over time, during the game: VP per side, units lost per side and the stacks
in and out of supply at each supply check, charted turn by turn and redrawn as turns end.

The figures are the engine's (:func:`engine.turn_stats.turn_statistics`, read from the event
log, for IGOUGO and WEGO games alike); the charts are the end-of-game screen's
(:mod:`editor.game.charts`). pyqtgraph costs about 0.4 s to import, so the charts are made
the first time the panel is on screen, never on Play. Like every panel, a hidden one only
notes it is out of date; a shown one redraws only when a turn has ended (or the game, or
the viewer changed), not on every action.

The fog of war holds: VP and units lost are known to every side (the turn summary counts the
enemy's losses too), but how an enemy's supply stands is not, so the supply chart shows the
viewer's side only until the game is over.

A game of the operational rules has no supply check of stacks: its supply chart gives way to
the ammunition and fuel each side's supply orders used and the strength it lost in battle,
turn by turn (OF9, :func:`engine.wego.op.stats.op_statistics`, drawn by
:mod:`editor.game.op_charts`), and "Cut off" counts its units Isolated or Encircled at the
last turn's end. The points used are the side's plan: the enemy's show once the game is over.
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtGui import QPaintEvent
from PySide6.QtWidgets import QGridLayout, QLabel, QScrollArea, QVBoxLayout, QWidget

from editor.game.panels.base import SessionPanel, muted
from engine.turn_stats import tension_by_turn, turn_statistics
from engine.wego import family

if TYPE_CHECKING:
    from editor.game.charts import Series
    from editor.game.session import GameSession

CHART_HEIGHT = 170
"""Each chart's least height. Charts share the room shown two at a time (the others a scroll
away): grown to fill the column of docks, the first one took all of it."""


class StatsPanel(SessionPanel):
    """VP, losses, supply (and the tension index) per turn so far."""

    def __init__(self, session: GameSession, parent: QWidget | None = None) -> None:
        super().__init__(session, parent)
        self.setObjectName("panel-stats")
        self.plots: dict[str, Any] = {}
        """The charts by key (``vp``, ``losses``, ``supply``, ``tension``), once made."""
        self.series: Series | None = None
        self.total_labels: dict[str, list[QLabel]] = {}
        """Per side: the VP, lost and cut-off figures of the table above the charts."""
        self._drawn: tuple[object, ...] | None = None
        self.op_cut: dict[str, str] = {}
        """Operational rules: per side whose supply the viewer knows, its units Isolated or
        Encircled at the last turn's end, of all its units ("2 of 40")."""
        self.op_hidden = False
        """Operational rules: the enemy's points used are left out (the game goes on)."""
        self.points_used = QLabel()
        """Operational rules: every pool's points used so far, per side whose supply the
        viewer knows (OF9: personnel and equipment too, which the chart leaves out)."""
        self.op_stats: list[Any] = []
        """Operational rules: the engine's figures of every ended turn (for tests and tools)."""
        layout = QVBoxLayout(self.body)
        layout.setContentsMargins(8, 6, 8, 6)
        layout.setSpacing(6)
        self.note = muted()
        self.note.setObjectName("stats-note")
        self.note.setWordWrap(True)
        self.totals = QGridLayout()
        self.totals.setHorizontalSpacing(14)
        self.totals.setVerticalSpacing(2)
        layout.addWidget(self.note)
        layout.addLayout(self.totals)
        self.charts = QWidget()
        self.charts.setObjectName("stats-charts")
        self.chart_column = QVBoxLayout(self.charts)
        self.chart_column.setContentsMargins(0, 0, 0, 0)
        self.chart_column.setSpacing(8)
        self.scroll = scroll = QScrollArea()
        scroll.setObjectName("stats-scroll")
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setWidget(self.charts)
        scroll.viewport().installEventFilter(self)
        layout.addWidget(scroll, 1)

    # -- reading ----------------------------------------------------------------------------------

    def _supply_sides(self, sides: list[str]) -> list[str]:
        """The sides whose supply the viewer may know."""
        if self.game.outcome() is not None:
            return sides
        sight = self.sight()
        return [side for side in sides if not sight.hostile(side)]

    # -- drawing ----------------------------------------------------------------------------------

    def refresh(self) -> None:
        # A dock behind another tab is "visible" to Qt (moved off the window): the charts
        # wait until the panel is really on screen, where it is painted (see paintEvent).
        if self.visibleRegion().isEmpty():
            self._dirty = True
            return
        super().refresh()

    def paintEvent(self, event: QPaintEvent) -> None:
        super().paintEvent(event)
        if self._dirty:
            QTimer.singleShot(0, self, self._catch_up)

    def _catch_up(self) -> None:
        if self._dirty:
            self.refresh()

    def update_view(self) -> None:
        game = self.game
        over = game.outcome() is not None
        key = (game.turn, over, self.session.viewer)
        if key == self._drawn:
            return  # no turn has ended since the last drawing
        self._drawn = key
        from editor.game import charts  # pyqtgraph: only once the panel is on screen

        scenario = game.scenario
        sides = list(game.sides_in_play)
        records = game.log.records
        stats = turn_statistics(records, scenario)
        last = stats[-1].turn if stats else 0
        self.series = series = charts.series_of(
            stats, scenario, sides, tension=tension_by_turn(records, scenario, last)
        )
        style = {s.id: (s.color, s.name) for s in scenario.sides}
        if not self.plots:
            self._make_charts(charts)
        charts.draw_vp(self.plots["vp"], series, sides, style)
        charts.draw_losses(self.plots["losses"], series, sides, style)
        supply_sides = self._supply_sides(sides)
        if "supply" in self.plots:
            charts.draw_supply(self.plots["supply"], series, supply_sides, style)
        self.op_cut = {}
        self.op_hidden = False
        if family.operational(game):
            self._draw_operational(series.turns, sides, supply_sides, style)
        if "tension" in self.plots:
            charts.draw_tension(self.plots["tension"], series, scenario)
        self._show_totals(series, sides, supply_sides)
        self._show_note(last, over, supply_sides, sides)

    def _draw_operational(
        self,
        turns: list[int],
        sides: list[str],
        supply_sides: list[str],
        style: dict[str, tuple[str, str]],
    ) -> None:
        from editor.game import op_charts  # pyqtgraph, as above
        from engine.wego.op.stats import op_statistics

        stats = op_statistics(self.game.log.records)
        self.op_stats = stats
        # A side's supply orders are its plan (OT3; the engine's views leave its op_supply
        # records out for the others, fog of war or not): only the viewer's own until the
        # game is over, every side's for a spectator of the AI against itself.
        viewer = self.session.viewer
        if viewer is not None and self.game.outcome() is None:
            supply_sides = [side for side in supply_sides if side == viewer]
        self.op_hidden = set(supply_sides) != set(sides)
        op_charts.draw_points_used(self.plots["points"], stats, turns, supply_sides, style)
        op_charts.draw_strength_lost(self.plots["strength"], stats, turns, sides, style)
        if stats:
            last = stats[-1].loc
            for side in supply_sides:
                states = last.get(side, {})
                units = sum(states.values())
                cut = states.get("isolated", 0) + states.get("encircled", 0)
                self.op_cut[side] = f"{cut} of {units}"
        self.points_used.setText(op_charts.used_words(stats, supply_sides, style))

    def _make_charts(self, charts: Any) -> None:
        minimum = (220, CHART_HEIGHT)
        made = [
            ("vp", "Victory points", "VP"),
            ("losses", "Units lost each turn", "units"),
        ]
        if family.operational(self.game):
            made += [
                ("points", "Ammunition and fuel used", "points"),
                ("strength", "Strength lost in battle", "units"),
            ]
        else:
            made.append(("supply", "Stacks at the supply check", "stacks"))
        tension = self.game.scenario.tension
        if tension is not None:
            made.append(("tension", tension.name, "index"))
        for key, title, left in made:
            # The table above names the sides' colours: no legend covering the bars.
            # The points chart names its lines (two per side) in a legend of its own.
            plot = charts.new_plot(key, title, left, minimum=minimum, legend=key == "points")
            self.plots[key] = plot
            self.chart_column.addWidget(plot)
            if key == "supply":
                legend = muted(
                    "Pale: in supply · half-tone: fed by their own logistics · "
                    "solid with a red edge: cut off."
                )
                legend.setObjectName("supply-key")
                legend.setWordWrap(True)
                self.chart_column.addWidget(legend)
            if key == "points":
                self.points_used = muted()
                self.points_used.setObjectName("points-used")
                self.points_used.setWordWrap(True)
                self.chart_column.addWidget(self.points_used)
            if key == "strength":
                legend = muted(
                    "Strength each side lost in battle each turn, in whole units: 2.5 is two "
                    "and a half full-strength units' worth."
                )
                legend.setObjectName("strength-key")
                legend.setWordWrap(True)
                self.chart_column.addWidget(legend)
        self.chart_column.addStretch(1)
        self._fit_charts()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.scroll.viewport() and event.type() == QEvent.Type.Resize:
            self._fit_charts()
        return super().eventFilter(watched, event)

    def _fit_charts(self) -> None:
        """Two charts to the height of the scroll area's view."""
        room = self.scroll.viewport().height() - self.chart_column.spacing()
        height = max(CHART_HEIGHT, room // 2)
        for plot in self.plots.values():
            plot.setFixedHeight(height)

    def _show_totals(self, series: Series, sides: list[str], supply_sides: list[str]) -> None:
        """Where each side stands after the last ended turn: VP, units lost, stacks cut off
        at the last supply check (of the sides whose supply the viewer may know)."""
        if not self.total_labels:
            self._make_totals(sides)
        for side, labels in self.total_labels.items():
            checks = series.supply.get(side, {})
            cut = "—"
            if side in supply_sides and checks:
                last = checks[max(checks)]
                stacks = sum(last.get(k, 0) for k in ("supplied", "by_logistics", "unsupplied"))
                cut = f"{last.get('unsupplied', 0)} of {stacks}"
            cut = self.op_cut.get(side, cut)
            values = [str(series.vp[side][-1]), str(sum(series.losses[side])), cut]
            for label, text in zip(labels, values, strict=True):
                label.setText(text)

    def _make_totals(self, sides: list[str]) -> None:
        grid = self.totals
        tips = {
            "VP": "Victory points at the end of the last turn played",
            "Lost": "Units and leaders lost since the game began",
            "Cut off": "Stacks cut off from supply at the last supply check, of all the "
            "side's stacks checked",
        }
        if family.operational(self.game):
            tips["Cut off"] = (
                "Units and HQs Isolated or Encircled at the end of the last turn, of all the "
                "side's units (OQ7)"
            )
        for column, title in enumerate(("", "Side", "VP", "Lost", "Cut off")):
            label = QLabel(f"<b>{title}</b>")
            label.setToolTip(tips.get(title, ""))
            label.setAlignment(
                Qt.AlignmentFlag.AlignLeft if column < 2 else Qt.AlignmentFlag.AlignRight
            )
            grid.addWidget(label, 0, column)
        names = {s.id: s.name for s in self.game.scenario.sides}
        colours = {s.id: s.color for s in self.game.scenario.sides}
        for row, side in enumerate(sides, start=1):
            swatch = QLabel()
            swatch.setFixedSize(12, 12)
            swatch.setStyleSheet(f"background: {colours.get(side, '#888')};")
            grid.addWidget(swatch, row, 0)
            grid.addWidget(QLabel(html.escape(names.get(side, side))), row, 1)
            labels = []
            for column in range(2, 5):
                label = QLabel()
                label.setObjectName(f"stats-{side}-{column}")
                label.setAlignment(Qt.AlignmentFlag.AlignRight)
                grid.addWidget(label, row, column)
                labels.append(label)
            self.total_labels[side] = labels
        grid.setColumnStretch(1, 1)

    def _show_note(self, last: int, over: bool, supply_sides: list[str], sides: list[str]) -> None:
        total = self.game.scenario.calendar.turns
        if over:
            text = f"The whole game: {last} turn{'s' if last != 1 else ''}."
        elif last == 0:
            text = f"Turn {self.game.turn} of {total} is under way: the charts grow as turns end."
        else:
            text = f"After turn {last} of {total} (turn {self.game.turn} is under way)."
        if set(supply_sides) != set(sides) or self.op_hidden:
            text += " The enemy's supply stays hidden until the game is over."
        self.note.setText(text)
