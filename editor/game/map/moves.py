"""Moving a stack on the map: where it may go, the path a drag follows, and what they cost.

Where a stack may go, and what entering each region means (a plain move, a battle, an
overrun, or a region it may pass but not stop in, so the player sees why), is the engine's
answer (:func:`engine.queries.where_can_go`), asked for the side watching the map: a battle
against enemies that side cannot see reads as a plain move, since that is all its player
knows until the stack runs into them. (An overrun, enemies too weak to stop the stack, would
tell their strength: the engine never offers one against stacks hidden from the mover, so it
shows as a battle.) Nothing here re-derives a rule.

A drag follows the regions the pointer passes through as long as that path is a legal move
(the engine prices it); where it is not, the path jumps to the cheapest legal one.
"""

from __future__ import annotations

from engine import movement
from engine.actions import Move
from engine.errors import IllegalAction
from engine.game import Game
from engine.phases.movement import path_cost
from engine.queries import Destination, where_can_go
from engine.state import StackState

__all__ = ["Destination", "DragPath", "destinations", "flying", "price", "refusal"]


def flying(game: Game) -> bool:
    return game.phase in ("air_offensive", "air_defensive")


def destinations(game: Game, stack_id: str, viewer: str | None) -> dict[str, Destination]:
    """Where a stack may move now, as ``viewer`` knows it (empty when it may not move)."""
    return where_can_go(game, stack_id, viewer=viewer)


def price(game: Game, stack: StackState, path: tuple[str, ...]) -> float | None:
    """MP a path costs, or ``None`` when the engine would refuse it."""
    try:
        return path_cost(game, stack, path)
    except IllegalAction:
        return None


def adjacent(game: Game, a: str, b: str) -> bool:
    return any(link.to == b for link in game.world.neighbours(a))


class DragPath:
    """The path a dragged stack follows, region by region."""

    def __init__(self, game: Game, stack: StackState, dests: dict[str, Destination]) -> None:
        self.game, self.stack, self.dests = game, stack, dests
        self.free_form = not flying(game)
        self.path: list[str] = []
        self.cost = 0.0
        self.pointer: str | None = None
        """The region under the pointer (may be out of reach)."""

    @property
    def origin(self) -> str:
        return self.stack.region

    def enter(self, region: str | None) -> None:
        """The pointer is now over ``region`` (``None``: off the map)."""
        self.pointer = region
        if region is None or region == self.origin:
            if region == self.origin:
                self.path, self.cost = [], 0.0
            return
        if region in self.path:
            del self.path[self.path.index(region) + 1 :]
            self._reprice()
            return
        last = self.path[-1] if self.path else self.origin
        if self.free_form and region in self.dests and adjacent(self.game, last, region):
            cost = self.price((*self.path, region))
            if cost is not None:
                self.path.append(region)
                self.cost = cost
                return
        if region in self.dests:
            self.path = list(self.dests[region].path)
            self._reprice()

    def _reprice(self) -> None:
        if not self.path:
            self.cost = 0.0
            return
        cost = self.price(tuple(self.path)) if self.free_form else None
        self.cost = cost if cost is not None else self.dests[self.path[-1]].cost

    def price(self, path: tuple[str, ...]) -> float | None:
        """MP the engine asks for ``path`` (``None``: refused); a WEGO route prices its own."""
        return price(self.game, self.stack, path)

    @property
    def end(self) -> str | None:
        return self.path[-1] if self.path else None

    def action(self) -> Move | None:
        """The move to apply when dropped where the pointer is, or ``None``."""
        end = self.end
        if end is None or end != self.pointer:
            return None
        dest = self.dests.get(end)
        if dest is None or not dest.legal:
            return None
        path = tuple(self.path)
        if self.free_form and self.price(path) is None:
            path = dest.path
        return Move(self.stack.id, path if self.free_form else dest.path)


def refusal(game: Game, stack_id: str, region: str, dests: dict[str, Destination]) -> str:
    """Why a stack cannot move to ``region`` (for the status bar)."""
    name = game.world.regions[region].name
    stack = game.state.stacks.get(stack_id)
    if stack is not None and region == stack.region:
        return ""
    dest = dests.get(region)
    if dest is not None and dest.kind == "overstack":
        return f"{name}: the stack would be over the stacking limit there"
    if stack is not None:
        why = movement.why_immobile(game, stack)
        if why is not None:
            return f"This stack cannot move: {why}"
    return f"{name} is out of reach of this stack"
