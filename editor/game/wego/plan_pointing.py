"""What the WEGO plan's map reads as the pointer moves, before an order is given.

A drag's path priced as a WEGO route, whether a stack may still be set up by a Ctrl+click
(OT1), the odds an attack order would have where the pointer rests (operational rules), and
the protocol of a plan's part that takes the next click as a hex. They are apart from
:class:`~editor.game.wego.plan_map.PlanMapView` because they read the engine and say words,
with nothing of the view's own state.
"""

from __future__ import annotations

from typing import Protocol

from editor.game.map.moves import DragPath
from editor.game.wego.orders import attack_odds_words, order_to
from engine.errors import IllegalAction
from engine.game import Game
from engine.queries import Destination
from engine.state import StackState
from engine.wego import family, plan
from engine.wego.orders import OrderAttack


def setup_open(game: Game, stack: StackState) -> bool:
    """OT1: whether ``stack`` may be set up now (turn 1 of an operational game, standing in
    its side's setup zone): a Ctrl+click on another hex of the zone sets it up there."""
    if not family.operational(game) or game.state.turn != 1:
        return False
    from engine.wego.op import state, zones

    hexes = zones.setup_hexes(game, stack.side)
    index = state.board_of(game).id_index.get(stack.region)
    return index is not None and index in hexes


class MapPicker(Protocol):
    """Something of the plan that takes the map's next click as a hex (an asset's target):
    while it is set, a click anywhere means the hex under it, not a counter or a move."""

    def hover(self, region: str | None) -> None: ...
    def click(self, region: str | None) -> None: ...
    def cancel_picking(self) -> None: ...


class WegoDragPath(DragPath):
    """A drag's path priced as a WEGO route (step by step, :func:`engine.wego.plan.path_cost`;
    into a region of enemies as an attack), not as an IGOUGO move."""

    def price(self, path: tuple[str, ...]) -> float | None:
        if not path:
            return 0.0
        dest = self.dests.get(path[-1])
        attack = dest is not None and dest.kind == "battle"
        try:
            if attack:
                return plan.path_cost(self.game, self.stack, path[:-1], path[-1])
            return plan.path_cost(self.game, self.stack, path, None)
        except IllegalAction:
            return None


def attack_words(
    game: Game,
    stack: StackState,
    dest: Destination | None,
    waypoints: tuple[str, ...],
    mode: str,
    wait: int,
) -> str | None:
    """Pointing at an enemy ``stack`` may attack, in a game of the operational rules: the
    status bar's words for the odds the click's attack order would have (from the engine's
    odds preview), before anything is ordered; ``None`` elsewhere."""
    if dest is None or dest.kind != "battle" or not family.operational(game):
        return None
    try:
        order = order_to(game, stack.id, waypoints, dest.region, attack=dest, mode=mode, wait=wait)
    except IllegalAction:
        return None
    assert isinstance(order, OrderAttack)
    name = game.world.regions[dest.region].name
    odds = attack_odds_words(game, order)
    return f"{name}: attack, {dest.cost:g} MP, {odds} (click to order it)"
