"""Reinforcements phase (E3): scheduled units arrive, at a fixed place or where the player
chooses among allowed regions. Cards and events can bring reinforcements at other times."""

from __future__ import annotations

from typing import TYPE_CHECKING

from schemas.selection import Destination

from .. import board, decisions
from ..actions import Action, PlaceReinforcement
from ..conditions import holds
from ..errors import IllegalAction
from ..records import Decision
from ..setup import place_unit
from ..targets import Context
from .base import Phase

if TYPE_CHECKING:
    from ..game import Game


def allowed_regions(game: Game, dest: Destination, side: str) -> list[str]:
    """Regions a destination allows for ``side``: playable land, open to the side, friendly
    when the destination says so, and free of enemy ground units (aircraft over it do not
    bar it, A1)."""
    world = game.world
    wanted = list(dest.regions)
    for area in dest.areas:
        wanted.extend(sorted(world.area_regions[area]))
    out = []
    for region in dict.fromkeys(wanted):
        if world.domain(region) != "land" or side in world.closed_to[region]:
            continue
        if dest.friendly_only and board.side_of_region(game, region) != side:
            continue
        if board.enemy_ground_stacks_in(game, region, side):
            continue
        out.append(region)
    return out


def destination(
    game: Game, dest: Destination, side: str, targets: tuple[str, ...] = ()
) -> tuple[str | None, str | None]:
    """A place for arriving units: the structure, or the region the player named among the
    allowed ones, or the first allowed region."""
    if dest.structure is not None:
        structure = game.world.structures[dest.structure]
        if board.side_of_structure(game, structure.id) == side:
            return structure.region, structure.id
        return None, None
    allowed = allowed_regions(game, dest, side)
    named = [t for t in targets if t in allowed]
    if named:
        return named[0], None
    return (allowed[0], None) if allowed else (None, None)


def _arrive(game: Game, reinforcement_id: str, region: str, structure: str | None) -> None:
    reinforcement = game.world.reinforcements[reinforcement_id]
    arriving = [*reinforcement.units, *reinforcement.leaders]
    for unit_id in arriving:
        unit = game.state.units[unit_id]
        if unit.status != "waiting":
            continue
        place_unit(game.state, unit_id, region, structure)
        if unit.domain == "air":
            unit.base = structure
    game.record(
        "reinforcement",
        reinforcement=reinforcement_id,
        side_id=reinforcement.side,
        region=region,
        units=arriving,
    )


def bring(game: Game, reinforcement_id: str, source: str) -> None:
    """Bring a reinforcement now: straight to its place, or ask its side where."""
    reinforcement = game.world.reinforcements[reinforcement_id]
    side = reinforcement.side
    if (
        reinforcement.to.structure is not None
        or len(allowed_regions(game, reinforcement.to, side)) <= 1
    ):
        region, structure = destination(game, reinforcement.to, side)
        if region is None:
            game.record(
                "reinforcement_lost", reinforcement=reinforcement_id, reason="no allowed region"
            )
            return
        _arrive(game, reinforcement_id, region, structure)
        return
    decisions.push(
        game, {"kind": "place", "side": side, "reinforcement": reinforcement_id, "source": source}
    )


def _place_actions(game: Game, decision: Decision) -> list[Action]:
    assert decision["kind"] == "place"
    reinforcement = game.world.reinforcements[decision["reinforcement"]]
    return [
        PlaceReinforcement(reinforcement.id, region)
        for region in allowed_regions(game, reinforcement.to, reinforcement.side)
    ]


def _place_describe(game: Game, decision: Decision) -> str:
    assert decision["kind"] == "place"
    return f"choose where reinforcement '{decision['reinforcement']}' arrives"


def _place_apply(game: Game, decision: Decision, action: Action) -> None:
    assert decision["kind"] == "place" and isinstance(action, PlaceReinforcement)
    decisions.pop(game)
    _arrive(game, action.reinforcement, action.region, None)


decisions.register(
    "place",
    decisions.Handler(
        describe=_place_describe,
        actions=_place_actions,
        apply=_place_apply,
    ),
)


class Reinforcements(Phase):
    name = "reinforcements"
    card_timing = "reinforcements"

    def begin(self, game: Game) -> None:
        for reinforcement in game.scenario.reinforcements:
            if reinforcement.side != game.active_side or reinforcement.turn != game.turn:
                continue
            if holds(game, reinforcement.condition, Context(reinforcement.side, reinforcement.id)):
                bring(game, reinforcement.id, "schedule")
            else:
                game.record(
                    "reinforcement_lost",
                    reinforcement=reinforcement.id,
                    reason="its condition does not hold",
                )

    def apply(self, game: Game, action: Action) -> None:
        raise IllegalAction("reinforcements are placed when the game asks where")
