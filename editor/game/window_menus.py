"""The game window's menus (Game, View, AI) and the AI's controls beside the top bar.

A mixin of :class:`~editor.game.window.GameWindow`: the actions call the window's own
methods (save, load, show the result, speed, pause, step, overlays), which live there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QComboBox, QLabel, QMenu, QWidget

from editor.game.map.view import GameMapView
from editor.game.session import SPEED_NAMES
from editor.game.topbar import SHORTCUT

if TYPE_CHECKING:
    from PySide6.QtWidgets import QDockWidget, QToolBar


def window_action(
    window: QWidget,
    text: str,
    slot: object,
    shortcut: str | QKeySequence.StandardKey | None = None,
) -> QAction:
    """A menu action of a game window, calling ``slot`` with no argument, its shortcut
    heard anywhere in the window (the action is the window's too, not only its menu's)."""
    action = QAction(text, window)
    if shortcut is not None:
        action.setShortcut(QKeySequence(shortcut))
    action.triggered.connect(lambda _checked=False: slot())  # type: ignore[operator]
    window.addAction(action)
    return action


class GameMenus:
    """Builds the menus; expects the window's docks, AI toolbar and slots."""

    docks: dict[str, QDockWidget]
    ai_toolbar: QToolBar
    leave_text: str
    map_view: GameMapView

    def _action(
        self, text: str, slot: object, shortcut: str | QKeySequence.StandardKey | None = None
    ) -> QAction:
        return window_action(self, text, slot, shortcut)  # type: ignore[arg-type]

    def _build_menus(self) -> None:
        menu = self.menuBar()
        game = menu.addMenu("&Game")
        self.next_action = self._action("&Next phase", self.next_phase, SHORTCUT)
        self.next_action.setObjectName("next-phase-action")
        self.next_action.setToolTip("End the phase (the top bar's button), or say what blocks it")
        self.take_back_action = self._action("&Take back", self.take_back, "Ctrl+Z")
        self.take_back_action.setObjectName("take-back")
        self.save_action = self._action("&Save the game…", self.save_game, "Ctrl+S")
        self.load_action = self._action("&Load a game…", self.load_game, "Ctrl+O")
        self.replay_action = self._action("&Replay with my edits", self.replay_with_edits)
        self.replay_action.setObjectName("replay-with-edits")
        self.replay_action.setToolTip(
            "Play this game again on the scenario as edited in the studio, up to where the "
            "edits make a difference, and go on from there"
        )
        self.replay_action.setVisible(False)  # only for a game started from the studio
        self.result_action = self._action("Show the &result", self.show_result)
        self.result_action.setToolTip("The end-of-game screen again (once the game is over)")
        self.leave_action = self._action(f"&{self.leave_text}", self.close, "Ctrl+W")
        self.leave_action.setObjectName("leave")
        for action in (
            self.next_action,
            self.take_back_action,
            self.replay_action,
            None,
            self.save_action,
            self.load_action,
            None,
            self._build_pbem(),
            None,
            self.result_action,
            None,
            self.leave_action,
        ):
            if action is None:
                game.addSeparator()
            elif isinstance(action, QMenu):
                game.addMenu(action)
            else:
                game.addAction(action)
        view = menu.addMenu("&View")
        self._build_overlays(view.addMenu("&Overlay"))
        view.addAction(self._action("Zoom to &fit", self.zoom_to_fit, "Ctrl+0"))
        view.addSeparator()
        panels = view.addMenu("&Panels")
        for dock in self.docks.values():
            panels.addAction(dock.toggleViewAction())
        ai = menu.addMenu("&AI")
        self.speed_group = QActionGroup(self)
        self.speed_actions: dict[str, QAction] = {}
        for key, name in SPEED_NAMES.items():
            action = self._action(name, lambda key=key: self.set_speed(key))
            action.setCheckable(True)
            action.setToolTip(f"The AI plays at {name.lower()} speed")
            self.speed_group.addAction(action)
            self.speed_actions[key] = action
            ai.addAction(action)
        # The toolbar shares the top bar's row, so the speed is one compact list there.
        self.speed_box = QComboBox()
        self.speed_box.setObjectName("ai-speed")
        self.speed_box.setToolTip("How fast the AI plays (AI menu)")
        for key, name in SPEED_NAMES.items():
            self.speed_box.addItem(name, key)
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
        # Never squeezed into its own "»" menu: the top bar's texts give way instead.
        self.ai_toolbar.setMinimumWidth(self.ai_toolbar.sizeHint().width())

    def _build_pbem(self) -> QMenu:
        """Game > Play by e-mail (P1): the actions are in :mod:`editor.game.pbem`."""
        from editor.game import pbem

        menu = QMenu("Play by &e-mail", self)
        menu.setObjectName("pbem-menu")
        for text, slot, name in (
            ("&Start a game by e-mail…", pbem.ask_start, "pbem-start"),
            ("&Open a turn file…", pbem.ask_open, "pbem-open"),
            ("&Write the turn file", pbem.write_again, "pbem-write"),
        ):
            action = self._action(text, lambda slot=slot: slot(self))
            action.setObjectName(name)
            menu.addAction(action)
        return menu

    def _build_overlays(self, menu: QMenu) -> None:
        """The map's overlays, one at a time, or none (every map knows the same ones; a new
        game's map starts with none, see :meth:`GameWindow.set_session`)."""
        group = QActionGroup(self)
        entries: list[tuple[str | None, str]] = [(None, "No overlay"), *GameMapView.overlays]
        self.overlay_actions: dict[str | None, QAction] = {}
        for name, label in entries:
            action = QAction(label, self)
            action.setCheckable(True)
            action.triggered.connect(lambda _checked=False, n=name: self.set_overlay(n))
            group.addAction(action)
            menu.addAction(action)
            self.overlay_actions[name] = action
