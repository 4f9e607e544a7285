"""Going ashore by drag: a fleet carrying troops dragged onto a beach (or back onto its own
port) puts them ashore, the ``Disembark`` the stack panel's *Go ashore* button offers.

Where the troops may land is the engine's answer (:func:`engine.naval.transport.cargo`, the
shores open to the whole cargo now, asked for the fleet's own side: nobody else sees what a
fleet carries); nothing here re-derives a rule.
"""

from __future__ import annotations

from engine.actions import Disembark
from engine.game import Game
from engine.naval.transport import ShoreKind, cargo

SHORE_WORDS: dict[ShoreKind, str] = {
    "port": "go ashore in the port",
    "landing": "land over the beach",
    "assault": "land against the enemy (a battle)",
}
"""What dropping the fleet there does, for the path's label and the status bar."""


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
