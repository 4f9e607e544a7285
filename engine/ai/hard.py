"""The guard: the tactician that looks at the enemy's next move before it leaves a post (the
``hard`` level until 2026-11-27, kept as a player for the lab's comparisons and for its
battle simulations; docs/ai.md).

The guard is the tactician (:mod:`.tactical`) with a more careful attack ratio
(:data:`engine.ai.levels.GUARD`) and one look-ahead that respects the fog of war
(:mod:`.defence`): for each region whose loss hands an enemy a sudden-death win, it adds up
the strength of the enemy stacks within reach of it, as the side judges them (what it sees,
and a guess for each unit it cannot see), and

- **holds**: a stack on such a region stays, whole, when without it those enemies would
  outweigh what the side keeps there (the tactician keeps only the last stack, and splits a
  garrison off a big one);
- **reinforces**: a stack that can reach such a region short of guards goes there before
  anything but a more valuable move (the tactician counts a region with any guard as held).

It may also simulate battles before it commits (``simulate=True``), within a budget per
decision:

- **attacks**: a move into an enemy region whose stacks it can see is weighed by the
  simulated odds of the battle it would start (with the side's units already there), not by
  the ratio alone;
- **open battles**: it breaks off a battle once the simulation of the rest of it gives it
  poor odds, and plays a battle card only when, played on a copy of the game, the card
  improves those odds;
- **strikes**: aircraft strike a stack only when the simulation says the enemy loses more
  than they do;
- **other cards**: each card is played on a copy of the game first (:mod:`.forks`) and kept
  when the position it leaves (:mod:`.judge`) is worse than not playing it.

It was played without the simulations: against ``normal`` they lost games
(docs/ai.md, *Measured strength*). Each decision may simulate at most :attr:`Hard.budget`
battles: the budget is a count, not a time, so a seed and the level fix the whole game on any
machine. Enemy stacks the fog hides are never simulated (their content is unknown to the
side): those are judged by the tactician's estimate.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from .. import movement
from ..actions import Action, ContinueBattle, Move, PlayCard, Retreat
from ..combat.fast import Odds, preview
from ..errors import IllegalAction
from ..fog import hidden_from
from .baseline import Style, _holds_objective, _losing
from .defence import REACH, shortfall, worth_guarding
from .estimates import enemy_strength, region_value, stack_strength
from .forks import decision_seed, fork
from .judge import CARD, score
from .tactical import Tactician, Tactics

if TYPE_CHECKING:
    from ..game import Game
    from ..state import StackState

BUDGET = 480
"""Battles one decision may simulate."""
RUNS = 40
"""Battles simulated per question (one attack, one card, one strike)."""
ATTACK_ODDS = 0.6
"""Attack only with at least these simulated odds of winning."""
RETREAT_ODDS = 0.5
"""Break off an open battle the strength ratio calls lost unless the simulated odds of winning
the rest of it reach this."""
HOPELESS = 0.1
"""Break off an open battle whatever the ratio once the simulated odds fall below this."""
CARD_GAIN = 0.05
"""A battle card is played when it raises the odds of winning by at least this much."""
GUARD = 8.0
"""What reinforcing a threatened region is worth before its own value (see :mod:`.defence`)."""
WEIGHED_RATIO = 0.7
"""Attacks below this ratio of strength are not worth simulating."""


class Hard(Tactician):
    """The tactician guarding the objectives an enemy could take next, and optionally
    simulating battles and trying cards on copies of the game."""

    def __init__(
        self,
        style: Style | None = None,
        tactics: Tactics | None = None,
        *,
        defend: bool = True,
        reach: int = REACH,
        simulate: bool = False,
        budget: int = BUDGET,
        runs: int = RUNS,
        attack_odds: float = ATTACK_ODDS,
        retreat_odds: float = RETREAT_ODDS,
    ) -> None:
        super().__init__(style, tactics)
        self.defend = defend
        """Hold and reinforce the objectives an enemy could take next (:mod:`.defence`)."""
        self.reach = reach
        """Land steps an enemy stack is counted as able to strike across."""
        self.simulate = simulate
        """Simulate battles before attacks, strikes, retreats and cards."""
        self.budget = budget
        self.runs = runs
        self.attack_odds = attack_odds
        self.retreat_odds = retreat_odds
        self._left = budget
        self._known: dict[tuple[object, ...], Odds] = {}

    def choose(self, game: Game) -> Action:
        self._left = self.budget
        self._known = {}
        return super().choose(game)

    # -- simulations within the budget -------------------------------------------------------------

    def _odds(self, game: Game, key: tuple[object, ...], **question: object) -> Odds | None:
        """Simulated odds of a battle (``question`` as for :func:`preview`), ``None`` once the
        decision's budget is spent."""
        found = self._known.get(key)
        if found is not None:
            return found
        if self._left < self.runs:
            return None
        self._left -= self.runs
        seed = decision_seed(game, len(self._known))
        try:
            found = preview(game, runs=self.runs, seed=seed, **question)  # type: ignore[arg-type]
        except IllegalAction:
            return None  # no battle after all there (a stack only the move rules see)
        self._known[key] = found
        return found

    # -- attacks -----------------------------------------------------------------------------------

    def _scorer(
        self, game: Game, stack: StackState, side: str
    ) -> Callable[[Move], tuple[float, str]]:
        plain = self._guarding(game, stack, side, super()._scorer(game, stack, side))
        if not self.simulate:
            return plain
        ours = [u for u in stack.units if game.state.units[u].status == "active"]
        units = game.state.units

        def scored(move: Move) -> tuple[float, str]:
            region = move.path[-1]
            enemies = movement.enemy_here(game, region, side)
            if not enemies or any(hidden_from(game, s, side) for s in enemies):
                return plain(move)
            theirs = enemy_strength(game, enemies, side)
            there = [
                s
                for s in game.state.stacks.values()
                if s.side == side and s.region == region and s.structure is None
            ]
            attacking = stack_strength(game, stack) + sum(stack_strength(game, s) for s in there)
            if attacking < WEIGHED_RATIO * theirs:
                return (-100.0, region)
            friends = [u for s in there for u in s.units if units[u].status == "active"]
            team = ours + friends
            odds = self._odds(game, ("attack", region, tuple(team)), region=region, units=team)
            if odds is None:
                return plain(move)
            if odds["attacker_win"] < self.attack_odds:
                return (-100.0, region)
            trade = odds["defender_hits_lost"] - odds["attacker_hits_lost"]
            gain = 10.0 + 5 * region_value(game, region, side) + 5 * odds["attacker_win"]
            return (gain + 0.2 * trade - 0.1 * len(move.path), region)

        return scored

    # -- defence -----------------------------------------------------------------------------------

    def _holds(self, game: Game, stack: StackState) -> bool:
        if not self.style.guards_objectives:
            return False
        if _holds_objective(game, stack):
            return True
        return self.defend and self._threatened_here(game, stack)

    def _threatened_here(self, game: Game, stack: StackState) -> bool:
        """The stack stands on an objective an enemy wins by taking, and without it the
        enemies within reach would outweigh what the side keeps there."""
        region = stack.region
        if stack_strength(game, stack) <= 0 or worth_guarding(game, region, stack.side) <= 0:
            return False
        return shortfall(game, region, stack.side, without=stack, reach=self.reach) > 0

    def _move_lazily(self, game: Game) -> Action | None:
        if self.defend and self.style.guards_objectives:
            # A stack that must stay to hold a threatened objective stays whole: the
            # tactician would otherwise split a garrison off it and send the rest away.
            side = game.active_side
            key = (game.turn, side)
            for stack in game.state.stacks.values():
                if stack.side != side or (key, stack.id) in self._handled:
                    continue
                if self._threatened_here(game, stack):
                    self._handled.add((key, stack.id))
        return super()._move_lazily(game)

    def _guarding(
        self,
        game: Game,
        stack: StackState,
        side: str,
        plain: Callable[[Move], tuple[float, str]],
    ) -> Callable[[Move], tuple[float, str]]:
        if not self.defend or stack_strength(game, stack) <= 0:
            return plain

        def scored(move: Move) -> tuple[float, str]:
            found = plain(move)
            region = move.path[-1]
            worth = worth_guarding(game, region, side)
            if worth <= 0 or shortfall(game, region, side, reach=self.reach) <= 0:
                return found
            gain = GUARD + min(worth, 50.0) - 0.1 * len(move.path)
            return (gain, region) if gain > found[0] else found

        return scored

    def _strike_check(self, game: Game, stack: StackState, region: str) -> bool:
        if not self.simulate:
            return True
        enemies = movement.enemy_here(game, region, stack.side)
        if any(hidden_from(game, s, stack.side) for s in enemies):
            return True  # unseen: the tactician's estimate decides
        planes = list(stack.units)
        odds = self._odds(game, ("strike", region, tuple(planes)), region=region, units=planes)
        if odds is None:
            return True
        return odds["defender_hits_lost"] > odds["attacker_hits_lost"]

    # -- open battles ------------------------------------------------------------------------------

    def _fight(self, game: Game, actions: list[Action]) -> Action | None:
        battle = game.state.battle
        if battle is None:
            return None
        side = game.to_act()
        region = battle["region"]
        now = None
        if self.simulate:
            now = self._odds(game, ("battle", region), region=region, attacker=battle["attacker"])
        if now is None:
            return super()._fight(game, actions)
        mine = now["attacker_win"] if side == battle["attacker"] else now["defender_win"]
        cards = [a for a in actions if isinstance(a, PlayCard)]
        best: Action | None = None
        best_odds = mine + CARD_GAIN
        for card in cards:
            twin = fork(game, decision_seed(game, 7))
            twin.apply(card)
            if twin.state.battle is None or twin.state.battle["region"] != region:
                continue
            after = self._odds(
                twin, ("card", region, card.card), region=region, attacker=battle["attacker"]
            )
            if after is None:
                break
            odds = after["attacker_win"] if side == battle["attacker"] else after["defender_win"]
            if odds >= best_odds:
                best, best_odds = card, odds
        if best is not None:
            return best
        if Retreat() in actions and self._breaks_off(game, mine):
            return Retreat()
        if ContinueBattle() in actions:
            return ContinueBattle()
        rest = [a for a in actions if not isinstance(a, PlayCard)]
        return rest[0] if rest else actions[0]

    def _breaks_off(self, game: Game, odds: float) -> bool:
        """Leave the battle when the strength ratio says it is lost and the simulation of the
        rest of it does not contradict that, or when the simulation gives it almost no hope."""
        if _losing(game, self.style.retreat_ratio):
            return odds < self.retreat_odds
        return odds < HOPELESS

    # -- other cards -------------------------------------------------------------------------------

    def _play_cards(self, game: Game, actions: list[Action]) -> Action | None:
        cards = [a for a in actions if isinstance(a, PlayCard)]
        if not self.simulate:
            return super()._play_cards(game, actions)
        if not cards:
            return None
        side = game.to_act() or game.active_side
        seed = decision_seed(game, 11)
        standing = score(game, side)
        best: Action | None = None
        best_score = standing
        for card in cards:
            twin = fork(game, seed)
            twin.apply(card)
            # The card leaves the hand by being played: that is not a loss.
            value = score(twin, side) + CARD
            if value >= best_score and (best is None or value > best_score):
                best, best_score = card, value
        return best
