"""Cut, copy and paste without a window: what a copy carries and how a paste is resolved
against a scenario (ids, references, the place of pasted regions on the map)."""

from __future__ import annotations

from typing import Any

import pytest
import shapely

from schemas.clipboard import Clip, ClipboardError, copy_entities, fresh_id, resolve_paste
from schemas.clipboard.resolve import PastePlan
from schemas.geometry.build import build_polygons
from schemas.scenario import Scenario
from schemas.starter import new_scenario
from schemas.validation import validate_scenario
from tests import factory


def grid(edit: Any = None) -> Scenario:
    data = factory.base()
    if edit is not None:
        edit(data)
    return Scenario.model_validate(data)


def applied(plan: PastePlan, scenario: Scenario) -> Scenario:
    """The scenario with a paste plan applied (what the studio does as one undo step)."""
    data = scenario.model_copy(deep=True)
    for region_id, outline in plan.outlines.items():
        position = [r.id for r in data.regions].index(region_id)
        data.regions[position] = data.regions[position].model_copy(update={"polygon": outline})
    for collection, items in plan.added.items():
        if collection == "victory/sudden_death":
            data.victory.sudden_death.extend(items)
        else:
            getattr(data, collection).extend(items)
    return Scenario.model_validate(data.model_dump(by_alias=True))


def codes(scenario: Scenario) -> set[tuple[str, str | None]]:
    return {(i.code, i.entity) for i in validate_scenario(scenario)}


def kinds(plan: PastePlan) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for note in plan.notes:
        out.setdefault(note.kind, []).append(note.text)
    return out


def entity(plan: PastePlan, collection: str, entity_id: str) -> Any:
    return next(e for e in plan.added[collection] if e.id == entity_id)


# -- what a copy carries ------------------------------------------------------------------------


def test_a_copy_of_regions_carries_what_belongs_to_them() -> None:
    """Structures and supply sources in the regions, the connections between two of them,
    and the units and leaders placed in them or sheltered in their structures."""
    clip = copy_entities(grid(), "regions", ["w3", "w2"])
    assert clip.ids("regions") == ["w2", "w3"]  # the file's order
    assert clip.ids("connections") == ["w2-w3"]  # not w2-c2, not w3-sea
    assert clip.ids("structures") == ["harbour"]
    assert clip.ids("units") == ["red-inf-1", "red-tank-1", "red-boat"]  # red-boat: in harbour
    assert clip.ids("leaders") == ["red-general"]
    assert "supply_sources" not in clip.entities  # red-depot is in w1
    # Table entries travel whole; other references by name, for matching elsewhere.
    assert [t["id"] for t in clip.definitions["terrain"]] == ["clear"]
    assert [a["id"] for a in clip.definitions["areas"]] == ["west"]
    assert clip.names["nations"] == {"redland": "Redland"}
    assert clip.names["regions"] == {"sea": "The Sea"}
    assert clip.summary() == "2 regions with 1 connection, 1 structure, 3 units and 1 leader"


def test_a_copy_is_canonical_json_that_reads_back() -> None:
    clip = copy_entities(grid(), "cards", ["rally", "push"])
    text = clip.to_json()
    assert text == copy_entities(grid(), "cards", ["push", "rally"]).to_json()
    assert Clip.from_json(text) == clip
    assert '"format": "salient-clipboard"' in text and text.endswith("}\n")
    # Defaults are left out, as a scenario file leaves them out.
    assert '"color": "red"' in text and '"color": "black"' not in text


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("hello", "does not hold Salient entities"),
        ('{"regions": []}', "does not hold Salient entities"),
        ('{"format": "salient-clipboard", "version": 9}', "newer Salient"),
        (
            '{"format": "salient-clipboard", "version": 1, "schema_version": 99}',
            "newer than this Salient reads",
        ),
        (
            '{"format": "salient-clipboard", "version": 1, "schema_version": 1, '
            '"primary": "regions", "entities": {"armies": []}}',
            "unknown collections: armies",
        ),
        (
            '{"format": "salient-clipboard", "version": 1, "schema_version": 1, '
            '"primary": "regions", "entities": {"regions": [3]}}',
            "entities/regions must be a list of entities",
        ),
    ],
)
def test_text_that_is_no_copy_is_refused_saying_why(text: str, says: str) -> None:
    with pytest.raises(ClipboardError, match=says):
        Clip.from_json(text)


def test_an_invalid_entity_in_a_copy_is_left_out_with_a_note() -> None:
    clip = copy_entities(grid(), "cards", ["push"])
    broken = Clip.from_json(clip.to_json().replace('"side": "red"', '"side": "Red Side!"'))
    plan = resolve_paste(broken, grid())
    assert plan.empty
    assert "not valid here (side:" in kinds(plan)["left_out"][0]


# -- ids ---------------------------------------------------------------------------------------


def test_fresh_ids_append_2_or_count_on_from_the_number_an_id_ends_with() -> None:
    assert fresh_id("push", {"rally"}) == "push"
    assert fresh_id("push", {"push"}) == "push-2"
    assert fresh_id("push", {"push", "push-2"}) == "push-3"
    assert fresh_id("inf-3", {"inf-3"}) == "inf-4"
    long = "x" * 64
    assert fresh_id(long, {long}) == "x" * 62 + "-2"


def test_pasting_into_the_same_scenario_renames_what_collides() -> None:
    scenario = grid()
    plan = resolve_paste(copy_entities(scenario, "cards", ["push"]), scenario)
    assert plan.selected == ["push-2"]
    assert entity(plan, "cards", "push-2").side == "red"  # the reference stays: red exists
    assert kinds(plan)["renamed"] == [
        "1 card had ids already in use and were renamed: push → push-2"
    ]
    again = applied(plan, scenario)
    assert resolve_paste(copy_entities(again, "cards", ["push-2"]), again).selected == ["push-3"]


def test_units_and_leaders_share_their_ids() -> None:
    scenario = grid(lambda d: d["units"].append({"id": "ace", "type": "inf", "nation": "redland"}))
    clip = copy_entities(grid(), "leaders", ["red-general"])
    data = clip.to_data()
    data["entities"]["leaders"][0]["id"] = "ace"
    plan = resolve_paste(Clip.from_json(_json(data)), scenario)
    assert plan.selected == ["ace-2"]


def test_references_between_pasted_entities_follow_their_new_ids() -> None:
    scenario = grid()
    plan = resolve_paste(copy_entities(scenario, "regions", ["w2", "w3"]), scenario)
    assert plan.selected == ["w2-2", "w3-2"]
    link = entity(plan, "connections", "w2-w3-2")
    assert (link.a, link.b) == ("w2-2", "w3-2")
    harbour = entity(plan, "structures", "harbour-2")
    assert harbour.region == "w3-2" and harbour.sea_region == "sea"  # sea was not copied
    assert entity(plan, "units", "red-boat-2").location.structure == "harbour-2"
    assert entity(plan, "leaders", "red-general-2").location.region == "w2-2"
    assert "terrain" not in plan.added and "areas" not in plan.added  # the scenario has them


def test_sudden_death_conditions_paste_into_their_own_list() -> None:
    scenario = grid()
    plan = resolve_paste(
        copy_entities(scenario, "victory/sudden_death", ["red-takes-e2"]), scenario
    )
    assert plan.selected == ["red-takes-e2-2"]
    assert applied(plan, scenario).victory.sudden_death[-1].condition.regions == ["e2"]


# -- references to what was not copied ---------------------------------------------------------


def test_missing_definitions_come_with_the_copy() -> None:
    """The forest and the area of a pasted region are added to a scenario without them."""
    target = new_scenario()
    target.terrain = [t for t in target.terrain if t.id != "forest"]
    plan = resolve_paste(copy_entities(grid(), "regions", ["c2"]), target)
    assert [t.id for t in plan.added["terrain"]] == ["forest"]
    assert [a.id for a in plan.added["areas"]] == ["east"]
    assert entity(plan, "regions", "c2").terrain == "forest"
    assert kinds(plan)["added"] == [
        "Added 1 terrain type the copy uses: Forest",
        "Added 1 area the copy uses: East",
        "Added 1 unit type the copy uses: Infantry",
    ]
    assert plan.summary() == (
        "Pasted 1 region with 1 structure and 2 units; "
        "added 1 terrain type with 1 area and 1 unit type"
    )


def test_a_reference_missing_from_the_target_is_dropped_and_said() -> None:
    """An optional reference (the owner) and a side's values go; the note names them and
    the entities they were left out of."""

    def without_blueland(data: dict) -> None:
        nation = factory.find(data["nations"], "blueland")
        nation["id"], nation["name"] = "azure", "Azure"
        factory.find(data["nations"], "blue-air")["parent"] = "azure"
        for item in (*data["regions"], *data["units"]):
            for key in ("owner", "nation"):
                if item.get(key) == "blueland":
                    item[key] = "azure"

    def valued(data: dict) -> None:
        factory.find(data["regions"], "e2")["values"] = {"blue": {"capture": 2}}
        data["sides"][1]["id"] = "blue"

    plan = resolve_paste(copy_entities(grid(valued), "regions", ["e2"]), grid(without_blueland))
    region = entity(plan, "regions", "e2-2")
    assert region.owner is None
    assert region.values == {"blue": region.values["blue"]}  # blue exists there
    assert kinds(plan)["dropped"] == [
        "Nation Blueland (blueland) is not in this scenario: left out of the owner of "
        "region E2 (e2-2)"
    ]
    assert plan.notes[0].entities == (("regions", "e2-2"),)


def test_a_reference_is_matched_by_name_when_the_id_differs() -> None:
    def renamed(data: dict) -> None:
        factory.find(data["terrain"], "forest")["id"] = "woods"
        factory.find(data["regions"], "c2")["terrain"] = "woods"

    plan = resolve_paste(copy_entities(grid(), "regions", ["c2"]), grid(renamed))
    assert entity(plan, "regions", "c2-2").terrain == "woods"
    assert "terrain" not in plan.added
    assert kinds(plan)["matched"] == ["Terrain type forest is woods here (same name)"]


def test_a_required_reference_takes_the_first_entry_of_a_table() -> None:
    """A unit must have a nation: one of a nation the target lacks gets its first nation."""
    plan = resolve_paste(copy_entities(grid(), "units", ["blue-fighter"]), new_scenario())
    unit = entity(plan, "units", "blue-fighter")
    assert unit.nation == "redland"
    assert unit.type == "fighter" and [t.id for t in plan.added["unit_types"]] == ["fighter"]
    assert unit.location is None  # its airfield is not there
    assert kinds(plan)["replaced"] == [
        "Nation Blue Air Arm (blue-air) is not in this scenario: unit blue-fighter uses "
        "Redland (redland) instead"
    ]


def test_the_part_of_a_card_naming_what_is_missing_goes_never_emptying_a_list() -> None:
    """A card whose condition asks for a leader the target lacks loses the condition; of two
    effects, the one naming a missing supply source goes and the other stays. The note says
    which field went."""

    def cards(data: dict) -> None:
        data["cards"].append(
            {
                "id": "general-orders",
                "name": "General's orders",
                "side": "red",
                "phases": ["cards"],
                "condition": {"kind": "leader_alive", "leader": "red-general"},
                "effects": [
                    {"kind": "vp", "amount": 1},
                    {"kind": "supply_source", "source": "red-depot", "operative": False},
                ],
            }
        )

    source = grid(cards)
    plan = resolve_paste(copy_entities(source, "cards", ["general-orders"]), new_scenario())
    card = entity(plan, "cards", "general-orders")
    assert card.condition is None
    assert [e.kind for e in card.effects] == ["vp"]
    assert sorted(kinds(plan)["dropped"]) == [
        "Leader General Rot (red-general) is not in this scenario: left out of the condition "
        "of card General's orders (general-orders)",
        "Supply source red-depot is not in this scenario: left out of the effects #2 of card "
        "General's orders (general-orders)",
    ]


def test_a_part_is_not_dropped_when_that_would_empty_a_list() -> None:
    """A sudden-death condition about one region the target lacks cannot lose the region
    (an empty list of regions means something else): it is left out."""
    clip = copy_entities(grid(), "victory/sudden_death", ["red-takes-e2"])
    plan = resolve_paste(clip, new_scenario())
    assert plan.empty
    assert kinds(plan)["left_out"] == [
        "Sudden death condition red-takes-e2 not pasted: it needs region E2 (e2), which is "
        "not in this scenario"
    ]


def test_an_entity_that_cannot_do_without_a_missing_reference_is_left_out() -> None:
    plan = resolve_paste(copy_entities(grid(), "connections", ["w1-c1"]), new_scenario())
    assert plan.empty
    assert kinds(plan)["left_out"] == [
        "Connection w1-c1 not pasted: it needs region W1 (w1), which is not in this scenario"
    ]


# -- the map ---------------------------------------------------------------------------------------


def test_regions_pasted_into_an_empty_map_keep_their_place() -> None:
    source = grid()
    plan = resolve_paste(copy_entities(source, "regions", ["w1", "c1"]), new_scenario())
    assert plan.offset == (0.0, 0.0)
    kept = [source.regions[0].polygon, source.regions[1].polygon]
    assert [r.polygon for r in plan.added["regions"]] == kept


def test_regions_pasted_where_others_lie_move_beside_them() -> None:
    scenario = grid()
    plan = resolve_paste(copy_entities(scenario, "regions", ["w1", "c1", "w2"]), scenario)
    dx, dy = plan.offset
    assert (dx, dy) != (0.0, 0.0)
    assert "put beside them" in kinds(plan)["moved"][0]
    after = applied(plan, scenario)
    # The copy is whole (nothing clipped) and overlaps nothing.
    moved = entity(plan, "regions", "w1-2").polygon.exterior
    assert moved == [(x + dx, y + dy) for x, y in scenario.regions[0].polygon.exterior]
    assert not {c for c, _ in codes(after)} & {"region-overlap", "coverage-gap"}
    # Structures' symbols and anchors moved with them.
    assert entity(plan, "connections", "w1-c1-2").a == "w1-2"


def test_regions_pasted_at_a_point_are_clipped_like_a_drawn_region() -> None:
    """A copy of c2 centred on the east edge of the map keeps only the free ground; the
    border it shares with e1 and e2 has their vertices, and they get its corners, so the map
    stays a clean coverage."""
    scenario = grid()
    plan = resolve_paste(copy_entities(scenario, "regions", ["c2"]), scenario, at=(300, 120))
    pasted = entity(plan, "regions", "c2-2").polygon
    shape = build_polygons([pasted])[0]
    assert shape.area == pytest.approx(50 * 100)
    assert shape.bounds == pytest.approx((300, 70, 350, 170))
    assert (300.0, 100.0) in pasted.exterior  # the corner of e1 and e2 on its border
    assert (300.0, 70.0) in plan.outlines["e1"].exterior
    assert (300.0, 170.0) in plan.outlines["e2"].exterior
    after = applied(plan, scenario)
    shapes = build_polygons([r.polygon for r in after.regions if r.id != "sea"])
    assert shapely.coverage_is_valid(shapes)
    assert "1 pasted region lost the ground regions already there cover" in kinds(plan)["clipped"]
    # The fort's symbol had no anchor of its own; the stack came along.
    # blue-inf-1 counts on to the next free number.
    assert entity(plan, "units", "blue-inf-3").location.region == "c2-2"


def test_regions_covered_entirely_are_left_out_with_what_belongs_to_them() -> None:
    scenario = grid()
    plan = resolve_paste(copy_entities(scenario, "regions", ["c2"]), scenario, at=(150, 150))
    assert plan.empty
    assert kinds(plan)["left_out"] == [
        "Region C2 (c2) not pasted: the regions already there cover all its ground",
        "Entities Old Fort (fort) and blue-inf-1 not pasted: they belong to regions that "
        "were not pasted",
        "Unit blue-inf-2 not pasted: it belongs to structures that were not pasted",
    ]


def test_definitions_only_what_was_left_out_used_are_not_added() -> None:
    """Pasted where other regions cover all its ground, a region whose forest and area the
    target lacks adds neither: a paste that pastes nothing changes nothing."""
    source = grid()
    covering = grid(
        lambda data: data.update(terrain=[t for t in data["terrain"] if t["id"] != "forest"])
    )
    covering = covering.model_copy(
        update={
            "areas": [],
            "regions": [
                r.model_copy(update={"terrain": "clear", "area": None}) for r in covering.regions
            ],
        }
    )
    plan = resolve_paste(copy_entities(source, "regions", ["c2"]), covering, at=(150, 150))
    assert plan.empty, plan.added
    assert "added" not in kinds(plan)
    assert plan.summary() == "Pasted nothing"
    # Pasted where it fits, the same copy brings them.
    plan = resolve_paste(copy_entities(source, "regions", ["c2"]), covering)
    assert [t.id for t in plan.added["terrain"]] == ["forest"]


def test_a_copy_goes_to_another_scenario_and_back_unchanged() -> None:
    """Round trip: two regions copied into an empty scenario with the same sides, then
    copied from there into a third, arrive as they left, entity for entity."""
    source = grid()
    clip = copy_entities(source, "regions", ["w1", "w2"])
    middle = applied(resolve_paste(clip, new_scenario()), new_scenario())
    back = copy_entities(middle, "regions", ["w1", "w2"])
    assert back.entities == clip.entities
    # The areas came along; the terrain is the middle scenario's own "clear".
    assert back.definitions["areas"] == clip.definitions["areas"]
    final = applied(resolve_paste(back, new_scenario()), new_scenario())
    for collection in ("regions", "connections", "supply_sources", "units", "leaders", "areas"):
        assert getattr(final, collection) == getattr(middle, collection)
    assert [r.id for r in final.regions] == ["w1", "w2"]
    assert [u.id for u in final.units] == ["red-inf-1", "red-tank-1"]


def _json(data: dict[str, Any]) -> str:
    import json

    return json.dumps(data)
