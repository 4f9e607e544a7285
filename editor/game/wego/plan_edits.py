"""Undo and redo of a WEGO plan's edits before it is sealed, and starting the plan again.

Until a side seals its plan, its orders are only its own intentions: changing one reveals
nothing and rolls no die, so every edit may be undone and redone freely, whatever the game's
take-back rule (which governs what came out of the die or the fog: a sealed plan's turn,
a card drawn). Each edit is kept as the side's whole plan before and after it
(:class:`Step`, :class:`engine.wego.plan_state.PlanState`): the stacks' orders and, under the
operational rules, its setups, breakdowns and combines, HQ moves, supply orders, asset
missions, fire orders and engineer orders. Undoing an edit brings the plan back to its
state before, redoing to its state after, both through the engine's own planning actions
(:func:`engine.wego.plan_state.next_action`: a setup taken back sets the units up where they
stood, a breakdown taken back combines the parts), which it checks as it checks any other
planning action, and which the log records as the person's actions.

"Start the plan again" takes the whole plan back in one step (itself undoable): every
order of the stacks and, under the operational rules, every supply order, HQ move, asset
mission, fire and engineer order, the setups (the units go back to the scenario's placement)
and the breakdowns and combines (:func:`engine.wego.plan_state.fresh`). The edits belong to
one side's plan in one turn: they are forgotten when it is sealed, when the board is handed
over, and when a game is loaded or taken back.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QObject, Signal

from editor.game.session import GameSession
from editor.game.wego.orders import planning_side
from editor.game.wego.plan_words import cleared, describe
from engine.actions import Action
from engine.wego.plan_state import PlanState, fresh, next_action, snapshot

DEPTH = 200
"""How many edits are kept to undo (a plan of a large map has a few dozen orders)."""

ACTIONS_PER_STEP = 2_000
"""At most this many planning actions bring a plan back to a step's state (a bound for a
plan the engine refuses to bring back, so an Undo always ends)."""


@dataclass(frozen=True)
class Step:
    """One edit of the plan: the side's plan before and after it, and the words that name
    it in the menu ("supply order to 1st Army HQ")."""

    before: PlanState
    after: PlanState
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

    def plan(self, side: str) -> PlanState:
        return snapshot(self.session.game, side)

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

    def record(self, before: PlanState, after: PlanState, what: str) -> None:
        """An edit was made (the side's plan before and after it)."""
        if self._busy or before == after:
            return
        self.undo_steps.append(Step(before, after, what))
        del self.undo_steps[:-DEPTH]
        self.redo_steps = []
        self.changed.emit()

    def edit(self, action: Action) -> bool:
        """Apply a planning action through the session and keep it as an edit."""
        return self.edit_all([action], describe(self.session.game, action, self.side()))

    def edit_all(self, actions: list[Action], what: str) -> bool:
        """Apply planning actions through the session as one edit named ``what`` (every
        unit of a stack set up on a hex); stops at the first refused."""
        side = self.side()
        if side is None:
            return all(self.session.apply(action) for action in actions)
        before = self.plan(side)
        done = True
        for action in actions:
            if not self.session.apply(action):
                done = False
                break
        if self.side() == side:  # not the seal
            self.record(before, self.plan(side), what)
        return done

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
        if not self._set(step.before):
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
        if not self._set(step.after):
            return None
        self.redo_steps.pop()
        self.undo_steps.append(step)
        self.changed.emit()
        return step

    def to_clear(self) -> str:
        """What "Start again" would take back, in words ("2 stack orders and 1 supply
        order"); empty when a person is not planning or the plan holds nothing."""
        side = self.side()
        if side is None:
            return ""
        return cleared(self.session.game, self.plan(side), fresh(self.session.game, side))

    def start_again(self) -> str:
        """Take the whole plan back to where it stood before the side's first planning
        action this turn, as one edit (undoable); the words naming what was cleared, empty
        when nothing was (a person is not planning, or the plan holds nothing)."""
        side = self.side()
        if side is None:
            return ""
        game = self.session.game
        before, start = self.plan(side), fresh(game, side)
        if not cleared(game, before, start):
            return ""
        self._set(start)  # what the engine refuses stays; the rest is one edit all the same
        after = self.plan(side)
        if after == before:
            return ""
        self.record(before, after, "starting the plan again")
        return cleared(game, before, after)

    def _set(self, wanted: PlanState) -> bool:
        """Bring the side's plan to ``wanted`` through the engine's planning actions;
        ``False`` when one is refused."""
        side = self.side()
        if side is None:
            return False
        self._busy = True
        try:
            for _ in range(ACTIONS_PER_STEP):
                action = next_action(self.session.game, side, wanted)
                if action is None:
                    return True
                if not self.session.apply(action):
                    return False
        finally:
            self._busy = False
        return False
