"""Which troops the AI's transport planner (:mod:`.transport`) puts aboard.

The strongest units that fit a fleet or a flight's room, and the airlifts and paratroop
drops worth weighing from each airport. It is apart because it answers "who goes", while
the carrier decides "whether and where".
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import board, movement
from ..actions import Airlift, Drop
from ..air import airlift
from ..air.basing import has_role
from ..air.movement import routes, why_grounded
from ..naval import transport
from ..state import StackState
from .estimates import stack_strength

if TYPE_CHECKING:
    from ..game import Game


def flights(game: Game, side: str) -> list[Airlift | Drop]:
    """The airlifts and drops worth weighing: each stack of troops inside an airport with
    transports flies what fits aboard (paratroops alone for a drop), to every friendly
    airport or, for a drop, every region the transports reach."""
    stacks = sorted((s for s in game.state.stacks.values() if s.side == side), key=lambda s: s.id)
    out: list[Airlift | Drop] = []
    for planes in stacks:
        room = airlift.capacity(game, planes)
        if planes.structure is None or room <= 0 or why_grounded(game, planes) is not None:
            continue
        reach = routes(game, planes)
        for troops in stacks:
            if troops is planes or troops.structure != planes.structure or troops.moved:
                continue
            if movement.stack_domain(game, troops) != "land":
                continue
            riders = aboard(game, troops.units, room)
            if riders:
                named = () if len(riders) == len(troops.units) else tuple(riders)
                out.extend(
                    Airlift(planes.id, troops.id, s.id, named)
                    for s in game.world.scenario.structures
                    if s.region in reach
                    and s.id != troops.structure
                    and board.side_of_structure(game, s.id) == side
                )
            if not airlift.drops(game):
                continue
            jumpers = aboard(
                game,
                [u for u in troops.units if has_role(game, u, "paratroop")],
                room,
            )
            if jumpers:
                named = () if len(jumpers) == len(troops.units) else tuple(jumpers)
                out.extend(Drop(planes.id, troops.id, r, named) for r in sorted(reach))
    return out


def aboard(game: Game, units: list[str], room: int) -> list[str]:
    """The strongest of ``units`` that fit ``room`` stacking points together."""
    chosen: list[str] = []
    for unit_id in sorted(units, key=lambda u: (-unit_strength(game, u), u)):
        if game.state.units[unit_id].domain != "land":
            continue
        if (
            sum(transport.load_of(game, u) for u in chosen) + transport.load_of(game, unit_id)
            <= room
        ):
            chosen.append(unit_id)
    return chosen


def unit_strength(game: Game, unit_id: str) -> float:
    """The unit's fighting weight, measured as the greedy players measure stacks."""
    alone = StackState("", game.state.units[unit_id].side, "", [unit_id])
    return stack_strength(game, alone)


def fitting(game: Game, stack: StackState, fleet: StackState) -> list[str]:
    """The units of ``stack`` that board ``fleet`` together: all of them when they fit, else
    the strongest that fit (each added only if the whole still fits)."""
    if transport.embark_refusal(game, stack, fleet) is None:
        return list(stack.units)
    chosen: list[str] = []
    for unit_id in sorted(stack.units, key=lambda u: (-unit_strength(game, u), u)):
        if transport.embark_refusal(game, stack, fleet, [*chosen, unit_id]) is None:
            chosen.append(unit_id)
    return chosen if any(unit_strength(game, u) > 0 for u in chosen) else []
