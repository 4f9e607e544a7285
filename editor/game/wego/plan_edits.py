"""Undo and redo of a WEGO plan's edits before it is sealed, and starting the plan again.

Until a side seals its plan, its orders are only its own intentions: changing one reveals
nothing and rolls no die, so every edit may be undone and redone freely, whatever the game's
take-back rule (which governs what came out of the die or the fog: a sealed plan's turn,
a card drawn). Each edit is kept as the orders it changed, before and after
(:class:`Step`); undoing it gives each stack its order from before again (or cancels the
one it did not have), redoing gives the order from after, both through the engine's own
planning actions (``order_*``, ``cancel_order``), which it checks as it checks any other
order, and which the log records as the person's actions.

"Start the plan again" cancels every order of the side in one step (itself undoable). The
edits belong to one side's plan in one turn: they are forgotten when it is sealed, when the
board is handed over, and when a game is loaded or taken back.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QObject, Signal

from editor.game.session import GameSession
from editor.game.wego.orders import order_words, planning_side
from engine.actions import Action
from engine.wego import plan
from engine.wego.orders import CancelOrder, Order

DEPTH = 200
"""How many edits are kept to undo (a plan of a large map has a few dozen orders)."""


@dataclass(frozen=True)
class Step:
    """One edit of the plan: per stack changed, its order before and after (``None``: no
    order), and the words that name it in the menu."""

    changes: tuple[tuple[str, Order | None, Order | None], ...]
    what: str


class PlanEdits(QObject):
    """The undo and redo stacks of the plan being made (see the module docstring)."""

    changed = Signal()
    """What may be undone or redone changed (the panel and the menu follow)."""

    def __init__(self, session: GameSession) -> None:
        super().__init__(session)
        self.session = session
        self.undo_steps: list[Step] = []
        self.redo_steps: list[Step] = []
        self._key: tuple[int, str] | None = None
        self._busy = False
        session.changed.connect(self._check_key)
        session.handover.connect(lambda _side: self.forget())

    # -- whose plan ----------------------------------------------------------------------------

    def side(self) -> str | None:
        """The person planning now, or ``None``."""
        side = planning_side(self.session.game)
        return side if side is not None and side == self.session.human_to_act() else None

    def orders(self, side: str) -> dict[str, Order]:
        return dict(plan.orders_of(self.session.game, side, viewer=side))

    def _check_key(self) -> None:
        side = self.side()
        key = (self.session.game.turn, side) if side is not None else None
        if key != self._key:
            self._key = key
            self.forget()

    def forget(self) -> None:
        if self.undo_steps or self.redo_steps:
            self.undo_steps, self.redo_steps = [], []
        self.changed.emit()

    # -- recording -----------------------------------------------------------------------------

    def record(self, before: dict[str, Order], after: dict[str, Order], what: str) -> None:
        """An edit was made (the orders of the side before and after it)."""
        if self._busy:
            return
        changes = tuple(
            (stack, before.get(stack), after.get(stack))
            for stack in sorted(set(before) | set(after))
            if before.get(stack) != after.get(stack)
        )
        if not changes:
            return
        self.undo_steps.append(Step(changes, what))
        del self.undo_steps[:-DEPTH]
        self.redo_steps = []
        self.changed.emit()

    def edit(self, action: Action) -> bool:
        """Apply a planning action through the session and keep it as an edit."""
        side = self.side()
        if side is None:
            return self.session.apply(action)
        before = self.orders(side)
        if not self.session.apply(action):
            return False
        if self.side() == side:  # not the seal
            self.record(before, self.orders(side), describe(self.session, action, before))
        return True

    # -- undoing -------------------------------------------------------------------------------

    def can_undo(self) -> bool:
        return self.side() is not None and bool(self.undo_steps)

    def can_redo(self) -> bool:
        return self.side() is not None and bool(self.redo_steps)

    def undo(self) -> Step | None:
        """Undo the last edit; the step undone, or ``None`` (nothing, or refused)."""
        if not self.can_undo():
            return None
        step = self.undo_steps[-1]
        if not self._set({stack: old for stack, old, _new in step.changes}):
            return None
        self.undo_steps.pop()
        self.redo_steps.append(step)
        self.changed.emit()
        return step

    def redo(self) -> Step | None:
        """Redo the last edit undone; the step, or ``None``."""
        if not self.can_redo():
            return None
        step = self.redo_steps[-1]
        if not self._set({stack: new for stack, _old, new in step.changes}):
            return None
        self.redo_steps.pop()
        self.undo_steps.append(step)
        self.changed.emit()
        return step

    def start_again(self) -> bool:
        """Cancel every order of the plan, as one edit (undoable); ``False`` when the plan
        has no order or a person is not planning."""
        side = self.side()
        if side is None:
            return False
        before = self.orders(side)
        if not before:
            return False
        if not self._set(dict.fromkeys(before)):
            return False
        self.record(before, self.orders(side), "starting the plan again")
        return True

    def _set(self, wanted: dict[str, Order | None]) -> bool:
        """Give each stack its wanted order (``None``: no order) through the engine."""
        side = self.side()
        if side is None:
            return False
        self._busy = True
        try:
            for stack, order in wanted.items():
                has = self.orders(side).get(stack)
                if has == order:
                    continue
                action: Action = CancelOrder(stack) if order is None else order
                if not self.session.apply(action):
                    return False
        finally:
            self._busy = False
        return True


def describe(session: GameSession, action: Action, before: dict[str, Order]) -> str:
    """How the menu names an edit: "the order Move to Kharkov (3 steps)"."""
    game = session.game
    if isinstance(action, CancelOrder):
        old = before.get(action.stack)
        return f"cancelling {order_words(game, old)}" if old else "cancelling an order"
    if isinstance(action, Order):
        return f"the order {order_words(game, action)}"
    return action.kind.replace("_", " ")
