"""The baseline AI: a greedy player that knows the rules, not the future.

It picks one action at a time from ``legal_actions()``: it attacks where its strength clearly
exceeds what it can see of the enemy, takes empty enemy regions (VP ones first), keeps stacks
in supply, holds its own VP regions with at least one stack, plays every card it can, and puts
reinforcements and replacements where they count most. It never looks inside enemy stacks the
fog of war hides, and it uses no randomness, so a seed fixes a whole AI game.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .. import board, movement
from ..actions import (
    Action,
    AssignReplacement,
    Breakthrough,
    Choose,
    ContinueBattle,
    Discard,
    EndPhase,
    Move,
    PlaceReinforcement,
    PlayCard,
    ResolveBattle,
    ResolveSiege,
    Retreat,
)
from ..naval import sailing
from ..queries import legal_move_paths
from ..state import StackState
from .estimates import (
    defence_value,
    enemy_strength,
    region_value,
    stack_strength,
    sudden_death_targets,
)
from .fronts import distance_to_enemy, refresh
from .memo import deciding, once
from .transport import Carrier

if TYPE_CHECKING:
    from ..game import Game

ATTACK_RATIO = 1.5
"""Attack a region only with this many times the strength seen there."""
AIR_PHASES = ("air_offensive", "air_defensive")
ASSAULT_ODDS = 0.65
"""Storm a fortified structure only when simulations give at least these odds."""


@dataclass(frozen=True)
class Style:
    """The judgement the greedy player applies; the defaults are the baseline's. The levels
    (:mod:`.levels`) are styles measured against each other."""

    attack_ratio: float = ATTACK_RATIO
    """Attack a region only with this many times the strength seen there."""
    assault_odds: float = ASSAULT_ODDS
    """Storm a fortified structure only when simulations give at least these odds."""
    retreat_ratio: float = 2.0
    """Leave a battle when the enemy has more than this many times our strength (0: never)."""
    out_of_supply: float = 8.0
    """How much a move into a region off the side's supply lines is held against it."""
    guards_objectives: bool = True
    """The last fighting stack on a region worth defending stays, and threatened
    sudden-death regions are guarded first."""


def moving_now(game: Game) -> bool:
    """The side to act moves its stacks now: a movement phase (land or air) of its own, with
    no battle, pending decision or end of game in the way."""
    state = game.state
    return (
        game.phase in ("land_movement", *AIR_PHASES)
        and state.outcome is None
        and not state.pending
        and state.battle is None
        and game.to_act() == game.active_side
    )


class BaselineAI:
    """Chooses an action for whichever side is to act."""

    def __init__(self, style: Style | None = None) -> None:
        self.style = style or Style()
        self._handled: set[tuple[object, str]] = set()
        self._assessed: set[tuple[int, str]] = set()
        self.carrier = Carrier(self.style.attack_ratio, self._holds)
        """Boards, sails, lands and flies troops (:mod:`.transport`)."""

    def choose(self, game: Game) -> Action:
        refresh(game)  # control of a region may have changed since the last decision
        with deciding(game):
            return self._choose(game)

    def _choose(self, game: Game) -> Action:
        if game.scenario.calendar.turn_system == "wego":
            from ..wego import ai as wego_ai

            if wego_ai.planning(game):
                return wego_ai.choose(game, self.style)
            # A WEGO turn's windows play IGOUGO phases (engine/wego/windows.py): as here.
        quick = self._choose_in_movement(game)
        if quick is not None:
            return quick
        actions = game.legal_actions()
        if not actions:
            raise RuntimeError("no legal action: the game is over")
        for rule in (
            self._decide_pending,
            self._fight,
            self._play_cards,
            self._discard,
            self._reinforce,
            self._replace,
            self._resolve,
            self._ship,
            self._move,
        ):
            chosen = rule(game, actions)
            if chosen is not None:
                return chosen
        return EndPhase() if EndPhase() in actions else actions[0]

    def _choose_in_movement(self, game: Game) -> Action | None:
        """The same choice as :meth:`choose` in the movement phases (land and air), without
        listing every stack's moves: ``legal_actions`` there searches where each stack can go
        (or fly), while the AI only needs the moves of the land stacks it considers, strongest
        first, and usually takes the first one's best move. ``None`` when the shortcut does
        not apply and the full list of legal actions decides."""
        phase = game.phase
        if not moving_now(game):
            return None
        chosen = self._cards_first(game)
        if chosen is not None:
            return chosen
        if phase in AIR_PHASES:
            # This AI does not fly: of an air phase's actions it only looks at the air-sea
            # battles to fight, never at the flights, whose routes are the costly part.
            from ..phases.air import pending

            fights = [ResolveBattle(r) for r in pending(game)] if phase == "air_offensive" else []
            chosen = self.carrier.by_air(game) or self._resolve(game, fights)
        else:
            chosen = self._move_lazily(game)
        if chosen is not None:
            return chosen
        # No card, no move: the phase ends when it may; otherwise the full list decides.
        return EndPhase() if game.blocking() is None else None

    def _move_lazily(self, game: Game) -> Action | None:
        """:meth:`_move` asking for each stack's moves only when it comes to that stack."""
        side = game.active_side
        key = (game.turn, side)
        handled = self._handled
        # Stacks weighed already this turn or moved are passed over below: they are left out
        # before their strength is worked out (a decision would otherwise weigh every stack).
        strength = {
            s.id: stack_strength(game, s)
            for s in game.state.stacks.values()
            if s.side == side
            and not s.moved
            and (key, s.id) not in handled
            and movement.stack_domain(game, s) in ("land", "naval")
        }
        for stack_id in sorted(strength, key=lambda s: (-strength[s], s)):
            stack = game.state.stacks[stack_id]
            if (key, stack_id) in self._handled or self._holds(game, stack):
                continue
            moves = [Move(stack_id, path) for path in legal_move_paths(game, stack)]
            if not moves:
                continue  # it may still move later in the phase, once others made room
            score = _scorer(game, stack, side, self.style)
            best = max(moves, key=score)
            if score(best) > _stay_score(game, stack):
                return best
            self._handled.add((key, stack_id))
        return None

    def _holds(self, game: Game, stack: StackState) -> bool:
        return self.style.guards_objectives and _holds_objective(game, stack)

    # -- questions and battles ---------------------------------------------------------------------

    def _decide_pending(self, game: Game, actions: list[Action]) -> Action | None:
        if not game.state.pending:
            return None
        places = [a for a in actions if isinstance(a, PlaceReinforcement)]
        if places:
            side = game.to_act() or game.active_side
            return max(places, key=lambda a: (_front_weight(game, a.region, side), a.region))
        breakthroughs = [a for a in actions if isinstance(a, Breakthrough)]
        if breakthroughs:
            return _best_breakthrough(game, breakthroughs)
        choices = [a for a in actions if isinstance(a, Choose)]
        return choices[0] if choices else actions[0]

    def _fight(self, game: Game, actions: list[Action]) -> Action | None:
        if game.state.battle is None:
            return None
        cards = [a for a in actions if isinstance(a, PlayCard)]
        if cards:
            return cards[0]
        if Retreat() in actions and _losing(game, self._retreat_ratio(game)):
            return Retreat()
        if ContinueBattle() in actions:
            return ContinueBattle()
        return actions[0]

    def _retreat_ratio(self, game: Game) -> float:
        """The enemy's strength, as a multiple of ours, at which the open battle is left."""
        return self.style.retreat_ratio

    # -- cards, arrivals, repairs ------------------------------------------------------------------

    def _cards_first(self, game: Game) -> Action | None:
        """A card to play or discard before any move of the phase, if one is wanted."""
        from ..cards import playable_actions

        played = playable_actions(game)
        return self._play_cards(game, played) or self._discard(game, played)

    def _play_cards(self, game: Game, actions: list[Action]) -> Action | None:
        cards = [a for a in actions if isinstance(a, PlayCard)]
        return cards[0] if cards else None

    def _discard(self, game: Game, actions: list[Action]) -> Action | None:
        discards = [a for a in actions if isinstance(a, Discard)]
        if not discards:
            return None
        # Keep the red (rare, strong) cards; let black ones go back to the deck first.
        world = game.world
        return min(discards, key=lambda a: (world.cards[a.cards[0]].color == "red", a.cards))

    def _reinforce(self, game: Game, actions: list[Action]) -> Action | None:
        return None  # placements come as pending decisions, handled above

    def _replace(self, game: Game, actions: list[Action]) -> Action | None:
        repairs = [a for a in actions if isinstance(a, AssignReplacement)]
        if not repairs:
            return None
        units = game.state.units

        def missing(a: AssignReplacement) -> tuple[int, str]:
            unit_type = game.world.unit_type(a.unit)
            gap = (unit_type.hit_points if unit_type else 0) - units[a.unit].strength
            return (gap, a.unit)

        return max(repairs, key=missing)

    def _resolve(self, game: Game, actions: Sequence[Action]) -> Action | None:
        structures = game.world.structures
        for action in actions:
            if isinstance(action, ResolveSiege):
                return action
            if isinstance(action, ResolveBattle) and action.region not in structures:
                return action  # field battles are compulsory
        for action in actions:
            if isinstance(action, ResolveBattle) and self._worth_assaulting(game, action.region):
                return action
        return None

    def _worth_assaulting(self, game: Game, structure: str) -> bool:
        """Storm a fortified structure only when the odds are good (an assault is optional)."""
        key = (game.turn, structure)
        if key in self._assessed:
            return False
        self._assessed.add(key)
        from ..combat.fast import preview

        region = game.world.structures[structure].region
        odds = preview(game, region, structure=structure, runs=60, seed=game.turn)
        return odds["attacker_win"] >= self.style.assault_odds

    # -- movement ----------------------------------------------------------------------------------

    def _ship(self, game: Game, actions: list[Action]) -> Action | None:
        return self.carrier.by_sea(game)

    def _move(self, game: Game, actions: list[Action]) -> Action | None:
        moves = [a for a in actions if isinstance(a, Move)]
        if not moves or game.phase not in ("land_movement", "naval_movement"):
            return None
        key = (game.turn, game.active_side)
        side = game.active_side
        by_stack: dict[str, list[Move]] = {}
        for move in moves:
            by_stack.setdefault(move.stack, []).append(move)
        stacks = sorted(
            by_stack,
            key=lambda s: (-stack_strength(game, game.state.stacks[s]), s),
        )
        for stack_id in stacks:
            stack = game.state.stacks[stack_id]
            if self._holds(game, stack) or (key, stack_id) in self._handled:
                continue
            if self.carrier.steers(game, stack):
                continue  # troops aboard: the carrier sails this fleet
            score = _scorer(game, stack, side, self.style)
            best = max(by_stack[stack_id], key=score)
            if score(best) > _stay_score(game, stack):
                return best
            self._handled.add((key, stack_id))
        return None


# -- judgement ------------------------------------------------------------------------------------


def _scorer(
    game: Game,
    stack: StackState,
    side: str,
    style: Style,
    support: Callable[[str], float] | None = None,
) -> Callable[[Move], tuple[float, str]]:
    """How much a move of ``stack`` is worth; ``support(region)`` adds the strength of the
    side's units already in a region to an attack on it (the baseline counts the stack
    alone)."""
    ours = stack_strength(game, stack)
    supplied = _supplied(game, side)
    naval = sailing.sails(game, movement.stack_domain(game, stack))
    guards = style.guards_objectives and ours > 0
    vital = sudden_death_targets(game, side) if guards else frozenset()
    # What every move asks of the board, once per decision (a scorer weighs every region the
    # stack can reach): the enemies in the field of each region (``movement.enemy_here``) and
    # the side's stacks with combat strength (``_guarded``), each region's worked out when
    # first asked, from the stacks by region.
    field = once(game, ("field", side), lambda: movement.field_enemies(game, side))
    guards_in: dict[str, list[str]] = once(game, ("guards", side), dict)

    def guarded(region: str, exclude: str | None = None) -> bool:
        found = guards_in.get(region)
        if found is None:
            found = guards_in[region] = _guards_in(game, region, side)
        return any(s != exclude for s in found)

    def score(move: Move) -> tuple[float, str]:
        region = move.path[-1]
        value = region_value(game, region, side)
        enemies = field.get(region, [])
        if enemies:
            theirs = enemy_strength(game, enemies, side)
            attacking = ours + support(region) if support is not None else ours
            if attacking < style.attack_ratio * theirs:
                return (-100.0, move.path[-1])
            gain = 10.0 + value * 5 + min(attacking / max(theirs, 1), 5.0)
        elif board.side_of_region(game, region) != side:
            gain = 6.0 + value * 5
        elif region in vital and not guarded(region, exclude=stack.id):
            # Losing this region loses the game: guard it before anything else.
            gain = 100.0 if _threatened(game, region, side) else 30.0
        elif defence_value(game, region, side) > 0 and not guarded(region):
            gain = 8.0 + min(defence_value(game, region, side), 20.0)
        else:
            gain = _front_weight(game, region, side)
        if supplied is not None and region not in supplied and not naval:
            gain -= style.out_of_supply  # ships never need supply
        return (gain - 0.1 * len(move.path), move.path[-1])

    return score


def _stay_score(game: Game, stack: StackState) -> tuple[float, str]:
    return (_front_weight(game, stack.region, stack.side), stack.region)


def _front_weight(game: Game, region: str, side: str) -> float:
    """How close a friendly region is to the enemy: nearer is better for the front line."""
    distance = distance_to_enemy(game, region, side)
    return 4.0 / (1 + distance)


def _holds_objective(game: Game, stack: StackState) -> bool:
    """The last fighting stack on a region worth defending stays to hold it."""
    if stack_strength(game, stack) <= 0 or defence_value(game, stack.region, stack.side) <= 0:
        return False
    return not _guarded(game, stack.region, stack.side, exclude=stack.id)


def _guards_in(game: Game, region: str, side: str) -> list[str]:
    """The side's stacks with combat strength in a region (what :func:`_guarded` looks for)."""
    return [s.id for s in board.stacks_in(game, region, side) if stack_strength(game, s) > 0]


def _guarded(game: Game, region: str, side: str, exclude: str | None = None) -> bool:
    """Some stack of the side with combat units stands in the region."""
    return any(
        stack_strength(game, s) > 0 for s in board.stacks_in(game, region, side) if s.id != exclude
    )


def _threatened(game: Game, region: str, side: str, radius: int = 3) -> bool:
    """Enemy combat units stand within ``radius`` steps of the region."""
    seen = {region}
    frontier = [region]
    for _ in range(radius + 1):
        following = []
        for here in frontier:
            if any(stack_strength(game, s) > 0 for s in movement.enemy_here(game, here, side)):
                return True
            for link in game.world.neighbours(here):
                if link.to not in seen:
                    seen.add(link.to)
                    following.append(link.to)
        frontier = following
    return False


def _supplied(game: Game, side: str) -> frozenset[str] | None:
    """Regions where the side is in supply (``None``: the scenario plays without supply)."""
    from ..supply import supplied_regions

    return once(game, ("supplied", side), lambda: supplied_regions(game, side))


def _losing(game: Game, ratio: float) -> bool:
    battle = game.state.battle
    assert battle is not None
    side = game.to_act()
    mine = battle["attackers"] if side == battle["attacker"] else battle["defenders"]
    theirs = battle["defenders"] if side == battle["attacker"] else battle["attackers"]
    units = game.state.units

    def strength(ids: list[str]) -> int:
        return sum(units[u].strength for u in ids if units[u].status == "active")

    return strength(mine) * ratio < strength(theirs)


def _best_breakthrough(game: Game, options: list[Breakthrough]) -> Action:
    battle_region = next((a.region for a in options if not a.units), options[0].region)
    side = game.to_act() or game.active_side
    best: Action = next((a for a in options if not a.units), options[0])
    best_value = 0.0
    for option in options:
        if not option.units or movement.enemy_here(game, option.region, side):
            continue
        value = region_value(game, option.region, side) + (
            1.0 if board.side_of_region(game, option.region) != side else 0.0
        )
        if value > best_value and option.region != battle_region:
            best, best_value = option, value
    return best
