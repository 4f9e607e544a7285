"""Files a scenario names (the tracing image, flags, pictures): which may be read, and reading
them without ever blocking.

A scenario is data from anybody: a path such as ``/dev/stdin``, a named pipe or
``../../home/me/.ssh/id_rsa`` must never be opened. An image is read only when its path leads
(through any symbolic links) to a regular file inside the scenario's folder or one of the
mod packages the caller trusts. :func:`image_problem` decides that from ``stat`` alone (which
never opens the file), for validation; :func:`read_image` opens without blocking, checks the
opened file again (it may have been swapped since) and reads at most a given size, for the
code that decodes images.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from .scenario import Scenario

MAX_IMAGE_BYTES = 64 * 1024 * 1024
"""Largest image file read (64 MiB): far above any map scan or card picture worth showing."""


@dataclass(frozen=True, slots=True)
class ImagePath:
    """An image named by a scenario: where in the file, and the path as written."""

    pointer: tuple[str | int, ...]
    path: str
    entity: str | None = None


def image_paths(scenario: Scenario) -> Iterator[ImagePath]:
    """Every non-empty image path of a scenario, with the JSON path of the field."""
    background = scenario.map.background
    if background is not None and background.path:
        yield ImagePath(("map", "background", "path"), background.path)
    for section, name in (
        ("sides", "flag"),
        ("nations", "flag"),
        ("unit_types", "picture"),
        ("leaders", "picture"),
        ("cards", "picture"),
        ("events", "picture"),
    ):
        for index, entity in enumerate(getattr(scenario, section)):
            value = getattr(entity, name)
            if value:
                yield ImagePath((section, index, name), value, entity.id)


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why an image path is not read: ``code`` is the validation code to report."""

    code: str
    reason: str


def _inside(path: Path, roots: Sequence[Path]) -> bool:
    return any(path.is_relative_to(root) for root in roots)


def resolve_image(
    folder: str | os.PathLike[str], path: str, packages: Sequence[str | os.PathLike[str]] = ()
) -> tuple[Path | None, Refusal | None]:
    """The real file an image path names (relative to the scenario's ``folder``), or why it
    must not be read. Only ``stat`` is called: nothing is opened."""
    if "\x00" in path:
        return None, Refusal("image-outside-folder", "the path holds a NUL character")
    roots = [Path(root).resolve() for root in (folder, *packages)]
    # Joined to the scenario's folder first, so that a relative path means the same whatever
    # the current folder; an absolute path stays absolute and is refused below. resolve()
    # follows every symbolic link, so a link inside the folder to a file outside is refused.
    real = Path(folder, path).resolve()
    if not _inside(real, roots):
        where = "the scenario's folder" + (" or a mod package" if packages else "")
        return None, Refusal("image-outside-folder", f"it leads outside {where}")
    try:
        info = real.stat()
    except OSError as error:
        return None, Refusal("image-not-a-file", f"it cannot be found ({error.strerror})")
    if not stat.S_ISREG(info.st_mode):
        kind = _kind(info.st_mode)
        return None, Refusal("image-not-a-file", f"it is {kind}, not a file")
    if info.st_size > MAX_IMAGE_BYTES:
        return None, _too_large(info.st_size, MAX_IMAGE_BYTES)
    return real, None


def _too_large(size: int, limit: int) -> Refusal:
    return Refusal(
        "image-too-large", f"it is {size:,} bytes, more than the {limit:,} an image may have"
    )


def image_problem(
    folder: str | os.PathLike[str], path: str, packages: Sequence[str | os.PathLike[str]] = ()
) -> Refusal | None:
    """Why the image a scenario in ``folder`` names as ``path`` must not be read, or
    ``None`` when it is a regular file inside the folder (or a package), or when the path is
    empty (no image)."""
    if not path:
        return None
    return resolve_image(folder, path, packages)[1]


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


class ImageRefused(OSError):
    """An image that is not read: outside the scenario's folder, not a regular file, or too
    large. ``code`` is the matching validation code."""

    def __init__(self, code: str, reason: str) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason


def read_image(
    folder: str | os.PathLike[str],
    path: str,
    packages: Sequence[str | os.PathLike[str]] = (),
    max_bytes: int = MAX_IMAGE_BYTES,
) -> bytes:
    """The bytes of an image a scenario names, for a decoder; raises :class:`ImageRefused`
    (an :class:`OSError`) when it must not be read, and :class:`OSError` when it cannot."""
    real, refusal = resolve_image(folder, path, packages)
    if refusal is not None:
        raise ImageRefused(refusal.code, refusal.reason)
    assert real is not None
    # O_NONBLOCK: if the file became a pipe since the check, opening it returns at once
    # instead of waiting for a writer; the fstat below then refuses it.
    # O_NOFOLLOW: the path is already resolved, so a link found now was put there since.
    flags = os.O_RDONLY | os.O_CLOEXEC
    for extra in ("O_NONBLOCK", "O_NOCTTY", "O_NOFOLLOW"):
        flags |= getattr(os, extra, 0)
    fd = os.open(real, flags)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise ImageRefused("image-not-a-file", f"it is {_kind(info.st_mode)}, not a file")
        if info.st_size > max_bytes:
            too_large = _too_large(info.st_size, max_bytes)
            raise ImageRefused(too_large.code, too_large.reason)
        with os.fdopen(fd, "rb", closefd=False) as handle:
            data = handle.read(max_bytes + 1)
    finally:
        os.close(fd)
    if len(data) > max_bytes:
        raise ImageRefused("image-too-large", f"it grew past {max_bytes:,} bytes while read")
    return data
