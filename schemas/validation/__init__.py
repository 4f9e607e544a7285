"""Semantic validation: what pydantic cannot see (references, geometry, playability).

:func:`validate_scenario` runs every check and returns the issues in a stable order. Each check
is a function from a :class:`ScenarioIndex` to issues, so a caller (the studio's live
validation) can run a subset.
"""

from __future__ import annotations

from ..issues import Issue
from ..scenario import Scenario
from .cards import (
    check_card_phases,
    check_conditions_and_effects,
    check_reachability,
    check_self_feeding_cards,
)
from .forces import (
    check_arrivals,
    check_ports,
    check_reinforcement_places,
    check_reinforcement_triggers,
    check_start_stacking,
    check_structures,
    check_supply_sources,
    check_unit_locations,
    check_unit_strength,
)
from .geometry import check_anchors, check_coverage, check_polygons
from .hexes import check_hex_map
from .identity import check_duplicate_ids, check_references
from .index import Check, ScenarioIndex
from .network import check_connections, check_isolated_regions
from .op_command import check_operational_command
from .op_crossings import check_crossing_sites
from .op_night import check_operational_night
from .op_zones import check_operational_zones
from .operational import check_rules_family
from .operational_tables import check_results_order
from .organisation import (
    check_capitals,
    check_nation_hierarchy,
    check_phases,
    check_sides,
    check_turn_numbers,
    check_turn_order,
)
from .transport import check_starting_aboard, check_transport
from .victory import check_victory_level
from .wego import check_wego

CHECKS: tuple[Check, ...] = (
    check_duplicate_ids,
    check_references,
    check_hex_map,
    check_polygons,
    check_coverage,
    check_anchors,
    check_connections,
    check_isolated_regions,
    check_sides,
    check_nation_hierarchy,
    check_capitals,
    check_turn_order,
    check_phases,
    check_turn_numbers,
    check_structures,
    check_unit_locations,
    check_start_stacking,
    check_unit_strength,
    check_arrivals,
    check_supply_sources,
    check_reinforcement_places,
    check_reinforcement_triggers,
    check_ports,
    check_transport,
    check_starting_aboard,
    check_card_phases,
    check_conditions_and_effects,
    check_reachability,
    check_victory_level,
    check_self_feeding_cards,
    check_wego,
    check_rules_family,
    check_operational_command,
    check_operational_night,
    check_operational_zones,
    check_crossing_sites,
    check_results_order,
)
"""Every check, in the order their issues are reported."""


def validate_scenario(scenario: Scenario, checks: tuple[Check, ...] = CHECKS) -> list[Issue]:
    """Every semantic issue of a scenario that already fits the format."""
    return run_checks(ScenarioIndex(scenario), checks)


def run_checks(index: ScenarioIndex, checks: tuple[Check, ...] = CHECKS) -> list[Issue]:
    """The issues ``checks`` find, using (and filling the caches of) an existing index."""
    issues: list[Issue] = []
    for check in checks:
        issues.extend(check(index))
    return issues


__all__ = ["CHECKS", "Check", "ScenarioIndex", "run_checks", "validate_scenario"]
