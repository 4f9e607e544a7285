"""What a saved WEGO plan may hold, as strict models (the ``wego`` part of a save's state).

Checked like the rest of a save (:mod:`engine.saves`): strict types, no unknown keys, ids
against the scenario through their ``Ref`` markers; :func:`problems` adds what only the
scenario and the state tell (a plan in an IGOUGO game, an order for another side's stack).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from schemas.base import Ref, RegionId, SideId, StructureId, UnitId
from schemas.operational.assets import Mission, SupplyLevelName
from schemas.operational.units import Quality
from schemas.ranges import MAX_TICKS

if TYPE_CHECKING:
    from schemas.scenario import Scenario

    from ..saves import GameSave

StackRef = Annotated[str, Field(pattern=r"^s[0-9]{1,9}$"), Ref("stacks")]
Ticks = Annotated[int, Field(ge=0, le=MAX_TICKS)]
Path = Annotated[list[RegionId], Field(max_length=10_000)]


class _Model(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid", allow_inf_nan=False)


class MoveSave(_Model):
    kind: Literal["order_move", "order_withdraw", "order_road", "order_ignore_enemy"]
    stack: StackRef
    path: Path
    wait: Ticks


class AttackSave(_Model):
    kind: Literal["order_attack", "order_assault", "order_attack_no_advance"]
    stack: StackRef
    target: RegionId
    path: Path
    wait: Ticks


class StaySave(_Model):
    kind: Literal["order_hold", "order_defend", "order_hold_all", "order_withdraw_if_attacked"]
    stack: StackRef


OrderSave = Annotated[MoveSave | AttackSave | StaySave, Field(discriminator="kind")]


class WegoPlanSave(_Model):
    """A WEGO turn's plan: orders per side, by stack, and the sides that sealed theirs;
    ``stage`` is ``planning`` or the window of IGOUGO phases the turn is in (``before`` the
    planning, ``after`` the execution: :mod:`engine.wego.windows`)."""

    stage: Literal["before", "planning", "after"]
    orders: dict[SideId, dict[StackRef, OrderSave]]
    sealed: Annotated[list[SideId], Field(max_length=1_000)]
    committed: dict[SideId, Annotated[str, Field(pattern=r"^[0-9a-f]{64}$")]] = Field(
        default_factory=dict
    )
    """Sides whose plans are sealed by commitment and not yet revealed (engine.wego.sealed)."""
    stack_base: dict[SideId, Annotated[int, Field(ge=1, le=10**9)]] = Field(default_factory=dict)
    """For each committed side, the next stack number when it committed: its plan's own
    setups and breakdowns numbered their stacks from there (engine.wego.sealed)."""


Percent = Annotated[float, Field(ge=0.0, le=100.0)]
Mp = Annotated[float, Field(ge=0.0, le=1_000_000.0)]
Hexes = Annotated[int, Field(ge=0, le=100)]


class OpUnitSave(_Model):
    """A unit's state under the operational rules (:mod:`engine.wego.op.state`)."""

    strength: Percent
    readiness: Percent
    dug_in: bool
    quality: Quality | None = None
    """OQ11: the unit's quality once play lowered it (absent: its own)."""


class OpTurnSave(_Model):
    used: dict[UnitId, Annotated[list[Mp], Field(min_length=2, max_length=2)]]
    damage: dict[UnitId, Annotated[float, Field(ge=0.0, le=100_000.0)]]


Points = Annotated[float, Field(ge=0.0, le=1_000_000_000.0)]
LocName = Literal["supported", "extended", "isolated", "encircled"]


class OpPoolSave(_Model):
    """OS1: a side's four pools, or what its orders cost this turn."""

    fuel: Points
    ammo: Points
    personnel: Points
    equipment: Points


class OpSupplyOrderSave(_Model):
    """OO13: what one HQ buys this turn."""

    move_plus: bool
    combat_plus: bool
    replacements: bool
    scope: Literal["direct", "all"]


class OpSupplySave(_Model):
    """HQs, lines of communication and supply (:mod:`engine.wego.op.supply`)."""

    loc: dict[UnitId, LocName]
    pools: dict[SideId, OpPoolSave]
    orders: dict[SideId, dict[UnitId, OpSupplyOrderSave]]
    spent: dict[SideId, OpPoolSave]
    parents: dict[UnitId, UnitId]
    """OO16: division HQs moved to another corps in play, to their new corps."""


Vp = Annotated[int, Field(ge=0, le=1_000_000_000)]


class OpVictorySave(_Model):
    """OV5: what each victory location and the kills have given each side so far
    (:mod:`engine.wego.op.standing`)."""

    locations: dict[RegionId, dict[SideId, Vp]]
    kills: dict[SideId, Vp]


class OpAssetStateSave(_Model):
    """OA2, OA3: an asset's changing state."""

    readiness: Percent
    strength: Percent
    back_on: Annotated[int, Field(ge=0, le=1_000_000)]
    gone: bool
    arrived: Annotated[int, Field(ge=0, le=1_000_000)] = 0
    """OA2: the turn an asset arriving at random arrived on (absent: not yet, or fixed)."""
    left: bool = False
    """OA2, OA13: it left at random after a mission."""


class OpMissionSave(_Model):
    """An asset's mission given in a plan (:mod:`engine.wego.op.assets`)."""

    mission: Mission
    target: Annotated[str, Field(max_length=64)]


class OpFlyingSave(OpMissionSave):
    """A mission flown this turn."""

    side: SideId
    fit: bool
    used: bool


class OpReconSave(_Model):
    """OA12, OI7: one recon or intelligence source of the turn."""

    hex: Annotated[str, Field(max_length=64)]
    range: Hexes
    strength: Hexes


class OpAssetsSave(_Model):
    """Off-map assets (:mod:`engine.wego.op.assets`): their states, the sides' missions of
    the plan and the missions flying this turn."""

    states: dict[Annotated[str, Field(max_length=64)], OpAssetStateSave]
    missions: dict[SideId, dict[Annotated[str, Field(max_length=64)], OpMissionSave]]
    flying: dict[Annotated[str, Field(max_length=64)], OpFlyingSave]
    recon: dict[SideId, Annotated[list[OpReconSave], Field(max_length=10_000)]] = Field(
        default_factory=dict
    )
    """OA12, OI7: each side's recon sources (target hex, range, strength) of the turn."""
    mp_cut: dict[SideId, Percent] = Field(default_factory=dict)
    """OA10, OA11: each side's MP cut this turn from the enemy's interdiction of the last."""
    logistics: dict[SideId, dict[UnitId, list[SupplyLevelName]]] = Field(default_factory=dict)
    """OS16: the levels each side's logistics missions give its units this turn."""


class OpFireOrderSave(_Model):
    """An artillery unit's fire order given in a plan (:mod:`engine.wego.op.fire`, OC33)."""

    mission: Literal["offensive", "defensive"]
    target: Annotated[str, Field(max_length=64)]


class OpFiringSave(OpFireOrderSave):
    """A fire order carried into the execution: the hex the unit fires from, and whether
    its fire was used."""

    side: SideId
    hex: Annotated[str, Field(max_length=64)]
    used: bool


class OpFireSave(_Model):
    """Artillery fire orders (:mod:`engine.wego.op.fire`): each side's orders of the plan
    and those carried into the execution."""

    orders: dict[SideId, dict[UnitId, OpFireOrderSave]]
    firing: dict[UnitId, OpFiringSave]


HexsideText = Annotated[str, Field(min_length=3, max_length=200)]
HexText = Annotated[str, Field(min_length=1, max_length=100)]


class OpEngineerOrderSave(_Model):
    """OO14: one engineer's order (:mod:`engine.wego.op.works`)."""

    task: Literal["breach", "destroy_bridge", "repair_bridge", "pontoon"]
    toward: Annotated[str, Field(max_length=100)]


class OpWorksSave(_Model):
    """OE2-OE7: the engineers' work on the map and their orders in force."""

    breached: Annotated[list[HexsideText], Field(max_length=1_000_000)]
    destroyed: Annotated[list[HexsideText], Field(max_length=1_000_000)]
    pontoons: dict[HexText, SideId]
    building: dict[HexText, Annotated[int, Field(ge=0, le=1_000)]]
    orders: dict[SideId, dict[UnitId, OpEngineerOrderSave]]


class OperationalSave(_Model):
    """``state.operational``: the operational family's unit state and the running turn;
    ``razed``: the structures whose fort or entrenchment an enemy removed (OH8)."""

    units: dict[UnitId, OpUnitSave]
    turn: OpTurnSave
    supply: OpSupplySave | None = None
    """Absent from saves made before supply was played: the game traces and fills the pools
    afresh when it next needs them."""
    razed: Annotated[list[StructureId], Field(max_length=100_000)] = Field(default_factory=list)
    victory: OpVictorySave | None = None
    """Absent from saves made before the victory panel's figures were kept (OV5)."""
    released: dict[UnitId, Annotated[str, Field(max_length=200)]] = Field(default_factory=dict)
    """OM20: fixed units freed in play (by an enemy next to them, or a retreat out of their
    area), with the reason; absent from older saves."""
    assets: OpAssetsSave | None = None
    """Absent from saves made before assets flew missions: opened from the scenario."""
    formed: dict[UnitId, Annotated[int, Field(ge=1, le=1_000_000)]] = Field(default_factory=dict)
    """OU13, OU14: units broken down or combined in play, with the turn (they stay in their
    hex that turn); absent from older saves."""
    handicap: dict[SideId, Literal["plus", "minus"]] = Field(default_factory=dict)
    """OT11: the AI handicap of each side given one; absent from older saves."""
    works: OpWorksSave | None = None
    """Absent from saves made before engineers worked (or of games where none did)."""
    fire: OpFireSave | None = None
    """OC33: absent from saves made before artillery fired: no orders."""


Problem = tuple[tuple[str | int, ...], str]


def problems(scenario: Scenario, save: GameSave) -> Iterator[Problem]:
    """What the models cannot see: the plan against the turn system and the stacks, and
    the operational units' state against the rules family."""
    if save.state.operational is not None and scenario.rules.family != "operational":
        yield ("state", "operational"), "a game of the area rules holds no operational state"
    plan = save.state.wego
    wego = scenario.calendar.turn_system == "wego"
    if plan is None:
        if wego and save.state.outcome is None:
            yield ("state", "wego"), "a WEGO game in progress has a plan"
        return
    if not wego:
        yield ("state", "wego"), "an IGOUGO game holds no WEGO plan"
        return
    if len(set(plan.sealed)) != len(plan.sealed):
        yield ("state", "wego", "sealed"), "a side sealed its plan twice"
    for side in plan.committed:
        if side in plan.sealed:
            yield ("state", "wego", "committed", side), f"'{side}' sealed its plan twice"
    for side, orders in plan.orders.items():
        for stack_id, order in orders.items():
            where = ("state", "wego", "orders", side, stack_id)
            if order.stack != stack_id:
                yield (*where, "stack"), f"the order of '{stack_id}' names '{order.stack}'"
            stack = save.state.stacks.get(stack_id)
            if stack is not None and stack.side != side:
                yield where, f"stack '{stack_id}' belongs to '{stack.side}', not '{side}'"
