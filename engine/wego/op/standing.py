"""Where the game stands on victory points under the operational rules (OV2, OV4, OV5): each
side's total, the part of it won by kills, and per victory location who holds it, what it is
worth each turn to each side and what it has given each side so far.

The VP themselves are scored by the turn's end (locations, :mod:`.turn`) and the battles
(kills, :mod:`.combat`), which also note here what they gave, in the game state
(``GameState.operational["victory"]``), so a save keeps it and the log is unchanged. A game
saved before the notes were kept starts counting them from where it was loaded.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ... import board as places
from . import state

if TYPE_CHECKING:
    from ...game import Game


@dataclass(frozen=True)
class LocationStanding:
    """One victory location (OV2, OV5)."""

    hex: str
    name: str
    holder: str | None
    """The side controlling the hex now (OV3), ``None`` for nobody."""
    per_turn: dict[str, int]
    """What holding it at a turn's end is worth to each side (0 left out)."""
    received: dict[str, int]
    """VP it has given each side so far."""


@dataclass(frozen=True)
class VictoryStanding:
    """The victory panel's figures (OV5)."""

    vp: dict[str, int]
    """Each side's total."""
    kills: dict[str, int]
    """The part of each side's total won by destroying enemy units (OV4)."""
    locations: tuple[LocationStanding, ...]


def _kept(game: Game) -> dict[str, Any]:
    kept: dict[str, Any] = state.data(game).setdefault("victory", {"locations": {}, "kills": {}})
    return kept


def note_locations(game: Game, scores: dict[str, tuple[str, int]]) -> None:
    """OV2: the locations scored at a turn's end (hex id to side and VP)."""
    kept = _kept(game)["locations"]
    for hex_id, (side, value) in sorted(scores.items()):
        per_side = kept.setdefault(hex_id, {})
        per_side[side] = per_side.get(side, 0) + value


def note_kill(game: Game, side: str, value: int) -> None:
    """OV4: ``side`` scored ``value`` VP for destroying an enemy unit."""
    if value:
        kills = _kept(game)["kills"]
        kills[side] = kills.get(side, 0) + value


def standing(game: Game) -> VictoryStanding:
    """OV5: the totals, the kills' part and every victory location, in the scenario's order.
    Nothing in it is hidden by the fog of war: scores and who controls a hex are public."""
    rules = state.board_of(game).rules
    kept = _kept(game)
    regions = game.world.regions
    locations = []
    for location in rules.victory.locations:
        region = regions.get(location.hex)
        locations.append(
            LocationStanding(
                location.hex,
                region.name if region is not None and region.name else location.hex,
                places.side_of_region(game, location.hex),
                {side: v for side, v in sorted(location.per_turn.items()) if v},
                dict(sorted(kept["locations"].get(location.hex, {}).items())),
            )
        )
    sides = [s for s in game.state.sides if not game.world.sides[s].neutral]
    return VictoryStanding(
        {side: game.state.sides[side].vp for side in sides},
        {side: int(kept["kills"].get(side, 0)) for side in sides},
        tuple(locations),
    )
