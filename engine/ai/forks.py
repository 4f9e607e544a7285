"""Copies of a game to try a decision on: what the AI's look-ahead plays forward.

A fork shares the scenario (the :class:`~engine.world.World` never changes) and copies the
changing state. It rolls its own dice, seeded by the caller, never a copy of the game's: a
copy of the game's generator would show the AI the very rolls still to come. Its log is
switched off, since nobody reads a fork's history.
"""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING

from ..dice import Dice
from ..log import EventLog

if TYPE_CHECKING:
    from ..game import Game


def fork(game: Game, seed: int) -> Game:
    """A copy of ``game`` to play on, with private dice seeded with ``seed``."""
    twin = copy.copy(game)
    twin.state = copy.deepcopy(game.state)
    twin.dice = Dice(seed, game.scenario.rules.dice.sides)
    twin.log = EventLog()
    twin.log.enabled = False
    return twin


def decision_seed(game: Game, salt: int = 0) -> int:
    """A seed fixed by the game's seed and where it stands (turn, phase, log length), so a
    look-ahead rolls the same dice each time the same game reaches the same decision."""
    mixed = game.seed * 1_000_003 + game.turn * 10_007 + game.state.phase_index * 101
    return (mixed + len(game.log) * 31 + salt * 7_919) % 2_147_483_647
