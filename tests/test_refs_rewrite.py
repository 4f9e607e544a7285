"""Following renamed and deleted ids through every reference of the format."""

from __future__ import annotations

from pathlib import Path

import pytest

from schemas.io import load_file
from schemas.refs import iter_references, with_references_replaced

SAMPLE = Path(__file__).resolve().parents[1] / "sample_scenarios" / "vessa-crossing.json"


@pytest.fixture(scope="module")
def scenario():
    return load_file(SAMPLE).scenario


def _region_refs(model) -> list[str]:
    return [r.id for r in iter_references(model) if r.collection == "regions"]


def test_a_rename_reaches_every_reference_of_every_entity(scenario):
    for section in ("connections", "structures", "units", "areas", "cards", "events"):
        for entity in getattr(scenario, section):
            names = _region_refs(entity)
            if not names:
                continue
            renamed = with_references_replaced(entity, "regions", {names[0]: "elsewhere"})
            after = _region_refs(renamed)
            assert names[0] not in after
            assert after.count("elsewhere") == names.count(names[0])


def test_nothing_to_follow_returns_the_same_object(scenario):
    unit = scenario.units[0]
    assert with_references_replaced(unit, "regions", {"no-such-region": "x"}) is unit


def test_dropping_a_unit_s_region_leaves_it_unplaced(scenario):
    unit = next(u for u in scenario.units if u.location and u.location.region)
    dropped = with_references_replaced(unit, "regions", {unit.location.region: None})
    assert dropped.location is None


def test_dropping_one_of_several_ids_keeps_the_others(scenario):
    card = next(c for c in [*scenario.cards, *scenario.events] if len(set(_region_refs(c))) >= 2)
    first, *rest = dict.fromkeys(_region_refs(card))
    dropped = with_references_replaced(card, "regions", {first: None})
    assert first not in _region_refs(dropped)
    assert set(rest) <= set(_region_refs(dropped))


def test_a_list_is_never_emptied_by_a_deletion(scenario):
    # An empty region list in a scope means the whole map: deleting its only region must not
    # widen the card silently; the dangling name stays for validation to report.
    card = next(c for c in scenario.cards if len(set(_region_refs(c))) == 1)
    only = _region_refs(card)[0]
    assert with_references_replaced(card, "regions", {only: None}) is card


def test_a_required_reference_is_kept_for_validation_to_flag(scenario):
    connection = scenario.connections[0]
    kept = with_references_replaced(connection, "regions", {connection.a: None})
    assert kept.a == connection.a
