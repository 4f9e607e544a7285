"""Movement costs and allowances (OM1-OM4, OM7, OM8, OM13, OH4, OH6, OH9).

:func:`step_cost` prices one step from a hex into a neighbour for one unit, with every part
of the price and the reason when the step is not allowed; :func:`movement_cost` is the same
for a caller holding the units rather than a ZOC field; :func:`affordable` applies the
minimal-move and whole-allowance rules to a unit's MP left; :func:`effective_mp` gives a
unit's allowance for the turn.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from .board import HIGHWAY, NO_ROAD, OpBoard
from .units import OpUnit, readiness_factor, stacking_points
from .zoc import ZocField, enemy_zoc, entry_cost, slides

MoveMode = Literal["move_attack", "move_defend", "road"]
"""OO4: Move and Attack, Move and Defend, Road Movement."""

SupplyLevel = Literal["basic", "move_plus"]
"""OS3-OS5: what the unit's HQ bought for movement this turn."""


@dataclass(frozen=True)
class StepCost:
    """The price of one step, part by part (the game view shows them)."""

    allowed: bool
    reason: str
    """Why not, in a player's words (empty when allowed)."""
    total: float = 0.0
    """MP the step costs (for a minefield: the whole allowance, see ``uses_all``)."""
    ground: float = 0.0
    """The terrain's cost, or the road's when the step follows one (OH3, OH4)."""
    along_road: bool = False
    hexside: float = 0.0
    """Added by a hexside feature (OH6)."""
    zoc: float = 0.0
    """Added by the enemy's zone of control (OM11, OM12)."""
    uses_all: bool = False
    """OH7: crossing takes the unit's whole allowance (an unbreached minefield)."""


def _refused(reason: str) -> StepCost:
    return StepCost(False, reason)


def step_cost(
    board: OpBoard,
    mover: OpUnit,
    from_hex: int,
    to_hex: int,
    *,
    mode: MoveMode = "move_defend",
    enemy_zoc: ZocField | None = None,
    enemy_in_hex: bool = False,
    friendly_holder: bool = False,
    night: bool = False,
    frozen: bool = False,
) -> StepCost:
    """OM2: terrain (or road) + hexside + enemy ZOC, at least the minimum outside Road
    Movement. ``enemy_zoc`` is the zone the enemy exerts (``None``: ignore it, as an
    ignore-enemy move plots, OO3); ``friendly_holder``: a friendly unit that stays put holds
    ``to_hex`` (OM11); ``frozen``: frozen weather, which lifts a river hexside's movement
    limits (OW1, OH11: crossed as a plain hexside)."""
    rules = board.rules
    side = board.hexside(from_hex, to_hex)
    if side is None:
        return _refused("the hexes are not neighbours")
    if enemy_in_hex:
        return _refused("an enemy holds the hex: attack it instead")
    terrain = board.terrain(to_hex)
    if terrain is None:
        return _refused("the hex's terrain has no row in the operational terrain table")
    road = int(board.side_road[side])
    feature = board.feature(side)
    if frozen and feature is not None and feature.river:
        feature = None
    # A river is crossed along a road over a standing bridge, or over a pontoon (OE5, OE7).
    if (
        feature is not None
        and feature.crossing == "road_only"
        and not (road != NO_ROAD and board.side_bridge[side])
        and not board.side_pontoon[side]
    ):
        return _refused(
            "a river is crossed only along a road over a bridge, or over a pontoon (OH4, OH6)"
        )
    if mode == "road":
        if road == NO_ROAD:
            return _refused("in Road Movement a unit keeps to roads and tracks (OM8)")
        costs = rules.roads.highway if road == HIGHWAY else rules.roads.track
        ground = costs.road_movement
    elif road != NO_ROAD:
        costs = rules.roads.highway if road == HIGHWAY else rules.roads.track
        ground = costs.normal
    else:
        if terrain.road_only:
            return _refused("this terrain is entered only along a road or track (OH4)")
        entry = getattr(terrain.entry_cost, mover.column)
        if entry is None:
            return _refused("units of this kind cannot enter this terrain (OH3)")
        ground = float(entry)
    extra = 0.0
    uses_all = False
    if feature is not None:
        if feature.crossing == "all_movement":
            uses_all = True
        elif feature.crossing == "open":
            added = getattr(feature.movement_cost, mover.column)
            if added is None:
                return _refused("units of this kind cannot cross this hexside (OH6)")
            extra = float(added)
    zoc_cost = 0.0
    if enemy_zoc is not None:
        if rules.zoc.no_sliding and slides(enemy_zoc, from_hex, to_hex):
            return _refused("a unit may not slide along the same enemy's zone of control (OM13)")
        zoc_cost = entry_cost(
            rules,
            mover,
            enemy_zoc.value(to_hex),
            night=night,
            friendly_holder=friendly_holder,
        )
    total = ground + extra + zoc_cost
    if mode != "road":
        total = max(total, rules.roads.minimum_normal_cost)
    return StepCost(True, "", total, ground, road != NO_ROAD, extra, zoc_cost, uses_all)


def movement_cost(
    board: OpBoard,
    units: Iterable[OpUnit],
    mover: OpUnit,
    to_hex: int,
    *,
    mode: MoveMode = "move_defend",
    staying: frozenset[str] = frozenset(),
    night: bool = False,
) -> StepCost:
    """:func:`step_cost` of ``mover`` stepping from its hex into ``to_hex``, with the enemy
    zone and occupation read from ``units``; ``staying``: ids of units that do not move this
    turn (a friendly one in ``to_hex`` lifts the ZOC cost, OM11)."""
    everyone = list(units)
    enemies = [u for u in everyone if u.side != mover.side]
    field = enemy_zoc(board, enemies, mover.side, night=night)
    holder = any(
        u.side == mover.side and u.hex == to_hex and u.id in staying and u.id != mover.id
        for u in everyone
    )
    return step_cost(
        board,
        mover,
        mover.hex,
        to_hex,
        mode=mode,
        enemy_zoc=field,
        enemy_in_hex=any(u.hex == to_hex for u in enemies),
        friendly_holder=holder,
        night=night,
    )


def affordable(board: OpBoard, step: StepCost, mp_left: float, *, moved: bool) -> bool:
    """Whether a unit with ``mp_left`` MP may take ``step``: within its MP; or, not having
    moved yet this turn, any one allowed step whatever it costs (OM3); a whole-allowance
    crossing only as its first step (OH7)."""
    if not step.allowed or mp_left <= 0:
        return False
    if step.uses_all:
        return not moved
    if step.total <= mp_left + 1e-9:
        return True
    return not moved and board.rules.zoc.minimal_move


def effective_mp(
    board: OpBoard,
    unit: OpUnit,
    *,
    supply: SupplyLevel = "basic",
    weather: float = 1.0,
    interdiction: float = 0.0,
    mode: MoveMode = "move_defend",
) -> float:
    """OM1: printed MP x readiness (OU6) x supply level (OS4) x weather (OW1), less the
    interdiction cut rounded up (OA11); in Road Movement, times the type's multiplier (OM8).
    Strength never changes MP."""
    rules = board.rules
    mp = unit.movement * readiness_factor(rules.combat.readiness.movement_at_zero, unit.readiness)
    if supply == "basic":
        mp *= rules.movement.basic_supply
    mp *= weather
    if interdiction > 0:
        mp -= math.ceil(mp * interdiction - 1e-9)
    if mode == "road":
        mp *= road_multiplier(board, unit)
    return max(0.0, mp)


def road_multiplier(board: OpBoard, unit: OpUnit) -> float:
    """Table OM8 (2,500 m maps): the Road Movement budget multiplier of the unit's type."""
    table = board.rules.movement
    if unit.category in ("infantry", "partisan", "security"):
        return table.road_movement_infantry
    if unit.category == "recce":
        return table.road_movement_recce
    return table.road_movement_others


def stacking_limit(board: OpBoard, hex_index: int) -> float:
    """OH9: the SP a hex holds (0 where the terrain has no row)."""
    row = board.terrain(hex_index)
    return row.stacking if row is not None else 0.0


def fits(board: OpBoard, units: Iterable[OpUnit], unit: OpUnit, hex_index: int) -> bool:
    """OM4, OH9: ``unit`` may stop in or pass through ``hex_index`` without overstacking
    (the units already there, ``unit`` itself left out)."""
    rules = board.rules
    used = sum(stacking_points(rules, u) for u in units if u.hex == hex_index and u.id != unit.id)
    return used + stacking_points(rules, unit) <= stacking_limit(board, hex_index) + 1e-9
