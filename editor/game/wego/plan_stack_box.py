"""The plan panel's box of the selected stack (:mod:`.plan_panel`): what it is and where,
the order it has, buttons for the orders that need no place (hold, defend) and to cancel, the
kind of move a click on the map gives (move and attack, or withdraw), the wait in ticks
before setting off and the waypoints clicked so far. Each button is enabled only when the
engine lists its action among the legal ones.
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QButtonGroup,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QVBoxLayout,
)

from editor.game.panels.knowledge import stack_words
from editor.game.session import GameSession
from editor.game.wego.orders import order_words, with_wait
from editor.game.wego.plan_map import PlanMapView
from engine.actions import Action
from engine.state import StackState
from engine.wego import plan
from engine.wego.orders import CancelOrder, Order, OrderDefend, OrderHold

NO_ORDER = "no order (holds)"


class PlanStackBox:
    """The selected stack's part of the plan panel (see the module docstring), mixed into
    :class:`~editor.game.wego.plan_panel.PlanPanel`."""

    session: GameSession
    map_view: PlanMapView

    def build_stack_box(self) -> None:
        """Make the box and its widgets (the panel lays the box out)."""
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
        self.modes = QButtonGroup(self.stack_box)
        self.modes.addButton(self.move_radio)
        self.modes.addButton(self.withdraw_radio)
        self.move_radio.toggled.connect(lambda on: on and self.map_view.set_mode("move"))
        self.withdraw_radio.toggled.connect(lambda on: on and self.map_view.set_mode("withdraw"))
        self.wait = QSpinBox()
        self.wait.setObjectName("plan-wait")
        self.wait.setRange(0, plan.max_wait(self.session.game))
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
        # The box shows the selected stack's wait, and none for a stack without an order:
        # a wait set for another stack must not ride on this one's next order unseen.
        wait = getattr(order, "wait", None) or 0
        if wait != self.wait.value():
            self.wait.blockSignals(True)
            self.wait.setValue(wait)
            self.wait.blockSignals(False)
            self.map_view.wait = wait
        points = self.map_view.waypoints
        if points:
            names = " → ".join(game.world.regions[r].name for r in points)
            self.waypoints.setText(f"Waypoints: {names}")
        else:
            places = "hexes" if self.map_view.map_scene.grid is not None else "regions"
            self.waypoints.setText(f"Shift-click {places} to add waypoints.")
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

    def _give(self, kind: type[Order]) -> None:
        stack = self._selected(self.map_view.planning())
        if stack is not None:
            self.map_view.give(kind(stack.id))

    def _cancel_selected(self) -> None:
        stack = self._selected(self.map_view.planning())
        if stack is not None:
            self.map_view.give(CancelOrder(stack.id))

    def _wait_changed(self, value: int) -> None:
        self.map_view.wait = value
        side = self.map_view.planning()
        stack = self._selected(side)
        if stack is None:
            return
        order = self._order_of(side, stack.id)
        if order is not None and getattr(order, "wait", value) != value:
            self.map_view.give(with_wait(order, value))
