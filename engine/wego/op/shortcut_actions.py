"""The order shortcuts of a side's WEGO plan under the operational rules (OO2, OO9, OO17):
one action standing for many orders. Each is checked and carried out by :mod:`.shortcuts`,
which writes the plain orders it stands for into the plan (the stacks' moves, the guns'
fire orders) or takes them out; the plan then holds only those plain orders, so the
execution, the plan's Undo and the views read nothing new. Registered in
:data:`engine.actions.ACTIONS` through :data:`.actions.PLANNING`, so they travel in logs,
play by e-mail files and plans sealed by commitment like the other planning actions.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...actions import Action


@dataclass(frozen=True, slots=True)
class OrganisationMove(Action):
    """OO2: every stack holding a unit under ``hq`` (the HQ itself and everything below it
    in the command tree, wherever it stands) is ordered to move to ``destination``, each
    along its own cheapest route; the stacks that cannot get there this turn are left out."""

    kind: ClassVar[str] = "op_organisation_move"
    hq: str
    destination: str


@dataclass(frozen=True, slots=True)
class AllGunsFire(Action):
    """OO9's shortcut: every artillery unit of the side on the hex ``region`` that may fire
    ``mission`` at ``target`` is given that fire order; the others are left as they were."""

    kind: ClassVar[str] = "op_all_guns_fire"
    region: str
    mission: str
    target: str


@dataclass(frozen=True, slots=True)
class CancelBattle(Action):
    """OO17: every order of the side's stacks that attacks the hex ``target`` is taken back
    (those stacks hold again): the planned battle is gone in one action."""

    kind: ClassVar[str] = "op_cancel_battle"
    target: str


SHORTCUTS: tuple[type[Action], ...] = (OrganisationMove, AllGunsFire, CancelBattle)
"""The shortcut actions, in the order :func:`.shortcuts.actions` lists them."""
