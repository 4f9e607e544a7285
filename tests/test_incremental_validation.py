"""Live validation: after any run of edits, the incremental result equals a full validation."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, note, settings
from hypothesis import strategies as st
from pydantic import BaseModel, ValidationError

from schemas.generator import generate_scenario
from schemas.io import load_text
from schemas.issues import Issue
from schemas.scenario import SECTIONS, Scenario
from schemas.suggest import closest_by_scan
from schemas.validation import ScenarioIndex, run_checks
from schemas.validation.incremental import IncrementalValidator
from schemas.validation.live_references import Hints
from tests.factory import base

BASE = load_text(json.dumps(base())).scenario
GENERATED = generate_scenario(60, 3)


NUMBER = re.compile(r"\d+(?:\.\d+)?(?:e[-+]?\d+)?")
"""A number in a message: the area or place of a gap, a count, a digit of an id."""


def key(issues: list[Issue]) -> list[tuple[str, str, str, str, str]]:
    """The issues as comparable rows, their messages' numbers left out (see :func:`numbers`)."""
    return sorted(
        (i.code, i.path, i.entity or "", i.severity, NUMBER.sub("#", i.message)) for i in issues
    )


def numbers(issues: list[Issue]) -> list[float]:
    """The numbers of the messages, in the order of :func:`key`."""
    rows = sorted(
        (i.code, i.path, i.entity or "", i.severity, NUMBER.sub("#", i.message), i.message)
        for i in issues
    )
    return [float(n) for row in rows for n in NUMBER.findall(row[-1])]


FullResult = tuple[list[Issue], list[float]]
_AT_START: dict[int, tuple[Scenario, FullResult]] = {}
"""The full validation of the maps the sessions start from (``BASE``, ``GENERATED``): the
same for every example, so made once for each."""


def full_validation(scenario: Scenario, *, start: bool = False) -> FullResult:
    """The whole scenario's issues and the areas of its problem shapes, smallest first."""
    kept = _AT_START.get(id(scenario)) if start else None
    if kept is not None and kept[0] is scenario:
        return kept[1]
    index = ScenarioIndex(scenario)
    result = run_checks(index), sorted(s.area for s in index.problem_shapes)
    if start:
        _AT_START[id(scenario)] = (scenario, result)
    return result


def assert_same(
    validator: IncrementalValidator, scenario: Scenario, *, start: bool = False
) -> None:
    """The live issues are the full validation's: the same problems at the same paths, with
    the same words and the same numbers. A gap found in a union around an edit may differ from
    the whole map's in the last bits, which can turn a printed area's last digit (99.88 against
    99.89): what a designer reads is the same gap, so numbers are compared as measures are."""
    full, areas = full_validation(scenario, start=start)
    assert key(validator.issues) == key(full)
    assert numbers(validator.issues) == pytest.approx(numbers(full), rel=1e-3, abs=1e-9)
    live = sorted(shape.area for shape in validator.problems)
    assert live == pytest.approx(areas, rel=1e-6)


def replaced(entity: BaseModel, **changes: Any) -> BaseModel | None:
    """A validated copy with some fields changed, or ``None`` if the model refuses it."""
    data = entity.model_dump(by_alias=True, exclude_unset=False)
    data.update(changes)
    try:
        return type(entity).model_validate(data)
    except ValidationError:
        return None


# -- edits: each returns the new content of the sections it changed ------------------------------

Edit = dict[str, Any]


def ids(scenario: Scenario, section: str) -> list[str]:
    return [e.id for e in getattr(scenario, section)]


def move_vertex(scenario: Scenario, data: st.DataObject) -> Edit:
    regions = list(scenario.regions)
    index = data.draw(st.integers(0, len(regions) - 1))
    ring = regions[index].polygon.exterior
    old = ring[data.draw(st.integers(0, len(ring) - 1))]
    if data.draw(st.booleans()):
        # Snap onto another region's vertex: shared borders, slivers and overlaps.
        other = regions[data.draw(st.integers(0, len(regions) - 1))].polygon.exterior
        new = other[data.draw(st.integers(0, len(other) - 1))]
    else:
        step = st.sampled_from([-40.0, -7.5, 0.0, 3.0, 25.0])
        new = (old[0] + data.draw(step), old[1] + data.draw(step))
    shared = data.draw(st.booleans())  # move it in every region that has it, or just one
    for i, region in enumerate(regions):
        if i != index and not shared:
            continue
        outline = region.polygon
        rings = [outline.exterior, *outline.holes]
        if not any(old in r for r in rings):
            continue
        moved = [[new if p == old else p for p in r] for r in rings]
        polygon = outline.model_copy(update={"exterior": moved[0], "holes": moved[1:]})
        regions[i] = region.model_copy(update={"polygon": polygon})
    return {"regions": regions}


def _choices(scenario: Scenario) -> dict[tuple[str, str], list[Any]]:
    regions, nations = ids(scenario, "regions"), ids(scenario, "nations")
    structures = ids(scenario, "structures")
    sides = ids(scenario, "sides")
    return {
        ("regions", "terrain"): [*ids(scenario, "terrain"), "bogus"],
        ("regions", "owner"): [*nations, None, "nobody"],
        ("regions", "area"): [*ids(scenario, "areas"), None, "nowhere"],
        ("regions", "unplayable"): [True, False],
        ("regions", "off_map"): [True, False],
        ("regions", "id"): ["renamed", *regions[:3]],
        ("regions", "anchors"): [{"label": [50.0, 50.0]}, {"stack": [-500.0, 0.0]}, {}],
        ("regions", "values"): [{s: {"tension": 2}} for s in sides[:1]]
        + [{s: {"capture": 900}} for s in sides[:2]]
        + [{}],
        ("regions", "network"): ["none", "trail", "rail"],
        ("regions", "stacking"): [None, 0, 1, 99],
        ("regions", "air_stacking"): [None, 0, 9],
        ("connections", "a"): [*regions[:6], "bogus"],
        ("connections", "b"): [*regions[-6:], "bogus"],
        ("connections", "type"): [*ids(scenario, "connection_types"), "bogus"],
        ("connections", "id"): ["renamed", *ids(scenario, "connections")[:2]],
        ("structures", "region"): [*regions[:4], *regions[-4:], "bogus"],
        ("structures", "port"): [True, False],
        ("structures", "airport"): [True, False],
        ("structures", "sea_region"): [None, *regions[-3:]],
        ("structures", "anchor"): [None, [10.0, 10.0], [1e4, 1e4]],
        ("structures", "fortification"): [0, 3],
        ("structures", "id"): ["renamed", *structures[:2]],
        ("structures", "capacity"): [{}, {"land": 0, "air": 0}, {"air": 30}],
        ("structures", "values"): [{}, *({s: {"capture": 700}} for s in sides[:2])],
        ("supply_sources", "region"): [*regions[:3], *regions[-3:], "bogus"],
        ("units", "location"): [
            None,
            *({"region": r} for r in regions[:3] + regions[-3:]),
            *({"structure": s} for s in structures[:3]),
            {"region": "bogus"},
        ],
        ("units", "type"): [*ids(scenario, "unit_types"), "bogus"],
        ("units", "nation"): [*nations, "bogus"],
        ("units", "strength"): [None, 1, 50],
        ("units", "id"): ["renamed", *ids(scenario, "leaders")[:1], *ids(scenario, "units")[:1]],
        ("leaders", "location"): [None, *({"region": r} for r in regions[:4])],
        ("leaders", "stacking"): [-2, 0, 40],
        ("leaders", "killed_vp"): [{}, {"@enemy": 800}, {"@all": 5}],
        ("nations", "side"): [*sides, "bogus"],
        ("nations", "main"): [True, False],
        ("nations", "parent"): [None, *nations],
        ("sides", "neutral"): [True, False],
        ("sides", "id"): ["renamed", *sides],
        ("terrain", "domain"): ["land", "sea", "lake", "unplayable"],
        ("terrain", "id"): ["renamed", *ids(scenario, "terrain")[:2]],
        ("terrain", "stacking"): [0, 3, 40],
        ("terrain", "stacking_with_trail"): [None, 0, 50],
        ("terrain", "supply"): ["always", "with_trail", "never"],
        ("terrain", "name"): ["Bog", "Salt flat"],
        ("terrain", "movement_cost"): [1, 4],
        ("terrain", "color"): ["#123456"],
        ("connection_types", "adjacent"): [True, False],
        ("connection_types", "domain"): ["land", "sea", "air"],
        ("connection_types", "only_from_sea"): [True, False],
        ("connection_types", "name"): ["Ferry", "Causeway"],
        ("connection_types", "movement_cost"): [0, 3],
        ("connection_types", "id"): ["renamed", *ids(scenario, "connection_types")[:2]],
        ("unit_types", "domain"): ["land", "naval", "air"],
        ("unit_types", "hit_points"): [1, 9],
        ("cards", "in_deck"): [True, False],
        ("cards", "phases"): [["cards"], ["battle"], ["siege", "supply"]],
        ("events", "automatic"): [True, False],
        ("reinforcements", "turn"): [None, 1, 99],
        ("areas", "closed_to"): [[], sides[:1]],
        ("areas", "id"): ["renamed"],
    }


def set_field(scenario: Scenario, data: st.DataObject) -> Edit:
    choices = _choices(scenario)
    section, name = data.draw(st.sampled_from(sorted(choices)))
    items = list(getattr(scenario, section))
    if not items:
        return {}
    index = data.draw(st.integers(0, len(items) - 1))
    new = replaced(items[index], **{name: data.draw(st.sampled_from(choices[section, name]))})
    if new is None:
        return {}
    items[index] = new
    return {section: items}


def set_calendar(scenario: Scenario, data: st.DataObject) -> Edit:
    kind = data.draw(st.sampled_from(["turns", "turn_order", "tension"]))
    if kind == "tension":
        return {"tension": None if scenario.tension is not None else BASE.tension}
    value: Any = data.draw(st.sampled_from([1, 3, 40]))
    if kind == "turn_order":
        sides = ids(scenario, "sides") or ["x"]
        value = data.draw(st.sampled_from([sides, sides[:1], [sides[0], sides[0], "x"]]))
    calendar = replaced(scenario.calendar, **{kind: value})
    return {"calendar": calendar} if calendar is not None else {}


def remove(scenario: Scenario, data: st.DataObject) -> Edit:
    section = data.draw(st.sampled_from([s for s in SECTIONS if getattr(scenario, s)]))
    items = list(getattr(scenario, section))
    del items[data.draw(st.integers(0, len(items) - 1))]
    return {section: items}


def insert(scenario: Scenario, data: st.DataObject) -> Edit:
    section = data.draw(st.sampled_from([s for s in SECTIONS if getattr(scenario, s)]))
    items = list(getattr(scenario, section))
    source = items[data.draw(st.integers(0, len(items) - 1))]
    new_id = data.draw(st.sampled_from(["fresh", source.id]))  # the same id: a duplicate
    changes: dict[str, Any] = {"id": new_id}
    if section == "regions":
        step = data.draw(st.sampled_from([0.0, 30.0, 5000.0]))
        outline = source.polygon
        changes["polygon"] = {
            "exterior": [[x + step, y] for x, y in outline.exterior],
            "holes": [[[x + step, y] for x, y in h] for h in outline.holes],
        }
        changes["anchors"] = {}
    copy = replaced(source, **changes)
    if copy is None:
        return {}
    items.insert(data.draw(st.integers(0, len(items))), copy)
    return {section: items}


def reorder(scenario: Scenario, data: st.DataObject) -> Edit:
    """Replace a whole section with its entities in another order (a reset)."""
    section = data.draw(st.sampled_from([s for s in SECTIONS if len(getattr(scenario, s)) > 1]))
    return {section: data.draw(st.permutations(getattr(scenario, section)))}


EDITS: list[Callable[[Scenario, st.DataObject], Edit]] = [
    reorder,
    move_vertex,
    move_vertex,
    set_field,
    set_field,
    set_calendar,
    remove,
    insert,
]


def run_session(start: Scenario, data: st.DataObject, steps: int) -> None:
    validator = IncrementalValidator(start)
    assert_same(validator, start, start=True)
    history = [start]
    scenario = start
    for _ in range(steps):
        if len(history) > 1 and data.draw(st.integers(0, 5)) == 0:
            # Undo to an earlier version: the old entity objects come back.
            back = history[data.draw(st.integers(0, len(history) - 2))]
            changes = {
                s: getattr(back, s) for s in SECTIONS if getattr(back, s) != getattr(scenario, s)
            }
            changes |= {"calendar": back.calendar, "tension": back.tension}
        else:
            changes = data.draw(st.sampled_from(EDITS))(scenario, data)
        if not changes:
            continue
        note(f"changed {sorted(changes)}")
        scenario = scenario.model_copy(update=changes)
        history.append(scenario)
        validator.update(changes)
        assert_same(validator, scenario)


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    phases=[Phase.explicit, Phase.reuse, Phase.generate],
)
@given(data=st.data())
def test_edits_on_the_small_map_match_full_validation(data: st.DataObject) -> None:
    run_session(BASE, data, steps=12)


@settings(
    max_examples=20,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    phases=[Phase.explicit, Phase.reuse, Phase.generate],
)
@given(data=st.data())
def test_edits_on_a_generated_map_match_full_validation(data: st.DataObject) -> None:
    run_session(GENERATED, data, steps=10)


class _Known:
    def __init__(self, ids: list[str]) -> None:
        self.position = {"regions": {known: n for n, known in enumerate(ids)}}


SLUGS = st.text(alphabet="abcr-0123", min_size=0, max_size=7)


@settings(max_examples=60, deadline=None)
@given(known=st.lists(SLUGS, max_size=60, unique=True), names=st.lists(SLUGS, max_size=6))
def test_did_you_mean_hints_follow_ids_as_they_come_and_go(
    known: list[str], names: list[str]
) -> None:
    """The hints kept while ids come and go are exactly the ones a fresh look at the ids
    gives (every id rated, see :mod:`schemas.suggest`)."""
    hints = Hints()
    half = len(known) // 2
    for name in names:
        hints.closest(_Known(known[:half]), "regions", name)  # type: ignore[arg-type]
    hints.ids_changed("regions", set(known[half:]), set())
    hints.ids_changed("regions", set(), set(known[: half // 2]))
    now = known[half // 2 :]
    for name in names:
        expected = closest_by_scan(name, now)
        found = hints.closest(_Known(now), "regions", name)  # type: ignore[arg-type]
        assert found == (expected[1] if expected else None)


@settings(max_examples=60, deadline=None)
@given(
    known=st.lists(SLUGS, max_size=60, unique=True),
    names=st.lists(SLUGS, max_size=6),
    moves=st.lists(st.tuples(st.booleans(), SLUGS), max_size=12),
)
def test_did_you_mean_hints_follow_ids_without_indexing_them_again(
    known: list[str], names: list[str], moves: list[tuple[bool, str]]
) -> None:
    """Told the new ids with each change, the hints keep their index and note what came
    and went, and still answer as a fresh look at every id does."""
    hints = Hints()
    now = _Known(known)
    for name in names:
        hints.closest(now, "regions", name)  # type: ignore[arg-type]
    ids = set(known)
    for add, name in moves:
        gained, lost = ({name} - ids, set()) if add else (set(), {name} & ids)
        ids = (ids | gained) - lost
        now = _Known(sorted(ids))
        hints.ids_changed("regions", gained, lost, now.position["regions"])
        for asked in [*names, name]:
            expected = closest_by_scan(asked, ids)
            found = hints.closest(now, "regions", asked)  # type: ignore[arg-type]
            assert found == (expected[1] if expected else None)


def test_removing_the_last_regions_is_followed() -> None:
    # The studio's undo of the first region drawn on a new map: positions of no regions left
    # must still be integers for the outlines kept from before.
    validator = IncrementalValidator(BASE)
    empty = BASE.model_copy(update={"regions": []})
    validator.update({"regions": []})
    assert_same(validator, empty)
    validator.update({"regions": BASE.regions})
    assert_same(validator, BASE)


def test_renaming_a_connection_type_renews_the_messages_that_name_it() -> None:
    # A land-to-land "sea" connection is wrong and its message names the type; renaming the
    # type (which alone re-checks nothing) must still give the message with the new name.
    connections = list(BASE.connections)
    connections[0] = connections[0].model_copy(update={"type": "sea"})
    wrong = BASE.model_copy(update={"connections": connections})
    validator = IncrementalValidator(wrong)
    assert any(
        i.code == "connection-domain" and "a sea connection" in i.message for i in validator.issues
    )
    kinds = [
        k.model_copy(update={"name": "Sea Lane"}) if k.id == "sea" else k
        for k in BASE.connection_types
    ]
    validator.update({"connection_types": kinds})
    renamed = wrong.model_copy(update={"connection_types": kinds})
    assert_same(validator, renamed)
    assert any("a sea lane connection" in i.message for i in validator.issues)


def test_deleting_a_region_re_runs_the_victory_check_only_when_it_held_vp(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """W1 (a victory level no side can reach) follows the deletion of the region whose capture
    VP made the level reachable; deleting a region without VP leaves the check as it was, and
    the live issues still match a full validation."""
    from schemas.map import PlaceValue
    from schemas.validation import victory

    regions = list(BASE.regions)
    regions[0] = regions[0].model_copy(update={"values": {"red": PlaceValue(capture=5)}})
    rules = BASE.rules.model_copy(
        update={"victory": BASE.rules.victory.model_copy(update={"victory_level": 5})}
    )
    start = BASE.model_copy(update={"regions": regions, "rules": rules})
    validator = IncrementalValidator(start)
    assert not any(i.code == "victory-level-unreachable" for i in validator.issues)

    runs: list[str] = []
    reach = victory.vp_reach

    def counted(ix: ScenarioIndex, side: str) -> dict[str, float]:
        runs.append(side)
        return reach(ix, side)

    monkeypatch.setattr(victory, "vp_reach", counted)
    without_vp = [r for r in regions if r.id != "c3"]
    validator.update({"regions": without_vp})
    assert runs == []
    assert_same(validator, start.model_copy(update={"regions": without_vp}))
    runs.clear()  # the full validation ran it
    without_both = [r for r in without_vp if r.id != regions[0].id]
    validator.update({"regions": without_both})
    assert sorted(runs) == ["blue", "red"]
    assert_same(validator, start.model_copy(update={"regions": without_both}))
    assert any(i.code == "victory-level-unreachable" for i in validator.issues)


def test_an_area_of_arrival_follows_its_regions_as_they_come_go_and_change_area() -> None:
    """The live validation keeps each area's regions edit by edit (not grouped again from the
    whole map): a reinforcement for area ``west`` is refused once no region of the area can
    take its infantry, and accepted again when a region that can joins the area."""

    def refused(validator: IncrementalValidator) -> bool:
        return any(
            i.code == "reinforcement-unplayable" and "area 'west'" in i.message
            for i in validator.issues
        )

    validator = IncrementalValidator(BASE)
    assert not refused(validator)
    steps: list[list[Any]] = []
    regions = [
        r.model_copy(update={"unplayable": True}) if r.id in ("w1", "w2") else r
        for r in BASE.regions
    ]
    steps.append(regions)  # two of the three cannot take units: the third still can
    steps.append([r.model_copy(update={"area": "east"}) if r.id == "w3" else r for r in regions])
    steps.append([r for r in steps[-1] if r.id != "w1"])  # a region of the area goes
    fresh = next(r for r in BASE.regions if r.id == "w3").model_copy(update={"id": "w4"})
    steps.append([fresh, *steps[-1]])  # one that can take them comes, first in the list
    expected = [False, True, True, False]
    for regions, refusing in zip(steps, expected, strict=True):
        validator.update({"regions": regions})
        assert refused(validator) is refusing
        assert_same(validator, BASE.model_copy(update={"regions": regions}))
