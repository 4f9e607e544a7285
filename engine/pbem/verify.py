"""Checking a turn file without playing on, and letting the computer play a sitting."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from schemas.scenario import Scenario

from ..ai import BaselineAI
from .chain import load
from .game import PbemGame


@dataclass(frozen=True)
class Verified:
    """A file whose whole game replays exactly as its files record it."""

    path: Path
    files: int
    actions: int
    records: int
    next: str | None
    """The side to open the file (``None``: the game is over)."""


def verify(path: Path, scenario: Scenario) -> Verified:
    """Replay the game from its first file to ``path`` and check everything; raises the
    :class:`~.errors.PbemError` naming the first file and action that does not match. Later
    files in the folder are allowed: any file of a game can be checked."""
    pbem = load(Path(path), scenario, latest=False)
    return Verified(
        Path(path),
        len(pbem.files),
        sum(len(f.turn.actions) for f in pbem.files),
        len(pbem.game.log),
        pbem.files[-1].turn.next,
    )


def ai_sitting(pbem: PbemGame, *, max_actions: int = 100_000) -> int:
    """Let the baseline AI play the rest of the sitting in progress; the actions applied."""
    ai = BaselineAI()
    count = 1 if pbem.reveal() else 0
    while not pbem.finished_sitting() and count < max_actions:
        pbem.apply(ai.choose(pbem.game))
        count += 1
    return count
