"""One lab game: AI players of chosen levels on every side, played to the end and summed up.

A game of one level on every side is the very game ``salient play --headless --seed N`` plays
(one player for all sides, as there), so a seed the lab singles out can be watched again in
the game view or on the command line. In a duel each level has its own player.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Any

from schemas.scenario import Scenario

from ..ai import levels as ai_levels
from ..ai.levels import Player
from ..game import Game
from .record import summarise

MAX_ACTIONS = 1_000_000
"""A game still running after this many actions is stopped (an AI stuck in a loop)."""


def sides_in_play(scenario: Scenario) -> list[str]:
    """The sides that take turns (neutral sides never act), in turn order."""
    neutral = {s.id for s in scenario.sides if s.neutral}
    return [s for s in scenario.calendar.turn_order if s not in neutral]


def levels_for(scenario: Scenario, levels: str | Mapping[str, str]) -> dict[str, str]:
    """A level for every side in play: one name for all, or a side-to-level mapping (every side
    in play must be named)."""
    sides = sides_in_play(scenario)
    if isinstance(levels, str):
        return dict.fromkeys(sides, levels)
    missing = [s for s in sides if s not in levels]
    if missing:
        raise ValueError(f"no AI level for side(s) {', '.join(missing)}")
    return {s: levels[s] for s in sides}


def levels_key(levels: Mapping[str, str]) -> str:
    """A short stable name for who plays what: ``baseline`` when every side plays one level,
    else ``side=level`` pairs in turn order."""
    distinct = set(levels.values())
    if len(distinct) == 1:
        return next(iter(distinct))
    return ",".join(f"{side}={level}" for side, level in levels.items())


def play_game(
    scenario: Scenario, seed: int, levels: str | Mapping[str, str] = ai_levels.DEFAULT
) -> dict[str, Any]:
    """Play one game to the end and return its record (see :mod:`.record`)."""
    chosen = levels_for(scenario, levels)
    players: dict[str, Player] = {}
    for level in dict.fromkeys(chosen.values()):
        players[level] = ai_levels.player(level)
    by_side = {side: players[level] for side, level in chosen.items()}
    started = time.thread_time()
    game = Game(scenario, seed)
    actions = 0
    while game.outcome() is None and actions < MAX_ACTIONS:
        side = game.to_act()
        game.apply(by_side[side].choose(game) if side in by_side else _anyone(by_side, game))
        actions += 1
    cpu = time.thread_time() - started
    return summarise(game, chosen, cpu_seconds=cpu, actions=actions)


def _anyone(players: Mapping[str, Player], game: Game) -> Any:
    # A decision of a side that does not take turns (a neutral side asked to choose):
    # the active side's player answers it, as the game view's AI does.
    return players[game.active_side].choose(game)
