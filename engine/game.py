"""A game in progress: the turn and phase loop, legal actions, and applying them.

The API follows engines like python-chess: ``legal_actions()`` for the side to act,
``apply(action)`` (raising :class:`IllegalAction` with a reason), ``outcome()`` once the game is
over. Everything random comes from one seeded :class:`Dice`; everything that happens is written
to ``log``. ``save()`` and :meth:`Game.load` work at any decision point.
"""

from __future__ import annotations

import copy
import datetime as dt
import functools
import hashlib
from typing import Any

from schemas.io import dumps, parse_json
from schemas.scenario import Scenario

from . import cards, decisions, modifiers, victory
from .actions import Action, EndPhase
from .dice import Dice
from .errors import IllegalAction, SaveError
from .log import EventLog
from .outcome import Outcome
from .phases import PHASES
from .phases.base import Phase
from .save_checks import check_save
from .setup import initial_state
from .state import GameState
from .world import World

SAVE_FORMAT = 1


class Game:
    """One game of a scenario, from its first phase to its outcome."""

    def __new__(cls, scenario: Scenario | None = None, *args: Any, **kwargs: Any) -> Game:
        # A scenario of WEGO turns plays as a WegoGame (engine/wego), whoever makes it.
        if cls is Game and scenario is not None and scenario.calendar.turn_system == "wego":
            from .wego.game import WegoGame

            return object.__new__(WegoGame)
        return object.__new__(cls)

    def __init__(
        self, scenario: Scenario, seed: int = 0, *, fog: bool | None = None, start: bool = True
    ) -> None:
        self.world = World(scenario)
        self._phases: dict[int, tuple[str, ...]] = {}
        self.seed = seed
        self.dice: Dice = Dice(seed, scenario.rules.dice.sides)
        self.log = EventLog()
        self.fog = scenario.rules.fog.enabled if fog is None else fog
        self.state: GameState = initial_state(self.world, self.dice)
        self.sides_in_play = [s for s in self.world.turn_order if not self.world.sides[s].neutral]
        if start:
            self.record("game_start", seed=seed, scenario=scenario.info.title, fog=self.fog)
            self._open_phase()

    # -- where we are ------------------------------------------------------------------------

    @property
    def scenario(self) -> Scenario:
        return self.world.scenario

    @property
    def turn(self) -> int:
        return self.state.turn

    @property
    def active_side(self) -> str:
        return self.sides_in_play[self.state.side_index]

    def phases_of(self, turn: int) -> list[str]:
        """Phases played in each player-turn of ``turn``."""
        # Asked on every question about the current phase; the calendar never changes
        # during a game, so each turn's list is worked out once.
        known = self._phases.get(turn)
        if known is None:
            known = self._phases[turn] = tuple(
                spec.phase
                for spec in self.scenario.calendar.phases
                if spec.turns.contains(turn)
                and not (spec.phase == "turn_summary" and turn == 1)
                # The naval phase is played only by scenarios that switch the naval rules on.
                and (spec.phase != "naval_movement" or self.scenario.rules.naval.enabled)
            )
        return list(known)

    @property
    def phase(self) -> str:
        # Asked tens of thousands of times a game: the kept tuple, not a copy of the list.
        turn = self.state.turn
        known = self._phases.get(turn)
        if known is None:
            self.phases_of(turn)  # fills the cache
            known = self._phases[turn]
        return known[self.state.phase_index]

    @property
    def date(self) -> dt.date:
        return self.scenario.calendar.date_of(self.turn)

    def handler(self) -> Phase:
        return PHASES[self.phase]

    def to_act(self) -> str | None:
        """The side whose decision it is (``None`` once the game is over)."""
        if self.state.outcome is not None:
            return None
        if self.state.pending:
            return decisions.side_of(self, self.state.pending[0])
        if self.state.battle is not None:
            from .combat import controller

            return controller.side_to_act(self)
        siege_window = self.state.stats.get("siege_window")
        if siege_window:
            # A siege's card window may belong to the besieged side (G1).
            return str(siege_window)
        return self.active_side

    def blocking(self) -> str | None:
        """Why the current phase cannot end yet, or ``None``."""
        if self.state.pending:
            return decisions.describe(self, self.state.pending[0])
        if self.state.battle is not None:
            return "the open battle must be fought to its end"
        mandatory = cards.mandatory_left(self)
        if mandatory:
            return f"card '{self.world.cards[mandatory].name}' must be played first"
        return self.handler().blocking(self)

    # -- the API -------------------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """Every action open to the side to act, in a stable order."""
        if self.state.outcome is not None:
            return []
        if self.state.pending:
            return decisions.actions(self, self.state.pending[0])
        if self.state.battle is not None:
            from .combat import controller

            return controller.actions(self)
        actions = cards.playable_actions(self) + self.handler().actions(self)
        if self.blocking() is None:
            actions.append(EndPhase())
        return actions

    def check(self, action: Action) -> None:
        """Raise :class:`IllegalAction` (with the reason) unless ``action`` may be applied now.

        Never changes the game, rolls no die and writes no record. The actions it accepts are
        those :meth:`legal_actions` lists and their documented equivalents: a ``Move`` along
        any legal path to a region listed for that stack, a ``Split`` of any proper subset of
        the units of a stack listed with splits, a ``Merge`` of any two or more of the stacks
        of a listed merge, a ``Discard`` of several cards the hand is over its limit by, a
        ``PlayCard`` of a listed card naming targets, and a ``Breakthrough`` with any of the
        units offered for its region.
        """
        if not isinstance(action, Action):
            raise IllegalAction(f"{action!r} is not an action")
        if self.state.outcome is not None:
            raise IllegalAction("the game is over")
        if self.state.pending:
            decisions.check(self, self.state.pending[0], action)
        elif self.state.battle is not None:
            from .combat import controller

            controller.check(self, action)
        elif isinstance(action, EndPhase):
            reason = self.blocking()
            if reason is not None:
                raise IllegalAction(f"the phase cannot end: {reason}")
        elif cards.handles(action):
            cards.check(self, action)
        else:
            self.handler().check(self, action)

    def is_legal(self, action: Action) -> bool:
        """Whether :meth:`apply` would accept ``action`` now (it is not applied)."""
        try:
            self.check(action)
        except IllegalAction:
            return False
        return True

    def apply(self, action: Action) -> None:
        """Carry out an action of the side to act.

        The action is checked first (:meth:`check`): a refused action raises
        :class:`IllegalAction` and leaves the game exactly as it was, without a record.
        """
        self.check(action)
        side = self.to_act()
        self.record("action", by=side, action=action.to_json())
        if self.state.pending:
            decisions.apply(self, self.state.pending[0], action)
        elif self.state.battle is not None:
            from .combat import controller

            controller.apply(self, action)
        elif isinstance(action, EndPhase):
            self._close_phase()
        elif cards.handles(action):
            cards.apply(self, action)
        else:
            self.handler().apply(self, action)
            self.state.phase_acted = True
        victory.check_immediate(self)

    def outcome(self) -> Outcome | None:
        """``None`` while the game runs; then how it ended: the winner (``None`` for a draw),
        the termination and its reason, the VP per side."""
        data = self.state.outcome
        if data is None:
            return None
        tension = self.scenario.tension
        return Outcome.from_json(data, tension.name if tension is not None else None)

    # -- the loop ------------------------------------------------------------------------------

    def _open_phase(self) -> None:
        self.state.phase_acted = False
        self.record("phase", turn=self.turn, date=self.date.isoformat())
        self.handler().begin(self)
        victory.check_immediate(self)

    def _close_phase(self) -> None:
        self.handler().end(self)
        modifiers.expire(self, "end_of_phase")
        self.state.phase_index += 1
        if self.state.phase_index >= len(self.phases_of(self.turn)):
            self._close_player_turn()
            if self.state.outcome is not None:
                return
        self._open_phase()

    def _close_player_turn(self) -> None:
        self.state.phase_index = 0
        victory.end_of_player_turn(self)
        if self.state.outcome is not None:
            return
        self.state.side_index += 1
        if self.state.side_index < len(self.sides_in_play):
            return
        self.state.side_index = 0
        victory.end_of_turn(self)
        if self.state.outcome is not None:
            return
        self.state.turn += 1
        for unit in self.state.units.values():
            unit.breakthroughs = 0
        if self.state.turn > self.scenario.calendar.turns:
            self.state.turn = self.scenario.calendar.turns
            victory.end_of_game(self)

    # -- helpers for the rules modules -----------------------------------------------------------

    def record(self, kind: str, **data: Any) -> None:
        """Add a record to the event log, stamped with where the game is."""
        log = self.log
        if not log.enabled:
            return
        state = self.state
        records = log.records
        # One dict built in place (keys in the same order as ever: seq, type, stamp, data).
        if state.outcome is None and self.sides_in_play:
            log.add(
                {
                    "seq": len(records),
                    "type": kind,
                    "turn": state.turn,
                    "side": self.active_side,
                    "phase": self.phase,
                    **data,
                }
            )
        else:
            log.add({"seq": len(records), "type": kind, "turn": state.turn, **data})

    # -- saving --------------------------------------------------------------------------------

    @functools.cached_property
    def digest(self) -> str:
        """:func:`scenario_digest` of the game's scenario, worked out once: a game never
        changes its scenario, and the game view saves after every action (the digest writes
        the whole scenario out: half a second on a 10,000-region map)."""
        return scenario_digest(self.scenario)

    def save(self) -> dict[str, Any]:
        """Everything needed to continue this game later, as JSON-ready data."""
        return {
            "format": SAVE_FORMAT,
            "scenario_digest": self.digest,
            "seed": self.seed,
            "fog": self.fog,
            "dice": self.dice.state(),
            "state": self.state.to_json(),
            "log": self.log.records,
        }

    @classmethod
    def load(cls, scenario: Scenario, data: Any, *, where: str = "") -> Game:
        """Continue a saved game; the scenario must be the one it was saved with.

        The save is checked as strictly as a scenario first (:mod:`engine.save_checks`):
        anything wrong raises :class:`SaveError` naming the JSON pointer of the problem
        (``where`` is put in front, for a save inside a larger document).
        """
        if not isinstance(data, dict):
            raise SaveError("a saved game is a JSON object", where)
        if data.get("format") != SAVE_FORMAT:
            raise SaveError(f"unknown save format {_shown(data.get('format'))}", where + "/format")
        if data.get("scenario_digest") != scenario_digest(scenario):
            raise SaveError(
                "the save belongs to another scenario (or another version of it)",
                where + "/scenario_digest",
            )
        check_save(scenario, data, where)
        try:
            game = cls(scenario, data["seed"], fog=data["fog"], start=False)
            game.dice.restore(data["dice"])
            game.state = GameState.from_json(copy.deepcopy(data["state"]))
            game.log = EventLog(copy.deepcopy(list(data["log"])))
        except (KeyError, TypeError, ValueError) as exc:
            raise SaveError(f"the save is damaged ({exc})", where) from exc
        return game

    @classmethod
    def from_save(cls, scenario: Scenario, save: bytes | str | dict[str, Any]) -> Game:
        """Continue a game from a save's text (or its parsed data): :func:`read_save`, then
        :meth:`load`; raises :class:`SaveError` with the place of any problem."""
        data = read_save(save) if isinstance(save, bytes | str) else save
        return cls.load(scenario, data)


def read_save(text: bytes | str) -> Any:
    """The data of a save file, read as safely as a scenario file: text that is not UTF-8,
    broken JSON, nesting too deep to read, integers too long to convert and repeated keys
    raise :class:`SaveError` with the line and column."""
    data, issues = parse_json(text)
    problems = [i for i in issues if i.is_error]
    if problems:
        first = problems[0]
        placed = first.line is None or "(line " in first.message
        where = "" if placed else f" (line {first.line}, column {first.column})"
        raise SaveError(first.message + where, first.path)
    return data


def _shown(value: Any) -> str:
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > 10**12:
        return "(a very large number)"
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def scenario_digest(scenario: Scenario) -> str:
    """Fingerprint of a scenario's content, to match saves with their scenario."""
    return hashlib.sha256(dumps(scenario).encode()).hexdigest()[:16]
