"""The order shortcuts of an operational plan (OO2, OO9, OO17): which are open
(:func:`actions`), why one is refused (:func:`refusal`), what one would do (:func:`organisation`,
:func:`battery`, :func:`attackers`, the game view's questions) and carrying one out
(:func:`apply`). :mod:`.planning` reaches them for the side planning only.

- :class:`~.shortcut_actions.OrganisationMove` (OO2): the stacks holding a unit of the HQ's
  organisation (``CommandTree.under(hq, "all")``: the HQ, its attachments, the HQs below it
  and theirs, wherever they stand) each get an ``order_move`` to the destination along the
  cheapest route its side knows (:func:`engine.wego.route_finding.routes`, the route a click
  gives one stack), replacing the order they had. A stack is left out, with the reason, when
  it stands on the destination already, cannot move, cannot reach it this turn, or the rules
  refuse its order (a fixed unit, OM20). A stack holding units of another organisation too
  moves whole (stacks are not split while planning, OO1). Refused when no stack goes.
- :class:`~.shortcut_actions.AllGunsFire` (OO9): every gun of the side on the hex that may
  fire the mission at the target (:func:`.fire.target_refusal`) gets that fire order,
  replacing its old one; the guns that may not keep theirs and are named. Refused when none
  may.
- :class:`~.shortcut_actions.CancelBattle` (OO17): every attack order of the side (Attack,
  Assault, Attack without advance) aimed at the hex is taken back. The fire orders at the
  hex stay: without an attack they bombard it (OC31), which the player may cancel too.

Each writes plain orders into the plan, so a plan holds nothing the execution does not know;
one record of its side alone says what it did: ``op_organisation_move`` ``{side_id, hq,
destination, stacks, left_out}`` (``left_out``: stack id to the reason), ``op_all_guns_fire``
``{side_id, region, mission, target, units, refused}`` (``refused``: unit id to the reason)
and ``op_battle_cancelled`` ``{side_id, target, stacks}``.

A plan sealed by commitment carries the shortcut itself: when it is revealed the shortcut is
worked out again on the map as the side then knows it, which is the map it was planned on
except for what an opponent's first-turn setup changed (:mod:`engine.wego.sealed`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ... import movement
from ...actions import Action
from ...errors import IllegalAction
from .. import family, route_finding
from ..orders import ATTACKS, OrderMove
from ..plan import check as check_order
from ..plan import orders_of
from . import fire, supply
from .actions import AssignFire
from .shortcut_actions import AllGunsFire, CancelBattle, OrganisationMove

if TYPE_CHECKING:
    from ...game import Game
    from ...state import StackState
    from ..route_finding import Route

Reach = dict[str, dict[str, "Route"]]
"""Each stack of an organisation, by id, with the cheapest route to every region it can
reach this turn (what :func:`reach` computes once for many destinations)."""


@dataclass(frozen=True)
class Organisation:
    """What an organisation move would do: the orders it gives and the stacks left out."""

    orders: tuple[OrderMove, ...]
    left_out: tuple[tuple[str, str], ...]
    """Each stack left out, with the reason."""


# -- OO2 the organisation move --------------------------------------------------------------------


def hq_refusal(game: Game, side: str, hq: object) -> str:
    """Why ``hq`` may not lead an organisation move of ``side`` (empty: it may)."""
    command = supply.tree(game)
    if not isinstance(hq, str) or command.side.get(hq) != side:
        return f"'{hq}' is not an HQ of '{side}'"
    unit = game.state.units.get(hq)
    if unit is None or unit.stack is None:
        return f"'{hq}' is not on the map"
    return ""


def hqs(game: Game, side: str) -> list[str]:
    """The side's HQs on the map that may lead an organisation move, superiors first."""
    return [hq for hq in supply.tree(game).hqs_of(side) if not hq_refusal(game, side, hq)]


def members(game: Game, side: str, hq: str) -> list[StackState]:
    """The side's stacks holding a unit of ``hq``'s organisation (the HQ and everything below
    it in the command tree), in id order."""
    units = set(supply.tree(game).under(hq, "all"))
    return sorted(
        (
            s
            for s in game.state.stacks.values()
            if s.side == side and route_finding.movable(game, s) and units.intersection(s.units)
        ),
        key=lambda s: s.id,
    )


def reach(game: Game, side: str, hq: str) -> Reach:
    """Where each stack of the organisation can go this turn (none for a stack that cannot
    move)."""
    out: Reach = {}
    for stack in members(game, side, hq):
        moves = movement.why_immobile(game, stack) is None
        out[stack.id] = route_finding.routes(game, stack) if moves else {}
    return out


def organisation(
    game: Game, side: str, hq: str, destination: str, known: Reach | None = None
) -> Organisation:
    """The orders an organisation move of ``hq`` to ``destination`` gives, and the stacks it
    leaves out with the reason (``known``: :func:`reach`, when asked for many destinations)."""
    orders: list[OrderMove] = []
    left: list[tuple[str, str]] = []
    name = game.world.regions[destination].name if destination in game.world.regions else ""
    for stack in members(game, side, hq):
        if stack.region == destination:
            left.append((stack.id, f"it stands on {name} already"))
            continue
        immobile = movement.why_immobile(game, stack)
        if immobile is not None:
            left.append((stack.id, immobile))
            continue
        ways = known.get(stack.id) if known is not None else None
        route = (ways if ways is not None else route_finding.routes(game, stack)).get(destination)
        if route is None:
            left.append((stack.id, f"it cannot reach {name} this turn"))
            continue
        order = OrderMove(stack.id, route.path)
        try:
            check_order(game, order, side)
        except IllegalAction as refused:
            left.append((stack.id, str(refused)))
            continue
        orders.append(order)
    return Organisation(tuple(orders), tuple(left))


def _move_refusal(game: Game, side: str, action: OrganisationMove) -> str:
    why = hq_refusal(game, side, action.hq)
    if why:
        return why
    if not isinstance(action.destination, str) or action.destination not in game.world.regions:
        return f"'{action.destination}' is not a hex of the map"
    found = organisation(game, side, action.hq, action.destination)
    if found.orders:
        return ""
    name = game.world.regions[action.destination].name
    reasons = "; ".join(f"{s}: {why}" for s, why in found.left_out)
    found_words = reasons or "none on the map"
    return f"no stack of the organisation of '{action.hq}' can move to {name} ({found_words})"


# -- OO9 all guns of a hex ------------------------------------------------------------------------


def guns_on(game: Game, side: str, region: str) -> list[str]:
    """The side's guns (:func:`.fire.guns`) on the hex ``region``, in id order."""
    out = []
    for unit_id in fire.guns(game, side):
        stack = game.state.stacks.get(game.state.units[unit_id].stack or "")
        if stack is not None and stack.region == region:
            out.append(unit_id)
    return out


def battery(
    game: Game, side: str, region: str, mission: str, target: str
) -> tuple[list[str], list[tuple[str, str]]]:
    """The guns on ``region`` that may fire ``mission`` at ``target``, and those that may not
    with the reason."""
    able: list[str] = []
    refused: list[tuple[str, str]] = []
    for unit_id in guns_on(game, side, region):
        why = fire.target_refusal(game, side, unit_id, mission, target)
        if why:
            refused.append((unit_id, why))
        else:
            able.append(unit_id)
    return able, refused


def _guns_refusal(game: Game, side: str, action: AllGunsFire) -> str:
    texts = (action.region, action.mission, action.target)
    if not all(isinstance(t, str) for t in texts):
        return "the hex of the guns, the mission and the target are text"
    if not guns_on(game, side, action.region):
        return f"no gun of '{side}' stands on '{action.region}'"
    able, refused = battery(game, side, action.region, action.mission, action.target)
    if able:
        return ""
    reasons = "; ".join(why for _u, why in refused)
    return f"no gun on '{action.region}' may fire at '{action.target}' ({reasons})"


# -- OO17 a battle at once ------------------------------------------------------------------------


def attackers(game: Game, side: str, target: str) -> list[str]:
    """The side's stacks whose order attacks the hex ``target``, in id order."""
    given = orders_of(game, side, viewer=side)
    return [
        s for s, o in given.items() if o.kind in ATTACKS and getattr(o, "target", None) == target
    ]


def battles(game: Game, side: str) -> dict[str, list[str]]:
    """Every hex the side's plan attacks, with the stacks attacking it."""
    out: dict[str, list[str]] = {}
    for stack_id, order in orders_of(game, side, viewer=side).items():
        target = getattr(order, "target", None)
        if order.kind in ATTACKS and isinstance(target, str):
            out.setdefault(target, []).append(stack_id)
    return dict(sorted(out.items()))


# -- the actions ----------------------------------------------------------------------------------


def actions(game: Game, side: str) -> list[Action]:
    """The shortcuts open to ``side``: the cancelling of each planned battle; for each hex
    holding two guns or more, all of them on each target one of them is offered
    (:func:`.fire.targets`); and for each HQ whose organisation has two stacks or more, an
    organisation move to each hex the HQ's own stack can reach (any hex one of its stacks
    can reach is legal too: :func:`refusal`)."""
    out: list[Action] = [CancelBattle(t) for t in battles(game, side)]
    by_hex: dict[str, list[str]] = {}
    for unit_id in fire.guns(game, side):
        stack = game.state.stacks.get(game.state.units[unit_id].stack or "")
        if stack is not None:
            by_hex.setdefault(stack.region, []).append(unit_id)
    for region, guns in sorted(by_hex.items()):
        free = [u for u in guns if not fire.unit_refusal(game, side, u)]
        if len(guns) < 2 or not free:
            continue
        for mission in fire.FIRE_MISSIONS:
            offered = sorted({t for u in free for t in fire.targets(game, side, u, mission)})
            for target in offered:
                if battery(game, side, region, mission, target)[0]:
                    out.append(AllGunsFire(region, mission, target))
    for hq in hqs(game, side):
        stacks = members(game, side, hq)
        own = game.state.stacks.get(game.state.units[hq].stack or "")
        if len(stacks) < 2 or own is None or movement.why_immobile(game, own) is not None:
            continue
        if family.holds_fixed(game, own):
            continue  # OM20: its routes may be refused; the player may still ask (refusal)
        out += [OrganisationMove(hq, r) for r in sorted(route_finding.routes(game, own))]
    return out


def refusal(game: Game, side: str, action: Action) -> str:
    """Why ``side`` may not take the shortcut ``action`` now (empty when it may)."""
    if isinstance(action, OrganisationMove):
        return _move_refusal(game, side, action)
    if isinstance(action, AllGunsFire):
        return _guns_refusal(game, side, action)
    if isinstance(action, CancelBattle):
        if not isinstance(action.target, str) or not attackers(game, side, action.target):
            return f"no order of '{side}' attacks '{action.target}'"
        return ""
    return f"'{action.kind}' is not an order shortcut"


def apply(game: Game, side: str, action: Action) -> None:
    """Carry out a shortcut that passed :func:`refusal` (see the module docstring)."""
    wego = game.state.wego
    assert wego is not None
    given = wego["orders"].setdefault(side, {})
    if isinstance(action, OrganisationMove):
        found = organisation(game, side, action.hq, action.destination)
        for order in found.orders:
            given[order.stack] = order.to_json()  # as plan.apply keeps a stack's order
        game.record(
            "op_organisation_move",
            side_id=side,
            hq=action.hq,
            destination=action.destination,
            stacks=[o.stack for o in found.orders],
            left_out=dict(found.left_out),
        )
    elif isinstance(action, AllGunsFire):
        able, refused = battery(game, side, action.region, action.mission, action.target)
        for unit_id in able:
            fire.apply(game, side, AssignFire(unit_id, action.mission, action.target))
        game.record(
            "op_all_guns_fire",
            side_id=side,
            region=action.region,
            mission=action.mission,
            target=action.target,
            units=able,
            refused=dict(refused),
        )
    elif isinstance(action, CancelBattle):
        stacks = attackers(game, side, action.target)
        for stack_id in stacks:
            del given[stack_id]
        game.record("op_battle_cancelled", side_id=side, target=action.target, stacks=stacks)
