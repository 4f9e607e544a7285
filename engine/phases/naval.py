"""Naval movement phase (000 sections 5 and 8): with ``rules.naval.enabled`` the side's ships
sail here, before land movement, with the moves, splits, merges and port entries of the land
phase and the naval rules of :mod:`engine.naval.sailing`; with sea transport, land units board
ships in port and go ashore in ports or over beaches (:mod:`engine.naval.transport`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import Action, Disembark, Embark
from ..errors import IllegalAction
from ..naval import transport
from ..state import StackState
from .movement import LandMovement, _own_stack

if TYPE_CHECKING:
    from ..game import Game


class NavalMovement(LandMovement):
    name = "naval_movement"
    card_timing = None

    def domains(self, game: Game) -> tuple[str, ...]:
        return ("naval",)

    def actions(self, game: Game) -> list[Action]:
        out = super().actions(game)
        if not transport.by_sea(game):
            return out
        side = game.active_side
        stacks = sorted(game.state.stacks.values(), key=lambda s: s.id)
        fleets = [s for s in stacks if s.side == side and self.moves_here(game, s)]
        for fleet in fleets:
            if fleet.structure is not None:
                out.extend(
                    Embark(stack.id, fleet.id)
                    for stack in stacks
                    if stack.side == side
                    and stack.region == fleet.region
                    and transport.embark_refusal(game, stack, fleet) is None
                )
            cargo = transport.fleet_cargo(game, fleet)
            if cargo:
                out.extend(
                    Disembark(fleet.id, shore.region)
                    for shore in transport.shores(game, fleet)
                    if transport.disembark_refusal(game, fleet, shore.region, cargo) is None
                )
        return out

    def check(self, game: Game, action: Action) -> None:
        """The land phase's actions for ships, and boarding and going ashore: boarding or
        landing any non-empty part of a stack or a cargo is the documented equivalent of
        boarding or landing the whole."""
        if isinstance(action, Embark):
            stack = _own_stack(game, action.stack)
            fleet = transport.fleet_of(game, action.fleet, game.active_side)
            units = list(dict.fromkeys(action.units)) or None
            reason = transport.embark_refusal(game, stack, fleet, units)
            if reason is not None:
                raise IllegalAction(reason)
        elif isinstance(action, Disembark):
            fleet = transport.fleet_of(game, action.fleet, game.active_side)
            reason = transport.disembark_refusal(
                game, fleet, action.region, _landing(game, fleet, action)
            )
            if reason is not None:
                raise IllegalAction(reason)
        else:
            super().check(game, action)

    def apply(self, game: Game, action: Action) -> None:
        if isinstance(action, Embark):
            stack = _own_stack(game, action.stack)
            fleet = transport.fleet_of(game, action.fleet, stack.side)
            transport.embark(game, stack, fleet, list(dict.fromkeys(action.units)) or None)
        elif isinstance(action, Disembark):
            fleet = transport.fleet_of(game, action.fleet, game.active_side)
            transport.disembark(game, fleet, action.region, _landing(game, fleet, action))
        else:
            super().apply(game, action)


def _landing(game: Game, fleet: StackState, action: Disembark) -> list[str]:
    """The units a landing puts ashore: those named, else all the fleet carries."""
    if action.units:
        return list(dict.fromkeys(action.units))
    return transport.fleet_cargo(game, fleet)
