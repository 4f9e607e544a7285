"""Whole battles in one call, without card windows and without touching the game: what the AI
uses to weigh an attack, what the odds bar shows, and what the benchmark times.

A simulation rolls its own seeded :class:`~engine.dice.Dice`, never ``game.dice``, so asking
for odds never changes what happens next in the game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, TypedDict

from ..dice import Dice
from .field import describe
from .morale import Fight
from .prepare import Setup, build
from .rounds import doomed_support, run

if TYPE_CHECKING:
    from ..game import Game


@dataclass(frozen=True, slots=True)
class Outcome:
    """How one simulated battle ended (side 0 the attacker, 1 the defender)."""

    winner: int
    rounds: int
    routed: int | None
    pursued: bool
    hits_lost: tuple[int, int]
    """Hit points each side lost."""
    units_lost: tuple[int, int]
    """Units each side lost, support units taken at the end included."""


def setup_for(
    game: Game,
    region: str,
    attacker: str | None = None,
    units: list[str] | None = None,
    structure: str | None = None,
    *,
    explain: bool = False,
) -> Setup:
    """The setup of the battle ``attacker`` (default: the active side) would fight in
    ``region`` now (an assault on ``structure`` if named), or of the battle open there;
    ``units`` names other attacking units (an attack the AI weighs before moving);
    ``explain`` keeps the terms of every factor."""
    battle = game.state.battle
    if battle is not None and battle["region"] == region and units is None:
        return build(game, battle, explain=explain)
    side = attacker or game.active_side
    return build(game, describe(game, region, side, structure, units=units), explain=explain)


def fight(setup: Setup, dice: Dice) -> Outcome:
    """Fight one battle of ``setup`` to its end with ``dice``."""
    state = Fight(setup)
    winner = run(setup, state, dice.roll)
    strength, status = state.strength, state.status
    lost = [state.lost[0], state.lost[1]]
    for i in doomed_support(setup, state, dice.below):
        lost[setup.side[i]] += 1
        strength[i] = 0
        status[i] = 2
    start = setup.strength
    side = setup.side
    hits = [0, 0]
    for i in range(setup.n):
        hits[side[i]] += start[i] - strength[i]
    return Outcome(
        winner,
        state.rounds,
        state.routed,
        state.pursued,
        (hits[0], hits[1]),
        (lost[0], lost[1]),
    )


def simulate(
    game: Game,
    region: str,
    dice: Dice,
    attacker: str | None = None,
    units: list[str] | None = None,
) -> Outcome:
    """One whole battle in ``region`` as it stands (or with ``units`` attacking), rolled with
    ``dice``."""
    return fight(setup_for(game, region, attacker, units), dice)


class Odds(TypedDict):
    """Estimated odds of a battle (:func:`preview`): fractions of the simulated battles and
    means over them."""

    attacker_win: float
    defender_win: float
    attacker_hits_lost: float
    defender_hits_lost: float
    attacker_units_lost: float
    defender_units_lost: float
    rounds: float
    routs: float
    """How often a side routed."""
    runs: int


def preview(
    game: Game,
    region: str,
    *,
    runs: int = 200,
    seed: int = 0,
    attacker: str | None = None,
    units: list[str] | None = None,
    structure: str | None = None,
) -> Odds:
    """Estimated odds of the battle in ``region`` (with ``units`` attacking, if given) from
    ``runs`` simulations with a private die seeded with ``seed``: ``attacker_win`` and
    ``defender_win`` (fractions), the mean hit points and units each side loses, the mean
    rounds and how often a side routs. Cards are not played and nobody retreats by choice.
    ``structure`` weighs an assault on that fortified structure instead."""
    setup = setup_for(game, region, attacker, units, structure)
    dice = Dice(seed, game.scenario.rules.dice.sides)
    wins = [0, 0]
    hits = [0, 0]
    lost = [0, 0]
    rounds = routs = 0
    for _ in range(runs):
        outcome = fight(setup, dice)
        wins[outcome.winner] += 1
        for s in (0, 1):
            hits[s] += outcome.hits_lost[s]
            lost[s] += outcome.units_lost[s]
        rounds += outcome.rounds
        routs += outcome.routed is not None
    total = max(1, runs)
    return {
        "attacker_win": wins[0] / total,
        "defender_win": wins[1] / total,
        "attacker_hits_lost": hits[0] / total,
        "defender_hits_lost": hits[1] / total,
        "attacker_units_lost": lost[0] / total,
        "defender_units_lost": lost[1] / total,
        "rounds": rounds / total,
        "routs": routs / total,
        "runs": runs,
    }
