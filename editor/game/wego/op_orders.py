"""The orders of the operational rules in the plan panel (docs/wego.md, "In the game view"):
every order a stack may be given, what it moves as and with how many MP, its parameters, and,
for an attack order, the odds it would fight at before the plan is sealed.

The table lists each order type (OO4): Move and Withdraw move in Move and Defend mode, Attack
in Move and Attack mode (each mode has its own MP, OM1), Hold and Defend stay. A row is
enabled when the engine lists that order among the selected stack's legal actions, and the
stack's own order is in bold; the map gives the place (a click, a drag, waypoints) and the
panel the wait. Under it, the selected stack's attack order shows its odds from the engine's
odds preview (:func:`engine.wego.op.map_queries.attack_odds`): both sides' totals, the basic
odds, every shift with its rule, the final odds, the results column and the intensity.
"""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QFont
from PySide6.QtWidgets import (
    QGroupBox,
    QHeaderView,
    QLabel,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
)

from editor.game.session import GameSession
from editor.game.wego.plan_map import PlanMapView
from editor.game.wego.tree_clicks import TreeClicks
from engine.errors import IllegalAction
from engine.operational import OddsPreview
from engine.wego import plan
from engine.wego.op import map_queries
from engine.wego.orders import (
    Order,
    OrderAssault,
    OrderAttack,
    OrderAttackNoAdvance,
    OrderDefend,
    OrderHold,
    OrderHoldAtAllCosts,
    OrderIgnoreEnemy,
    OrderMove,
    OrderRoadMove,
    OrderWithdraw,
    OrderWithdrawIfAttacked,
)

HIGHLIGHT = "#fff2b3"
"""The row of the order the map's next click gives, when it is not a plain move."""

MODE_WORDS = {
    "move_defend": "Move and Defend",
    "move_attack": "Move and Attack",
    "road": "Road Movement",
}

ORDER_TYPES: list[tuple[type[Order], str, str, str, str | None]] = [
    (
        OrderMove,
        "Move",
        "route, wait",
        "Route: click or drag to a hex (shift-click adds waypoints); wait: ticks before it "
        "sets off (the panel's Wait)",
        "move",
    ),
    (
        OrderAttack,
        "Attack",
        "target, route, wait",
        "Target: a hex holding enemies you see (click it); route: the way there, or none to "
        "attack from where the stack stands; wait: ticks before it sets off",
        "move",
    ),
    (
        OrderAssault,
        "Assault",
        "target, route, wait",
        "An attack one intensity level higher (OO7): more damage to both sides. Choose this "
        "row, then click the target",
        "assault",
    ),
    (
        OrderAttackNoAdvance,
        "Attack without advance",
        "target, route, wait",
        "An attack whose stack never advances into the hex it wins (OO7). Choose this row, "
        "then click the target",
        "no_advance",
    ),
    (
        OrderIgnoreEnemy,
        "Move ignoring enemy",
        "route, wait",
        "A route plotted as if no enemy were there, through or onto hexes holding enemies you "
        "expect to leave (OO3); an enemy still there when it gets next to it stops it in the "
        "hex short of it, without a fight, and enemy zones are paid as met. Choose this row, "
        "then click a washed hex",
        "ignore_enemy",
    ),
    (
        OrderRoadMove,
        "Road move",
        "route, wait",
        "Along roads only, at road costs (OM7, OM8): open to a stack at Move+ supply, every "
        "unit Supported, no enemy next to it; it never attacks. Choose this row, then click "
        "a washed hex",
        "road",
    ),
    (
        OrderWithdraw,
        "Withdraw",
        "route, wait",
        "Route to a friendly hex (choose this row or Withdraw above, then click): it steps "
        "before other moves and never enters enemies; wait: ticks before it sets off",
        "withdraw",
    ),
    (OrderHold, "Hold", "none", "Stays where it stands (what a stack without an order does)", None),
    (OrderDefend, "Defend", "none", "Stays and digs in where the rules allow it", None),
    (
        OrderHoldAtAllCosts,
        "Hold at all costs",
        "none",
        "Stays whatever the losses (OO8): more damage taken, and it may refuse to retreat",
        None,
    ),
    (
        OrderWithdrawIfAttacked,
        "Withdraw if attacked",
        "none",
        "Stays, but falls back before an attack if its withdrawal roll succeeds (OO8, OC25): "
        "lighter losses, the hex given up",
        None,
    ),
]
"""Every order type of the operational family: its name, its parameters, how it is given,
and the map's mode a click in its row chooses (``None``: the click gives the order at once,
as it keeps the stack where it stands)."""


def odds_html(preview: OddsPreview) -> str:
    """Every part of an attack's odds in three short lines (the panel is narrow): the totals
    and basic odds, each shift with its rule, the final odds with the results column and
    the intensity. :func:`odds_details` says why each shift is given."""
    shifts = ", ".join(
        f"{s.value:+d} {escape(s.kind.replace('_', ' '))} ({escape(s.item)})"
        for s in preview.shifts
    )
    column = f"{preview.column_odds:g}:1" if preview.column_odds >= 1 else preview.final_text
    return "<br>".join(
        (
            f"Attack <b>{preview.attack_total:g}</b> : defence "
            f"<b>{preview.defence_total:g}</b> = basic odds <b>{escape(preview.basic_text)}</b>",
            f"Shifts <b>{preview.total_shift:+d}</b>: {shifts}" if shifts else "No shifts",
            f"Final odds <b>{escape(preview.final_text)}</b> · column <b>{escape(column)}</b>"
            f" · intensity <b>{escape(str(preview.intensity))}</b>",
        )
    )


def odds_details(preview: OddsPreview) -> str:
    """Why each shift is given, for the odds' tooltip."""
    lines = [
        f"{s.value:+d} {s.kind.replace('_', ' ')} ({s.item}): {s.detail}" for s in preview.shifts
    ]
    return "\n".join(lines) if lines else "No shift applies to this attack."


class OpOrdersBox(QGroupBox):
    """The order types and the selected stack's odds (see the module docstring)."""

    def __init__(self, session: GameSession, map_view: PlanMapView) -> None:
        super().__init__("Orders of the operational rules")
        self.setObjectName("op-orders")
        self.session = session
        self.map_view = map_view
        self.table = QTreeWidget()
        self.table.setObjectName("op-order-types")
        # Three columns fit the plan's column at 1280 px; each row's parameters and how to
        # give it are in its tooltip.
        self.table.setColumnCount(3)
        self.table.setHeaderLabels(["Order", "Moves as", "MP"])
        self.table.setRootIsDecorated(False)
        self.table.setSelectionMode(QTreeWidget.SelectionMode.NoSelection)
        self.table.setWordWrap(True)
        # The order's name takes the room the other two leave (cut with "..." only where
        # the column is very narrow: the tooltip names it whole), so the table never needs
        # a sideways scroll bar, which hid the MP column at 1280 px.
        header = self.table.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for n in (1, 2):
            header.setSectionResizeMode(n, QHeaderView.ResizeMode.ResizeToContents)
        self.table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.clicks = TreeClicks(self.table, self._chosen, self.refresh)
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

    def _chosen(self, row: QTreeWidgetItem, _column: int = 0) -> None:
        """A click in an order's row: an order that stays is given to the selected stack at
        once; one that goes somewhere puts the map in its mode, so the next click (or drag)
        on the map gives it."""
        kind_name = row.data(0, Qt.ItemDataRole.UserRole)
        found = next((t for t in ORDER_TYPES if t[0].kind == kind_name), None)
        stack_id = self.session.selected
        if found is None or row.isDisabled() or stack_id is None:
            return
        kind, name, _parameters, _explained, use = found
        if use is None:
            self.map_view.give(kind(stack_id))
            return
        self.map_view.set_mode(use)
        self.map_view.message.emit(f"{name}: click where on the map (Escape: back to Move)")

    def refresh(self) -> None:
        if self.clicks.later():
            return
        game = self.session.game
        side = self.map_view.planning()
        stack = game.state.stacks.get(self.session.selected or "")
        if stack is not None and stack.side != side:
            stack = None
        legal = self.map_view.legal_actions() if side is not None else []
        mine = [a for a in legal if stack is not None and getattr(a, "stack", None) == stack.id]
        given = plan.orders_of(game, side, viewer=side).get(stack.id) if side and stack else None
        mp = map_queries.allowances(game, stack.id) if stack is not None else {}
        self.table.clear()
        for kind, name, parameters, explained, use in ORDER_TYPES:
            mode = map_queries.movement_mode(kind.kind)
            moves = MODE_WORDS.get(mode, mode) if mode else "stays"
            points = f"{mp[mode]:g}" if mode and mode in mp else "\u2013"
            row = QTreeWidgetItem([name, moves, points])
            how = "click to give it" if use is None else "click, then choose the place on the map"
            for n in range(3):
                row.setToolTip(n, f"{name} (parameters: {parameters}): {explained} ({how})")
            row.setData(0, Qt.ItemDataRole.UserRole, kind.kind)
            # OO3: the engine lists an ignore-enemy move only where it differs from a move.
            twins = (OrderMove, OrderIgnoreEnemy) if kind is OrderIgnoreEnemy else (kind,)
            row.setDisabled(not any(type(a) in twins for a in mine))
            if use is not None and use == self.map_view.mode and use != "move":
                for n in range(3):
                    row.setBackground(n, QColor(HIGHLIGHT))
            if given is not None and type(given) is kind:
                font = QFont(row.font(0))
                font.setBold(True)
                for n in range(3):
                    row.setFont(n, font)
            self.table.addTopLevelItem(row)
        # All the rows when the column has the room, down to four and a scroll bar on a short
        # screen (a fixed height let the odds below overlap the last rows at 1280 x 720).
        row = self.table.sizeHintForRow(0)
        frame = self.table.header().sizeHint().height() + 2 * self.table.frameWidth() + 2
        self.table.setMaximumHeight(frame + row * len(ORDER_TYPES))
        self.table.setMinimumHeight(frame + row * 4)
        self.preview = None
        self.odds.setToolTip("")
        if stack is None:
            self.odds.setText("Select one of your stacks: its MP and odds show here.")
        elif isinstance(given, OrderAttack):
            try:
                self.preview = map_queries.attack_odds(game, given)
            except IllegalAction as why:
                self.odds.setText(f"No odds for this attack: {escape(str(why))}")
            else:
                self.odds.setText(odds_html(self.preview))
                self.odds.setToolTip(odds_details(self.preview))
        else:
            self.odds.setText("An attack order shows its odds here before the plan is sealed.")
