"""A base scenario opened with a stack of mods in the studio (issue 13, "In the studio"):
edits go into the top mod as operations, Save writes only that mod, switching mods on and off
and reordering them are undoable steps on the same history as the edits, stale operations can
be dropped or re-based, and the stack survives a crash."""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtWidgets import QFileDialog, QMessageBox

from editor.studio.mods.document import ModdedDocument
from editor.studio.mods.opening import open_stack
from editor.studio.window import StudioWindow
from schemas.io import dumps, load_file, save
from schemas.mods import apply_mods, load_mod_file
from tests.studio.mod_helpers import Files, edited, value

Buttons = QMessageBox.StandardButton


def opened(studio: StudioWindow, files: Files, *mods: Path, **options: object) -> ModdedDocument:
    assert open_stack(studio, files.base, [str(m) for m in mods], ask=False, **options)
    document = studio.document
    assert isinstance(document, ModdedDocument)
    return document


def operations(document: ModdedDocument) -> list[dict[str, object]]:
    from schemas.mods.model import operation_json

    return [operation_json(op) for op in document.derive().mod.operations]


def test_the_studio_shows_what_the_stack_makes(studio, files) -> None:
    document = opened(studio, files, files.harsh, files.thaw)
    # The harsh winter sets forage, the thaw (later) decides MP costs and Helsinki's terrain.
    assert value(document, "terrain", "forest", "forage") == 2
    assert value(document, "terrain", "forest", "movement_cost") == 1
    assert value(document, "regions", "helsinki", "terrain") == "marsh"
    assert document.target.mod.id == "early-thaw"
    assert document.path == files.thaw
    assert "early-thaw.salient-mod.json on winter-war.json" in studio.windowTitle()
    assert not document.modified


def test_an_edit_becomes_an_operation_of_the_top_mod_against_the_base(studio, files) -> None:
    document = opened(studio, files, files.harsh, files.thaw)
    document.set_field("terrain", "rough", ["movement_cost"], 4)
    # Overriding what a lower mod set: the operation expects the base's value, so the
    # override is a conflict, not a stale operation.
    document.set_field("terrain", "deep-forest", ["forage"], 9)
    ops = operations(document)
    assert {
        "op": "set",
        "section": "terrain",
        "id": "rough",
        "path": "/movement_cost",
        "value": 4,
        "was": 3,
    } in ops
    assert {
        "op": "set",
        "section": "terrain",
        "id": "deep-forest",
        "path": "/forage",
        "value": 9,
        "was": 5,
    } in ops
    result = document.derive().result
    assert not result.stale
    clash = [c for c in result.conflicts if c.id == "deep-forest" and c.path == "/forage"]
    assert clash and clash[0].earlier.mod_id == "harsh-winter" and clash[0].later_value == 9


def test_save_writes_only_the_top_mod(studio, files) -> None:
    base_bytes = files.base.read_bytes()
    harsh_bytes = files.harsh.read_bytes()
    document = opened(studio, files, files.harsh, files.thaw)
    document.set_field("regions", "viipuri", ["name"], "Vyborg")
    assert studio.files.save()
    assert files.base.read_bytes() == base_bytes
    assert files.harsh.read_bytes() == harsh_bytes
    saved = load_mod_file(files.thaw).mod
    assert saved is not None and saved.id == "early-thaw"
    assert any(getattr(op, "id", None) == "viipuri" for op in saved.operations)
    # Applying the saved stack gives what the studio showed, byte for byte.
    base = load_file(files.base, validate=False).scenario
    harsh = load_mod_file(files.harsh).mod
    again = apply_mods(base, [harsh, saved], validate=False).scenario
    assert dumps(again) == dumps(document.scenario)
    assert not document.modified and "*" not in studio.windowTitle()


def test_switching_a_mod_off_keeps_the_edits_of_the_top_mod(studio, files) -> None:
    document = opened(studio, files, files.harsh, files.thaw)
    document.set_field("regions", "viipuri", ["name"], "Vyborg")
    harsh = document.entries[0]
    assert document.set_enabled(harsh.key, False)
    assert value(document, "terrain", "forest", "forage") == 4  # the base's again
    assert value(document, "terrain", "forest", "movement_cost") == 1  # the thaw's
    assert value(document, "regions", "viipuri", "name") == "Vyborg"  # the edit stays
    assert not document.entries[0].enabled
    document.undo_stack.undo()
    assert value(document, "terrain", "forest", "forage") == 2
    assert document.entries[0].enabled
    document.undo_stack.redo()
    assert value(document, "terrain", "forest", "forage") == 4


def test_the_edit_target_cannot_be_switched_off_and_stays_last(studio, files) -> None:
    document = opened(studio, files, files.harsh, files.thaw)
    target = document.target
    assert not document.set_enabled(target.key, False)
    assert document.reorder([target.key, document.entries[0].key]) is False


def test_reordering_changes_who_wins_and_is_undoable(studio, files) -> None:
    document = opened(studio, files, files.harsh, files.thaw, start_new=True)
    harsh, thaw, mine = document.entries
    assert mine.mod.id == "winter-war-mod" and document.path is None
    assert value(document, "terrain", "forest", "movement_cost") == 1  # thaw applies later
    assert document.reorder([thaw.key, harsh.key, mine.key])
    assert [e.key for e in document.entries] == [thaw.key, harsh.key, mine.key]
    assert value(document, "terrain", "forest", "movement_cost") == 3  # now the harsh winter
    document.undo_stack.undo()
    assert value(document, "terrain", "forest", "movement_cost") == 1
    assert [e.key for e in document.entries] == [harsh.key, thaw.key, mine.key]


def test_undo_and_redo_go_through_edits_and_stack_changes_alike(studio, files) -> None:
    document = opened(studio, files, files.harsh, files.thaw)
    start = dumps(document.scenario)
    document.set_field("terrain", "rough", ["movement_cost"], 4)
    document.set_enabled(document.entries[0].key, False)
    document.set_field("regions", "viipuri", ["name"], "Vyborg")
    document.rename("regions", "lahti", "lahti-town")
    end = dumps(document.scenario)
    stack = document.undo_stack
    assert stack.count() == 4
    while stack.canUndo():
        stack.undo()
    assert dumps(document.scenario) == start
    assert not document.modified
    assert document.entries[0].enabled
    while stack.canRedo():
        stack.redo()
    assert dumps(document.scenario) == end
    ops = operations(document)
    assert {"op": "rename", "section": "regions", "id": "lahti", "to": "lahti-town"} in ops


def test_a_stale_operation_whose_target_vanished_is_kept_until_dropped(studio, files) -> None:
    # The base scenario lost a card the thaw mod changes: the operation is skipped, listed,
    # and stays in the mod through edits and saves until the designer drops it.
    scenario = load_file(files.base, validate=False).scenario
    without = scenario.model_copy(
        update={"cards": [c for c in scenario.cards if c.id != "field-kitchens"]}
    )
    save(without, files.base)
    document = opened(studio, files, files.thaw)
    stale = [s for s in document.derive().result.stale if s.id == "field-kitchens"]
    assert stale and stale[0].code == "mod-target-missing" and not stale[0].applied
    document.set_field("regions", "viipuri", ["name"], "Vyborg")
    assert studio.files.save()
    kept = load_mod_file(files.thaw).mod
    assert any(getattr(op, "id", None) == "field-kitchens" for op in kept.operations)
    record = next(s for s in document.derive().result.stale if s.id == "field-kitchens")
    assert document.drop_stale(record)
    assert not [s for s in document.derive().result.stale if s.id == "field-kitchens"]
    assert studio.files.save()
    dropped = load_mod_file(files.thaw).mod
    assert not any(getattr(op, "id", None) == "field-kitchens" for op in dropped.operations)
    document.undo_stack.undo()
    assert [s for s in document.derive().result.stale if s.id == "field-kitchens"]


def test_a_changed_base_value_is_reported_until_rebased(studio, files) -> None:
    scenario = load_file(files.base, validate=False).scenario
    save(edited(scenario, [("terrain", "marsh", ["movement_cost"], 5)]), files.base)
    document = opened(studio, files, files.thaw)
    record = next(s for s in document.derive().result.stale if s.id == "marsh")
    assert record.code == "mod-base-value-changed" and record.applied
    assert (record.expected, record.found) == (2, 5)
    assert value(document, "terrain", "marsh", "movement_cost") == 3  # the mod's, applied
    # An unrelated edit and a save keep the report: the mod still expects 2.
    document.set_field("regions", "viipuri", ["name"], "Vyborg")
    assert studio.files.save()
    marsh = [op for op in load_mod_file(files.thaw).mod.operations if op.id == "marsh"]
    assert marsh[0].was == 2
    assert document.rebase_stale(record)
    assert not [s for s in document.derive().result.stale if s.id == "marsh"]
    assert value(document, "terrain", "marsh", "movement_cost") == 3
    assert studio.files.save()
    marsh = [op for op in load_mod_file(files.thaw).mod.operations if op.id == "marsh"]
    assert marsh[0].was == 5 and marsh[0].value == 3


def test_dropping_an_applied_stale_operation_takes_its_change_back(studio, files) -> None:
    scenario = load_file(files.base, validate=False).scenario
    save(edited(scenario, [("terrain", "marsh", ["movement_cost"], 5)]), files.base)
    document = opened(studio, files, files.thaw)
    record = next(s for s in document.derive().result.stale if s.id == "marsh")
    assert document.drop_stale(record)
    assert value(document, "terrain", "marsh", "movement_cost") == 5
    document.undo_stack.undo()
    assert value(document, "terrain", "marsh", "movement_cost") == 3


def test_a_new_mod_is_saved_where_the_designer_says(studio, files, monkeypatch) -> None:
    document = opened(studio, files, files.harsh)
    harsh = document.entries[0]
    assert document.path == files.harsh  # the last mod file is the target
    before = files.harsh.read_bytes()
    assert studio.files.save()  # nothing changed: the file is written as it was read
    assert files.harsh.read_bytes() == before
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: Buttons.Save)
    from schemas.mods.model import Mod

    fresh = Mod.model_validate(
        {
            "schema_version": 1,
            "id": "my-changes",
            "name": "My changes",
            "base": document.target.mod.base.model_dump(),
        }
    )
    assert document.start_mod(fresh)
    assert document.path is None and document.target.mod.id == "my-changes"
    assert document.entries[0].key == harsh.key
    document.set_field("terrain", "urban", ["forage"], 15)
    target = files.folder / "mine.salient-mod.json"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), ""))
    assert studio.files.save()
    mine = load_mod_file(target).mod
    assert mine.id == "my-changes"
    assert [op.id for op in mine.operations] == ["urban"]
    assert mine.base.id == "winter-war" and mine.base.fingerprint.startswith("sha256:")
    assert document.path == target


def test_edit_another_mod_makes_it_the_target(studio, files) -> None:
    document = opened(studio, files, files.harsh, files.thaw)
    harsh, thaw = document.entries
    assert document.make_target(harsh.key)
    assert document.target.key == harsh.key and document.path == files.harsh
    assert [e.key for e in document.entries] == [thaw.key, harsh.key]
    assert value(document, "terrain", "forest", "movement_cost") == 3  # harsh now applies last
    document.set_field("terrain", "clear", ["forage"], 11)
    assert studio.files.save()
    saved = load_mod_file(files.harsh).mod
    clear = [op for op in saved.operations if op.id == "clear"]
    assert clear[0].value == 11 and clear[0].was == 20


def test_a_mod_in_a_package_is_never_the_target(studio, files, tmp_path) -> None:
    from schemas.mods.packing import pack

    folder = tmp_path / "pack"
    folder.mkdir()
    (folder / "harsh.salient-mod.json").write_bytes(files.harsh.read_bytes())
    manifest = {
        "schema_version": 1,
        "id": "hardest",
        "name": "Hardest",
        "version": "1",
        "licence": "CC0-1.0",
        "base": json.loads(files.harsh.read_text())["base"],
        "mods": ["harsh.salient-mod.json"],
    }
    (folder / "manifest.json").write_text(json.dumps(manifest))
    package = tmp_path / "hardest.salient-pack"
    pack(folder, package)
    document = opened(studio, files, package)
    packaged, mine = document.entries
    assert not packaged.writable and mine.writable and document.path is None
    assert value(document, "terrain", "forest", "movement_cost") == 3
    assert not document.make_target(packaged.key)


def test_a_file_that_cannot_be_a_base_or_mod_is_refused_with_its_problems(
    studio, files, monkeypatch
) -> None:
    broken = files.folder / "broken.salient-mod.json"
    broken.write_text('{"schema_version": 1, "id": "x"')
    said: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda _w, _t, text, *a: said.append(text))
    assert not open_stack(studio, files.base, [str(broken)], ask=False)
    assert said and "broken.salient-mod.json" in said[0] and "json" in said[0].lower()
    assert studio.document is None or not isinstance(studio.document, ModdedDocument)


def test_a_mod_file_opens_on_its_base_and_remembers_its_stack(studio, files) -> None:
    assert studio.files.open_path(files.thaw, ask=False)
    document = studio.document
    assert isinstance(document, ModdedDocument)
    assert document.base.path == files.base and [e.mod.id for e in document.entries] == [
        "early-thaw"
    ]
    # Opened with the harsh winter below it and saved: reopening brings the stack back.
    opened(studio, files, files.harsh, files.thaw)
    studio.document.set_enabled(studio.document.entries[0].key, False)
    assert studio.files.save()
    assert studio.files.open_path(files.thaw, ask=False)
    again = studio.document
    assert [e.mod.id for e in again.entries] == ["harsh-winter", "early-thaw"]
    assert not again.entries[0].enabled


def test_unsaved_mod_work_is_recovered_after_a_crash(studio, files, monkeypatch) -> None:
    before = files.thaw.read_bytes()
    document = opened(studio, files, files.harsh, files.thaw)
    document.set_field("regions", "viipuri", ["name"], "Vyborg")
    copy = studio.autosaver.autosave()
    assert copy is not None
    meta = json.loads(copy.with_suffix(".meta.json").read_text())
    assert meta["stack"]["base"] == str(files.base)
    assert json.loads(copy.read_text())["id"] == "early-thaw"  # a mod, not a scenario
    # The studio dies; the next one opening the mod offers the copy.
    studio.autosaver.stop()
    studio.autosaver = None
    second = StudioWindow(autosave_ms=3_600_000)
    try:
        monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: Buttons.Yes)
        assert open_stack(second, files.base, [str(files.harsh), str(files.thaw)], ask=False)
        recovered = second.document
        assert recovered.recovered and recovered.modified
        assert value(recovered, "regions", "viipuri", "name") == "Vyborg"
        assert files.thaw.read_bytes() == before  # recovery never writes the mod file
    finally:
        second.files.discard_session()
        second.close()
        second.deleteLater()


def test_play_gets_the_scenario_with_the_mods_applied(studio, files, monkeypatch) -> None:
    document = opened(studio, files, files.harsh, files.thaw)
    document.set_field("terrain", "urban", ["forage"], 15)
    seen: dict[str, object] = {}

    class Dialog:
        def __init__(self, scenario, stem, parent=None) -> None:
            seen["scenario"], seen["stem"] = scenario, stem
            from PySide6.QtCore import QObject, Signal

            class Hub(QObject):
                accepted = Signal()
                finished = Signal(int)

            self.hub = Hub()
            self.accepted, self.finished = self.hub.accepted, self.hub.finished

        def open(self) -> None:
            seen["opened"] = True

        def deleteLater(self) -> None:
            pass

    monkeypatch.setattr("editor.studio.play.start_dialog", Dialog)
    studio.validation.wait()
    from editor.studio.play import play_from_studio

    play_from_studio(studio)
    scenario = seen["scenario"]
    forest = next(t for t in scenario.terrain if t.id == "forest")
    urban = next(t for t in scenario.terrain if t.id == "urban")
    assert (forest.forage, forest.movement_cost, urban.forage) == (2, 1, 15)
    assert seen["stem"] == "winter-war+harsh-winter+early-thaw"


def test_salient_edit_opens_a_base_with_mods(files, monkeypatch, capsys) -> None:
    import editor.studio.app
    from editor.cli import main

    calls: list[tuple[object, ...]] = []
    monkeypatch.setattr(editor.studio.app, "run_studio", lambda *args: calls.append(args) or 0)
    assert main(["edit", str(files.base), "--mod", str(files.harsh), "--mod", str(files.thaw)]) == 0
    assert calls == [(files.base, None, [files.harsh, files.thaw])]
    assert main(["edit", "--mod", str(files.harsh)]) == 2
    assert "needs the base scenario" in capsys.readouterr().err
    assert (
        main(["edit", str(files.base), "--mod", str(files.folder / "none.salient-mod.json")]) == 2
    )
    assert "no such file" in capsys.readouterr().err


def test_a_broken_mod_file_opened_on_its_own_says_what_is_wrong(studio, files, monkeypatch):
    broken = files.folder / "broken.salient-mod.json"
    broken.write_text('{"schema_version": 1, "id": "x", "name": "X"}\n')
    said: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda _w, _t, text, *a: said.append(text))
    assert not studio.files.open_path(broken, ask=False)
    assert said and said[0].startswith("broken.salient-mod.json is not a mod")
    assert "/base" in said[0]  # the missing field, at its JSON pointer
