"""The orders of the operational rules in the plan panel (docs/wego.md, "Operational games"):
every order a stack may be given, what it moves as and with how many MP, its parameters, and,
for an attack order, the odds it would fight at before the plan is sealed.

The table lists each order type (OO4): Move and Withdraw move in Move and Defend mode, Attack
in Move and Attack mode (each mode has its own MP, OM1), Hold and Defend stay. A row is
enabled when the engine lists that order among the selected stack's legal actions, and the
stack's own order is in bold; the map gives the place (a click, a drag, waypoints) and the
panel the wait. Under it, the selected stack's attack order shows its odds from the engine's
odds preview (:func:`engine.wego.op.queries.attack_odds`): both sides' totals, the basic
odds, every shift with its rule, the final odds, the results column and the intensity.
"""

from __future__ import annotations

from html import escape

from PySide6.QtGui import QFont
from PySide6.QtWidgets import QGroupBox, QLabel, QTreeWidget, QTreeWidgetItem, QVBoxLayout

from editor.game.session import GameSession
from editor.game.wego.plan_map import PlanMapView
from engine.errors import IllegalAction
from engine.operational import OddsPreview
from engine.wego import plan
from engine.wego.op import queries
from engine.wego.orders import (
    Order,
    OrderAttack,
    OrderDefend,
    OrderHold,
    OrderMove,
    OrderWithdraw,
)

MODE_WORDS = {"move_defend": "Move and Defend", "move_attack": "Move and Attack"}

ORDER_TYPES: list[tuple[type[Order], str, str]] = [
    (
        OrderMove,
        "Move",
        "route: click or drag to a hex, shift-click for waypoints · wait before setting off",
    ),
    (
        OrderAttack,
        "Attack",
        "target: a hex holding enemies you see · route to it (or attack from where it stands)"
        " · wait",
    ),
    (
        OrderWithdraw,
        "Withdraw",
        "route to a friendly hex (Withdraw mode above): steps first, never into enemies · wait",
    ),
    (OrderHold, "Hold", "none: stays where it stands (what a stack without an order does)"),
    (OrderDefend, "Defend", "none: stays and digs in where the rules allow it"),
]
"""Every order type of the operational family, its name and its parameters."""


def odds_html(preview: OddsPreview) -> str:
    """Every part of an attack's odds, as the panel shows them."""
    rows = [
        f"Attack <b>{preview.attack_total:g}</b> against defence "
        f"<b>{preview.defence_total:g}</b>: basic odds <b>{escape(preview.basic_text)}</b>"
    ]
    if preview.shifts:
        items = "".join(
            f"<li>{s.value:+d} {escape(s.kind.replace('_', ' '))} ({escape(s.item)}): "
            f"{escape(s.detail)}</li>"
            for s in preview.shifts
        )
        rows.append(f"Shifts, {preview.total_shift:+d} in all:<ul style='margin:0'>{items}</ul>")
    else:
        rows.append("No shifts")
    column = f"{preview.column_odds:g}:1" if preview.column_odds >= 1 else preview.final_text
    rows.append(
        f"Final odds <b>{escape(preview.final_text)}</b> · results column "
        f"<b>{escape(column)}</b> · intensity <b>{escape(str(preview.intensity))}</b>"
    )
    return "<br>".join(rows)


class OpOrdersBox(QGroupBox):
    """The order types and the selected stack's odds (see the module docstring)."""

    def __init__(self, session: GameSession, map_view: PlanMapView) -> None:
        super().__init__("Orders of the operational rules")
        self.setObjectName("op-orders")
        self.session = session
        self.map_view = map_view
        self.table = QTreeWidget()
        self.table.setObjectName("op-order-types")
        self.table.setColumnCount(4)
        self.table.setHeaderLabels(["Order", "Moves as", "MP", "Parameters"])
        self.table.setRootIsDecorated(False)
        self.table.setSelectionMode(QTreeWidget.SelectionMode.NoSelection)
        self.table.setWordWrap(True)
        self.odds = QLabel()
        self.odds.setObjectName("op-odds")
        self.odds.setWordWrap(True)
        self.odds.setTextFormat(self.odds.textFormat().RichText)
        column = QVBoxLayout(self)
        column.addWidget(self.table)
        column.addWidget(self.odds)
        self.preview: OddsPreview | None = None
        session.changed.connect(self.refresh)
        session.selectionChanged.connect(lambda _s: self.refresh())
        session.toAct.connect(lambda _s: self.refresh())
        map_view.planChanged.connect(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        game = self.session.game
        side = self.map_view.planning()
        stack = game.state.stacks.get(self.session.selected or "")
        if stack is not None and stack.side != side:
            stack = None
        legal = self.map_view.legal_actions() if side is not None else []
        mine = [a for a in legal if stack is not None and getattr(a, "stack", None) == stack.id]
        given = plan.orders_of(game, side, viewer=side).get(stack.id) if side and stack else None
        mp = queries.allowances(game, stack.id) if stack is not None else {}
        self.table.clear()
        for kind, name, parameters in ORDER_TYPES:
            mode = queries.movement_mode(kind.kind)
            moves = MODE_WORDS.get(mode, mode) if mode else "stays"
            points = f"{mp[mode]:g}" if mode and mode in mp else "\u2013"
            row = QTreeWidgetItem([name, moves, points, parameters])
            row.setToolTip(3, parameters)
            row.setDisabled(not any(isinstance(a, kind) for a in mine))
            if given is not None and type(given) is kind:
                font = QFont(row.font(0))
                font.setBold(True)
                for n in range(4):
                    row.setFont(n, font)
            self.table.addTopLevelItem(row)
        for n in range(3):
            self.table.resizeColumnToContents(n)
        self.table.setFixedHeight(
            self.table.sizeHintForRow(0) * (len(ORDER_TYPES) + 1) + 2 * self.table.frameWidth() + 4
        )
        self.preview = None
        if stack is None:
            self.odds.setText("Select one of your stacks to see what its orders move it by.")
        elif isinstance(given, OrderAttack):
            try:
                self.preview = queries.attack_odds(game, given)
            except IllegalAction as why:
                self.odds.setText(f"No odds for this attack: {escape(str(why))}")
            else:
                self.odds.setText(odds_html(self.preview))
        else:
            self.odds.setText("Give the stack an attack order to see its odds here.")
