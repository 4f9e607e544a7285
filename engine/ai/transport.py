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
save) works the plan out again from the board. Who goes aboard is :mod:`.cargo`'s answer and
the ways by sea and land are :mod:`.sea_routes`'.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .. import board, movement
from ..actions import Action, Airlift, Disembark, Drop, Embark
from ..air import airlift
from ..naval import transport
from ..state import StackState
from . import cargo, sea_routes
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
        for action in cargo.flights(game, side):
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
            units = cargo.fitting(game, stack, fleet)
            if not units:
                continue
            strength = sum(cargo.unit_strength(game, u) for u in units)
            target = self._objective_by_sea(game, stack.region, fleet.side, strength)
            if target is None and sea_routes.stranded(game, stack.region, stack.side):
                target = sea_routes.ferry(game, fleet)  # cut off from the war: ship it to the front
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
        by_sea = sea_routes.sea_steps(game, origin, side)
        best: tuple[float, str] | None = None
        for target, steps in by_sea.items():
            value = region_value(game, target, side)
            if value <= 0 or board.side_of_region(game, target) == side:
                continue
            score = self._landing_score(game, target, side, strength)
            if score is None:
                continue
            overland = sea_routes.land_steps(game, origin, target)
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
        reach = sea_routes.sea_steps(game, fleet.region, side)
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
            if region not in reach or not sea_routes.friendly_port(game, region, side):
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
        move = sea_routes.towards(game, fleet, region)  # into its port, or the nearest waters
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
        units = cargo.aboard(game, stack.units, room)
        strength = sum(cargo.unit_strength(game, u) for u in units)
        if strength <= 0:
            return None
        wanted = self._objective_by_sea(game, stack.region, stack.side, strength)
        if wanted is None and not sea_routes.stranded(game, stack.region, stack.side):
            return None
        return strength

    # -- sailing and landing -----------------------------------------------------------------------

    def _sail(self, game: Game, fleet: StackState) -> Action | None:
        side = fleet.side
        aboard = transport.fleet_cargo(game, fleet)
        strength = sum(cargo.unit_strength(game, u) for u in aboard)
        target = self.plans.get(fleet.id)
        if target is not None and (
            (board.side_of_region(game, target) == side and target not in self.ferries)
            or self._landing_score(game, target, side, strength) is None
        ):
            target = None  # taken meanwhile, or now too strongly held
        if target is None:
            target = self._any_objective(game, fleet, strength)
            if target is None:
                target = sea_routes.ferry(game, fleet)
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
            move = sea_routes.towards(game, fleet, target)
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
            if score > 0 and (target is None or sea_routes.nearer(game, region, target, fleet)):
                return _legal(game, Disembark(fleet.id, region))
        return None

    def _any_objective(self, game: Game, fleet: StackState, strength: float) -> str | None:
        side = fleet.side
        best: tuple[float, str] | None = None
        for target, steps in sea_routes.sea_steps(game, fleet.region, side).items():
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
        strength = sum(cargo.unit_strength(game, u) for u in units)
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


def _legal(game: Game, action: Action) -> Action | None:
    return action if game.is_legal(action) else None
