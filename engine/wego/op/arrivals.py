"""Assets arriving at random (OA2) in a game of the operational family.

At the start of every turn, before any plan opens (the fixed point of the turn where the
game's die is read for them), each asset with a window of arrival (``arrives`` to
``arrives_by``) that has not arrived yet draws its ``arrival_chance`` (for sure on the last
turn of the window); one ``op_asset_arrived`` record ``{side_id, asset, window}`` for each
that arrives, read by its own side only (:mod:`engine.wego.views`). Assets leaving at random
(OA13) draw as their mission flies (:func:`engine.operational.assets.dispatch`, the
``op_asset_left`` record of :mod:`.sorties`). A scenario without random assets reads no die
here, so its games play as before.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...operational.assets import arrival_draw
from .assets import state_of, store

if TYPE_CHECKING:
    from ...game import Game


def open_turn(game: Game) -> None:
    """OA2: the turn's arrival draws, in the order the scenario lists its assets."""
    rules = game.scenario.rules.operational
    turn = game.state.turn
    for asset in rules.assets.assets if rules is not None else ():
        if not asset.arrives_at_random():
            continue
        before = state_of(game, asset.id)
        if before is None or before.arrived or before.gone:
            continue
        after = arrival_draw(asset, before, turn, game.dice)
        if after.arrived:
            store(game, after)
            game.record(
                "op_asset_arrived",
                side_id=asset.side,
                asset=asset.id,
                window=[asset.arrives, asset.arrives_by],
            )
