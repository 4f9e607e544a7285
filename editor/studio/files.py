"""Where the studio keeps its own files: settings, recent files, and crash-recovery copies.

Autosave never touches the designer's file: it writes a recovery copy beside the studio's
settings, named after the file it belongs to. A clean save or close deletes it, so a copy
found when a file is opened means the studio did not close cleanly, and the designer is
offered the copy.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path

from PySide6.QtCore import QObject, QTimer

from editor.shared.settings import settings, state_dir
from editor.studio.document import ScenarioDocument
from schemas.io import write_atomic

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
    folder = state_dir() / "recovery"
    folder.mkdir(exist_ok=True)
    return folder


def _meta(data: Path) -> Path:
    return data.with_suffix(".meta.json")


def recovery_path(original: Path | None, session: str) -> Path:
    """The recovery copy of a file (or of an unsaved scenario of this session)."""
    key = str(original.resolve()) if original is not None else f"untitled:{session}"
    digest = hashlib.sha1(key.encode("utf-8")).hexdigest()[:16]
    stem = original.stem if original is not None else "untitled"
    return _recovery_folder() / f"{stem}-{digest}.json"


def recoveries() -> list[Recovery]:
    """Every recovery copy present, newest first."""
    found = []
    for meta in _recovery_folder().glob("*.meta.json"):
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


class Autosaver(QObject):
    """Writes a recovery copy of the document when it has changed since the last one."""

    def __init__(self, document: ScenarioDocument, session: str, interval_ms: int) -> None:
        super().__init__()
        self.document, self.session = document, session
        self._saved_index: int | None = document.undo_stack.index()
        self._written: Path | None = None
        self.timer = QTimer(self)
        self.timer.setInterval(interval_ms)
        self.timer.timeout.connect(self.autosave)
        self.timer.start()

    def autosave(self) -> Path | None:
        """Write the copy now if anything changed; returns where it went."""
        stack = self.document.undo_stack
        if stack.index() == self._saved_index:
            return None
        if not self.document.modified:  # undone back to the saved file
            self.discard()
            return None
        target = recovery_path(self.document.path, self.session)
        data, extra = self.document.recovery_copy()
        write_atomic(target, data)
        meta = {
            **extra,
            "original": str(self.document.path.resolve()) if self.document.path else None,
            "saved_at": dt.datetime.now().isoformat(timespec="seconds"),
        }
        write_atomic(_meta(target), json.dumps(meta).encode("utf-8"))
        if self._written is not None and self._written != target:
            Recovery(self._written, None, dt.datetime.now()).discard()
        self._written = target
        self._saved_index = stack.index()
        return target

    def discard(self) -> None:
        """Forget the recovery copy: the file on disk is the latest work."""
        for target in {self._written, recovery_path(self.document.path, self.session)}:
            if target is not None:
                Recovery(target, None, dt.datetime.now()).discard()
        self._written = None
        self._saved_index = self.document.undo_stack.index()

    def stop(self) -> None:
        self.timer.stop()
