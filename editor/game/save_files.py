"""Reading and writing game save files, the guarded way.

A save file may come from anywhere (a friend's game, a download), so it is read like a
scenario: only a regular file (a named pipe or a device offered as a save would block the
window for ever), at most :data:`MAX_SAVE_BYTES`, and its text through
:func:`engine.game.read_save` (UTF-8, JSON nested no deeper than a reader copes with, no
integer too long to convert, no repeated keys), before the engine checks the save against its
scenario. Autosaves are written atomically and private to the user.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Any

from editor.shared.settings import PRIVATE_FILE
from engine.game import read_save
from schemas.io import write_atomic

MAX_SAVE_BYTES = 256 * 1024 * 1024
"""Largest save file read (256 MiB): a long game on a large map saves a few MiB."""


def read_save_file(path: Path) -> Any:
    """The data of the save file at ``path``; raises :class:`OSError` when it cannot be read
    (missing, not a regular file, too large) and :class:`engine.errors.SaveError`, with the
    place, when its text is not a save's JSON."""
    return read_save(_save_bytes(path))


def _save_bytes(path: Path) -> bytes:
    # O_NONBLOCK: a named pipe opens at once instead of waiting for a writer, and the
    # fstat below refuses it.
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    fd = os.open(path, flags)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            kind = "a folder" if stat.S_ISDIR(info.st_mode) else "not a regular file"
            raise OSError(0, f"it is {kind}", str(path))
        if info.st_size > MAX_SAVE_BYTES:
            raise OSError(
                0,
                f"it is {info.st_size:,} bytes, more than the {MAX_SAVE_BYTES:,} a save may have",
                str(path),
            )
        with os.fdopen(fd, "rb", closefd=False) as handle:
            data = handle.read(MAX_SAVE_BYTES + 1)
    finally:
        os.close(fd)
    if len(data) > MAX_SAVE_BYTES:
        raise OSError(0, "it grew too large while it was read", str(path))
    return data


def write_save(path: Path, data: bytes, *, private: bool = False) -> None:
    """Write a save atomically (a crash leaves the old save or the new one, never half of
    one); ``private``: readable by the user alone, as autosaves are."""
    write_atomic(path, data, mode=PRIVATE_FILE if private else None)
