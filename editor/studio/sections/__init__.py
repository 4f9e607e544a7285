"""Editors for whole sections of a scenario, opened from the studio's Scenario menu.

Each entry names the widget class that edits a part of the format and the sections of the
scenario it edits; the window creates it on first use (``create``) and shows it as a tab
beside the map, where it has room (see :mod:`editor.studio.window_tabs`). While an editor is
shown, the inspector leaves the entities of its sections to it. Every editor takes the
document and edits only through it, like the map and the inspector.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass

from PySide6.QtWidgets import QWidget

from editor.studio.document import ScenarioDocument


@dataclass(frozen=True)
class SectionEditor:
    key: str
    title: str
    target: str
    """``module:Class`` of the widget, relative to this package."""
    tip: str
    sections: tuple[str, ...] = ()
    """The parts of the scenario it edits (whose entities the inspector leaves to it)."""


EDITORS: tuple[SectionEditor, ...] = (
    SectionEditor(
        "settings",
        "Scenario and calendar",
        "settings:SettingsEditor",
        "Title, author, description, calendar and map settings",
        ("info", "calendar", "map"),
    ),
    SectionEditor(
        "rules", "Rules parameters", "settings:RulesEditor", "Every rules parameter", ("rules",)
    ),
    SectionEditor(
        "sides",
        "Sides and nations",
        "sides:SidesEditor",
        "Sides, nations, colours and flags",
        ("sides", "nations"),
    ),
    SectionEditor(
        "terrain",
        "Terrain table",
        "tables:TerrainTable",
        "Terrain types as a spreadsheet",
        ("terrain",),
    ),
    SectionEditor(
        "connection_types",
        "Connection table",
        "tables:ConnectionTypeTable",
        "Connection types as a spreadsheet",
        ("connection_types",),
    ),
    SectionEditor(
        "unit_types",
        "Unit types",
        "tables:UnitTypeTable",
        "Unit types as a spreadsheet",
        ("unit_types",),
    ),
    SectionEditor(
        "forces",
        "Units and leaders",
        "forces:ForcesEditor",
        "Units and leaders with their start positions",
        ("units", "leaders"),
    ),
    SectionEditor(
        "areas",
        "Areas and theatres",
        "areas:AreasEditor",
        "Areas and theatres of the map",
        ("areas", "theatres"),
    ),
    SectionEditor(
        "decks",
        "Cards and events",
        "decks:DecksEditor",
        "Card decks and events",
        ("cards", "events"),
    ),
    SectionEditor(
        "schedule",
        "Reinforcements and replacements",
        "schedule:ScheduleEditor",
        "Reinforcement timeline by turn, and replacements",
        ("reinforcements", "replacements"),
    ),
    SectionEditor(
        "victory",
        "Victory and tension",
        "victory:VictoryEditor",
        "Victory conditions and the tension index",
        ("victory", "tension"),
    ),
)


def entry(key: str) -> SectionEditor:
    """The editor registered under ``key``."""
    return next(e for e in EDITORS if e.key == key)


def create(key: str, document: ScenarioDocument) -> QWidget:
    """Build the editor registered under ``key``."""
    entry_ = entry(key)
    module_name, class_name = entry_.target.split(":")
    module = importlib.import_module(f"{__name__}.{module_name}")
    widget: QWidget = getattr(module, class_name)(document)
    return widget
