"""The selected stack: its units and their values, why each value is what it is, and what the
player may do with the stack now (split, merge, entrench, enter or leave a structure, rebase,
and, where the scenario has transports, board ships, go ashore and fly troops or paratroops).

Every button stands for actions the engine lists as legal for this stack, so a button is
enabled exactly when the action would be accepted; the engine still has the last word and
its refusal shows under the buttons. An enemy stack shows its content only when the fog of
war lets the viewer see inside it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar

from PySide6.QtCore import QPoint
from PySide6.QtWidgets import (
    QGridLayout,
    QMenu,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from editor.game.panels.base import Column, SessionPanel, button, button_row, heading, muted, notice
from editor.game.panels.knowledge import plural, stack_words
from editor.game.panels.unit_table import UnitTable
from editor.game.panels.unit_values import UnitRow, summarise
from editor.shared.widgets import scrolling
from engine.actions import (
    Action,
    Airlift,
    Disembark,
    Drop,
    Embark,
    EnterStructure,
    Entrench,
    LeaveStructure,
    Merge,
    Rebase,
    Split,
)
from engine.naval.transport import shores
from engine.queries import cargo
from engine.state import StackState

if TYPE_CHECKING:
    from editor.game.session import GameSession
    from engine.game import Game

A = TypeVar("A", bound=Action)


class StackPanel(SessionPanel):
    """The units of ``session.selected`` and the actions open to that stack."""

    def __init__(self, session: GameSession, parent: QWidget | None = None) -> None:
        super().__init__(session, parent)
        self.splitting = False
        self.title = heading("No stack selected")
        self.states = notice()
        self.leader = muted()
        self.stacking = muted()
        self.hint = muted("Select a stack on the map to see its units.")
        self.table = UnitTable()
        self.table.itemChanged.connect(self._checked)

        self.split_button = button("Split\u2026", "Take some units out into a new stack")
        self.merge_button = button("Merge\u2026", "Join other stacks standing here into this one")
        self.entrench_button = button("Entrench", "Dig in (only before the stack moves)")
        self.enter_button = button("Enter\u2026", "Go inside a friendly structure here")
        self.leave_button = button("Leave", "Come out of the structure into the region")
        self.rebase_button = button("Rebase\u2026", "Fly to another friendly airfield")
        self.board_button = button("Board\u2026", "Go aboard ships lying in a port here")
        self.ashore_button = button(
            "Go ashore\u2026", "Put the troops aboard ashore: in this port or over a beach"
        )
        self.fly_button = button(
            "Fly troops\u2026", "Fly with the air transports here: to an airfield, or drop"
        )
        self.cargo = muted()
        self.confirm_split = button("Split off", "Make a new stack of the ticked units")
        self.cancel_split = button("Cancel")
        self.split_button.clicked.connect(self._start_split)
        self.merge_button.clicked.connect(self._merge)
        self.entrench_button.clicked.connect(lambda: self._act_all(Entrench))
        self.enter_button.clicked.connect(self._enter)
        self.leave_button.clicked.connect(lambda: self._act_all(LeaveStructure))
        self.rebase_button.clicked.connect(self._rebase)
        self.board_button.clicked.connect(self._board)
        self.ashore_button.clicked.connect(self._ashore)
        self.fly_button.clicked.connect(self._fly)
        self.confirm_split.clicked.connect(self._finish_split)
        self.cancel_split.clicked.connect(self._end_split)
        self.menu: QMenu | None = None

        self.actions_box = QWidget()
        buttons = QGridLayout(self.actions_box)
        buttons.setContentsMargins(0, 0, 0, 0)
        buttons.setSpacing(4)
        for index, widget in enumerate(
            (
                self.split_button,
                self.merge_button,
                self.entrench_button,
                self.enter_button,
                self.leave_button,
                self.rebase_button,
                self.board_button,
                self.ashore_button,
                self.fly_button,
            )
        ):
            buttons.addWidget(widget, index // 3, index % 3)
        # The transport buttons only appear in scenarios that have carriers.
        self.transport_buttons = (self.board_button, self.ashore_button, self.fly_button)
        split_row = button_row(self.confirm_split, self.cancel_split)
        self.split_hint = muted("Tick the units to take out, then Split off.")
        self.idle_hint = muted()

        # A long stack, its buttons and the hint under them outgrow a short dock: they
        # scroll rather than being cut off at the dock's edge.
        self.content = Column()
        column = self.content.column
        outer = QVBoxLayout(self.body)
        outer.setContentsMargins(9, 9, 5, 9)
        outer.addWidget(scrolling(self.content), 1)
        column.addWidget(self.title)
        column.addWidget(self.states)
        column.addWidget(self.leader)
        column.addWidget(self.stacking)
        column.addWidget(self.cargo)
        column.addWidget(self.hint)
        column.addWidget(self.table)
        column.addWidget(self.actions_box)
        column.addWidget(self.idle_hint)
        column.addWidget(self.split_hint)
        column.addLayout(split_row)
        column.addWidget(self.message)
        column.addStretch(1)
        self._actions_of: list[Action] = []
        session.selectionChanged.connect(self._selected)
        self._show_split(False)

    # -- what is shown ----------------------------------------------------------------------------

    def stack(self) -> StackState | None:
        selected = self.session.selected
        return self.game.state.stacks.get(selected) if selected else None

    def _selected(self, _stack: object) -> None:
        self.splitting = False
        self.message.hide()
        self._stale()

    def update_view(self) -> None:
        stack = self.stack()
        sight = self.sight()
        if stack is None:
            self._empty("No stack selected", "Select a stack on the map to see its units.")
            return
        where = sight.region(stack.region)
        owner = sight.side(stack.side)
        owner = "Your" if owner == "You" else owner
        view = sight.view(stack)
        if view != "full":
            text = "You cannot see inside this stack (fog of war)."
            if view == "flag":
                text = "Only its flag shows: its units stay hidden (fog of war)."
            self._empty(f"{owner} stack at {where}", text)
            return
        summary = summarise(self.game, sight, stack)
        self.title.setText(f"{owner} stack at {where} \u00b7 {plural(len(stack.units), 'unit')}")
        states = " \u00b7 ".join(summary.states)
        self.states.setText(states[:1].upper() + states[1:])  # names keep their capitals
        self.states.setVisible(bool(summary.states))
        leader = f"Commander: {summary.leader}. " if summary.leader else ""
        self.leader.setText(leader + summary.command)
        self.leader.show()
        self.stacking.setText(summary.stacking)
        self.stacking.show()
        self.cargo.setText(self._cargo_words(stack) if sight.mine(stack.side) else "")
        self.cargo.setVisible(bool(self.cargo.text()))
        self.hint.hide()
        self.table.show()
        self._fill(summary.rows)
        self._update_buttons(stack)

    def _empty(self, title: str, hint: str) -> None:
        self.title.setText(title)
        self.hint.setText(hint)
        self.hint.show()
        # Emptied, not only hidden: what a hidden label holds is still there to be read.
        for label in (self.states, self.leader, self.stacking, self.cargo):
            label.clear()
            label.hide()
        self.table.setRowCount(0)
        self.table.hide()
        self.splitting = False
        self._actions_of = []
        self._update_buttons(None)

    def _fill(self, rows: list[UnitRow]) -> None:
        self.table.fill(rows, checkable=self.splitting)

    def _update_buttons(self, stack: StackState | None) -> None:
        # Buttons only for a stack a person here commands: on another's they would only
        # ever be greyed out.
        sight = self.sight()
        ours = stack is not None and self.session.players.get(stack.side) == "human"
        self.actions_box.setVisible(ours and sight.mine(stack.side if stack else None))
        actions = [a for a in self.legal() if stack is not None and _concerns(a, stack.id)]
        self._actions_of = actions
        kinds = {type(a) for a in actions}
        self.idle_hint.setText(self._why_idle(stack) if ours and not actions else "")
        self.idle_hint.setVisible(bool(self.idle_hint.text()))
        self.split_button.setEnabled(Split in kinds and not self.splitting)
        self.merge_button.setEnabled(Merge in kinds)
        self.entrench_button.setEnabled(Entrench in kinds)
        self.enter_button.setEnabled(EnterStructure in kinds)
        self.leave_button.setEnabled(LeaveStructure in kinds)
        self.rebase_button.setEnabled(Rebase in kinds)
        self.board_button.setEnabled(Embark in kinds)
        self.ashore_button.setEnabled(Disembark in kinds)
        self.fly_button.setEnabled(bool(kinds & {Airlift, Drop}))
        carriers = _has_carriers(self.game)
        for widget in self.transport_buttons:
            widget.setVisible(carriers)
        enter = [a for a in actions if isinstance(a, EnterStructure)]
        if len(enter) == 1:
            self.enter_button.setText(f"Enter {sight.structure(enter[0].structure)}")
        else:
            self.enter_button.setText("Enter\u2026")
        self._show_split(self.splitting and Split in kinds)

    def _why_idle(self, stack: StackState | None) -> str:
        """Why every button is greyed out, so the player knows when they will work."""
        if stack is None:
            return ""
        if self.session.human_to_act() != stack.side:
            return "Not your turn: these work when you are to act."
        return (
            "Nothing to do with this stack now: stacks split, merge, entrench and enter or "
            "leave structures in the land movement phase, before they move."
        )

    def _show_split(self, on: bool) -> None:
        self.splitting = on
        self.confirm_split.setVisible(on)
        self.cancel_split.setVisible(on)
        self.split_hint.setVisible(on)
        self.confirm_split.setEnabled(False)
        if on:
            self._checked()
        self.content.refit()

    # -- acting ------------------------------------------------------------------------------------

    def _of(self, kind: type[A]) -> list[A]:
        return [a for a in self._actions_of if isinstance(a, kind)]

    def _start_split(self) -> None:
        self.splitting = True
        stack = self.stack()
        if stack is not None:
            self._fill(summarise(self.game, self.sight(), stack).rows)
            self._update_buttons(stack)

    def _end_split(self) -> None:
        self.splitting = False
        self.refresh()

    def checked_units(self) -> list[str]:
        return self.table.checked_units()

    def set_checked(self, unit_ids: list[str]) -> None:
        """Tick these units (and untick the others) in split mode."""
        self.table.set_checked(unit_ids)

    def _checked(self, *_: object) -> None:
        if not self.splitting:
            return
        count = len(self.checked_units())
        stack = self.stack()
        whole = stack is not None and count >= len(stack.units)
        self.confirm_split.setEnabled(count > 0 and not whole)
        self.confirm_split.setText(f"Split off {plural(count, 'unit')}" if count else "Split off")

    def _finish_split(self) -> None:
        stack = self.stack()
        units = self.checked_units()
        if stack is None or not units:
            return
        self.splitting = False
        if not self.act(Split(stack.id, tuple(units))):
            self.refresh()

    def _merge(self) -> None:
        stack = self.stack()
        merges = self._of(Merge)
        if stack is None or not merges:
            return
        others = [s for s in merges[0].stacks if s != stack.id]
        if len(others) == 1:
            self.act(Merge((stack.id, *others)))
            return
        stacks = self.game.state.stacks
        options = [(stack_words(self.game, stacks[o]), Merge((stack.id, o))) for o in others]
        options.append(("All the stacks here", Merge((stack.id, *others))))
        self._choose(self.merge_button, options)

    def _act_all(self, kind: type[Action]) -> None:
        for action in self._of(kind):
            self.act(action)

    def _enter(self) -> None:
        sight = self.sight()
        options: list[tuple[str, Action]] = [
            (sight.structure(a.structure), a) for a in self._of(EnterStructure)
        ]
        self._act_or_choose(self.enter_button, options)

    def _rebase(self) -> None:
        sight = self.sight()
        structures = self.game.world.structures
        options: list[tuple[str, Action]] = [
            (f"{sight.structure(a.structure)} ({sight.region(structures[a.structure].region)})", a)
            for a in self._of(Rebase)
        ]
        self._act_or_choose(self.rebase_button, options)

    def _board(self) -> None:
        stacks = self.game.state.stacks
        options: list[tuple[str, Action]] = [
            (f"Ships: {stack_words(self.game, stacks[a.fleet])}", a) for a in self._of(Embark)
        ]
        self._act_or_choose(self.board_button, options)

    def _ashore(self) -> None:
        sight = self.sight()
        stack = self.stack()
        kinds = {s.region: s.kind for s in shores(self.game, stack)} if stack else {}
        words = {
            "port": "in the port",
            "landing": "over the beach",
            "assault": "over the beach, against the enemy (a battle)",
        }
        options: list[tuple[str, Action]] = [
            (f"{sight.region(a.region)}: {words.get(kinds.get(a.region, 'port'), '')}", a)
            for a in self._of(Disembark)
        ]
        self._act_or_choose(self.ashore_button, options)

    def _fly(self) -> None:
        sight = self.sight()
        structures = self.game.world.structures
        options: list[tuple[str, Action]] = [
            (
                f"Fly to {sight.structure(a.structure)} "
                f"({sight.region(structures[a.structure].region)})",
                a,
            )
            for a in self._of(Airlift)
        ]
        options += [(f"Drop on {sight.region(a.region)}", a) for a in self._of(Drop)]
        self._act_or_choose(self.fly_button, options)

    def _cargo_words(self, stack: StackState) -> str:
        """What a fleet of the viewer's side carries, and the room left."""
        carried = cargo(self.game, stack)
        if carried is None or not carried.berths:
            return ""
        room = sum(b.room for b in carried.berths)
        full = sum(b.capacity for b in carried.berths)
        aboard = self.sight().units(carried.units) if carried.units else "no troops"
        return f"Aboard: {aboard} \u00b7 room for {room} of {full} stacking points."

    def act(self, action: Action) -> bool:
        done = super().act(action)
        stacks = self.game.state.stacks
        if done and isinstance(action, Embark) and action.stack not in stacks:
            # The whole stack went aboard and left the map: show the fleet now carrying it.
            self.session.select(action.fleet)
        return done

    def _act_or_choose(self, anchor: QPushButton, options: list[tuple[str, Action]]) -> None:
        """The one action there is, at once; else a menu of them under the button."""
        if len(options) == 1:
            self.act(options[0][1])
        elif options:
            self._choose(anchor, options)

    def _choose(self, anchor: QPushButton, options: list[tuple[str, Action]]) -> None:
        """A menu of the options under the button (not modal: it closes on any click)."""
        self.menu = QMenu(self)
        for label, action in options:
            self.menu.addAction(label).triggered.connect(
                lambda _=False, chosen=action: self.act(chosen)
            )
        self.menu.popup(anchor.mapToGlobal(QPoint(0, anchor.height())))


def _has_carriers(game: Game) -> bool:
    """The scenario has ships or aircraft that carry troops."""
    return any(t.transport_capacity > 0 and t.domain != "land" for t in game.scenario.unit_types)


def _concerns(action: Action, stack_id: str) -> bool:
    if isinstance(action, Merge):
        return stack_id in action.stacks
    if isinstance(action, Disembark):
        return action.fleet == stack_id
    return getattr(action, "stack", None) == stack_id and action.kind != "move"
