"""Choosing a scenario's rules family (``rules.family``) and filling the operational tables.

The area family (docs/rules.md) reads the rules chapters; the operational family
(docs/rules-operational.md) plays on a hex map with WEGO turns and reads ``rules.operational``.
Switching is one undo step; switching to the operational family also sets WEGO turns (the
family needs them) and fills the tables with their default values, and switching back drops
the tables (an undo brings them back). The presets of :mod:`schemas.operational.presets` add the
terrain and hexside types the default rows describe, and the default rows of the types a map
already has.
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QButtonGroup,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from editor.shared.widgets import set_muted
from editor.studio.document import Change, ScenarioDocument, with_value
from schemas.operational.presets import (
    operational_connection_types,
    operational_terrain_types,
)
from schemas.operational.rules import OperationalRules
from schemas.operational.terrain import (
    HexsideEffect,
    TerrainEffect,
    default_hexside_effects,
    default_terrain_effects,
)
from schemas.rules import RulesFamily

FAMILIES: dict[str, tuple[str, str]] = {
    "area": (
        "Area rules",
        "Drawn regions or hexes, each side playing its turn in turn (docs/rules.md): the "
        "chapters of numbers below.",
    ),
    "operational": (
        "Operational hex rules",
        "A hex map and simultaneous (WEGO) turns, with zones of control, odds combat, "
        "readiness and shock (docs/rules-operational.md): the tables listed under "
        "\u201cOperational\u201d.",
    ),
}


def choose_family(document: ScenarioDocument, family: RulesFamily) -> None:
    """Switch the scenario's rules family as one undo step."""
    scenario = document.scenario
    if scenario.rules.family == family:
        return
    title = FAMILIES[family][0]
    with document.macro(f"Use the {title.lower()}"):
        if family == "operational":
            tables = scenario.rules.operational or OperationalRules()
            rules = scenario.rules.model_validate(
                {**_fields(scenario.rules), "family": family, "operational": tables}
            )
            document.set_section("rules", rules)
            if scenario.calendar.turn_system != "wego":
                calendar = with_value(scenario.calendar, ["turn_system"], "wego")
                document.set_section("calendar", calendar, "Play WEGO turns")
        else:
            rules = scenario.rules.model_validate(
                {**_fields(scenario.rules), "family": family, "operational": None}
            )
            document.set_section("rules", rules)


def _fields(model: object) -> dict[str, object]:
    return {name: getattr(model, name) for name in type(model).model_fields}  # type: ignore[attr-defined]


def missing_preset_types(document: ScenarioDocument) -> tuple[list[str], list[str]]:
    """Ids of the presets' terrain and connection types the scenario lacks."""
    scenario = document.scenario
    terrain = {t.id for t in scenario.terrain}
    links = {c.id for c in scenario.connection_types}
    return (
        [t.id for t in operational_terrain_types() if t.id not in terrain],
        [c.id for c in operational_connection_types() if c.id not in links],
    )


def add_preset_types(document: ScenarioDocument) -> int:
    """Add the terrain and connection types the default rows name and the scenario lacks
    (with their rows when the tables lack them), as one undo step; how many were added."""
    terrain_ids, link_ids = missing_preset_types(document)
    terrain = [t for t in operational_terrain_types() if t.id in terrain_ids]
    links = [c for c in operational_connection_types() if c.id in link_ids]
    if not terrain and not links:
        return 0
    with document.macro(f"Add {len(terrain) + len(links)} operational terrain types"):
        if terrain:
            document.add_many("terrain", terrain)
        if links:
            document.add_many("connection_types", links)
        fill_missing_rows(document)
    return len(terrain) + len(links)


def rows_missing(document: ScenarioDocument) -> tuple[list[str], list[str]]:
    """Terrain types of the scenario and hexside features of its hex map without a row."""
    scenario = document.scenario
    tables = scenario.rules.operational
    if tables is None:
        return [], []
    have = {row.terrain for row in tables.terrain}
    terrain = [t.id for t in scenario.terrain if t.id not in have]
    features = {row.connection_type for row in tables.hexsides}
    used = list(scenario.hex_map.hexsides) if scenario.hex_map is not None else []
    known = {c.id for c in scenario.connection_types}
    preset = {row.connection_type for row in default_hexside_effects()}
    used += [c for c in preset if c in known and c not in used]
    return terrain, [key for key in used if key not in features]


def fill_missing_rows(document: ScenarioDocument) -> int:
    """Give every terrain type and hexside feature without a row its default row (the
    checklist's values under a preset id, else neutral values), as one undo step."""
    tables = document.scenario.rules.operational
    terrain, hexsides = rows_missing(document)
    if tables is None or not (terrain or hexsides):
        return 0
    terrain_rows = {row.terrain: row for row in default_terrain_effects()}
    hexside_rows = {row.connection_type: row for row in default_hexside_effects()}
    new = tables.model_copy(
        update={
            "terrain": [
                *tables.terrain,
                *(terrain_rows.get(t) or TerrainEffect(terrain=t) for t in terrain),
            ],
            "hexsides": [
                *tables.hexsides,
                *(hexside_rows.get(h) or HexsideEffect(connection_type=h) for h in hexsides),
            ],
        }
    )
    rules = with_value(document.scenario.rules, ["operational"], new)
    document.set_section("rules", rules, f"Add {len(terrain) + len(hexsides)} table rows")
    return len(terrain) + len(hexsides)


def drop_tables(document: ScenarioDocument) -> None:
    """Remove operational tables an area scenario carries unread (one undo step)."""
    rules = with_value(document.scenario.rules, ["operational"], None)
    document.set_section("rules", rules, "Drop the unused operational tables")


def reset_tables(document: ScenarioDocument) -> None:
    """Every operational table back to its default values (one undo step)."""
    rules = with_value(document.scenario.rules, ["operational"], OperationalRules())
    document.set_section("rules", rules, "Reset the operational tables")


class FamilyPage(QWidget):
    """The rules editor's first chapter: which family the scenario plays, and its presets."""

    def __init__(self, document: ScenarioDocument) -> None:
        super().__init__()
        self.document = document
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        heading = QLabel("Rules family")
        font = heading.font()
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.15)
        heading.setFont(font)
        layout.addWidget(heading)
        about = QLabel(
            "Which rules the scenario plays. Switching is one step of the undo history; the "
            "operational tables start from the rulebook's values."
        )
        about.setWordWrap(True)
        set_muted(about)
        layout.addWidget(about)
        self.group = QButtonGroup(self)
        self.choices: dict[str, QRadioButton] = {}
        for family, (title, text) in FAMILIES.items():
            button = QRadioButton(title)
            button.setObjectName(f"family-{family}")
            button.setToolTip(text)
            self.group.addButton(button)
            self.choices[family] = button
            layout.addWidget(button)
            note = QLabel(text)
            note.setWordWrap(True)
            set_muted(note, "margin-left: 22px;")
            layout.addWidget(note)
            button.clicked.connect(lambda _=False, f=family: choose_family(self.document, f))
        self.status = QLabel()
        self.status.setWordWrap(True)
        layout.addWidget(self.status)
        row = QHBoxLayout()
        self.presets = QPushButton("Add the family's terrain types")
        self.presets.setToolTip(
            "Add the terrain and hexside types the default tables describe (open, woods, "
            "town, marsh, escarpment...) with their rows"
        )
        self.presets.clicked.connect(lambda: add_preset_types(self.document))
        self.fill = QPushButton("Add default rows")
        self.fill.setToolTip(
            "Give every terrain type and hexside feature without a row its default row"
        )
        self.fill.clicked.connect(lambda: fill_missing_rows(self.document))
        self.reset = QPushButton("Reset tables to defaults")
        self.reset.setToolTip("Set every operational table back to the rulebook's values")
        self.reset.clicked.connect(lambda: reset_tables(self.document))
        self.drop = QPushButton("Drop the unused tables")
        self.drop.setToolTip("The area rules never read rules.operational: remove it from the file")
        self.drop.clicked.connect(lambda: drop_tables(self.document))
        for button in (self.presets, self.fill, self.reset, self.drop):
            row.addWidget(button)
        row.addStretch(1)
        layout.addLayout(row)
        layout.addStretch(1)
        document.changed.connect(self._follow)
        self.refresh()

    def _follow(self, change: Change) -> None:
        watched = ("rules", "calendar", "terrain", "connection_types", "hex_map", "reset")
        if change.section in watched:
            self.refresh()

    def refresh(self) -> None:
        scenario = self.document.scenario
        family = scenario.rules.family
        for key, button in self.choices.items():
            button.setChecked(key == family)
        operational = family == "operational"
        for button in (self.presets, self.fill, self.reset):
            button.setVisible(operational)
        unused = not operational and scenario.rules.operational is not None
        self.drop.setVisible(unused)
        if not operational:
            self.status.setText(
                "▲ The file carries operational tables, which the area rules never read."
                if unused
                else ""
            )
            return
        lines = []
        if scenario.hex_map is None:
            lines.append("✖ No hex map: the operational rules play on one (start on hexes).")
        if scenario.calendar.turn_system != "wego":
            lines.append("✖ Turns are not WEGO: set the calendar's turn system to WEGO.")
        terrain, hexsides = rows_missing(self.document)
        if terrain or hexsides:
            named = ", ".join([*terrain, *hexsides][:6])
            more = len(terrain) + len(hexsides) - 6
            named += f" and {more} more" if more > 0 else ""
            lines.append(f"▲ Without a row in the tables: {named}")
        missing = sum(len(ids) for ids in missing_preset_types(self.document))
        self.presets.setEnabled(missing > 0)
        self.fill.setEnabled(bool(terrain or hexsides))
        ready = "✔ Hex map, WEGO turns and a row for every terrain."
        self.status.setText("\n".join(lines) or ready)
