"""Salient's own folder and settings, shared by the studio and the game view."""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import QSettings, QStandardPaths


def state_dir() -> Path:
    """The studio's own folder (``SALIENT_STATE_DIR`` overrides it, e.g. for tests)."""
    override = os.environ.get("SALIENT_STATE_DIR")
    if override:
        folder = Path(override)
    else:
        base = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.GenericDataLocation)
        folder = Path(base or Path.home()) / "salient"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def settings() -> QSettings:
    return QSettings(str(state_dir() / "studio.ini"), QSettings.Format.IniFormat)
