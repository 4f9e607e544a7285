"""Revert of one change (issue 13, "Compare ... and Revert"): a row of the Changes dock, or one
field of it, goes back to the saved version (or is taken from the file compared with) as one
undoable step, and only that change goes: the other rows stay as edited. For a stack of mods
the revert lands in the edit target, so Save writes the mod without it."""

from __future__ import annotations

from PySide6.QtWidgets import QMessageBox

from editor.shared.app import settle
from editor.studio.mods.document import ModdedDocument
from editor.studio.mods.opening import open_stack
from editor.studio.window import StudioWindow
from schemas.io import load_file, save
from schemas.mods.load import load_mod_text
from tests.studio.mod_helpers import Files, edited, value


def opened_plain(studio: StudioWindow, files: Files):
    assert studio.files.open_path(files.base, ask=False)
    settle(studio)
    return studio.document


def compared(studio: StudioWindow):
    studio.compare.compare_with_saved()
    return studio.holders["changes"].panel


def row(panel, starting: str):
    """The top-level row whose text (after its mark) starts with ``starting``."""
    tree = panel.tree
    for index in range(tree.topLevelItemCount()):
        item = tree.topLevelItem(index)
        if item.text(0)[2:].startswith(starting):
            return item
    texts = [tree.topLevelItem(i).text(0) for i in range(tree.topLevelItemCount())]
    raise AssertionError(f"no row {starting!r} in {texts}")


def revert_row(panel, item) -> None:
    panel.tree.setCurrentItem(item)
    assert panel.revert_one_button.isEnabled()
    panel.revert_one_button.click()
    panel.refresh()


def texts(panel) -> list[str]:
    return [panel.tree.topLevelItem(i).text(0) for i in range(panel.tree.topLevelItemCount())]


def test_reverting_one_changed_entity_keeps_the_other_edits(studio, files) -> None:
    document = opened_plain(studio, files)
    document.set_field("regions", "viipuri", ["name"], "Vyborg")
    document.set_field("terrain", "forest", ["movement_cost"], 5)
    panel = compared(studio)
    assert panel.revert_one_button.text() == "Revert this change"
    revert_row(panel, row(panel, "region Vyborg"))
    assert value(document, "regions", "viipuri", "name") == "Viipuri"
    assert value(document, "terrain", "forest", "movement_cost") == 5
    assert texts(panel) == ["● terrain table, Forest: MP cost 2 → 5"]
    assert studio.statusBar().currentMessage().startswith("region Vyborg as saved again")
    document.undo_stack.undo()  # one step brings it back
    assert value(document, "regions", "viipuri", "name") == "Vyborg"


def test_one_field_of_a_changed_entity_is_reverted_alone(studio, files) -> None:
    document = opened_plain(studio, files)
    document.set_field("terrain", "forest", ["movement_cost"], 5)
    document.set_field("terrain", "forest", ["forage"], 1)
    panel = compared(studio)
    item = row(panel, "terrain table, Forest")
    assert item.childCount() == 2
    forage = next(item.child(i) for i in range(2) if "forage" in item.child(i).text(0))
    revert_row(panel, forage)
    assert value(document, "terrain", "forest", "forage") == 4
    assert value(document, "terrain", "forest", "movement_cost") == 5
    assert "Forest, forage, as saved again" in studio.statusBar().currentMessage()


def test_an_added_entity_is_taken_out_and_a_removed_one_comes_back_in_its_place(
    studio, files
) -> None:
    document = opened_plain(studio, files)
    ids = [c.id for c in document.scenario.cards]
    gone = ids[3]
    extra = document.get("cards", ids[0]).model_copy(update={"id": "extra", "name": "Extra"})
    document.remove("cards", [gone])
    document.add("cards", extra)
    panel = compared(studio)
    assert [c.kind for c in panel.diff.changes] == ["removed", "added"]
    revert_row(panel, panel.tree.topLevelItem(0))
    assert [c.id for c in document.scenario.cards] == [*ids, "extra"]  # back in its place
    assert texts(panel) == ["+ card Extra added"]
    revert_row(panel, panel.tree.topLevelItem(0))
    assert [c.id for c in document.scenario.cards] == ids
    assert texts(panel) == []


def test_a_renamed_entity_gets_its_id_back_with_the_references_to_it(studio, files) -> None:
    document = opened_plain(studio, files)
    document.rename("regions", "summa", "summa-line")
    panel = compared(studio)
    assert any("renamed summa → summa-line" in t for t in texts(panel))
    revert_row(panel, panel.tree.topLevelItem(0))
    assert document.get("regions", "summa") is not None
    assert document.get("regions", "summa-line") is None
    sudden = document.scenario.victory.sudden_death[1]
    assert "summa" in sudden.condition.regions  # the reference followed it back
    assert texts(panel) == []


def test_a_moved_entity_goes_back_to_its_place(studio, files) -> None:
    document = opened_plain(studio, files)
    ids = [c.id for c in document.scenario.cards]
    card = document.get("cards", ids[1])
    with document.macro("Move"):
        document.remove("cards", [ids[1]])
        document.add("cards", card)
    panel = compared(studio)
    assert texts(panel)[0].startswith("↕")
    revert_row(panel, panel.tree.topLevelItem(0))
    assert [c.id for c in document.scenario.cards] == ids


def test_a_single_section_and_a_nested_list_entity_are_reverted(studio, files) -> None:
    from editor.studio.document import with_value

    document = opened_plain(studio, files)
    rules = document.scenario.rules
    document.set_section("rules", with_value(rules, ["battle", "max_rounds"], 9))
    victory = document.scenario.victory
    first = victory.sudden_death[0].model_copy(update={"description": "Helsinki is taken."})
    document.set_section(
        "victory", with_value(victory, ["sudden_death"], [first, *victory.sudden_death[1:]])
    )
    panel = compared(studio)
    assert len(texts(panel)) == 2
    revert_row(panel, row(panel, "sudden death condition"))
    assert document.scenario.victory == victory
    revert_row(panel, panel.tree.topLevelItem(0))
    assert document.scenario.rules == rules
    assert not texts(panel)


def test_compare_with_a_file_takes_one_entity_from_it(studio, files, monkeypatch) -> None:
    from PySide6.QtWidgets import QFileDialog

    document = opened_plain(studio, files)
    other = files.folder / "other.json"
    scenario = load_file(files.base, validate=False).scenario
    save(
        edited(
            scenario,
            [("regions", "lahti", ["name"], "Lahtis"), ("regions", "kotka", ["name"], "Kotk")],
        ),
        other,
    )
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(other), ""))
    studio.compare.compare_with_file()
    panel = studio.holders["changes"].panel
    assert panel.revert_one_button.text() == "Take from other.json"
    revert_row(panel, row(panel, "region Lahti"))
    assert value(document, "regions", "lahti", "name") == "Lahtis"
    assert value(document, "regions", "kotka", "name") == "Kotka"
    assert "region Lahti taken from other.json" in studio.statusBar().currentMessage()


def test_in_a_stack_one_change_is_reverted_into_the_edit_target(studio, files) -> None:
    assert open_stack(studio, files.base, [str(files.harsh), str(files.thaw)], ask=False)
    document = studio.document
    assert isinstance(document, ModdedDocument)
    document.set_field("regions", "viipuri", ["name"], "Vyborg")
    document.set_field("terrain", "rough", ["movement_cost"], 4)
    panel = compared(studio)
    revert_row(panel, row(panel, "region Vyborg"))
    assert value(document, "regions", "viipuri", "name") == "Viipuri"
    assert studio.files.save()
    mod = load_mod_text(files.thaw.read_bytes()).mod
    assert mod is not None
    touched = {(op.section, getattr(op, "id", None)) for op in mod.operations}
    assert ("terrain", "rough") in touched
    assert ("regions", "viipuri") not in touched
    assert files.base.read_bytes() == (files.folder / "winter-war.json").read_bytes()


def test_a_revert_that_cannot_be_made_says_why_and_changes_nothing(
    studio, files, monkeypatch
) -> None:
    document = opened_plain(studio, files)
    document.rename("regions", "summa", "summa-line")
    panel = compared(studio)
    item = panel.tree.topLevelItem(0)
    # Another entity takes the old id meanwhile (the list is not compared again yet).
    lahti = document.get("regions", "lahti")
    document.add("regions", lahti.model_copy(update={"id": "summa"}))
    warned: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda _p, _t, text, *a: warned.append(text))
    before = document.undo_stack.count()
    panel.tree.setCurrentItem(item)
    panel.revert_current()
    assert warned and "summa" in warned[0] and "taken" in warned[0]
    assert document.undo_stack.count() == before


def test_on_a_slow_comparison_a_reverted_row_is_struck_out_until_refresh(studio, files) -> None:
    document = opened_plain(studio, files)
    document.set_field("regions", "viipuri", ["name"], "Vyborg")
    document.set_field("terrain", "forest", ["movement_cost"], 5)
    panel = compared(studio)
    panel.took = 1.0  # as if comparing this map took a second: no comparing after each edit
    item = row(panel, "region Vyborg")
    panel.tree.setCurrentItem(item)
    panel.revert_one_button.click()
    assert value(document, "regions", "viipuri", "name") == "Viipuri"
    assert item.font(0).strikeOut() and not panel.revert_one_button.isEnabled()
    assert not panel.stale_note.isHidden()
    panel.refresh_button.click()
    assert texts(panel) == ["● terrain table, Forest: MP cost 2 → 5"]
