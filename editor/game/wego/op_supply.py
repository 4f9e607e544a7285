"""The supply orders of an operational game's plan (OO13, OO16, OS1, OS3-OS14), in the plan
panel's Supply tab.

Above, the side's four pools: what it holds this turn, what its supply orders of the turn
cost, and what is left (OS11: a side never plans more than it holds). Below, every HQ of the
side on the map with its LOC state (only a Supported or Extended HQ may order, OS8), the
order it has (Basic without one) and what that costs. For the HQ picked in the table, the
levels to buy (Move+, Combat+, Repl+) and whom they cover (its direct attachments, or
everything below it when it has HQs below); what that order would cost, or why the engine
refuses it, shows before it is given, in red when refused. "Give" replaces the HQ's order,
"Cancel" takes it back; a division or army HQ may be moved to another HQ of the side
(OO16) from the row below.

Everything is the engine's answer (:func:`engine.wego.op.queries.hq_pools`,
:func:`~engine.wego.op.queries.order_preview`, the plan's legal actions), asked for the
planning side only, so the enemy's orders and pools never show.
"""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from editor.game.panels.base import MUTED
from editor.game.panels.knowledge import unit_name
from editor.game.session import GameSession
from editor.game.wego.op_overlay_items import LOC_NAMES, number
from editor.game.wego.plan_map import PlanMapView
from engine.operational.supply import Pool
from engine.wego.op import queries, supply
from engine.wego.op.actions import CancelSupply, OrderSupply, ReassignHq

POOLS = (("fuel", "Fuel"), ("ammo", "Ammo"), ("personnel", "Personnel"), ("equipment", "Equip."))
"""The four pools (OS1), in the order the panel shows them."""
REFUSED = "#c92a2a"
SCOPES = (("direct", "its own units"), ("all", "everything below it"))


def pool_words(pool: Pool) -> str:
    """A cost in words, leaving out the pools it takes nothing from."""
    parts = [f"{label.lower()} {number(getattr(pool, key))}" for key, label in POOLS]
    used = [p for p, (key, _l) in zip(parts, POOLS, strict=True) if getattr(pool, key)]
    return ", ".join(used) if used else "nothing"


def order_text(order: OrderSupply | None) -> str:
    """An HQ's order in a few words: "Move+ Combat+ (all below)", "Basic"."""
    if order is None:
        return "Basic"
    levels = [
        name
        for name, on in (
            ("Move+", order.move_plus),
            ("Combat+", order.combat_plus),
            ("Repl+", order.replacements),
        )
        if on
    ]
    return " ".join(levels) + (" (all below)" if order.scope == "all" else "")


class SupplyBox(QWidget):
    """The pools and the HQs' supply orders (see the module docstring)."""

    def __init__(self, session: GameSession, map_view: PlanMapView) -> None:
        super().__init__()
        self.setObjectName("op-supply")
        self.session = session
        self.map_view = map_view
        # -- the pools
        self.pool_grid = QGridLayout()
        self.pool_grid.setHorizontalSpacing(10)
        self.pool_grid.setVerticalSpacing(1)
        self.pool_labels: dict[tuple[str, str], QLabel] = {}
        rows = (("held", "Held"), ("cost", "Orders"), ("left", "Left"))
        tips = {
            "held": "What the side holds this turn",
            "cost": "What this turn's supply orders cost (paid as the execution starts)",
            "left": "What is left once the orders are paid",
        }
        for column, (_key, label) in enumerate(POOLS, start=1):
            title = QLabel(f"<b>{label}</b>")
            title.setAlignment(Qt.AlignmentFlag.AlignRight)
            self.pool_grid.addWidget(title, 0, column)
        for row, (name, label) in enumerate(rows, start=1):
            head = QLabel(label)
            head.setToolTip(tips[name])
            self.pool_grid.addWidget(head, row, 0)
            for column, (key, _label) in enumerate(POOLS, start=1):
                value = QLabel()
                value.setObjectName(f"op-pool-{name}-{key}")
                value.setAlignment(Qt.AlignmentFlag.AlignRight)
                value.setToolTip(tips[name])
                self.pool_grid.addWidget(value, row, column)
                self.pool_labels[(name, key)] = value
        # -- the HQs
        self.hqs = QTreeWidget()
        self.hqs.setObjectName("op-supply-hqs")
        self.hqs.setColumnCount(4)
        self.hqs.setHeaderLabels(["HQ", "LOC", "Order", "Cost"])
        self.hqs.setRootIsDecorated(False)
        self.hqs.setAlternatingRowColors(True)
        self.hqs.setMinimumHeight(70)
        self.hqs.itemSelectionChanged.connect(self._picked)
        # -- the order of the HQ picked
        self.levels = {
            "move_plus": QCheckBox("Move+"),
            "combat_plus": QCheckBox("Combat+"),
            "replacements": QCheckBox("Repl+"),
        }
        self.levels["move_plus"].setToolTip("Full movement allowance for the units covered (OS4)")
        self.levels["combat_plus"].setToolTip("Full attack and defence in battle (OS5)")
        self.levels["replacements"].setToolTip("Strength replaced at the end of the turn (OS13)")
        self.scope = QComboBox()
        self.scope.setObjectName("op-supply-scope")
        for key, words in SCOPES:
            self.scope.addItem(f"for {words}", key)
        self.scope.setToolTip(
            "Whom the order covers: the HQ's direct attachments, or every unit and HQ below it"
        )
        for box in self.levels.values():
            box.toggled.connect(lambda _on: self._preview())
        self.scope.currentIndexChanged.connect(lambda _i: self._preview())
        self.preview = QLabel()
        self.preview.setObjectName("op-supply-preview")
        self.preview.setWordWrap(True)
        self.give_button = QPushButton("Give")
        self.give_button.setObjectName("op-supply-give")
        self.give_button.clicked.connect(self.give)
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.setObjectName("op-supply-cancel")
        self.cancel_button.setToolTip("Take back the HQ's order: it stays at Basic")
        self.cancel_button.clicked.connect(self.cancel)
        self.corps = QComboBox()
        self.corps.setObjectName("op-supply-corps")
        self.corps.setToolTip("OO16: the HQ it reports to from now on")
        self.reassign_button = QPushButton("Report to")
        self.reassign_button.setObjectName("op-supply-reassign")
        self.reassign_button.clicked.connect(self.reassign)
        levels = QHBoxLayout()
        for box in self.levels.values():
            levels.addWidget(box)
        levels.addStretch(1)
        buttons = QHBoxLayout()
        buttons.addWidget(self.scope, 1)
        buttons.addWidget(self.give_button)
        buttons.addWidget(self.cancel_button)
        reports = QHBoxLayout()
        reports.addWidget(self.reassign_button)
        reports.addWidget(self.corps, 1)
        column = QVBoxLayout(self)
        column.setContentsMargins(4, 4, 4, 4)
        column.setSpacing(3)
        column.addLayout(self.pool_grid)
        column.addWidget(self.hqs, 1)
        column.addLayout(levels)
        column.addLayout(buttons)
        column.addWidget(self.preview)
        column.addLayout(reports)
        column.addStretch(0)  # takes only what the table, grown to all its rows, leaves
        session.changed.connect(self.refresh)
        session.toAct.connect(lambda _s: self.refresh())
        map_view.planChanged.connect(self.refresh)
        self._turn = session.game.turn
        self.refresh()

    # -- what is shown -------------------------------------------------------------------------

    def side(self) -> str | None:
        return self.map_view.planning()

    def hq(self) -> str | None:
        """The HQ picked in the table."""
        rows = self.hqs.selectedItems()
        return rows[0].data(0, Qt.ItemDataRole.UserRole) if rows else None

    def refresh(self) -> None:
        side = self.side()
        picked = self.hq()
        self.hqs.blockSignals(True)
        self.hqs.clear()
        if side is None:
            for label in self.pool_labels.values():
                label.setText("\u2013")
            self.hqs.blockSignals(False)
            self.setEnabled(False)
            self.preview.setText("The supply orders are given while a plan of yours is open.")
            return
        self.setEnabled(True)
        game = self.session.game
        pools = queries.hq_pools(game, side, viewer=side)
        spent = pools.pools - pools.left
        for name, pool in (("held", pools.pools), ("cost", spent), ("left", pools.left)):
            for key, _label in POOLS:
                value = getattr(pool, key)
                label = self.pool_labels[(name, key)]
                label.setText(number(value))
                label.setStyleSheet(f"color: {REFUSED};" if value < -1e-9 else "")
        states = queries.loc_states(game, side)
        command = supply.tree(game)
        on_map = {u for u, held in game.state.units.items() if held.stack is not None}
        chosen: QTreeWidgetItem | None = None
        for hq in command.hqs_of(side):
            if hq not in on_map:
                continue
            order = pools.orders.get(hq)
            cost = pools.costs.get(hq)
            state = states.get(hq, "")
            row = QTreeWidgetItem(
                [
                    unit_name(game, hq),
                    LOC_NAMES.get(state, state)[:3],
                    order_text(order),
                    pool_words(cost) if cost is not None else "",
                ]
            )
            row.setData(0, Qt.ItemDataRole.UserRole, hq)
            row.setToolTip(
                0,
                f"{unit_name(game, hq)} ({command.echelon.get(hq, 'HQ')}), "
                f"LOC {LOC_NAMES.get(state, state)}",
            )
            row.setToolTip(2, f"Supply order: {order_text(order)}")
            if cost is not None:
                row.setToolTip(3, f"Costs {pool_words(cost)}")
            self.hqs.addTopLevelItem(row)
            if hq == picked:
                row.setSelected(True)
                chosen = row
        for n in range(4):
            self.hqs.resizeColumnToContents(n)
        # As tall as its rows where the column has the room (the controls follow it, not a
        # blank stretch), down to three rows and a scroll bar on a short screen.
        rows = max(3, self.hqs.topLevelItemCount())
        frame = self.hqs.header().sizeHint().height() + 2 * self.hqs.frameWidth() + 2
        self.hqs.setMaximumHeight(frame + max(1, self.hqs.sizeHintForRow(0)) * rows)
        if chosen is not None:
            self.hqs.scrollToItem(chosen)
        self.hqs.blockSignals(False)
        if self._turn != game.turn:
            # A new turn: every HQ is back at Basic (OS3); the boxes show the picked HQ's.
            self._turn = game.turn
            self._picked()
            return
        self._show_picked(side)

    def _picked(self) -> None:
        side = self.side()
        if side is None:
            return
        hq = self.hq()
        if hq is not None:
            order = queries.hq_pools(self.session.game, side, viewer=side).orders.get(hq)
            for key, box in self.levels.items():
                box.blockSignals(True)
                box.setChecked(bool(order is not None and getattr(order, key)))
                box.blockSignals(False)
            self.scope.blockSignals(True)
            self.scope.setCurrentIndex(1 if order is not None and order.scope == "all" else 0)
            self.scope.blockSignals(False)
        self._show_picked(side)

    def _show_picked(self, side: str) -> None:
        """The controls for the HQ picked: its scopes, the corps it may report to, what the
        order set in the boxes would cost or why it is refused."""
        game = self.session.game
        hq = self.hq()
        legal = self.map_view.legal_actions()
        command = supply.tree(game)
        for box in self.levels.values():
            box.setEnabled(hq is not None)
        below = hq is not None and bool(command.children.get(hq))
        self.scope.setEnabled(below)
        if not below and self.scope.currentIndex() != 0:
            self.scope.blockSignals(True)
            self.scope.setCurrentIndex(0)
            self.scope.blockSignals(False)
        self.cancel_button.setEnabled(hq is not None and CancelSupply(hq) in legal)
        self.corps.clear()
        moves = [a for a in legal if isinstance(a, ReassignHq) and a.hq == hq]
        for action in moves:
            self.corps.addItem(unit_name(game, action.corps), action.corps)
        self.corps.setEnabled(bool(moves))
        self.reassign_button.setEnabled(bool(moves))
        self.reassign_button.setToolTip(
            "OO16: move the HQ under another HQ of its side"
            if moves
            else "This HQ may not be moved under another (OO16)"
        )
        self._preview()

    def wanted(self) -> OrderSupply | None:
        """The order the boxes describe for the HQ picked (``None``: no HQ, or no level)."""
        hq = self.hq()
        if hq is None:
            return None
        flags = {key: box.isChecked() for key, box in self.levels.items()}
        if not any(flags.values()):
            return None
        return OrderSupply(hq, scope=str(self.scope.currentData()), **flags)

    def _preview(self) -> None:
        side = self.side()
        hq = self.hq()
        self.give_button.setEnabled(False)
        if side is None:
            return
        if hq is None:
            self._say("Pick an HQ above to give or change its supply order.", MUTED)
            return
        order = self.wanted()
        if order is None:
            self._say("Tick the levels to buy (Move+, Combat+, Repl+).", MUTED)
            return
        cost, refusal = queries.order_preview(self.session.game, side, order, viewer=side)
        if refusal:
            self._say(f"Refused: {refusal}", REFUSED)
            return
        self._say(
            f"{order_text(order)} for {unit_name(self.session.game, hq)} costs {pool_words(cost)}.",
            "",
        )
        self.give_button.setEnabled(True)

    def _say(self, text: str, colour: str) -> None:
        self.preview.setText(escape(text))
        self.preview.setStyleSheet(f"color: {colour};" if colour else "")

    # -- acting --------------------------------------------------------------------------------

    def give(self) -> bool:
        order = self.wanted()
        if order is None or self.side() is None:
            return False
        done = self.map_view.give(order)
        if done:
            self.map_view.message.emit(
                f"Supply order: {order_text(order)} for {unit_name(self.session.game, order.hq)}"
            )
        return done

    def cancel(self) -> bool:
        hq = self.hq()
        if hq is None:
            return False
        done = self.map_view.give(CancelSupply(hq))
        if done:
            self.map_view.message.emit(
                f"Supply order of {unit_name(self.session.game, hq)} taken back"
            )
        return done

    def reassign(self) -> bool:
        hq, corps = self.hq(), self.corps.currentData()
        if hq is None or corps is None:
            return False
        done = self.map_view.give(ReassignHq(hq, str(corps)))
        if done:
            game = self.session.game
            self.map_view.message.emit(
                f"{unit_name(game, hq)} reports to {unit_name(game, str(corps))} from now on"
            )
        return done
