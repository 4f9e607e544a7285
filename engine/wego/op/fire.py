"""Artillery units' fire orders in a game of the operational family (OC2, OC15, OC31-OC33).

While it plans, a side gives each of its artillery units that stays put (its stack has no
moving order) a fire order (:class:`~.actions.AssignFire`):

- ``offensive`` at a hex within the unit's range that none of its side's units hold: the
  unit's fire joins the first set-piece attack of its side on that hex this turn (its
  effective attack times Table OC32 by the side's intelligence of the defenders, OC2, OC32);
  when no attack goes in (or only a move battle, OC28), it bombards the hex once the battles
  are over, with the assets bombarding it (OC31);
- ``defensive`` over a hex of its side within its range, not its own: when the enemy attacks
  that hex, its fire joins the defence at x1 (OC2); when nobody attacks, the unit rests as if
  it had no order (OC33).

A unit fires only from the hex it stood on as the execution began (OC33: a retreat or a
withdrawal takes it out of the fight) and only while its target is within range. A unit
whose fire was used does not rest at the end of the turn (``artillery.fired_rests``).

Kept in ``GameState.operational["fire"]`` (checked by
:class:`engine.wego.save_models.OpFireSave`): ``orders``, each side's fire orders of the plan
(part of its hidden plan), and ``firing``, the orders carried into the execution with the
unit's hex and whether its fire was used.

**The engine API** (what a game view's plan panel calls): :func:`guns` (the side's units
that may fire), :func:`unit_refusal` (why a unit may not be given a fire order now),
:func:`fire_range` and :func:`reach` (the hexes it reaches, for the range highlight),
:func:`targets` (the hexes :func:`actions` offers), :func:`target_refusal`, :func:`orders`
(the side's fire orders: another ``viewer`` gets :class:`~engine.wego.plan.HiddenPlan`), and
the actions :class:`~.actions.AssignFire` and :class:`~.actions.CancelFire` through
``game.apply``.

Records: ``op_fire_dropped`` ``{side_id, unit, mission, target, reason}`` (an order that can
no longer be carried out as the execution starts, shown to its side only); the fire itself
is in ``op_battle`` (``attack_artillery``, ``defence_artillery``, ``artillery``) and
``op_bombardment`` (``artillery``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from ... import board as places
from ...operational import OpUnit
from ...operational.artillery import Fire, fire_factor, fires, in_range
from ...operational.artillery import fire_range as range_of
from ...operational.artillery import reach as reach_of
from ..orders import MOVING
from ..plan import give, only_own
from . import state, supply
from .actions import AssignFire, CancelFire
from .intel import enemy_sight

if TYPE_CHECKING:
    from ...actions import Action
    from ...game import Game

FireMission = Literal["offensive", "defensive"]
"""OC33: fire at an enemy hex (support of an attack there, or a bombardment) or over a
friendly hex (support of its defence)."""

FIRE_MISSIONS: tuple[FireMission, ...] = ("offensive", "defensive")

_MOVING = frozenset(cls.kind for cls in MOVING)


@dataclass(frozen=True)
class FireOrder:
    """One artillery unit's fire order this turn."""

    unit: str
    mission: FireMission
    target: str
    """The hex id."""


# -- what the game keeps ---------------------------------------------------------------------------


def data(game: Game) -> dict[str, Any]:
    """``GameState.operational["fire"]``, opened on first use."""
    kept = state.data(game)
    found = kept.get("fire")
    if found is None:
        found = kept["fire"] = {"orders": {}, "firing": {}}
    return found


def orders(game: Game, side: str, *, viewer: str | None = None) -> dict[str, FireOrder]:
    """The side's fire orders of this turn, by unit id (part of its hidden plan: another
    ``viewer`` gets :class:`~engine.wego.plan.HiddenPlan`; ``None``: the umpire)."""
    only_own("the fire orders", side, viewer)
    given = data(game)["orders"].get(side, {})
    return {u: FireOrder(u, o["mission"], o["target"]) for u, o in sorted(given.items())}


# -- planning ----------------------------------------------------------------------------------


def _unit(game: Game, unit_id: object) -> OpUnit | None:
    if not isinstance(unit_id, str) or unit_id not in game.state.units:
        return None
    stack_id = game.state.units[unit_id].stack
    stack = game.state.stacks.get(stack_id) if stack_id is not None else None
    if stack is None:
        return None
    return state.stack_units(game, stack).get(unit_id)


def fire_range(game: Game, unit_id: str) -> int:
    """OC33: the unit's firing range in hexes (its type's ``fire_range``, else the rules')."""
    kind = game.world.unit_type(unit_id)
    own = kind.operational.fire_range if kind is not None and kind.operational else None
    return range_of(state.board_of(game).rules, own)


def reach(game: Game, unit_id: str) -> list[str]:
    """The hex ids within the unit's range (empty for a unit that is not on the map)."""
    unit = _unit(game, unit_id)
    if unit is None:
        return []
    board = state.board_of(game)
    return [board.hex_ids[h] for h in reach_of(board, unit, fire_range(game, unit_id))]


def _moving(game: Game, side: str, unit_id: str) -> bool:
    """Whether the unit's stack has a moving order in the side's plan."""
    stack = game.state.units[unit_id].stack
    plan = game.state.wego or {}
    given = plan.get("orders", {}).get(side, {}).get(stack, {})
    return given.get("kind") in _MOVING


def guns(game: Game, side: str) -> list[str]:
    """The side's units on the map that may be given fire orders (OC33: their category
    fires), in id order."""
    rules = state.board_of(game).rules
    return [u.id for u in state.units(game).values() if u.side == side and fires(rules, u)]


def unit_refusal(game: Game, side: str, unit_id: str) -> str:
    """Why the unit may not be given a fire order now (empty: it may)."""
    unit = _unit(game, unit_id)
    if unit is None:
        return f"'{unit_id}' is not a unit on the map"
    if unit.side != side:
        return f"'{unit_id}' is not a unit of '{side}'"
    if not fires(state.board_of(game).rules, unit):
        return f"'{unit_id}' is not an artillery unit (OC33)"
    if _moving(game, side, unit_id):
        return f"'{unit_id}' has orders to move: artillery fires only if it stays put (OC33)"
    return ""


def target_refusal(game: Game, side: str, unit_id: str, mission: str, hex_id: str) -> str:
    """Why ``unit_id`` may not fire ``mission`` at ``hex_id`` this turn (empty: it may)."""
    reason = unit_refusal(game, side, unit_id)
    if reason:
        return reason
    if mission not in FIRE_MISSIONS:
        return f"'{mission}' is not a fire mission (offensive or defensive)"
    board = state.board_of(game)
    target = board.grid.find(hex_id) if isinstance(hex_id, str) else None
    if target is None:
        return f"'{hex_id}' is not a hex of the map"
    unit = _unit(game, unit_id)
    assert unit is not None
    hexes = fire_range(game, unit_id)
    if not in_range(board, unit, target, hexes):
        return f"'{hex_id}' is beyond the range of '{unit_id}' ({hexes} hexes, OC33)"
    own = bool(places.stacks_in(game, hex_id, side))
    if mission == "offensive" and own:
        return f"your own units hold '{hex_id}': offensive fire goes to an enemy hex"
    if mission == "defensive":
        if not own:
            return f"none of your units is in '{hex_id}' to support"
        if target == unit.hex:
            return f"'{unit_id}' defends its own hex with its defence factor (OC2)"
    return ""


def targets(game: Game, side: str, unit_id: str, mission: str) -> list[str]:
    """The hexes :func:`actions` offers: the enemy stacks the side sees within range for
    offensive fire, its own stacks within range next to a seen enemy for defensive fire
    (any other hex :func:`target_refusal` accepts stays legal). The enemy seen is the one
    its intelligence reads (:func:`.intel.enemy_sight`, OI2: what its planning map draws)."""
    unit = _unit(game, unit_id)
    if unit is None:
        return []
    board = state.board_of(game)
    hexes = fire_range(game, unit_id)
    stacks = game.state.stacks
    read = [stacks[k] for k in enemy_sight(game, side).views if k in stacks]
    enemy = {
        s.region
        for s in read
        if (h := board.grid.find(s.region)) is not None and in_range(board, unit, h, hexes)
    }
    if mission == "offensive":
        return sorted(enemy)
    seen = {board.index(s.region) for s in read if board.grid.find(s.region) is not None}
    return sorted(
        {
            s.region
            for s in game.state.stacks.values()
            if s.side == side
            and (h := board.grid.find(s.region)) is not None
            and h != unit.hex
            and in_range(board, unit, h, hexes)
            and any(int(n) in seen for n in board.neighbours[h])
        }
    )


def actions(game: Game, side: str) -> list[Action]:
    """The side's open fire actions: each gun free to fire at each offered target, and the
    cancellation of each fire order given."""
    out: list[Action] = []
    given = orders(game, side)
    for unit_id in guns(game, side):
        if unit_id in given:
            out.append(CancelFire(unit_id))
        if unit_refusal(game, side, unit_id):
            continue
        for mission in FIRE_MISSIONS:
            for hex_id in targets(game, side, unit_id, mission):
                if not target_refusal(game, side, unit_id, mission, hex_id):
                    out.append(AssignFire(unit_id, mission, hex_id))
    return out


def refusal(game: Game, side: str, action: Action) -> str:
    """Why ``side`` may not take the fire action now (empty when it may)."""
    if isinstance(action, CancelFire):
        if action.unit not in orders(game, side):
            return f"'{action.unit}' has no fire order to take back"
        return ""
    if not isinstance(action, AssignFire):
        return f"'{action.kind}' is not a fire action"
    if not isinstance(action.mission, str) or not isinstance(action.target, str):
        return "a fire mission and its target are text"
    return target_refusal(game, side, action.unit, action.mission, action.target)


def apply(game: Game, side: str, action: Action) -> None:
    """Carry out a fire action that passed :func:`refusal`: a new order for the same unit
    replaces the old one."""
    book = data(game)["orders"]
    if isinstance(action, CancelFire):
        book.get(side, {}).pop(action.unit, None)
    elif isinstance(action, AssignFire):
        give(book, side, action.unit, {"mission": action.mission, "target": action.target})


# -- the execution -------------------------------------------------------------------------------


def launch(game: Game) -> None:
    """As the execution starts: every side's fire orders are checked again against the
    sealed plans (a stack given a moving order after its gun's fire order, a target the side
    took meanwhile): those refused are dropped with an ``op_fire_dropped`` record; the others
    are carried into the execution with the hex each unit fires from."""
    kept = data(game)
    board = state.board_of(game)
    firing: dict[str, Any] = {}
    for side in game.sides_in_play:
        for unit_id, order in orders(game, side).items():
            reason = target_refusal(game, side, unit_id, order.mission, order.target)
            if reason:
                game.record(
                    "op_fire_dropped",
                    side_id=side,
                    unit=unit_id,
                    mission=order.mission,
                    target=order.target,
                    reason=reason,
                )
                continue
            unit = _unit(game, unit_id)
            assert unit is not None
            firing[unit_id] = {
                "side": side,
                "mission": order.mission,
                "target": order.target,
                "hex": board.hex_ids[unit.hex],
                "used": False,
            }
    kept["orders"] = {}
    kept["firing"] = dict(sorted(firing.items()))


def _ready(
    game: Game, units: Mapping[str, OpUnit], unit_id: str, task: dict[str, Any]
) -> OpUnit | None:
    """The unit as it fires now, or ``None`` when it cannot: gone, moved off the hex it
    fired from (a retreat or a withdrawal) or out of range."""
    unit = units.get(unit_id)
    board = state.board_of(game)
    if unit is None or board.hex_ids[unit.hex] != task["hex"]:
        return None
    target = board.index(task["target"])
    if not in_range(board, unit, target, fire_range(game, unit_id)):
        return None
    return unit


def fire_of(game: Game, guns_: list[OpUnit], multiplier: float) -> tuple[Fire, ...]:
    """OC2, OC3, OS6: each gun's fire: its effective attack (x4 under Combat+) times
    ``multiplier`` (Table OC32 for offensive fire, 1 for defensive fire)."""
    rules = state.board_of(game).rules
    plus = supply.combat_plus(game, [u.id for u in guns_])  # OS6: x4 with Combat+
    return tuple(
        fire_factor(rules, u, combat_plus=u.id in plus, multiplier=multiplier) for u in guns_
    )


def battle_fire(
    game: Game,
    units: Mapping[str, OpUnit],
    attacker: str,
    target: int,
    defenders: list[OpUnit],
    *,
    move_battle: bool,
) -> tuple[list[OpUnit], list[OpUnit]]:
    """OC2, OC28, OC33: the artillery units whose fire joins the battle at ``target``: the
    attacking side's offensive fire on the hex (none in a move battle: that fire stays for
    a later attack or the bombardment) and the defending side's defensive fire over it.
    Each order is used by one battle; :func:`fire_of` gives their fire."""
    board = state.board_of(game)
    hex_id = board.hex_ids[target]
    defender = defenders[0].side
    attack: list[OpUnit] = []
    defence: list[OpUnit] = []
    for unit_id, task in data(game)["firing"].items():
        if task["used"] or task["target"] != hex_id:
            continue
        offensive = task["mission"] == "offensive" and task["side"] == attacker
        defensive = task["mission"] == "defensive" and task["side"] == defender
        if not (offensive and not move_battle) and not defensive:
            continue
        unit = _ready(game, units, unit_id, task)
        if unit is None:
            continue
        task["used"] = True
        (attack if offensive else defence).append(unit)
    return attack, defence


def bombardments(game: Game, units: Mapping[str, OpUnit]) -> dict[tuple[str, str], list[OpUnit]]:
    """OC31, OC33: the offensive fire no battle used, by (side, target hex), each gun still
    able to fire (:func:`spend` marks those that fire at someone)."""
    out: dict[tuple[str, str], list[OpUnit]] = {}
    for unit_id, task in data(game)["firing"].items():
        if task["used"] or task["mission"] != "offensive":
            continue
        unit = _ready(game, units, unit_id, task)
        if unit is not None:
            out.setdefault((task["side"], task["target"]), []).append(unit)
    return out


def spend(game: Game, unit_ids: list[str]) -> None:
    """The guns' fire was used (a bombardment fell on someone): no rest for them (OC33)."""
    firing = data(game)["firing"]
    for unit_id in unit_ids:
        if unit_id in firing:
            firing[unit_id]["used"] = True


def planned(game: Game, side: str, target: int, defenders: list[OpUnit]) -> tuple[Fire, ...]:
    """OC2, OC32, OF6: the offensive fire the side's plan sends at ``target`` as it stands
    now, for the odds shown before an attack is sealed: each gun with an offensive order on
    the hex and within range, at its Combat+ level of the plan, times Table OC32 by the
    side's intelligence of ``defenders``."""
    board = state.board_of(game)
    hex_id = board.hex_ids[target]
    guns_: list[OpUnit] = []
    for unit_id, order in orders(game, side).items():
        unit = _unit(game, unit_id)
        if order.mission != "offensive" or order.target != hex_id or unit is None:
            continue
        if not _moving(game, side, unit_id) and in_range(
            board, unit, target, fire_range(game, unit_id)
        ):
            guns_.append(unit)
    if not guns_:
        return ()
    from .sorties import offensive_multiplier

    return fire_of(game, guns_, offensive_multiplier(game, side, defenders))


def fired(game: Game) -> set[str]:
    """OC33: the units whose fire was used this turn (they do not rest unless
    ``artillery.fired_rests``)."""
    if state.board_of(game).rules.artillery.fired_rests:
        return set()
    return {u for u, task in data(game)["firing"].items() if task["used"]}


def close_turn(game: Game) -> None:
    """The turn's fire ends."""
    data(game)["firing"] = {}
