"""Choosing a turn's plan by playing it out: a look-ahead by rollouts.

At the first decision of a player-turn of its side the planner tries each of a few candidate
players (:class:`Plan`: the tactician with different judgements, say) on copies of the game
(:mod:`.forks`): the candidate plays the rest of the turn for the side, a model of the enemy
plays the enemy's turn, and the position reached when the side's turn comes round again
(:attr:`Planner.horizon` rounds later, or at the game's end) is scored (:func:`.judge.score`,
which gives a won or lost game a decisive value). The candidate whose rollouts score best on
average plays the turn, and the decisions the side makes during the enemy's turn (battles it
defends, interceptions, questions). :attr:`Planner.every` says how often it plans again.

Why whole plans, not single moves: a move's worth shows only once the enemy has answered it
(a stack that leaves an objective loses it a turn later; an attack at 1.2 to 1 wins or bleeds
the attacker over a few rounds), and candidate styles differ exactly in those judgements.

No level plays it yet: measured against ``normal`` with the budgets this machine allows (one
or three rollouts a plan) it did not beat it, the choice between plans being decided by the
dice of too few rollouts (docs/ai.md, *Look-ahead by rollouts*). It is here, tested, for the
level that can afford more rollouts.

What the rollouts see. A fork copies the whole state, so where the fog of war hides enemy
units the rollouts play them where they really are (the tactician's weighing of an event's
options does the same); they never see the dice to come, each fork rolling its own, seeded by
where the game stands (:func:`.forks.decision_seed`), so a seed and the planner fix the game.
The cost is a count, not a time (a budget in seconds would make games depend on the machine):
:attr:`Planner.rollouts` forks per plan, each played at most :data:`MAX_ACTIONS` actions.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..errors import IllegalAction
from .forks import decision_seed, fork
from .judge import score

if TYPE_CHECKING:
    from ..actions import Action
    from ..game import Game
    from .levels import Player

MAX_ACTIONS = 100_000
"""Actions one rollout may play before it is scored where it stands (a player stuck in a loop
on a fork must not stall the real game)."""


@dataclass(frozen=True)
class Plan:
    """A candidate way to play a turn: a name (for logs and tests) and a player factory."""

    name: str
    make: Callable[[], Player]


class Planner:
    """Plays each of its side's turns with the plan whose rollouts score best."""

    def __init__(
        self,
        plans: Sequence[Plan],
        enemy: Callable[[], Player],
        *,
        rollouts: int = 1,
        horizon: int | None = 1,
        every: int = 1,
    ) -> None:
        if not plans:
            raise ValueError("a planner needs at least one plan")
        self.plans = list(plans)
        self.enemy = enemy
        """The model of the enemy's play in rollouts (a fresh player per rollout)."""
        self.rollouts = rollouts
        """Rollouts per plan and turn, each with its own dice."""
        self.horizon = horizon
        """Rounds played out: 1 ends a rollout when the side's next turn begins; ``None``
        plays the game to its end."""
        self.every = every
        """Turns between plannings: 1 plans every turn, 0 only the side's first turn."""
        self._players: list[Player] = [plan.make() for plan in self.plans]
        """The plans' players in the real game: each keeps its own record of what it did."""
        self._chosen = 0
        self._planned: set[tuple[int, str]] = set()
        self.choices: list[tuple[int, str, str]] = []
        """(turn, side, plan name) for each planned turn: what the planner chose, for logs."""

    def choose(self, game: Game) -> Action:
        side = game.active_side
        key = (game.turn, side)
        if (
            key not in self._planned
            and self._due(game.turn)
            and game.to_act() == side
            and len(self.plans) > 1
            and game.scenario.calendar.turn_system != "wego"
        ):
            self._planned.add(key)
            self._chosen = self._best_plan(game, side)
            self.choices.append((game.turn, side, self.plans[self._chosen].name))
        return self._players[self._chosen].choose(game)

    def _due(self, turn: int) -> bool:
        """Whether the side's turn ``turn`` is one to plan (the first planned one always)."""
        if not self._planned:
            return True
        if self.every <= 0:
            return False
        first = min(t for t, _ in self._planned)
        return (turn - first) % self.every == 0

    def _best_plan(self, game: Game, side: str) -> int:
        """The index of the plan whose rollouts score best (the first of equals)."""
        best, best_value = 0, float("-inf")
        for index, plan in enumerate(self.plans):
            total = 0.0
            for run in range(self.rollouts):
                total += self._rollout(game, side, plan, decision_seed(game, 101 + run))
            value = total / self.rollouts
            if value > best_value:
                best, best_value = index, value
        return best

    def _rollout(self, game: Game, side: str, plan: Plan, seed: int) -> float:
        """The score for ``side`` of a copy of ``game`` played with ``plan`` for the side and
        the enemy model for the others until the side's turn comes round again."""
        twin = fork(game, seed)
        mine = plan.make()
        others = self.enemy()
        start_turn = game.turn
        rounds = 0
        for _ in range(MAX_ACTIONS):
            if twin.outcome() is not None:
                break
            acting = twin.to_act()
            if acting is None:
                break
            player = mine if acting == side else others
            try:
                twin.apply(player.choose(twin))
            except (IllegalAction, RuntimeError):
                break  # a player lost on a fork: score what was reached
            if twin.active_side == side and twin.turn != start_turn:
                rounds = twin.turn - start_turn
                if self.horizon is not None and rounds >= self.horizon and twin.to_act() == side:
                    break
        return score(twin, side)
