"""Sides and nations side by side: who plays, who fights for whom, their colours and flags.

Each list is a table (double-click a colour to change it) with the form of the selected row
under it for the flag image, the briefing and the capitals. Rows can be reordered, since the
order is the file's and the studio's order of the sides.
"""

from __future__ import annotations

from PySide6.QtWidgets import QSplitter, QVBoxLayout, QWidget

from editor.studio.document import ScenarioDocument
from editor.studio.sections.tables import FormTable, titled

SIDE_COLUMNS = (
    "color",
    "id",
    "name",
    "neutral",
    "morale_bonus",
    "rail",
    "start_vp",
    "start_treasury",
)
SIDE_TITLES = {"morale_bonus": "Morale", "start_vp": "Start VP", "start_treasury": "Treasury"}

NATION_COLUMNS = (
    "color_dark",
    "color_light",
    "id",
    "name",
    "side",
    "parent",
    "main",
    "preferred_domain",
    "radar",
    "fog_advantage",
    "entrench",
    "breakthrough",
    "double_breakthrough",
)
NATION_TITLES = {
    "color_dark": "Dark",
    "color_light": "Light",
    "preferred_domain": "AI domain",
    "fog_advantage": "Fog edge",
    "breakthrough": "Break",
    "double_breakthrough": "Double break",
}


class SidesEditor(QWidget):
    """The sides (players) and the nations fighting for them."""

    def __init__(self, document: ScenarioDocument) -> None:
        super().__init__()
        self.document = document
        self.sides = FormTable(document, "sides", SIDE_COLUMNS, titles=SIDE_TITLES, movable=True)
        self.nations = FormTable(
            document, "nations", NATION_COLUMNS, titles=NATION_TITLES, movable=True
        )
        splitter = QSplitter()
        splitter.setChildrenCollapsible(False)
        splitter.addWidget(titled("Sides", self.sides))
        splitter.addWidget(titled("Nations", self.nations))
        splitter.setStretchFactor(0, 2)
        splitter.setStretchFactor(1, 3)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(splitter)
