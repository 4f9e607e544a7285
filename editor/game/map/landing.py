"""Sea transport by drag: a fleet carrying troops dragged onto a beach (or back onto its own
port) puts them ashore, the ``Disembark`` the stack panel's *Go ashore* button offers; a land
stack dragged onto a fleet lying in a port of its region boards it, the ``Embark`` of the
*Board* button. While a fleet with troops aboard is selected the map shows where they may go
ashore.

Where the troops may land is the engine's answer (:func:`engine.naval.transport.cargo`, the
shores open to the whole cargo now, asked for the fleet's own side: nobody else sees what a
fleet carries), and which fleets a stack may board is ``game.is_legal``'s; nothing here
re-derives a rule.
"""

from __future__ import annotations

from engine import movement
from engine.actions import Disembark, Embark
from engine.game import Game
from engine.naval.transport import ShoreKind, cargo

SHORE_WORDS: dict[ShoreKind, str] = {
    "port": "go ashore in the port",
    "landing": "land over the beach",
    "assault": "land against the enemy (a battle)",
}
"""What dropping the fleet there does, for the path's label and the status bar."""
SHORE_BADGES: dict[ShoreKind, str] = {
    "port": "Ashore",
    "landing": "Land",
    "assault": "Land: battle",
}
"""The short word marking each shore on the map while the fleet is selected."""


def shores_of(
    game: Game, stack_id: str, viewer: str | None
) -> dict[str, tuple[ShoreKind, Disembark]]:
    """Regions the troops a fleet carries may go ashore in now, with the action doing it
    (empty for a stack that is no fleet of ``viewer``'s side or carries nobody)."""
    stack = game.state.stacks.get(stack_id)
    if stack is None or (viewer is not None and viewer != stack.side):
        return {}
    seen = cargo(game, stack, viewer)
    if seen is None:
        return {}
    return {s.region: (s.kind, Disembark(stack.id, s.region)) for s in seen.shores}


def boardings(game: Game, stack_id: str, viewer: str | None) -> dict[str, Embark]:
    """Fleets the whole land stack ``stack_id`` may board now (fleet id -> the action), for
    a stack of ``viewer``'s side: those lying in a port of its region with room for it."""
    stack = game.state.stacks.get(stack_id)
    if stack is None or (viewer is not None and viewer != stack.side):
        return {}
    if game.phase != "naval_movement" or movement.stack_domain(game, stack) != "land":
        return {}
    found: dict[str, Embark] = {}
    for fleet in game.state.stacks.values():
        if fleet.side != stack.side or fleet.region != stack.region or fleet.structure is None:
            continue
        action = Embark(stack.id, fleet.id)
        if game.is_legal(action):
            found[fleet.id] = action
    return found
