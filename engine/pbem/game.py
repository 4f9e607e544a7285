"""A game played by e-mail (P1): starting it, replaying its turn files, writing the next one.

:class:`PbemGame` is a :class:`~engine.game.Game` rebuilt from the turn files in one folder
(every file from number 1 replayed and checked, see :mod:`.chain`) together with the sitting
being played now. A player applies actions to it with :meth:`PbemGame.apply` and, once the
decision has passed to the other side, :meth:`PbemGame.write_turn` writes the next file into
the same folder. Nothing is ever written anywhere else.
"""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from schemas.scenario import Scenario

from ..actions import Action
from ..game import Game
from . import sealing, turnfile
from .errors import NotYourTurn, WrongSide
from .turnfile import TurnFile


def plain(record: dict[str, Any]) -> dict[str, Any]:
    """A record as it reads back from a file: tuples become lists, keys strings."""
    result: dict[str, Any] = json.loads(json.dumps(record))
    return result


@dataclass
class PlayedFile:
    """One turn file of the game, as read and replayed."""

    path: Path
    turn: TurnFile
    digest: str
    first_record: int
    """Where the file's records start in the game's log."""


@dataclass
class PbemGame:
    """A game by e-mail: the replayed game, its files, and the sitting in progress."""

    game: Game
    folder: Path
    game_id: str
    scenario_name: str
    seed_commitment: str
    files: list[PlayedFile] = field(default_factory=list)
    sitting_start: int = 0
    """Log index where the sitting in progress began."""
    sitting_turn: int = 1
    sitting_phase: str = ""
    sitting_side: str | None = None
    kept: Path | None = None
    """The keep file of the last file written, when it sealed a WEGO plan by commitment (the
    player keeps it and does not send it: :mod:`.sealing`)."""

    # -- where the game stands -------------------------------------------------------------------

    @property
    def number(self) -> int:
        """The number of the next file to write."""
        return len(self.files) + 1

    @property
    def last(self) -> PlayedFile | None:
        return self.files[-1] if self.files else None

    def opponent_records(self) -> list[dict[str, Any]]:
        """The records of the last file read: the opponent's sitting, for its replay."""
        last = self.last
        if last is None:
            return []
        return self.game.log.records[last.first_record : self.sitting_start]

    def reveal(self) -> bool:
        """Reveal the plan this sitting's side sealed by commitment, when the opponent's
        plan is in (:mod:`.sealing`): the execution then runs in this sitting. Whether a
        reveal was due; :class:`~.errors.MissingPlan` when its keep file is missing."""
        return sealing.reveal(self)

    def begin_sitting(self) -> None:
        """Mark where the next sitting starts (after the last file read or written)."""
        self.sitting_start = len(self.game.log)
        self.sitting_turn = self.game.turn
        self.sitting_phase = self.game.phase if self.game.outcome() is None else ""
        self.sitting_side = self.game.to_act()

    # -- playing ---------------------------------------------------------------------------------

    def apply(self, action: Action) -> None:
        """Apply an action of the sitting's side; :class:`IllegalAction` as :meth:`Game.apply`."""
        side = self.game.to_act()
        if side is None or side != self.sitting_side:
            raise NotYourTurn(
                None,
                f"the decision is {side or 'nobody'}'s now: write the turn file and send it",
            )
        self.game.apply(action)
        self.take_forced()

    def take_forced(self) -> int:
        """Apply the other side's decisions that leave it no choice (a battle round it can
        only continue): they belong to this sitting, so a battle does not cost an exchange of
        files per round. The replay checks that each was indeed the only legal action."""
        count = 0
        while (action := forced(self.game, self.sitting_side)) is not None:
            self.game.apply(action)
            count += 1
        return count

    def acted(self) -> bool:
        """Whether the sitting in progress has taken any action yet."""
        return any(r["type"] == "action" for r in self.game.log.records[self.sitting_start :])

    def finished_sitting(self) -> bool:
        """Whether the decision has passed to the other side, with a real choice to make, or
        the game is over."""
        if self.game.outcome() is not None:
            return True
        return (
            self.game.to_act() != self.sitting_side and forced(self.game, self.sitting_side) is None
        )

    def write_turn(self) -> Path:
        """Write the sitting as the next turn file into the game's folder and start the next
        sitting. Refused while the decision is still the sitting's side's."""
        side = self.sitting_side
        starting = self.number == 1
        if side is None:
            raise NotYourTurn(None, "the game is over: there is no turn left to write")
        if not self.finished_sitting() and not (starting and not self.acted()):
            raise NotYourTurn(
                None,
                f"{side}'s turn is not over yet (turn {self.game.turn}, {self.game.phase} "
                f"phase): {side} still has a decision to make",
            )
        # A WEGO plan sealed while the opponent has still to plan travels by its hash only.
        keep = sealing.commit(self)
        # The actions are read from the log, so a sitting played through another object that
        # applies to the same game (the game view's session) is written the same way.
        records = [plain(r) for r in self.game.log.records[self.sitting_start :]]
        turn = TurnFile(
            format="salient-turn",
            version=turnfile.VERSION,
            game=self.game_id,
            scenario=self.scenario_name,
            scenario_digest=self.game.digest,
            seed_commitment=self.seed_commitment,
            seed=self.game.seed if starting else None,
            fog=self.game.fog,
            number=self.number,
            side=side,
            turn=self.sitting_turn,
            phase=self.sitting_phase,
            next=self.game.to_act(),
            chain=[f.digest for f in self.files],
            actions=[r["action"] for r in records if r["type"] == "action"],
            records=records,
            log_digest=self.game.log.digest(),
        )
        path = turnfile.write(self.folder, turn)
        self.kept = None if keep is None else sealing.write_keep(self.folder, turn.number, keep)
        # Read back what was written: the chain hashes the bytes on disk.
        data = path.read_bytes()
        self.files.append(PlayedFile(path, turn, turnfile.digest(data), self.sitting_start))
        self.begin_sitting()
        return path


def forced(game: Game, sitting_side: str | None) -> Action | None:
    """The only legal action of a side other than ``sitting_side`` when it is to act and has
    exactly one; ``None`` otherwise."""
    side = game.to_act()
    if side is None or side == sitting_side:
        return None
    actions = game.legal_actions()
    return actions[0] if len(actions) == 1 else None


def start(
    scenario: Scenario,
    scenario_name: str,
    folder: Path,
    *,
    side: str | None = None,
    seed: int | None = None,
    game_id: str | None = None,
    fog: bool | None = None,
) -> tuple[PbemGame, int]:
    """A new game by e-mail in ``folder``; returns it and its seed (drawn at random unless
    given). ``side`` is the starter's side: when the other side acts first, call
    :meth:`PbemGame.write_turn` at once to send the opening file with no action."""
    if not folder.is_dir():
        raise FileNotFoundError(f"{folder} is not a folder")
    seed = secrets.randbits(62) if seed is None else seed
    game_id = game_id or secrets.token_hex(4)
    game = Game(scenario, seed, fog=fog)
    if side is not None and side not in game.sides_in_play:
        raise WrongSide(None, f"'{side}' is not a side of this scenario ({_sides(game)})")
    pbem = PbemGame(
        game,
        folder,
        turnfile.name_slug(game_id),
        turnfile.name_slug(scenario_name),
        turnfile.commitment(turnfile.name_slug(game_id), seed),
    )
    pbem.begin_sitting()
    pbem.sitting_start = 0  # file 1 also holds the game's opening records
    if side is not None:
        pbem.sitting_side = side
    return pbem, seed


def _sides(game: Game) -> str:
    return ", ".join(game.sides_in_play)
