"""The scenario: the root of the file format."""

from __future__ import annotations

from typing import Final, Literal, get_args

from pydantic import Field

from .base import StrictModel
from .calendar import Calendar
from .decks import Card, Event
from .hexmap import HexMap
from .map import Area, Connection, MapSettings, Region, Structure, SupplySource, Theatre
from .rules import Rules
from .schedule import Reinforcement, ReplacementGrant
from .sides import Nation, Side, TensionIndex
from .terrain import ConnectionType, TerrainType, default_connection_types
from .units import Leader, Unit, UnitType
from .victory import Victory

SCHEMA_VERSION: Final = 2
"""Version of the format this code reads and writes."""


class ScenarioInfo(StrictModel):
    """What the scenario is, for the scenario list and the information sheet."""

    title: str
    """Title."""
    author: str = ""
    """Designer or team."""
    version: str = "1"
    """The designer's own version of the scenario."""
    description: str = ""
    """Presentation: the historical situation, what is special."""
    playing_time: str = ""
    """Estimated playing time, as free text."""


class Scenario(StrictModel):
    """A complete scenario: map, forces, decks, schedules and rules."""

    schema_uri: str | None = Field(default=None, alias="$schema")
    """Optional link to the JSON Schema, for editors that validate while typing."""
    schema_version: Literal[2]
    """Version of the format; older files are migrated on load."""
    info: ScenarioInfo
    """Title and presentation."""
    calendar: Calendar
    """Length, dates, side order and phases."""
    rules: Rules = Field(default_factory=Rules)
    """Every number of the rules."""
    map: MapSettings = Field(default_factory=MapSettings)
    """Orientation, scale and tracing image."""
    terrain: list[TerrainType]
    """Terrain table."""
    connection_types: list[ConnectionType] = Field(default_factory=default_connection_types)
    """Connection table."""
    theatres: list[Theatre] = Field(default_factory=list)
    """Theatres."""
    areas: list[Area] = Field(default_factory=list)
    """Areas."""
    regions: list[Region]
    """Regions."""
    connections: list[Connection] = Field(default_factory=list)
    """Connections between regions."""
    hex_map: HexMap | None = None
    """A hex grid, when the map is made of hexes rather than drawn regions (``regions`` and
    ``connections`` then stay empty, but for links between hexes that are not neighbours)."""
    structures: list[Structure] = Field(default_factory=list)
    """Cities, villages, forts, airfields and ports."""
    supply_sources: list[SupplySource] = Field(default_factory=list)
    """Supply sources."""
    sides: list[Side]
    """Sides."""
    nations: list[Nation]
    """Nations and sub-nations."""
    tension: TensionIndex | None = None
    """Tension index, for scenarios that have one."""
    unit_types: list[UnitType] = Field(default_factory=list)
    """Unit types."""
    units: list[Unit] = Field(default_factory=list)
    """Units, placed or waiting to arrive."""
    leaders: list[Leader] = Field(default_factory=list)
    """Leaders, placed or waiting to arrive."""
    cards: list[Card] = Field(default_factory=list)
    """Cards of every side's deck."""
    events: list[Event] = Field(default_factory=list)
    """Events."""
    reinforcements: list[Reinforcement] = Field(default_factory=list)
    """Reinforcement schedule."""
    replacements: list[ReplacementGrant] = Field(default_factory=list)
    """Extra replacement points."""
    victory: Victory = Field(default_factory=Victory)
    """Sudden death conditions."""


ScenarioSection = Literal[
    "terrain",
    "connection_types",
    "theatres",
    "areas",
    "regions",
    "connections",
    "structures",
    "supply_sources",
    "sides",
    "nations",
    "unit_types",
    "units",
    "leaders",
    "cards",
    "events",
    "reinforcements",
    "replacements",
]
"""Top-level lists of entities: each is its own id namespace (units and leaders share one)."""

SECTIONS: tuple[ScenarioSection, ...] = get_args(ScenarioSection)

SINGLE_SECTIONS = ("info", "calendar", "rules", "map", "hex_map", "tension", "victory")
"""Top-level parts that are one object (or ``null``, for the tension index)."""
