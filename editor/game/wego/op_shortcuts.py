"""The order shortcuts of an operational game's plan (OO2, OO9, OO17), in the plan panel's
Shortcuts tab: one click for what would take many orders.

- **Organisation move (OO2)**: the HQ (the selected stack's, else picked in the list) and
  "Move to a hex...": the hexes one of its stacks can reach are washed, pointing at
  one says how many stacks would go and which are left out, a click orders every stack
  under the HQ there, each along its own cheapest route (drawn on the map with the plan's
  other orders); the status line names the stacks left out and why.
- **All guns of a hex (OO9)**: the hex of the guns, the kind of fire and "Choose target":
  the hexes one of them may fire at are washed; a click gives every gun there that may
  fire its order, and names those that may not.
- **Planned battles (OO17)**: every hex the plan attacks with the stacks attacking it;
  "Cancel this battle" takes back all their orders at once.

The map's context menu (a right click on a hex, :mod:`.op_shortcut_menu`) offers the same
without the tab: "Move the whole organisation of <HQ> here" when the selected stack
holds an HQ, and "Cancel the battle at <hex>" on a hex the plan attacks.

Each is one planning action of the engine (:mod:`engine.wego.op.shortcuts`), so one Undo
takes it back whole. The engine answers every question, asked for the planning side only.
"""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QComboBox,
    QGroupBox,
    QHBoxLayout,
    QPushButton,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from editor.game.map.style import REACH_COLOURS
from editor.game.panels.knowledge import stack_words, unit_name
from editor.game.session import GameSession
from editor.game.wego.op_asset_marks import hex_words
from editor.game.wego.op_fire import KINDS
from editor.game.wego.op_fire_marks import FIRE_COLOURS
from editor.game.wego.op_route_preview import RoutePreview
from editor.game.wego.op_shortcut_menu import ORGANISATION, ShortcutMenu
from editor.game.wego.plan_map import PlanMapView
from editor.game.wego.target_picking import TargetPicking, note_label, order_table
from editor.shared.widgets import ERROR_COLOUR, MUTED_COLOUR
from engine.game import Game
from engine.wego.op import fire, shortcuts
from engine.wego.op.shortcut_actions import AllGunsFire, CancelBattle, OrganisationMove


def _stack_names(game: Game, stacks: list[str]) -> str:
    return ", ".join(stack_words(game, game.state.stacks[s]) for s in stacks)


class ShortcutsBox(TargetPicking, QWidget):
    """The Shortcuts tab (see the module docstring)."""

    def __init__(self, session: GameSession, map_view: PlanMapView) -> None:
        super().__init__()
        self.setObjectName("op-shortcuts")
        self.session = session
        self.map_view = map_view
        self.active = True
        self._reach: shortcuts.Reach = {}
        """The stacks of the organisation being moved and where each can go (read once)."""
        # -- OO2
        self.hq = QComboBox()
        self.hq.setObjectName("op-org-hq")
        self.hq.setToolTip("The HQ whose organisation moves: the selected stack's, or any")
        self.move_button = QPushButton("Move to a hex\u2026")
        self.move_button.setObjectName("op-org-move")
        self.move_button.setToolTip(
            "Every stack under the HQ, wherever it stands, to one hex: click the hex on the map"
        )
        self.move_button.clicked.connect(self.choose_destination)
        org = QGroupBox("Organisation move (OO2)")
        row = QHBoxLayout(org)
        row.addWidget(self.hq, 1)
        row.addWidget(self.move_button)
        # -- OO9
        self.battery = QComboBox()
        self.battery.setObjectName("op-battery-hex")
        self.battery.setToolTip("The hex whose guns all fire")
        self.kind = QComboBox()
        self.kind.setObjectName("op-battery-kind")
        for mission, label in KINDS:
            self.kind.addItem(label, mission)
        self.fire_button = QPushButton("Choose target")
        self.fire_button.setObjectName("op-battery-target")
        self.fire_button.setToolTip("Every gun of the hex that may fire there is given the order")
        self.fire_button.clicked.connect(self.choose_target)
        guns = QGroupBox("All guns of a hex (OO9)")
        column = QVBoxLayout(guns)
        column.addWidget(self.battery)
        pick = QHBoxLayout()
        pick.addWidget(self.kind, 1)
        pick.addWidget(self.fire_button)
        column.addLayout(pick)
        # -- OO17
        self.battles = order_table("op-battles", ["Battle at", "Stacks"])
        self.cancel_button = QPushButton("Cancel this battle")
        self.cancel_button.setObjectName("op-cancel-battle")
        self.cancel_button.setToolTip("Take back every order attacking the hex (Undo restores)")
        self.cancel_button.clicked.connect(self.cancel_battle)
        self.battles.itemSelectionChanged.connect(self._show_choice)
        fights = QGroupBox("Planned battles (OO17)")
        column = QVBoxLayout(fights)
        column.addWidget(self.battles, 1)
        column.addWidget(self.cancel_button, 0, Qt.AlignmentFlag.AlignRight)
        # The combos shrink to the column (a long HQ or hex name is elided, not scrolled to).
        for box in (self.hq, self.battery, self.kind):
            box.setSizeAdjustPolicy(
                QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
            )
            box.setMinimumContentsLength(8)
        self.note = note_label("op-shortcuts-note")
        page = QVBoxLayout(self)
        page.setContentsMargins(4, 4, 4, 4)
        for part in (org, guns, fights):
            page.addWidget(part)
        page.addWidget(self.note)
        page.addStretch(0)
        self.follow_plan()
        session.selectionChanged.connect(lambda _s: self._follow_selection())
        self.preview = RoutePreview(map_view.map_scene)
        """The routes an organisation move would give, while its hex is pointed at."""
        self.menu = ShortcutMenu(self)
        """The map's context menu of the shortcuts (:mod:`.op_shortcut_menu`)."""
        self.refresh()

    # -- what is shown -------------------------------------------------------------------------

    def chosen_hq(self) -> str | None:
        data = self.hq.currentData()
        return data if isinstance(data, str) else None

    def chosen_hex(self) -> str | None:
        data = self.battery.currentData()
        return data if isinstance(data, str) else None

    def chosen_battle(self) -> str | None:
        rows = self.battles.selectedItems()
        return rows[0].data(0, Qt.ItemDataRole.UserRole) if rows else None

    @staticmethod
    def _fill(box: QComboBox, items: list[tuple[str, str]], keep: str | None) -> None:
        box.blockSignals(True)
        box.clear()
        for key, label in items:
            box.addItem(label, key)
        index = box.findData(keep) if keep is not None else -1
        box.setCurrentIndex(max(index, 0) if items else -1)
        box.blockSignals(False)

    def refresh(self) -> None:
        side = self.side()
        game = self.session.game
        if side is None:
            self.stop_picking()
            self.setEnabled(False)
            self._say("The shortcuts are given while a plan of yours is open.", MUTED_COLOUR)
            return
        self.setEnabled(True)
        hqs = [(hq, unit_name(game, hq)) for hq in shortcuts.hqs(game, side)]
        self._fill(self.hq, hqs, self.chosen_hq())
        by_hex: dict[str, int] = {}
        for unit_id in fire.guns(game, side):
            stack = game.state.stacks.get(game.state.units[unit_id].stack or "")
            if stack is not None:
                by_hex[stack.region] = by_hex.get(stack.region, 0) + 1
        hexes = [
            (h, f"{hex_words(game, h)} ({n} gun{'s' if n != 1 else ''})")
            for h, n in sorted(by_hex.items())
        ]
        self._fill(self.battery, hexes, self.chosen_hex())
        picked = self.chosen_battle()
        self.battles.blockSignals(True)
        self.battles.clear()
        for target, stacks in shortcuts.battles(game, side).items():
            row = QTreeWidgetItem([hex_words(game, target), str(len(stacks))])
            row.setData(0, Qt.ItemDataRole.UserRole, target)
            row.setToolTip(0, f"Attacked by {_stack_names(game, stacks)}")
            row.setToolTip(1, row.toolTip(0))
            self.battles.addTopLevelItem(row)
            if target == picked:
                row.setSelected(True)
        self.battles.blockSignals(False)
        self._show_choice()

    def _follow_selection(self) -> None:
        """A selected stack of the side holding an HQ makes it the HQ of the move."""
        side = self.side()
        stack = self.session.game.state.stacks.get(self.session.selected or "")
        if side is None or stack is None or stack.side != side or self.picking is not None:
            return
        for unit_id in stack.units:
            index = self.hq.findData(unit_id)
            if index >= 0:
                self.hq.setCurrentIndex(index)
                return

    def _show_choice(self) -> None:
        side = self.side()
        picking = self.picking is not None
        self.move_button.setEnabled(side is not None and not picking and bool(self.chosen_hq()))
        self.fire_button.setEnabled(side is not None and not picking and bool(self.chosen_hex()))
        target = self.chosen_battle()
        self.cancel_button.setEnabled(
            side is not None and target is not None and CancelBattle(target) in self._legal()
        )
        if not picking and side is not None:
            self._say(
                "Organisation move: choose the HQ, then the hex. All guns: choose the hex of "
                "the guns, the kind of fire, then the target. A battle: pick its row.",
                MUTED_COLOUR,
            )

    def _legal(self) -> list[object]:
        return list(self.map_view.legal_actions()) if self.side() is not None else []

    def _say(self, text: str, colour: str) -> None:
        self.note.setText(escape(text, quote=False))
        self.note.setStyleSheet(f"color: {colour};" if colour else "")

    def stop_picking(self) -> None:
        self.preview.clear()
        super().stop_picking()

    def set_active(self, active: bool) -> None:
        """Leaving the tab ends the choosing of a hex."""
        self.active = active
        if not active:
            self.stop_picking()

    # -- acting --------------------------------------------------------------------------------

    def choose_destination(self) -> None:
        """OO2: the map's next click names where the HQ's organisation goes."""
        side, hq = self.side(), self.chosen_hq()
        if side is None or hq is None:
            return
        game = self.session.game
        self._reach = shortcuts.reach(game, side, hq)
        offered = sorted({r for ways in self._reach.values() for r in ways})
        self.begin_picking(hq, ORGANISATION, REACH_COLOURS["move"], offered)
        name = unit_name(game, hq)
        self._show_choice()
        self._say(
            f"Organisation of {name} ({len(self._reach)} stacks): click the hex they go to "
            "(washed: a stack of it can get there this turn; Escape: stop choosing).",
            "",
        )
        self.map_view.message.emit(f"{name}: click where the organisation goes (Escape: stop)")

    def choose_target(self) -> None:
        """OO9: the map's next click names the target of every gun of the chosen hex."""
        side, region = self.side(), self.chosen_hex()
        mission = self.kind.currentData()
        if side is None or region is None or not isinstance(mission, str):
            return
        game = self.session.game
        offered = sorted(
            {
                t
                for unit_id in shortcuts.guns_on(game, side, region)
                if not fire.unit_refusal(game, side, unit_id)
                for t in fire.targets(game, side, unit_id, mission)
            }
        )
        self.begin_picking(region, mission, QColor(FIRE_COLOURS[mission]), offered)
        self._show_choice()
        self._say(f"The guns on {hex_words(game, region)}: click their target (Escape: stop).", "")
        self.map_view.message.emit("Click the guns' target hex (Escape: stop choosing)")

    def cancel_battle(self) -> bool:
        """OO17: every order attacking the picked battle's hex, taken back at once."""
        target = self.chosen_battle()
        side = self.side()
        if target is None or side is None:
            return False
        game = self.session.game
        stacks = shortcuts.attackers(game, side, target)
        done = self.map_view.give(CancelBattle(target))
        if done:
            self.map_view.message.emit(
                f"Battle at {hex_words(game, target)} cancelled: {_stack_names(game, stacks)} "
                "hold again (Undo brings the attacks back)"
            )
        return done

    # -- choosing a hex on the map (TargetPicking's hooks) -------------------------------------

    def _organisation(self, side: str, hq: str, region: str) -> shortcuts.Organisation:
        return shortcuts.organisation(self.session.game, side, hq, region, self._reach)

    def refusal(self, side: str, who: str, mission: str, region: str) -> str | None:
        game = self.session.game
        if mission == ORGANISATION:
            if self._organisation(side, who, region).orders:
                return None
            return shortcuts.refusal(game, side, OrganisationMove(who, region)) or None
        return shortcuts.refusal(game, side, AllGunsFire(who, mission, region)) or None

    def hover_words(self, mission: str) -> str:
        return "click to give the orders"

    def hover(self, region: str | None) -> None:
        """Pointing at a hex: for an organisation move, how many stacks would go and their
        routes (dashed on the map)."""
        side = self.side()
        if self.picking is None or side is None or region is None:
            self.preview.clear()
            return
        who, mission = self.picking
        if mission != ORGANISATION:
            super().hover(region)
            return
        found = self._organisation(side, who, region)
        name = hex_words(self.session.game, region)
        self.preview.show(self.session.game, found.orders)
        if not found.orders:
            self.map_view.message.emit(f"{name}: no stack of the organisation can get there")
            return
        left = f", {len(found.left_out)} left out" if found.left_out else ""
        self.map_view.message.emit(
            f"{name}: {len(found.orders)} stacks go{left} (click to order them)"
        )

    def move_organisation(self, hq: str, region: str) -> bool:
        """OO2: every stack under ``hq`` ordered to ``region`` (the map's menu gives it so);
        says which stacks go and which are left out, and why."""
        side = self.side()
        if side is None:
            return False
        game = self.session.game
        if self.picking is None or self.picking[0] != hq:
            self._reach = shortcuts.reach(game, side, hq)
        found = self._organisation(side, hq, region)
        if not self.map_view.give(OrganisationMove(hq, region)):
            return False
        words = f"Organisation of {unit_name(game, hq)}: {len(found.orders)} stacks to "
        words += hex_words(game, region)
        if found.left_out:
            names = "; ".join(
                f"{stack_words(game, game.state.stacks[s])}: {why}" for s, why in found.left_out
            )
            words += f". Left out: {names}"
        self.map_view.message.emit(words)
        self._say(words, "" if not found.left_out else ERROR_COLOUR)
        return True

    def give_target(self, who: str, mission: str, region: str) -> None:
        game = self.session.game
        side = self.side()
        if side is None:
            return
        if mission == ORGANISATION:
            self.move_organisation(who, region)
            return
        able, refused = shortcuts.battery(game, side, who, mission, region)
        if not self.map_view.give(AllGunsFire(who, mission, region)):
            return
        fired = ", ".join(unit_name(game, u) for u in able)
        words = f"{fired} fire at {hex_words(game, region)}"
        if refused:
            words += ". Not: " + "; ".join(f"{unit_name(game, u)}: {why}" for u, why in refused)
        self.map_view.message.emit(words)
        self._say(words, "" if not refused else ERROR_COLOUR)
