"""Salient's own folder and settings, shared by the studio and the game view.

The folder holds the studio's recovery copies and the games' autosaves: unsaved work and
games in progress, nobody else's business. It and every folder made in it are private to
the user (``0700``), and the files written there private too (``0600``, see
:data:`PRIVATE_FILE`).
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from PySide6.QtCore import QSettings, QStandardPaths

PRIVATE_FOLDER = 0o700
PRIVATE_FILE = 0o600
"""The permissions of the recovery copies and game autosaves (``write_atomic(mode=...)``)."""


def state_dir() -> Path:
    """The studio's own folder (``SALIENT_STATE_DIR`` overrides it, e.g. for tests), created
    private to the user."""
    override = os.environ.get("SALIENT_STATE_DIR")
    if override:
        folder = Path(override)
    else:
        base = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.GenericDataLocation)
        folder = Path(base or Path.home()) / "salient"
    if not folder.is_dir():
        folder.parent.mkdir(parents=True, exist_ok=True)  # the user's own data folder
        folder.mkdir(mode=PRIVATE_FOLDER, exist_ok=True)
    elif not override:
        # Made open to others by an earlier version: closed now. (A folder named by
        # SALIENT_STATE_DIR is the user's choice and keeps its permissions.)
        _make_private(folder)
    return folder


def private_folder(folder: Path) -> Path:
    """Make ``folder`` with every missing folder on its way private to the user (``0700``;
    those already there are left as they are); returns it."""
    missing: list[Path] = []
    while not folder.is_dir() and folder != folder.parent:
        missing.append(folder)
        folder = folder.parent
    for level in reversed(missing):
        level.mkdir(mode=PRIVATE_FOLDER, exist_ok=True)
    return missing[0] if missing else folder


def _make_private(folder: Path) -> None:
    try:
        info = folder.stat()
        if info.st_uid == os.getuid() and stat.S_IMODE(info.st_mode) & 0o077:
            folder.chmod(PRIVATE_FOLDER)
    except (OSError, AttributeError):  # not ours, or no uids (Windows): leave it
        pass


def settings() -> QSettings:
    return QSettings(str(state_dir() / "studio.ini"), QSettings.Format.IniFormat)
