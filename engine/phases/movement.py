"""Land movement phase (V1-V7, U4, U5): moving, splitting, merging, entrenching, and going in
and out of structures. Ships move here too, along sea connections."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from .. import board, movement, stack_index
from ..actions import (
    Action,
    EnterStructure,
    Entrench,
    LeaveStructure,
    Merge,
    Move,
    Split,
)
from ..errors import IllegalAction
from ..fog import search
from ..naval import sailing
from ..state import StackState
from ..world import Link
from .base import Phase

if TYPE_CHECKING:
    from ..game import Game


def _own_stack(game: Game, stack_id: str) -> StackState:
    stack = game.state.stacks.get(stack_id)
    if stack is None or stack.side != game.active_side:
        raise IllegalAction(f"'{stack_id}' is not a stack of the side to move")
    return stack


class LandMovement(Phase):
    name = "land_movement"
    card_timing: str | None = "land_movement"

    def domains(self, game: Game) -> tuple[str, ...]:
        """Stack domains that move in this phase: ships too unless the scenario plays the
        naval movement phase (aircraft fly in the air phases)."""
        return ("land",) if sailing.enabled(game) else ("land", "naval")

    def moves_here(self, game: Game, stack: StackState) -> bool:
        """The stack moves in this phase (by its domain)."""
        return movement.stack_domain(game, stack) in self.domains(game)

    def _movable_stack(self, game: Game, stack_id: str) -> StackState:
        """A stack of the side to move that moves in this phase."""
        stack = _own_stack(game, stack_id)
        if not self.moves_here(game, stack):
            domain = movement.stack_domain(game, stack)
            where = {"air": "the air phases", "naval": "the naval movement phase"}.get(
                domain, "the land movement phase"
            )
            raise IllegalAction(f"{domain} stacks move in {where}")
        return stack

    def begin(self, game: Game) -> None:
        # A new player-turn: the side's units that move in this phase have their full MP again.
        domains = set(self.domains(game))
        for unit in game.state.units.values():
            if unit.side == game.active_side and unit.domain in domains:
                unit.mp_spent = 0.0

    def actions(self, game: Game) -> list[Action]:
        out: list[Action] = []
        side = game.active_side
        places: dict[tuple[str, str | None], list[StackState]] = {}
        for stack in sorted(game.state.stacks.values(), key=lambda s: s.id):
            if stack.side != side or not self.moves_here(game, stack):
                continue
            places.setdefault((stack.region, stack.structure), []).append(stack)
            for _, reach in sorted(movement.reachable(game, stack).items()):
                if reach.kind != "overstack":
                    out.append(Move(stack.id, reach.path))
            if len(stack.units) > 1:
                out.extend(Split(stack.id, (u,)) for u in stack.units)
            if self._may_entrench(game, stack) is None:
                out.append(Entrench(stack.id))
            if stack.structure is not None:
                out.append(LeaveStructure(stack.id))
            else:
                out.extend(
                    EnterStructure(stack.id, s.id)
                    for s in game.world.structures_in[stack.region]
                    if self._may_enter(game, stack, s.id) is None
                )
        for group in places.values():
            if len(group) > 1:
                out.append(Merge(tuple(s.id for s in group)))
        return out

    def check(self, game: Game, action: Action) -> None:
        """What ``actions`` lists, and its equivalents: a move along any legal path, a split
        of any proper subset of a stack's units, a merge of any of the stacks in one place."""
        if isinstance(action, Move):
            stack = self._movable_stack(game, action.stack)
            if not action.path:
                raise IllegalAction("a move needs at least one region to go to")
            reason = movement.why_immobile(game, stack)
            if reason is not None:
                raise IllegalAction(reason)
            _plan(game, stack, action.path)
        elif isinstance(action, Split):
            stack = self._movable_stack(game, action.stack)
            units = list(dict.fromkeys(action.units))
            if not units or set(units) - set(stack.units) or len(units) == len(stack.units):
                raise IllegalAction("split off some of the stack's units, not none or all")
        elif isinstance(action, Merge):
            stacks = [self._movable_stack(game, s) for s in dict.fromkeys(action.stacks)]
            if len(stacks) < 2 or len({(s.region, s.structure) for s in stacks}) != 1:
                raise IllegalAction("only stacks standing in the same place can merge")
        elif isinstance(action, Entrench):
            reason = self._may_entrench(game, self._movable_stack(game, action.stack))
            if reason is not None:
                raise IllegalAction(reason)
        elif isinstance(action, EnterStructure):
            stack = self._movable_stack(game, action.stack)
            if stack.structure is not None:
                raise IllegalAction("this stack is already inside a structure")
            reason = self._may_enter(game, stack, action.structure)
            if reason is not None:
                raise IllegalAction(reason)
        elif isinstance(action, LeaveStructure):
            if self._movable_stack(game, action.stack).structure is None:
                raise IllegalAction("this stack is not inside a structure")
        else:
            raise IllegalAction(f"'{action.kind}' is not possible in the {self.name} phase")

    def apply(self, game: Game, action: Action) -> None:
        if isinstance(action, Move):
            self._move(game, _own_stack(game, action.stack), action.path)
        elif isinstance(action, Split):
            stack = _own_stack(game, action.stack)
            units = list(dict.fromkeys(action.units))
            fresh = board.split(game, stack, units)
            game.record("split", stack=stack.id, new_stack=fresh.id, units=units)
        elif isinstance(action, Merge):
            stacks = [_own_stack(game, s) for s in dict.fromkeys(action.stacks)]
            board.merge(game, stacks[0], stacks[1:])
            game.record("merged", stack=stacks[0].id, stacks=[s.id for s in stacks[1:]])
        elif isinstance(action, Entrench):
            stack = _own_stack(game, action.stack)
            stack.entrenched = True
            stack.moved = True
            game.record("entrenched", stack=stack.id, region=stack.region)
        elif isinstance(action, EnterStructure):
            stack = _own_stack(game, action.stack)
            stack.structure = action.structure
            # What is kept from where stacks stand (room in the field, enemies in the field)
            # changes with it.
            stack_index.touched(game.state, stack)
            game.record("entered", stack=stack.id, structure=action.structure)
        elif isinstance(action, LeaveStructure):
            stack = _own_stack(game, action.stack)
            game.record("left", stack=stack.id, structure=stack.structure)
            stack.structure = None
            stack_index.touched(game.state, stack)

    # -- rules of each action --------------------------------------------------------------------

    def _may_entrench(self, game: Game, stack: StackState) -> str | None:
        """U5: a land stack that has not moved, of nations allowed to dig in."""
        if stack.entrenched:
            return "already entrenched"
        if stack.moved or not movement.fresh(game, stack):
            return "only a stack that has not moved may entrench"
        if movement.stack_domain(game, stack) != "land":
            return "only land stacks entrench"
        nations = {game.world.nation_of(u) for u in stack.units}
        if not all(game.world.nations[n].entrench for n in nations):
            return "a nation of this stack may not entrench"
        return None

    def _may_enter(self, game: Game, stack: StackState, structure_id: str) -> str | None:
        structure = game.world.structures.get(structure_id)
        if structure is None or structure.region != stack.region:
            return "that structure is not in this region"
        if board.side_of_structure(game, structure_id) != stack.side:
            return "only friendly structures can be entered"
        domain = movement.stack_domain(game, stack)
        if domain == "naval" and not structure.port:
            return "ships only enter ports"
        capacity = getattr(structure.capacity, "naval" if domain == "naval" else "land")
        if capacity is not None:
            inside = sum(
                movement.stacking_points(game, s)
                for s in board.stacks_in(game, stack.region, stack.side)
                if s.structure == structure_id
            )
            if inside + movement.stacking_points(game, stack) > capacity:
                return f"'{structure_id}' has no room left"
        return None

    # -- moving ------------------------------------------------------------------------------------

    def _move(self, game: Game, stack: StackState, path: tuple[str, ...]) -> None:
        plan = _plan(game, stack, path)
        origin = stack.region
        if stack.structure is not None:
            stack.structure = None  # leaving a structure costs nothing
        previous = origin
        for step, (region, link) in enumerate(zip(path, plan.links, strict=True)):
            enemies = movement.enemy_here(game, region, stack.side)
            if enemies:
                if plan.overruns[step]:
                    self._overrun(game, stack, region, enemies)
                else:
                    board.relocate(game, stack, region)
                    stack.came_from, stack.crossed = previous, link.connection.id
                    search(game, stack, region)
                    break
            board.relocate(game, stack, region)
            stack.came_from, stack.crossed = previous, link.connection.id
            if (
                board.side_of_region(game, region) not in (stack.side, None)
                and not (movement.enemy_here(game, region, stack.side))
            ) or board.side_of_region(game, region) is None:
                board.capture_region(game, region, stack.side)
            previous = region
        for unit_id in stack.units:
            unit = game.state.units[unit_id]
            unit.mp_spent = (
                float(movement.unit_movement(game, unit_id))
                if plan.spends_all
                else unit.mp_spent + plan.cost
            )
        stack.moved = True
        game.record(
            "move", stack=stack.id, path=[origin, *path], cost=plan.cost, units=list(stack.units)
        )
        if sailing.sails(game, movement.stack_domain(game, stack)):
            port = sailing.port_for(game, stack, stack.region)
            if game.world.domain(stack.region) != "sea" and port is not None:
                # Ships on the coast lie in a friendly port: it is their base.
                stack.structure = port
                stack_index.touched(game.state, stack)
                game.record("entered", stack=stack.id, structure=port)
        self._join_entrenched(game, stack)

    def _overrun(
        self, game: Game, stack: StackState, region: str, enemies: list[StackState]
    ) -> None:
        victims = [u for s in enemies for u in s.units]
        game.record("overrun", stack=stack.id, region=region, units=victims)
        for unit_id in victims:
            board.eliminate(game, unit_id, "overrun")

    def _join_entrenched(self, game: Game, stack: StackState) -> None:
        # U5: units entering a region where a friendly stack is dug in share its entrenchment.
        for other in board.stacks_in(game, stack.region, stack.side):
            if other.id != stack.id and other.entrenched and other.structure is None:
                board.merge(game, other, [stack])
                return

    def end(self, game: Game) -> None:
        for stack in game.state.stacks.values():
            stack.moved = False


def path_cost(game: Game, stack: StackState, path: tuple[str, ...]) -> float:
    """The MP a move of ``stack`` along ``path`` would cost now, priced exactly as the move
    itself is (for a view showing the cost of a path being dragged). Raises
    :class:`IllegalAction` when the move would be refused."""
    return _plan(game, stack, path).cost


class _Plan:
    """A checked move: its cost, the links it crosses, whether it ends all movement."""

    def __init__(self) -> None:
        self.cost = 0.0
        self.links: list[Link] = []
        self.spends_all = False
        self.stops_in_battle = False
        self.overruns: list[bool] = []
        """Per step: the enemies there are overrun (V2)."""


def _plan(game: Game, stack: StackState, path: tuple[str, ...]) -> _Plan:
    side, domain = stack.side, movement.stack_domain(game, stack)
    plan = _Plan()
    here = stack.region
    combat = movement.has_combat_unit(game, stack)
    all_rail = domain == "land" and movement.uses_rail(game, side)
    all_road = domain == "land"
    plain = 0.0
    left = movement.mp_left(game, stack)
    if len(set(path)) != len(path) or here in path:
        raise IllegalAction("a move never passes through a region twice")
    for index, region in enumerate(path):
        link = next((lk for lk in game.world.neighbours(here) if lk.to == region), None)
        if link is None:
            raise IllegalAction(f"no connection leads from '{here}' to '{region}'")
        refusal = movement.step_refusal(game, side, domain, link)
        if refusal is not None:
            raise IllegalAction(refusal)
        enemies = movement.enemy_here(game, region, side)
        if sailing.sails(game, domain) and game.world.domain(region) != "sea":
            enemies = []  # ships sail into a friendly port, past the enemy in the field
        last = index == len(path) - 1
        all_rail = all_rail and movement.on_network(game, side, link, "rail", here)
        all_road = all_road and movement.on_network(game, side, link, "road", here)
        plain += movement.plain_cost(game, link, domain)
        overrun = False
        if enemies:
            if not combat:
                raise IllegalAction(
                    "only a stack with a combat unit may enter an enemy-held region"
                )
            # V2: an overrun needs the strength and the MP it costs, left after entering
            # (a crossing that spends all MP leaves none).
            after = -1.0 if link.kind.uses_all_movement else left - plain
            overrun = movement.overruns(game, stack, enemies, after)
            if not overrun and not last:
                raise IllegalAction(f"the move must stop in '{region}': enemy units are there")
            if overrun:
                plain += game.scenario.rules.movement.overrun_mp_cost
            else:
                plan.stops_in_battle = True
                plan.spends_all = True
        plan.overruns.append(overrun)
        if link.kind.uses_all_movement:
            plan.spends_all = True
            if not last:
                raise IllegalAction(f"crossing to '{region}' ends the move")
            plain = max(plain, left)  # priced plainly, such a crossing takes every MP left
        plan.links.append(link)
        here = region
    rules = game.scenario.rules.movement
    # M4: priced plainly, by road or by rail, as a whole; the cheapest way that applies.
    prices = [plain]
    if all_rail and not plan.stops_in_battle:
        prices.append(rules.rail_cost_per_region * len(path))
    if all_road and not plan.stops_in_battle:
        prices.append(float(math.ceil(rules.road_cost_per_region * len(path))))
    plan.cost = float(min(prices))
    if plan.cost > left:
        minimal = rules.minimal_move and movement.fresh(game, stack) and len(path) == 1
        if not minimal:
            raise IllegalAction(f"the move costs {plan.cost:g} MP and the stack has {left:g}")
        # V4: the minimal move costs what the stack has, all of it.
        plan.spends_all = True
        plan.cost = left
    if domain == "land" and not plan.stops_in_battle and not movement.fits(game, stack, path[-1]):
        raise IllegalAction(f"the stack would break the stacking limit of '{path[-1]}'")
    if sailing.sails(game, domain):
        refusal = sailing.may_end(game, stack, path[-1])
        if refusal is not None:
            raise IllegalAction(refusal)
    return plan
