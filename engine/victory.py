"""How games end (W1-W3, N4): sudden death, the tension threshold, the victory level, the
last turn. Also the bookkeeping done at the end of each player-turn and game turn."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import board, modifiers
from .conditions import holds
from .outcome import Outcome, Termination
from .targets import Context

if TYPE_CHECKING:
    from .game import Game


def finish(
    game: Game,
    winner: str | None,
    reason: str,
    termination: Termination,
    source: str | None = None,
) -> None:
    """End the game now."""
    if game.state.outcome is not None:
        return
    state = game.state
    outcome = Outcome(
        winner=winner,
        termination=termination,
        reason=reason,
        vp={side: s.vp for side, s in state.sides.items()},
        turns_played=state.turn,
        battles=state.stats.get("battles", 0),
        losses=dict(state.stats.get("losses", {})),
        source=source,
    ).to_json()
    game.record("game_over", **outcome)
    state.outcome = outcome


def _sudden_death(game: Game, check: str) -> None:
    for rule in game.scenario.victory.sudden_death:
        if rule.check != check:
            continue
        if holds(game, rule.condition, Context(rule.side, rule.id)):
            reason = rule.description or f"sudden death: {rule.id}"
            finish(game, rule.side, reason, Termination.SUDDEN_DEATH, rule.id)
            return


def check_immediate(game: Game) -> None:
    if game.state.outcome is None:
        _sudden_death(game, "immediate")


def end_of_player_turn(game: Game) -> None:
    """Income, fortified regions returning to their structure's owner, turn-end sudden death."""
    side = game.active_side
    income = sum(
        game.world.regions[r].income
        for r in game.world.regions
        if board.side_of_region(game, r) == side
    )
    if income:
        game.state.sides[side].treasury += income
        game.record("income", side_id=side, amount=income)
    _restore_fortified_regions(game)
    _sudden_death(game, "end_of_turn")


def _restore_fortified_regions(game: Game) -> None:
    # M5: a region taken around a fortress that still holds out goes back to the fortress's
    # owner when the conqueror keeps no combat unit there.
    for structure in game.world.scenario.structures:
        if structure.fortification == 0:
            continue
        holder = board.side_of_structure(game, structure.id)
        region = structure.region
        occupier = board.side_of_region(game, region)
        if holder is None or occupier is None or occupier == holder:
            continue
        garrisoned = any(
            board.is_combat(game, unit)
            for stack in board.stacks_in(game, region, occupier)
            for unit in board.units_of(game, stack)
        )
        if not garrisoned:
            board.set_owner(game, region, game.state.structure_owner[structure.id])
            game.record("region_restored", region=region, to=holder)


def end_of_turn(game: Game) -> None:
    """End of a whole game turn: lasting effects end, the tension index and the victory level
    are checked, the per-turn statistics are taken."""
    state = game.state
    state.stats.setdefault("vp_by_turn", []).append({s: v.vp for s, v in state.sides.items()})
    state.stats.setdefault("losses_by_turn", []).append(dict(state.stats.get("losses", {})))
    modifiers.expire(game, "end_of_turn")
    index = game.scenario.tension
    tension = state.tension
    threshold = index.threshold if index is not None else None
    if index is not None and threshold is not None and tension is not None and tension >= threshold:
        finish(game, index.benefits, f"{index.name} reached {tension}", Termination.TENSION)
        return
    level = game.scenario.rules.victory.victory_level
    if level is not None:
        ranked = sorted(state.sides.items(), key=lambda kv: -kv[1].vp)
        if (
            ranked
            and ranked[0][1].vp >= level
            and (len(ranked) == 1 or ranked[0][1].vp > ranked[1][1].vp)
        ):
            reason = f"reached the victory level of {level} VP"
            finish(game, ranked[0][0], reason, Termination.VICTORY_LEVEL)


def end_of_game(
    game: Game,
    reason: str = "the last turn is over",
    termination: Termination = Termination.LAST_TURN,
    source: str | None = None,
) -> None:
    """Count the end-of-game holdings and declare the side with most VP the winner."""
    for region in game.world.regions.values():
        holder = board.side_of_region(game, region.id)
        value = region.values.get(holder) if holder else None
        if holder is not None and value is not None and value.hold_at_end:
            board.add_vp(game, holder, value.hold_at_end, f"holds {region.id} at the end")
    for structure in game.world.scenario.structures:
        holder = board.side_of_structure(game, structure.id)
        value = structure.values.get(holder) if holder else None
        if holder is not None and value is not None and value.hold_at_end:
            board.add_vp(game, holder, value.hold_at_end, f"holds {structure.id} at the end")
    playing = [s for s in game.state.sides if not game.world.sides[s].neutral]
    ranked = sorted(playing, key=lambda s: -game.state.sides[s].vp)
    best = game.state.sides[ranked[0]].vp
    leaders = [s for s in ranked if game.state.sides[s].vp == best]
    finish(game, leaders[0] if len(leaders) == 1 else None, reason, termination, source)
