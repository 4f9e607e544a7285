"""Putting a planned import into a scenario (a new scenario object; the old one is untouched)."""

from __future__ import annotations

from typing import Any

from ..geometry.derive import derive_connections
from ..map import Connection
from ..scenario import Scenario
from .naming import IdMaker
from .places import PlacesPlan
from .regions import Note, RegionPlan


def _merged(old: list[Any], changed: list[Any]) -> list[Any]:
    """``old`` with entities of the same id replaced, then the new ones at the end."""
    by_id = {e.id: e for e in changed}
    out = [by_id.pop(e.id, e) for e in old]
    return out + list(by_id.values())


def apply_regions(
    scenario: Scenario, plan: RegionPlan, connect: bool = True
) -> tuple[Scenario, list[Note]]:
    """The scenario with the plan's regions, its projection (on a first import), and, with
    ``connect``, a connection between every pair of neighbours not yet connected."""
    notes: list[Note] = []
    update: dict[str, Any] = {"regions": _merged(scenario.regions, [*plan.updated, *plan.added])}
    if scenario.map.projection is None and plan.projection is not None:
        settings: dict[str, Any] = {"projection": plan.projection}
        if scenario.map.units_per_km is None:
            settings["units_per_km"] = 1.0 / plan.projection.km_per_unit
        update["map"] = scenario.map.model_copy(update=settings)
    result = scenario.model_copy(update=update)
    if connect:
        additions = derive_connections(result).additions
        ids = IdMaker(c.id for c in result.connections)
        new = [
            Connection(
                id=ids.claim(f"{a.a}-{a.b}"[:64].strip("-_"), "link"), a=a.a, b=a.b, type=a.type
            )
            for a in additions
        ]
        if new:
            result = result.model_copy(update={"connections": [*result.connections, *new]})
            notes.append(Note("connections", f"{len(new)} connections join new neighbours"))
    return result, notes


def apply_places(scenario: Scenario, plan: PlacesPlan) -> Scenario:
    """The scenario with the plan's structures, supply sources, connections and networks."""
    return scenario.model_copy(
        update={
            "structures": _merged(scenario.structures, plan.structures),
            "supply_sources": _merged(scenario.supply_sources, plan.supply_sources),
            "connections": _merged(scenario.connections, plan.connections),
            "regions": _merged(scenario.regions, plan.regions),
        }
    )
