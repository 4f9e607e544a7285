"""The game window of a WEGO game: plan, hand over, watch the film, plan again.

The map takes the centre, the plan panel the right. While a person plans, the map gives
orders (:mod:`.plan_map`) and the panel lists them (:mod:`.plan_panel`); the AI plans its sides
itself (:mod:`engine.wego.ai`, through the session's AI player, at the chosen speed). In a
hot-seat game the hand-over screen covers the map and the plan panel between two people, so
one never sees the other's plan. Once a turn is carried out, each person is shown its film
under their own fog of war before planning again (the film player, :mod:`editor.game.film`,
takes the map's place; Continue brings the map back); in a game of the AI against itself the
film shows without fog and the AI waits for Continue. When the game ends, the final film of
the whole game shows without fog.

The phases a WEGO turn plays around its plans (events, cards, reinforcements, air before
them; sieges, replacements, end of turn after the execution) are played in the IGOUGO view's
own Cards and Decisions panels, docked as tabs beside the plan, with the phase box above the
map (:mod:`.phase_box`) to say what waits and to end the phase. The plan's edits are undone
and redone, and the game taken back or replayed with the studio's edits, through
:mod:`.window_edits`; the films, the battle table and the end of the game are
:mod:`.window_film`'s, the menus :mod:`.window_menus`'.

Saving and loading are the game window's (:mod:`editor.game.window_saves`): a game saves at
any moment, mid-plan included, and loads back to where it was. Play by e-mail is the game
window's too (:mod:`editor.game.pbem`): a sitting ends when the plan is sealed.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QSize, Qt, QTimer, Signal
from PySide6.QtGui import QCloseEvent, QShowEvent
from PySide6.QtWidgets import QLabel, QStackedWidget, QVBoxLayout, QWidget

from editor.game.film.player import FilmPlayer
from editor.game.panels.battle_panel import BattlePanel
from editor.game.panels.battles_table import BattlesTable
from editor.game.panels.decision_panel import DecisionPanel
from editor.game.panels.hand_panel import HandPanel
from editor.game.panels.handover import HandoverScreen
from editor.game.panels.knowledge import Sight, readable_reason, side_name
from editor.game.panels.stats_panel import StatsPanel
from editor.game.placement import keep_on_screen, panel_width, place
from editor.game.session import GameSession
from editor.game.wego import op_view
from editor.game.wego.phase_box import PhaseBox
from editor.game.wego.plan_dropped import dropped_now
from editor.game.wego.plan_map import PlanMapView
from editor.game.wego.plan_panel import PlanPanel
from editor.game.wego.window_edits import PlanTakeBack
from editor.game.wego.window_film import WindowFilm, last_executed_turn
from editor.game.wego.window_menus import WindowMenus
from editor.game.window_saves import load_game, save_game, save_on_leaving
from editor.shared.docking import add_dock
from engine.outcome import Outcome
from engine.wego import family, windows

if TYPE_CHECKING:
    from editor.game.replay_edits import Edited

MESSAGE_MS = 8000


class WegoWindow(PlanTakeBack, WindowFilm, WindowMenus):
    """A WEGO game being played (see the module docstring)."""

    left = Signal()
    """The player left the game (back to the studio, or the window closed)."""

    def __init__(self, session: GameSession, *, stem: str, leave_text: str = "Close") -> None:
        super().__init__()
        self.setObjectName("game-window")
        self.stem = stem
        self.leave_text = leave_text
        self.scenario = session.game.scenario
        self.session: GameSession | None = None
        self.save_dir: Path | None = None
        self.pbem: object | None = None
        self.op_view: op_view.OpView | None = None
        """The pieces of an operational game (:mod:`.op_view`), ``None`` for the area family."""
        self.edited_scenario: Edited | None = None
        self.air_sea_turn: int | None = None
        """The turn of the last air-sea battle (its tab shows until that turn is over)."""
        self.films_seen: set[tuple[int, str | None]] = set()
        """The films shown so far: (turn, side; ``None`` for the AI against itself)."""
        self.outcome: Outcome | None = None
        self.dropped: tuple[int, str] | None = None
        """The turn of a reveal and its dropped actions in words, until its film closes."""
        self._first_size = place(self)
        self._placed = False
        self.centre = QStackedWidget()
        # The phase box (a window's phase, when a person plays one) sits above the map.
        self.top = QWidget()
        self.top_layout = QVBoxLayout(self.top)
        self.top_layout.setContentsMargins(0, 0, 0, 0)
        self.top_layout.setSpacing(0)
        self.top_layout.addWidget(self.centre, 1)
        self.setCentralWidget(self.top)
        right = Qt.DockWidgetArea.RightDockWidgetArea
        self.plan_dock = add_dock(self, "plan", "Plan", right)
        # The turn's battles and the statistics so far share the plan's column as tabs: the
        # battles tab comes forward with each film, the plan's when planning resumes.
        self.battles_dock = add_dock(self, "battles", "Battles", right)
        self.stats_dock = add_dock(self, "stats", "Statistics", right)
        # The phases played around the plans (events, cards, reinforcements, air; sieges,
        # replacements, end of turn) are decided in the IGOUGO view's own panels.
        self.hand_dock = add_dock(self, "hand", "Cards", right)
        self.decisions_dock = add_dock(self, "decisions", "Decisions", right)
        # A person's aircraft that end their flight over enemy ships fight an air-sea battle
        # in the offensive air phase (A4): the IGOUGO view's battle panel, in a tab shown
        # from the turn's first such battle to the end of the turn (the person reads how it
        # went while planning), so the column keeps its five tabs the rest of the time.
        self.battle_dock = add_dock(self, "battle", "Air-sea battle", right)
        # The operational family's victory panel (OV5), shown in its games only (:mod:`.op_view`).
        self.victory_dock = add_dock(self, "victory", "Victory", right)
        self.tabifyDockWidget(self.plan_dock, self.hand_dock)
        self.tabifyDockWidget(self.hand_dock, self.decisions_dock)
        self.tabifyDockWidget(self.decisions_dock, self.battle_dock)
        self.tabifyDockWidget(self.battle_dock, self.battles_dock)
        self.tabifyDockWidget(self.battles_dock, self.stats_dock)
        self.tabifyDockWidget(self.stats_dock, self.victory_dock)
        self.battle_dock.hide()
        self.victory_dock.hide()
        self.plan_dock.raise_()
        self.resizeDocks(
            [self.plan_dock], [panel_width(self._first_size.width())], Qt.Orientation.Horizontal
        )
        self.viewer_label = QLabel()
        self.viewer_label.setObjectName("viewer")
        self.statusBar().addPermanentWidget(self.viewer_label)
        self._build_menus()
        self.set_session(session)

    def sizeHint(self) -> QSize:
        return QSize(self._first_size)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if not self._placed:
            self._placed = True
            QTimer.singleShot(0, self, lambda: keep_on_screen(self))

    # -- the game ------------------------------------------------------------------------------

    def set_session(self, session: GameSession) -> None:
        """Show a game (a new one, or one just loaded); the previous one is let go."""
        self._release_session()
        self.session = session
        session.setParent(self)
        self.outcome = None
        self.films_seen = set()
        self.dropped = None
        # A loaded game shows the film of the turn it stands after only on request.
        done = last_executed_turn(session)
        if done is not None and session.game.state.wego is not None:
            self.films_seen |= {(done, side) for side in (*session.game.sides_in_play, None)}
        self.map_view = PlanMapView(session)
        self.map_view.message.connect(self.show_message)
        self.handover_screen = HandoverScreen(session)
        self.handover_screen.revealed.connect(self._revealed)
        self.film = FilmPlayer(session.game, session.viewer)
        self.film.closed.connect(self.close_film)
        for page in (self.map_view, self.handover_screen, self.film):
            self.centre.addWidget(page)
        self.centre.setCurrentWidget(self.map_view)
        self.plan_panel = PlanPanel(session, self.map_view)
        self.plan_dock.setWidget(self.plan_panel)
        self.phase_box = PhaseBox(session)
        self.phase_box.attention.connect(self.call_to)
        self.top_layout.insertWidget(0, self.phase_box)
        self.hand_panel = HandPanel(session)
        self.hand_dock.setWidget(self.hand_panel)
        self.decision_panel = DecisionPanel(session)
        self.decisions_dock.setWidget(self.decision_panel)
        self.hand_panel.needsAttention.connect(lambda: self.call_to("hand"))
        self.decision_panel.needsAttention.connect(lambda: self.call_to("decisions"))
        self.battle_panel = BattlePanel(session)
        self.battle_dock.setWidget(self.battle_panel)
        self.battle_panel.needsAttention.connect(lambda: self.call_to("battle"))
        self.battles = BattlesTable(session.game.world)
        self.battles.jump_requested.connect(self.jump_to)
        self.battles_dock.setWidget(self.battles)
        self.stats_dock.setWidget(StatsPanel(session))
        # The column's tabs name only panels the game uses, all in view at 1280 px: Cards
        # only in a scenario with cards, Decisions not in the operational family's (its
        # events and questions bring the tab in when they come, :meth:`call_to`). The View
        # menu opens either at any time.
        self.hand_dock.setVisible(bool(session.game.scenario.cards))
        self.decisions_dock.setVisible(not family.operational(session.game))
        session.failed.connect(
            lambda reason: self.show_message(readable_reason(session.game, reason))
        )
        session.changed.connect(self._after_change)
        session.handover.connect(self._hand_over)
        session.toAct.connect(self._to_act)
        session.finished.connect(self.show_end)
        session.logged.connect(self._tell_dropped)
        self.map_view.edits.changed.connect(self._show_edits)
        self.final_action.setEnabled(False)
        self._show_viewer()
        self.op_view = op_view.attach(self, self.op_menu)
        self.op_separator.setVisible(self.op_view is not None)
        self.setWindowTitle(f"{self.scenario.info.title} — Salient")

    def _release_session(self) -> None:
        old = self.session
        if old is None:
            return
        old.set_paused(True)
        for signal in (old.failed, old.changed, old.handover, old.toAct, old.finished, old.logged):
            signal.disconnect()
        for dock in self._docks():
            widget = dock.widget()
            dock.setWidget(QWidget())
            if widget is not None:
                widget.deleteLater()
        while self.centre.count():
            page = self.centre.widget(0)
            self.centre.removeWidget(page)
            page.deleteLater()
        if self.op_view is not None:
            self.op_view.release()
            self.op_view = None
        self.top_layout.removeWidget(self.phase_box)
        self.phase_box.deleteLater()
        old.deleteLater()
        self.session = None

    def set_edited(self, edited: Edited | None) -> None:
        """Where the studio's edited scenario is read; Replay with my edits shows only with
        one (a game started from the studio)."""
        self.edited_scenario = edited
        self.replay_action.setVisible(edited is not None)

    # -- following the game --------------------------------------------------------------------

    def _after_change(self) -> None:
        session = self.session
        if session is None:
            return
        if not session.humans and windows.stage(session.game) != "after":
            # The AI against itself: each turn's film without fog, once the turn is over (not
            # between its execution and the phases after it, wherever the AI's last batch of
            # actions happened to stop); the AI waits for Continue.
            self._offer_film(None)
        if self.air_sea_turn != session.game.turn:
            self.battle_dock.hide()
        self._show_viewer()

    def _to_act(self, side: str) -> None:
        if not self._offer_film(side):
            self._show_map()

    def _revealed(self, side: str) -> None:
        for panel in self._private_panels():
            panel.setVisible(True)
        if self.op_view is not None:
            self.op_view.set_hidden(False)
        self.phase_box.refresh()
        self.map_view.refresh()
        if not self._offer_film(side):
            self._show_map()

    def _hand_over(self, side: str) -> None:
        """Hot seat: hide the map, the film and the plan until the next person is ready."""
        self.film.pause()
        self.centre.setCurrentWidget(self.handover_screen)
        self.statusBar().clearMessage()
        # What the last person saw (their plan, their battles, their view of the statistics)
        # is not the next one's to see.
        self.battles.show_rows([])
        for panel in self._private_panels():
            panel.setVisible(False)
        if self.op_view is not None:
            self.op_view.set_hidden(True)
        self._show_viewer()

    def _private_panels(self) -> tuple:
        """The panels showing one side's own view: hidden while the board is handed over."""
        return (
            self.plan_panel,
            self.phase_box,
            self.hand_panel,
            self.decision_panel,
            self.battle_panel,
            self.battles,
            self.stats_dock.widget(),
        )

    def call_to(self, name: str) -> None:
        """Bring forward the tab a person must use now (``hand``, ``decisions``, ``battle``),
        unless a film or the hand-over screen holds the centre (a tab of Cards or Decisions
        left out of the column comes in even then)."""
        if name == "battle" and self.session is not None:
            self.air_sea_turn = self.session.game.turn
        dock = {
            "hand": self.hand_dock,
            "decisions": self.decisions_dock,
            "battle": self.battle_dock,
        }.get(name)
        if dock is None:
            return
        if dock.isHidden() and name != "battle":
            dock.show()  # a tab left out of the column (:meth:`set_session`) comes in at once
        if self.centre.currentWidget() is not self.map_view:
            return
        if dock.isHidden():
            dock.show()
        dock.raise_()

    def end_phase(self) -> None:
        """Game > End the phase: end the window's phase, or say why not."""
        if self.centre.currentWidget() is not self.map_view:
            return
        if self.phase_box.side() is None:
            self.show_message("No phase waits to be ended: the plans are open, or it is not yours")
        elif not self.phase_box.end_phase():
            self.show_message(self.phase_box.end_button.toolTip())

    def _show_map(self) -> None:
        self.film.pause()
        if self.centre.currentWidget() is self.film:
            self.statusBar().clearMessage()  # the film's hint is done with
            session, dropped = self.session, self.dropped
            if dropped is not None and session is not None and session.game.turn <= dropped[0] + 1:
                self.show_message(dropped[1])
            self.dropped = None
        self.centre.setCurrentWidget(self.map_view)
        self.plan_panel.setVisible(True)
        self.plan_panel.setEnabled(True)
        self.hand_panel.setVisible(True)
        self.decision_panel.setVisible(True)
        self.plan_dock.raise_()
        self.phase_box.held = False
        self.phase_box.refresh()
        self._show_viewer()

    def _show_viewer(self) -> None:
        session = self.session
        if session is None:
            return
        self._show_edits()
        viewer = session.viewer
        fog = "fog of war on" if session.game.fog else "no fog of war"
        if viewer is None:
            self.viewer_label.setText(f"AI against AI: everything visible · {fog}")
        else:
            self.viewer_label.setText(f"Seen by {side_name(session.game, viewer)} · {fog}")

    def show_message(self, text: str) -> None:
        self.statusBar().showMessage(text, MESSAGE_MS)

    def _tell_dropped(self, records: list[dict]) -> None:
        """A revealed plan's actions the rules refused, told to their player (OT10): now,
        and again when the film of the turn the reveal started is closed (its hint takes
        the status bar meanwhile)."""
        session = self.session
        if session is None:
            return
        lines = dropped_now(Sight(session.game, session.viewer), records)
        if lines:
            self.dropped = (session.game.turn, " ".join(lines))
            self.show_message(self.dropped[1])

    # -- saving --------------------------------------------------------------------------------

    def save_game(self) -> bool:
        return save_game(self)  # type: ignore[arg-type]

    def load_game(self) -> bool:
        return load_game(self)  # type: ignore[arg-type]

    # -- leaving -------------------------------------------------------------------------------

    def closeEvent(self, event: QCloseEvent) -> None:
        if self.session is not None:
            save_on_leaving(self.session)
        self.film.pause()
        event.accept()
        self.left.emit()
