"""Decks (cards, events, the condition/effect builder), the reinforcement timeline, victory."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt

from editor.shared import sentences as wording
from editor.studio.document import ScenarioDocument
from editor.studio.forms.builder import LogicTree
from editor.studio.forms.builder_kinds import CHILD_FIELDS, CONDITIONS, EFFECTS
from editor.studio.forms.collections import JsonEditor
from editor.studio.forms.context import studio_context
from editor.studio.forms.model_form import ModelEditor
from editor.studio.forms.pickers import IdListEditor, RefEditor
from editor.studio.sections.decks import DecksEditor
from editor.studio.sections.schedule import ScheduleEditor
from editor.studio.sections.victory import VictoryEditor
from schemas import conditions as c
from schemas import effects as e
from schemas.decks import Card
from schemas.io import dumps, load_file, load_text

LEFT = Qt.MouseButton.LeftButton


@pytest.fixture
def document() -> ScenarioDocument:
    scenario = load_file("sample_scenarios/vessa-crossing.json").scenario
    assert scenario is not None
    return ScenarioDocument(scenario)


def _shown(qtbot, widget, width: int = 1300, height: int = 850):
    qtbot.addWidget(widget)
    widget.resize(width, height)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


@pytest.fixture
def decks(qtbot, document: ScenarioDocument) -> DecksEditor:
    return _shown(qtbot, DecksEditor(document))


def _add(builder: LogicTree, kind: str) -> None:
    """Pick ``kind`` from the builder's Add menu, as the designer does."""
    builder.add_menu.aboutToShow.emit()
    # Section titles are actions without data; asking them for it trips a PySide6 bug.
    actions = [a for a in builder.add_menu.actions() if not a.isSeparator()]
    next(a for a in actions if a.data() == kind).trigger()


def _click_item(qtbot, builder: LogicTree, path: tuple) -> None:
    item = builder.item_at(path)
    assert item is not None, path
    rect = builder.tree.visualItemRect(item)
    qtbot.mouseClick(builder.tree.viewport(), LEFT, pos=rect.center())
    assert builder.current_node().path == path


def _no_json(form: ModelEditor) -> None:
    assert not form.findChildren(JsonEditor), form.model.__name__
    skipped = set(CHILD_FIELDS.get(form.model, ())) | {"kind"}
    assert set(form.rows) == set(form.model.model_fields) - skipped


# -- the builder ---------------------------------------------------------------------------------


def test_builder_makes_every_condition_kind_without_json(decks, document):
    document.select("cards", ["pontoon-bridges"])
    builder = decks.card_page.condition
    for kind, model in CONDITIONS.items():
        builder.select_path(())
        assert builder.delete()  # back to "no condition"
        assert document.get("cards", "pontoon-bridges").condition is None
        _add(builder, kind)
        condition = document.get("cards", "pontoon-bridges").condition
        assert isinstance(condition, model), kind
        _no_json(builder.forms[model])
        assert builder.tree.topLevelItem(0).text(0)  # a sentence, not an empty row
    reloaded = load_text(dumps(document.scenario)).scenario
    assert reloaded is not None
    assert reloaded.cards == document.scenario.cards


def test_builder_makes_every_effect_kind_and_the_card_round_trips(decks, document):
    document.select("cards", ["fresh-drafts"])
    builder = decks.card_page.effects
    for kind, model in EFFECTS.items():
        builder.select_path((0,))
        _add(builder, kind)
        added = builder.current_node().path
        assert isinstance(document.get("cards", "fresh-drafts").effects[added[0]], model), kind
        _no_json(builder.forms[model])
    card = document.get("cards", "fresh-drafts")
    assert sorted({effect.kind for effect in card.effects}) == sorted(EFFECTS)
    reloaded = load_text(dumps(document.scenario)).scenario
    assert reloaded is not None
    assert reloaded.cards == document.scenario.cards
    assert Card.model_validate_json(card.model_dump_json(by_alias=True)) == card


def test_nesting_reorder_delete_each_one_undo_step(qtbot, decks, document):
    document.select("cards", ["air-reconnaissance"])  # a card without condition
    builder = decks.card_page.condition
    stack = document.undo_stack
    _add(builder, "all")
    _click_item(qtbot, builder, ())
    _add(builder, "turn")
    _click_item(qtbot, builder, ())
    _add(builder, "controls")
    condition = document.get("cards", "air-reconnaissance").condition
    assert isinstance(condition, c.AllOf)
    assert [child.kind for child in condition.conditions] == ["turn", "controls"]
    assert stack.count() == 3

    _click_item(qtbot, builder, ("conditions", 1))
    qtbot.mouseClick(builder.up_button, LEFT)
    condition = document.get("cards", "air-reconnaissance").condition
    assert [child.kind for child in condition.conditions] == ["controls", "turn"]
    assert builder.current_node().path == ("conditions", 0)
    assert stack.count() == 4

    _click_item(qtbot, builder, ("conditions", 1))
    qtbot.mouseClick(builder.delete_button, LEFT)
    condition = document.get("cards", "air-reconnaissance").condition
    assert [child.kind for child in condition.conditions] == ["controls"]
    assert stack.count() == 5

    stack.undo()
    condition = document.get("cards", "air-reconnaissance").condition
    assert [child.kind for child in condition.conditions] == ["controls", "turn"]
    assert [builder.tree.topLevelItem(0).child(i).text(0) for i in range(2)][1] == "Any turn"


def test_editing_a_node_field_and_wrapping(qtbot, decks, document):
    document.select("cards", ["reserve-corps"])
    builder = decks.card_page.effects
    _add(builder, "vp")  # appended after the selected effect
    path = builder.current_node().path
    amount = builder.forms[e.AddVictoryPoints].rows["amount"]
    amount.box.setValue(3)
    card = document.get("cards", "reserve-corps")
    assert card.effects[path[0]].amount == 3
    assert builder.item_at(path).text(0) == "Add 3 VP to this side"

    builder.wrap_menu.aboutToShow.emit()
    next(a for a in builder.wrap_menu.actions() if a.data() == "if").trigger()
    wrapped = document.get("cards", "reserve-corps").effects[path[0]]
    assert isinstance(wrapped, e.Conditional)
    assert wrapped.then[0].amount == 3
    assert builder.current_node().path == (*path, "then", 0)

    # Changing the kind keeps what still fits: the side and the amount of the VP effect.
    builder.change_kind("treasury")
    moved = document.get("cards", "reserve-corps").effects[path[0]].then[0]
    assert isinstance(moved, e.AddTreasury) and moved.amount == 3


def test_id_lists_are_picked_not_typed(qtbot, decks, document):
    document.select("victory", [])
    document.select("cards", ["legion-rising"])
    builder = decks.card_page.effects
    _click_item(qtbot, builder, (0,))  # hand over Dunn Mire and Dunmere
    regions = builder.forms[e.TransferControl].rows["regions"]
    assert isinstance(regions, IdListEditor)
    assert "Kessel (kessel)" in regions.offered_labels()  # names beside ids
    qtbot.keyClicks(regions.picker.lineEdit(), "kessel")  # found by typing
    qtbot.keyClick(regions.picker.lineEdit(), Qt.Key.Key_Return)
    assert document.get("cards", "legion-rising").effects[0].regions == ["dunn-mire", "kessel"]
    assert "Kessel" in builder.item_at((0,)).text(0)
    assert document.undo_stack.count() == 1
    qtbot.mouseClick(regions.chips["dunn-mire"], LEFT)  # a chip's click removes it
    assert document.get("cards", "legion-rising").effects[0].regions == ["kessel"]
    to = builder.forms[e.TransferControl].rows["to"]
    assert isinstance(to, RefEditor) and to.box.currentText() == "Vessa Legion (vessa-legion)"


def test_builder_plugs_into_any_form(qtbot, document):
    form = ModelEditor(Card, studio_context(document))
    qtbot.addWidget(form)
    form.set_value(document.get("cards", "legion-rising"))
    assert isinstance(form.rows["condition"], LogicTree)
    assert isinstance(form.rows["effects"], LogicTree)
    assert form.rows["effects"].tree.topLevelItemCount() == 3


def test_wording_names_places():
    names = {"dravan": "Dravan", "kessel": "Kessel", "salthaven": "Salthaven"}

    def named(_collection: str, key: str) -> str:
        return names.get(key, key)

    holds = c.Controls(kind="controls", side="dravan", regions=["kessel"], structures=["salthaven"])
    assert wording.condition(holds, named) == "Dravan controls Kessel and Salthaven"
    assert wording.effect(e.AddVictoryPoints(kind="vp", amount=2), named) == (
        "add 2 VP to this side"
    )
    negated = c.Not(kind="not", condition=holds)
    assert wording.condition(negated, named) == "Dravan does not control Kessel and Salthaven"


# -- the decks editor ------------------------------------------------------------------------------


def test_card_add_duplicate_delete_one_undo_step_each(qtbot, decks, document):
    stack = document.undo_stack
    count = len(document.items("cards"))
    document.select("cards", ["hold-the-river"])
    qtbot.mouseClick(decks.entities.add_button, LEFT)
    assert len(document.items("cards")) == count + 1 and stack.count() == 1
    added = document.selection.ids[0]
    assert document.get("cards", added).side == "arvel"
    assert decks.entities.current() == added

    qtbot.mouseClick(decks.entities.duplicate_button, LEFT)
    assert len(document.items("cards")) == count + 2 and stack.count() == 2
    copy = document.selection.ids[0]
    assert copy != added
    assert document.index_of("cards", copy) == document.index_of("cards", added) + 1

    qtbot.mouseClick(decks.entities.delete_button, LEFT)
    assert document.get("cards", copy) is None and stack.count() == 3
    stack.undo()
    assert document.get("cards", copy) is not None
    stack.undo()
    stack.undo()
    assert len(document.items("cards")) == count


def test_card_reorder_moves_past_the_visible_neighbour(qtbot, decks, document):
    document.select("cards", ["storm-groups"])
    before = [card.id for card in document.items("cards")]
    qtbot.mouseClick(decks.entities.up_button, LEFT)
    after = [card.id for card in document.items("cards")]
    assert after.index("storm-groups") == before.index("storm-groups") - 1
    assert document.undo_stack.count() == 1
    assert decks.entities.current() == "storm-groups"
    document.undo_stack.undo()
    assert [card.id for card in document.items("cards")] == before


def test_selection_syncs_both_ways(qtbot, decks, document):
    document.select("cards", ["coastal-batteries"])  # an Arvel card: the list follows
    assert decks.tabs.currentData() == "arvel"
    assert decks.entities.current() == "coastal-batteries"
    assert decks.card_page.form.value().id == "coastal-batteries"

    row = decks.entities.keys().index("radar-plot")
    rect = decks.entities.list.visualItemRect(decks.entities.list.item(row))
    qtbot.mouseClick(decks.entities.list.viewport(), LEFT, pos=rect.center())
    assert document.selection.section == "cards"
    assert document.selection.ids == ("radar-plot",)

    document.select("events", ["caldor-burns"], focus=("effects", 1))
    assert decks.tabs.currentData() == "@events"
    assert decks.event_page.isVisible() and not decks.card_page.isVisible()
    assert decks.event_page.effects.current_node().path == (1,)


def test_card_texts_written_from_the_rules(qtbot, decks, document):
    document.select("cards", ["fresh-drafts"])
    qtbot.mouseClick(decks.fill_button, LEFT)
    card = document.get("cards", "fresh-drafts")
    assert card.condition_text == "Always playable."
    assert card.effect_text == "Give this side 2 replacement points for this side's combat units."
    assert document.undo_stack.count() == 1


def test_an_edit_the_card_refuses_is_not_applied(qtbot, decks, document):
    document.select("cards", ["fighting-withdrawal"])  # one effect; a card needs at least one
    builder = decks.card_page.effects
    _click_item(qtbot, builder, (0,))
    qtbot.mouseClick(builder.delete_button, LEFT)
    assert len(document.get("cards", "fighting-withdrawal").effects) == 1
    assert document.undo_stack.count() == 0
    assert decks.card_page.message.isVisibleTo(decks)
    assert builder.tree.topLevelItemCount() == 1


# -- the schedule ----------------------------------------------------------------------------------


@pytest.fixture
def schedule(qtbot, document: ScenarioDocument) -> ScheduleEditor:
    return _shown(qtbot, ScheduleEditor(document))


def test_timeline_drag_changes_the_turn_and_undo_restores(qtbot, schedule, document):
    timeline = schedule.timeline
    start = timeline.to_viewport(timeline.rects["arvel-guards"]).center()
    target = timeline.cell_rect("arvel", 6).center()
    viewport = timeline.viewport()
    qtbot.mousePress(viewport, LEFT, pos=start)
    qtbot.mouseMove(viewport, pos=start + QPoint(20, 0))
    qtbot.mouseMove(viewport, pos=target)
    qtbot.mouseRelease(viewport, LEFT, pos=target)
    assert document.get("reinforcements", "arvel-guards").turn == 6
    assert document.undo_stack.count() == 1
    assert document.selection.ids == ("arvel-guards",)
    assert timeline.to_viewport(timeline.rects["arvel-guards"]).intersects(
        timeline.cell_rect("arvel", 6)
    )
    document.undo_stack.undo()
    assert document.get("reinforcements", "arvel-guards").turn == 3


def test_timeline_click_selects_and_shows_the_form(qtbot, schedule, document):
    timeline = schedule.timeline
    qtbot.mouseClick(
        timeline.viewport(),
        LEFT,
        pos=timeline.to_viewport(timeline.rects["arvel-condors"]).center(),
    )
    assert document.selection.section == "reinforcements"
    assert document.selection.ids == ("arvel-condors",)
    assert schedule.form.value().id == "arvel-condors"
    assert isinstance(schedule.condition.root, c.Not)
    assert document.undo_stack.count() == 0  # a click is not an edit


def test_timeline_double_click_adds_at_that_turn(qtbot, schedule, document):
    timeline = schedule.timeline
    count = len(document.items("reinforcements"))
    qtbot.mouseDClick(timeline.viewport(), LEFT, pos=timeline.cell_rect("dravan", 7).center())
    assert len(document.items("reinforcements")) == count + 1
    added = document.get("reinforcements", document.selection.ids[0])
    assert (added.side, added.turn) == ("dravan", 7)
    assert document.undo_stack.count() == 1
    # Dragged to "no turn", it waits for a card or event.
    start = timeline.to_viewport(timeline.rects[added.id]).center()
    target = timeline.cell_rect("dravan", None).center()
    qtbot.mousePress(timeline.viewport(), LEFT, pos=start)
    qtbot.mouseMove(timeline.viewport(), pos=target)
    qtbot.mouseRelease(timeline.viewport(), LEFT, pos=target)
    assert document.get("reinforcements", added.id).turn is None


def test_timeline_headers_show_dates(schedule, document):
    columns = schedule.timeline.columns
    assert columns[0].turn is None
    assert (columns[1].title, columns[1].subtitle) == ("Turn 1", "5 Oct 1936")
    assert columns[2].subtitle == "9 Oct 1936"  # four-day turns
    lanes = {lane.side: lane for lane in schedule.timeline.lanes}
    assert "hesk" not in lanes  # neutral, nothing scheduled
    assert lanes["dravan"].points[2] == 2  # one per turn from the rules, one granted


def test_replacements_add_and_edit(qtbot, schedule, document):
    qtbot.mouseClick(schedule.replacements.grants.add_button, LEFT)
    grant_id = document.selection.ids[0]
    assert document.selection.section == "replacements"
    points = schedule.replacements.form.rows["points"]
    points.box.setValue(3)
    assert document.get("replacements", grant_id).points == 3
    assert document.undo_stack.count() == 2


# -- victory and tension ---------------------------------------------------------------------------


@pytest.fixture
def victory(qtbot, document: ScenarioDocument) -> VictoryEditor:
    return _shown(qtbot, VictoryEditor(document))


def test_tension_switched_off_and_on(qtbot, victory, document):
    original = document.scenario.tension
    assert victory.tension.enabled.isChecked()
    qtbot.mouseClick(victory.tension.enabled, LEFT, pos=QPoint(6, 6))
    assert document.scenario.tension is None
    assert not victory.tension.body.isVisible()
    qtbot.mouseClick(victory.tension.enabled, LEFT, pos=QPoint(6, 6))
    assert document.scenario.tension == original  # the settings come back
    assert document.undo_stack.count() == 2
    document.undo_stack.undo()
    assert document.scenario.tension is None and not victory.tension.enabled.isChecked()
    document.undo_stack.undo()
    assert document.scenario.tension == original


def test_tension_created_from_nothing_and_steps(qtbot, document):
    document.set_section("tension", None)
    document.undo_stack.clear()
    editor = _shown(qtbot, VictoryEditor(document))
    panel = editor.tension
    qtbot.mouseClick(panel.enabled, LEFT, pos=QPoint(6, 6))
    index = document.scenario.tension
    assert index is not None and index.benefits == "arvel"
    qtbot.mouseClick(panel.steps.add_button, LEFT)
    _add(panel.step_effects, "vp")
    step = document.scenario.tension.steps[0]
    assert step.value == 1 and step.effects[0].kind == "vp"
    assert document.undo_stack.count() == 3


def test_sudden_death_built_with_the_condition_builder(qtbot, victory, document):
    qtbot.mouseClick(victory.conditions.add_button, LEFT)
    items = document.scenario.victory.sudden_death
    assert len(items) == 3 and items[2].id == "dravan-wins"
    builder = victory.condition
    _add(builder, "turn")  # a lone condition: both join an "all of"
    condition = document.scenario.victory.sudden_death[2].condition
    assert isinstance(condition, c.AllOf)
    assert [child.kind for child in condition.conditions] == ["controls", "turn"]
    assert document.undo_stack.count() == 2
    level = victory.level
    level.box.setValue(18)
    assert document.scenario.rules.victory.victory_level == 18


def test_victory_issue_selection_focuses_the_condition(victory, document):
    document.select("victory", [], focus=("sudden_death", 1, "condition", "structures"))
    assert victory.conditions.current() == "arvel-counterstroke"
    assert victory.condition.root.structures == ["corran-town", "port-illan"]


# -- what they look like -------------------------------------------------------------------------


def test_screenshots_of_the_three_editors(tmp_path: Path, decks, schedule, victory, document):
    document.select("cards", ["orders-from-capital"])
    document.select("reinforcements", ["arvel-condors"])
    for name, widget in (("decks", decks), ("schedule", schedule), ("victory", victory)):
        target = tmp_path / f"{name}.png"
        assert widget.grab().save(str(target))
        assert target.stat().st_size > 10_000


def test_the_card_preview_is_whole_beside_the_docks_at_1280x800(studio) -> None:
    """At 1280 pixels the Cards and events tab is about 700 wide between the docks: the card
    preview was given 130 of them and cut off on the right (the list kept 230 for its row
    of buttons, which now wraps)."""
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QScrollArea

    from editor.studio.window_layout import apply_default_layout

    studio.files.new(ask=False)
    studio.resize(1280, 800)
    apply_default_layout(studio)
    studio.open_section("decks")
    page = studio.tabs.pages["decks"].widget()
    page.add()
    QTest.qWait(50)
    preview = page.preview
    port = preview.parentWidget()
    while not isinstance(port.parentWidget(), QScrollArea):
        port = port.parentWidget()
    port = port.parentWidget().viewport()
    left = preview.mapTo(port, QPoint(0, 0)).x()
    card = preview._card_rect(preview.height())
    assert left >= 0 and left + card.right() <= port.width(), (left, card, port.width())
    assert card.left() >= 0 and card.right() <= preview.width()
    list_box = page.entities
    assert list_box.add_button.isVisible() and list_box.down_button.isVisible()
    assert list_box.down_button.mapTo(page, QPoint(list_box.down_button.width(), 0)).x() <= (
        list_box.mapTo(page, QPoint(list_box.width(), 0)).x()
    )


def test_the_victory_editor_cuts_nothing_off_at_1280x800(studio) -> None:
    """Side by side in the 700 pixels between the docks, the victory panes were cut off on
    the right (Kharkov's VP table, the summary, the sudden-death list): where both do not
    fit, one goes above the other, and each form has its whole width."""
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QScrollArea

    from editor.studio.window_layout import apply_default_layout

    kharkov = (
        Path(__file__).resolve().parents[2] / "sample_scenarios" / "kharkov-1942-operational.json"
    )
    assert studio.files.open_path(kharkov, ask=False)
    studio.resize(1280, 800)
    apply_default_layout(studio)
    studio.open_section("victory")
    page = studio.tabs.pages["victory"].widget()
    QTest.qWait(50)
    assert page.splitter.orientation() == Qt.Orientation.Vertical
    for scroll in page.findChildren(QScrollArea):
        form = scroll.widget()
        if form is not None and scroll.isVisible():
            assert form.width() <= scroll.viewport().width(), type(form).__name__
    studio.resize(1900, 1000)
    apply_default_layout(studio)
    QTest.qWait(50)
    assert page.splitter.orientation() == Qt.Orientation.Horizontal  # room for both
