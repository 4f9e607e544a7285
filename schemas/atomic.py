"""Atomic writes: a reader sees the old file or the new one, never half of either.

The data goes to a temporary file in the target's own folder (a rename is only atomic within
one file system), is synced, takes the target's permissions and is renamed over the target.
A symbolic link is followed to the file it names, so saving through a link updates that file
and leaves the link in place, as a plain ``open(path, "w")`` would.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def resolved_target(path: str | os.PathLike[str]) -> Path:
    """The file a write to ``path`` must replace: ``path`` itself, or the file its symbolic
    links (however many) lead to, which need not exist yet."""
    given = Path(path)
    if not given.is_symlink():
        return given
    # realpath follows the whole chain and every linked folder on the way; a loop of links
    # comes back as some path whose write then fails with ELOOP, an OSError like any other.
    return Path(os.path.realpath(given))


def write_atomic(path: str | os.PathLike[str], data: bytes) -> Path:
    """Replace the file at ``path`` (or, through symbolic links, the file they name) with
    ``data``; returns the path of the file written. Raises :class:`OSError` when the folder
    cannot take the file (missing, read-only, full disk)."""
    target = resolved_target(path)
    folder = target.parent if str(target.parent) else Path()
    fd, tmp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    tmp = Path(tmp_name)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        try:
            mode = target.stat().st_mode & 0o7777
        except FileNotFoundError:
            umask = os.umask(0)
            os.umask(umask)
            mode = 0o666 & ~umask
        tmp.chmod(mode)
        tmp.replace(target)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    _sync_folder(folder)
    return target


def _sync_folder(folder: Path) -> None:
    # Makes the rename itself durable; not every platform lets a folder be opened.
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
