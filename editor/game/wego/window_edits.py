"""The WEGO game window's ways back: undo and redo of the plan's edits, starting the plan
again, Game > Take back and Game > Replay with my edits.

The plan's edits are :mod:`.plan_edits`'s (kept by the planning map); taking back a person's
last action and replaying the game on the studio's edited scenario are the IGOUGO window's
own (:mod:`editor.game.window_saves`, :mod:`editor.game.replay_edits`), which work on any
window with a session, a ``set_session`` and a status bar. The menu's entries are made by the
window (:class:`~editor.game.wego.window.WegoWindow`); this mixin holds what they do.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from editor.game.window_saves import show_take_back, take_back

if TYPE_CHECKING:
    from PySide6.QtGui import QAction
    from PySide6.QtWidgets import QStackedWidget, QWidget

    from editor.game.session import GameSession
    from editor.game.wego.plan_map import PlanMapView
    from editor.game.wego.plan_panel import PlanPanel


class PlanTakeBack:
    """Undo, redo, start again, take back, replay with edits (see the module docstring)."""

    session: GameSession | None
    centre: QStackedWidget
    map_view: PlanMapView
    plan_panel: PlanPanel
    undo_action: QAction
    redo_action: QAction
    again_action: QAction

    def show_message(self, text: str) -> None:
        raise NotImplementedError

    def _planning_shown(self) -> bool:
        """The map is in the centre (not a film, nor the hand-over screen)."""
        shown: QWidget = self.centre.currentWidget()
        return shown is self.map_view

    def undo_edit(self) -> None:
        """Game > Undo: the plan's last edit, before it is sealed (:mod:`.plan_edits`)."""
        if not self._planning_shown():
            return
        if not self.plan_panel.undo():
            self.show_message("Nothing to undo in the plan being made")

    def redo_edit(self) -> None:
        if not self._planning_shown():
            return
        if not self.plan_panel.redo():
            self.show_message("Nothing to redo in the plan being made")

    def start_plan_again(self) -> None:
        if not self._planning_shown():
            return
        if not self.plan_panel.start_again():
            self.show_message("Nothing in the plan being made to take back")

    def take_back(self) -> None:
        """Game > Take back: the game as it was before the person's last action (a sealed
        plan, a reinforcement placed...), under the game's take-back rule, as in IGOUGO."""
        take_back(self)  # type: ignore[arg-type]

    def replay_with_edits(self) -> None:
        """Game > Replay with my edits (:mod:`editor.game.replay_edits`), as in IGOUGO."""
        from editor.game.replay_edits import replay_with_edits

        replay_with_edits(self)  # type: ignore[arg-type]

    def _show_edits(self) -> None:
        session = self.session
        if session is None:
            return
        edits = self.map_view.edits
        self.undo_action.setEnabled(edits.can_undo())
        self.redo_action.setEnabled(edits.can_redo())
        self.again_action.setEnabled(self.plan_panel.again_button.isEnabled())
        last = edits.undo_steps[-1].what if edits.undo_steps else ""
        self.undo_action.setText(f"&Undo {last}" if last else "&Undo the last plan edit")
        nxt = edits.redo_steps[-1].what if edits.redo_steps else ""
        self.redo_action.setText(f"&Redo {nxt}" if nxt else "&Redo the plan edit")
        show_take_back(self)  # type: ignore[arg-type]
