"""Reading the images a scenario names (the tracing image, flags, counter and card pictures).

A scenario is data from anybody, so its images are read in two guarded steps. The bytes come
from :func:`schemas.assets.read_image`, which reads only a regular file inside the scenario's
folder (never a pipe, a device or a file outside, and never more than 64 MiB). They are then
decoded from memory by a ``QImageReader`` on a ``QBuffer`` that first reads the image's size
from its header and refuses anything over :data:`MAX_PIXELS`; Qt's own allocation limit is set
explicitly as well (:data:`ALLOCATION_LIMIT_MB`), for formats whose header does not say. A
small file that claims to be 100,000 pixels square (a "decompression bomb") is refused before
any memory is allocated for it, instead of taking the machine's memory.
"""

from __future__ import annotations

import math
import os
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QSize
from PySide6.QtGui import QImage, QImageReader

from schemas.assets import ImageRefused, read_image

MAX_PIXELS = 100_000_000
"""The largest image decoded: 100 megapixels (10,000 x 10,000, in any proportions; a map
sheet scanned at 300 dpi is about 6,000 x 4,000), the cap mod packages put on their images
(``schemas.mods.package.MAX_PIXELS``, not imported here: it would add 0.3 s to opening the
studio), so that every image a package may carry is shown."""
ALLOCATION_LIMIT_MB = math.ceil(MAX_PIXELS * 4 / (1024 * 1024))
"""Qt's decoder refuses to allocate more than this (MB): a 100-megapixel image at 4 bytes a
pixel (382 MB). Qt's default (256 MB) is replaced, explicitly, by this."""
CACHE_PIXELS = 2 * MAX_PIXELS
"""Images read lately are kept (while their file is unchanged) up to this many pixels in all,
so that redrawing the map after an edit does not decode its tracing image again."""

_cache: OrderedDict[tuple[object, ...], QImage] = OrderedDict()


@dataclass(frozen=True)
class LoadedImage:
    """An image read for a scenario, or why it is not shown (``image`` is ``None``)."""

    image: QImage | None
    reason: str = ""

    @property
    def size(self) -> tuple[int, int] | None:
        """The image's width and height in pixels, when it was read."""
        if self.image is None:
            return None
        return self.image.width(), self.image.height()


def decode(data: bytes) -> QImage:
    """An image decoded from the bytes of a file; raises :class:`ImageRefused` when it is
    larger than :data:`MAX_PIXELS` or not an image Qt reads."""
    QImageReader.setAllocationLimit(ALLOCATION_LIMIT_MB)
    buffer = QBuffer()
    buffer.setData(QByteArray(data))
    buffer.open(QIODevice.OpenModeFlag.ReadOnly)
    try:
        reader = QImageReader(buffer)
        size = reader.size()
        if size.isValid() and _pixels(size) > MAX_PIXELS:
            raise ImageRefused("image-too-large", _too_many_pixels(size))
        image = reader.read()
        if image.isNull():
            raise ImageRefused(
                "image-unreadable",
                f"it is not an image Salient can read ({reader.errorString().lower()})",
            )
        return image
    finally:
        buffer.close()


def _pixels(size: QSize) -> int:
    return max(0, size.width()) * max(0, size.height())


def _too_many_pixels(size: QSize) -> str:
    megapixels = _pixels(size) / 1_000_000
    return (
        f"it is {size.width():,} x {size.height():,} pixels ({megapixels:,.0f} megapixels), "
        f"more than the {MAX_PIXELS // 1_000_000} megapixels an image may have"
    )


def image_size(folder: str | os.PathLike[str] | None, path: str) -> tuple[int, int] | None:
    """An image's width and height read from its header alone (nothing decoded), or ``None``
    when it is not shown (see :func:`load_image`)."""
    located = _located(folder, path)
    if located is None:
        return None
    try:
        data = read_image(*located)
    except OSError:  # ImageRefused included
        return None
    buffer = QBuffer()
    buffer.setData(QByteArray(data))
    buffer.open(QIODevice.OpenModeFlag.ReadOnly)
    size = QImageReader(buffer).size()
    buffer.close()
    if not size.isValid() or size.width() <= 0 or _pixels(size) > MAX_PIXELS:
        return None
    return size.width(), size.height()


def _located(
    folder: str | os.PathLike[str] | None, path: str
) -> tuple[str | os.PathLike[str], str] | None:
    """The folder an image is read from and its path there (see :func:`load_image`)."""
    if not path:
        return None
    if folder is None:
        if not Path(path).is_absolute():
            return None
        return str(Path(path).parent), Path(path).name
    return folder, path


def load_image(folder: str | os.PathLike[str] | None, path: str) -> LoadedImage:
    """The image a scenario in ``folder`` names as ``path``, or why it is not shown.

    ``folder`` is ``None`` for a scenario never saved: an absolute path the designer picked
    in this session is read from its own folder, and a relative one cannot be found yet.
    Never raises and never blocks.
    """
    if not path:
        return LoadedImage(None, "no image is named")
    located = _located(folder, path)
    if located is None:
        return LoadedImage(None, "the scenario has no folder yet: save it first")
    key = _stamp(*located)
    cached = _cache.get(key) if key is not None else None
    if cached is not None:
        _cache.move_to_end(key)  # type: ignore[arg-type]
        return LoadedImage(cached)
    try:
        image = decode(read_image(*located))
    except ImageRefused as refusal:
        return LoadedImage(None, refusal.reason)
    except OSError as error:
        return LoadedImage(None, f"it cannot be read ({error.strerror or error})")
    if key is not None:
        _keep(key, image)
    return LoadedImage(image)


def _stamp(folder: str | os.PathLike[str], path: str) -> tuple[object, ...] | None:
    """What tells a file apart from its earlier versions (``stat`` opens nothing)."""
    try:
        info = Path(folder, path).stat()
    except (OSError, ValueError):
        return None
    return (str(folder), path, info.st_dev, info.st_ino, info.st_mtime_ns, info.st_size)


def _keep(key: tuple[object, ...], image: QImage) -> None:
    _cache[key] = image
    total = sum(i.width() * i.height() for i in _cache.values())
    while len(_cache) > 1 and total > CACHE_PIXELS:
        _, dropped = _cache.popitem(last=False)
        total -= dropped.width() * dropped.height()
