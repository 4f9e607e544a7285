"""The baseline AI's engineer orders under the operational rules (OO14, OE2, OE4, OE5).

Once its plan is made, the side gives work to each engineer that has no order yet and whose
stack stays where it is this turn (its plan gives it no route), from what it sees (OI10):

- **Breach** (OE2): a combat engineer next to a minefield breaches it (a lane helps every
  later move and attack across it).
- **Destroy a bridge** (OE4, OE7): a bridging engineer beside a standing bridge destroys it
  when an enemy the side sees within ``DEMOLISH_REACH`` hexes stands nearer the far bank
  than the near one (the enemy would come over it), unless the side still needs it: no
  order of its plan crosses toward the far bank or attacks there, and none of its stacks
  ends the turn nearer the far bank than the near one. Its own stacks falling back over the
  bridge this turn are over by then: the roll comes at the end of the turn (OT8).
- **Repair a bridge** (OE4): beside a destroyed bridge, when no such enemy threatens to use it.
- **Build a pontoon** (OE5): a bridging engineer on a river bank without a bridge builds one
  when an enemy hex it sees, or a victory location worth VP to the side that it does not
  hold, lies within ``PONTOON_REACH`` hexes and a hex across a river the pontoon would span
  (OH11: a major one only at a crossing site) is nearer it (its attack needs the crossing),
  and no enemy it sees stands next to the engineer's hex (OE6 would take the pontoon up at
  once).

Before that (:func:`hold_engineers`, with the plan's refinements) a stack of engineers only
that the plan would move stays instead when one of its bridging engineers has such work
here, is still building a pontoon, or keeps the side's finished pontoon in place (OE6: it goes
when no bridging engineer is left in its hex). Every order is one
:func:`engine.wego.op.works.options` lists, so the AI never gives one a player could not.
"""

from __future__ import annotations

from itertools import pairwise
from typing import TYPE_CHECKING

from ...operational.works import Option, spannable
from ..orders import Order, OrderAttack, OrderHold
from . import state, works
from .actions import OrderEngineer

if TYPE_CHECKING:
    from ...game import Game
    from ...operational import OpBoard, OpUnit

WANTED = ("breach", "repair_bridge", "destroy_bridge", "pontoon")
"""The tasks the baseline AI gives, in order of preference."""

DEMOLISH_REACH = 4
"""Hexes: an enemy this close to a bridge, on its far side, gets it destroyed."""

PONTOON_REACH = 6
"""Hexes: an enemy or a victory location this close across a river gets a pontoon built."""

ENGINEERS = ("combat_engineer", "bridging_engineer")


class _Sight:
    """What the side sees and plans, read once for all its engineers."""

    def __init__(self, game: Game, side: str, orders: list[Order]) -> None:
        from .ai import _seen

        self.board: OpBoard = state.base_board(game)
        self.enemies = sorted({u.hex for u in _seen(game, side, state.units(game)).values()})
        index = self.board.grid.find
        self.crossings: set[tuple[int, int]] = set()
        self.targets: set[int] = set()
        self.ends: list[int] = []
        by_stack = {o.stack: o for o in orders}
        for stack in game.state.stacks.values():
            if stack.side != side:
                continue
            order = by_stack.get(stack.id)
            path = [stack.region, *getattr(order, "path", ())]
            steps = [h for h in (index(r) for r in path) if h is not None]
            self.crossings.update(pairwise(steps))
            if steps:
                self.ends.append(steps[-1])
            if isinstance(order, OrderAttack):
                aim = index(order.target)
                if aim is not None:
                    self.targets.add(aim)
                    if steps:
                        self.crossings.add((steps[-1], aim))
        held = {u.hex for u in state.units(game).values() if u.side == side}
        self.goals = sorted(
            {
                h
                for loc in self.board.rules.victory.locations
                if loc.per_turn.get(side, 0) > 0
                and (h := index(loc.hex)) is not None
                and h not in held
            }
            | set(self.enemies)
        )

    def far(self, a: int, b: int) -> int:
        return int(self.board.grid.distance(a, b))

    def threat(self, here: int, there: int) -> bool:
        """An enemy near the bridge ``here``-``there`` stands nearer its far bank."""
        return any(
            self.far(e, here) <= DEMOLISH_REACH and self.far(e, there) < self.far(e, here)
            for e in self.enemies
        )

    def needed(self, here: int, there: int) -> bool:
        """The side's plan crosses toward ``there`` or leaves a stack on that bank."""
        if (here, there) in self.crossings or there in self.targets:
            return True
        return any(
            self.far(e, here) <= DEMOLISH_REACH and self.far(e, there) < self.far(e, here)
            for e in self.ends
        )

    def wants(self, unit: OpUnit, option: Option) -> bool:
        here, there = unit.hex, option.toward
        if option.task == "breach":
            return True
        if option.task == "destroy_bridge":
            return self.threat(here, there) and not self.needed(here, there)
        if option.task == "repair_bridge":
            return not self.threat(here, there)
        return self.crossing_wanted(here)

    def crossing_wanted(self, here: int) -> bool:
        """OE5: a goal across a river of ``here`` within reach, no enemy next to it."""
        if any(self.far(e, here) <= 1 for e in self.enemies):
            return False
        across = [
            int(n)
            for s, n in zip(self.board.side_of[here], self.board.neighbours[here], strict=True)
            if s >= 0 and n >= 0 and spannable(self.board, int(s))
        ]
        return any(
            self.far(g, here) <= PONTOON_REACH and self.far(g, n) < self.far(g, here)
            for g in self.goals
            for n in across
        )


def engineer_actions(game: Game, side: str, orders: list[Order]) -> list[OrderEngineer]:
    """The orders of the side's idle engineers that stay put (see the module docstring)."""
    moving = {o.stack for o in orders if getattr(o, "path", ())}
    given = works.orders(game, side)
    sight: _Sight | None = None
    ids = state.base_board(game).hex_ids
    out: list[OrderEngineer] = []
    for stack in sorted(game.state.stacks.values(), key=lambda s: s.id):
        if stack.side != side or stack.id in moving:
            continue
        for unit_id, unit in state.stack_units(game, stack).items():
            if unit_id in given or unit.category not in ENGINEERS:
                continue
            found: dict[str, Option] = {o.task: o for o in works.options(game, side, unit_id)}
            if not found:
                continue
            sight = sight or _Sight(game, side, orders)
            for task in WANTED:
                option = found.get(task)
                if option is not None and sight.wants(unit, option):
                    toward = ids[option.toward] if option.toward >= 0 else ""
                    out.append(OrderEngineer(unit_id, task, toward))
                    break
    return out


def _engineer(game: Game, unit_id: str) -> bool:
    kind = game.world.unit_type(unit_id)
    return (
        kind is not None
        and kind.operational is not None
        and (kind.operational.category in ENGINEERS)
    )


def hold_engineers(game: Game, side: str, orders: dict[str, Order]) -> None:
    """A stack of engineers only that the plan moves stays when a bridging engineer of it has
    work here (see the module docstring); in place, each change only when legal."""
    given = works.orders(game, side)
    pontoons = ((game.state.operational or {}).get("works") or {}).get("pontoons", {})
    sight: _Sight | None = None
    crews: dict[str, dict[str, OpUnit]] = {}
    for stack_id, order in sorted(orders.items()):
        stack = game.state.stacks[stack_id]
        if not getattr(order, "path", ()) or not all(_engineer(game, u) for u in stack.units):
            continue  # the type is read first: most stacks hold no engineer
        units = state.stack_units(game, stack)
        if units and all(u.category in ENGINEERS for u in units.values()):
            crews[stack_id] = units
    # The crossings the plan needs are those of the other stacks: the engineers' own moves
    # are what may be replaced.
    others = [o for k, o in orders.items() if k not in crews]
    for stack_id, units in crews.items():
        stack = game.state.stacks[stack_id]
        keep = False
        for unit_id, unit in units.items():
            if unit.category != "bridging_engineer":
                continue
            if unit_id in given or pontoons.get(stack.region) == side:
                keep = True
                break
            sight = sight or _Sight(game, side, others)
            options = works.options(game, side, unit_id)
            if any(o.task != "repair_bridge" and sight.wants(unit, o) for o in options):
                keep = True
                break
        hold = OrderHold(stack_id)
        if keep and game.is_legal(hold):
            orders[stack_id] = hold
