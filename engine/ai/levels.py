"""The AI's levels by name: what ``--ai-level``, ``salient duel`` and the balance lab choose from.

A level is a name, a sentence saying what it plays like, and a factory making a fresh player
for one game (players may remember things between decisions of a game, so a game never
shares one with another). A new level is one :func:`register` call in the module that
defines its player; nothing that lists or plays levels changes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from .baseline import BaselineAI, Style
from .tactical import Tactics

if TYPE_CHECKING:
    from ..actions import Action
    from ..game import Game


class Player(Protocol):
    """Anything that picks the next action for the side to act."""

    def choose(self, game: Game) -> Action: ...


@dataclass(frozen=True)
class Level:
    name: str
    description: str
    make: Callable[[], Player]
    """A new player, for one game."""


LEVELS: dict[str, Level] = {}
"""Every known level, in the order they were registered (weakest first by convention)."""

DEFAULT = "baseline"
"""The level used when none is asked for."""


class UnknownLevel(ValueError):
    """A level name nobody registered."""


def register(level: Level) -> None:
    """Make a level known under its name (a second registration under a name replaces it)."""
    LEVELS[level.name] = level


def names() -> list[str]:
    return list(LEVELS)


def get(name: str) -> Level:
    """The level called ``name``; :class:`UnknownLevel` says which names exist."""
    found = LEVELS.get(name)
    if found is None:
        known = ", ".join(LEVELS)
        raise UnknownLevel(f"unknown AI level '{name}' (known: {known})")
    return found


def player(name: str) -> Player:
    """A fresh player of level ``name``."""
    return get(name).make()


register(
    Level(
        "baseline",
        "the greedy rule-based AI: attacks at 1.5 to 1, takes what is open, holds objectives, "
        "plays the first card it can",
        BaselineAI,
    )
)


EASY = Style(attack_ratio=2.2)
"""Timid: attacks only with more than twice the strength it sees (docs/ai.md has its figures)."""
NORMAL = Style(attack_ratio=1.2, retreat_ratio=1.3)
"""Bolder than the baseline, and quicker to break off a lost battle: attacks at 1.2 to 1,
leaves a battle once the enemy is 1.3 times as strong (docs/ai.md has its figures)."""
HARD = Style(attack_ratio=1.0, retreat_ratio=1.3, out_of_supply=3.0)
"""Bolder than ``normal`` in attack (1 to 1), as quick to break off, and readier to leave its
supply lines for a capture (a move off them costs 3 where ``normal`` counts 8): found by
tuning against ``normal`` in self-play (docs/ai.md, *Tuning `hard` by self-play*)."""
GUARD = Style(attack_ratio=1.3, retreat_ratio=1.3)
"""The guard's attack ratio (:class:`engine.ai.hard.Hard`, the ``hard`` level until
2026-11-27): a little more careful than ``normal``."""
NORMAL_TACTICS = Tactics(garrison_from=3, vital=False)
"""The tactician's capabilities at ``normal`` and ``hard``: all, but only a stack of three
combat units or more leaves a garrison on an objective, and sudden-death objectives are
guarded as the greedy player guards them (any guard will do): weighing the threat to them
made the Mexican War lopsided, the United States winning 73-88% of `normal` games once
Texas was safe (docs/ai.md)."""
HARD_TACTICS = Tactics(garrison_from=2, vital=False)
"""``normal``'s capabilities, but a stack of two holding an objective also splits: one unit
stays as the garrison and the other attacks or takes an enemy region (the tuning in
docs/ai.md)."""

register(
    Level(
        "easy",
        "the greedy AI made timid: attacks only at 2.2 to 1, so it yields ground and VP",
        lambda: BaselineAI(EASY),
    )
)


def _normal() -> Player:
    from .tactical import Tactician

    # A stack of two holding an objective stays whole: splitting it (one unit as a garrison,
    # one to attack) lost games against the baseline on the Mexican War and North Africa in
    # the duels of docs/ai.md, while the Winter War's big Soviet stacks need their splits.
    return Tactician(NORMAL, NORMAL_TACTICS)


register(
    Level(
        "normal",
        "bold and quick to cut its losses (attacks at 1.2 to 1, leaves a battle once "
        "outnumbered 1.3 to 1, but defends a valuable region until outnumbered 2 to 1), "
        "flies its aircraft, merges stacks to attack, digs in on the "
        "defensive, moves leaders to troops, weighs an event's options and keeps battle "
        "cards for battles in doubt",
        _normal,
    )
)


def _hard() -> Player:
    from .tactical import Tactician

    # Hand-made candidates (the guard, bolder or more careful attacks, a judgement per
    # side) only drew with the fixed normal; these numbers were tuned against it by
    # self-play (benchmarks/tune_hard.py) and checked on seeds the tuning never saw
    # (docs/ai.md).
    return Tactician(HARD, HARD_TACTICS)


register(
    Level(
        "hard",
        "normal's capabilities (aircraft, merges and garrisons, entrenchment, leaders, weighed "
        "options and cards) tuned against normal: attacks at 1 to 1, leaves a garrison from "
        "stacks of two and strays further from its supply lines to take ground",
        _hard,
    )
)
