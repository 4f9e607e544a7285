"""Sea transport and landings (000 sections 3.2, 4.4 and 8; issue 11), with
``rules.transport.sea`` and ``rules.naval.enabled``.

Ships with a ``transport_capacity`` carry land units, counted in stacking points. In the naval
movement phase a land stack standing in a region whose friendly port holds a fleet boards it
(:func:`embark`); the fleet sails with it like with no cargo, and the units go ashore
(:func:`disembark`) inside the port the fleet lies in, or, with ``rules.transport.landings``, from
the fleet's sea region over a beach (a connection type with ``only_from_sea``) into a land
region, friendly or held by the enemy. Units ashore have spent all their MP: they stay where
they are for the rest of the turn and may not be carried again that turn.

Units aboard are off the map: status ``aboard``, no stack, ``carrier`` naming their ship. They
go where it goes, the enemy never sees them (they are in no stack), and they are lost with it.
Each unit rides one ship; boarding fills the ships in fleet order, largest units first.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from .. import board, movement
from ..errors import IllegalAction
from ..fog import search
from ..setup import new_stack
from ..state import StackState
from . import sailing

if TYPE_CHECKING:
    from ..game import Game
    from ..world import Link


def by_sea(game: Game) -> bool:
    """Land units may board ships in this scenario."""
    return sailing.enabled(game) and game.scenario.rules.transport.sea


def landings(game: Game) -> bool:
    """Units aboard may land over beaches."""
    return by_sea(game) and game.scenario.rules.transport.landings


# -- what ships carry -----------------------------------------------------------------------------


def capacity(game: Game, unit_id: str) -> int:
    """Stacking points of land units ``unit_id`` can carry (0: it is no carrier)."""
    if game.state.units[unit_id].leader:
        return 0
    unit_type = game.world.unit_type(unit_id)
    return unit_type.transport_capacity if unit_type is not None else 0


def load_of(game: Game, unit_id: str) -> int:
    """Stacking points a unit takes aboard."""
    if game.state.units[unit_id].leader:
        return game.world.leaders[unit_id].stacking
    unit_type = game.world.unit_type(unit_id)
    return unit_type.stacking if unit_type is not None else 0


def cargo_of(game: Game, carrier: str) -> list[str]:
    """Units aboard ``carrier``, in the scenario's unit order."""
    return [
        u.id for u in game.state.units.values() if u.status == "aboard" and u.carrier == carrier
    ]


def fleet_cargo(game: Game, fleet: StackState) -> list[str]:
    """Units aboard the ships of ``fleet``."""
    carriers = set(fleet.units)
    return [
        u.id for u in game.state.units.values() if u.status == "aboard" and u.carrier in carriers
    ]


def room(game: Game, carrier: str) -> int:
    """Stacking points still free aboard ``carrier``."""
    return capacity(game, carrier) - sum(load_of(game, u) for u in cargo_of(game, carrier))


def _berths(game: Game, fleet: StackState, units: list[str]) -> dict[str, str] | None:
    """Which ship of ``fleet`` each unit boards (largest units first, ships in fleet order),
    or ``None`` when some unit finds no room."""
    free = {c: room(game, c) for c in fleet.units if capacity(game, c) > 0}
    berths: dict[str, str] = {}
    for unit_id in sorted(units, key=lambda u: -load_of(game, u)):
        need = load_of(game, unit_id)
        ship = next((c for c, left in free.items() if left >= need), None)
        if ship is None:
            return None
        free[ship] -= need
        berths[unit_id] = ship
    return berths


def lose_cargo(game: Game, carrier: str, cause: str, *, withdrawn: bool = False) -> None:
    """A ship leaves play: what it carries goes with it (called by :mod:`engine.board`)."""
    for unit_id in cargo_of(game, carrier):
        if withdrawn:
            board.withdraw(game, unit_id, cause)
        else:
            board.eliminate(game, unit_id, cause)


# -- boarding -------------------------------------------------------------------------------------


def fleet_of(game: Game, fleet_id: str, side: str) -> StackState:
    """The fleet ``fleet_id`` of ``side``, or :class:`IllegalAction`."""
    fleet = game.state.stacks.get(fleet_id)
    if fleet is None or fleet.side != side:
        raise IllegalAction(f"'{fleet_id}' is not a fleet of the side to move")
    if movement.stack_domain(game, fleet) != "naval":
        raise IllegalAction(f"'{fleet_id}' is not a fleet")
    return fleet


def embark_refusal(
    game: Game, stack: StackState, fleet: StackState, units: list[str] | None = None
) -> str | None:
    """Why ``units`` of ``stack`` (all of it by default) may not board ``fleet`` now."""
    if not by_sea(game):
        return "sea transport is off (rules.transport.sea needs rules.naval.enabled)"
    boarding = list(stack.units) if units is None else units
    if not boarding or set(boarding) - set(stack.units):
        return "board some of the stack's own units"
    if any(game.state.units[u].domain != "land" for u in boarding):
        return "only land units board ships"
    if fleet.region != stack.region or fleet.structure is None:
        return "land units board ships lying in a friendly port of their region"
    if not any(capacity(game, c) > 0 for c in fleet.units):
        return "these ships carry no troops (no transport capacity)"
    if stack.moved:
        return "this stack has already moved this phase"
    reason = movement.why_immobile(game, StackState(stack.id, stack.side, stack.region, boarding))
    if reason is not None:
        return reason  # units that may not move may not sail either
    if _berths(game, fleet, boarding) is None:
        free = sum(max(0, room(game, c)) for c in fleet.units)
        need = sum(load_of(game, u) for u in boarding)
        return f"the ships have room for {free} stacking points, the stack needs {need}"
    return None


def embark(
    game: Game, stack: StackState, fleet: StackState, units: list[str] | None = None
) -> None:
    """Put ``units`` of ``stack`` (all of it by default) aboard ``fleet`` (checked by
    :func:`embark_refusal`)."""
    units = list(stack.units) if units is None else units
    berths = _berths(game, fleet, units)
    assert berths is not None
    stack_id = stack.id
    for unit_id in units:
        unit = game.state.units[unit_id]
        board.remove_from_stack(game, unit)
        unit.status, unit.carrier = "aboard", berths[unit_id]
    game.record(
        "embarked",
        stack=stack_id,
        fleet=fleet.id,
        region=fleet.region,
        units=units,
        carriers={u: berths[u] for u in units},
    )


# -- going ashore ---------------------------------------------------------------------------------

ShoreKind = Literal["port", "landing", "assault"]
"""Units go ashore inside the port the fleet lies in, land unopposed over a beach, or land over
a beach into a region held by enemy units (a battle follows)."""


@dataclass(frozen=True, slots=True)
class Shore:
    """A region a fleet may put its cargo ashore in."""

    region: str
    kind: ShoreKind
    connection: str | None
    """The beach crossed (``None`` in a port)."""


def shores(game: Game, fleet: StackState) -> list[Shore]:
    """Where ``fleet`` may put units ashore now (the units' own limits aside)."""
    if not by_sea(game):
        return []
    world = game.world
    if fleet.structure is not None and world.domain(fleet.region) == "land":
        return [Shore(fleet.region, "port", None)]
    if not landings(game) or world.domain(fleet.region) != "sea":
        return []
    if any(
        world.at_war(fleet.side, s.side) and movement.stack_domain(game, s) == "naval"
        for s in board.stacks_in(game, fleet.region)
    ):
        return []  # enemy ships in these waters bar any landing until they are beaten
    out: list[Shore] = []
    for link in world.neighbours(fleet.region):
        if not link.kind.only_from_sea or world.domain(link.to) != "land":
            continue
        if movement.step_refusal(game, fleet.side, "land", link) is not None:
            continue
        if any(s.region == link.to for s in out):
            continue
        enemies = movement.enemy_here(game, link.to, fleet.side)
        out.append(Shore(link.to, "assault" if enemies else "landing", link.connection.id))
    return out


def _beach(game: Game, fleet: StackState, region: str) -> Link | None:
    return next(
        (
            lk
            for lk in game.world.neighbours(fleet.region)
            if lk.to == region and lk.kind.only_from_sea
        ),
        None,
    )


def disembark_refusal(game: Game, fleet: StackState, region: str, units: list[str]) -> str | None:
    """Why ``units`` aboard ``fleet`` may not go ashore in ``region`` now, or ``None``."""
    shore = next((s for s in shores(game, fleet) if s.region == region), None)
    if shore is None:
        if not by_sea(game):
            return "sea transport is off (rules.transport.sea needs rules.naval.enabled)"
        return f"this fleet cannot put units ashore in '{region}' from where it is"
    aboard = set(fleet_cargo(game, fleet))
    if not units:
        return "the fleet carries no units"
    strangers = [u for u in units if u not in aboard]
    if strangers:
        return f"'{strangers[0]}' is not aboard this fleet"
    if shore.kind == "assault" and not any(
        board.is_combat(game, game.state.units[u]) for u in units
    ):
        return "only a landing with a combat unit may go ashore where enemy units stand"
    points = sum(load_of(game, u) for u in units)
    if shore.kind == "port":
        assert fleet.structure is not None
        if not structure_room(game, fleet.structure, fleet.side, points):
            return f"'{fleet.structure}' has no room for these units"
    elif shore.kind == "landing":
        limit = game.world.land_stacking(region, game.world.regions[region].network)
        if movement.region_load(game, region, fleet.side) + points > limit:
            return f"the units would break the stacking limit of '{region}'"
    return None


def structure_room(game: Game, structure: str, side: str, need: int) -> bool:
    """Whether ``need`` more stacking points of ``side``'s land units fit inside
    ``structure`` (its ``capacity.land``; ``null`` has no limit)."""
    capacity = game.world.structures[structure].capacity.land
    if capacity is None:
        return True
    inside = sum(
        movement.stacking_points(game, s)
        for s in board.stacks_in(game, game.world.structures[structure].region, side)
        if s.structure == structure and movement.stack_domain(game, s) == "land"
    )
    return inside + need <= capacity


def disembark(game: Game, fleet: StackState, region: str, units: list[str]) -> StackState:
    """Put ``units`` ashore (checked by :func:`disembark_refusal`); they form a new stack that
    has spent all its MP: inside the port the fleet lies in (a besieged port fortress is
    reinforced so), or in the field over a beach. A landing over a beach counts as entering
    from the fleet's sea region across it: the battle that follows gives the beach's
    first-round defence bonus (M3), and a search is tried against hidden enemies there (V7)."""
    port = fleet.structure
    beach = None if port is not None else _beach(game, fleet, region)
    stack = new_stack(game.state, fleet.side, region, port)
    for unit_id in units:
        unit = game.state.units[unit_id]
        unit.status, unit.carrier, unit.stack = "active", None, stack.id
        unit.carried_turn = game.turn
        unit.mp_spent = float(movement.unit_movement(game, unit_id))
        stack.units.append(unit_id)
    stack.moved = True
    if beach is not None:
        stack.came_from, stack.crossed = fleet.region, beach.connection.id
    enemies = movement.enemy_here(game, region, fleet.side) if port is None else []
    game.record(
        "disembarked",
        fleet=fleet.id,
        stack=stack.id,
        region=region,
        origin=fleet.region,
        connection=beach.connection.id if beach is not None else None,
        units=list(units),
        opposed=bool(enemies),
    )
    if enemies:
        search(game, stack, region)
    elif port is None and board.side_of_region(game, region) != fleet.side:
        board.capture_region(game, region, fleet.side)
    return stack


# -- what a view asks -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Berth:
    """One ship of a fleet that carries troops."""

    ship: str
    capacity: int
    """Stacking points it carries when full."""
    aboard: tuple[str, ...]
    """Units it carries now."""
    room: int
    """Stacking points still free."""


@dataclass(frozen=True, slots=True)
class Cargo:
    """What a fleet carries and where it may put it ashore, as its own side sees it."""

    fleet: str
    berths: tuple[Berth, ...]
    shores: tuple[Shore, ...]
    """Where the cargo may go ashore now (empty outside the fleet's naval movement phase or
    with nothing aboard)."""

    @property
    def units(self) -> tuple[str, ...]:
        """Every unit aboard."""
        return tuple(u for berth in self.berths for u in berth.aboard)


def cargo(game: Game, fleet: StackState | str, viewer: str | None = None) -> Cargo | None:
    """The fleet's cargo; ``None`` for a stack that is no fleet, or when ``viewer`` (a side)
    may not see it: the troops a fleet carries are never shown to another side."""
    stack = game.state.stacks[fleet] if isinstance(fleet, str) else fleet
    if viewer is not None and viewer != stack.side:
        return None
    if movement.stack_domain(game, stack) != "naval":
        return None
    berths = tuple(
        Berth(ship, capacity(game, ship), tuple(cargo_of(game, ship)), room(game, ship))
        for ship in stack.units
        if capacity(game, ship) > 0
    )
    aboard = [u for berth in berths for u in berth.aboard]
    places: tuple[Shore, ...] = ()
    if (
        aboard
        and game.phase == "naval_movement"
        and game.active_side == stack.side
        and game.state.pending == []
    ):
        places = tuple(
            s
            for s in shores(game, stack)
            if disembark_refusal(game, stack, s.region, aboard) is None
        )
    return Cargo(stack.id, berths, places)
