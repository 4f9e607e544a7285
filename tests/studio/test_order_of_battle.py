"""The order of battle as a drag-and-drop tree in the studio (issue 15, the studio part; OQ1):
the tree read from ``rules.operational.command``, reassignments as one undoable step, refused
drops (a loop, an HQ of another side, a unit that is no HQ) explained, issues shown on their
node, and the selection shared with the map."""

from __future__ import annotations

import pytest

from editor.studio.document import ScenarioDocument
from editor.studio.sections.order_of_battle import forest, reassigned, refusal
from editor.studio.sections.order_of_battle_view import UNIT, OrderOfBattlePage
from schemas.scenario import Scenario
from tests.operational.command_builder import CommandBuilder


def small_tree() -> Scenario:
    b = CommandBuilder(columns=12, rows=3)
    b.hq("army", "c1r2", echelon="army")
    b.hq("div1", "c3r2", parent="army", echelon="division")
    b.hq("div2", "c4r2", parent="army", echelon="division")
    b.unit("inf1", "inf", "c5r2", hq="div1")
    b.unit("inf2", "inf", "c6r2", hq="div1")
    b.unit("loose", "inf", "c7r2")
    b.hq("bluehq", "c10r2", echelon="corps", nation="blueland")
    b.unit("foe", "inf", "c11r2", nation="blueland", hq="bluehq")
    b.supply_source("c1r2")
    b.supply_source("c12r2", side="blue")
    return b.build()


@pytest.fixture
def doc() -> ScenarioDocument:
    return ScenarioDocument(small_tree())


@pytest.fixture
def page(qtbot, doc: ScenarioDocument) -> OrderOfBattlePage:
    widget = OrderOfBattlePage(doc)
    qtbot.addWidget(widget)
    widget.resize(500, 600)
    widget.show()
    return widget


def children(page: OrderOfBattlePage, unit: str) -> list[str]:
    item = page.item_of(unit)
    assert item is not None
    return [item.child(n).data(0, UNIT) for n in range(item.childCount())]


def test_oq1_the_tree_shows_each_side_with_its_hqs_and_unattached_units(doc):
    red, blue = forest(doc.scenario)
    assert [r.unit for r in red.roots] == ["army"]
    assert [c.unit for c in red.roots[0].children] == ["div1", "div2"]
    assert [c.unit for c in red.roots[0].children[0].children] == ["inf1", "inf2"]
    assert [n.unit for n in red.unattached] == ["loose"]
    assert [r.unit for r in blue.roots] == ["bluehq"]
    assert [c.unit for c in blue.roots[0].children] == ["foe"]


def test_oq1_moving_a_unit_to_another_hq_is_one_undo_step(page, doc):
    assert page.drop("inf1", "div2", "red")
    assert children(page, "div2") == ["inf1"]
    assert children(page, "div1") == ["inf2"]
    command = doc.scenario.rules.operational.command
    assert {a.unit: a.hq for a in command.attachments}["inf1"] == "div2"
    assert doc.undo_stack.count() == 1
    assert doc.selection.ids == ("inf1",)
    doc.undo_stack.undo()
    assert children(page, "div1") == ["inf1", "inf2"]
    assert doc.scenario == small_tree()


def test_oq1_an_unattached_unit_dropped_on_an_hq_is_attached_and_can_be_detached(page, doc):
    assert page.drop("loose", "div2", "red")
    assert children(page, "div2") == ["loose"]
    assert page.drop("loose", None, "red")
    assert "loose" not in {a.unit for a in doc.scenario.rules.operational.command.attachments}
    assert not page.drop("loose", None, "red")
    assert "already reports to no HQ" in page.message.text()


def test_oq1_an_hq_moves_with_its_units_and_can_become_a_root(page, doc):
    assert page.drop("div1", "div2", "red")
    assert children(page, "div2") == ["div1"]
    assert children(page, "div1") == ["inf1", "inf2"]
    assert page.drop("div1", None, "red")
    assert doc.scenario.rules.operational.command.entry("div1").parent is None
    assert doc.undo_stack.count() == 2


def test_oq1_refused_drops_are_explained_and_change_nothing(page, doc):
    before = doc.scenario
    assert not page.drop("army", "inf1", "red")  # not an HQ
    assert "not an HQ" in page.message.text()
    assert not page.drop("army", "div1", "red")  # its own subordinate: a loop
    assert "loop" in page.message.text()
    assert not page.drop("inf1", "bluehq", "blue")  # the enemy's HQ
    assert "side" in page.message.text()
    assert not page.drop("div1", "div1", "red")
    assert not page.drop("inf1", "div1", "red")  # already there
    assert "already reports" in page.message.text()
    assert doc.scenario is before
    assert doc.undo_stack.count() == 0


def test_refusal_names_the_loop_through_an_intermediate_hq(doc):
    scenario = doc.scenario
    after = scenario.model_copy(
        update={
            "rules": scenario.rules.model_copy(
                update={"operational": reassigned(scenario, "div2", "div1")}
            )
        }
    )
    assert "loop" in (refusal(after, "army", "div2", "red") or "")  # army > div1 > div2
    assert refusal(after, "div2", "army", "red") is None  # back up is always allowed


def test_issues_of_the_hq_tree_are_shown_on_their_node(page, doc):
    assert "reports to no HQ" in page.item_of("loose").toolTip(0)  # a warning on the unit
    assert not page.item_of("inf2").toolTip(0)
    # Another side's HQ written in by hand (a file edited outside the studio).
    rules = doc.scenario.rules
    command = rules.operational.command
    links = [
        a.model_copy(update={"hq": "bluehq"}) if a.unit == "inf2" else a
        for a in command.attachments
    ]
    operational = rules.operational.model_copy(
        update={"command": command.model_copy(update={"attachments": links})}
    )
    doc.set_section("rules", rules.model_copy(update={"operational": operational}))
    item = page.item_of("inf2")
    assert "side 'blue'" in item.toolTip(0)
    assert "issue" in item.text(0)
    assert not item.icon(0).isNull()


def test_selecting_a_node_selects_the_unit_and_the_map_selection_selects_the_node(page, doc):
    page.tree.setCurrentItem(page.item_of("inf2"))
    assert doc.selection.section == "units" and doc.selection.ids == ("inf2",)
    doc.select("units", ["foe"])
    assert page.tree.currentItem().data(0, UNIT) == "foe"


def test_oq1_an_hq_unit_without_an_entry_gets_one_where_it_is_dropped(qtbot):
    b = CommandBuilder(columns=8, rows=3)
    b.hq("army", "c1r2", echelon="army")
    b.unit("newhq", "hq", "c3r2", echelon="corps")
    doc = ScenarioDocument(b.build())
    page = OrderOfBattlePage(doc)
    qtbot.addWidget(page)
    assert [n.unit for n in forest(doc.scenario)[0].unattached] == ["newhq"]
    assert page.drop("newhq", "army", "red")
    entry = doc.scenario.rules.operational.command.entry("newhq")
    assert entry is not None and entry.parent == "army"
    assert not doc.scenario.rules.operational.command.attachments


def test_oq1_the_right_click_menu_offers_the_sides_hqs_with_refusals_greyed(page, doc):
    menu = page.reassign_menu("div1", "red")
    under = menu.actions()[0].menu()
    offered = {a.text(): a for a in under.actions()}
    assert set(offered) == {"army (army)", "div1 (division)", "div2 (division)"}  # no blue HQ
    assert not offered["div1 (division)"].isEnabled()  # itself
    assert not offered["army (army)"].isEnabled()  # already there
    assert "already reports" in offered["army (army)"].toolTip()
    offered["div2 (division)"].trigger()
    assert doc.scenario.rules.operational.command.entry("div1").parent == "div2"
    assert doc.undo_stack.count() == 1
    loose = page.reassign_menu("loose", "red")
    assert not loose.actions()[-1].isEnabled()  # already reports to no HQ
