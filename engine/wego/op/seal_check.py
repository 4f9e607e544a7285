"""OO18: what a side should look at again before it seals its plan, as typed warnings a game
view lists without working out any rule itself (:func:`warnings`).

* :class:`UntaskedAsset`: an asset that could fly a mission this turn and has none (an asset
  that may fly nothing now, away or unfit, is not named: there is nothing to do about it).
* :class:`SupplyChange`: each supply order given this turn, with what it buys and its price
  (supply orders last one turn, OS3, so every order in the plan is this turn's change).
* :class:`HqMoved`: each division HQ moved to another corps this turn (OO16), with both
  corps: it lasts beyond the turn.
* :class:`IdleGun`: a gun that stays put, has no fire order and could fire at a target
  offered to it now. The manual names only the first two; a gun left silent is the same
  kind of oversight and costs nothing to name (choice, docs/rules-operational.md).

The check reads the side's hidden plan, so only the side planning now may ask.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...operational.hq import CommandTree
from ...operational.supply import Pool, order_cost
from . import assets, books, fire, helpers, plan_start, state, supply

if TYPE_CHECKING:
    from ...game import Game


@dataclass(frozen=True)
class UntaskedAsset:
    """An asset free to fly a mission this turn that has none."""

    asset: str
    name: str
    domain: str
    missions: tuple[str, ...]
    """The missions it could be given now."""


@dataclass(frozen=True)
class SupplyChange:
    """A supply order of this turn (OO13): what the HQ buys and what it costs."""

    hq: str
    levels: tuple[str, ...]
    """``move_plus``, ``combat_plus``, ``replacements``: those bought."""
    scope: str
    cost: Pool


@dataclass(frozen=True)
class HqMoved:
    """OO16: a division HQ moved to another corps this turn."""

    hq: str
    before: str
    after: str


@dataclass(frozen=True)
class IdleGun:
    """A gun that could fire this turn and has no fire order."""

    unit: str
    targets: int
    """How many hexes it is offered for offensive or defensive fire."""


SealWarning = UntaskedAsset | SupplyChange | HqMoved | IdleGun


def warnings(game: Game, side: str) -> list[SealWarning]:
    """The side's warnings before it seals (see the module docstring): untasked assets, then
    supply orders, HQ moves and idle guns, each group in id order."""
    helpers.check(game, side)
    return [
        *untasked_assets(game, side),
        *supply_changes(game, side),
        *hq_moves(game, side),
        *idle_guns(game, side),
    ]


def untasked_assets(game: Game, side: str) -> list[UntaskedAsset]:
    table = state.board_of(game).rules.assets
    given = assets.missions(game, side, viewer=side)
    out: list[UntaskedAsset] = []
    for asset in sorted(table.assets, key=lambda a: a.id):
        if asset.side != side or asset.id in given:
            continue
        open_ = tuple(
            o.mission for o in assets.options(game, side, asset.id, viewer=side) if not o.refusal
        )
        if open_:
            out.append(UntaskedAsset(asset.id, asset.name or asset.id, asset.domain, open_))
    return out


def supply_changes(game: Game, side: str) -> list[SupplyChange]:
    rules = state.board_of(game).rules
    command = supply.tree(game)
    units = state.units(game)
    out: list[SupplyChange] = []
    for order in supply.orders(game, side):
        levels = tuple(
            name
            for name, on in (
                ("move_plus", order.move_plus),
                ("combat_plus", order.combat_plus),
                ("replacements", order.replacements),
            )
            if on
        )
        cost = order_cost(rules, command, units, order) if order.hq in units else Pool()
        out.append(SupplyChange(order.hq, levels, order.scope, cost))
    return out


def hq_moves(game: Game, side: str) -> list[HqMoved]:
    before = dict(plan_start.parents(game, side))
    now = dict(books.parents(game, side))
    base = CommandTree.of(game.scenario).parent
    out: list[HqMoved] = []
    for hq in sorted(set(before) | set(now)):
        was = before.get(hq, base.get(hq))
        is_ = now.get(hq, base.get(hq))
        if was != is_ and was is not None and is_ is not None:
            out.append(HqMoved(hq, was, is_))
    return out


def idle_guns(game: Game, side: str) -> list[IdleGun]:
    given = fire.orders(game, side, viewer=side)
    out: list[IdleGun] = []
    for unit_id in fire.guns(game, side):
        if unit_id in given or fire.unit_refusal(game, side, unit_id):
            continue
        count = sum(
            1
            for mission in fire.FIRE_MISSIONS
            for hex_id in fire.targets(game, side, unit_id, mission)
            if not fire.target_refusal(game, side, unit_id, mission, hex_id)
        )
        if count:
            out.append(IdleGun(unit_id, count))
    return out
