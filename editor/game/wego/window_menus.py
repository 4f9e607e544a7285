"""The WEGO game window's menus: Game (saving, play by e-mail, the phase, the plan's undo and
take-back, the films, leaving) and View (zoom, the docks, the operational overlays).

The window (:class:`~editor.game.wego.window.WegoWindow`) builds them once, before its first
game; what their entries do is the window's own and its mixins' (:mod:`.window_edits`,
:mod:`.window_film`). The Overlays submenu is filled by an operational game's view
(:mod:`.op_view`) and hidden for the area family.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMenu

from editor.game.wego.phase_box import SHORTCUT
from editor.game.window_menus import window_action

if TYPE_CHECKING:
    from PySide6.QtWidgets import QDockWidget

    from editor.game.wego.plan_map import PlanMapView


class WindowMenus(QMainWindow):
    """The menus of the WEGO game window (see the module docstring)."""

    leave_text: str
    map_view: PlanMapView
    plan_dock: QDockWidget
    hand_dock: QDockWidget
    decisions_dock: QDockWidget
    battle_dock: QDockWidget
    battles_dock: QDockWidget
    stats_dock: QDockWidget
    victory_dock: QDockWidget

    # The entries' slots, defined by the window and its mixins.
    save_game: object
    load_game: object
    watch_last_film: object
    show_final_film: object
    end_phase: object
    undo_edit: object
    redo_edit: object
    start_plan_again: object
    take_back: object
    replay_with_edits: object

    def _action(self, text: str, slot: object, shortcut: str | None = None) -> QAction:
        return window_action(self, text, slot, shortcut)

    def _build_menus(self) -> None:
        game = self.menuBar().addMenu("&Game")
        self.save_action = self._action("&Save the game…", self.save_game, "Ctrl+S")
        self.load_action = self._action("&Load a game…", self.load_game, "Ctrl+O")
        self.film_action = self._action("Watch the last &film", self.watch_last_film, "Ctrl+F")
        self.film_action.setToolTip("The film of the last turn carried out, as your side saw it")
        self.final_action = self._action("The final fil&m", self.show_final_film)
        self.final_action.setToolTip("Every turn of the game without fog of war (at its end)")
        self.end_phase_action = self._action("&End the phase", self.end_phase, SHORTCUT)
        self.end_phase_action.setToolTip(
            "End the phase played before the plans or after the execution"
        )
        self.undo_action = self._action("&Undo the last plan edit", self.undo_edit, "Ctrl+Z")
        self.redo_action = self._action("&Redo the plan edit", self.redo_edit, "Ctrl+Y")
        self.redo_action.setShortcuts([QKeySequence("Ctrl+Y"), QKeySequence("Ctrl+Shift+Z")])
        self.again_action = self._action("Start the &plan again", self.start_plan_again)
        self.again_action.setToolTip(
            "Take the whole plan being made back: orders of every kind, setups, breakdowns"
            " and combines (Undo restores)"
        )
        self.take_back_action = self._action("&Take back", self.take_back)
        self.take_back_action.setObjectName("take-back")
        self.replay_action = self._action("&Replay with my edits", self.replay_with_edits)
        self.replay_action.setObjectName("replay-with-edits")
        self.replay_action.setToolTip(
            "Play this game again on the scenario as the studio has it now, up to where your "
            "edits first change it"
        )
        self.replay_action.setVisible(False)  # only for a game started from the studio
        self.leave_action = self._action(f"&{self.leave_text}", self.close, "Ctrl+W")
        self.leave_action.setObjectName("leave")
        for action in (self.save_action, self.load_action):
            game.addAction(action)
        game.addMenu(self._build_pbem())
        game.addSeparator()
        game.addAction(self.end_phase_action)
        game.addSeparator()
        for action in (
            self.undo_action,
            self.redo_action,
            self.again_action,
            self.take_back_action,
            self.replay_action,
        ):
            game.addAction(action)
        game.addSeparator()
        game.addAction(self.film_action)
        game.addAction(self.final_action)
        game.addSeparator()
        game.addAction(self.leave_action)
        view = self.menuBar().addMenu("&View")
        view.addAction(self._action("Zoom to &fit", lambda: self.map_view.zoom_to_fit(), "0"))
        for dock in self._docks():
            view.addAction(dock.toggleViewAction())
        self.op_separator = view.addSeparator()
        self.op_menu = view.addMenu("&Overlays")
        self.op_menu.setObjectName("op-overlays-menu")

    def _docks(self) -> tuple:
        return (
            self.plan_dock,
            self.hand_dock,
            self.decisions_dock,
            self.battle_dock,
            self.battles_dock,
            self.stats_dock,
            self.victory_dock,
        )

    def _build_pbem(self) -> QMenu:
        """Game > Play by e-mail, as in IGOUGO games (:mod:`editor.game.pbem`): a turn file
        holds one side's sealed plan (docs/wego.md)."""
        from editor.game import pbem

        menu = QMenu("Play by &e-mail", self)
        menu.setObjectName("pbem-menu")
        for text, slot, name in (
            ("&Start a game by e-mail…", pbem.ask_start, "pbem-start"),
            ("&Open a turn file…", pbem.ask_open, "pbem-open"),
            ("&Write the turn file", pbem.write_again, "pbem-write"),
        ):
            action = self._action(text, lambda slot=slot: slot(self))  # type: ignore[misc]
            action.setObjectName(name)
            menu.addAction(action)
        return menu
