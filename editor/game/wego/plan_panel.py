"""The plan panel of a WEGO turn: the selected stack's order, every order of the side, and
sealing the plan.

The panel shows only the planning person's own plan (asked of the engine with ``viewer`` =
that side): the selected stack and the order it has, buttons for the orders that need no
place (hold, defend) and to cancel, the kind of move a click on the map gives (move and
attack, or withdraw), the wait in ticks before setting off, the waypoints clicked so far,
and the list of the side's stacks with their orders, where any order can be changed (the
stack is selected on the map: a new order replaces the old) or cancelled. "Seal plan"
closes the plan for good. Every button is enabled only when the engine lists its action
among the legal ones.

The selected stack's box is :mod:`.plan_stack_box`'s, the list of the side's orders
:mod:`.plan_orders_list`'s; this module lays them out with the title, taking back edits and
sealing.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from editor.game.panels.knowledge import side_name
from editor.game.session import GameSession
from editor.game.topbar import phase_name
from editor.game.wego.orders import planning_side
from editor.game.wego.plan_map import PlanMapView
from editor.game.wego.plan_orders_list import PlanOrdersList
from editor.game.wego.plan_stack_box import PlanStackBox
from engine.wego import plan, windows
from engine.wego.orders import SealPlan


class PlanPanel(PlanStackBox, PlanOrdersList, QWidget):
    """The planning side's orders (see the module docstring)."""

    def __init__(self, session: GameSession, map_view: PlanMapView) -> None:
        super().__init__()
        self.setObjectName("plan-panel")
        self.session = session
        self.map_view = map_view
        self.title = QLabel()
        self.title.setObjectName("plan-title")
        self.title.setWordWrap(True)
        self.title.setStyleSheet("font-weight: bold; font-size: 11pt;")
        self.hint = QLabel()
        self.hint.setWordWrap(True)
        self.build_stack_box()
        self.build_orders_list()
        # Taking back edits of the plan before it is sealed (:mod:`.plan_edits`).
        edits = map_view.edits
        self.undo_button = QPushButton("Undo")
        self.undo_button.setObjectName("plan-undo")
        self.undo_button.clicked.connect(self.undo)
        self.redo_button = QPushButton("Redo")
        self.redo_button.setObjectName("plan-redo")
        self.redo_button.clicked.connect(self.redo)
        self.again_button = QPushButton("Start again")
        self.again_button.setObjectName("plan-start-again")
        self.again_button.clicked.connect(self.start_again)
        undo_row = QHBoxLayout()
        for widget in (self.undo_button, self.redo_button, self.again_button):
            undo_row.addWidget(widget)
        undo_row.addStretch(1)
        self.undo_row = undo_row
        """The row of Undo, Redo and Start again (the operational Helpers button joins it)."""
        edits.changed.connect(self._show_edits)
        self.seal_button = QPushButton("Seal plan")
        self.seal_button.setObjectName("seal-plan")
        self.seal_button.setToolTip(
            "Close the plan for good: the orders are carried out once every side has sealed"
        )
        self.seal_button.setStyleSheet("font-weight: bold; padding: 6px;")
        self.seal_button.clicked.connect(self.seal)
        self.seal_guard: Callable[[Callable[[], bool]], bool] | None = None
        """Asked before sealing with the sealing itself (OO18's check, :mod:`.op_helpers`):
        ``True`` when it asks the person first and seals on their answer."""
        column = QVBoxLayout(self)
        column.setContentsMargins(6, 6, 6, 6)  # the map keeps the width (1280 px screens)
        column.addWidget(self.title)
        column.addWidget(self.hint)
        column.addWidget(self.stack_box)
        column.addWidget(self.orders_box, 1)
        column.addLayout(undo_row)
        column.addWidget(self.seal_button)
        session.changed.connect(self.refresh)
        session.selectionChanged.connect(lambda _s: self.refresh())
        session.toAct.connect(lambda _s: self.refresh())
        session.handover.connect(lambda _s: self.refresh())
        map_view.planChanged.connect(self.refresh)
        self.refresh()

    # -- what is shown -------------------------------------------------------------------------

    def side(self) -> str | None:
        """The person planning now (``None``: nobody here plans)."""
        return self.map_view.planning()

    def refresh(self) -> None:
        session = self.session
        game = session.game
        side = self.side()
        legal = self.map_view.legal_actions() if side is not None else []
        planner = planning_side(game)
        if side is not None:
            self.title.setText(f"Plan of {side_name(game, side)} · turn {game.turn}")
            self.hint.setText(
                "Select a stack, then click where it goes (shift-click adds a waypoint), "
                "or drag it there."
            )
        elif planner is not None:
            self.title.setText(f"{side_name(game, planner)} is planning · turn {game.turn}")
            self.hint.setText("Your plan is sealed." if session.viewer in plan.sealed(game) else "")
        elif windows.stage(game) == "before" and not session.over:
            self.title.setText(f"Turn {game.turn}: the plans open next")
            self.hint.setText(
                f"First, each side plays its {phase_name(game.phase).lower()} phase and the "
                "others before the plans (the box above the map)."
            )
        elif windows.stage(game) == "after" and not session.over:
            self.title.setText(f"Turn {game.turn} carried out")
            self.hint.setText(
                f"Each side plays its {phase_name(game.phase).lower()} phase and the others "
                "after the execution (the box above the map); then the next turn's plans open."
            )
        else:
            self.title.setText("No plan is open")
            self.hint.setText("")
        self._show_stack(side, legal)
        self._show_orders(side)
        self.seal_button.setEnabled(side is not None and SealPlan() in legal)
        self._show_edits()

    def _show_edits(self) -> None:
        edits = self.map_view.edits
        side = self.side()
        self.undo_button.setEnabled(edits.can_undo())
        self.redo_button.setEnabled(edits.can_redo())
        clear = edits.to_clear() if side is not None else ""
        self.again_button.setEnabled(bool(clear))
        self.again_button.setToolTip(
            f"Take the whole plan back: {clear} (Undo brings them back)"
            if clear
            else "Nothing in the plan to take back"
        )
        last = edits.undo_steps[-1].what if edits.undo_steps else None
        self.undo_button.setToolTip(f"Undo {last} (Ctrl+Z)" if last else "Nothing to undo")
        nxt = edits.redo_steps[-1].what if edits.redo_steps else None
        self.redo_button.setToolTip(f"Redo {nxt} (Ctrl+Y)" if nxt else "Nothing to redo")

    def undo(self) -> bool:
        """Undo the plan's last edit (says what in the status bar)."""
        step = self.map_view.edits.undo()
        if step is not None:
            self.map_view.message.emit(f"Undone: {step.what}")
        return step is not None

    def redo(self) -> bool:
        step = self.map_view.edits.redo()
        if step is not None:
            self.map_view.message.emit(f"Redone: {step.what}")
        return step is not None

    def start_again(self) -> bool:
        """Take the whole plan back (orders of every kind, setups, breakdowns and combines),
        in one step Undo takes back; the status line names what was cleared."""
        self.session.select(None)
        words = self.map_view.edits.start_again()
        if words:
            self.map_view.message.emit(f"The plan starts again: {words} taken back (Undo)")
        return bool(words)

    def seal(self) -> bool:
        """Seal the plan (the engine's ``seal_plan``), unless :attr:`seal_guard` asks first."""
        if self.side() is None:
            return False
        if self.seal_guard is not None and self.seal_guard(self.seal_now):
            return False
        return self.seal_now()

    def seal_now(self) -> bool:
        if self.side() is None:
            return False
        self.session.select(None)
        return self.map_view.give(SealPlan())
