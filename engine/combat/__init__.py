"""Battles, sieges, breakthroughs and retreats (B1-B12, G1, U1, U3, U5).

One concern per module:

- :mod:`.field`: where battles are and who is in them; the description a battle starts from.
- :mod:`.values`: the scenario's numbers read once per world; leaders, command, tooltips.
- :mod:`.skeleton` and :mod:`.prepare`: a battle's values and modifiers in plain lists.
- :mod:`.rounds`, :mod:`.losses`, :mod:`.morale`: the round engine (shots, hit allocation,
  battle morale, panic, rout, pursuit), shared by the game and by simulations.
- :mod:`.battle`: the battle in the game, one round between two card windows at a time.
- :mod:`.retreat`, :mod:`.breakthrough`: what happens to the loser and the winner.
- :mod:`.siege`: sieges of fortified structures.
- :mod:`.fast`: whole battles in one call, and odds previews.
- :mod:`.controller`: what the game loop and card effects call.
"""

from __future__ import annotations

from .fast import preview, simulate
from .values import explain

__all__ = ["explain", "preview", "simulate"]
