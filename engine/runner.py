"""Playing whole games without a window: AI against AI, for the command line and tools."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from schemas.scenario import Scenario

from .ai import levels
from .game import Game


@dataclass
class Result:
    """How a headless game went."""

    game: Game
    finished: bool
    actions: int

    def summary(self) -> dict[str, Any]:
        """Winner (or draw), VP, turns, battles and losses, as JSON-ready data."""
        state = self.game.state
        outcome = self.game.outcome()
        played = outcome.turns_played if outcome else state.turn - 1
        vp = {side: s.vp for side, s in state.sides.items()}
        winner = outcome.winner if outcome else None
        return {
            "scenario": self.game.scenario.info.title,
            "seed": self.game.seed,
            "finished": self.finished,
            "result": ("draw" if winner is None else "win") if self.finished else "stopped",
            "winner": winner,
            "reason": outcome.reason if outcome else f"stopped after {played} turns",
            "vp": vp,
            "turns_played": played,
            "battles": state.stats.get("battles", 0),
            "units_lost": dict(state.stats.get("losses", {})),
            "actions": self.actions,
        }


def play(
    scenario: Scenario,
    seed: int,
    *,
    turns: int | None = None,
    fog: bool | None = None,
    on_action: Callable[[Game], None] | None = None,
    max_actions: int = 1_000_000,
    level: str = levels.DEFAULT,
    handicap: str | None = None,
) -> Result:
    """Play AI against AI to the end, or until ``turns`` turns are complete; one player of
    ``level`` (:mod:`engine.ai.levels`) plays every side (``handicap``: the AI handicap of
    every side, ``plus`` or ``minus``, operational rules only, OT11)."""
    game = Game(scenario, seed, fog=fog)
    if handicap is not None:
        from .wego import family

        for side in game.sides_in_play:
            family.set_handicap(game, side, handicap)
    ai = levels.player(level)
    count = 0
    while game.outcome() is None and count < max_actions:
        if turns is not None and game.turn > turns:
            break
        game.apply(ai.choose(game))
        count += 1
        if on_action is not None:
            on_action(game)
    return Result(game, game.outcome() is not None, count)
