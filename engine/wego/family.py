"""The one dispatch point between the WEGO turn machinery and the rules families.

A WEGO game plays the area family's rules (docs/rules.md) or, when ``rules.family`` is
``operational``, the operational family's (docs/rules-operational.md). The shared WEGO
modules (``plan``, ``execute``, ``game``, ``ai``) ask :func:`operational` and call the
functions below; only this module imports :mod:`engine.wego.op`, the package that plays the
operational rules, and it imports it lazily, so a game of the area family never loads them.
An import-linter contract (``pyproject.toml``) keeps every other path closed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from .op import actions as _op_actions

if TYPE_CHECKING:
    from ..actions import Action
    from ..ai.baseline import Style
    from ..game import Game
    from ..state import StackState
    from .orders import Order


StepPricer = Callable[[str, str, float, float, bool], "tuple[float, bool] | str"]
"""See :func:`step_pricer`."""


def operational(game: Game) -> bool:
    """Whether ``game`` plays the operational rules family."""
    return game.scenario.rules.family == "operational"


def execute(game: Game) -> None:
    """The execution phase of the operational family (:mod:`engine.wego.op.execute`)."""
    from .op import execute as op_execute
    from .op import sorties, supply

    supply.reserve_all(game)  # OS7, OS11: the supply orders are paid as the plans close
    sorties.launch(game)  # OA2, OA7-OA9: the assets' missions fly as the execution starts
    op_execute.run(game)


def open_turn(game: Game) -> None:
    """The start of a turn of the operational family, before any plan: assets arriving at
    random (OA2, :mod:`engine.wego.op.arrivals`)."""
    from .op import arrivals

    arrivals.open_turn(game)


def close_turn(game: Game) -> None:
    """The end of a turn of the operational family (:mod:`engine.wego.op.turn`)."""
    from .op import turn

    turn.close_turn(game)


def end_of_game(game: Game) -> None:
    """The end of a game of the operational family (OV1)."""
    from .op import turn

    turn.end_of_game(game)


def allowance(game: Game, stack: StackState, *, road: bool = False) -> float:
    """A stack's MP for the turn under the operational rules (OM1; ``road``: in Road
    Movement, OM8)."""
    from .op import movement

    return movement.stack_allowance(game, stack, "road" if road else "move_defend")


def road_refusal(game: Game, stack: StackState, enemy_regions: Iterable[str]) -> str | None:
    """Why ``stack`` may not be ordered to move in Road Movement (OM7), or ``None``;
    ``enemy_regions``: where its side knows enemies stand."""
    from .op import movement, state

    index = state.board_of(game).id_index
    hexes = [index[r] for r in enemy_regions if r in index]
    return movement.road_refusal(game, state.stack_units(game, stack).values(), hexes)


def read_stacks(game: Game, side: str) -> set[str]:
    """The enemy stacks ``side``'s intelligence reads now under the operational rules (OI2:
    the stacks its planning map draws, :func:`engine.wego.op.intel.enemy_sight`)."""
    from .op import intel

    return set(intel.enemy_sight(game, side).views)


def step_pricer(game: Game, stack: StackState, *, road: bool = False) -> StepPricer:
    """The price of a route's steps for ``stack`` while planning under the operational
    rules: ``price(here, there, spent, budget, first)`` gives the step's MP and whether it
    ends the move, or why it is refused (``road``: at Road Movement costs, along roads and
    tracks only, OM8). The stack's units are read once, for the whole search."""
    from .op import movement, state, zones

    units = state.stack_units(game, stack)
    group = list(units.values())
    frozen = state.clock(game).frozen
    index = state.board_of(game).id_index
    fixed = {
        k: u
        for k, u in units.items()
        if zones.fixed_status(game, k) is not None and zones.held(game, u) is not None
    }

    def price(
        here: str, there: str, spent: float, budget: float, first: bool
    ) -> tuple[float, bool] | str:
        if fixed:  # OM20: a stack holding a fixed unit keeps to its hex or zone
            why = zones.step_refusal(game, fixed, index.get(there, -1))
            if why is not None:
                return why
        return movement.planned_step(
            game,
            group,
            here,
            there,
            spent,
            budget,
            first=first,
            frozen=frozen,
            mode="road" if road else "move_defend",
        )

    return price


def holds_fixed(game: Game, stack: StackState) -> bool:
    """Whether the scenario fixes a unit of ``stack`` (OM20), freed since or not, or a unit
    of it was broken down or combined this turn (OU13, OU14): the cheap question asked
    before :func:`fixed_refusal`."""
    formed = (game.state.operational or {}).get("formed")
    if formed and any(formed.get(u) == game.state.turn for u in stack.units):
        return True
    units = game.world.units
    for unit_id in stack.units:
        placed = units.get(unit_id)
        if placed is not None and placed.operational is not None and placed.operational.fixed:
            return True
    return False


def fixed_refusal(game: Game, stack: StackState, order: Order) -> str | None:
    """OM20: why ``stack`` may not take ``order`` because it holds a fixed unit, or
    ``None`` (:mod:`engine.wego.op.zones`)."""
    from .op import organise, state, zones

    if not holds_fixed(game, stack):
        return None  # the common case
    formed = organise.stay_refusal(game, stack, order)  # OU13, OU14
    if formed is not None:
        return formed
    units = state.stack_units(game, stack)
    index = state.board_of(game).id_index
    path = [index.get(r, -1) for r in getattr(order, "path", ()) if isinstance(r, str)]
    target = getattr(order, "target", None)
    aim = index.get(target, -1) if isinstance(target, str) else None
    return zones.order_refusal(game, units, order.kind, path, aim)


def fixed_words(game: Game, stack: StackState) -> str:
    """Why ``stack``'s moves are limited by a fixed unit (OM20), for a player; ``""`` when
    none of its units is held, and always in a game of the area rules."""
    if not operational(game):
        return ""
    from .op import zones

    return zones.stack_words(game, stack)


def set_handicap(game: Game, side: str, level: str | None) -> None:
    """OT11: give ``side`` the AI handicap ``plus`` or ``minus`` (``None``: none), in a game
    of the operational rules (:mod:`engine.wego.op.handicap`); a game of the area rules has
    no such option (:class:`~engine.errors.IllegalAction`)."""
    if not operational(game):
        from ..errors import IllegalAction

        raise IllegalAction("the AI handicap is an option of the operational rules")
    from .op import handicap

    handicap.set_handicap(game, side, level)  # type: ignore[arg-type]


def attack_orders(game: Game, side: str, style: Style) -> list[Order]:
    """The AI's attacks under the operational rules (:mod:`engine.wego.op.ai`)."""
    from .op import ai

    return ai.attacks(game, side, style)


PLANNING_KINDS = tuple(action.kind for action in _op_actions.PLANNING)
"""The kinds of the operational family's planning actions beside the stack orders (supply,
HQs, setup, breakdown, assets, engineers, fire: :mod:`engine.wego.op.actions`), part of a
side's plan like its orders."""


def is_planning_action(action: Action) -> bool:
    """Whether ``action`` is one of the operational family's supply or HQ planning actions."""
    return action.kind in PLANNING_KINDS


def planning_actions(game: Game, side: str) -> list[Action]:
    """The supply orders and HQ moves open to ``side`` (:mod:`engine.wego.op.planning`)."""
    from .op import planning

    return planning.actions(game, side)


def check_planning(game: Game, side: str, action: Action) -> None:
    """Raise :class:`~engine.errors.IllegalAction` unless ``side`` may take the supply or HQ
    action now."""
    from .op import planning

    planning.check(game, side, action)


def apply_planning(game: Game, side: str, action: Action) -> None:
    """Carry out a supply or HQ action that passed :func:`check_planning`."""
    from .op import planning

    planning.apply(game, side, action)


def supply_actions(game: Game, side: str, orders: list[Order]) -> list[Action]:
    """The AI's supply orders for its plan's ``orders`` (:mod:`engine.wego.op.ai`)."""
    from .op import ai

    return [*ai.supply_actions(game, side, orders)]


def asset_actions(game: Game, side: str, orders: list[Order]) -> list[Action]:
    """The AI's asset missions and artillery fire orders for its plan's ``orders``
    (:mod:`engine.wego.op.ai_assets`, :mod:`engine.wego.op.ai_fire`)."""
    from .op import ai_assets, ai_fire

    return [*ai_assets.asset_actions(game, side, orders), *ai_fire.fire_actions(game, side, orders)]


def organise_actions(game: Game, side: str) -> list[Action]:
    """The AI's setups, breakdowns and combines before its orders
    (:mod:`engine.wego.op.ai_organise`)."""
    from .op import ai_organise

    return ai_organise.organise_actions(game, side)


def garrison_actions(game: Game, side: str, style: Style) -> list[Action]:
    """The AI's detachments before its orders: garrisons left on its victory locations (OO1,
    :mod:`engine.wego.op.ai_parts`)."""
    from .op import ai_parts

    return [*ai_parts.garrison_actions(game, side, style)]


def engineer_actions(game: Game, side: str, orders: list[Order]) -> list[Action]:
    """The AI's engineer orders for its plan's ``orders`` (:mod:`engine.wego.op.ai_engineers`)."""
    from .op import ai_engineers

    return [*ai_engineers.engineer_actions(game, side, orders)]


def refine_orders(game: Game, side: str, orders: dict[str, Order]) -> None:
    """The AI's defensive orders, road moves and ignore-enemy moves in its plan
    (:mod:`engine.wego.op.ai_orders`, :mod:`engine.wego.op.ai_parts`)."""
    from .op import ai_engineers, ai_fire, ai_garrison, ai_orders, ai_parts

    ai_fire.hold_guns(game, side, orders)  # OC33: guns with targets in range stay to fire
    ai_engineers.hold_engineers(game, side, orders)  # OE4, OE5: bridgers stay to work
    ai_parts.hold_garrisons(game, side, orders)  # OO1: the garrisons it left stay
    ai_orders.refine(game, side, orders)
    ai_garrison.spread_parts(game, side, orders)  # OU12: parts go to different locations
    ai_parts.ignore_enemy(game, side, orders)  # OO3: through the hexes it assaults


def hq_orders(game: Game, side: str) -> list[Order]:
    """The AI's orders for its HQs' stacks: kept in supply, away from the enemy."""
    from .op import ai

    return ai.hq_orders(game, side)
