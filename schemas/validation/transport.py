"""Carriers and what they carry: transport capacities that no rule uses, and paratroops that
nothing can fly (``rules.transport``, docs/rules.md *Transport by sea and air*)."""

from __future__ import annotations

from collections.abc import Iterator

from ..issues import Issue, make_issue, pointer
from ..units import Leader, Unit
from .index import ScenarioIndex


def check_transport(ix: ScenarioIndex) -> Iterator[Issue]:
    scenario = ix.scenario
    rules = scenario.rules.transport
    airlifters = [t for t in scenario.unit_types if t.domain == "air" and t.transport_capacity > 0]
    for index, unit_type in enumerate(scenario.unit_types):
        if unit_type.domain == "land" and unit_type.transport_capacity > 0:
            yield make_issue(
                "transport-capacity-ignored",
                pointer("unit_types", index, "transport_capacity"),
                f"unit type '{unit_type.id}' is a land type: only ships and aircraft carry "
                "units, so its transport_capacity is never used; set it to 0",
                unit_type.id,
            )
        if "paratroop" not in unit_type.roles or unit_type.domain != "land":
            continue
        why = None
        if not rules.air or not rules.paratroops:
            why = "rules.transport switches drops off (air or paratroops is false)"
        elif not airlifters:
            why = "no air unit type has a transport_capacity"
        if why is not None:
            yield make_issue(
                "paratroops-grounded",
                pointer("unit_types", index, "roles"),
                f"unit type '{unit_type.id}' has the paratroop role but can never jump: {why}",
                unit_type.id,
            )


def check_starting_aboard(ix: ScenarioIndex) -> Iterator[Issue]:
    """Units and leaders that start aboard a ship (``location.aboard``): the ship must be a
    placed unit of the same side with a ``transport_capacity``, the rider a land unit or a
    leader, every ship's riders within its capacity (stacking points, leaders included), and
    sea transport switched on."""
    scenario = ix.scenario
    rules = scenario.rules
    units = {u.id: u for u in scenario.units}
    types = ix.unit_types
    load: dict[str, int] = {}
    riders: list[tuple[str, int, Unit | Leader]] = [
        ("units", i, u) for i, u in enumerate(scenario.units)
    ]
    riders += [("leaders", i, x) for i, x in enumerate(scenario.leaders)]
    for collection, index, rider in riders:
        ship_id = rider.location.aboard if rider.location is not None else None
        if ship_id is None:
            continue
        where = pointer(collection, index, "location", "aboard")
        ship = units.get(ship_id)
        if ship is None:
            continue  # a dangling reference, reported by the reference check
        reason = _why_no_berth(ix, rider, ship)
        if reason is None and not (rules.transport.sea and rules.naval.enabled):
            reason = "sea transport is off (rules.transport.sea needs rules.naval.enabled)"
        if reason is None:
            if isinstance(rider, Leader):
                need = rider.stacking
            else:
                rider_type = types.get(rider.type)
                need = rider_type.stacking if rider_type is not None else 0
            load[ship.id] = load.get(ship.id, 0) + (need or 0)
            capacity = types[ship.type].transport_capacity
            if load[ship.id] > capacity:
                reason = (
                    f"'{ship.id}' carries {capacity} stacking points and its riders "
                    f"need {load[ship.id]} so far"
                )
        if reason is not None:
            yield make_issue(
                "unit-aboard-invalid",
                where,
                f"'{rider.id}' cannot start aboard '{ship.id}': {reason}",
                rider.id,
            )


def _why_no_berth(ix: ScenarioIndex, rider: Unit | Leader, ship: Unit) -> str | None:
    ship_type = ix.unit_types.get(ship.type)
    if ship_type is None:
        return None  # an unknown type, reported elsewhere
    if ship_type.domain != "naval" or ship_type.transport_capacity <= 0:
        return f"'{ship.id}' is no ship with a transport_capacity"
    if ship.location is None or ship.location.aboard is not None:
        return f"'{ship.id}' does not start on the map (it needs a region or a structure)"
    if isinstance(rider, Unit):
        rider_type = ix.unit_types.get(rider.type)
        if rider_type is not None and rider_type.domain != "land":
            return "only land units and leaders ride ships"
    if ix.side_of_nation(rider.nation) != ix.side_of_nation(ship.nation):
        return "the ship belongs to another side"
    return None
