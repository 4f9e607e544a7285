"""Editors for whole sections of a scenario, opened from the studio's Scenario menu.

Each entry names the widget class that edits a part of the format; the window creates it on
first use (``create``) and shows it in a dock. Every editor takes the document and edits only
through it, like the map and the inspector.
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


EDITORS: tuple[SectionEditor, ...] = (
    SectionEditor(
        "settings",
        "Scenario and calendar",
        "settings:SettingsEditor",
        "Title, author, description, calendar and map settings",
    ),
    SectionEditor("rules", "Rules parameters", "settings:RulesEditor", "Every rules parameter"),
    SectionEditor(
        "sides", "Sides and nations", "sides:SidesEditor", "Sides, nations, colours and flags"
    ),
    SectionEditor(
        "terrain", "Terrain table", "tables:TerrainTable", "Terrain types as a spreadsheet"
    ),
    SectionEditor(
        "connection_types",
        "Connection table",
        "tables:ConnectionTypeTable",
        "Connection types as a spreadsheet",
    ),
    SectionEditor(
        "unit_types", "Unit types", "tables:UnitTypeTable", "Unit types as a spreadsheet"
    ),
    SectionEditor(
        "forces",
        "Units and leaders",
        "forces:ForcesEditor",
        "Units and leaders with their start positions",
    ),
    SectionEditor(
        "areas", "Areas and theatres", "areas:AreasEditor", "Areas and theatres of the map"
    ),
    SectionEditor("decks", "Cards and events", "decks:DecksEditor", "Card decks and events"),
    SectionEditor(
        "schedule",
        "Reinforcements and replacements",
        "schedule:ScheduleEditor",
        "Reinforcement timeline by turn, and replacements",
    ),
    SectionEditor(
        "victory",
        "Victory and tension",
        "victory:VictoryEditor",
        "Victory conditions and the tension index",
    ),
)


def create(key: str, document: ScenarioDocument) -> QWidget:
    """Build the editor registered under ``key``."""
    entry = next(e for e in EDITORS if e.key == key)
    module_name, class_name = entry.target.split(":")
    module = importlib.import_module(f"{__name__}.{module_name}")
    widget: QWidget = getattr(module, class_name)(document)
    return widget
