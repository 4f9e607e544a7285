"""Moving a stack on the map: where it may go, the path a drag follows, and what they cost.

Destinations come from the engine's legal actions (a region is offered only when a ``Move``
there is legal); what entering each means (a plain move, a battle, an overrun) and the MP it
costs come from :func:`engine.movement.reachable`, or :func:`engine.air.air_reach` for
flights; regions the stack could reach but not stop in (over-stacked) are shown too, so the
player sees why. The fog of war applies: a battle against enemies the mover cannot see is
shown as a plain move, since that is all its player knows until the stack runs into them.
(An overrun, enemies too weak to stop the stack, would tell their strength: the engine
never offers one against stacks hidden from the mover, so it shows as a battle.)

A drag follows the regions the pointer passes through as long as that path is a legal move
(the engine prices it); where it is not, the path jumps to the cheapest legal one.
"""

from __future__ import annotations

from dataclasses import dataclass

from editor.game.map.fog import NONE
from engine import movement
from engine.actions import Action, Move
from engine.air import air_reach
from engine.errors import IllegalAction
from engine.game import Game
from engine.phases.movement import path_cost
from engine.state import StackState


@dataclass(frozen=True)
class Destination:
    region: str
    kind: str
    """``move``, ``battle``, ``overrun`` or ``overstack`` (as the viewer may know it)."""
    cost: float
    path: tuple[str, ...]
    legal: bool
    """A move there is legal (never for ``overstack``)."""


def flying(game: Game) -> bool:
    return game.phase in ("air_offensive", "air_defensive")


def destinations(
    game: Game, stack_id: str, legal: list[Action], views: dict[str, str]
) -> dict[str, Destination]:
    """Where a stack may move now (empty when it may not move at all)."""
    stack = game.state.stacks.get(stack_id)
    moves = {a.path[-1]: a.path for a in legal if isinstance(a, Move) and a.stack == stack_id}
    if stack is None or not moves:
        return {}
    out: dict[str, Destination] = {}
    if flying(game):
        # Flights: only where a flight may end (the engine gives no finer kinds).
        for region, info in air_reach(game, stack_id).items():
            if region in moves:
                cost = float(info["cost"])
                out[region] = Destination(region, "move", cost, moves[region], True)
        return out
    for region, reach in movement.reachable(game, stack).items():
        allowed = region in moves
        if not allowed and reach.kind != "overstack":
            continue
        kind = reach.kind
        if kind in ("battle", "overrun"):
            kind = _kind_as_seen(game, stack, region, views, kind)
        out[region] = Destination(region, kind, reach.cost, moves.get(region, reach.path), allowed)
    return out


def _kind_as_seen(
    game: Game, stack: StackState, region: str, views: dict[str, str], kind: str
) -> str:
    """What entering a region held by the enemy means, as far as the mover's side knows."""
    enemies = movement.enemy_here(game, region, stack.side)
    if enemies and all(views.get(s.id) == NONE for s in enemies):
        return "move"
    return kind


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
            cost = price(self.game, self.stack, (*self.path, region))
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
        cost = price(self.game, self.stack, tuple(self.path)) if self.free_form else None
        self.cost = cost if cost is not None else self.dests[self.path[-1]].cost

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
        if self.free_form and price(self.game, self.stack, path) is None:
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
