"""Many regions' outlines as paths at once: the same paths
:func:`~editor.shared.map.drawing.polygon_path` makes one by one, read from one buffer that
numpy fills instead of added point by point through Python.

Opening a 10,000-region map made 10,000 paths of about thirty points each; point by point
that was 0.15 to 0.2 s of the opening's CPU, most of it building a ``QPointF`` per vertex.
Here every vertex of every region is laid out once in Qt's own serialised form of a path
(a count, then per element a type and two big-endian doubles, then the last subpath's start
and the fill rule), and a single ``QDataStream`` reads the paths back one after the other.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from PySide6.QtCore import QByteArray, QDataStream
from PySide6.QtGui import QPainterPath

from editor.shared.map.drawing import polygon_path
from schemas.geometry.build import Rings
from schemas.map import Polygon

_ELEMENT = np.dtype([("type", ">i4"), ("x", ">f8"), ("y", ">f8")])
_MOVE, _LINE = 0, 1  # QPainterPath.MoveToElement, LineToElement
_ODD_EVEN = 0  # Qt.FillRule.OddEvenFill


def outline_paths(outlines: Sequence[Polygon], rings: Rings | None = None) -> list[QPainterPath]:
    """The path of each outline, equal to ``polygon_path(outline)``; ``rings``: the
    outlines already flattened (:meth:`Rings.of`), when the caller has them."""
    rings = rings if rings is not None else Rings.of(outlines)
    count = len(outlines)
    lengths = rings.lengths
    if count == 0:
        return []
    drawn = lengths >= 3  # polygon_path leaves out rings of fewer than three points
    if not drawn.any():
        return [polygon_path(outline) for outline in outlines]
    firsts = np.concatenate([[0], np.cumsum(lengths)[:-1]]).astype(np.int64)
    lasts = firsts + lengths - 1
    any_point = firsts[drawn][0]  # read in place of the points of rings left out
    # closeSubpath: a line back to the first point unless the last point is it; a last point
    # within Qt's fuzzy equality of points (QPointF's ==) of the first is moved onto it.
    first_xy = rings.coords[np.where(drawn, firsts, any_point)]
    last_xy = rings.coords[np.where(drawn, lasts, any_point)]
    same = np.all(first_xy == last_xy, axis=1)
    gap = np.abs(first_xy - last_xy)
    zero = (first_xy == 0) | (last_xy == 0)
    near = np.where(zero, gap <= 1e-12, gap * 1e12 <= np.minimum(np.abs(first_xy), np.abs(last_xy)))
    fuzzy = np.all(near, axis=1)
    closing = drawn & ~fuzzy
    snapped = drawn & fuzzy & ~same
    coords = rings.coords.copy()
    coords[lasts[snapped]] = coords[firsts[snapped]]
    ring_elements = np.where(drawn, lengths + closing, 0)

    # Outlines whose rings are all left out are made one by one (an empty path of Qt's).
    per_outline = np.bincount(rings.owner, weights=ring_elements, minlength=count).astype(int)
    elements_total = int(ring_elements.sum())
    records = np.empty(elements_total, dtype=_ELEMENT)
    if elements_total:
        # Where each drawn ring's elements start in ``records``, and its points within them.
        ring_start = np.concatenate([[0], np.cumsum(ring_elements)[:-1]])
        keep = np.repeat(drawn, lengths)
        point_ring = np.repeat(np.arange(len(lengths)), lengths)[keep]
        within = np.arange(len(coords))[keep] - firsts[point_ring]
        slots = ring_start[point_ring] + within
        records["x"][slots] = coords[keep, 0]
        records["y"][slots] = coords[keep, 1]
        records["type"] = _LINE
        records["type"][ring_start[drawn]] = _MOVE
        closers = ring_start[closing] + lengths[closing]
        records["x"][closers] = coords[firsts[closing], 0]
        records["y"][closers] = coords[firsts[closing], 1]
        # Each outline's last drawn ring starts its last subpath (the stream's ``cStart``).
        owner_start = np.concatenate([[0], np.cumsum(per_outline)[:-1]])
        last_start = np.zeros(count, dtype=np.int64)
        drawn_rings = np.flatnonzero(drawn)
        last_start[rings.owner[drawn_rings]] = (
            ring_start[drawn_rings] - owner_start[rings.owner[drawn_rings]]
        )
    else:
        owner_start = last_start = np.zeros(count, dtype=np.int64)
    # The stream is a run of 4-byte words: each outline's count, its elements (five words
    # each) and, when it has any, the start of its last subpath and the fill rule. Those
    # three are put among the elements' words in one insertion (numpy keeps the given order
    # of words inserted at the same place: one outline's last two, then the next's count).
    starts = owner_start.astype(np.int64) * 5
    places = np.stack([starts, starts + per_outline * 5, starts + per_outline * 5], axis=1)
    values = np.empty((count, 3), dtype=">i4")
    values[:, 0], values[:, 1], values[:, 2] = per_outline, last_start, _ODD_EVEN
    used = np.ones((count, 3), dtype=bool)
    used[:, 1:] = (per_outline > 0)[:, None]
    stream_words = np.insert(
        records.view(np.uint32), places[used], values.view(np.uint32).reshape(count, 3)[used]
    )
    data = QByteArray(stream_words.tobytes())
    stream = QDataStream(data)
    paths = []
    for outline, elements in zip(outlines, per_outline.tolist(), strict=True):
        if elements:
            path = QPainterPath()
            stream >> path  # type: ignore[operator]
        else:
            stream.readInt32()
            path = polygon_path(outline)
        paths.append(path)
    return paths


def line_paths(
    count: int, owners: np.ndarray, lengths: np.ndarray, coords: np.ndarray
) -> list[QPainterPath]:
    """``count`` paths of open lines: line ``i`` has ``lengths[i]`` points, the next ones of
    ``coords``, and goes into path ``owners[i]`` (owners in increasing order), drawn as a
    ``moveTo`` to its first point and a ``lineTo`` to each other one. These are the paths
    ``moveTo``/``lineTo`` make point by point provided no point repeats the one before it
    (Qt drops such a ``lineTo``) and every line has two points or more: the caller checks."""
    paths = [QPainterPath() for _ in range(count)]
    if len(lengths) == 0:
        return paths
    records = np.empty(len(coords), dtype=_ELEMENT)
    records["x"], records["y"] = coords[:, 0], coords[:, 1]
    records["type"] = _LINE
    line_start = np.concatenate([[0], np.cumsum(lengths)[:-1]]).astype(np.int64)
    records["type"][line_start] = _MOVE
    per_owner = np.bincount(owners, weights=lengths, minlength=count).astype(np.int64)
    filled = np.flatnonzero(per_owner)
    elements = per_owner[filled]
    owner_start = np.concatenate([[0], np.cumsum(elements)[:-1]])
    # The last line of each path starts its last subpath (the stream's ``cStart``).
    last_line = np.flatnonzero(np.append(owners[1:] != owners[:-1], True))
    last_start = line_start[last_line] - owner_start
    starts = owner_start * 5
    places = np.stack([starts, starts + elements * 5, starts + elements * 5], axis=1)
    values = np.empty((len(filled), 3), dtype=">i4")
    values[:, 0], values[:, 1], values[:, 2] = elements, last_start, _ODD_EVEN
    stream_words = np.insert(
        records.view(np.uint32), places.ravel(), values.view(np.uint32).ravel()
    )
    stream = QDataStream(QByteArray(stream_words.tobytes()))
    for owner in filled.tolist():
        stream >> paths[owner]  # type: ignore[operator]
    return paths
