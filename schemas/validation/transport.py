"""Carriers and what they carry: transport capacities that no rule uses, and paratroops that
nothing can fly (``rules.transport``, docs/rules.md *Transport by sea and air*)."""

from __future__ import annotations

from collections.abc import Iterator

from ..issues import Issue, make_issue, pointer
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
