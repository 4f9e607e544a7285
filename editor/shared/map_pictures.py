"""Pictures of a scenario's map as files, for rulebooks, forums and print: PNG at a chosen
resolution, SVG and PDF. All three are painted by the still-map painter
(:func:`editor.shared.preview.paint_map`) on Qt's image, SVG generator and PDF writer, and
written atomically (a picture half-written is never left behind).
"""

from __future__ import annotations

import math
import os
from dataclasses import dataclass, field
from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QMarginsF, QRectF, QSize, QSizeF
from PySide6.QtGui import QImage, QPageLayout, QPageSize, QPainter, QPdfWriter
from PySide6.QtSvg import QSvgGenerator

from editor.shared.preview import (
    MARGIN,
    PAPER,
    SCREEN_DPI,
    Look,
    map_bounds,
    paint_map,
    picture_height,
    room_below,
)
from schemas.atomic import write_atomic
from schemas.scenario import Scenario

FORMATS = {"png": "PNG picture", "svg": "SVG drawing", "pdf": "PDF document"}
"""File formats by suffix."""
PAPERS = {
    "a4": QPageSize.PageSizeId.A4,
    "a3": QPageSize.PageSizeId.A3,
    "letter": QPageSize.PageSizeId.Letter,
    "fit": None,
}
"""PDF page sizes; ``fit`` makes the page the map's shape, ``print_width_mm`` wide."""
MAX_SIDE = 16_384
MAX_PIXELS = 64_000_000
"""The largest PNG: 16,384 pixels a side, 64 million pixels (256 MB while it is painted)."""
PAGE_MARGIN_MM = 10.0


class PictureError(ValueError):
    """A picture cannot be made as asked (too large, an unknown format); the message says why."""


@dataclass(frozen=True)
class PictureSettings:
    """How a picture is made."""

    look: Look = field(default_factory=lambda: Look(scale_bar=True))
    width_px: int | None = None
    """PNG and SVG width in pixels; when not given, ``print_width_mm`` at ``dpi``."""
    dpi: float = 150.0
    """Resolution: pixels per inch of a PNG (recorded in the file for printing), and the
    scale of lines, symbols and names of every format (96 is a screen's)."""
    print_width_mm: float = 180.0
    """The printed width (a rulebook's column is about 180 mm), for the PNG size when no
    pixel width is given, and for a PDF page that fits the map."""
    paper: str = "a4"
    """PDF page: ``a4``, ``a3``, ``letter`` (turned to suit the map) or ``fit``."""

    def pixels(self, scenario: Scenario) -> QSize:
        """The picture's size in pixels (PNG, SVG)."""
        width = self.width_px or round(self.print_width_mm / 25.4 * self.dpi)
        if width < 16:
            raise PictureError(f"a picture {width} pixels wide is too small (16 at least)")
        height = max(1, math.ceil(picture_height(scenario, width, self.dpi, self.look)))
        if max(width, height) > MAX_SIDE or width * height > MAX_PIXELS:
            raise PictureError(
                f"a picture of {width} x {height} pixels is too large (at most {MAX_SIDE:,} "
                f"pixels a side and {MAX_PIXELS // 1_000_000} million in all); lower the width "
                "or the resolution"
            )
        return QSize(width, height)


def picture_format(path: str | os.PathLike[str]) -> str:
    """``png``, ``svg`` or ``pdf`` from a file name's suffix."""
    suffix = Path(path).suffix.lower().lstrip(".")
    if suffix not in FORMATS:
        known = ", ".join(f".{s}" for s in FORMATS)
        raise PictureError(f"'{Path(path).name}' is not a picture file name (use {known})")
    return suffix


def png_bytes(scenario: Scenario, settings: PictureSettings) -> bytes:
    size = settings.pixels(scenario)
    image = QImage(size, QImage.Format.Format_ARGB32_Premultiplied)
    if image.isNull():
        raise PictureError(f"not enough memory for a picture of {size.width()} x {size.height()}")
    dots_per_metre = round(settings.dpi / 0.0254)
    image.setDotsPerMeterX(dots_per_metre)
    image.setDotsPerMeterY(dots_per_metre)
    image.fill(PAPER)
    painter = QPainter(image)
    try:
        paint_map(
            painter,
            scenario,
            QRectF(0, 0, size.width(), size.height()),
            settings.look,
            settings.dpi,
        )
    finally:
        painter.end()
    return _saved(lambda device: image.save(device, "PNG"))


def svg_bytes(scenario: Scenario, settings: PictureSettings) -> bytes:
    size = settings.pixels(scenario)

    def write(device: QIODevice) -> bool:
        generator = QSvgGenerator()
        generator.setOutputDevice(device)
        generator.setSize(size)
        generator.setViewBox(QRectF(0, 0, size.width(), size.height()))
        generator.setResolution(round(settings.dpi))
        generator.setTitle(scenario.info.title)
        generator.setDescription(f"The map of {scenario.info.title}, drawn by Salient")
        painter = QPainter(generator)
        try:
            frame = QRectF(0, 0, size.width(), size.height())
            paint_map(painter, scenario, frame, settings.look, settings.dpi)
        finally:
            painter.end()
        return True

    return _saved(write)


def page_size(scenario: Scenario, settings: PictureSettings) -> QPageLayout:
    """The PDF's page: a paper size turned to suit the map's shape, or the map's own shape
    ``print_width_mm`` wide (margins included)."""
    if settings.paper not in PAPERS:
        raise PictureError(f"unknown paper '{settings.paper}' (use {', '.join(PAPERS)})")
    margins = QMarginsF(PAGE_MARGIN_MM, PAGE_MARGIN_MM, PAGE_MARGIN_MM, PAGE_MARGIN_MM)
    bounds = map_bounds(scenario)
    wide = bounds.width() >= bounds.height()
    paper = PAPERS[settings.paper]
    if paper is None:
        width = settings.print_width_mm
        inner = width - 2 * PAGE_MARGIN_MM
        if inner <= 0:
            raise PictureError(f"a page {width:g} mm wide leaves no room for the map")
        # The painter's own margin round the map (and the scale bar's room), given in pixels
        # of a 96 dpi screen, in mm.
        room = MARGIN / SCREEN_DPI * 25.4
        below = room_below(scenario, settings.look) / SCREEN_DPI * 25.4
        height = max(inner - 2 * room, 1.0) * bounds.height() / bounds.width()
        height += 2 * room + below + 2 * PAGE_MARGIN_MM
        size = QPageSize(QSizeF(width, height), QPageSize.Unit.Millimeter, "Map")
        orientation = QPageLayout.Orientation.Portrait
    else:
        size = QPageSize(paper)
        orientation = (
            QPageLayout.Orientation.Landscape if wide else QPageLayout.Orientation.Portrait
        )
    return QPageLayout(size, orientation, margins, QPageLayout.Unit.Millimeter)


def pdf_bytes(scenario: Scenario, settings: PictureSettings) -> bytes:
    layout = page_size(scenario, settings)

    def write(device: QIODevice) -> bool:
        writer = QPdfWriter(device)
        writer.setResolution(600)
        writer.setPageLayout(layout)
        writer.setTitle(scenario.info.title)
        writer.setCreator("Salient")
        painter = QPainter(writer)
        try:
            frame = QRectF(0, 0, writer.width(), writer.height())
            paint_map(painter, scenario, frame, settings.look, writer.resolution())
        finally:
            painter.end()
        return True

    return _saved(write)


def picture_bytes(scenario: Scenario, kind: str, settings: PictureSettings) -> bytes:
    """The picture in a format (``png``, ``svg``, ``pdf``)."""
    makers = {"png": png_bytes, "svg": svg_bytes, "pdf": pdf_bytes}
    if kind not in makers:
        raise PictureError(f"unknown picture format '{kind}' (use {', '.join(makers)})")
    if not scenario.regions and scenario.hex_map is None:
        raise PictureError("the scenario has no region to draw")
    return makers[kind](scenario, settings)


def export_picture(
    scenario: Scenario,
    path: str | os.PathLike[str],
    settings: PictureSettings | None = None,
    kind: str | None = None,
) -> Path:
    """Write a picture of the map (the format from the suffix unless ``kind`` says), atomically.
    Raises :class:`PictureError` for a picture that cannot be made, ``OSError`` for a file
    that cannot be written."""
    kind = kind or picture_format(path)
    return write_atomic(path, picture_bytes(scenario, kind, settings or PictureSettings()))


def _saved(write: object) -> bytes:
    """What ``write`` puts into an in-memory device."""
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    try:
        if not write(buffer):  # type: ignore[operator]
            raise PictureError("Qt could not write the picture")
    finally:
        buffer.close()
    return bytes(data.data())
