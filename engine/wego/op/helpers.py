"""OO18: the optional helpers a person may call on while planning: the baseline AI's own
planners asked for the side's current plan, their answers handed back as ordinary planning
actions for the person to take (or leave).

Each helper is one query (:func:`suggest`); none changes the game. It asks the planner the
AI uses for its own plans (:mod:`.ai`, :mod:`.ai_fire`, :mod:`.ai_assets`) with the orders the
side has given so far, and keeps only what the person has not ordered yet:

* ``attacks``: the AI's attacks by the odds (:func:`.ai.attacks`, Assault at great odds, OO7),
  made by the side's stacks that have no order yet; a stack already ordered is neither
  re-ordered nor counted in the odds. Guns that the AI would keep back to fire (OC33) are
  left out, as in the AI's own plan.
* ``fire``: the artillery's fire orders (:func:`.ai_fire.fire_actions`: the plan's attacks
  first, then the most threatened own hex, then a bombardment) for guns without a fire order,
  and the missions of the side's naval assets (their fire is the fleet's artillery, OA13).
* ``command``: the HQ stacks' moves (:func:`.ai.hq_orders`: out of danger, back toward
  supply) for HQ stacks without an order, the missions of the side's ground assets
  (command, intelligence, logistics), then the supply orders the plan needs
  (:func:`.ai.supply_actions`) for HQs that have none yet. The AI never moves a division HQ
  to another corps (OO16), so neither does the helper.
* ``air``: the missions of the side's air assets with no mission yet (support of the plan's
  attacks, interdiction, defence, bombardment, recon, air supply, counter-air).

A hold the AI would give an HQ is left out: a stack without an order holds anyway.
The planners sort everything, so the answer is the same for the same game (the seed fixes it).
Every action returned is legal at the moment of asking (``game.is_legal``); taken in order,
each stays legal, since every one is for a different stack, gun, asset or HQ.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, get_args

from ...actions import Action
from ...ai.baseline import Style
from ...errors import IllegalAction
from .. import family, plan
from ..orders import Order, OrderHold
from . import ai, ai_assets, ai_fire, assets, fire, state, supply
from .actions import AssignAsset, OrderSupply

if TYPE_CHECKING:
    from ...game import Game

Helper = Literal["attacks", "fire", "command", "air"]
"""The four helpers (OO18)."""

HELPERS: tuple[Helper, ...] = get_args(Helper)

STYLE = Style()
"""The judgement the helpers plan with: the baseline AI's own (2:1 odds before attacking)."""


def check(game: Game, side: str) -> None:
    """Raise :class:`~engine.errors.IllegalAction` unless ``side`` is the side planning now in
    a game of the operational rules: a helper reads the side's hidden plan, so it never
    answers for another side."""
    if not family.operational(game):
        raise IllegalAction("the planning helpers are part of the operational rules (OO18)")
    if plan.planner(game) != side:
        raise IllegalAction(f"'{side}' is not planning now: the helpers plan for its own side")


def suggest(game: Game, side: str, helper: str) -> list[Action]:
    """What the ``helper`` (one of :data:`HELPERS`) would add to ``side``'s plan, in the order
    to give it (see the module docstring); empty when there is nothing to add."""
    check(game, side)
    if helper == "attacks":
        found: list[Action] = [*attacks(game, side)]
    elif helper == "fire":
        found = [*guns(game, side), *_assets(game, side, "naval")]
    elif helper == "command":
        found = command(game, side)
    elif helper == "air":
        found = [*_assets(game, side, "air")]
    else:
        raise IllegalAction(f"'{helper}' is not a helper (one of {', '.join(HELPERS)})")
    return [a for a in found if game.is_legal(a)]


def _orders(game: Game, side: str) -> dict[str, Order]:
    return plan.orders_of(game, side, viewer=side)


def attacks(game: Game, side: str) -> list[Order]:
    """The AI's attacks made by the side's stacks that have no order yet; as in the AI's own
    plan, a stack of guns with an enemy in range and bridgers with work to do stay put
    instead (OC33, OE4, OE5: :func:`engine.wego.family.refine_orders`), and get no order."""
    given = _orders(game, side)
    found = {o.stack: o for o in ai.attacks(game, side, STYLE, skip=frozenset(given))}
    family.refine_orders(game, side, found)
    return [o for _, o in sorted(found.items()) if not isinstance(o, OrderHold)]


def guns(game: Game, side: str) -> list[Action]:
    """The AI's fire orders for the side's guns that have none yet, for the plan as given."""
    given = fire.orders(game, side, viewer=side)
    chosen = ai_fire.fire_actions(game, side, list(_orders(game, side).values()))
    return [a for a in chosen if a.unit not in given]


def _assets(game: Game, side: str, domain: str) -> list[AssignAsset]:
    """The AI's missions for the side's assets of ``domain`` that have no mission yet."""
    table = state.board_of(game).rules.assets
    of_domain = {a.id for a in table.assets if a.side == side and a.domain == domain}
    given = assets.missions(game, side, viewer=side)
    chosen = ai_assets.asset_actions(game, side, list(_orders(game, side).values()))
    return [a for a in chosen if a.asset in of_domain and a.asset not in given]


def command(game: Game, side: str) -> list[Action]:
    """HQ moves for unordered HQ stacks, ground assets' missions, then the supply orders the
    plan (with those moves) needs for HQs that have none yet."""
    given = _orders(game, side)
    moves = [
        o
        for o in ai.hq_orders(game, side)
        if o.stack not in given and not isinstance(o, OrderHold) and game.is_legal(o)
    ]
    out: list[Action] = [*moves, *_assets(game, side, "ground")]
    planned = [*given.values(), *moves]
    bought = {o.hq for o in supply.orders(game, side)}
    wanted: list[OrderSupply] = ai.supply_actions(game, side, planned)
    out.extend(o for o in wanted if o.hq not in bought)
    return out
