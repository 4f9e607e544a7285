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

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent, QKeySequence
from PySide6.QtWidgets import (
    QComboBox,
    QLabel,
    QMainWindow,
    QSizePolicy,
    QStackedWidget,
    QToolBar,
    QWidget,
)

from ..docking import add_dock
from .session import SPEEDS, GameSession
from .start_dialog import SPEED_NAMES
from .topbar import TopBar
from .window_saves import load_game, save_game, save_on_leaving

if TYPE_CHECKING:
    from .endgame import EndGameScreen

MESSAGE_MS = 8000
WINDOW_SIZE = (1500, 940)
"""The window's first size (and so that of ``salient play --screenshot`` images)."""


class GameWindow(QMainWindow):
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
        self.save_dir: Path | None = None
        self.resize(*WINDOW_SIZE)
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
                ("summary", "Turn summary"),
            )
        }
        self.splitDockWidget(self.docks["stack"], self.docks["hand"], Qt.Orientation.Vertical)
        for name in ("decisions", "battle", "summary"):
            self.tabifyDockWidget(self.docks["hand"], self.docks[name])
        self.docks["hand"].raise_()
        self.resizeDocks([self.docks["stack"]], [440], Qt.Orientation.Horizontal)
        self.resizeDocks(
            [self.docks["stack"], self.docks["hand"]], [280, 610], Qt.Orientation.Vertical
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
        self._build_menus()
        self.set_session(session)

    def sizeHint(self) -> QSize:
        return QSize(*WINDOW_SIZE)

    # -- menus -----------------------------------------------------------------------------------

    def _action(
        self, text: str, slot: object, shortcut: str | QKeySequence.StandardKey | None = None
    ) -> QAction:
        action = QAction(text, self)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        action.triggered.connect(lambda _checked=False: slot())  # type: ignore[operator]
        self.addAction(action)
        return action

    def _build_menus(self) -> None:
        menu = self.menuBar()
        game = menu.addMenu("&Game")
        self.save_action = self._action("&Save the game…", self.save_game, "Ctrl+S")
        self.load_action = self._action("&Load a game…", self.load_game, "Ctrl+O")
        self.leave_action = self._action(f"&{self.leave_text}", self.close, "Ctrl+W")
        self.leave_action.setObjectName("leave")
        for action in (self.save_action, self.load_action, None, self.leave_action):
            if action is None:
                game.addSeparator()
            else:
                game.addAction(action)
        view = menu.addMenu("&View")
        self.overlay_menu = view.addMenu("&Overlay")
        self.overlay_group = QActionGroup(self)
        view.addAction(self._action("Zoom to &fit", self.zoom_to_fit, "Ctrl+0"))
        view.addSeparator()
        panels = view.addMenu("&Panels")
        for dock in self.docks.values():
            panels.addAction(dock.toggleViewAction())
        ai = menu.addMenu("&AI")
        self.speed_group = QActionGroup(self)
        self.speed_actions: dict[str, QAction] = {}
        for key in SPEEDS:
            action = self._action(SPEED_NAMES.get(key, key), lambda key=key: self.set_speed(key))
            action.setCheckable(True)
            action.setToolTip(f"The AI plays at {SPEED_NAMES.get(key, key).lower()} speed")
            self.speed_group.addAction(action)
            self.speed_actions[key] = action
            ai.addAction(action)
        # The toolbar shares the top bar's row, so the speed is one compact list there.
        self.speed_box = QComboBox()
        self.speed_box.setObjectName("ai-speed")
        self.speed_box.setToolTip("How fast the AI plays (AI menu)")
        for key in SPEEDS:
            self.speed_box.addItem(SPEED_NAMES.get(key, key), key)
        self.speed_box.activated.connect(
            lambda index: self.set_speed(str(self.speed_box.itemData(index)))
        )
        self.ai_toolbar.addWidget(QLabel(" AI "))
        self.ai_toolbar.addWidget(self.speed_box)
        ai.addSeparator()
        self.pause_action = self._action("&Pause", self.toggle_pause, "P")
        self.pause_action.setCheckable(True)
        self.pause_action.setToolTip("Pause the AI (P)")
        self.step_action = self._action("&Step", self.step, "N")
        self.step_action.setToolTip("Play one AI action, paused or not (N)")
        for action in (self.pause_action, self.step_action):
            ai.addAction(action)
            self.ai_toolbar.addAction(action)

    def _fill_overlays(self) -> None:
        """The map's overlays, one at a time, or none."""
        self.overlay_menu.clear()
        for action in self.overlay_group.actions():
            self.overlay_group.removeAction(action)
        entries: list[tuple[str | None, str]] = [(None, "No overlay")]
        entries += list(getattr(self.map_view, "overlays", []))
        self.overlay_actions: dict[str | None, QAction] = {}
        for name, label in entries:
            action = QAction(label, self)
            action.setCheckable(True)
            action.setChecked(name is None)
            action.triggered.connect(lambda _checked=False, n=name: self.set_overlay(n))
            self.overlay_group.addAction(action)
            self.overlay_menu.addAction(action)
            self.overlay_actions[name] = action

    # -- the game --------------------------------------------------------------------------------

    def set_session(self, session: GameSession) -> None:
        """Show a game (a new one, or one just loaded); the previous one is let go."""
        from .map_view import GameMapView
        from .panels import (
            BattlePanel,
            DecisionPanel,
            HandoverScreen,
            HandPanel,
            StackPanel,
            TurnSummary,
        )

        self._release_session()
        self.session = session
        session.setParent(self)
        self.map_view = GameMapView(session)
        self.map_view.message.connect(self.show_message)
        self.handover_screen = HandoverScreen(session)
        self.handover_screen.revealed.connect(self._revealed)
        self.centre.addWidget(self.map_view)
        self.centre.addWidget(self.handover_screen)
        self.centre.setCurrentWidget(self.map_view)
        self.panels = {
            "stack": StackPanel(session),
            "hand": HandPanel(session),
            "decisions": DecisionPanel(session),
            "battle": BattlePanel(session),
            "summary": TurnSummary(session),
        }
        for name, panel in self.panels.items():
            self.docks[name].setWidget(panel)
            panel.needsAttention.connect(lambda name=name: self.docks[name].raise_())
        self.top_bar = TopBar(session)
        self.top_bar.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self._top_bar_item = self.top_toolbar.insertWidget(self._ai_item, self.top_bar)
        session.failed.connect(self.show_message)
        session.changed.connect(self._after_change)
        session.handover.connect(self._hand_over)
        session.toAct.connect(self._to_act)
        session.finished.connect(self.show_end)
        self._fill_overlays()
        has_ai = any(player == "ai" for player in session.players.values())
        self._ai_item.setVisible(has_ai)
        for action in (*self.speed_actions.values(), self.pause_action, self.step_action):
            action.setEnabled(has_ai)
        speed = session.speed if session.speed in self.speed_actions else "normal"
        self.speed_actions[speed].setChecked(True)
        self.speed_box.setCurrentIndex(self.speed_box.findData(speed))
        self.speed_box.setEnabled(has_ai)
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
        for name in self.docks:
            widget = self.docks[name].widget()
            self.docks[name].setWidget(QWidget())
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
        if state.battle is not None and self._shown_to_viewer(state.battle):
            self.docks["battle"].raise_()
        elif state.pending and session.human_to_act() is not None:
            self.docks["decisions"].raise_()
        self._show_viewer()

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
        for dock in self.docks.values():
            dock.widget().setEnabled(False)
        self._show_viewer()

    def _show_viewer(self) -> None:
        session = self.session
        if session is None:
            return
        viewer = session.viewer
        fog = "fog of war on" if session.game.fog else "no fog of war"
        if viewer is None:
            self.viewer_label.setText(f"AI against AI: everything visible · {fog}")
        else:
            name = next(s.name for s in self.scenario.sides if s.id == viewer)
            self.viewer_label.setText(f"Seen by {name} · {fog}")

    def show_message(self, text: str) -> None:
        self.statusBar().showMessage(text, MESSAGE_MS)

    def show_end(self, outcome: object) -> None:
        """The end-of-game screen, once."""
        session = self.session
        if session is None or self.end_screen is not None or not isinstance(outcome, dict):
            return
        # Imported at the end of a game: pyqtgraph alone would add 0.4 s to the first Play.
        from .endgame import EndGameScreen

        self.end_screen = EndGameScreen(
            self.scenario,
            outcome,
            session.game.log.records,
            list(session.game.sides_in_play),
            humans=session.humans,
            parent=self,
            leave=(self.leave_text, self.close),
        )
        self.end_screen.show()
        self.end_screen.raise_()
        self.ai_toolbar.setEnabled(False)

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
        zoom = getattr(self.map_view, "zoom_to_fit", None)
        if callable(zoom):
            zoom()

    # -- saving ----------------------------------------------------------------------------------

    def save_game(self) -> bool:
        """The Game menu's Save: ask where, save; ``False`` when cancelled or refused."""
        return save_game(self)

    def load_game(self) -> bool:
        """The Game menu's Load: ask which save, and continue it in this window."""
        return load_game(self)

    # -- leaving ---------------------------------------------------------------------------------

    def closeEvent(self, event: QCloseEvent) -> None:
        if self.session is not None:
            save_on_leaving(self.session)
        if self.end_screen is not None:
            self.end_screen.close()
        event.accept()
        self.left.emit()
