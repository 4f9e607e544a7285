"""Where the studio keeps its own files: settings, recent files, and crash-recovery copies.

Autosave never touches the designer's file: it writes a recovery copy beside the studio's
settings, named after the file it belongs to (private to the user, like the whole state
folder). A clean save or close deletes it, so a copy found when a file is opened means the
studio did not close cleanly, and the designer is offered the copy.

Autosave follows the document's content, not a position in the undo history: every edit,
undo and redo counts as a change, so edits made after undoing back to the position of the
last copy (same index, other content) are written too.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import hashlib
import json
import logging
from dataclasses import dataclass, field
from pathlib import Path

from PySide6.QtCore import QObject, QTimer, Signal

from editor.shared.settings import PRIVATE_FILE, private_folder, settings, state_dir
from editor.studio.document import ScenarioDocument
from schemas.filenames import safe_name
from schemas.io import UnwritableError, write_atomic

log = logging.getLogger(__name__)

RECENT_LIMIT = 10


def recent_files() -> list[Path]:
    value = settings().value("recent", [])
    names = [value] if isinstance(value, str) else list(value or [])
    return [Path(name) for name in names if Path(name).exists()]


def add_recent(path: Path) -> None:
    path = path.resolve()
    names = [str(path)] + [str(p) for p in recent_files() if p.resolve() != path]
    store = settings()
    store.setValue("recent", names[:RECENT_LIMIT])
    store.sync()


# -- recovery ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Recovery:
    """A recovery copy left behind by a session that did not end cleanly."""

    data: Path
    original: Path | None
    saved_at: dt.datetime
    extra: dict[str, object] = field(default_factory=dict)
    """What the document added to the note (a stack of mods: its base and mods)."""

    def discard(self) -> None:
        self.data.unlink(missing_ok=True)
        _meta(self.data).unlink(missing_ok=True)


def _recovery_folder() -> Path:
    return private_folder(state_dir() / "recovery")


def _meta(data: Path) -> Path:
    return data.with_suffix(".meta.json")


def recovery_path(original: Path | None, session: str) -> Path:
    """The recovery copy of a file (or of an unsaved scenario of this session)."""
    key = str(original.resolve()) if original is not None else f"untitled:{session}"
    digest = hashlib.sha1(key.encode("utf-8")).hexdigest()[:16]
    # safe_name: a file called "...json" (stem "..") or holding odd characters must still
    # name one plain file inside the recovery folder.
    stem = safe_name(original.name) if original is not None else "untitled"
    return _recovery_folder() / f"{stem}-{digest}.json"


def recoveries() -> list[Recovery]:
    """Every recovery copy present, newest first."""
    found = []
    try:
        metas = list(_recovery_folder().glob("*.meta.json"))
    except OSError:  # no recovery folder can be made: there is nothing in it to offer
        return []
    for meta in metas:
        data = meta.with_name(meta.name.removesuffix(".meta.json") + ".json")
        try:
            info = json.loads(meta.read_text("utf-8"))
            saved_at = dt.datetime.fromisoformat(info["saved_at"])
        except (OSError, ValueError, KeyError, TypeError):
            continue
        if data.exists():
            original = Path(info["original"]) if info.get("original") else None
            extra = {k: v for k, v in info.items() if k not in ("original", "saved_at")}
            found.append(Recovery(data, original, saved_at, extra))
    return sorted(found, key=lambda r: r.saved_at, reverse=True)


def recovery_for(original: Path) -> Recovery | None:
    wanted = original.resolve()
    return next(
        (r for r in recoveries() if r.original is not None and r.original.resolve() == wanted),
        None,
    )


def save_failure(error: BaseException) -> str:
    """Why a save failed, in words for the designer (the place of the value for a scenario
    holding something no file can store)."""
    if isinstance(error, UnwritableError):
        return f"the value at {error.pointer or '/'} cannot be written: {error.message}"
    if isinstance(error, OSError):
        where = f" ({error.filename})" if error.filename else ""
        return f"{error.strerror or error}{where}"
    return f"an internal error ({type(error).__name__}: {error})"


class Autosaver(QObject):
    """Writes a recovery copy of the document when it has changed since the last one."""

    failed = Signal(str)
    """The recovery copy could not be written (the reason); the last good copy is kept, and
    the next interval tries again."""

    def __init__(self, document: ScenarioDocument, session: str, interval_ms: int) -> None:
        super().__init__()
        self.document, self.session = document, session
        self._revision = 0
        """Counts every edit, undo and redo (the content's version, not an undo index)."""
        self._saved_revision = 0
        """The revision last written (or the one the file on disk holds)."""
        self._written: Path | None = None
        self.problem: str | None = None
        """Why the last attempt failed (``None`` when it did not)."""
        document.changed.connect(self._changed)
        # A merged command (a vertex dragged further) changes the content without a new
        # index; the stack says so with indexChanged all the same.
        document.undo_stack.indexChanged.connect(self._changed)
        self.timer = QTimer(self)
        self.timer.setInterval(interval_ms)
        self.timer.timeout.connect(self.autosave)
        self.timer.start()

    def _changed(self, *_args: object) -> None:
        self._revision += 1

    @property
    def pending(self) -> bool:
        """Whether the document changed since the last copy (or the last save)."""
        return self._revision != self._saved_revision

    def autosave(self, *, force: bool = False) -> Path | None:
        """Write the copy now if anything changed (with ``force``, if the document differs
        from its file at all); returns where it went, ``None`` when nothing was written.
        Never raises: a failure is reported by :attr:`failed` and kept in :attr:`problem`."""
        if not self.pending and not force:
            return None
        if not self.document.modified:  # undone back to the saved file
            self.discard()
            return None
        revision = self._revision
        try:
            target = recovery_path(self.document.path, self.session)
            data, extra = self.document.recovery_copy()
            write_atomic(target, data, mode=PRIVATE_FILE)
            meta = {
                **extra,
                "original": str(self.document.path.resolve()) if self.document.path else None,
                "saved_at": dt.datetime.now().isoformat(timespec="seconds"),
            }
            write_atomic(_meta(target), json.dumps(meta).encode("utf-8"), mode=PRIVATE_FILE)
        except Exception as error:  # any failure: the work stays in memory, say why
            if not isinstance(error, OSError | UnwritableError):
                log.exception("the recovery copy could not be written")
            self.problem = save_failure(error)
            self.failed.emit(self.problem)
            return None
        if self._written is not None and self._written != target:
            Recovery(self._written, None, dt.datetime.now()).discard()
        self._written = target
        self._saved_revision = revision
        self.problem = None
        return target

    @property
    def copy(self) -> Path | None:
        """The recovery copy written (or adopted) for this document, if any."""
        return self._written

    def adopt(self, copy: Path) -> None:
        """The document was recovered from ``copy``: it stays until the work is saved or
        discarded (or replaced by a newer copy)."""
        self._written = copy
        self._saved_revision = self._revision

    def discard(self) -> None:
        """Forget the recovery copy: the file on disk is the latest work."""
        targets = {self._written}
        with contextlib.suppress(OSError):  # no recovery folder: no copy in it either
            targets.add(recovery_path(self.document.path, self.session))
        for target in targets:
            if target is not None:
                Recovery(target, None, dt.datetime.now()).discard()
        self._written = None
        self._saved_revision = self._revision
        self.problem = None

    def stop(self) -> None:
        self.timer.stop()
