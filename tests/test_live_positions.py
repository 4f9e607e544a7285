"""The live validation's position tables, patched after insertions and deletions instead of
built again (schemas/validation/shifted.py): after each edit they must answer as tables built
from the new lists would, and the issues must equal a full validation's."""

from __future__ import annotations

from typing import Any

from schemas.generator import generate_scenario
from schemas.scenario import Scenario
from schemas.validation import ScenarioIndex, run_checks
from schemas.validation.incremental import IncrementalValidator
from schemas.validation.shifted import DEPTH, ShiftedTable

START = generate_scenario(40, 5)


def first_positions(items: list[Any]) -> dict[str, int]:
    table: dict[str, int] = {}
    for position, item in enumerate(items):
        table.setdefault(item.id, position)
    return table


def check_tables(validator: IncrementalValidator, scenario: Scenario, section: str) -> None:
    items = list(getattr(scenario, section))
    objects = validator.position_map(section)
    assert len(objects) == len(items)
    for position, item in enumerate(items):
        assert objects[id(item)] == position, f"{section}[{position}] ({item.id})"
    firsts = validator.index.position[section]
    expected = first_positions(items)
    assert len(firsts) == len(expected)
    assert dict(firsts.items()) == expected
    for gone in ("no-such-id", *(f"{section}-gone-{n}" for n in range(3))):
        assert gone not in firsts


def follow(validator: IncrementalValidator, scenario: Scenario, section: str, items: list[Any]):
    """Hand the edit to the validator, check its tables and issues; the new scenario."""
    validator.index.position[section]  # built, so that the edit patches it
    validator.position_map(section)
    scenario = scenario.model_copy(update={section: items})
    validator.update({section: items})
    check_tables(validator, scenario, section)
    full = run_checks(ScenarioIndex(scenario))
    assert sorted(i.code + i.path for i in validator.issues) == sorted(
        i.code + i.path for i in full
    )
    return scenario


def test_connection_positions_follow_deletions_and_insertions() -> None:
    scenario, validator = START, IncrementalValidator(START)
    links = list(scenario.connections)
    assert len(links) > 40
    patched = 0
    # Deleting at the start, the middle and the end moves what follows by one.
    for where in (0, len(links) // 2, -1, 3, 3):
        links = list(scenario.connections)
        del links[where]
        scenario = follow(validator, scenario, "connections", links)
        patched += isinstance(validator.index.position["connections"], ShiftedTable)
    # An inserted copy repeats an id: its first place stays the earlier one.
    links = list(scenario.connections)
    links.insert(10, links[4].model_copy(update={"type": links[4].type}))
    scenario = follow(validator, scenario, "connections", links)
    # A repeated id's first holder deleted: the second becomes its first place.
    links = list(scenario.connections)
    del links[4]
    scenario = follow(validator, scenario, "connections", links)
    # A new id inserted before a repeated one, then an entity replaced in place.
    links = list(scenario.connections)
    links.insert(2, links[20].model_copy(update={"id": "connections-new"}))
    scenario = follow(validator, scenario, "connections", links)
    links = list(scenario.connections)
    links[7] = links[7].model_copy(update={"id": "connections-renamed"})
    scenario = follow(validator, scenario, "connections", links)
    # More edits than a chain of patched tables holds: built again on the way.
    for _ in range(DEPTH + 2):
        links = list(scenario.connections)
        del links[len(links) // 3]
        scenario = follow(validator, scenario, "connections", links)
        patched += isinstance(validator.index.position["connections"], ShiftedTable)
    # Undo: the whole original list back in one go.
    scenario = follow(validator, scenario, "connections", list(START.connections))
    assert patched > DEPTH, "the deletions were followed by tables built again, not patched"


def test_region_positions_follow_deletions_and_insertions() -> None:
    scenario, validator = START, IncrementalValidator(START)
    for where in (5, 0, -1):
        regions = list(scenario.regions)
        del regions[where]
        scenario = follow(validator, scenario, "regions", regions)
    regions = list(scenario.regions)
    regions.insert(3, START.regions[5])
    scenario = follow(validator, scenario, "regions", regions)
    regions = list(scenario.regions)
    regions[9] = regions[9].model_copy(update={"name": "Renamed"})
    scenario = follow(validator, scenario, "regions", regions)
    assert isinstance(validator.position_map("regions"), ShiftedTable)


def test_id_positions_follow_renaming_in_place() -> None:
    """Renaming a region or connection replaces it in place: nothing moves, one id comes and
    one goes. The table of first positions is patched, not built again, except where the old
    or the new id is also held by another entity (then which comes first is not known)."""
    scenario, validator = START, IncrementalValidator(START)
    patched = 0
    for section in ("regions", "connections"):
        for where, name in ((4, f"{section}-renamed"), (0, f"{section}-first"), (-1, "z-last")):
            items = list(getattr(scenario, section))
            items[where] = items[where].model_copy(update={"id": name})
            scenario = follow(validator, scenario, section, items)
            patched += isinstance(validator.index.position[section], ShiftedTable)
        # Renamed to an id another entity holds (a duplicate), then back: built again.
        items = list(getattr(scenario, section))
        items[6] = items[6].model_copy(update={"id": items[2].id})
        scenario = follow(validator, scenario, section, items)
        items = list(getattr(scenario, section))
        items[2] = items[2].model_copy(update={"id": f"{section}-two"})
        scenario = follow(validator, scenario, section, items)
        # Two renamed in one edit, swapping their ids.
        items = list(getattr(scenario, section))
        first, second = items[10].id, items[12].id
        items[10] = items[10].model_copy(update={"id": second})
        items[12] = items[12].model_copy(update={"id": first})
        scenario = follow(validator, scenario, section, items)
    scenario = follow(validator, scenario, "regions", list(START.regions))
    assert patched >= 4, "renaming in place built the table of first positions again"


def check_geometry(validator: IncrementalValidator) -> None:
    """The live validation's tree and boxes answer as ones built from its outlines now."""
    import numpy as np
    import shapely

    geometry = validator.geometry
    valid = geometry.valid
    fresh = shapely.STRtree(valid)
    assert np.array_equal(geometry.valid_boxes, shapely.bounds(valid), equal_nan=True)
    boxes = shapely.bounds(valid)
    probes = [shapely.box(*b) for b in boxes[~np.isnan(boxes[:, 0])][::3]]
    for probe in probes:
        assert sorted(geometry.tree.query(probe).tolist()) == sorted(fresh.query(probe).tolist())
    ours = geometry.tree.query(np.array(probes), predicate="intersects")
    theirs = fresh.query(np.array(probes), predicate="intersects")
    assert sorted(map(tuple, ours.T.tolist())) == sorted(map(tuple, theirs.T.tolist()))


def test_the_tree_of_outlines_follows_deletions_without_being_built_again() -> None:
    """Deleting regions renumbers the tree of outlines instead of building it again (up to a
    chain's depth); its answers must be those of a tree built from the outlines left, and an
    insertion or a changed outline must build it again."""
    from schemas.validation.local_geometry import Renumbered

    scenario, validator = START, IncrementalValidator(START)
    # Built, so that the edits follow them.
    assert validator.geometry.tree is not None
    assert validator.geometry.valid_boxes is not None
    renumbered = 0
    for where in [5, 0, -1, 7, *([3] * Renumbered.DEPTH)]:
        regions = list(scenario.regions)
        del regions[where]
        scenario = follow(validator, scenario, "regions", regions)
        renumbered += isinstance(validator.geometry._tree, Renumbered)
        check_geometry(validator)
    assert renumbered >= Renumbered.DEPTH, "deleting regions built the tree again"
    regions = list(scenario.regions)
    regions.insert(4, START.regions[5])
    scenario = follow(validator, scenario, "regions", regions)
    assert not isinstance(validator.geometry._tree, Renumbered)
    check_geometry(validator)
    regions = list(scenario.regions)
    del regions[2]
    scenario = follow(validator, scenario, "regions", regions)
    check_geometry(validator)
