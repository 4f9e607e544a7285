"""Find by name or id, and find usages, without a window (``schemas.search``)."""

from __future__ import annotations

from schemas.scenario import Scenario
from schemas.search import collection_of, field_words, find_entities, find_usages
from tests import factory


def grid() -> Scenario:
    return Scenario.model_validate(factory.base())


def test_find_matches_names_and_ids_in_every_section_best_first() -> None:
    found = find_entities(grid(), "  RED ")
    titles = [place.title() for place in found]
    # The side named exactly so comes first, then what starts with it, then the rest.
    assert titles[0] == "Side Red (red)"
    assert titles.index("Nation Redland (redland)") < titles.index("Unit Infantry (red-inf-1)")
    assert "Sudden death condition red-takes-e2" in titles
    assert "Supply source red-depot" in titles
    assert all("blue" not in t.lower() or "red" in t.lower() for t in titles)


def test_find_places_say_what_to_select() -> None:
    (region,) = find_entities(grid(), "c2")[:1]
    assert (region.section, region.entity, region.field) == ("regions", "c2", ())
    (condition,) = find_entities(grid(), "red-takes")
    # Sudden-death conditions live inside victory: selected there, by position.
    assert (condition.section, condition.entity) == ("victory", "red-takes-e2")
    assert condition.field == ("sudden_death", 0)
    assert find_entities(grid(), "   ") == []
    assert len(find_entities(grid(), "e", limit=3)) == 3


def test_usages_follow_every_reference_field() -> None:
    """Everything that names region e2: its connections (either end), the supply source in
    it, and the sudden-death condition that asks for it (inside victory)."""
    usages = find_usages(grid(), "regions", "e2")
    where = {(u.collection, u.entity, u.path) for u in usages}
    assert ("connections", "e1-e2", ("b",)) in where
    assert ("connections", "e2-e3", ("a",)) in where
    assert ("connections", "c2-e2", ("b",)) in where
    assert ("supply_sources", "blue-depot", ("region",)) in where
    assert ("victory/sudden_death", "red-takes-e2", ("condition", "regions", 0)) in where
    condition = next(u for u in usages if u.collection == "victory/sudden_death")
    assert condition.section == "victory"
    assert condition.field == ("sudden_death", 0, "condition", "regions", 0)
    assert len(usages) == len(where)  # each reference once
    # A connection has no name: it is called by its two regions' names, not its id.
    names = {regions.id: regions.name for regions in grid().regions}
    e1_e2 = next(u for u in usages if u.entity == "e1-e2")
    assert e1_e2.title() == f"Connection {names['e1']}\u2013{names['e2']} (e1-e2)"


def test_usages_in_single_sections_and_side_keyed_values() -> None:
    data = factory.base()
    factory.find(data["regions"], "w1")["values"] = {"red": {"capture": 1}}
    usages = find_usages(Scenario.model_validate(data), "sides", "red")
    where = {(u.collection, u.entity, u.path) for u in usages}
    assert ("calendar", None, ("turn_order", 0)) in where
    assert ("regions", "w1", ("values", "red")) in where
    assert ("cards", "push", ("side",)) in where
    calendar = next(u for u in usages if u.collection == "calendar")
    assert calendar.title() == "Calendar" and calendar.field == ("turn_order", 0)


def test_nothing_refers_to_an_unused_entity() -> None:
    assert find_usages(grid(), "terrain", "lake") == []


def test_field_paths_read_as_words() -> None:
    assert field_words(("condition", "conditions", 1, "scope", "regions", 0)) == (
        "Condition \u203a Conditions #2 \u203a Scope \u203a Regions #1"
    )
    assert field_words(("sea_region",)) == "Sea region"


def test_selection_sections_name_their_collections() -> None:
    assert collection_of("regions") == "regions"
    assert collection_of("victory") == "victory/sudden_death"
    assert collection_of("rules") is None
    assert collection_of(None) is None
