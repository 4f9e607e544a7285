"""The AI's use of sea and air transport: boarding troops where the sea is the way to an
objective, sailing them there and putting them ashore, airlifting them between airfields and
dropping paratroops where a drop pays.

The greedy players (:mod:`.baseline` and the levels built on it) ask a :class:`Carrier` first
in the naval movement phase and in the offensive air phase; it answers with an action or
``None`` (nothing to carry: the player's own rules decide). Every action it gives is legal
(checked with ``game.is_legal`` before it is returned). Its judgement, in plain words:

- **Boarding.** A fighting land stack standing beside a friendly transport fleet in port
  boards it when some objective (a region worth VP to its side, not its own) is reached
  sooner by sea than by land: no land path at all, or more than one step longer. It must
  also be strong enough for the enemy it can see there (the player's attack ratio).
- **Sailing.** A fleet with troops aboard sails towards the waters off that objective (a sea
  region with a beach into it, or the objective's own friendly port) and puts them ashore
  there, at once if it arrives this phase. A fleet that cannot get nearer puts its troops
  ashore on the best coast it has, or keeps them aboard for the next turn when it has none.
- **Fetching.** An empty transport fleet sails to the nearest friendly port (by sea) where
  land troops stand that would board it if it lay there; they board once it is in, and it
  sails them at the next naval movement phase. Two fleets never fetch the same troops.
- **Flying.** Paratroops drop on an objective that is empty or weakly held; other troops fly
  from an airport to a friendly airport at least two steps nearer the enemy.

What the carrier plans is remembered per fleet for the game; a player made afresh (a loaded
save) works the plan out again from the board.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .. import board, movement
from ..actions import Action, Airlift, Disembark, Drop, Embark, Move
from ..air import airlift
from ..air.basing import has_role
from ..air.movement import routes, why_grounded
from ..naval import transport
from ..queries import where_can_go
from ..state import StackState
from .estimates import enemy_strength, region_value, stack_strength
from .fronts import distance_to_enemy

if TYPE_CHECKING:
    from collections.abc import Callable

    from ..game import Game

SEA_SPEED = 1
"""Steps a fleet is taken to gain on the land route before boarding pays (a sea route must
be shorter than the land route by more than this)."""
FLY_GAIN = 2
"""Steps nearer the enemy an airlift must bring troops."""


@dataclass
class Carrier:
    """The transport planner of one player for one game."""

    attack_ratio: float = 1.5
    """Land (or drop) on enemy units only with this many times their seen strength."""
    holds: Callable[[Game, StackState], bool] | None = None
    """Whether a stack must stay where it is (the player's guard of its objectives)."""
    plans: dict[str, str] = field(default_factory=dict)
    """Fleet id -> the region its troops are bound for."""
    ferries: set[str] = field(default_factory=set)
    """Friendly regions troops are shipped to because they were cut off from the war."""
    _done: set[tuple[int, str, str]] = field(default_factory=set)
    """(turn, phase, stack or fleet) already weighed and left alone."""
    _fetching: dict[tuple[int, str], set[str]] = field(default_factory=dict)
    """(turn, side) -> ports an empty fleet sails to this turn, to fetch the troops there."""

    # -- the hooks -------------------------------------------------------------------------------

    def steers(self, game: Game, stack: StackState) -> bool:
        """The carrier moves this fleet (it carries troops): the player's own mover skips it."""
        return (
            transport.by_sea(game)
            and movement.stack_domain(game, stack) == "naval"
            and bool(transport.fleet_cargo(game, stack))
        )

    def by_sea(self, game: Game) -> Action | None:
        """A boarding, a fleet's move with troops aboard, or a landing (naval movement phase)."""
        if game.phase != "naval_movement" or not transport.by_sea(game):
            return None
        if game.state.pending or game.state.battle is not None:
            return None
        side = game.active_side
        if game.to_act() != side:
            return None
        stacks = sorted(
            (s for s in game.state.stacks.values() if s.side == side), key=lambda s: s.id
        )
        for fleet in stacks:
            if self.steers(game, fleet):
                chosen = self._sail(game, fleet)
                if chosen is not None:
                    return chosen
        for fleet in stacks:
            if fleet.structure is None or movement.stack_domain(game, fleet) != "naval":
                continue
            chosen = self._board(game, fleet, stacks)
            if chosen is not None:
                return chosen
        for fleet in stacks:
            chosen = self._fetch(game, fleet, stacks)
            if chosen is not None:
                return chosen
        return None

    def by_air(self, game: Game) -> Action | None:
        """An airlift or a drop (offensive air phase)."""
        if game.phase != "air_offensive" or not airlift.airlifts(game):
            return None
        side = game.active_side
        if game.to_act() != side or game.state.pending or game.state.battle is not None:
            return None
        if not any(
            s.side == side and airlift.capacity(game, s) > 0 for s in game.state.stacks.values()
        ):
            return None  # no air transports: nothing to weigh
        best: tuple[float, str, Airlift | Drop] | None = None
        for action in _flights(game, side):
            key = (game.turn, game.phase, action.stack)
            if key in self._done:
                continue
            worth = self._flight_worth(game, action)
            if worth is not None and (best is None or (worth, repr(action)) > best[:2]):
                best = (worth, repr(action), action)
        if best is not None and game.is_legal(best[2]):
            self._done.add((game.turn, game.phase, best[2].stack))
            return best[2]
        return None

    # -- boarding ----------------------------------------------------------------------------------

    def _board(self, game: Game, fleet: StackState, stacks: list[StackState]) -> Action | None:
        for stack in stacks:
            key = (game.turn, game.phase, stack.id)
            if (
                stack.region != fleet.region
                or key in self._done
                or movement.stack_domain(game, stack) != "land"
                or stack.moved
                or stack_strength(game, stack) <= 0
            ):
                continue
            self._done.add(key)
            if self.holds is not None and self.holds(game, stack):
                continue
            units = _fitting(game, stack, fleet)
            if not units:
                continue
            strength = sum(_unit_strength(game, u) for u in units)
            target = self._objective_by_sea(game, stack.region, fleet.side, strength)
            if target is None and _stranded(game, stack.region, stack.side):
                target = _ferry(game, fleet)  # cut off from the war: ship it to the front
                if target is not None:
                    self.ferries.add(target)
            if target is None:
                continue
            whole = len(units) == len(stack.units)
            action = Embark(stack.id, fleet.id, () if whole else tuple(units))
            if game.is_legal(action):
                self.plans[fleet.id] = target
                return action
        return None

    def _objective_by_sea(self, game: Game, origin: str, side: str, strength: float) -> str | None:
        """The objective troops in ``origin`` reach sooner by sea (boarding in its port) than
        by land, if any."""
        by_sea = _sea_steps(game, origin, side)
        best: tuple[float, str] | None = None
        for target, steps in by_sea.items():
            value = region_value(game, target, side)
            if value <= 0 or board.side_of_region(game, target) == side:
                continue
            score = self._landing_score(game, target, side, strength)
            if score is None:
                continue
            overland = _land_steps(game, origin, target)
            if overland is not None and overland <= steps + SEA_SPEED:
                continue  # marching is as quick
            ranked = (score - 0.5 * steps, target)
            if best is None or ranked > best:
                best = ranked
        return best[1] if best is not None else None

    # -- fetching ----------------------------------------------------------------------------------

    def _fetch(self, game: Game, fleet: StackState, stacks: list[StackState]) -> Action | None:
        """An empty transport fleet sails to the friendly port where troops wait for a lift
        (troops that would board a fleet lying there: see :meth:`_board`), the nearest by sea
        first. They board as soon as it lies there; it sails them at the next naval phase."""
        key = (game.turn, game.phase, fleet.id)
        if (
            key in self._done
            or fleet.moved
            or movement.stack_domain(game, fleet) != "naval"
            or not any(transport.capacity(game, u) > 0 for u in fleet.units)
            or transport.fleet_cargo(game, fleet)
        ):
            return None
        self._done.add(key)
        side = fleet.side
        reach = _sea_steps(game, fleet.region, side)
        claimed = self._fetching.setdefault((game.turn, side), set())
        served = {
            s.region
            for s in stacks
            if s.id != fleet.id
            and s.structure is not None
            and movement.stack_domain(game, s) == "naval"
            and any(transport.capacity(game, u) > 0 for u in s.units)
        }
        best: tuple[int, float, str] | None = None
        for stack in stacks:
            region = stack.region
            if region == fleet.region or region in claimed or region in served:
                continue
            if region not in reach or not _friendly_port(game, region, side):
                continue
            strength = self._waiting(game, stack, fleet)
            if strength is None:
                continue
            ranked = (reach[region], -strength, region)
            if best is None or ranked < best:
                best = ranked
        if best is None:
            return None
        region = best[2]
        move = _towards(game, fleet, region)  # into its port, or the nearest waters
        if move is None or not game.is_legal(move):
            return None
        claimed.add(region)
        return move

    def _waiting(self, game: Game, stack: StackState, fleet: StackState) -> float | None:
        """The strength of ``stack`` that waits for a lift (what would board ``fleet`` if it
        lay in the stack's port), or ``None`` when the stack would not board."""
        if (
            stack.side != fleet.side
            or stack.moved
            or movement.stack_domain(game, stack) != "land"
            or stack_strength(game, stack) <= 0
            or (self.holds is not None and self.holds(game, stack))
        ):
            return None
        room = sum(transport.capacity(game, u) for u in fleet.units)
        units = _aboard(game, stack.units, room)
        strength = sum(_unit_strength(game, u) for u in units)
        if strength <= 0:
            return None
        wanted = self._objective_by_sea(game, stack.region, stack.side, strength)
        if wanted is None and not _stranded(game, stack.region, stack.side):
            return None
        return strength

    # -- sailing and landing -----------------------------------------------------------------------

    def _sail(self, game: Game, fleet: StackState) -> Action | None:
        side = fleet.side
        aboard = transport.fleet_cargo(game, fleet)
        strength = sum(_unit_strength(game, u) for u in aboard)
        target = self.plans.get(fleet.id)
        if target is not None and (
            (board.side_of_region(game, target) == side and target not in self.ferries)
            or self._landing_score(game, target, side, strength) is None
        ):
            target = None  # taken meanwhile, or now too strongly held
        if target is None:
            target = self._any_objective(game, fleet, strength)
            if target is None:
                target = _ferry(game, fleet)
                if target is not None:
                    self.ferries.add(target)
            if target is not None:
                self.plans[fleet.id] = target
        seen = transport.cargo(game, fleet)
        shores = list(seen.shores) if seen is not None else []
        if target is not None and any(s.region == target for s in shores):
            return _legal(game, Disembark(fleet.id, target))
        key = (game.turn, game.phase, fleet.id)
        if target is not None and not fleet.moved and key not in self._done:
            self._done.add(key)
            move = _towards(game, fleet, target)
            if move is not None and game.is_legal(move):
                return move
        # The fleet gets no nearer this phase: land where it pays, or keep the troops aboard.
        scored = [
            (score, s.region)
            for s in shores
            if (score := self._shore_score(game, s.region, side, strength)) is not None
        ]
        if scored and (target is None or fleet.moved):
            score, region = max(scored)
            if score > 0 and (target is None or _nearer(game, region, target, fleet)):
                return _legal(game, Disembark(fleet.id, region))
        return None

    def _any_objective(self, game: Game, fleet: StackState, strength: float) -> str | None:
        side = fleet.side
        best: tuple[float, str] | None = None
        for target, steps in _sea_steps(game, fleet.region, side).items():
            if board.side_of_region(game, target) == side:
                continue
            score = self._landing_score(game, target, side, strength)
            if score is not None and (best is None or (score - 0.5 * steps, target) > best):
                best = (score - 0.5 * steps, target)
        return best[1] if best is not None else None

    def _landing_score(self, game: Game, region: str, side: str, strength: float) -> float | None:
        """What landing troops of ``strength`` in an enemy or empty ``region`` is worth
        (``None``: too strongly held for them)."""
        value = region_value(game, region, side)
        enemies = movement.enemy_here(game, region, side)
        if enemies:
            theirs = enemy_strength(game, enemies, side)
            if strength < self.attack_ratio * theirs:
                return None
            return 10.0 + 5 * value
        return 6.0 + 5 * value

    def _shore_score(self, game: Game, region: str, side: str, strength: float) -> float | None:
        if board.side_of_region(game, region) != side:
            return self._landing_score(game, region, side, strength)
        return 4.0 / (1 + distance_to_enemy(game, region, side))

    # -- flying ------------------------------------------------------------------------------------

    def _flight_worth(self, game: Game, action: Airlift | Drop) -> float | None:
        side = game.active_side
        troops = game.state.stacks[action.stack]
        units = list(action.units) or list(troops.units)
        if self.holds is not None and len(units) == len(troops.units) and self.holds(game, troops):
            return None
        strength = sum(_unit_strength(game, u) for u in units)
        if strength <= 0:
            return None
        if isinstance(action, Drop):
            region = action.region
            if board.side_of_region(game, region) == side or region_value(game, region, side) <= 0:
                return None  # a drop pays only on an objective
            return self._landing_score(game, region, side, strength)
        region = game.world.structures[action.structure].region
        here = distance_to_enemy(game, troops.region, side)
        there = distance_to_enemy(game, region, side)
        if here - there < FLY_GAIN:
            return None
        return float(here - there)


# -- helpers --------------------------------------------------------------------------------------


def _flights(game: Game, side: str) -> list[Airlift | Drop]:
    """The airlifts and drops worth weighing: each stack of troops inside an airport with
    transports flies what fits aboard (paratroops alone for a drop), to every friendly
    airport or, for a drop, every region the transports reach."""
    stacks = sorted((s for s in game.state.stacks.values() if s.side == side), key=lambda s: s.id)
    out: list[Airlift | Drop] = []
    for planes in stacks:
        room = airlift.capacity(game, planes)
        if planes.structure is None or room <= 0 or why_grounded(game, planes) is not None:
            continue
        reach = routes(game, planes)
        for troops in stacks:
            if troops is planes or troops.structure != planes.structure or troops.moved:
                continue
            if movement.stack_domain(game, troops) != "land":
                continue
            riders = _aboard(game, troops.units, room)
            if riders:
                named = () if len(riders) == len(troops.units) else tuple(riders)
                out.extend(
                    Airlift(planes.id, troops.id, s.id, named)
                    for s in game.world.scenario.structures
                    if s.region in reach
                    and s.id != troops.structure
                    and board.side_of_structure(game, s.id) == side
                )
            if not airlift.drops(game):
                continue
            jumpers = _aboard(
                game,
                [u for u in troops.units if has_role(game, u, "paratroop")],
                room,
            )
            if jumpers:
                named = () if len(jumpers) == len(troops.units) else tuple(jumpers)
                out.extend(Drop(planes.id, troops.id, r, named) for r in sorted(reach))
    return out


def _aboard(game: Game, units: list[str], room: int) -> list[str]:
    """The strongest of ``units`` that fit ``room`` stacking points together."""
    chosen: list[str] = []
    for unit_id in sorted(units, key=lambda u: (-_unit_strength(game, u), u)):
        if game.state.units[unit_id].domain != "land":
            continue
        if (
            sum(transport.load_of(game, u) for u in chosen) + transport.load_of(game, unit_id)
            <= room
        ):
            chosen.append(unit_id)
    return chosen


def _stranded(game: Game, region: str, side: str) -> bool:
    """No land way leads from ``region`` to any region an enemy holds (an island, a
    shore the war has left behind): troops there only matter once shipped."""
    world = game.world
    seen = {region}
    queue = deque([region])
    while queue:
        here = queue.popleft()
        owner = board.side_of_region(game, here)
        if owner is not None and world.at_war(side, owner):
            return False
        for link in world.neighbours(here):
            if link.to in seen or world.domain(link.to) != "land" or link.kind.only_from_sea:
                continue
            seen.add(link.to)
            queue.append(link.to)
    return True


def _ferry(game: Game, fleet: StackState) -> str | None:
    """The friendly shore within sailing reach nearest the enemy overland, for troops cut off
    from the war (``None``: none is nearer the front than where the fleet lies)."""
    side = fleet.side
    best: tuple[int, int, str] | None = None
    for region, steps in _sea_steps(game, fleet.region, side).items():
        if board.side_of_region(game, region) != side or _stranded(game, region, side):
            continue
        ranked = (distance_to_enemy(game, region, side), steps, region)
        if best is None or ranked < best:
            best = ranked
    return best[2] if best is not None else None


def _legal(game: Game, action: Action) -> Action | None:
    return action if game.is_legal(action) else None


def _unit_strength(game: Game, unit_id: str) -> float:
    """The unit's fighting weight, measured as the greedy players measure stacks."""
    alone = StackState("", game.state.units[unit_id].side, "", [unit_id])
    return stack_strength(game, alone)


def _fitting(game: Game, stack: StackState, fleet: StackState) -> list[str]:
    """The units of ``stack`` that board ``fleet`` together: all of them when they fit, else
    the strongest that fit (each added only if the whole still fits)."""
    if transport.embark_refusal(game, stack, fleet) is None:
        return list(stack.units)
    chosen: list[str] = []
    for unit_id in sorted(stack.units, key=lambda u: (-_unit_strength(game, u), u)):
        if transport.embark_refusal(game, stack, fleet, [*chosen, unit_id]) is None:
            chosen.append(unit_id)
    return chosen if any(_unit_strength(game, u) > 0 for u in chosen) else []


def _is_sea(game: Game, region: str) -> bool:
    return game.world.domain(region) in ("sea", "lake")


def _sea_steps(game: Game, start: str, side: str, limit: int = 16) -> dict[str, int]:
    """For each land region troops aboard a fleet in ``start`` could be put ashore in, the
    fewest steps (sea regions sailed through, plus the step ashore): over a beach, or into
    a friendly port of the region."""
    world = game.world
    seen = {start: 0}
    queue = deque([start])
    shores: dict[str, int] = {}
    while queue:
        here = queue.popleft()
        steps = seen[here]
        afloat = _is_sea(game, here)
        for link in world.neighbours(here):
            if _is_sea(game, link.to):
                # A fleet in port only leaves it for the sea; at sea it sails on.
                if link.to not in seen and steps < limit:
                    seen[link.to] = steps + 1
                    queue.append(link.to)
            elif (
                afloat
                and world.domain(link.to) == "land"
                and (link.kind.only_from_sea or _friendly_port(game, link.to, side))
            ):
                shores[link.to] = min(shores.get(link.to, limit + 1), steps + 1)
    return shores


def _friendly_port(game: Game, region: str, side: str) -> bool:
    return any(
        s.port and board.side_of_structure(game, s.id) == side
        for s in game.world.structures_in[region]
    )


def _land_steps(game: Game, start: str, goal: str, limit: int = 24) -> int | None:
    """Fewest steps over land from ``start`` to ``goal`` (no beach crossed from the sea, no
    sea region entered), ``None`` when there is no such way within ``limit``."""
    world = game.world
    seen = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        if here == goal:
            return seen[here]
        if seen[here] >= limit:
            continue
        for link in world.neighbours(here):
            if link.to in seen or world.domain(link.to) != "land" or link.kind.only_from_sea:
                continue
            seen[link.to] = seen[here] + 1
            queue.append(link.to)
    return None


def _waters_off(game: Game, target: str, side: str) -> set[str]:
    """Sea regions from which troops aboard can go ashore in ``target``."""
    world = game.world
    out = set()
    for region in world.regions:
        if not _is_sea(game, region):
            continue
        for link in world.neighbours(region):
            if link.to == target and (
                link.kind.only_from_sea or _friendly_port(game, target, side)
            ):
                out.add(region)
    return out


def _sea_distance(game: Game, sources: set[str]) -> dict[str, int]:
    """Steps over sea regions from each sea region to the nearest of ``sources``."""
    world = game.world
    found = dict.fromkeys(sources, 0)
    queue = deque(sources)
    while queue:
        here = queue.popleft()
        for link in world.neighbours(here):
            if link.to not in found and _is_sea(game, link.to):
                found[link.to] = found[here] + 1
                queue.append(link.to)
    return found


def _towards(game: Game, fleet: StackState, target: str) -> Move | None:
    """The fleet's move that brings it off ``target`` (cheapest), else nearest to it; ``None``
    when no move gets nearer than where it is."""
    side = fleet.side
    waters = _waters_off(game, target, side)
    distance = _sea_distance(game, waters)
    options: list[tuple[int, float, str, Move]] = []
    for region, dest in where_can_go(game, fleet).items():
        if not dest.legal:
            continue
        if region == target and _friendly_port(game, target, side):
            steps = -1  # into the objective's own port: ashore at the next decision
        elif region in distance:
            steps = distance[region]
        else:
            continue
        options.append((steps, dest.cost, region, Move(fleet.id, dest.path)))
    if not options:
        return None
    steps, _, _, move = min(options, key=lambda o: o[:3])
    if steps >= distance.get(fleet.region, 1 << 30):
        return None
    return move


def _nearer(game: Game, region: str, target: str, fleet: StackState) -> bool:
    """Landing in ``region`` leaves the troops no farther overland from ``target`` than the
    fleet's waters are by sea (they march on from there)."""
    overland = _land_steps(game, region, target)
    by_sea = _sea_distance(game, _waters_off(game, target, fleet.side)).get(fleet.region)
    return overland is not None and (by_sea is None or overland <= by_sea + 1)
