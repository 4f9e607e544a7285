"""OO1 in the plan panel: a chosen part of the selected stack gets its own order.

Under the selected stack's order types, while the stack has no order in the plan, a check
box per unit of a stack of two or more and a *Detach checked* button: the checked units
leave the stack at once and form a stack of their own on the hex (the engine's
:class:`~engine.wego.op.actions.Detach`), which is selected, so the next click on the map
orders it; the rest keep the old stack (click it on the map, or in the *All orders* list, to
order it). When other stacks of the side without orders stand on the same hex, *Join the
stacks here* puts them back into one (:class:`~engine.wego.op.actions.Join`). Both go
through the plan like any order, so the plan's Undo takes them back.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QGroupBox, QLabel, QPushButton

from editor.game.panels.knowledge import unit_name
from editor.game.session import GameSession
from editor.game.wego.plan_map import PlanMapView
from editor.game.wego.plan_sections import under_orders
from editor.shared.widgets import set_muted
from engine import board
from engine.errors import IllegalAction
from engine.state import StackState
from engine.wego import plan
from engine.wego.op.actions import Detach, Join

RULE_TIP = (
    "OO1: some units of a stack may be sent one way and the rest another. Check the units "
    "to send apart and detach them: they form a stack of their own on the hex, ordered on "
    "their own. The parts stay apart after the turn; join them again here in a later plan."
)


class DetachBox(QGroupBox):
    """The selected stack's units to detach, and joining the stacks of its hex (see the
    module docstring)."""

    def __init__(self, session: GameSession, map_view: PlanMapView) -> None:
        super().__init__("Parts of the stack")
        self.column = under_orders(self, "op-detach", RULE_TIP)
        self.session = session
        self.map_view = map_view
        self.checks: dict[str, QCheckBox] = {}
        """Each unit's check box, by unit id (for tests and tooling)."""
        self.detach_button = QPushButton("Detach checked")
        self.detach_button.setObjectName("op-detach-button")
        self.detach_button.setToolTip(RULE_TIP)
        self.detach_button.clicked.connect(self.detach)
        self.join_button = QPushButton("Join the stacks here")
        self.join_button.setObjectName("op-join-button")
        self.join_button.setToolTip(
            "Put every stack of yours on this hex without an order back into one stack (OO1)"
        )
        self.join_button.clicked.connect(self.join)
        self.reason = QLabel()
        self.reason.setTextFormat(Qt.TextFormat.PlainText)
        self.reason.setWordWrap(True)
        set_muted(self.reason, "margin-left: 6px;")
        for widget in (self.detach_button, self.reason, self.join_button):
            self.column.addWidget(widget)  # the units' check boxes go above them
        session.changed.connect(self.refresh)
        session.selectionChanged.connect(lambda _s: self.refresh())
        session.toAct.connect(lambda _s: self.refresh())
        map_view.planChanged.connect(self.refresh)
        self.refresh()

    def _stack(self) -> StackState | None:
        """The selected stack of the side planning, when it has no order."""
        game = self.session.game
        side = self.map_view.planning()
        stack = game.state.stacks.get(self.session.selected or "")
        if side is None or stack is None or stack.side != side:
            return None
        if stack.id in plan.orders_of(game, side, viewer=side):
            return None  # an ordered stack is neither split nor joined: the table keeps room
        return stack

    def _others(self, stack: StackState) -> list[StackState]:
        """The side's other stacks on the hex without an order (to join)."""
        game = self.session.game
        given = plan.orders_of(game, stack.side, viewer=stack.side)
        return [
            s
            for s in board.stacks_in(game, stack.region, stack.side)
            if s.id != stack.id and s.id not in given and s.structure == stack.structure
        ]

    def refresh(self) -> None:
        for widget in self.checks.values():
            self.column.removeWidget(widget)
            widget.deleteLater()
        self.checks = {}
        stack = self._stack()
        others = self._others(stack) if stack is not None else []
        many = stack is not None and len(stack.units) > 1
        self.setVisible(many or bool(others))
        self.detach_button.setVisible(many)
        self.reason.setVisible(False)
        self.join_button.setVisible(bool(others))
        if stack is None:
            return
        game = self.session.game
        if many:
            for index, unit_id in enumerate(stack.units):
                box = QCheckBox(unit_name(game, unit_id))
                box.setObjectName(f"op-detach-unit-{unit_id}")
                box.setToolTip(RULE_TIP)
                box.toggled.connect(lambda _on: self._show_detach())
                self.column.insertWidget(index, box)
                self.checks[unit_id] = box
            self._show_detach()
        if others:
            self.join_button.setText(f"Join the {len(others) + 1} stacks here")

    def checked(self) -> tuple[str, ...]:
        """The units checked, in the stack's order."""
        return tuple(u for u, box in self.checks.items() if box.isChecked())

    def _show_detach(self) -> None:
        """The button is enabled for a part the engine would detach; else why not, under it."""
        units = self.checked()
        why = ""
        if not units:
            why = "Check the units to send apart."
        else:
            try:
                plan.check(self.session.game, Detach(units))
            except IllegalAction as refusal:
                why = str(refusal)
        self.detach_button.setEnabled(not why)
        self.reason.setText(why)
        self.reason.setVisible(bool(why))

    def detach(self) -> bool:
        """Detach the checked units; their new stack is selected, to be ordered next."""
        units = self.checked()
        game = self.session.game
        if not units or not self.map_view.give(Detach(units)):
            return False
        words = ", ".join(unit_name(game, u) for u in units)
        self.map_view.message.emit(
            f"Detached {words}: order it on the map; the rest stay in their stack"
        )
        self.session.select(game.state.units[units[0]].stack)
        return True

    def join(self) -> bool:
        """Join the selected stack and the side's other stacks of its hex without orders."""
        stack = self._stack()
        if stack is None:
            return False
        units = (stack.units[0], *(s.units[0] for s in self._others(stack)))
        if not self.map_view.give(Join(units)):
            return False
        self.map_view.message.emit("Joined the stacks here into one")
        self.session.select(self.session.game.state.units[units[0]].stack)
        return True
