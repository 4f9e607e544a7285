"""The operational family in the studio's rules editor: choosing the family, its tables as
grids (typing, refusals, copy, paste, undo, rows and odds columns), issues landing on a cell,
and a unit's operational fields shown only for that family (issue 15, the studio part)."""

from __future__ import annotations

from typing import Literal

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QDoubleSpinBox

from editor.studio.document import ScenarioDocument
from editor.studio.panels.inspector import Inspector
from editor.studio.sections.grid import GridEditor
from editor.studio.sections.operational_grids import CHAPTERS, GRIDS, odds_text
from editor.studio.sections.rules_editor import RulesEditor
from editor.studio.sections.rules_family import (
    add_preset_types,
    choose_family,
    fill_missing_rows,
    rows_missing,
)
from schemas.generator import generate_hex_scenario
from schemas.operational.rules import OperationalRules
from schemas.validation import validate_scenario


@pytest.fixture
def doc() -> ScenarioDocument:
    return ScenarioDocument(generate_hex_scenario(12, 10, 3))


@pytest.fixture
def editor(qtbot, doc: ScenarioDocument) -> RulesEditor:
    widget = RulesEditor(doc)
    qtbot.addWidget(widget)
    widget.resize(1100, 760)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def grid(editor: RulesEditor, key: str) -> GridEditor:
    return next(g for page in editor.operational.values() for g in page.grids if g.spec.key == key)


def visible_chapters(editor: RulesEditor) -> list[str]:
    items = (editor.chapters.item(r) for r in range(editor.chapters.count()))
    return [item.data(Qt.ItemDataRole.UserRole) for item in items if not item.isHidden()]


def test_choosing_the_operational_family_is_one_undo_step_with_wego_turns_and_tables(editor, doc):
    assert not any(key.startswith("op-") for key in visible_chapters(editor))
    editor.family.choices["operational"].click()
    assert doc.scenario.rules.family == "operational"
    assert doc.scenario.rules.operational == OperationalRules()
    assert doc.scenario.calendar.turn_system == "wego"
    assert [c.key for c in CHAPTERS] == [k for k in visible_chapters(editor) if k.startswith("op-")]
    assert doc.undo_stack.count() == 1
    doc.undo_stack.undo()
    assert doc.scenario.rules.family == "area"
    assert doc.scenario.rules.operational is None
    assert doc.scenario.calendar.turn_system == "igougo"
    assert not any(key.startswith("op-") for key in visible_chapters(editor))
    assert editor.family.choices["area"].isChecked()


def test_switching_back_to_area_drops_the_tables_and_leaves_a_table_chapter(editor, doc):
    choose_family(doc, "operational")
    editor.show_chapter("op-quality")
    choose_family(doc, "area")
    assert doc.scenario.rules.operational is None
    assert editor.chapters.currentItem().data(Qt.ItemDataRole.UserRole) == "family"


def test_presets_add_the_familys_terrain_types_and_default_rows(editor, doc):
    choose_family(doc, "operational")
    terrain, _ = rows_missing(doc)
    assert "forest" in terrain  # the generated map's own terrain has no row yet
    assert fill_missing_rows(doc) > 0
    assert rows_missing(doc) == ([], [])
    codes = {issue.code for issue in validate_scenario(doc.scenario)}
    assert "operational-terrain-missing" not in codes
    added = add_preset_types(doc)
    assert added == 13  # "marsh" is already there; the two hexside types are new
    assert doc.get("terrain", "woods") is not None
    assert doc.get("connection_types", "escarpment") is not None
    doc.undo_stack.undo()
    assert doc.get("terrain", "woods") is None


def test_a_typed_cell_is_one_undo_step_and_a_bad_value_is_refused_with_a_message(
    qtbot, editor, doc
):
    choose_family(doc, "operational")
    terrain = grid(editor, "terrain")
    col = next(n for n, c in enumerate(terrain.model.column_lines) if c.title == "Stacking")
    view = terrain.view
    view.setCurrentIndex(terrain.model.index(1, col))
    qtbot.keyClick(view, Qt.Key.Key_F2)
    box = view.viewport().findChild(QDoubleSpinBox) or view.findChild(QDoubleSpinBox)
    assert box is not None
    box.selectAll()
    qtbot.keyClicks(box, "6.5")
    qtbot.keyClick(box, Qt.Key.Key_Return)  # the view commits on its next event loop turn
    qtbot.waitUntil(lambda: doc.scenario.rules.operational.terrain[1].stacking == 6.5)
    before = doc.undo_stack.count()
    assert not terrain.model.apply([(1, col, "lots")])
    assert "'lots' is not a number" in terrain.message.text()
    assert not terrain.model.apply([(1, col, "5000")])
    assert "less than or equal to 1000" in terrain.message.text()
    assert doc.undo_stack.count() == before
    assert doc.scenario.rules.operational.terrain[1].stacking == 6.5
    doc.undo_stack.undo()
    assert doc.scenario.rules.operational.terrain[1].stacking == 9.0


def test_a_pasted_block_is_one_undo_step_and_copy_gives_tab_separated_text(editor, doc):
    choose_family(doc, "operational")
    crt = grid(editor, "crt-defender")
    crt.select_cell(1, 2)
    QGuiApplication.clipboard().setText("11\t12\n21\t22\n")
    before = doc.undo_stack.count()
    crt.paste()
    rows = doc.scenario.rules.operational.combat.results.rows
    assert [rows[1][2].defender, rows[1][3].defender] == [11, 12]
    assert [rows[2][2].defender, rows[2][3].defender] == [21, 22]
    assert doc.undo_stack.count() == before + 1
    crt.copy()
    assert QGuiApplication.clipboard().text() == "11\t12\n21\t22"
    doc.undo_stack.undo()
    assert doc.scenario.rules.operational.combat.results.rows[1][2].defender != 11


def test_a_paste_with_one_bad_cell_changes_nothing(editor, doc):
    choose_family(doc, "operational")
    quality = grid(editor, "quality")
    quality.select_cell(0, 0)
    QGuiApplication.clipboard().setText("14\t-1\n18\tbanana")
    before = doc.scenario.rules.operational.quality
    quality.paste()
    assert doc.scenario.rules.operational.quality == before
    assert "banana" in quality.message.text()
    assert "Green" in quality.message.text()


def test_list_cells_and_list_items_follow_their_bounds(editor, doc):
    choose_family(doc, "operational")
    zoc = grid(editor, "zoc")
    row = next(n for n, line in enumerate(zoc.model.row_lines) if line.path == ("infiltrators",))
    assert zoc.model.apply([(row, 0, "infantry, ski")])
    assert doc.scenario.rules.operational.zoc.infiltrators == ["infantry", "ski"]
    assert not zoc.model.apply([(row, 0, "infantry, tank")])
    assert "'tank' is not one of" in zoc.message.text()
    intensity = grid(editor, "intensity")
    titles = [line.title for line in intensity.model.row_lines]
    assert "Losses: extreme" in titles
    extreme = titles.index("Losses: extreme")
    assert not intensity.model.apply([(extreme, 0, "-1")])
    assert intensity.model.apply([(extreme, 0, "3")])
    assert doc.scenario.rules.operational.combat.intensity.losses[-1] == 3.0


def test_empty_cost_cells_mean_impassable_and_del_clears_them(qtbot, editor, doc):
    choose_family(doc, "operational")
    terrain = grid(editor, "terrain")
    assert terrain.model.apply([(0, 1, "")])
    assert doc.scenario.rules.operational.terrain[0].entry_cost.infantry is None
    assert terrain.model.data(terrain.model.index(0, 1)) == "—"
    roads = grid(editor, "roads")
    roads.select_cell(0, 0)
    qtbot.keyClick(roads.view, Qt.Key.Key_Delete)  # not optional: kept
    assert doc.scenario.rules.operational.roads.highway.normal == 1.0


def test_rows_of_list_tables_are_added_and_deleted(editor, doc):
    choose_family(doc, "operational")
    terrain = grid(editor, "terrain")
    count = len(doc.scenario.rules.operational.terrain)
    terrain.add_row()
    rows = doc.scenario.rules.operational.terrain
    assert len(rows) == count + 1
    assert rows[-1].terrain == doc.scenario.terrain[0].id
    assert terrain.model.rowCount() == count + 1
    terrain.select_cell(0, 0)
    terrain.delete_rows()
    assert doc.scenario.rules.operational.terrain[0].terrain == "rolling-steppe"
    # The added row is the map's "clear": a second row for it is refused.
    assert not terrain.model.apply([(1, 0, "clear")])
    assert "'clear' has two rows" in terrain.message.text()


def test_odds_columns_are_added_and_deleted_in_every_row(editor, doc):
    choose_family(doc, "operational")
    odds = grid(editor, "odds")
    odds.buttons["Add odds column"].click()
    results = doc.scenario.rules.operational.combat.results
    assert results.columns[-1] == 11.0
    assert all(len(row) == 17 for row in results.rows)
    assert grid(editor, "crt-attacker").model.columnCount() == 17
    assert grid(editor, "crt-attacker").model.column_lines[-1].title == "11:1"
    odds.select_cell(0, 0)
    odds.buttons["Delete odds columns"].click()
    results = doc.scenario.rules.operational.combat.results
    assert results.columns[0] == 0.25
    assert all(len(row) == 16 for row in results.rows)
    assert not odds.model.apply([(0, 1, "0.1")])  # the columns must increase
    assert "increase" in odds.message.text()
    assert [odds_text(r) for r in (1 / 3, 2 / 3, 1.5, 4.0)] == ["1:3", "2:3", "3:2", "4:1"]


def test_an_issue_inside_the_tables_shows_its_chapter_and_cell(editor, doc):
    choose_family(doc, "operational")
    doc.select("rules", [], focus=("operational", "combat", "results", "rows", 2, 5, "attacker"))
    assert editor.chapters.currentItem().data(Qt.ItemDataRole.UserRole) == "op-results"
    crt = grid(editor, "crt-attacker")
    assert (crt.view.currentIndex().row(), crt.view.currentIndex().column()) == (2, 5)
    doc.select("rules", [], focus=("operational", "quality", "veteran", "damage"))
    quality = grid(editor, "quality")
    assert editor.pages.currentWidget() is editor.operational["op-quality"]
    index = quality.view.currentIndex()
    assert quality.model.row_lines[index.row()].path == ("veteran",)
    assert quality.model.column_lines[index.column()].path == ("damage",)
    doc.select("rules", [], focus=("family",))
    assert editor.pages.currentWidget() is editor.family


def test_search_finds_operational_chapters_by_row_names(editor, doc):
    choose_family(doc, "operational")
    editor.search.setText("echelon")
    assert "op-stacking" in visible_chapters(editor)
    assert "op-results" not in visible_chapters(editor)


def test_every_grid_shows_every_cell(editor, doc):
    choose_family(doc, "operational")
    for spec in GRIDS.values():
        model = grid(editor, spec.key).model
        assert model.columnCount() > 0, spec.key
        # A list that starts empty (the victory locations, the HQ tree) offers Add instead.
        assert model.rowCount() > 0 or spec.new_row is not None, spec.key
        for row in range(model.rowCount()):
            for col in range(model.columnCount()):
                assert model.data(model.index(row, col)) is not None


def test_a_units_operational_fields_show_only_in_the_operational_family(qtbot, doc):
    inspector = Inspector(doc)
    qtbot.addWidget(inspector)
    inspector.show()
    unit = doc.scenario.units[0]
    doc.select("units", [unit.id])
    form = inspector.forms["units"]
    box = form.titles["operational"]
    assert box.isHidden()
    choose_family(doc, "operational")
    assert not box.isHidden()
    form.rows["operational"].presence.setCurrentIndex(1)
    form.rows["operational"].presence.activated.emit(1)
    assert doc.get("units", unit.id).operational is not None
    assert doc.get("units", unit.id).operational.quality == "regular"
    doc.select("unit_types", [doc.scenario.unit_types[0].id])
    assert not inspector.forms["unit_types"].titles["operational"].isHidden()


def test_unit_types_and_units_take_operational_values_as_a_spreadsheet(editor, doc):
    """OU1: a type without values shows the defaults greyed; its first typed value sets the
    record from those defaults, and a paste over several types is one undo step."""
    choose_family(doc, "operational")
    types = grid(editor, "unit-types")
    model = types.model
    assert doc.scenario.unit_types[0].operational is None
    assert model.unset(0, 0)
    assert model.data(model.index(0, 0)) == "Infantry"  # the default category
    attack = next(n for n, c in enumerate(model.column_lines) if c.title == "Attack")
    steps = doc.undo_stack.count()
    types.select_cell(0, attack)
    QGuiApplication.clipboard().setText("6\t5\n9\t4")
    types.paste()
    kinds = doc.scenario.unit_types
    assert (kinds[0].operational.attack, kinds[0].operational.defence) == (6, 5)
    assert (kinds[1].operational.attack, kinds[1].operational.defence) == (9, 4)
    assert kinds[0].operational.category == "infantry"
    assert not model.unset(0, 0)
    assert doc.undo_stack.count() == steps + 1
    codes = [i.entity for i in validate_scenario(doc.scenario) if i.code.endswith("type-missing")]
    assert kinds[0].id not in codes and kinds[2].id in codes
    doc.undo_stack.undo()
    assert doc.scenario.unit_types[0].operational is None
    units = grid(editor, "units")
    quality = next(n for n, c in enumerate(units.model.column_lines) if c.title == "Quality")
    assert units.model.apply([(3, quality, "veteran")])
    assert doc.scenario.units[3].operational.quality == "veteran"
    assert not units.model.apply([(3, quality, "heroic")])
    assert "'heroic' is not one of" in units.message.text()


def test_parts_a_later_rules_group_adds_get_chapters_of_their_own(doc):
    """A record or a list of records added to ``rules.operational`` (HQs, supply, assets)
    is edited without a hand-made grid: a column of values, or a row per entry."""
    from pydantic import Field

    from editor.studio.sections.operational_grids import automatic_chapters
    from schemas.base import StrictModel

    class Pools(StrictModel):
        fuel: float = 2.0
        mode: Literal["push", "pull"] = "push"
        limits: Limits = Field(default_factory=lambda: Limits())

    class Limits(StrictModel):
        most: int = 5

    class Asset(StrictModel):
        name: str = "Stuka"
        delay: int = 1
        kinds: list[Literal["air", "naval"]] = Field(default_factory=list)
        table: dict[str, int] = Field(default_factory=dict)

    class Later(OperationalRules):
        pools: Pools = Field(default_factory=Pools)
        convoys: list[Asset] = Field(default_factory=lambda: [Asset(), Asset(name="Il-2")])

    Pools.model_rebuild()
    chapters = automatic_chapters(Later, set(OperationalRules.model_fields))
    assert [c.key for c in chapters] == ["op-pools", "op-convoys"]
    pools, assets = chapters[0].grids[0], chapters[1].grids[0]
    value = Later()
    rows = pools.rows(value.pools, doc)
    assert [line.path for line in rows] == [("fuel",), ("mode",), ("limits", "most")]
    assert [line.title for line in assets.columns(value.convoys, doc)] == ["Name", "Delay", "Kinds"]
    assert len(assets.rows(value.convoys, doc)) == 2
    assert assets.new_row is not None and assets.new_row(doc) == Asset()
    # What came after the hand-made chapters (results after combat, victory, turns, the
    # order of battle, supply, assets and artillery; C2, integrity, forts and intelligence;
    # breakdown and combine; engineering; the establishment of men, guns and vehicles; night
    # capability) has no
    # chapter laid out by hand yet: they are edited through the automatic ones, after the
    # hand-made chapters.
    automatic = [c.key for c in CHAPTERS if any(s.key.startswith("auto-") for s in c.grids)]
    assert automatic == [
        "op-after_combat",
        "op-victory",
        "op-turns",
        "op-command",
        "op-supply",
        "op-assets",
        "op-artillery",
        "op-c2",
        "op-integrity",
        "op-forts",
        "op-intel",
        "op-organisation",
        "op-engineering",
        "op-establishment",
        "op-night",
    ]
    # They follow the hand-made chapters; the assets' own tables (Table OC35, Table OC32)
    # come last.
    assert [c.key for c in CHAPTERS[-len(automatic) - 1 : -1]] == automatic
    assert CHAPTERS[-1].key == "op-aa"


def test_tables_an_area_scenario_carries_unread_are_shown_and_dropped(editor, doc):
    """The issue of unread tables lands on the family's chapter, which drops them."""
    rules = doc.scenario.rules.model_copy(update={"operational": OperationalRules()})
    doc.set_section("rules", rules)
    doc.select("rules", [], focus=("operational",))
    assert editor.pages.currentWidget() is editor.family
    assert editor.family.drop.isVisible()
    assert "never read" in editor.family.status.text()
    editor.family.drop.click()
    assert doc.scenario.rules.operational is None
    assert not editor.family.drop.isVisible()
    codes = {issue.code for issue in validate_scenario(doc.scenario)}
    assert "operational-unused" not in codes


def test_oc35_oc32_the_aa_table_and_fire_multiplier_are_edited_as_grids(editor, doc):
    """Table OC35 (a result and a damage grid by row and odds) and Table OC32 are cells like
    the combat results table; a result outside none/halved/aborted is refused."""
    choose_family(doc, "operational")
    results, damage, fire = (
        grid(editor, "aa-result"),
        grid(editor, "aa-damage"),
        grid(editor, "fire-multiplier"),
    )
    assert results.model.rowCount() == 6 and results.model.columnCount() == 9
    assert [c.title for c in results.model.column_lines][4] == odds_text(1.0)
    assert results.model.apply([(5, 8, "aborted")])
    assert damage.model.apply([(5, 8, "40")])
    assert fire.model.apply([(0, 2, "0.5")])
    table = doc.scenario.rules.operational.assets
    assert table.aa.rows[5][8].result == "aborted" and table.aa.rows[5][8].damage == 40
    assert table.bombardment.fire_multiplier[2] == 0.5
    before = doc.undo_stack.count()
    assert not results.model.apply([(0, 0, "shot down")])
    assert doc.undo_stack.count() == before


def test_ow3_the_night_chapter_edits_night_capability_as_a_column_of_values(editor, doc):
    """OW3, OU15, OW11, OW12: ``rules.operational.night`` in its own chapter: the readiness a
    night-capable unit needs, each effect it escapes, the air and EW numbers; a bad value is
    refused with the reason, a good one is one undo step; the search finds the chapter."""
    choose_family(doc, "operational")
    night = grid(editor, "auto-night")
    rows = {line.path: n for n, line in enumerate(night.model.row_lines)}
    assert {("readiness",), ("intel",), ("zoc",), ("air_mission_readiness",)} <= set(rows)
    before = doc.undo_stack.count()
    assert not night.model.apply([(rows[("readiness",)], 0, "120")])
    assert "less than or equal to 100" in night.message.text()
    assert doc.undo_stack.count() == before
    assert night.model.apply([(rows[("readiness",)], 0, "70")])
    assert doc.scenario.rules.operational.night.readiness == 70.0
    assert doc.undo_stack.count() == before + 1
    doc.undo_stack.undo()
    assert doc.scenario.rules.operational.night.readiness == 80.0
    editor.search.setText("night")
    assert "op-night" in visible_chapters(editor)
