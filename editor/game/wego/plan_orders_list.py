"""The plan panel's list of the side's orders (:mod:`.plan_panel`): every stack of the
planning side with its order, where any order can be changed (the stack is selected on the
map: a new order replaces the old) or cancelled. Only the side's own plan is read (asked of
the engine with ``viewer`` = that side).
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from editor.game.panels.knowledge import stack_words
from editor.game.session import GameSession
from editor.game.wego.orders import order_words
from editor.game.wego.plan_map import PlanMapView
from editor.game.wego.plan_stack_box import NO_ORDER
from engine.wego import plan
from engine.wego.orders import CancelOrder


class PlanOrdersList:
    """The side's orders part of the plan panel (see the module docstring), mixed into
    :class:`~editor.game.wego.plan_panel.PlanPanel`."""

    session: GameSession
    map_view: PlanMapView

    def build_orders_list(self) -> None:
        """Make the list with its buttons in :attr:`orders_box` (the panel lays it out)."""
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
        # The side's orders with their buttons in one widget, which the operational rules'
        # pieces move into a tab of their own (:mod:`.op_view`).
        self.orders_box = QWidget()
        self.orders_box.setObjectName("plan-orders-box")
        listing = QVBoxLayout(self.orders_box)
        listing.setContentsMargins(0, 0, 0, 0)
        listing.addWidget(QLabel("Orders of this side:"))
        listing.addWidget(self.orders, 1)
        listing.addLayout(rows)

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

    def _cancel_row(self) -> None:
        stack_id = self._row_stack()
        if stack_id is not None:
            self.map_view.give(CancelOrder(stack_id))
