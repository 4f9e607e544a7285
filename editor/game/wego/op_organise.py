"""Breaking units down and combining them (OU12-OU14, OT1) from the plan panel: under the
selected stack's orders, a button per unit of the stack that breaks down ("Break down 12th
Rifles") and per unit whose parts it holds ("Combine into 12th Rifles"), while the stack has
no order in the plan (an ordered stack does neither, and the order table keeps the room). A
button the engine refuses now is greyed, with the engine's reason under it, so a player learns
the limits (strength, factors, stacking, formed this turn) where they apply. Each
button gives the engine's planning action (:mod:`engine.wego.op.organise`) through the plan
like any order; the parts (or the whole unit) are selected afterwards.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QGroupBox, QLabel, QPushButton

from editor.game.panels.knowledge import unit_name
from editor.game.session import GameSession
from editor.game.wego.plan_map import PlanMapView
from editor.game.wego.plan_sections import under_orders
from editor.shared.widgets import set_muted
from engine.actions import Action
from engine.errors import IllegalAction
from engine.wego import plan
from engine.wego.op import organise
from engine.wego.op.actions import BreakDown, Combine

RULE_TIP = (
    "OU12-OU14: a regiment or brigade breaks down into three battalions, a battalion into "
    "three companies, each with a third of its factors; three parts on one hex combine "
    "again. Free in the setup; in play the units formed stay in their hex this turn "
    "(combining in the same plan takes a breakdown back)."
)


class OrganiseBox(QGroupBox):
    """The breakdowns and combines of the selected stack (see the module docstring)."""

    def __init__(self, session: GameSession, map_view: PlanMapView) -> None:
        super().__init__("Break down and combine")
        self.column = under_orders(self, "op-organise", RULE_TIP)
        self.session = session
        self.map_view = map_view
        self.buttons: dict[str, QPushButton] = {}
        """Each offered action's button, by ``<kind>:<unit>`` (for tests and tooling)."""
        session.changed.connect(self.refresh)
        session.selectionChanged.connect(lambda _s: self.refresh())
        session.toAct.connect(lambda _s: self.refresh())
        map_view.planChanged.connect(self.refresh)
        self.refresh()

    def offered(self) -> list[Action]:
        """The breakdowns and combines the selected stack of the planning side could take
        (legal or not), in the stack's order."""
        game = self.session.game
        side = self.map_view.planning()
        stack = game.state.stacks.get(self.session.selected or "")
        if side is None or stack is None or stack.side != side:
            return []
        if stack.id in plan.orders_of(game, side, viewer=side):
            return []  # an ordered stack neither breaks down nor combines: the table keeps room
        world = game.world
        parents = {p.parent for p in world.parts.values()}
        out: list[Action] = []
        for unit_id in stack.units:
            if unit_id in parents:
                out.append(BreakDown(unit_id))
            elif unit_id in world.parts:
                whole = Combine(world.parts[unit_id].parent)
                if whole not in out:
                    out.append(whole)
        return out

    def refresh(self) -> None:
        while self.column.count():
            item = self.column.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.deleteLater()
        self.buttons = {}
        offered = self.offered()
        self.setVisible(bool(offered))
        game = self.session.game
        stack = game.state.stacks.get(self.session.selected or "")
        if offered and stack is not None and organise.holds_formed(game, stack):
            stays = QLabel("Formed this turn: the stack stays in its hex (Hold or Defend).")
            stays.setWordWrap(True)
            self.column.addWidget(set_muted(stays))
        for action in offered:
            assert isinstance(action, BreakDown | Combine)
            name = unit_name(game, action.unit)
            words = (
                f"Break down {name}" if isinstance(action, BreakDown) else f"Combine into {name}"
            )
            button = QPushButton(words)
            button.setObjectName(f"op-{action.kind.removeprefix('op_')}-{action.unit}")
            button.setToolTip(RULE_TIP)
            try:
                plan.check(game, action)
            except IllegalAction as why:
                button.setEnabled(False)
                self.column.addWidget(button)
                reason = QLabel(str(why))
                reason.setTextFormat(Qt.TextFormat.PlainText)
                reason.setWordWrap(True)
                self.column.addWidget(set_muted(reason, "margin-left: 6px;"))
            else:
                button.clicked.connect(lambda _c=False, a=action: self.give(a))
                self.column.addWidget(button)
            self.buttons[f"{action.kind}:{action.unit}"] = button

    def give(self, action: BreakDown | Combine) -> bool:
        """Give the action through the plan; select what it made and say so."""
        game = self.session.game
        if not self.map_view.give(action):
            return False
        if isinstance(action, BreakDown):
            made = [p.id for p in game.world.parts.values() if p.parent == action.unit]
            words = ", ".join(unit_name(game, u) for u in made)
            self.map_view.message.emit(f"Broken down into {words}")
        else:
            made = [action.unit]
            self.map_view.message.emit(f"Combined into {unit_name(game, action.unit)}")
        stack = game.state.units[made[0]].stack
        if stack is not None:
            self.session.select(stack)
        return True
