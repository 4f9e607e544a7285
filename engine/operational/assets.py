"""Off-map assets in play: availability by turn, missions with their delays, recovery, the
air war's counts and interdiction (OA1-OA3, OA7-OA11, OA16, OT12, OU15, OW3, OW11, OW13).

An asset's changing state is an :class:`AssetState` (readiness, strength, the turn it is back,
gone for good); :func:`asset_states` starts them from ``rules.operational.assets``. A game asks
:func:`availability` (why an asset can or cannot act this turn, and in how many turns it will),
:func:`available` (the side's assets free now, the asset panel's list), :func:`mission_refusal`
before accepting a mission, :func:`dispatch` when it flies (the delay is drawn then), and
:func:`recover` at the end of each turn.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace

from schemas.operational.assets import Asset, AssetRules, InterdictionRow, Mission
from schemas.operational.rules import OperationalRules

from ..dice import Dice
from .supply import Pool


@dataclass(frozen=True)
class AssetState:
    """One asset's changing state."""

    id: str
    readiness: float
    strength: float
    back_on: int = 0
    """First turn it may fly again (0: never flown)."""
    gone: bool = False
    """OA2, OA13: left for the rest of the scenario."""
    arrived: int = 0
    """OA2: the turn an asset arriving at random arrived on (0: not yet, or a fixed
    arrival)."""
    left: bool = False
    """OA2, OA13: it left at random after a mission (``gone`` is set too)."""


@dataclass(frozen=True)
class Availability:
    """Whether an asset can act on a turn, and when it will if not."""

    ready: bool
    reason: str
    """Why not, in a player's words (empty when ready)."""
    turns_left: int | None = None
    """OA15: turns until it may act (``None``: never again, or not at this time of day)."""


def asset_states(rules: OperationalRules) -> dict[str, AssetState]:
    """Each asset's state at the start of the scenario."""
    return {a.id: AssetState(a.id, a.readiness, a.strength) for a in rules.assets.assets}


def availability(
    table: AssetRules, asset: Asset, state: AssetState, turn: int, *, night: bool = False
) -> Availability:
    """OA2, OT12, OU15, OW3: may ``asset`` act on ``turn``?"""
    if state.gone:
        drawn = " (drawn at random, OA13)" if state.left else ""
        return Availability(False, f"left the scenario after its mission{drawn}")
    if asset.leaves is not None and turn >= asset.leaves:
        return Availability(False, f"withdrawn on turn {asset.leaves}")
    if asset.arrives_at_random() and not state.arrived:
        window = f"turns {asset.arrives} to {asset.arrives_by}"
        if turn < asset.arrives:
            return Availability(False, f"arrives at random, {window}", None)
        return Availability(False, f"not arrived yet (at random, {window})", None)
    if turn < asset.arrives:
        return Availability(False, f"arrives on turn {asset.arrives}", asset.arrives - turn)
    if turn < state.back_on:
        return Availability(False, f"back on turn {state.back_on}", state.back_on - turn)
    if night:
        if not asset.night_capable:
            return Availability(False, "not capable of night missions (OW3)")
        if state.readiness < table.night_readiness:
            return Availability(
                False, f"needs {table.night_readiness:g}% readiness at night (OU15)"
            )
    return Availability(True, "", 0)


def available(
    rules: OperationalRules,
    states: Mapping[str, AssetState],
    side: str,
    turn: int,
    *,
    night: bool = False,
) -> list[Asset]:
    """The side's assets free to act on ``turn`` (the asset panel's list)."""
    table = rules.assets
    return [
        a
        for a in table.assets
        if a.side == side
        and a.id in states
        and availability(table, a, states[a.id], turn, night=night).ready
    ]


def mission_refusal(
    table: AssetRules,
    asset: Asset,
    state: AssetState,
    mission: Mission,
    turn: int,
    *,
    night: bool = False,
) -> str:
    """OO10-OO12, OA7, OA10, OW11, OW13: why ``asset`` may not fly ``mission`` (empty: it
    may)."""
    free = availability(table, asset, state, turn, night=night)
    if not free.ready:
        return free.reason
    if mission not in asset.missions:
        return f"'{asset.id}' does not fly '{mission}' missions"
    if night and asset.domain == "air" and mission not in table.night_air_missions:
        return f"no '{mission}' missions from the air at night (OW11)"
    if night and asset.domain == "naval" and mission not in table.night_naval_missions:
        return f"no naval '{mission}' missions at night (OW13)"
    if mission in ("counter_air", "interdiction"):
        floor = table.minimum_for_air_war
        if state.readiness < floor or state.strength < floor:
            return f"needs readiness and strength of {floor:g}% or more (OA7, OA10)"
    return ""


def delay_of(asset: Asset, dice: Dice) -> int:
    """OA2: turns away after a mission: the middle plus a uniform draw within the spread,
    never below the minimum."""
    delay = asset.delay
    drawn = delay.turns
    if delay.spread > 0:
        drawn += dice.below(2 * delay.spread + 1) - delay.spread
    return max(delay.minimum, drawn)


def chance(percent: float, dice: Dice) -> bool:
    """A draw that succeeds ``percent`` times in 100 (to a hundredth of a percent)."""
    return percent > 0 and dice.below(10_000) < round(percent * 100)


def dispatch(
    table: AssetRules,
    asset: Asset,
    state: AssetState,
    turn: int,
    dice: Dice,
    *,
    night_cost: float = 1.0,
) -> AssetState:
    """OA2, OA3, OA13: the asset flies on ``turn``: it spends the mission's readiness (times
    ``night_cost`` for an air asset, OW11) and may fly again ``delay`` turns later (a delay of
    1: the next turn), or leaves for good when it does not return, or when the draw of its
    ``leave_chance`` says this mission is its last (drawn first, only in its window of
    turns)."""
    cost = table.mission_readiness_cost * (night_cost if asset.domain == "air" else 1.0)
    readiness = max(0.0, state.readiness - cost)
    if not asset.returns:
        return replace(state, readiness=readiness, gone=True)
    if asset.may_leave(turn) and chance(asset.leave_chance, dice):
        return replace(state, readiness=readiness, gone=True, left=True)
    return replace(state, readiness=readiness, back_on=turn + delay_of(asset, dice))


def arrival_draw(asset: Asset, state: AssetState, turn: int, dice: Dice) -> AssetState:
    """OA2: at the start of ``turn``, whether an asset arriving at random that has not
    arrived yet does: with ``arrival_chance`` inside its window, for sure on its last turn
    (no draw then). The state is unchanged for any other asset or turn."""
    if not asset.arrives_at_random() or state.arrived or turn < asset.arrives:
        return state
    assert asset.arrives_by is not None
    if turn >= asset.arrives_by or chance(asset.arrival_chance, dice):
        return replace(state, arrived=turn)
    return state


def recover(
    rules: OperationalRules, asset: Asset, state: AssetState, *, weather: float = 1.0
) -> AssetState:
    """OA2, OA3: readiness regained at the end of a turn, like a ground unit of its quality,
    times the weather's factor (OW1); also while away or waiting to arrive."""
    gain = rules.quality.of(asset.quality).rest_gain * weather
    return replace(state, readiness=min(100.0, state.readiness + gain))


def air_supply_refusal(
    rules: OperationalRules,
    asset: Asset,
    airfield: str,
    side: str,
    *,
    own_counter_air: int,
    enemy_counter_air: int,
    under_enemy_aa: bool,
) -> str:
    """OS15: why ``asset`` may not fly supplies to the hex ``airfield`` (empty: it may): the
    hex must be one of the side's airfields or drop zones in ``supply.sources``, the enemy may
    not fly more counter-air than the side, and the airfield may not lie under enemy AA
    (``under_enemy_aa``, from the AA rules)."""
    if "air_supply" not in asset.missions:
        return f"'{asset.id}' flies no supply missions"
    fields = {s.hex for s in rules.supply.sources if s.kind == "airfield" and s.side == side}
    if airfield not in fields:
        return f"'{airfield}' is not one of the side's airfields or drop zones"
    if enemy_counter_air > own_counter_air:
        return "the enemy flies more counter-air this turn (OS15)"
    if under_enemy_aa:
        return "the airfield lies under enemy AA fire (OS15)"
    return ""


# -- the air war (OA7-OA11) ----------------------------------------------------------------------


def counter_air(
    rules: OperationalRules, side: str, flying: Iterable[Asset], states: Mapping[str, AssetState]
) -> int:
    """OA7, OA8: the side's counter-air count: its assets on that mission at readiness and
    strength of at least the floor, plus its air superiority."""
    table = rules.assets
    floor = table.minimum_for_air_war
    count = sum(
        1
        for a in flying
        if a.side == side and states[a.id].readiness >= floor and states[a.id].strength >= floor
    )
    superiority = next((r.value for r in table.air_superiority if r.side == side), 0)
    return count + superiority


def net_advantage(own: int, enemy: int) -> int:
    """OA9: the side's edge in the air (0 when it has none)."""
    return max(0, own - enemy)


def interdiction_row(
    rules: OperationalRules, assets: int, enemy_advantage: int
) -> InterdictionRow | None:
    """OA10: the row of Table OA10 that ``assets`` interdiction missions read once the enemy's
    net counter-air advantage cancels some; ``None`` when none get through."""
    rows = rules.assets.interdiction
    effective = assets - enemy_advantage
    if effective < 1 or not rows:
        return None
    return rows[min(effective, len(rows)) - 1]


def interdiction_losses(row: InterdictionRow, dice: Dice) -> Pool:
    """OA11: the points the row takes from the enemy's arrival; a fraction of a point is that
    chance of one more whole point (a half ammo point: 50%)."""

    def whole(value: float) -> float:
        base = math.floor(value)
        part = value - base
        return float(base + (1 if part > 0 and dice.below(1000) < part * 1000 else 0))

    return Pool(whole(row.fuel), whole(row.ammo), whole(row.personnel), whole(row.equipment))
