"""Paths of many hexes and line segments at once, for the studio's hex map (see
:mod:`.hexes`): built from numpy arrays, never point by point through Python."""

from __future__ import annotations

import struct

import numpy as np
from PySide6.QtCore import QByteArray, QDataStream, QPointF
from PySide6.QtGui import QPainterPath, QPolygonF


def polygon(ring: list[list[float]]) -> QPolygonF:
    return QPolygonF([QPointF(x, y) for x, y in ring])


def bulk_path(points: np.ndarray, moves: np.ndarray) -> QPainterPath:
    """A path of many points at once: ``points`` ``(n, 2)``, ``moves`` true where a new
    subpath starts (else a line from the point before).

    Built by reading Qt's own serialised form of a path (a count, then a type and two
    big-endian doubles per element) from a buffer numpy fills: adding ten thousand hexes
    point by point through Python took a quarter of a second, this takes milliseconds.
    (pyqtgraph's ``arrayToQPath`` does the same, but importing pyqtgraph would cost the
    studio's start more than all the drawing.)"""
    count = len(points)
    if count == 0:
        return QPainterPath()
    data = QByteArray()
    data.resize(4 + count * 20 + 8)
    buffer = memoryview(data)  # type: ignore[arg-type]
    struct.pack_into(">i", buffer, 0, count)
    record = np.frombuffer(
        buffer, dtype=[("type", ">i4"), ("x", ">f8"), ("y", ">f8")], count=count, offset=4
    )
    record["type"] = np.where(moves, 0, 1)  # QPainterPath.MoveToElement, LineToElement
    record["x"] = points[:, 0]
    record["y"] = points[:, 1]
    struct.pack_into(">ii", buffer, 4 + count * 20, 0, 0)  # the last subpath's start, fill rule
    path = QPainterPath()
    stream = QDataStream(data)
    stream >> path
    return path


def rings_path(corners: np.ndarray) -> QPainterPath:
    """Closed outlines of hexes from their ``(n, 6, 2)`` corners, as one path."""
    closed = np.concatenate([corners, corners[:, :1]], axis=1).reshape(-1, 2)
    moves = np.zeros((len(corners), 7), dtype=bool)
    moves[:, 0] = True
    return bulk_path(closed, moves.ravel())


def segments_path(segments: np.ndarray) -> QPainterPath:
    """Separate line segments ``(n, 2, 2)`` as one path."""
    moves = np.zeros((len(segments), 2), dtype=bool)
    moves[:, 0] = True
    return bulk_path(segments.reshape(-1, 2), moves.ravel())
