"""What the WEGO game window adds for a game of the operational rules family: the turn header
with the clock and the overlay switches above the map (:mod:`.op_header`), the overlays on the
map (:mod:`.op_overlays`) and their switches in the View menu, the ground darker on a night
turn (:mod:`.op_night`), the victory locations by holder, frozen rivers and the setup zone
(:mod:`.op_board_marks`), the engineers' marks on the map's hexsides (:mod:`.op_works`), in
the plan panel the order types with the odds (:mod:`.op_orders`) and a stack's parts to
detach (:mod:`.op_detach`, OO1), the supply orders
(:mod:`.op_supply`), the asset missions (:mod:`.op_assets`, with their markers on the map
and a naval asset's reach), the artillery's fire orders (:mod:`.op_fire`, with their markers
and a gun's range), the order shortcuts (:mod:`.op_shortcuts`: OO2, OO9, OO17) and the
engineers' orders (:mod:`.op_engineers`) as tabs, and the Victory
tab (:mod:`.op_victory`). A game of the area family gets none of it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu, QVBoxLayout, QWidget

from editor.game.wego import op_helpers, op_night
from editor.game.wego.op_assets import AssetsBox
from editor.game.wego.op_board_marks import BoardMarks
from editor.game.wego.op_cover_overlays import HEXSIDE_OVERLAYS
from editor.game.wego.op_detach import DetachBox
from editor.game.wego.op_engineers import EngineersBox, has_engineers
from editor.game.wego.op_fire import FireBox, has_guns
from editor.game.wego.op_header import OpHeader
from editor.game.wego.op_orders import OpOrdersBox
from editor.game.wego.op_organise import OrganiseBox
from editor.game.wego.op_overlays import ONE_AT_A_TIME, OP_OVERLAYS, OpOverlays, legend
from editor.game.wego.op_ranges import NavalReach
from editor.game.wego.op_shortcuts import ShortcutsBox
from editor.game.wego.op_supply import SupplyBox
from editor.game.wego.op_turn_info import TurnInfoPanel
from editor.game.wego.op_victory import VictoryPanel
from editor.game.wego.op_works import WorksMarks
from editor.game.wego.plan_sections import narrow_controls, scrolled
from editor.shared.docking import add_dock
from editor.shared.side_tabs import SideTabs
from engine.wego import family

if TYPE_CHECKING:
    from editor.game.wego.window import WegoWindow


class OpView:
    """The operational pieces of one session's window (see the module docstring)."""

    def __init__(self, window: WegoWindow, menu: QMenu) -> None:
        session = window.session
        assert session is not None
        self.window = window
        self.menu = menu
        self.header = OpHeader(session)
        window.top_layout.insertWidget(1, self.header)
        self.overlays = OpOverlays(window.map_view.map_scene)
        self.board = BoardMarks(window.map_view.map_scene)
        self.orders = OpOrdersBox(session, window.map_view)
        self.supply = SupplyBox(session, window.map_view)
        self.organise = OrganiseBox(session, window.map_view)  # OU12-OU14
        self.detach = DetachBox(session, window.map_view)  # OO1
        for box in (self.organise, self.detach):  # at the foot of the order types' column
            self.orders.layout().addWidget(box)
        # The plan's sections (the order types, supply, every order, assets, fire, engineers,
        # shortcuts) share one place under the selected stack's box as tabs down its left
        # side, one name a line: across the column, seven names scrolled behind arrows at
        # 1280 x 720, and one above the other left each a few rows.
        self.tabs = SideTabs()
        self.tabs.setObjectName("op-plan-tabs")
        self.orders.setTitle("")  # the tab names it
        self.orders.setFlat(True)
        self.tabs.addTab(self.orders, "Orders")
        # The supply tab scrolls on a short screen rather than stretching the window.
        self.supply_scroll = scrolled(self.supply)
        self.tabs.addTab(self.supply_scroll, "Supply")
        self.tabs.setTabToolTip(0, "The order types of the selected stack, its MP and odds")
        self.tabs.setTabToolTip(1, "The side's pools and its HQs' supply orders (OS1-OS14)")
        panel = window.plan_panel
        # The order table gives Hold and Defend, Move and Withdraw: their buttons and radios
        # above it would say the same again in a crowded column.
        for twin in (
            panel.hold_button,
            panel.defend_button,
            panel.move_radio,
            panel.withdraw_radio,
        ):
            twin.hide()
        column = panel.layout()
        assert isinstance(column, QVBoxLayout)
        # The side's orders list is the third tab: one above the other, the four left each a
        # few rows and the supply controls off the bottom at 1280 x 720.
        column.removeWidget(panel.orders_box)
        self.tabs.addTab(panel.orders_box, "All orders")
        self.tabs.setTabToolTip(2, "Every stack of the side with its order")
        self.assets = AssetsBox(session, window.map_view)
        self.assets_scroll = scrolled(self.assets)
        self.tabs.addTab(self.assets_scroll, "Assets")
        self.tabs.setTabToolTip(3, "The side's off-map assets and their missions (OO10-OO12)")
        self.reach = NavalReach(self.assets)  # OA13: a naval asset's reach, when picked
        # OO9: the artillery's fire orders, in a tab of their own when a side has guns.
        self.fire: FireBox | None = None
        if has_guns(session.game):
            self.fire = FireBox(session, window.map_view)
            self.tabs.addTab(self.fire, "Fire")
            self.tabs.setTabToolTip(self.tabs.count() - 1, "The side's guns and their fire (OO9)")
        # OO2, OO9, OO17: one click for many orders (an organisation, a battery, a battle),
        # in the last tab (added below, after the engineers').
        self.shortcuts = ShortcutsBox(session, window.map_view)
        # It scrolls on a short screen rather than squeezing the battles' list under its button.
        self.shortcuts_scroll = scrolled(self.shortcuts)
        # Leaving a tab ends the choosing of a target (the map's clicks are the orders').
        self.tabs.currentChanged.connect(self._tab_changed)
        self._tab_changed()
        # Change: the stack picked in the list is to get another order, from the order table.
        panel.change_button.clicked.connect(lambda: self.tabs.setCurrentWidget(self.orders))
        column.insertWidget(3, self.tabs, 1)  # under the selected stack's box
        # OO14: the engineers' work, in a tab of its own when the scenario has engineers,
        # and its marks on the map's hexsides (OE8).
        self.engineers: EngineersBox | None = None
        if has_engineers(session.game):
            self.engineers = EngineersBox(session, window.map_view)
            self.tabs.addTab(self.engineers, "Engineers")
            self.tabs.setTabToolTip(self.tabs.count() - 1, "The side's engineers and their work")
        self.tabs.addTab(self.shortcuts_scroll, "Shortcuts")
        self.tabs.setTabToolTip(
            self.tabs.count() - 1,
            "Move a whole organisation, fire all guns of a hex, cancel a battle (OO2, OO9, OO17)",
        )
        narrow_controls(self.tabs)
        self.works = WorksMarks(window.map_view.map_scene)
        # OO18: the Helpers menu beside Undo and the check before sealing.
        self.helpers = op_helpers.attach(session, window.map_view, panel)
        window.map_view.planChanged.connect(self.refresh)
        self.victory = VictoryPanel(session, window.map_view)
        window.victory_dock.setWidget(self.victory)
        window.victory_dock.show()
        # The turn information (OF8) in a tab after Victory's, made and let go with the game
        # (a short title: the column's five tabs fit whole at 1280 px).
        self.turn_info = TurnInfoPanel(session)
        right = Qt.DockWidgetArea.RightDockWidgetArea
        self.turn_dock = add_dock(window, "op-turn-info", "Turn", right)
        self.turn_dock.setWidget(self.turn_info)
        window.tabifyDockWidget(window.victory_dock, self.turn_dock)
        window.plan_dock.raise_()
        self.actions: dict[str, QAction] = {}
        menu.clear()
        for name, label in OP_OVERLAYS:
            group = next((g for g in ONE_AT_A_TIME if name in g), frozenset())
            if group and not any(n in group for n in self.actions):
                menu.addSeparator()  # the own, then the enemy's, values (OF11), one at a time
            action = QAction(label, window)
            action.setCheckable(True)
            action.setObjectName(f"op-overlay-action-{name}")
            action.toggled.connect(lambda on, n=name: self.show(n, on))
            menu.addAction(action)
            self.actions[name] = action
        menu.menuAction().setVisible(True)
        self.header.toggled.connect(self.show)
        self.hidden = False
        session.changed.connect(self.refresh)
        session.toAct.connect(lambda _s: self.refresh())
        session.selectionChanged.connect(lambda _s: self.refresh())  # an HQ's reach

    def _tab_changed(self, _index: int = -1) -> None:
        shown = self.tabs.currentWidget()
        if shown is not self.assets_scroll:
            self.assets.stop_picking()
        self.reach.set_active(shown is self.assets_scroll)
        if self.fire is not None:
            self.fire.set_active(shown is self.fire)
        self.shortcuts.set_active(shown is self.shortcuts_scroll)

    def show(self, name: str, on: bool) -> None:
        """Show or hide one overlay; the menu and the header's switch follow."""
        action = self.actions[name]
        if action.isChecked() != on:
            action.blockSignals(True)
            action.setChecked(on)
            action.blockSignals(False)
        self.header.set_checked(name, on)
        group = next((g for g in ONE_AT_A_TIME if name in g), frozenset())
        if on and group:
            # One value of a group at a time: their badges share a place on the hex.
            for other in group - {name}:
                if self.actions[other].isChecked():
                    self.actions[other].blockSignals(True)
                    self.actions[other].setChecked(False)
                    self.actions[other].blockSignals(False)
                    self.overlays.shown.discard(other)
        if on:
            self.overlays.shown.add(name)
        else:
            self.overlays.shown.discard(name)
        self.refresh()

    def refresh(self) -> None:
        self.overlays.refresh(hidden=self.hidden)
        view = self.window.map_view
        # OH13: the hexside overlay's colours are named in the map's corner while it shows.
        scheme = next(
            (n for n, _label in OP_OVERLAYS if n in HEXSIDE_OVERLAYS and n in self.overlays.shown),
            None,
        )
        view.family_legend = (
            (dict(OP_OVERLAYS)[scheme], legend(scheme))
            if scheme is not None and not self.hidden
            else None
        )
        session = view.session
        setting_up = view.planning() if session.game.state.turn == 1 else None
        self.board.refresh(setup_side=setting_up, hidden=self.hidden)
        # What the selected stack's engineers could do is marked too (OE8).
        stack = session.game.state.stacks.get(session.selected or "")
        picked = tuple(stack.units) if stack is not None else ()
        self.works.refresh(view.planning(), picked, hidden=self.hidden)
        scene = self.window.map_view.map_scene
        op_night.show_night(scene, op_night.is_night(scene.game))
        self.window.map_view.viewport().update()

    def set_hidden(self, hidden: bool) -> None:
        """Hot seat: nothing of one side's knowledge shows while the board is handed over."""
        self.hidden = hidden
        self.turn_info.set_hidden(hidden)
        self.refresh()

    def release(self) -> None:
        self.works.clear()
        self.window.top_layout.removeWidget(self.header)
        self.header.hide()  # at once: deleteLater waits for the event loop
        self.header.deleteLater()
        self.menu.menuAction().setVisible(False)
        self.turn_dock.hide()
        self.window.removeDockWidget(self.turn_dock)
        self.turn_dock.deleteLater()
        dock = self.window.victory_dock
        dock.hide()
        dock.setWidget(QWidget())
        self.victory.deleteLater()


def attach(window: WegoWindow, menu: QMenu) -> OpView | None:
    """The operational pieces for the window's session, ``None`` for the area family."""
    session = window.session
    if session is None or not family.operational(session.game):
        menu.menuAction().setVisible(False)
        return None
    return OpView(window, menu)
