"""The baseline AI's breakdowns in play under the operational rules (OU12, OU13): a unit
splits to take several victory locations at once.

A breakdown in play costs the turn (the parts stand still, OU13) and leaves weaker units, so
the AI breaks down only where that buys something it could not get whole: a fighting unit
that the rules let break down, with no enemy the side sees within ``BREAK_CLEAR`` hexes, and
at least ``SPLIT_FOR`` more victory locations worth VP to its side within ``GARRISON_REACH``
hexes of it than the side's other stacks there could take: locations its side does not hold,
with none of its units and no enemy it sees on them. One counter takes one location a turn;
its parts take one each. Units are taken in id order, and the locations a breakdown is meant
for are not counted again for the next unit, so a seed fixes the choice.

:func:`spread_parts` then sends the parts apart: once the plan is made, a stack of parts
whose move (or hold) would end on an open location another stack of parts already goes to,
or off every open location, goes instead toward the nearest open location no other stack
of parts goes to (onto it when it reaches it this turn, else to the hex it reaches nearest
it): the shared planner scores each stack alone, and would send all three to one hex.
:func:`wants_parts` asks the breakdown's question of a hex, so the AI does not combine
parts that should spread (:mod:`.ai_organise`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ... import board as places
from ...operational.artillery import fires
from ..orders import Order, OrderHold, OrderMove
from ..plan import routes
from . import ai_setup, organise, state, supply
from .actions import BreakDown

if TYPE_CHECKING:
    from ...game import Game
    from ...operational import OpUnit

BREAK_CLEAR = 4
"""Hexes: no enemy the side sees this close to a unit that breaks down in play."""
GARRISON_REACH = 4
"""Hexes: how far the open victory locations a breakdown is meant for may lie."""
SPLIT_FOR = 2
"""Open locations beyond what the side's other stacks nearby could take that make a
breakdown worth its turn."""


class _Picture:
    """What the rule reads of one side's map, once per call."""

    def __init__(self, game: Game, side: str) -> None:
        from .ai import _seen

        self.board = state.board_of(game)
        units = state.units(game)
        self.enemies = sorted({u.hex for u in _seen(game, side, units).values()})
        own = [u for u in units.values() if u.side == side]
        self.own_hexes = {u.hex for u in own}
        index = self.board.grid.find
        self.open: list[int] = sorted(
            h
            for loc in self.board.rules.victory.locations
            if loc.per_turn.get(side, 0) > 0
            and (h := index(loc.hex)) is not None
            and h not in self.own_hexes
            and h not in self.enemies
            and places.side_of_region(game, loc.hex) != side
        )

    def far(self, a: int, b: int) -> int:
        return int(self.board.grid.distance(a, b))

    def clear(self, here: int) -> bool:
        return all(self.far(e, here) > BREAK_CLEAR for e in self.enemies)

    def open_near(self, here: int, taken: set[int]) -> list[int]:
        """The open locations within reach of ``here`` not already meant for a breakdown."""
        return [h for h in self.open if h not in taken and self.far(h, here) <= GARRISON_REACH]

    def helpers_near(self, here: int) -> int:
        """The side's other occupied hexes within reach of ``here`` (each could take one)."""
        return sum(1 for h in self.own_hexes if h != here and self.far(h, here) <= GARRISON_REACH)


def _fighter(game: Game, unit: OpUnit) -> bool:
    rules = state.board_of(game).rules
    return (
        unit.defence > 0
        and unit.category not in ai_setup.SUPPORT
        and not supply.tree(game).is_hq(unit.id)
        and not fires(rules, unit)
    )


def garrison_breakdowns(game: Game, side: str) -> list[BreakDown]:
    """OU12, OU13 in play: the breakdowns that let the side take several open victory
    locations at once (see the module docstring)."""
    if not game.world.parts or not state.board_of(game).rules.victory.locations:
        return []  # the common case: nothing may break down, or nothing to take
    candidates = [
        (unit_id, unit)
        for unit_id, unit in sorted(state.units(game).items())
        if unit.side == side and organise.parts(game, unit_id) and _fighter(game, unit)
    ]
    if not candidates:
        return []  # read before the picture: the AI asks before every order it gives
    picture = _Picture(game, side)
    if len(picture.open) < SPLIT_FOR:
        return []
    taken: set[int] = set()
    out: list[BreakDown] = []
    for unit_id, unit in candidates:
        if not picture.clear(unit.hex):
            continue
        targets = picture.open_near(unit.hex, taken)
        if len(targets) - picture.helpers_near(unit.hex) < SPLIT_FOR:
            continue
        action = BreakDown(unit_id)
        if organise.break_refusal(game, side, action):
            continue
        out.append(action)
        pieces = len(organise.parts(game, unit_id))
        taken.update(sorted(targets, key=lambda h: (picture.far(h, unit.hex), h))[:pieces])
    return out


def wants_parts(game: Game, side: str, here: int) -> bool:
    """Whether parts standing on ``here`` should spread over open victory locations rather
    than combine (the breakdown rule's question, asked of their hex)."""
    if not state.board_of(game).rules.victory.locations:
        return False
    picture = _Picture(game, side)
    if not picture.clear(here):
        return False
    return len(picture.open_near(here, set())) - picture.helpers_near(here) >= SPLIT_FOR


def spread_parts(game: Game, side: str, orders: dict[str, Order]) -> None:
    """OU12 in play: the side's stacks of parts sent to different open victory locations,
    in place (see the module docstring); only orders ``game.is_legal`` accepts."""
    parts = game.world.parts
    if not parts or not state.board_of(game).rules.victory.locations:
        return
    mine = [
        s
        for s in sorted(game.state.stacks.values(), key=lambda s: s.id)
        if s.side == side and s.id in orders and s.units and all(u in parts for u in s.units)
    ]
    if not mine:
        return
    picture = _Picture(game, side)
    if not picture.open:
        return
    index = picture.board.grid.find
    open_ids = {picture.board.hex_ids[h] for h in picture.open}
    claimed: set[str] = set()
    movable = []
    for stack in mine:
        order = orders[stack.id]
        if not isinstance(order, (OrderMove, OrderHold)):
            continue  # an attack, a defence: the plan's reasons come first
        end = order.path[-1] if isinstance(order, OrderMove) and order.path else stack.region
        if end in open_ids and end not in claimed:
            claimed.add(end)
        else:
            movable.append(stack)
    for stack in movable:
        here = index(stack.region)
        if here is None or not picture.clear(here):
            continue
        free = [h for h in picture.open if picture.board.hex_ids[h] not in claimed]
        if not free:
            return
        aim = min(free, key=lambda h: (picture.far(h, here), h))
        # The aim itself when the stack reaches it this turn, else the hex nearest it.
        reach = sorted(
            (picture.far(there, aim), route.cost, region, route.path)
            for region, route in sorted(routes(game, stack).items())
            if route.path and (there := index(region)) is not None
        )
        for _far, _cost, _region, path in reach:
            better = OrderMove(stack.id, path)
            if game.is_legal(better):
                orders[stack.id] = better
                claimed.add(picture.board.hex_ids[aim])
                break
