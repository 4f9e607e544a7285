"""The records a paste is described with: its notes, and the map it is fitted into."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..geometry.snapping import SnapIndex
from ..map import Polygon
from ..scenario import Scenario


@dataclass(frozen=True)
class Note:
    """One decision of a paste a designer should know about.

    ``kind`` is ``renamed``, ``matched``, ``added``, ``dropped`` (a reference, or the part of
    an entity naming it, left out), ``replaced`` (a required reference given the scenario's
    first entry), ``left_out`` (an entity not pasted), ``clipped`` (a region that lost
    ground) or ``moved`` (the group moved aside to free ground). ``entities`` are the pasted
    entities it concerns, by collection and their id in the scenario.
    """

    kind: str
    text: str
    entities: tuple[tuple[str, str], ...] = ()


ORDER = ("left_out", "dropped", "replaced", "clipped", "moved", "renamed", "matched", "added")
"""Notes in the order a designer should read them: what needs their eye first."""


def ordered(notes: list[Note]) -> list[Note]:
    return sorted(notes, key=lambda n: ORDER.index(n.kind) if n.kind in ORDER else len(ORDER))


@dataclass(frozen=True)
class MapOutlines:
    """The map as the paste sees it: region ids and outlines by position (``None`` in empty
    slots) and, optionally, a :class:`SnapIndex` of those outlines (the studio keeps one)."""

    ids: Sequence[str | None]
    outlines: Sequence[Polygon | None]
    index: SnapIndex | None = None

    @classmethod
    def of(cls, scenario: Scenario) -> MapOutlines:
        return cls([r.id for r in scenario.regions], [r.polygon for r in scenario.regions])
