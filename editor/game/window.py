"""The game window: the map, the top bar above it, the panels in a column on the right.

Like the studio window with its document, everything bound to a game is built by
:meth:`GameWindow.set_session` and torn down when another game takes its place (loading a
save); the docks, menus and toolbars stay. The window itself decides nothing about the game:
the map and the panels act through the session, and the window only routes what they say to
the status bar, raises the panel that needs the player, and covers everything with the
hand-over screen between two people's player-turns.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QSize, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QCloseEvent, QShowEvent
from PySide6.QtWidgets import (
    QLabel,
    QMainWindow,
    QSizePolicy,
    QStackedWidget,
    QToolBar,
    QWidget,
)

from editor.game.map.view import GameMapView
from editor.game.news import NewsBox
from editor.game.panels import (
    BattlePanel,
    DecisionPanel,
    HandoverScreen,
    HandPanel,
    LogPanel,
    StackPanel,
    StatsPanel,
    TurnSummary,
)
from editor.game.panels.base import ATTENTION
from editor.game.panels.knowledge import readable_reason, side_name
from editor.game.placement import WINDOW_SIZE, keep_on_screen, panel_width, place
from editor.game.session import GameSession
from editor.game.topbar import TopBar
from editor.game.window_menus import GameMenus
from editor.game.window_saves import (
    load_game,
    save_game,
    save_on_leaving,
    show_take_back,
    take_back,
)
from editor.shared.docking import add_dock
from engine.outcome import Outcome

if TYPE_CHECKING:
    from editor.game.endgame import EndGameScreen
    from editor.game.replay_edits import Edited

MESSAGE_MS = 8000

__all__ = ["WINDOW_SIZE", "GameWindow"]


class GameWindow(GameMenus, QMainWindow):
    """A game being played: map, top bar, panels, menus, and the AI's controls."""

    left = Signal()
    """The player left the game (back to the studio, or the window closed)."""

    def __init__(self, session: GameSession, *, stem: str, leave_text: str = "Close") -> None:
        super().__init__()
        self.setObjectName("game-window")
        self.stem = stem
        self.leave_text = leave_text
        self.scenario = session.game.scenario
        self.session: GameSession | None = None
        self.end_screen: EndGameScreen | None = None
        self.pbem: object | None = None
        """The game by e-mail shown (:class:`editor.game.pbem.PbemController`), if any."""
        self.save_dir: Path | None = None
        self.edited_scenario: Edited | None = None
        """The studio's scenario as edited now (Game > Replay with my edits), when the game
        was started from the studio."""
        # The preferred size, or the screen's when it is smaller: every control on screen.
        self._first_size = place(self)
        self._placed = False
        self.setDockNestingEnabled(True)
        self.setCorner(Qt.Corner.BottomRightCorner, Qt.DockWidgetArea.RightDockWidgetArea)
        self.centre = QStackedWidget()
        self.setCentralWidget(self.centre)
        # The map takes all the height: every panel lives in one column on the right, the
        # selected stack above and, below it, the panels that take turns needing the player
        # (cards, decisions, battles, the turn summary) as tabs the window raises.
        right = Qt.DockWidgetArea.RightDockWidgetArea
        self.docks = {
            name: add_dock(self, name, title, right)
            for name, title in (
                ("stack", "Stack"),
                ("hand", "Cards"),
                ("decisions", "Decisions"),
                ("battle", "Battle"),
                ("summary", "Summary"),
                ("log", "Log"),
                ("stats", "Statistics"),
            )
        }
        self.splitDockWidget(self.docks["stack"], self.docks["hand"], Qt.Orientation.Vertical)
        for name in ("decisions", "battle", "summary", "log", "stats"):
            self.tabifyDockWidget(self.docks["hand"], self.docks[name])
        self.docks["hand"].raise_()
        size = self._first_size
        self.resizeDocks(
            [self.docks["stack"]], [panel_width(size.width())], Qt.Orientation.Horizontal
        )
        # The stack above takes under a third of the column (as 280 of 890 at full size).
        column = max(300, size.height() - 50)
        stack = round(column * 0.31)
        self.resizeDocks(
            [self.docks["stack"], self.docks["hand"]],
            [stack, column - stack],
            Qt.Orientation.Vertical,
        )
        self.top_toolbar = QToolBar("Game")
        self.top_toolbar.setObjectName("toolbar-game")
        self.top_toolbar.setMovable(False)
        self.addToolBar(Qt.ToolBarArea.TopToolBarArea, self.top_toolbar)
        # The AI's controls sit at the end of the top bar's row, inside the same toolbar: two
        # toolbars in a row keep the width they had when laid out, and the top bar's texts
        # change length with every phase.
        self.ai_toolbar = QToolBar("AI")
        self.ai_toolbar.setObjectName("toolbar-ai")
        self.ai_toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        self._ai_item = self.top_toolbar.addWidget(self.ai_toolbar)
        self._top_bar_item: QAction | None = None
        self.viewer_label = QLabel()
        self.viewer_label.setObjectName("viewer")
        self.statusBar().addPermanentWidget(self.viewer_label)
        # What blocks the phase, in full along the bottom (the top bar has two lines for it).
        self.blocked_label = QLabel()
        self.blocked_label.setObjectName("phase-blocked")
        self.blocked_label.setStyleSheet(f"color: {ATTENTION}; font-weight: bold;")
        self.statusBar().addWidget(self.blocked_label, 1)
        self._build_menus()
        self.set_session(session)

    def sizeHint(self) -> QSize:
        return QSize(self._first_size)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if not self._placed:
            # The window manager's frame is known once the window is mapped: make sure the
            # frame fits the screen too.
            self._placed = True
            QTimer.singleShot(0, self, lambda: keep_on_screen(self))

    # -- the game --------------------------------------------------------------------------------

    def set_session(self, session: GameSession) -> None:
        """Show a game (a new one, or one just loaded); the previous one is let go."""
        self._release_session()
        self.session = session
        session.setParent(self)
        self.map_view = GameMapView(session)
        self.map_view.message.connect(self.show_message)
        self.handover_screen = HandoverScreen(session)
        self.handover_screen.revealed.connect(self._revealed)
        self.news = NewsBox(session, self.map_view)
        self.centre.addWidget(self.map_view)
        self.centre.addWidget(self.handover_screen)
        self.centre.setCurrentWidget(self.map_view)
        self.panels = {
            "stack": StackPanel(session),
            "hand": HandPanel(session),
            "decisions": DecisionPanel(session),
            "battle": BattlePanel(session),
            "summary": TurnSummary(session),
            "log": LogPanel(session),
            "stats": StatsPanel(session),
        }
        for name, panel in self.panels.items():
            self.docks[name].setWidget(panel)
            panel.needsAttention.connect(lambda name=name: self.call_to(name))
        self.top_bar = TopBar(session)
        self.top_bar.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self._top_bar_item = self.top_toolbar.insertWidget(self._ai_item, self.top_bar)
        self.top_bar.resultWanted.connect(self.show_result)
        session.failed.connect(
            lambda reason: self.show_message(readable_reason(session.game, reason))
        )
        session.changed.connect(self._after_change)
        session.handover.connect(self._hand_over)
        session.toAct.connect(self._to_act)
        session.finished.connect(self.show_end)
        self.overlay_actions[None].setChecked(True)  # a new map shows no overlay
        has_ai = any(player == "ai" for player in session.players.values())
        self._ai_item.setVisible(has_ai)
        self._enable_ai_controls(has_ai and not session.over)
        self.result_action.setEnabled(False)
        self.speed_actions[session.speed].setChecked(True)
        self.speed_box.setCurrentIndex(self.speed_box.findData(session.speed))
        self.pause_action.setChecked(session.paused)
        self._show_viewer()
        self.update_title()

    def _release_session(self) -> None:
        old = self.session
        if old is None:
            return
        old.set_paused(True)
        for signal in (
            old.failed,
            old.changed,
            old.handover,
            old.toAct,
            old.finished,
        ):
            signal.disconnect()
        if self._top_bar_item is not None:
            self.top_toolbar.removeAction(self._top_bar_item)
            self._top_bar_item.deleteLater()  # and with it the top bar, its default widget
            self._top_bar_item = None
        for dock in self.docks.values():
            widget = dock.widget()
            dock.setWidget(QWidget())
            if widget is not None:
                widget.deleteLater()
        while self.centre.count():
            widget = self.centre.widget(0)
            self.centre.removeWidget(widget)
            widget.deleteLater()
        if self.end_screen is not None:
            self.end_screen.close()
            self.end_screen = None
        old.deleteLater()
        self.session = None

    def update_title(self) -> None:
        title = self.scenario.info.title
        self.setWindowTitle(f"{title} — Salient")

    # -- following the game ----------------------------------------------------------------------

    def _after_change(self) -> None:
        session = self.session
        if session is None:
            return
        state = session.game.state
        waiting = state.pending[0]["kind"] if state.pending else None
        if state.battle is not None and self._shown_to_viewer(state.battle):
            self.call_to("battle", reopen=session.human_to_act() is not None)
        elif waiting is not None and session.human_to_act() is not None:
            # Breakthroughs and retreats are chosen in the battle panel, under their battle.
            battle_question = waiting in ("breakthrough", "retreat")
            self.call_to("battle" if battle_question else "decisions")
        self._show_viewer()

    def call_to(self, name: str, *, reopen: bool = True) -> None:
        """Bring a panel to the front; with ``reopen`` (a person has something to do there)
        one closed from its dock's title bar comes back too, or the player could not fight
        a battle or answer a decision (the turn summary, only to read, stays closed)."""
        dock = self.docks[name]
        if reopen and dock.isHidden() and name not in ("summary", "log", "stats"):
            dock.show()
        dock.raise_()

    def _shown_to_viewer(self, battle: dict[str, object]) -> bool:
        session = self.session
        if session is None:
            return False
        viewer = session.viewer
        return viewer is None or viewer in (battle.get("attacker"), battle.get("defender"))

    def _to_act(self, side: str) -> None:
        self._uncover()

    def _revealed(self, side: str) -> None:
        """Hot seat: the next person pressed the cover's button; their view comes back."""
        self._uncover()
        self.map_view.refresh()

    def _uncover(self) -> None:
        self.centre.setCurrentWidget(self.map_view)
        for dock in self.docks.values():
            dock.widget().setEnabled(True)
        self._show_viewer()

    def _hand_over(self, side: str) -> None:
        """Hot seat: hide the map and the panels until the next person says they are ready."""
        self.centre.setCurrentWidget(self.handover_screen)
        # "Moved to Monterrey": the last person's messages are not for the next one's eyes.
        self.statusBar().clearMessage()
        for dock in self.docks.values():
            dock.widget().setEnabled(False)
        self._show_viewer()

    def _show_viewer(self) -> None:
        session = self.session
        if session is None:
            return
        self._enable_step()
        self._show_take_back()
        blocked = self.top_bar.blocked
        self.blocked_label.setText(f"\u26a0 The phase cannot end yet: {blocked}" if blocked else "")
        self.blocked_label.setToolTip(self.blocked_label.text())
        viewer = session.viewer
        fog = "fog of war on" if session.game.fog else "no fog of war"
        if viewer is None:
            self.viewer_label.setText(f"AI against AI: everything visible · {fog}")
        else:
            self.viewer_label.setText(f"Seen by {side_name(session.game, viewer)} · {fog}")

    def show_message(self, text: str) -> None:
        self.statusBar().showMessage(text, MESSAGE_MS)

    def show_end(self, outcome: object) -> None:
        """The end-of-game screen, made once; Game > Show the result brings it back."""
        session = self.session
        if session is None or not isinstance(outcome, Outcome):
            return
        # Nothing is left for the AI to play: its controls would do nothing.
        self._enable_ai_controls(False)
        self.result_action.setEnabled(True)
        if self.end_screen is not None:
            return
        # Imported at the end of a game: pyqtgraph alone would add 0.4 s to the first Play.
        from editor.game.endgame import EndGameScreen

        self.end_screen = EndGameScreen(
            self.scenario,
            outcome,
            session.game.log.records,
            list(session.game.sides_in_play),
            humans=session.humans,
            parent=self,
            leave=(self.leave_text, self.close),
        )
        self.show_result()

    def show_result(self) -> None:
        """Show the end-of-game screen (again: "Show the map" only hides it)."""
        if self.end_screen is not None:
            self.end_screen.show()
            self.end_screen.raise_()
            self.end_screen.activateWindow()

    def _enable_ai_controls(self, enabled: bool) -> None:
        for action in (*self.speed_actions.values(), self.pause_action, self.step_action):
            action.setEnabled(enabled)
        self.speed_box.setEnabled(enabled)
        self.ai_toolbar.setEnabled(enabled)
        self._enable_step()

    def _enable_step(self) -> None:
        """Step plays one AI action: only while it is the AI's turn to act."""
        session = self.session
        if session is None or not self.ai_toolbar.isEnabled():
            return
        self.step_action.setEnabled(session.ai_to_act() is not None)

    def take_back(self) -> None:
        """Game > Take back: the game as it was before the person's last action (the AI's
        replies undone with it), shown in place of this one."""
        take_back(self)

    def _show_take_back(self) -> None:
        show_take_back(self)

    def next_phase(self) -> None:
        """Game > Next phase and its shortcut: what the top bar's button does, or, when it
        cannot, the reason in full in the status bar."""
        why = self.top_bar.next_phase_requested()
        if why is not None:
            self.show_message(why)

    # -- the AI ----------------------------------------------------------------------------------

    def set_speed(self, speed: str) -> None:
        if self.session is not None:
            self.session.set_speed(speed)
            self.speed_actions[speed].setChecked(True)
            self.speed_box.setCurrentIndex(self.speed_box.findData(speed))

    def toggle_pause(self) -> None:
        if self.session is not None:
            self.session.set_paused(self.pause_action.isChecked())
            self.top_bar.refresh()

    def step(self) -> None:
        if self.session is not None:
            self.session.step()

    # -- view ------------------------------------------------------------------------------------

    def set_overlay(self, name: str | None) -> None:
        self.map_view.set_overlay(name)
        self.overlay_actions[name].setChecked(True)

    def zoom_to_fit(self) -> None:
        self.map_view.zoom_to_fit()

    # -- saving ----------------------------------------------------------------------------------

    def save_game(self) -> bool:
        """The Game menu's Save: ask where, save; ``False`` when cancelled or refused."""
        return save_game(self)

    def load_game(self) -> bool:
        """The Game menu's Load: ask which save, and continue it in this window."""
        return load_game(self)

    def replay_with_edits(self) -> None:
        """Game > Replay with my edits (see :mod:`editor.game.replay_edits`)."""
        from editor.game.replay_edits import replay_with_edits

        replay_with_edits(self)

    def set_edited(self, edited: Edited | None) -> None:
        """Where the studio's edited scenario is read; the menu entry shows only with one."""
        self.edited_scenario = edited
        self.replay_action.setVisible(edited is not None)

    # -- leaving ---------------------------------------------------------------------------------

    def closeEvent(self, event: QCloseEvent) -> None:
        if self.session is not None:
            save_on_leaving(self.session)
        if self.end_screen is not None:
            self.end_screen.close()
        event.accept()
        self.left.emit()
