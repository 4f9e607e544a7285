"""A game being played in the game view: the engine's game, who plays each side, and pacing.

The session is to the game view what the document is to the studio: the only code that
changes the game, and the source of the signals every part of the view listens to. People
act through :meth:`GameSession.apply`; AI sides are played by one shared player of the
chosen AI level (:mod:`engine.ai.levels`, as ``salient play --headless`` does), one action per timer
tick at the chosen speed, so the window stays responsive and the same seed plays the same
game in both. The view never reads the engine's state for a side it must not see: it asks
the session for :attr:`GameSession.viewer` and goes through :mod:`engine.fog`.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from PySide6.QtCore import QObject, QTimer, Signal

from editor.game.save_files import write_save
from editor.game.takeback import History, describe, known_policy, restore, snapshot
from editor.shared.settings import private_folder
from engine import decisions
from engine.actions import Action
from engine.ai import levels
from engine.errors import IllegalAction
from engine.game import Game
from schemas.scenario import Scenario

Player = Literal["human", "ai"]

SPEEDS: dict[str, int] = {"slow": 900, "normal": 350, "fast": 60, "fastest": 0}
"""Milliseconds between two AI actions; ``fastest`` plays on until a person must act,
yielding to the window between small batches."""
SPEED_NAMES = {key: key.capitalize() for key in SPEEDS}
"""The speeds as the start dialog and the AI menu name them."""

FASTEST_BATCH_S = 0.03
"""At the fastest speed, how long the AI plays before letting the window repaint."""

LATEST_SAVE = "latest.json"
"""The autosave written after every person's action and at every change of phase, so that a
crash costs at most the action being made (the start dialog offers the newest save)."""


@dataclass
class Targeting:
    """The view asks the player to pick things on the map (a card's targets, a region)."""

    prompt: str
    kind: Literal["region", "stack", "unit"]
    allowed: frozenset[str]
    count: int = 1
    done: Callable[[tuple[str, ...]], None] = field(default=lambda picked: None)
    picked: list[str] = field(default_factory=list)


class GameSession(QObject):
    """A game, its players, and the pace of its AI players."""

    changed = Signal()
    """After every action, a person's or the AI's (games have no undo)."""
    logged = Signal(object)
    """The new event-log records since the last signal (a list of dicts)."""
    toAct = Signal(str)
    """A person must act for this side (the view shows its controls)."""
    handover = Signal(str)
    """Hot seat: the next person is another side's player; hide everything until they
    confirm."""
    finished = Signal(object)
    """The game is over: the engine's outcome."""
    selectionChanged = Signal(object)
    """The selected stack id (or ``None``)."""
    targetingChanged = Signal(object)
    """A :class:`Targeting` request started (or ``None`` when it ended)."""
    failed = Signal(str)
    """An action was refused (the engine's reason), or an AI step failed."""

    def __init__(
        self,
        game: Game,
        players: dict[str, Player],
        *,
        speed: str = "normal",
        autosave_dir: Path | None = None,
        take_back: str | None = None,
        history: History | None = None,
        ai_level: str = levels.DEFAULT,
    ) -> None:
        """``take_back``: the rule of :mod:`editor.game.takeback` (``None``: the default for
        the number of people); ``history``: one carried over from the game taken back;
        ``ai_level``: the level of the AI's sides (:mod:`engine.ai.levels`; an unknown name,
        from a save edited by hand, is the default level)."""
        super().__init__()
        self.game = game
        # Anything but "human" is the AI's (a save edited by hand must not leave a side
        # that nobody plays, and the game stuck), and an unknown speed is the normal one.
        self.players: dict[str, Player] = {}
        self.set_players(players)
        self.ai_level = _known_level(ai_level)
        self.ai = levels.player(self.ai_level)
        self.ai_name = "AI"
        """How the view names the player of the AI's sides (a game by e-mail replays the
        opponent's recorded sitting in the AI's place)."""
        self.history = history or History(known_policy(take_back, len(self.humans)))
        """The snapshots a person may take back to (before each of their actions)."""
        self.speed = _known_speed(speed)
        self.paused = False
        self.autosave_dir = autosave_dir
        self.selected: str | None = None
        self.targeting: Targeting | None = None
        self.taken: str | None = None
        """What was taken back to make this session (for the view to say), if anything."""
        self._seen = len(game.log)
        self._last_human: str | None = None
        self._autosaved_turn = game.turn
        self._autosaved_phase = _phase_of(game)
        self._legal: tuple[tuple[int, int], list[Action]] | None = None
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._ai_step)

    @classmethod
    def new(
        cls,
        scenario: Scenario,
        players: dict[str, Player],
        *,
        seed: int = 0,
        fog: bool | None = None,
        **options: Any,
    ) -> GameSession:
        return cls(Game(scenario, seed, fog=fog), players, **options)

    # -- who sees and acts ----------------------------------------------------------------------

    def set_players(self, players: dict[str, Player]) -> None:
        """Who plays each side. People make the choices the rules otherwise leave to the die
        (where a beaten stack retreats, among equally good regions); the AI leaves them to
        the die, as in headless games."""
        self.players = {
            side: "human" if players.get(side) == "human" else "ai"
            for side in self.game.sides_in_play
        }
        decisions.let_choose(self.game, self.humans)

    @property
    def humans(self) -> list[str]:
        return [side for side, player in self.players.items() if player == "human"]

    @property
    def viewer(self) -> str | None:
        """The side whose view is shown: the person to act (hot seat), the only person, or
        ``None`` (every side seen) when the AI plays every side."""
        humans = self.humans
        if not humans:
            return None
        side = self.game.to_act()
        if side in humans:
            return side
        return self._last_human if self._last_human in humans else humans[0]

    def human_to_act(self) -> str | None:
        side = self.game.to_act()
        return side if side is not None and self.players.get(side) == "human" else None

    def ai_to_act(self) -> str | None:
        """The side the AI must act for now (``None`` when a person or nobody acts, or the
        game is over)."""
        side = self.game.to_act()
        return side if side is not None and self.players.get(side) == "ai" else None

    @property
    def over(self) -> bool:
        return self.game.outcome() is not None

    # -- acting ---------------------------------------------------------------------------------

    def start(self) -> None:
        """Begin: hand the first decision to its player."""
        self._announce()

    def apply(self, action: Action) -> bool:
        """A person's action; ``False`` (and :attr:`failed`) when the engine refuses it."""
        side = self.human_to_act()
        if side is None:
            self.failed.emit("it is not your turn to act")
            return False
        if self.history.policy != "never":
            shot = snapshot(self.game, side, describe(self.game, action))
        try:
            self.game.apply(action)
        except IllegalAction as refusal:
            self.failed.emit(str(refusal))
            return False
        if self.history.policy != "never":
            self.history.keep(shot)
        self._after_action(person=True)
        return True

    def can_take_back(self) -> bool:
        return self.history.last() is not None

    def taken_back(self) -> GameSession | None:
        """The game as it was before the person's last action, as a new session (the view
        shows it in place of this one), or ``None`` when there is nothing to take back. The
        AI's actions since then are undone with it."""
        shot = self.history.last()
        if shot is None:
            return None
        paused = self.paused
        self.set_paused(True)
        self.history.shots.pop()
        game = restore(self.game, shot)
        session = GameSession(
            game,
            dict(self.players),
            speed=self.speed,
            autosave_dir=self.autosave_dir,
            history=self.history,
            ai_level=self.ai_level,
        )
        session._last_human = shot.side
        session.paused = paused
        session.taken = shot.what
        return session

    def legal_actions(self) -> list[Action]:
        """The legal actions of the side to act, worked out once per state of the game for
        the map and every panel (a move on a large map asks the engine for 0.07 s). Every
        action the engine takes, even a refused one, adds to the log: its length tells
        states apart."""
        key = (id(self.game), len(self.game.log))
        if self._legal is None or self._legal[0] != key:
            self._legal = (key, self.game.legal_actions())
        return list(self._legal[1])

    def _ai_step(self) -> None:
        """Play AI actions: one per tick, or a short batch at the fastest speed."""
        if self.paused or self.over:
            return
        deadline = time.perf_counter() + (FASTEST_BATCH_S if self.speed == "fastest" else 0.0)
        # A batch never crosses into a new turn: the view shows each turn's end (a WEGO
        # turn's film) whatever the machine's speed made of the batch.
        turn = self.game.turn
        while (side := self.ai_to_act()) is not None and self.game.turn == turn:
            try:
                self.game.apply(self.ai.choose(self.game))
            except (IllegalAction, RuntimeError) as error:  # an AI bug must not kill the view
                self.paused = True
                self.failed.emit(f"the AI could not act for {side}: {error}")
                break
            if self.speed != "fastest" or time.perf_counter() >= deadline:
                break
        self._after_action()

    def step(self) -> None:
        """One AI action now, paused or not (the view's Step button)."""
        if self.ai_to_act() is not None:
            self.game.apply(self.ai.choose(self.game))
            self._after_action()

    def set_paused(self, paused: bool) -> None:
        self.paused = paused
        if not paused:
            self._announce()

    def set_ai_level(self, level: str) -> None:
        """Play the AI's sides at ``level`` from the next decision on (a fresh player: the
        level of a continued game is the start dialog's)."""
        self.ai_level = _known_level(level)
        self.ai = levels.player(self.ai_level)

    def set_speed(self, speed: str) -> None:
        self.speed = _known_speed(speed)
        if self._timer.isActive():
            self._timer.start(SPEEDS[self.speed])

    def _after_action(self, *, person: bool = False) -> None:
        records = self.game.log.records[self._seen :]
        self._seen = len(self.game.log)
        if self.selected is not None and self.selected not in self.game.state.stacks:
            self.select(None)
        if records:
            self.logged.emit(records)
        self.history.check(self.game)
        self._autosave_progress(person)
        self.changed.emit()
        self._announce()

    def _announce(self) -> None:
        """Tell the view who acts next; start the AI's timer when it is the AI."""
        if self.over:
            self._timer.stop()
            self.finished.emit(self.game.outcome())
            return
        side = self.game.to_act()
        if side is None:
            return
        if self.players.get(side) == "human":
            self._timer.stop()
            if len(self.humans) > 1 and self._last_human not in (None, side):
                self._last_human = side
                if self.history.policy == "until_revealed":
                    # Nobody takes back the other person's turn, nor theirs once seen.
                    self.history.forget("the computer changed hands since")
                self.handover.emit(side)
            else:
                self._last_human = side
                self.toAct.emit(side)
        elif not self.paused:
            self._timer.start(SPEEDS[self.speed])

    # -- selection and targeting ------------------------------------------------------------------

    def select(self, stack_id: str | None) -> None:
        if stack_id != self.selected:
            self.selected = stack_id
            self.selectionChanged.emit(stack_id)

    def ask_targets(self, request: Targeting | None) -> None:
        """Start (or cancel, with ``None``) picking targets on the map."""
        self.targeting = request
        self.targetingChanged.emit(request)

    def withdraw(self, request: Targeting | None) -> None:
        """Cancel ``request`` if the map is still asking it (another may have taken its
        place, or it was answered)."""
        if request is not None and self.targeting is request:
            self.ask_targets(None)

    def pick(self, target: str) -> bool:
        """The player picked a target on the map; ``True`` when it was allowed."""
        request = self.targeting
        if request is None or target not in request.allowed or target in request.picked:
            return False
        request.picked.append(target)
        if len(request.picked) >= request.count:
            self.targeting = None
            self.targetingChanged.emit(None)
            request.done(tuple(request.picked))
        return True

    # -- saving ---------------------------------------------------------------------------------

    def save_data(self) -> dict[str, Any]:
        # The title only helps a refusal say whose game a file holds; loading ignores it.
        title = self.game.scenario.info.title
        game = self.game.save()
        return {
            "game": game,
            "players": self.players,
            "speed": self.speed,
            "ai_level": self.ai_level,
            "take_back": self.history.policy,
            "scenario": title,
        }

    def save_bytes(self) -> bytes:
        """The save file's content (compact JSON: a save is written after every action)."""
        return json.dumps(self.save_data(), separators=(",", ":")).encode("utf-8")

    def save(self, path: Path, *, private: bool = False) -> None:
        """Save the game to ``path``, atomically (``private``: readable by the user alone)."""
        write_save(path, self.save_bytes(), private=private)

    @classmethod
    def from_save(cls, scenario: Scenario, data: dict[str, Any], **options: Any) -> GameSession:
        """Continue a saved game from what :meth:`save` wrote (read and checked by the
        caller); raises ``engine.errors.SaveError``, or ``ValueError``, ``KeyError``... for
        data that is not quite a save."""
        game = Game.load(scenario, data["game"], where="/game")
        players = data.get("players")
        speed = data.get("speed")
        rule = data.get("take_back")
        options.setdefault("take_back", rule if isinstance(rule, str) else None)
        level = data.get("ai_level")
        options.setdefault("ai_level", level if isinstance(level, str) else levels.DEFAULT)
        return cls(
            game,
            players if isinstance(players, dict) else {},
            speed=speed if isinstance(speed, str) else "normal",
            **options,
        )

    def autosave(self, *names: str) -> None:
        """Save into the autosave folder under each of ``names`` (no folder: nothing is
        saved), privately; raises :class:`OSError` when the disk refuses."""
        if self.autosave_dir is None or not names:
            return
        private_folder(self.autosave_dir)
        data = self.save_bytes()
        for name in names:
            write_save(self.autosave_dir / name, data, private=True)

    def _autosave_progress(self, person: bool) -> None:
        """Autosave after a person's action, at a new phase (or side, or turn), and keep a
        save of each turn's start: the game is written before the view shows what happened,
        so a crash loses at most the action being made."""
        phase = _phase_of(self.game)
        new_turn = self.game.turn != self._autosaved_turn
        if not (person or new_turn or phase != self._autosaved_phase):
            return
        self._autosaved_turn, self._autosaved_phase = self.game.turn, phase
        names = [f"turn-{self.game.turn:03d}.json"] if new_turn else []
        # A full disk or a read-only folder must not stop the game: say so and go on.
        try:
            self.autosave(*names, LATEST_SAVE)
        except OSError as error:
            self.failed.emit(
                f"the game was not autosaved in {self.autosave_dir}: {error.strerror or error}"
            )

    # -- for tests and tools --------------------------------------------------------------------

    def run_ai_until_human(self, limit: int = 100_000) -> int:
        """Play the AI's actions at once until a person must act or the game ends."""
        count = 0
        while count < limit and self.ai_to_act() is not None:
            self.game.apply(self.ai.choose(self.game))
            count += 1
        self._after_action()
        return count

    def actions_taken(self) -> list[dict[str, Any]]:
        """Every action of the game so far, as the log records them."""
        return [r["action"] for r in self.game.log.records if r["type"] == "action"]


def _phase_of(game: Game) -> tuple[int, int, int, bool]:
    """Where the game stands: turn, side, phase, and whether it is over."""
    state = game.state
    return (state.turn, state.side_index, state.phase_index, state.outcome is not None)


def _known_level(level: str) -> str:
    """A registered AI level (a save edited by hand may name another): else the default."""
    return level if level in levels.LEVELS else levels.DEFAULT


def _known_speed(speed: str) -> str:
    """A speed of :data:`SPEEDS` (a save edited by hand may name another): else normal."""
    return speed if speed in SPEEDS else "normal"
