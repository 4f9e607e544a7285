"""What every map offers as places and links (:mod:`schemas.places` has the whole story).

The abstract :class:`Places`, apart so that the two kinds of map (:mod:`schemas.places`'
drawn regions, :mod:`schemas.hex_places`' hex grid) each build on it without importing
each other.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterator, Mapping, Sequence

from .hexgrid.grid import HexGrid
from .map import Connection, PlaceValue, Region
from .scenario import Scenario

Path = tuple[str | int, ...]
"""Where a fact is written in the file, as a JSON path."""


class Places(ABC):
    """What both kinds of map offer; see the module docstring."""

    scenario: Scenario
    grid: HexGrid | None = None
    """The hex grid of a hex map."""

    @property
    @abstractmethod
    def regions(self) -> Sequence[Region]:
        """Every place, in order (hexes row by row)."""

    @property
    @abstractmethod
    def connections(self) -> Sequence[Connection]:
        """Every link, in order."""

    @property
    @abstractmethod
    def region_ids(self) -> list[str]:
        """Id of every place, in order."""

    @property
    @abstractmethod
    def connection_ids(self) -> list[str]:
        """Id of every link, in order."""

    @property
    @abstractmethod
    def region_lookup(self) -> Mapping[str, Region]:
        """Place by id (the first of a repeated id)."""

    @abstractmethod
    def region_at(self, index: int) -> Region:
        """Place ``index``."""

    @abstractmethod
    def connection_at(self, index: int) -> Connection:
        """Link ``index``."""

    @abstractmethod
    def domain_of(self) -> dict[str, str | None]:
        """Domain of every place: its terrain's, ``unplayable`` where flagged, ``None`` for an
        unknown terrain."""

    @abstractmethod
    def linked(self) -> set[str]:
        """Places with at least one link."""

    @abstractmethod
    def linked_to(self, ids: set[str]) -> set[str]:
        """Places with a link to one of ``ids``."""

    @abstractmethod
    def area_members(self) -> Mapping[str, Sequence[Region]]:
        """Places of each area (a hex map's built as they are read)."""

    @abstractmethod
    def valued(self) -> Iterator[tuple[Path, str, dict[str, PlaceValue]]]:
        """Places with VP or tension values: where they are written, id, values."""

    @abstractmethod
    def region_pointer(self, index: int, *path: str | int) -> str:
        """JSON pointer to field ``path`` of place ``index`` as the file writes it."""

    @abstractmethod
    def connection_pointer(self, index: int, *path: str | int) -> str:
        """JSON pointer to field ``path`` of link ``index`` as the file writes it."""
