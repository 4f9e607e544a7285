"""Naval movement phase (000 sections 5 and 8): with ``rules.naval.enabled`` the side's ships
sail here, before land movement, with the moves, splits, merges and port entries of the land
phase and the naval rules of :mod:`engine.naval.sailing`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .movement import LandMovement

if TYPE_CHECKING:
    from ..game import Game


class NavalMovement(LandMovement):
    name = "naval_movement"
    card_timing = None

    def domains(self, game: Game) -> tuple[str, ...]:
        return ("naval",)
