"""What the reinforcement timeline shows: columns of turns, lanes of sides, chips, and sizes.

The schedule editor builds these from the scenario; the view (:mod:`.timeline_view`) lays
them out and the painter (:mod:`.timeline_paint`) draws them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

HEADER, LABELS, COLUMN = 40, 130, 140
PAD, GAP, STRIP = 6, 4, 16
EDGE = 28
"""Distance from the edge of the view within which a drag scrolls it."""
MAX_LINES = 4


@dataclass
class Chip:
    """What a reinforcement chip shows."""

    key: str
    side: str
    turn: int | None
    lines: list[str]
    tip: str = ""
    conditional: bool = False


@dataclass
class Lane:
    """A side's row."""

    side: str
    name: str
    color: str
    points: dict[int, int] = field(default_factory=dict)
    """Replacement points received on each turn, shown along the row's foot."""


@dataclass
class Column:
    turn: int | None
    title: str
    subtitle: str
    open: bool = True
    """Whether the reinforcements phase is played on that turn."""
