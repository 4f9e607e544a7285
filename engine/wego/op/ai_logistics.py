"""The baseline AI's logistics missions (OS16): where a logistics asset's levels help most.

Every hex the side holds is scored by the units a mission there would cover (within the
asset's ``supply_range``, in a LOC state it reaches) that lack a level the asset gives, once
the side's HQ orders and the logistics missions already chosen are counted: 2 for Combat+
to a unit its plan sends into an attack (OS6 quadruples its attack), 1 for Move+ to any
unit, 1 for Repl+ to a unit below full strength whose stack the plan does not move. The best hex
(ties: the hex id) gets the mission; none when no hex scores. The choice leaves out the
asset's own mission, so the plan settles (the AI asks again after each action it gives).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, cast

from schemas.operational.assets import Asset

from ...operational import OpUnit
from ...operational.supply import BASIC, UnitSupply, levels
from ..orders import Order, OrderAttack, OrderMove, OrderRoadMove, OrderWithdraw
from . import assets, state, supply
from .logistics import reached

if TYPE_CHECKING:
    from ...game import Game


def bought(game: Game, side: str) -> dict[str, UnitSupply]:
    """The levels the side's HQ orders give its units this turn (no logistics)."""
    alive = cast("Mapping[str, OpUnit]", dict.fromkeys(u for u in state.units(game)))
    return levels(supply.tree(game), alive, supply.orders(game, side))


def target(
    game: Game,
    side: str,
    asset: Asset,
    orders: Iterable[Order],
    covered: dict[str, UnitSupply],
) -> str | None:
    """The hex where ``asset``'s logistics mission helps most (see the module docstring),
    ``None`` when none would; ``covered`` (unit -> levels already given) grows by the
    units the chosen mission covers."""
    units = state.units(game)
    stacks = game.state.stacks
    orders = list(orders)
    attacking = {u for o in orders if isinstance(o, OrderAttack) for u in stacks[o.stack].units}
    moving = (OrderMove, OrderAttack, OrderWithdraw, OrderRoadMove)
    going = {u for o in orders if isinstance(o, moving) for u in stacks[o.stack].units}
    gives = set(asset.supplies)
    best: tuple[int, str] | None = None
    for hex_id in assets.targets(game, side, "logistics"):
        if assets.target_refusal(game, side, asset.id, "logistics", hex_id):
            continue
        score = 0
        for unit_id in reached(game, side, asset, hex_id):
            have = covered.get(unit_id, BASIC)
            if "combat_plus" in gives and not have.combat_plus and unit_id in attacking:
                score += 2
            if "move_plus" in gives and not have.move_plus:
                score += 1
            if "replacements" in gives and not have.replacements and unit_id not in going:
                score += int(units[unit_id].strength < 100)
        if score > 0 and (best is None or score > best[0]):
            best = (score, hex_id)
    if best is None:
        return None
    level = UnitSupply("move_plus" in gives, "combat_plus" in gives, "replacements" in gives)
    for unit_id in reached(game, side, asset, best[1]):
        covered[unit_id] = covered.get(unit_id, BASIC) | level
    return best[1]
