"""Where the map puts a region's symbols when the scenario does not say.

Structures, supply sources and stacks without an anchor of their own sit in one row centred
just above the point where the region's name goes (its pole, see
:mod:`editor.shared.map.poles`), and the name hangs below it (see
:class:`editor.shared.map.drawing.LabelItem`), so the two never overlap. Names and symbols are
drawn at a fixed screen size, so the row is laid out in screen pixels: an offset from the map
point. While a region's name is not shown (see :mod:`editor.studio.map.names`), its row sits
on the point itself.

Symbols with anchors are drawn where the designer put them; several stacks at one stack anchor
fan out to the right of it, and a stack sheltered in a structure sits to the right of the
structure's symbol.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from PySide6.QtCore import QPointF

from editor.studio.map.items import MarkerItem
from schemas.map import Region

SYMBOL = MarkerItem.SIZE
"""Width of a structure or supply symbol, in screen pixels."""
COUNTER = MarkerItem.SIZE * 2.2
"""Width of a stack's counter."""
GAP = 4.0
"""Space between symbols in a row."""
ROW_ABOVE_NAME = -(SYMBOL / 2 + 3)
"""Height of the row's centre over the name's point (names hang 6 pixels below theirs)."""


@dataclass(frozen=True)
class Spot:
    """Where a symbol is drawn: a map point and a shift in screen pixels."""

    point: QPointF
    offset: QPointF = field(default_factory=QPointF)
    in_row: bool = False
    """Placed by the map in the row over the name: moves when names come and go."""


@dataclass
class Contents:
    """What a region holds, in the order to draw it."""

    structures: list[tuple[str, tuple[float, float] | None, list[str]]] = field(
        default_factory=list
    )
    """Each structure's id, own anchor and the keys of the stacks sheltered in it."""
    sources: list[str] = field(default_factory=list)
    stacks: list[str] = field(default_factory=list)
    """Keys of the stacks standing in the open."""


def lay_out(
    region: Region, name_point: QPointF, contents: Contents, roomy: bool
) -> dict[tuple[str, str], Spot]:
    """Spots for everything in a region, keyed by (``structures`` | ``supply`` | ``stacks``,
    id or stack key). ``roomy``: the region's name is shown, so the row of placed symbols
    keeps clear of it."""
    anchors = region.anchors
    spots: dict[tuple[str, str], Spot] = {}
    row: list[tuple[tuple[str, str], float]] = []
    """Symbols the map places, with their widths."""
    at_structure_anchor = 0.0
    for structure_id, own, stacks in contents.structures:
        width = SYMBOL + len(stacks) * (GAP + COUNTER)
        if own is not None:
            spots[("structures", structure_id)] = Spot(QPointF(*own))
        elif anchors.structure is not None:
            shift = QPointF(at_structure_anchor, 0)
            spots[("structures", structure_id)] = Spot(QPointF(*anchors.structure), shift)
            at_structure_anchor += width + GAP
        else:
            row.append((("structures", structure_id), width))
    for number, source_id in enumerate(contents.sources):
        if anchors.supply is not None:
            shift = QPointF(number * (SYMBOL + GAP), 0)
            spots[("supply", source_id)] = Spot(QPointF(*anchors.supply), shift)
        else:
            row.append((("supply", source_id), SYMBOL))
    for number, key in enumerate(contents.stacks):
        if anchors.stack is not None:
            shift = QPointF(number * (COUNTER + GAP), 0)
            spots[("stacks", key)] = Spot(QPointF(*anchors.stack), shift)
        else:
            row.append((("stacks", key), COUNTER))
    # The row, centred over the name's point: each entry's spot is the centre of its first
    # symbol (a structure's sheltered stacks follow on its right).
    x = -(sum(width for _, width in row) + GAP * (len(row) - 1)) / 2
    y = ROW_ABOVE_NAME if roomy else 0.0
    for key, width in row:
        first = SYMBOL if key[0] != "stacks" else COUNTER
        spots[key] = Spot(name_point, QPointF(x + first / 2, y), in_row=True)
        x += width + GAP
    for structure_id, _, stacks in contents.structures:
        home = spots[("structures", structure_id)]
        for number, key in enumerate(stacks):
            shift = SYMBOL / 2 + GAP + COUNTER / 2 + number * (COUNTER + GAP)
            spots[("stacks", key)] = Spot(
                home.point, home.offset + QPointF(shift, 0), in_row=home.in_row
            )
    return spots
