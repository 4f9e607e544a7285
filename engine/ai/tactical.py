"""The tactician: the greedy player with every capability the rules give it.

On top of :class:`~engine.ai.baseline.BaselineAI` it flies its aircraft (:mod:`.air`), shapes
its stacks (merges, garrisons, entrenchment, leaders: :mod:`.stacks`), weighs an event's
options by playing each on a copy of the game (:mod:`.forks`, :mod:`.judge`) and keeps its
battle cards for battles in doubt. Each capability can be switched off (:class:`Tactics`),
which is how the duels in docs/ai.md measure what each is worth.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .. import board, movement
from ..actions import Action, Choose, EndPhase, Move, PlayCard
from ..queries import legal_move_paths
from .air import flight
from .baseline import AIR_PHASES, BaselineAI, Style, _scorer, _stay_score, moving_now
from .estimates import defence_value, stack_strength
from .forks import decision_seed, fork
from .judge import score
from .memo import once
from .stacks import (
    entrenchment,
    garrison_split,
    join_leaders,
    leader_move,
    leaders_only,
    merge_before_moving,
    vital_gaps,
)

if TYPE_CHECKING:
    from ..game import Game
    from ..state import StackState

CAPTURE = 5.0
"""A move scoring this much takes or attacks an enemy region (see ``baseline._scorer``): worth
leaving a garrison behind for."""
VITAL = 50.0
"""What reinforcing an outnumbered sudden-death objective is worth to a move (an attack on a
valuable region or a guard of an unguarded one, worth more in ``baseline._scorer``, still
comes first)."""
CLOSE_BATTLE = 2.5
"""A battle card is kept when one side has more than this many times the other's strength:
the battle is decided without it."""
STAND_RATIO = 2.0
"""The defenders of a region worth defending (one whose loss costs VP or hands the enemy
the game) leave the battle only once outnumbered this many times (the baseline's ratio): a
retreat gives the region up."""


@dataclass(frozen=True)
class Tactics:
    """Which capabilities the tactician uses (all, by default)."""

    air: bool = True
    """Fly aircraft: support, strikes, guards, changes of base."""
    stacks: bool = True
    """Merge before moving, join leaders to troops (and leave garrisons, see below)."""
    garrison_from: int = 2
    """A stack holding an objective leaves its weakest combat unit there as a garrison, so
    the rest can attack, when it has at least this many combat units (with ``stacks`` only;
    0: never)."""
    entrench: bool = True
    """Dig in on the front line and on objectives."""
    choices: bool = True
    """Weigh an event's options on copies of the game."""
    card_timing: bool = True
    """Keep battle cards for battles in doubt."""
    stand: bool = True
    """Defend a region worth defending as the baseline does (leave the battle only at
    :data:`STAND_RATIO`), not as the style breaks off other battles."""
    vital: bool = True
    """Weigh the threat to sudden-death objectives: stacks on one that an enemy within two
    steps outnumbers stay, and stacks that can reach it go there (``stacks.vital_gaps``)."""
    stand_ratio: float = STAND_RATIO
    """With ``stand``: the enemy's strength, as a multiple of ours, at which the defenders of
    a region worth defending leave the battle."""
    close_battle: float = CLOSE_BATTLE
    """With ``card_timing``: a battle card is kept when one side has more than this many
    times the other's strength."""


class Tactician(BaselineAI):
    """The greedy player with aircraft, stack handling, entrenchment and weighed choices."""

    def __init__(self, style: Style | None = None, tactics: Tactics | None = None) -> None:
        super().__init__(style)
        self.tactics = tactics or Tactics()
        self._air_done: dict[tuple[int, str, str], set[str]] = {}
        self._moving: set[tuple[int, str]] = set()
        """Player-turns in which a stack has moved (no merging before moving any more)."""
        self._garrisons: dict[tuple[int, str], set[str]] = {}
        """Per player-turn, the units split off to hold an objective: they stay put."""

    # -- movement phases ---------------------------------------------------------------------------

    def _choose_in_movement(self, game: Game) -> Action | None:
        phase = game.phase
        if not moving_now(game):
            return None
        chosen = self._cards_first(game)
        if chosen is not None:
            return chosen
        if phase in AIR_PHASES:
            chosen = self.carrier.by_air(game) or self._fly(game)
            if chosen is None:
                from ..actions import ResolveBattle
                from ..phases.air import pending

                offensive = phase == "air_offensive"
                fights = [ResolveBattle(r) for r in pending(game)] if offensive else []
                chosen = self._resolve(game, fights)
        else:
            chosen = self._land(game)
        if chosen is not None:
            return chosen
        return EndPhase() if game.blocking() is None else None

    def _fly(self, game: Game) -> Action | None:
        from ..phases.air import striking

        if not self.tactics.air or striking(game):
            return None
        skip = self._air_done.setdefault((game.turn, game.active_side, game.phase), set())
        return flight(game, self.style.attack_ratio, skip, self._strike_check)

    def _strike_check(self, game: Game, stack: StackState, region: str) -> bool:
        """Whether a strike on ``region`` is worth flying (the tactician trusts its estimate;
        the hard level simulates it)."""
        return True

    def _land(self, game: Game) -> Action | None:
        side = game.active_side
        key = (game.turn, side)
        if self.tactics.stacks and key not in self._moving:
            merged = merge_before_moving(game, side, self.style.attack_ratio)
            if merged is not None:
                return merged
        chosen = self._move_lazily(game)
        if chosen is not None:
            self._moving.add(key)
            return chosen
        if self.tactics.stacks:
            joined = join_leaders(game, side)
            if joined is not None:
                return joined
        if self.tactics.entrench:
            return entrenchment(game, side)
        return None

    def _move_lazily(self, game: Game) -> Action | None:
        side = game.active_side
        key = (game.turn, side)
        stacks = game.state.stacks
        handled = self._handled
        # Stacks weighed already this turn or moved are passed over below: they are left out
        # before their strength is worked out (a decision would otherwise weigh every stack).
        strength = {
            s.id: stack_strength(game, s)
            for s in stacks.values()
            if s.side == side
            and not s.moved
            and (key, s.id) not in handled
            and movement.stack_domain(game, s) in ("land", "naval")
        }
        for stack_id in sorted(strength, key=lambda s: (-strength[s], s)):
            stack = stacks[stack_id]
            if (key, stack_id) in self._handled or stack.moved:
                continue  # weighed already, or done moving for the phase
            if self.tactics.stacks and leaders_only(game, stack):
                self._handled.add((key, stack_id))
                led = leader_move(game, stack)
                if led is not None:
                    return led
                continue
            if set(stack.units) <= self._garrisons.get(key, set()):
                self._handled.add((key, stack_id))
                continue  # a garrison left this turn stays, whatever the rest does
            # The last guard of an objective, or a guard a sudden-death objective cannot
            # spare, stays (or leaves what the region needs as a garrison).
            holds = self._holds(game, stack) or self._stays_on_guard(game, stack)
            least = self.tactics.garrison_from if self.tactics.stacks else 0
            garrison = garrison_split(game, stack, least) if holds and least else None
            if holds and garrison is None:
                self._handled.add((key, stack_id))
                continue  # it stays, whole: no need to ask where it could go
            moves = [Move(stack_id, path) for path in legal_move_paths(game, stack)]
            score_of = self._scorer(game, stack, side)
            best = max(moves, key=score_of) if moves else None
            worth = best is not None and score_of(best) > _stay_score(game, stack)
            if holds:
                capture = (
                    garrison is not None
                    and best is not None
                    and worth
                    and score_of(best)[0] >= CAPTURE
                    and self._forward(game, best.path[-1], side)
                )
                if garrison is not None and capture:
                    # The split-off unit stays; the rest, no longer the region's last guard,
                    # is weighed again at the next decision and goes. No merge may undo the
                    # split (merges come before anything moves).
                    self._garrisons.setdefault(key, set()).update(garrison.units)
                    self._moving.add(key)
                    return garrison
                self._handled.add((key, stack_id))
                continue
            if not moves:
                continue  # it may still move later in the phase, once others made room
            if worth and best is not None:
                return best
            self._handled.add((key, stack_id))
        return None

    def _scorer(
        self, game: Game, stack: StackState, side: str
    ) -> Callable[[Move], tuple[float, str]]:
        plain = _scorer(game, stack, side, self.style)
        if not self.tactics.vital or stack_strength(game, stack) <= 0:
            return plain
        gaps = self._vital_gaps(game, side)
        if not gaps:
            return plain

        def score(move: Move) -> tuple[float, str]:
            region = move.path[-1]
            gain, tie = plain(move)
            if gaps.get(region, 0.0) > 0 and region != stack.region:
                # An enemy outnumbers the guards of a region whose loss loses the game:
                # reinforcing it comes before anything but an attack worth more.
                gain = max(gain, VITAL - 0.1 * len(move.path))
            return (gain, tie)

        return score

    def _retreat_ratio(self, game: Game) -> float:
        ratio = self.style.retreat_ratio
        battle = game.state.battle
        if not self.tactics.stand or battle is None:
            return ratio
        side = game.to_act()
        if side is None or side == battle["attacker"]:
            return ratio
        if defence_value(game, battle["region"], side) > 0:
            return max(ratio, self.tactics.stand_ratio)
        return ratio

    def _forward(self, game: Game, region: str, side: str) -> bool:
        """A move there is worth leaving a garrison behind for: it takes or attacks an enemy
        region, or reinforces an outnumbered sudden-death objective (not a walk to guard
        the side's own rear, which would shed a unit on every objective on the way)."""
        if board.side_of_region(game, region) != side:
            return True
        if movement.enemy_here(game, region, side):
            return True
        return self._vital_gaps(game, side).get(region, 0.0) > 0

    def _vital_gaps(self, game: Game, side: str) -> dict[str, float]:
        return once(game, ("vital-gaps", side), lambda: vital_gaps(game, side))

    def _stays_on_guard(self, game: Game, stack: StackState) -> bool:
        """A stack standing on a sudden-death objective stays there when the guards left
        without it would be outnumbered by the enemy near."""
        if not self.tactics.vital:
            return False
        own = stack_strength(game, stack)
        missing = self._vital_gaps(game, stack.side).get(stack.region)
        return own > 0 and missing is not None and missing + own > 0

    # -- questions, cards and battles --------------------------------------------------------------

    def _decide_pending(self, game: Game, actions: list[Action]) -> Action | None:
        choices = [a for a in actions if isinstance(a, Choose)]
        if self.tactics.choices and len(choices) > 1 and game.state.pending:
            return self._weigh(game, choices)
        return super()._decide_pending(game, actions)

    def _weigh(self, game: Game, options: Sequence[Action]) -> Action:
        """The option whose position, played on a copy of the game, scores best for the side
        deciding (the first of equals)."""
        side = game.to_act() or game.active_side
        seed = decision_seed(game)
        best, best_score = options[0], float("-inf")
        for option in options:
            twin = fork(game, seed)
            twin.apply(option)
            value = score(twin, side)
            if value > best_score:
                best, best_score = option, value
        return best

    def _fight(self, game: Game, actions: list[Action]) -> Action | None:
        battle = game.state.battle
        if battle is None:
            return None
        cards = any(isinstance(a, PlayCard) for a in actions)
        if self.tactics.card_timing and cards and not self._in_doubt(game):
            actions = [a for a in actions if not isinstance(a, PlayCard)]
        return super()._fight(game, actions)

    def _in_doubt(self, game: Game) -> bool:
        """Whether the open battle is close enough for a card to matter."""
        battle = game.state.battle
        assert battle is not None
        side = game.to_act()
        units = game.state.units
        mine_ids = battle["attackers"] if side == battle["attacker"] else battle["defenders"]
        theirs_ids = battle["defenders"] if side == battle["attacker"] else battle["attackers"]

        def strength(ids: list[str]) -> float:
            return float(
                sum(
                    units[u].strength
                    for u in ids
                    if units[u].status == "active" and board.is_combat(game, units[u])
                )
            )

        mine, theirs = strength(mine_ids), strength(theirs_ids)
        close = self.tactics.close_battle
        return mine <= close * theirs and theirs <= close * mine
