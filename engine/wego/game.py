"""A game whose scenario plays WEGO turns (``calendar.turn_system: wego``).

``Game(scenario, seed)`` makes a :class:`WegoGame` for such a scenario, so every caller (the
runner, play by e-mail, saves, the game view) gets the same API as for IGOUGO games:
``legal_actions()`` for the side to act, ``check``/``is_legal``, ``apply`` (checked before
anything is recorded), ``outcome()``, ``save()``/``load``. A turn is:

1. the turn opens: every land and naval unit has its full MP again, and a fresh plan opens;
2. the window before planning (:mod:`engine.wego.windows`): each side in the turn order plays
   its events, cards, reinforcements and offensive air phases through the IGOUGO phase
   modules;
3. planning (:mod:`engine.wego.plan`): the first side in the turn order whose plan is open is
   the side to act; it gives orders, then seals its plan, and the next side plans;
4. when the last plan is sealed, the execution phase runs at once, inside that ``apply``
   (:mod:`engine.wego.execute`): no decision is asked during it;
5. the window after the execution: each side in the turn order plays its sieges,
   replacements and end-of-turn card window;
6. the turn ends: the supply check of every side, in the turn order (when the calendar plays
   the supply phase on that turn), then each side's end-of-turn scoring and sudden death,
   then the turn's statistics (``wego_turn_end``), then the end-of-turn checks (tension,
   victory level), and the next turn opens (or the game ends after the last).
"""

from __future__ import annotations

from typing import Any

from schemas.scenario import Scenario

from .. import decisions, victory
from ..actions import Action
from ..errors import IllegalAction
from ..game import Game
from ..phases.base import Phase
from ..phases.supply import resolve as resolve_supply
from . import execute, family, plan, sealed, windows

_NO_PHASE = Phase()
_NO_PHASE.name = "WEGO planning"


class WegoGame(Game):
    """One game of a WEGO scenario (see the module docstring)."""

    def __init__(
        self, scenario: Scenario, seed: int = 0, *, fog: bool | None = None, start: bool = True
    ) -> None:
        super().__init__(scenario, seed, fog=fog, start=start)

    # -- where we are ------------------------------------------------------------------------

    @property
    def phase(self) -> str:
        """The IGOUGO phase being played in a window (``events``, ``sieges``...), else
        ``wego_planning`` while plans are open and ``wego_execution`` while they run."""
        wego = self.state.wego
        if windows.stage(self) is not None:
            return windows.current(self)
        return (
            "wego_planning"
            if wego is not None and wego["stage"] == "planning"
            else ("wego_execution")
        )

    def handler(self) -> Phase:
        """The IGOUGO phase module of a window's phase; the planning and the execution are
        no IGOUGO phase: a plain :class:`~engine.phases.base.Phase`, which opens no card
        window (what asks ``cards.window`` while plans are open finds none) and lists no
        action."""
        if windows.stage(self) is not None:
            return super().handler()
        return _NO_PHASE

    def to_act(self) -> str | None:
        if self.state.outcome is not None or self.state.wego is None:
            return None
        if windows.stage(self) is not None:
            return super().to_act()
        if self.state.pending:
            return decisions.side_of(self, self.state.pending[0])
        return plan.planner(self) or sealed.revealer(self)

    def blocking(self) -> str | None:
        if windows.stage(self) is not None and self.state.outcome is None:
            return super().blocking()
        return None

    # -- the API -------------------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        if self.to_act() is None:
            return []
        if windows.stage(self) is not None:
            return super().legal_actions()
        return plan.actions(self)

    def check(self, action: Action) -> None:
        if not isinstance(action, Action):
            raise IllegalAction(f"{action!r} is not an action")
        if self.state.outcome is not None:
            raise IllegalAction("the game is over")
        if windows.stage(self) is not None:
            super().check(action)
            return
        revealing = plan.planner(self) is None and sealed.revealer(self)
        if revealing:
            self._revealed(revealing, action)
            return
        plan.check(self, action)

    def _revealed(self, side: str, action: Action) -> list[Action]:
        """The actions of a reveal of ``side``'s committed plan, checked against its
        commitment (IllegalAction); each is checked by the rules as it is carried out."""
        if not isinstance(action, sealed.RevealPlan):
            raise IllegalAction(f"'{side}' must reveal the plan it sealed by commitment")
        return sealed.revealed_actions(self, side, action)

    def apply(self, action: Action) -> None:
        """Carry out a planning action; sealing the last plan runs the execution phase and
        ends the turn. In a window, the action is an IGOUGO phase's, carried out as in an
        IGOUGO game."""
        if windows.stage(self) is not None:
            super().apply(action)  # ending the phase comes back through _close_phase
            if windows.settle(self):
                self._window_over()
            return
        self.check(action)
        self.record("action", by=self.to_act(), action=action.to_json())
        revealing = plan.planner(self) is None and sealed.revealer(self)
        if revealing:
            sealed.apply_reveal(self, revealing, self._revealed(revealing, action))
        else:
            plan.apply(self, action)
        if (
            self.state.wego is not None and self.to_act() is None
        ):  # every plan sealed (and every committed one revealed)
            execute.run(self)
            victory.check_immediate(self)  # a capture may have met a sudden-death condition
            if self.state.outcome is None:
                windows.planes_home(self)
                # The orders are spent; the window after the execution keeps only its stage.
                self.state.wego = {"stage": "after", "orders": {}, "sealed": []}
                if windows.open_window(self, "after"):
                    self._window_over()
        victory.check_immediate(self)

    # -- the loop ------------------------------------------------------------------------------

    def _open_phase(self) -> None:
        """Open a turn: full MP, a fresh plan."""
        self.state.side_index = self.state.phase_index = 0
        for unit in self.state.units.values():
            if unit.domain != "air":
                unit.mp_spent = 0.0
        for stack in self.state.stacks.values():
            stack.moved = False
        plan.open_plan(self)
        self.record("wego_turn", date=self.date.isoformat())
        if family.operational(self):
            family.open_turn(self)  # OA2: assets arriving at random, before any plan
        victory.check_immediate(self)
        if self.state.outcome is None and windows.open_window(self, "before"):
            self._window_over()

    def _close_phase(self) -> None:
        """A side ended a window's phase (``EndPhase``): the next phase or side, or the
        window is over."""
        if windows.close_phase(self):
            self._window_over()

    def _window_over(self) -> None:
        """The window before planning gives way to the planning; the one after the execution
        to the end of the turn."""
        assert self.state.wego is not None
        if windows.stage(self) == "before":
            self.state.wego["stage"] = "planning"
        else:
            self.state.wego = None  # the turn's plan is over until the next turn opens
            self._end_turn()

    def _end_turn(self) -> None:
        state = self.state
        supply: dict[str, dict[str, int]] = {}
        operational = family.operational(self)
        if operational:
            family.close_turn(self)  # the operational family's end of turn (OT8)
        elif "supply" in self.phases_of(self.turn):
            for index, side in enumerate(self.sides_in_play):
                state.side_index = index
                supply[side] = resolve_supply(self, side)
        for index in range(len(self.sides_in_play)):
            state.side_index = index
            victory.end_of_player_turn(self)
            if state.outcome is not None:
                return
        state.side_index = 0
        self.record(
            "wego_turn_end",
            vp={side: s.vp for side, s in sorted(state.sides.items())},
            losses=dict(sorted(state.stats.get("losses", {}).items())),
            supply=supply,
        )
        if not operational:
            victory.end_of_turn(self)
        if state.outcome is not None:
            return
        if state.turn >= self.scenario.calendar.turns:
            if operational:
                family.end_of_game(self)
            else:
                victory.end_of_game(self)
            return
        state.turn += 1
        for unit in state.units.values():
            unit.breakthroughs = 0
        self._open_phase()

    def record(self, kind: str, **data: Any) -> None:
        """Add a record to the event log, stamped with the turn, the WEGO phase and the side
        planning (or attacking, in a battle of the execution)."""
        if not self.log.enabled:
            return
        stamp: dict[str, Any] = {"turn": self.state.turn}
        if self.state.outcome is None and self.state.wego is not None and self.sides_in_play:
            planning = self.state.wego["stage"] == "planning"
            side = (plan.planner(self) or sealed.revealer(self)) if planning else self.active_side
            if side is not None:
                stamp["side"] = side
            stamp["phase"] = self.phase
        self.log.add({"seq": len(self.log), "type": kind, **stamp, **data})
