"""The end of a turn and of the game under the operational rules (OT8, OU7-OU9, OU11, OS1,
OS3, OS13, OQ4-OQ11, OV1-OV3).

At the end of each turn, in this order (OT8): the engineers' work (:mod:`.work_turn`: breaches,
bridge work, pontoons built, pontoons left alone removed); every unit that did not move digs in
and rests, or suffers encirclement (:func:`engine.operational.end_of_turn`, with the enemy zone
of its hex, the damage it took this turn, the night and the day's weather, and the LOC state it
had during the turn); then the supply upkeep (:func:`.supply.close_turn`: replacements, every
side's lines of communication traced again, the arrival of points, every HQ back to Basic); then
each side scores the victory locations it controls (OV2). After the last turn the side with more
VP wins; equal VP is a draw, the only way to draw (OV1).

Records: ``op_end_of_turn`` ``{night, weather, units}`` (``units``: id to
``[readiness, strength, dug_in]`` after the turn's rest, for units whose values changed),
``op_engineering`` and ``op_pontoon_removed`` (:mod:`.work_turn`), ``op_supply`` per side
(:mod:`engine.operational.upkeep`), ``op_asset_withdrawn`` (:func:`.assets.note_leaving`)
and ``vp`` for each location's score.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ... import board as places
from ... import victory as scoring
from ...operational import end_of_turn, enemy_zoc
from ...operational.victory import location_scores, location_vp, winner
from ...outcome import Termination
from . import air_supply, assets, fire, sorties, standing, state, supply, work_turn, zones

if TYPE_CHECKING:
    from ...game import Game


def close_turn(game: Game) -> None:
    """OT8: readiness and dug-in (OU7-OU9, OU11), the supply upkeep (OS13, OQ4-OQ11, OS1,
    OS3), then the locations' VP (OV2)."""
    work_turn.close_turn(game)  # OE2-OE6: the engineers' rolls, then pontoons left alone removed
    board = state.board_of(game)
    rules = board.rules
    day = state.clock(game)
    units = state.units(game)
    turn = state.data(game)["turn"]
    fields = {
        side: enemy_zoc(board, units.values(), side, night=day.night) for side in game.sides_in_play
    }
    changed: dict[str, list[Any]] = {}
    fired = fire.fired(game)  # OC33: a gun whose fire was used does not rest
    for unit_id, unit in units.items():
        field = fields.get(unit.side)
        after = end_of_turn(
            rules,
            unit,
            moved=unit_id in turn["used"],
            enemy_zoc=field.value(unit.hex) if field is not None else 0.0,
            damage_taken=turn["damage"].get(unit_id, 0.0),
            night=day.night,
            recovery=0.0 if unit_id in fired else day.recovery,
        )
        if after != unit:
            state.store(game, after)
            changed[unit_id] = [
                round(after.readiness, 4),
                round(after.strength, 4),
                after.dug_in,
            ]
    moved = sorted(turn["used"])
    turn["used"], turn["damage"] = {}, {}
    game.record(
        "op_end_of_turn", night=day.night, weather=day.weather, units=dict(sorted(changed.items()))
    )
    lost, cuts = sorties.interdiction(game)  # OA9-OA11: before the points arrive
    supply.close_turn(
        game,
        state.units(game),
        moved,
        interdiction_lost=lost,
        loc_cut=cuts,
        air_supplied=air_supply.air_supplied(game),  # OS15: the transports flown this turn
    )
    sorties.close_turn(game)  # OA3: the assets recover
    assets.note_leaving(game)  # OT12, OF8: the assets withdrawn from the next turn
    zones.close_turn(game)  # OM20: releases by an enemy next to a unit or a retreat
    holder = lambda hex_id: places.side_of_region(game, hex_id)  # noqa: E731
    scores = location_vp(rules, holder)
    for side in sorted(scores):
        places.add_vp(game, side, scores[side], "victory locations held (OV2)")
    standing.note_locations(game, location_scores(rules, holder))


def end_of_game(game: Game) -> None:
    """OV1: after the last turn, the side with more VP wins; equal VP is a draw."""
    vp = {side: s.vp for side, s in game.state.sides.items() if not game.world.sides[side].neutral}
    scoring.finish(
        game,
        winner(vp),
        "the last turn is over: most VP wins, equal VP is a draw (OV1)",
        Termination.LAST_TURN,
        None,
    )
