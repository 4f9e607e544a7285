"""File > Compare with saved, Compare with a file…, and Revert to saved, built on the semantic
diff (``schemas.diff``): what changed, entity by entity, in the sentences of ``salient diff``.

The comparison is listed in the Changes dock (:mod:`.changes_panel`); each row selects its
entity and shows it on the map. What "saved" means depends on the document: the scenario's
file, or for a stack of mods, the stack with the edit target as its file holds it. Revert
asks first and is one undoable step (Edit > Undo brings the changes back); the document is
then marked saved, since it equals its file again.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QFileDialog, QMenu, QMessageBox

from editor.studio.document import ScenarioDocument
from schemas.io import load_text
from schemas.scenario import Scenario

# The mod machinery is imported when a comparison or a revert asks for it, not with the
# window: a studio that never opens a mod does not pay for it at start (see _modded).
if TYPE_CHECKING:
    from editor.studio.changes_panel import ChangesPanel
    from editor.studio.mods.document import ModdedDocument
    from editor.studio.window import StudioWindow
    from schemas.mods.model import Mod

SCENARIO_FILTER = "Salient scenarios (*.json);;All files (*)"


class CannotCompare(Exception):
    """The other side of a comparison cannot be read (the message says why)."""


@dataclass(frozen=True)
class Other:
    """What the document is compared with."""

    scenario: Scenario
    label: str
    """How the panel names it: "the saved file (winter-war.json)"."""
    saved: bool
    """The document's own saved state (Revert goes back to it)."""


def read_scenario_file(path: Path) -> Scenario:
    try:
        data = path.read_bytes()
    except OSError as error:
        raise CannotCompare(f"{path} cannot be read: {error.strerror or error}") from error
    result = load_text(data, validate=False)
    if result.scenario is None:
        first = next((i for i in result.issues if i.is_error), None)
        detail = f": {first.message}" if first is not None else ""
        raise CannotCompare(f"{path.name} does not fit the scenario format{detail}")
    return result.scenario


def _modded(document: ScenarioDocument) -> bool:
    """Whether ``document`` is a stack of mods (none can be before their module is loaded)."""
    module = sys.modules.get("editor.studio.mods.document")
    return module is not None and isinstance(document, module.ModdedDocument)


def saved_target(document: ModdedDocument) -> Mod:
    """The edit target as its file holds it (an empty mod if it was never saved)."""
    from editor.studio.mods.stack import new_mod
    from schemas.mods.images import rebase_mod
    from schemas.mods.load import load_mod_text

    target = document.target
    path = document.path
    if path is None:
        meta = target.mod.model_dump(by_alias=True, exclude={"operations", "base", "schema_uri"})
        meta.pop("schema_version", None)
        mod_id, name = meta.pop("id"), meta.pop("name")
        return new_mod(document.base, mod_id, name, **meta)
    try:
        loaded = load_mod_text(path.read_bytes())
    except OSError as error:
        raise CannotCompare(f"{path} cannot be read: {error.strerror or error}") from error
    if loaded.mod is None:
        raise CannotCompare(f"{path.name} is not a mod that can be read")
    return rebase_mod(loaded.mod, path.parent, document.base.folder)


def saved_version(document: ScenarioDocument) -> Other:
    """The document as its file(s) hold it."""
    if _modded(document):
        from editor.studio.mods.document import ModdedDocument
        from schemas.mods.apply import ModSource, apply_mods

        assert isinstance(document, ModdedDocument)
        mod = saved_target(document)
        state = document.state
        sources = [ModSource(e.mod, e.source) for e in state.applied[:-1]]
        sources.append(ModSource(mod, state.target.source))
        result = apply_mods(
            document.base.scenario,
            sources,
            validate=False,
            base_fingerprint=document.base.fingerprint,
        )
        if result.scenario is None:
            raise CannotCompare("the saved mod cannot be applied")
        if document.path is None:
            return Other(result.scenario, "the new mod as it started (never saved)", True)
        return Other(result.scenario, f"the saved mod ({document.path.name})", True)
    if document.path is None:
        raise CannotCompare("this scenario was never saved: there is no file to compare with")
    scenario = read_scenario_file(document.path)
    return Other(scenario, f"the saved file ({document.path.name})", True)


def revert(window: StudioWindow) -> bool:
    """File > Revert to saved: asks, then one undoable step back to the file."""
    document = window.document
    if document is None:
        return False
    if not document.modified:
        window.show_message("Nothing to revert: the document is as saved.")
        return False
    what = document.display_name
    answer = QMessageBox.question(
        window,
        "Revert to saved?",
        f"Throw away the changes made to {what} since it was saved?\n\nThis can be undone "
        "(Edit ▸ Undo brings the changes back) until the studio is closed.",
        QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel,
        QMessageBox.StandardButton.Cancel,
    )
    if answer != QMessageBox.StandardButton.Yes:
        return False
    from editor.studio.mods.stack import StackError

    try:
        if _modded(document):
            document.revert_target(saved_target(document))  # type: ignore[attr-defined]
        else:
            revert_scenario(document, saved_version(document).scenario)
    except (CannotCompare, StackError) as error:
        QMessageBox.warning(window, "Not reverted", str(error))
        return False
    document.recovered = False
    document.undo_stack.setClean()
    window.update_title()
    window.show_message("Reverted to the saved file (Edit ▸ Undo brings the changes back).")
    return True


def revert_scenario(document: ScenarioDocument, saved: Scenario) -> None:
    """Make the document's scenario the saved one, as one undoable step."""
    from editor.studio.mods.document import own_lists
    from editor.studio.mods.stack import SCENARIO_PARTS

    parts = own_lists(saved)
    differing = [p for p in SCENARIO_PARTS if getattr(document.scenario, p) != parts[p]]
    with document.macro("Revert to saved"):
        for part in differing:
            document.set_section(part, parts[part], f"Revert {part}")


class CompareController(QObject):
    """The File menu's comparison actions and the Changes dock they fill."""

    def __init__(self, window: StudioWindow) -> None:
        super().__init__(window)
        self.window = window

    def panel(self) -> ChangesPanel:
        from editor.studio.changes_panel import ChangesPanel

        holder = self.window.holders["changes"]
        panel = holder.panel
        if not isinstance(panel, ChangesPanel) or panel.document is not self.window.document:
            panel = ChangesPanel(self.window)
            holder.set_panel(panel)
        dock = self.window.docks["changes"]
        dock.show()
        dock.raise_()
        return panel

    def compare_with_saved(self) -> None:
        document = self.window.document
        if document is None:
            return
        try:
            other = saved_version(document)
        except CannotCompare as error:
            QMessageBox.information(self.window, "Compare with saved", str(error))
            return
        self.panel().compare(other, lambda: saved_version(document))

    def compare_with_file(self) -> None:
        document = self.window.document
        if document is None:
            return
        start = str(document.folder or "")
        name, _ = QFileDialog.getOpenFileName(
            self.window, "Compare with a scenario file", start, SCENARIO_FILTER
        )
        if not name:
            return
        path = Path(name)
        try:
            scenario = read_scenario_file(path)
        except CannotCompare as error:
            QMessageBox.warning(self.window, "Compare with a file", str(error))
            return
        self.panel().compare(Other(scenario, path.name, False), None)


def add_compare_actions(window: StudioWindow, menu: QMenu) -> list[QAction]:
    """File > Compare with saved, Compare with a file…, Revert to saved…"""
    controller = CompareController(window)
    window.compare = controller
    made = []
    for text, slot, tip, name in (
        (
            "Compare with sa&ved",
            controller.compare_with_saved,
            "What changed since the last save, entity by entity",
            "compare-saved",
        ),
        (
            "Compare with a &file…",
            controller.compare_with_file,
            "What differs from another scenario file, entity by entity",
            "compare-file",
        ),
        (
            "Re&vert to saved…",
            lambda: revert(window),
            "Throw away the changes since the last save (can be undone)",
            "revert",
        ),
    ):
        action = QAction(text, window)
        action.setObjectName(name)
        action.setStatusTip(tip)
        action.setToolTip(tip)
        action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        action.triggered.connect(lambda _checked=False, slot=slot: slot())
        window.addAction(action)
        window.document_actions.append(action)
        menu.addAction(action)
        made.append(action)
    return made


__all__ = ["CompareController", "add_compare_actions", "revert", "saved_version"]
