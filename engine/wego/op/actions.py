"""The planning actions of the operational family beside the stacks' orders (OO13, OO16,
OT1): buying supply levels for an HQ, taking the purchase back, moving a division HQ to
another corps, setting a unit up again inside its side's setup zone on the first turn, and
breaking a unit down or combining its parts (OU12-OU14).
Immutable, registered in :data:`engine.actions.ACTIONS` like the WEGO orders, so they travel
in logs, play by e-mail files and action lists; :mod:`.planning` checks and applies them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...actions import ACTIONS, Action
from .shortcut_actions import SHORTCUTS


@dataclass(frozen=True, slots=True)
class OrderSupply(Action):
    """OO13, OS3-OS6, OS13: the HQ buys Move+, Combat+ and/or Repl+ for this turn, for
    itself and its direct attachments (``scope`` ``direct``) or for every unit and HQ below
    it (``all``). A new order for the same HQ replaces the old one."""

    kind: ClassVar[str] = "op_order_supply"
    hq: str
    move_plus: bool = False
    combat_plus: bool = False
    replacements: bool = False
    scope: str = "direct"


@dataclass(frozen=True, slots=True)
class CancelSupply(Action):
    """Take back the HQ's supply order of this turn (it stays at Basic)."""

    kind: ClassVar[str] = "op_cancel_supply"
    hq: str


@dataclass(frozen=True, slots=True)
class ReassignHq(Action):
    """OO16: the division HQ reports to ``corps`` from now on (a corps of the same army)."""

    kind: ClassVar[str] = "op_reassign_hq"
    hq: str
    corps: str


@dataclass(frozen=True, slots=True)
class SetUp(Action):
    """OT1: during its first turn's planning, the side puts ``unit`` on another hex of its
    setup zone (:mod:`.zones`), at once: alone there, or into its side's stack on that hex."""

    kind: ClassVar[str] = "op_set_up"
    unit: str
    region: str


@dataclass(frozen=True, slots=True)
class BreakDown(Action):
    """OU12, OU13, OT1: ``unit`` breaks down into its three parts at once (:mod:`.organise`)."""

    kind: ClassVar[str] = "op_break_down"
    unit: str


@dataclass(frozen=True, slots=True)
class Combine(Action):
    """OU14, OT1: the three parts of ``unit``, on one hex, become ``unit`` again at once."""

    kind: ClassVar[str] = "op_combine"
    unit: str


@dataclass(frozen=True, slots=True)
class AssignAsset(Action):
    """OO10-OO12, OA4-OA14: the asset flies ``mission`` this turn, at the hex ``target``
    (empty for counter-air and interdiction). A new mission for the same asset replaces the
    old one (:mod:`.assets`)."""

    kind: ClassVar[str] = "op_assign_asset"
    asset: str
    mission: str
    target: str = ""


@dataclass(frozen=True, slots=True)
class CancelAsset(Action):
    """Take back the asset's mission of this turn (it stays home)."""

    kind: ClassVar[str] = "op_cancel_asset"
    asset: str


@dataclass(frozen=True, slots=True)
class OrderEngineer(Action):
    """OO14, OE2-OE5: the engineer ``unit`` works from its hex: ``breach`` (a combat
    engineer, every minefield hexside next to it), ``destroy_bridge`` or ``repair_bridge``
    (a bridging engineer, the bridge toward the hex ``toward``) or ``pontoon`` (a bridging
    engineer, over every river hexside of its hex). The order stays in force turn after turn
    until its work is done; a new order for the same engineer replaces it (:mod:`.works`)."""

    kind: ClassVar[str] = "op_engineer"
    unit: str
    task: str
    toward: str = ""


@dataclass(frozen=True, slots=True)
class CancelEngineer(Action):
    """Take back the engineer's order (it stops working)."""

    kind: ClassVar[str] = "op_cancel_engineer"
    unit: str


@dataclass(frozen=True, slots=True)
class AssignFire(Action):
    """OC2, OC33: the artillery ``unit`` fires this turn: ``offensive`` at the enemy hex
    ``target`` (support of its side's attack there, or a bombardment) or ``defensive`` over
    its side's hex ``target``. A new order for the same unit replaces the old one
    (:mod:`.fire`)."""

    kind: ClassVar[str] = "op_assign_fire"
    unit: str
    mission: str
    target: str


@dataclass(frozen=True, slots=True)
class CancelFire(Action):
    """Take back the artillery unit's fire order of this turn."""

    kind: ClassVar[str] = "op_cancel_fire"
    unit: str


@dataclass(frozen=True, slots=True)
class Detach(Action):
    """OO1: ``units``, some but not all of one stack of the side, leave it at once to form a
    stack of their own on the same hex, so each part takes its own order (:mod:`.detach`)."""

    kind: ClassVar[str] = "op_detach"
    units: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Join(Action):
    """OO1: the side's stacks holding ``units``, all on one hex, become one stack at once,
    the stack of the first unit (what takes a :class:`Detach` back)."""

    kind: ClassVar[str] = "op_join"
    units: tuple[str, ...] = ()


PLANNING: tuple[type[Action], ...] = (
    OrderSupply,
    CancelSupply,
    ReassignHq,
    SetUp,
    BreakDown,
    Combine,
    AssignAsset,
    CancelAsset,
    OrderEngineer,
    CancelEngineer,
    AssignFire,
    CancelFire,
    Detach,
    Join,
    *SHORTCUTS,
)
"""The operational planning actions that are not stack orders: supply and HQs, setup,
breakdown and combine, asset missions, engineers' work, artillery fire, parts of stacks
detached and joined again, and the order shortcuts (OO2, OO9, OO17: :mod:`.shortcut_actions`)."""

for _cls in PLANNING:
    ACTIONS[_cls.kind] = _cls
