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
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QButtonGroup,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from editor.game.panels.knowledge import side_name, stack_words
from editor.game.session import GameSession
from editor.game.topbar import phase_name
from editor.game.wego.orders import order_words, planning_side, with_wait
from editor.game.wego.plan_map import PlanMapView
from engine.actions import Action
from engine.state import StackState
from engine.wego import plan, windows
from engine.wego.orders import CancelOrder, Order, OrderDefend, OrderHold, SealPlan

NO_ORDER = "no order (holds)"


class PlanPanel(QWidget):
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
        # -- the selected stack
        self.stack_box = QGroupBox("Selected stack")
        self.stack_label = QLabel()
        self.stack_label.setWordWrap(True)
        self.order_label = QLabel()
        self.order_label.setObjectName("plan-order")
        self.order_label.setWordWrap(True)
        self.hold_button = QPushButton("Hold")
        self.hold_button.setToolTip("Stay where it stands")
        self.defend_button = QPushButton("Defend")
        self.defend_button.setToolTip("Stay and dig in as the execution opens (where allowed)")
        self.cancel_button = QPushButton("Cancel order")
        self.hold_button.clicked.connect(lambda: self._give(OrderHold))
        self.defend_button.clicked.connect(lambda: self._give(OrderDefend))
        self.cancel_button.clicked.connect(self._cancel_selected)
        self.move_radio = QRadioButton("Move / attack")
        self.move_radio.setToolTip(
            "A click on a washed region moves there; on a region with enemies, attacks it"
        )
        self.withdraw_radio = QRadioButton("Withdraw")
        self.withdraw_radio.setToolTip(
            "A click on a washed friendly region falls back there: a withdrawal steps first "
            "and never goes into enemies"
        )
        self.move_radio.setChecked(True)
        self.modes = QButtonGroup(self)
        self.modes.addButton(self.move_radio)
        self.modes.addButton(self.withdraw_radio)
        self.move_radio.toggled.connect(lambda on: on and self.map_view.set_mode("move"))
        self.withdraw_radio.toggled.connect(lambda on: on and self.map_view.set_mode("withdraw"))
        self.wait = QSpinBox()
        self.wait.setObjectName("plan-wait")
        self.wait.setRange(0, plan.max_wait(session.game))
        self.wait.setSuffix(" ticks")
        self.wait.setToolTip(
            "How long the stack waits before it sets off (changes the selected stack's order)"
        )
        self.wait.valueChanged.connect(self._wait_changed)
        self.waypoints = QLabel()
        self.waypoints.setWordWrap(True)
        self.clear_waypoints = QPushButton("Clear waypoints")
        self.clear_waypoints.clicked.connect(self.map_view.clear_waypoints)
        # The box is kept short (the plan's lists below want the height of a 720 px screen):
        # Cancel shares its row with the wait, and a row whose widgets are all hidden (the
        # operational view hides Hold, Defend and the radios) takes no room at all.
        buttons = QHBoxLayout()
        buttons.addWidget(self.hold_button)
        buttons.addWidget(self.defend_button)
        modes = QHBoxLayout()
        modes.addWidget(self.move_radio)
        modes.addWidget(self.withdraw_radio)
        waits = QHBoxLayout()
        waits.addWidget(self.cancel_button)
        waits.addStretch(1)
        wait_words = QLabel("Wait:")
        wait_words.setToolTip(self.wait.toolTip())
        waits.addWidget(wait_words)
        waits.addWidget(self.wait)
        points = QHBoxLayout()
        points.addWidget(self.waypoints, 1)
        points.addWidget(self.clear_waypoints)
        box = QVBoxLayout(self.stack_box)
        box.setSpacing(4)
        box.setContentsMargins(8, 4, 8, 6)
        box.addWidget(self.stack_label)
        box.addWidget(self.order_label)
        box.addLayout(buttons)
        box.addLayout(modes)
        box.addLayout(waits)
        box.addLayout(points)
        # -- every order of the side
        self.orders = QTreeWidget()
        self.orders.setObjectName("plan-orders")
        self.orders.setColumnCount(2)
        self.orders.setHeaderLabels(["Stack", "Order"])
        self.orders.setRootIsDecorated(False)
        self.orders.setAlternatingRowColors(True)
        self.orders.itemSelectionChanged.connect(self._row_picked)
        self.change_button = QPushButton("Change")
        self.change_button.setToolTip("Select the stack on the map to give it another order")
        self.change_button.clicked.connect(self._row_picked)
        self.cancel_row = QPushButton("Cancel")
        self.cancel_row.setObjectName("plan-cancel-row")
        self.cancel_row.setToolTip("Take back the order of the stack picked in the list")
        self.cancel_row.clicked.connect(self._cancel_row)
        rows = QHBoxLayout()
        rows.addWidget(self.change_button)
        rows.addWidget(self.cancel_row)
        rows.addStretch(1)
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
        # The side's orders with their buttons in one widget, which the operational rules'
        # pieces move into a tab of their own (:mod:`.op_view`).
        self.orders_box = QWidget()
        self.orders_box.setObjectName("plan-orders-box")
        listing = QVBoxLayout(self.orders_box)
        listing.setContentsMargins(0, 0, 0, 0)
        listing.addWidget(QLabel("Orders of this side:"))
        listing.addWidget(self.orders, 1)
        listing.addLayout(rows)
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

    def _selected(self, side: str | None) -> StackState | None:
        stack = self.session.game.state.stacks.get(self.session.selected or "")
        return stack if stack is not None and side is not None and stack.side == side else None

    def _show_stack(self, side: str | None, legal: list[Action]) -> None:
        game = self.session.game
        stack = self._selected(side)
        self.stack_box.setEnabled(stack is not None)
        if stack is None:
            self.stack_label.setText("Select one of your stacks on the map.")
            self.order_label.setText("")
            self.order_label.hide()  # an empty line less in the short box
            for button in (self.hold_button, self.defend_button, self.cancel_button):
                button.setEnabled(False)
            self.waypoints.setText("")
            self.clear_waypoints.setEnabled(False)
            return
        region = game.world.regions[stack.region].name
        self.stack_label.setText(f"{stack_words(game, stack)} · {region}")
        order = self._order_of(side, stack.id)
        self.order_label.setText(
            f"Order: <b>{order_words(game, order)}</b>" if order else f"Order: {NO_ORDER}"
        )
        self.order_label.show()
        self.hold_button.setEnabled(OrderHold(stack.id) in legal)
        self.defend_button.setEnabled(OrderDefend(stack.id) in legal)
        self.cancel_button.setEnabled(CancelOrder(stack.id) in legal)
        wait = getattr(order, "wait", None)
        if wait is not None and wait != self.wait.value():
            self.wait.blockSignals(True)
            self.wait.setValue(wait)
            self.wait.blockSignals(False)
            self.map_view.wait = wait
        points = self.map_view.waypoints
        if points:
            names = " → ".join(game.world.regions[r].name for r in points)
            self.waypoints.setText(f"Waypoints: {names}")
        else:
            self.waypoints.setText("Shift-click regions to add waypoints.")
        self.clear_waypoints.setEnabled(bool(points))
        self._show_mode()

    def _show_mode(self) -> None:
        """The radios follow the map's mode; in a mode of the operational rules' orders
        (chosen in their table: road move, assault...) neither is checked."""
        mode = self.map_view.mode
        wanted = {"move": self.move_radio, "withdraw": self.withdraw_radio}.get(mode)
        if wanted is not None and wanted.isChecked():
            return
        for radio in (self.move_radio, self.withdraw_radio):
            radio.blockSignals(True)
        self.modes.setExclusive(False)
        self.move_radio.setChecked(wanted is self.move_radio)
        self.withdraw_radio.setChecked(wanted is self.withdraw_radio)
        self.modes.setExclusive(True)
        for radio in (self.move_radio, self.withdraw_radio):
            radio.blockSignals(False)

    def _order_of(self, side: str | None, stack_id: str) -> Order | None:
        if side is None:
            return None
        return plan.orders_of(self.session.game, side, viewer=side).get(stack_id)

    def _show_orders(self, side: str | None) -> None:
        game = self.session.game
        self.orders.blockSignals(True)
        self.orders.clear()
        if side is not None:
            given = plan.orders_of(game, side, viewer=side)
            for stack in sorted(game.state.stacks.values(), key=lambda s: s.id):
                if stack.side != side:
                    continue
                order = given.get(stack.id)
                row = QTreeWidgetItem(
                    [stack_words(game, stack), order_words(game, order) if order else NO_ORDER]
                )
                row.setData(0, Qt.ItemDataRole.UserRole, stack.id)
                row.setToolTip(1, row.text(1))
                self.orders.addTopLevelItem(row)
                if stack.id == self.session.selected:
                    row.setSelected(True)
        self.orders.resizeColumnToContents(0)
        self.orders.blockSignals(False)
        picked = self._row_stack()
        has_order = (
            picked is not None and picked in plan.orders_of(game, side, viewer=side)
            if side
            else False
        )
        self.cancel_row.setEnabled(bool(has_order))
        self.change_button.setEnabled(picked is not None)

    def order_rows(self) -> list[tuple[str, str]]:
        """The orders list as shown: (stack, order) per row (for tests and tools)."""
        return [
            (self.orders.topLevelItem(i).text(0), self.orders.topLevelItem(i).text(1))
            for i in range(self.orders.topLevelItemCount())
        ]

    # -- acting --------------------------------------------------------------------------------

    def _row_stack(self) -> str | None:
        rows = self.orders.selectedItems()
        return rows[0].data(0, Qt.ItemDataRole.UserRole) if rows else None

    def _row_picked(self) -> None:
        stack_id = self._row_stack()
        if stack_id is not None:
            self.session.select(stack_id)
            stack = self.session.game.state.stacks.get(stack_id)
            if stack is not None and stack.region in self.map_view.map_scene.points:
                self.map_view.centerOn(self.map_view.map_scene.points[stack.region])

    def _give(self, kind: type[Order]) -> None:
        stack = self._selected(self.side())
        if stack is not None:
            self.map_view.give(kind(stack.id))

    def _cancel_selected(self) -> None:
        stack = self._selected(self.side())
        if stack is not None:
            self.map_view.give(CancelOrder(stack.id))

    def _cancel_row(self) -> None:
        stack_id = self._row_stack()
        if stack_id is not None:
            self.map_view.give(CancelOrder(stack_id))

    def _wait_changed(self, value: int) -> None:
        self.map_view.wait = value
        side = self.side()
        stack = self._selected(side)
        if stack is None:
            return
        order = self._order_of(side, stack.id)
        if order is not None and getattr(order, "wait", value) != value:
            self.map_view.give(with_wait(order, value))

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
