"""The engineers' orders of the operational rules in the plan panel (OO14, OE2-OE5).

One row per engineer of the side planning (combat and bridging engineers on the map), with
the hex it stands in and its order in force; under it, the tasks it may take from there, each
with its chance per turn or the turns it takes (the engine lists only the valid ones:
:func:`engine.wego.op.works.options`), and "Stop working" when it has an order. A click on a
task gives it (as the supply orders, it is taken back from its own row, "Stop working", not
with the plan's Undo, which follows the stacks' orders); the engineers of the selected stack
come first and are expanded. An order stays in force turn after turn until its work is
done, so the row shows it again at the next turn's planning.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QLabel, QTreeWidget, QTreeWidgetItem, QVBoxLayout, QWidget

from editor.game.panels.knowledge import unit_name
from editor.game.session import GameSession
from editor.game.wego.plan_map import PlanMapView
from editor.game.wego.tree_clicks import TreeClicks
from editor.shared.widgets import set_muted
from engine.actions import Action
from engine.game import Game
from engine.wego.op import state as op_state
from engine.wego.op import works
from engine.wego.op.actions import CancelEngineer, OrderEngineer

ENGINEERS = ("combat_engineer", "bridging_engineer")


def has_engineers(game: Game) -> bool:
    """Whether the scenario has a unit type of engineers (the tab shows only then: a
    scenario without any would offer an empty list)."""
    return any(
        kind.operational is not None and kind.operational.category in ENGINEERS
        for kind in game.scenario.unit_types
    )


class EngineersBox(QWidget):
    """The side's engineers and their tasks (see the module docstring)."""

    def __init__(self, session: GameSession, map_view: PlanMapView) -> None:
        super().__init__()
        self.setObjectName("op-engineers")
        self.session = session
        self.map_view = map_view
        self.table = QTreeWidget()
        self.table.setObjectName("op-engineer-tasks")
        self.table.setColumnCount(1)
        self.table.setHeaderHidden(True)
        self.table.setWordWrap(True)
        self.clicks = TreeClicks(self.table, self._chosen, self.refresh)
        self.hint = set_muted(QLabel())
        self.hint.setWordWrap(True)
        column = QVBoxLayout(self)
        column.setContentsMargins(4, 4, 4, 4)
        column.addWidget(self.table, 1)
        column.addWidget(self.hint)
        session.changed.connect(self.refresh)
        session.selectionChanged.connect(lambda _s: self.refresh())
        session.toAct.connect(lambda _s: self.refresh())
        map_view.planChanged.connect(self.refresh)
        self.refresh()

    def engineers(self, side: str) -> list[str]:
        """The side's engineers on the map, those of the selected stack first."""
        game = self.session.game
        selected = game.state.stacks.get(self.session.selected or "")
        first = set(selected.units) if selected is not None else set()
        found = [
            u.id
            for u in op_state.units(game).values()
            if u.side == side and u.category in ENGINEERS
        ]
        return sorted(found, key=lambda u: (u not in first, u))

    def refresh(self) -> None:
        if self.clicks.later():
            return
        game = self.session.game
        side = self.map_view.planning()
        self.table.clear()
        if side is None:
            self.hint.setText("Engineers get their work while their side plans.")
            return
        given = works.orders(game, side, viewer=side)
        units = op_state.units(game)
        selected = game.state.stacks.get(self.session.selected or "")
        board = op_state.base_board(game)
        names = self.engineers(side)
        for unit_id in names:
            unit = units[unit_id]
            order = given.get(unit_id)
            title = f"{unit_name(game, unit_id)} · {board.hex_ids[unit.hex]}"
            row = QTreeWidgetItem([title if order is not None else f"{title} · no order"])
            row.setData(0, Qt.ItemDataRole.UserRole, None)
            row.setToolTip(0, row.text(0))
            for option in works.options(game, side, unit_id, viewer=side):
                toward = board.hex_ids[option.toward] if option.toward >= 0 else ""
                action = OrderEngineer(unit_id, option.task, toward)
                words = works.option_words(game, unit_id, option)
                current = order is not None and works.order_option(game, order) == option
                child = QTreeWidgetItem([f"\u2713 {words}" if current else words])
                # The order in force is bold with a tick; a click on it gives nothing new.
                child.setData(0, Qt.ItemDataRole.UserRole, None if current else action)
                child.setToolTip(
                    0,
                    "Its order, in force until the work is done" if current else "Click to give it",
                )
                if current:
                    font = QFont(child.font(0))
                    font.setBold(True)
                    child.setFont(0, font)
                row.addChild(child)
            if order is not None:
                child = QTreeWidgetItem(["Stop working"])
                child.setData(0, Qt.ItemDataRole.UserRole, CancelEngineer(unit_id))
                child.setToolTip(0, "Take the order back: the engineer stops its work")
                row.addChild(child)
            self.table.addTopLevelItem(row)
            in_selected = selected is not None and unit_id in selected.units
            row.setExpanded(in_selected or order is not None or len(names) <= 3)
        if not names:
            self.hint.setText("This side has no engineers on the map.")
        else:
            self.hint.setText(
                "Click a task to give it. Orders stay in force turn after turn until the work "
                "is done; the map marks the hexsides they work on."
            )

    def _chosen(self, row: QTreeWidgetItem, _column: int = 0) -> None:
        action = row.data(0, Qt.ItemDataRole.UserRole)
        if not isinstance(action, Action) or row.isDisabled():
            return
        if self.map_view.give(action):
            game = self.session.game
            if isinstance(action, CancelEngineer):
                words = f"{unit_name(game, action.unit)} stops working"
            else:
                order = works.EngineerOrder(action.unit, action.task, action.toward)
                task = works.option_words(game, action.unit, works.order_option(game, order))
                words = f"{unit_name(game, action.unit)}: {task}"
            self.map_view.message.emit(words)
