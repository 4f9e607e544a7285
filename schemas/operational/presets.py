"""Terrain and connection types matching the operational tables' default rows, for a scenario
started in this family (the generator, tests, later the studio's new-scenario dialog)."""

from __future__ import annotations

from ..terrain import ConnectionType, TerrainType

_TERRAIN = (
    ("open", "Open / steppe", "#d8d49a"),
    ("rolling-steppe", "Rolling steppe", "#c8c07a"),
    ("town", "Town", "#b0a090"),
    ("city", "Major city / factory", "#908070"),
    ("airfield", "Airfield", "#c8c8c0"),
    ("rough", "Rough", "#a89878"),
    ("light-woods", "Light woods", "#98b878"),
    ("woods", "Woods", "#5f8f4f"),
    ("mud-flats", "Mud flats", "#9a8a6a"),
    ("marsh", "Marsh", "#7fa08a"),
    ("great-river", "Great river", "#3f7fbf"),
    ("mountain", "Mountain", "#8a7a6a"),
)


def operational_terrain_types() -> list[TerrainType]:
    """One terrain type per default row of Table OH3 (their area-rule values stay neutral:
    an operational scenario reads ``rules.operational.terrain``)."""
    return [TerrainType(id=i, name=name, color=color) for i, name, color in _TERRAIN]


def operational_connection_types() -> list[ConnectionType]:
    """The hexside features of Table OH6 that the hex map's usual types
    (:func:`schemas.hexmap.hexside_connection_types`) lack."""
    return [
        ConnectionType(id="breached-minefield", name="Breached minefield", color="#d08060"),
        ConnectionType(id="escarpment", name="Escarpment", color="#6a5040"),
    ]
