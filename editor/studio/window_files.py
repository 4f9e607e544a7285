"""File handling of the studio window: new, open, save, recent files, recovery, GeoJSON.

Nothing here ever loses work: opening or creating a scenario first asks about unsaved
changes, saves are atomic, a file that fails to load shows its problems instead of a
traceback, and a recovery copy left by a crash is offered when its file is opened again.
"""

from __future__ import annotations

import logging
import re
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QFileDialog, QMessageBox

from editor.studio.document import ScenarioDocument
from editor.studio.files import (
    Recovery,
    add_recent,
    recent_files,
    recoveries,
    recovery_for,
    save_failure,
)
from editor.studio.geojson_io import GeoJsonImportDialog, export_geojson
from editor.studio.window_new import (
    NewScenario,
    NewScenarioDialog,
    frame_for,
    last_choice,
    remember_frame,
)
from schemas.io import LoadResult, UnwritableError, load_text, repeated_keys, unreadable
from schemas.issues import Issue
from schemas.mods.names import MOD_SUFFIX

if TYPE_CHECKING:
    from editor.studio.window import StudioWindow

SCENARIO_FILTER = f"Salient scenarios and mods (*.json *{MOD_SUFFIX});;All files (*)"
GEOJSON_FILTER = "GeoJSON (*.geojson *.json);;All files (*)"
Buttons = QMessageBox.StandardButton
log = logging.getLogger(__name__)


class FileController(QObject):
    """The window's File menu, and the checks that protect unsaved work."""

    def __init__(self, window: StudioWindow) -> None:
        super().__init__(window)
        self.window = window
        self.failed_path: Path | None = None

    @property
    def document(self) -> ScenarioDocument | None:
        return self.window.document

    # -- protecting work -------------------------------------------------------------------------

    def may_discard(self) -> bool:
        """Ask what to do with unsaved changes; ``False`` means the designer cancelled."""
        document = self.document
        if document is None or not document.modified:
            return True
        name = document.display_name
        answer = QMessageBox.question(
            self.window,
            "Unsaved changes",
            f"Save the changes to {name} before closing it?",
            Buttons.Save | Buttons.Discard | Buttons.Cancel,
            Buttons.Save,
        )
        if answer == Buttons.Cancel:
            return False
        if answer == Buttons.Save:
            return self.save()
        if self.window.autosaver is not None:
            self.window.autosaver.discard()
        return True

    # -- new and open ----------------------------------------------------------------------------

    def new(self, *, ask: bool = True) -> None:
        """File > New: ask for the title and the map's sheet (see :mod:`.window_new`), then
        make the scenario; without ``ask``, at once with the last choice."""
        if not ask:
            self.create(last_choice())
            return
        dialog = NewScenarioDialog(self.window)
        dialog.accepted.connect(lambda: self.create(dialog.choice()))
        dialog.finished.connect(lambda _result: dialog.deleteLater())
        self.new_dialog = dialog
        dialog.open()

    def create(self, choice: NewScenario) -> bool:
        """Start a new scenario as chosen; ``False`` when the designer kept the current one."""
        if not self.may_discard():
            return False
        self._forget_recovery()
        self.failed_path = None
        document = ScenarioDocument(choice.scenario())
        document.set_frame(choice.frame)
        self.window.set_document(document)
        self.window.focus_map()
        return True

    def open(self) -> None:
        start = str(self.document.path.parent) if self.document and self.document.path else ""
        name, _ = QFileDialog.getOpenFileName(
            self.window, "Open a scenario", start, SCENARIO_FILTER
        )
        if name:
            self.open_path(Path(name))

    def open_path(self, path: Path, *, ask: bool = True) -> bool:
        """Open a file; returns whether a scenario was opened (its issues show either way).
        A mod file opens on its base scenario (see ``studio/mods/opening.py``)."""
        if path.name.endswith(MOD_SUFFIX):
            from editor.studio.mods.opening import open_mod_file

            return open_mod_file(self.window, path, ask=ask)
        if ask and not self.may_discard():
            return False
        self._forget_recovery()
        recovery = recovery_for(path)
        if recovery is not None and self._offer(recovery):
            return self._recover(recovery)
        try:
            data = path.read_bytes()
        except OSError as error:
            self.window.set_document(None, [unreadable(path, error)])
            self.failed_path = path
            self.window.update_title()
            return False
        result = read_scenario_text(data)
        if result.scenario is None:
            self.failed_path = path
            issues = _with_positions(result.issues, path)
            self.window.set_document(None, issues)
            self.window.update_title()
            return False
        self.failed_path = None
        add_recent(path)
        # What loading itself reported (an upgrade from an older format version) stays listed
        # beside live validation's issues until another file is opened.
        loaded = _with_positions(result.issues, path) if result.issues else []
        document = ScenarioDocument(result.scenario, path)
        document.set_frame(frame_for(path))
        # A file read the fast way still has its repeated keys to be found (the thorough
        # way, which found them, reported something); that waits until the map is shown.
        later = None if result.issues else partial(_repeated_keys, data, path)
        self.window.set_document(document, loaded, later)
        return True

    def offer_orphans(self) -> None:
        """At start-up: offer copies of never-saved scenarios left by a crash."""
        for recovery in recoveries():
            if recovery.original is None and self._offer(recovery):
                self._recover(recovery)
                return

    def _offer(self, recovery: Recovery) -> bool:
        what = recovery.original.name if recovery.original else "an unsaved scenario"
        answer = QMessageBox.question(
            self.window,
            "Recover unsaved work?",
            f"Salient did not close cleanly while editing {what}. A copy of the unsaved "
            f"work from {recovery.saved_at:%Y-%m-%d %H:%M} was kept.\n\nRecover it? "
            "(No deletes the copy.)",
            Buttons.Yes | Buttons.No,
            Buttons.Yes,
        )
        if answer != Buttons.Yes:
            recovery.discard()
            return False
        return True

    def _recover(self, recovery: Recovery) -> bool:
        if "stack" in recovery.extra:  # unsaved work on a mod
            from editor.studio.mods.opening import recover_stack

            return recover_stack(self.window, recovery)
        try:
            result = load_text(recovery.data.read_bytes(), validate=False, thorough=True)
        except OSError:
            result = None
        if result is None or result.scenario is None:
            recovery.discard()
            self.window.show_message("The recovery copy was damaged and has been removed.")
            return False
        document = ScenarioDocument(result.scenario, recovery.original)
        document.recovered = True
        self.failed_path = None
        # What reading the copy repaired (text no file could store) is listed, located.
        self.window.set_document(document, result.issues)
        # The copy stays until the recovered work is saved or discarded.
        assert self.window.autosaver is not None
        self.window.autosaver.adopt(recovery.data)
        self.window.show_message("Recovered unsaved work; save it to keep it.")
        return True

    def discard_session(self) -> None:
        """Close without a prompt and without leaving a recovery copy (screenshots, tests)."""
        self._forget_recovery()
        if self.document is not None:
            self.document.undo_stack.setClean()
            self.document.recovered = False

    def autosave_failed(self, reason: str) -> None:
        """The recovery copy could not be written (the autosaver tries again later)."""
        self.window.show_message(f"Recovery copy not saved: {reason}")

    def _forget_recovery(self) -> None:
        if self.window.autosaver is not None:
            self.window.autosaver.discard()

    def fill_recent_menu(self) -> None:
        menu = self.window.recent_menu
        menu.clear()
        paths = recent_files()
        for path in paths:
            menu.addAction(str(path), lambda p=path: self.open_path(p))
        if not paths:
            menu.addAction("(none)").setEnabled(False)

    # -- saving ----------------------------------------------------------------------------------

    def save(self) -> bool:
        document = self.document
        if document is None:
            return False
        if document.path is None:
            return self.save_as()
        return self._write(document.path)

    def save_as(self) -> bool:
        document = self.document
        if document is None:
            return False
        title, kinds, start = document.save_dialog()
        name, _ = QFileDialog.getSaveFileName(self.window, title, start, kinds)
        return self._write(Path(name)) if name else False

    def _write(self, path: Path) -> bool:
        """Save to ``path`` (atomically; through a symbolic link, to the file it names).
        Any failure leaves the file as it was, the document modified and a recovery copy
        of the work, and says why."""
        document = self.document
        assert document is not None
        try:
            document.write(path)
        except Exception as error:  # whatever it is, the work must survive it
            self._not_saved(path, error)
            return False
        if self.window.autosaver is not None:
            self.window.autosaver.discard()
        if self.window.load_issues:
            # They were about the file's text (repeated keys, an older version, repaired
            # characters), which the canonical file just written no longer has.
            self.window.forget_load_issues()
        document.mark_saved(path)
        if document.frame is not None:
            remember_frame(path, document.frame)
        add_recent(path)
        self.window.show_message(f"Saved {path}")
        self.window.update_title()
        return True

    def _not_saved(self, path: Path, error: BaseException) -> None:
        if not isinstance(error, OSError | UnwritableError):
            log.exception("saving %s failed", path)
        reason = save_failure(error)
        autosaver = self.window.autosaver
        kept = autosaver is not None and (
            autosaver.autosave(force=True) is not None or autosaver.copy is not None
        )
        self.window.show_message(f"Not saved: {reason}", lasting=True)
        self.window.update_title()
        document = self.window.document
        name = document.display_name if document is not None else "The scenario"
        QMessageBox.critical(
            self.window,
            "Not saved",
            f"{name} could not be written to {path}:\n{reason}\n\nNothing was "
            "written and your work is still here"
            + (", with a recovery copy" if kept else "")
            + ". "
            + (
                "Change the value named above and save again."
                if isinstance(error, UnwritableError)
                else "Try another place (File ▸ Save as)."
            ),
        )

    # -- GeoJSON ---------------------------------------------------------------------------------

    def import_geojson(self) -> None:
        if self.document is None:
            return
        name, _ = QFileDialog.getOpenFileName(
            self.window, "Import regions from GeoJSON", "", GEOJSON_FILTER
        )
        if name:
            dialog = GeoJsonImportDialog(self.document, name, self.window)
            dialog.open()

    def export_geojson(self) -> None:
        document = self.document
        if document is None:
            return
        start = document.path.with_suffix(".geojson") if document.path else Path("regions.geojson")
        name, _ = QFileDialog.getSaveFileName(
            self.window, "Export regions to GeoJSON", str(start), GEOJSON_FILTER
        )
        if not name:
            return
        try:
            export_geojson(document, name)
        except OSError as error:
            QMessageBox.critical(self.window, "Not exported", f"{name}: {error.strerror or error}")
            return
        self.window.show_message(f"Exported {len(document.scenario.regions)} regions to {name}")


def _file_stem(document: ScenarioDocument) -> str:
    """A file name for a scenario never saved: its title, in lower case with dashes."""
    title = document.scenario.info.title.lower()
    return re.sub(r"[^a-z0-9]+", "-", title).strip("-")[:60] or "scenario"


def read_scenario_text(data: bytes) -> LoadResult:
    """Read a scenario file's bytes as ``salient validate`` does, without its semantic and
    image checks (live validation runs those as soon as the scenario is shown) and without
    looking for repeated keys, which :func:`_repeated_keys` does once the map is shown: the
    fast reader when the file is in the current format, else the thorough one, which
    reports every problem of the file's text."""
    return load_text(data, validate=False)


def _repeated_keys(data: bytes, path: Path) -> list[Issue]:
    return _with_positions(repeated_keys(data), path)


def _with_positions(issues: list[Issue], path: Path) -> list[Issue]:
    from editor.commands.common import with_positions

    try:
        text = path.read_text("utf-8", errors="replace")
    except OSError:
        return issues
    return with_positions(issues, text)
