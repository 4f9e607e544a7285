"""Where the symbols of a region go: structures, supply sources and counters in rows.

Symbols keep their size on screen, so a region's contents are laid out in screen pixels
around one map point. Without anchors from the designer, everything sits in rows centred
just above the region's name (which hangs below its point): first the places (each
structure followed by the counters of the stacks sheltering inside it, then the supply
sources), then the stacks in the open, at most :data:`ROW_WIDTH` pixels to a row, so several
stacks fan out side by side and then upwards rather than piling on each other. A group the
designer anchored (``anchors.structure``, ``anchors.supply``, ``anchors.stack``) is
centred on its anchor.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from PySide6.QtCore import QPointF, QRectF

from editor.game.map.counter_art import HEIGHT, WIDTH
from editor.game.map.marks import STRUCTURE
from engine.game import Game
from schemas.map import Anchors

GAP = 5.0
"""Space between two symbols of a row, and between rows."""
ROW_WIDTH = 4 * 46.0 + 3 * GAP + 20.0
"""Widest row: four counters and a structure symbol's worth of room."""
ABOVE_NAME = 3.0
"""Space between the lowest row and the region's name point."""
STRUCTURE_BOX = (STRUCTURE + 8.0, STRUCTURE + 4.0)
SOURCE_BOX = (18.0, 18.0)

Slots = dict[tuple[str, str], "Slot"]
Entries = dict[tuple[str, str], "Entry"]


@dataclass(frozen=True)
class Entry:
    key: tuple[str, str]
    """``("counter", stack id)``, ``("structure", id)`` or ``("source", id)``."""
    width: float
    height: float


@dataclass(frozen=True)
class Slot:
    """Where a symbol is drawn: a map point and the shift of its centre in screen pixels."""

    point: QPointF
    offset: QPointF = field(default_factory=QPointF)
    group: str = "above"
    """The block it is laid out in: ``above`` the name, or the anchored group's name
    (``places``, ``sources``, ``counters``); a block moves as one (see map_declutter)."""


def _rows(entries: list[Entry]) -> list[list[Entry]]:
    rows: list[list[Entry]] = []
    width = 0.0
    for entry in entries:
        if rows and width + GAP + entry.width <= ROW_WIDTH:
            rows[-1].append(entry)
            width += GAP + entry.width
        else:
            rows.append([entry])
            width = entry.width
    return rows


def _place_rows(
    rows: list[list[Entry]],
    point: QPointF,
    top: float,
    out: dict[tuple[str, str], Slot],
    group: str,
) -> float:
    """Put rows one under the other from ``top`` (pixels); returns the bottom."""
    y = top
    for row in rows:
        height = max(e.height for e in row)
        x = -(sum(e.width for e in row) + GAP * (len(row) - 1)) / 2
        for entry in row:
            out[entry.key] = Slot(point, QPointF(x + entry.width / 2, y + height / 2), group)
            x += entry.width + GAP
        y += height + GAP
    return y - GAP if rows else top


def _height(rows: list[list[Entry]]) -> float:
    return sum(max(e.height for e in row) for row in rows) + GAP * max(0, len(rows) - 1)


def lay_out(
    name_point: QPointF,
    anchors: Anchors,
    places: list[Entry],
    sources: list[Entry],
    counters: list[Entry],
) -> dict[tuple[str, str], Slot]:
    """Slots for a region's ``places`` (structures with their garrisons), supply
    ``sources`` and ``counters`` in the open."""
    out: dict[tuple[str, str], Slot] = {}
    above: list[list[Entry]] = []
    if anchors.supply is None:
        places, sources = places + sources, []
    groups = (
        ("places", places, anchors.structure),
        ("sources", sources, anchors.supply),
        ("counters", counters, anchors.stack),
    )
    for name, group, anchor in groups:
        rows = _rows(group)
        if not rows:
            continue
        if anchor is not None:
            _place_rows(rows, QPointF(*anchor), -_height(rows) / 2, out, name)
        else:
            above.extend(rows)
    if above:
        _place_rows(above, name_point, -ABOVE_NAME - _height(above), out, "above")
    return out


def region_slots(
    game: Game, region_id: str, point: QPointF, stacks: list[tuple[str, str | None]], size: float
) -> tuple[Slots, Entries]:
    """Slots for a region's structures, sources and the counters of ``stacks`` (id and
    structure sheltering it, if any) drawn at ``size``, laid out around its ``point``."""
    world = game.world
    counter = (WIDTH * size, HEIGHT * size)
    places: list[Entry] = []
    for structure in world.structures_in.get(region_id, []):
        places.append(Entry(("structure", structure.id), *STRUCTURE_BOX))
        places += [
            Entry(("counter", s), *counter) for s, inside in stacks if inside == structure.id
        ]
    sources = [
        Entry(("source", s.id), *SOURCE_BOX)
        for s in game.scenario.supply_sources
        if s.region == region_id
    ]
    sheltered = {s.id for s in world.structures_in.get(region_id, [])}
    field = [Entry(("counter", s), *counter) for s, inside in stacks if inside not in sheltered]
    anchors = world.regions[region_id].anchors
    entries = {e.key: e for e in (*places, *sources, *field)}
    return lay_out(point, anchors, places, sources, field), entries


def entry_box(entry: Entry, offset: QPointF) -> QRectF:
    """An entry's extent in pixels, centred ``offset`` from its point."""
    box = QRectF(0, 0, entry.width, entry.height)
    box.moveCenter(offset)
    return box
