"""The operational family's tables as grids (``rules.operational``, docs/rules-operational.md).

Each chapter of the rules editor that belongs to the operational family is a page of one or
more :class:`GridSpec`: lists of records (terrain effects, hexside features) have a row per
entry and a column per value, infantry and armour side by side; records of records (quality,
shock types) a row per level; plain records of numbers (zones of control, shifts...) a row per
value; the results table a row per die face and a column per odds ratio.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from pydantic import BaseModel

from editor.shared.vocabulary import word
from editor.studio.document import ScenarioDocument
from editor.studio.sections.grid_lines import OP, VALUE, Chapter, automatic_chapters, leaf_lines
from editor.studio.sections.grid_model import GridSpec, Line, Path
from schemas.operational.combat import (
    INTENSITIES,
    DamageRules,
    IntensityRules,
    LocEffects,
    ReadinessFactors,
    ResultsTable,
    ShiftRules,
    ShockRules,
    SupplyEffects,
)
from schemas.operational.contact import ContactRules
from schemas.operational.movement import AllowanceRules, ReadinessRules, ZocRules
from schemas.operational.rules import OperationalRules
from schemas.operational.terrain import (
    HexsideEffect,
    RoadEffects,
    TerrainEffect,
    default_hexside_effects,
    default_terrain_effects,
)
from schemas.operational.units import (
    OperationalType,
    OperationalUnit,
    QualityEffects,
    QualityTable,
    ShockTable,
    ShockValues,
    StackingTable,
)


def _name(document: ScenarioDocument, section: str, entity_id: str) -> str:
    entity = document.get(section, entity_id)
    if entity is None:
        return f"{entity_id} (missing)"
    return str(getattr(entity, "name", "") or entity_id)


def odds_text(ratio: float) -> str:
    """An odds ratio as a player reads it: 3 is "3:1", 0.5 is "1:2", 1.5 is "3:2"."""
    near = Fraction(ratio).limit_denominator(10)
    if abs(float(near) - ratio) < 1e-6:
        return f"{near.numerator}:{near.denominator}"
    return f"{round(ratio, 2):g}:1" if ratio >= 1 else f"1:{round(1 / ratio, 2):g}"


# -- list tables ------------------------------------------------------------------------------


def _new_terrain_row(document: ScenarioDocument) -> TerrainEffect:
    rules = document.scenario.rules.operational
    have = {row.terrain for row in rules.terrain} if rules else set()
    free = [t.id for t in document.scenario.terrain if t.id not in have]
    if not free:
        raise ValueError("Every terrain type has a row: add a terrain type first.")
    preset = {row.terrain: row for row in default_terrain_effects()}
    return preset.get(free[0]) or TerrainEffect(terrain=free[0])


def _new_hexside_row(document: ScenarioDocument) -> HexsideEffect:
    rules = document.scenario.rules.operational
    have = {row.connection_type for row in rules.hexsides} if rules else set()
    free = [t.id for t in document.scenario.connection_types if t.id not in have]
    if not free:
        raise ValueError("Every connection type has a row: add a connection type first.")
    preset = {row.connection_type: row for row in default_hexside_effects()}
    return preset.get(free[0]) or HexsideEffect(connection_type=free[0])


TERRAIN = GridSpec(
    key="terrain",
    title="Terrain effects (Table OH3)",
    about="One row per hex terrain: movement points to enter it (empty: never), defence and "
    "attack multipliers for the infantry and armour columns, stacking points it holds, "
    "bombardment protection.",
    base=(*OP, "terrain"),
    rows=lambda table, doc: [
        Line(_name(doc, "terrain", row.terrain), (n,), f"Row {n + 1}")
        for n, row in enumerate(table)
    ],
    columns=lambda table, doc: leaf_lines(TerrainEffect),
    new_row=_new_terrain_row,
    noun="terrain row",
    depends=("terrain",),
)

HEXSIDES = GridSpec(
    key="hexsides",
    title="Hexside features (Table OH6)",
    about="One row per hexside feature of the hex map: how units cross it, the movement "
    "points it adds, the attack across it, and whether it stops shock, overruns, zones of "
    "control and lines of communication.",
    base=(*OP, "hexsides"),
    rows=lambda table, doc: [
        Line(_name(doc, "connection_types", row.connection_type), (n,), f"Row {n + 1}")
        for n, row in enumerate(table)
    ],
    columns=lambda table, doc: leaf_lines(HexsideEffect),
    new_row=_new_hexside_row,
    noun="hexside row",
    depends=("connection_types",),
)


# -- records ----------------------------------------------------------------------------------


def values_grid(
    key: str,
    title: str,
    about: str,
    path: Path,
    model: type[BaseModel],
    expand: Mapping[str, Sequence[str]] | None = None,
) -> GridSpec:
    """A record of single values: a row per value, one column."""
    return GridSpec(
        key=key,
        title=title,
        about=about,
        base=(*OP, *path),
        rows=lambda table, doc: leaf_lines(model, table, expand=expand),
        columns=lambda table, doc: VALUE,
    )


def levels_grid(
    key: str, title: str, about: str, path: Path, model: type[BaseModel], row: type[BaseModel]
) -> GridSpec:
    """A record of records (one per quality, per shock type): a row per level."""
    return GridSpec(
        key=key,
        title=title,
        about=about,
        base=(*OP, *path),
        rows=lambda table, doc: [
            Line(word(name).capitalize() if name != "hq" else "HQ", (name,))
            for name in model.model_fields
        ],
        columns=lambda table, doc: leaf_lines(row),
    )


ROADS = values_grid(
    "roads",
    "Roads and tracks (OH4)",
    "Movement points to enter a hex along a road or a track, in the normal modes and in "
    "Road Movement, and the least a hex costs in the normal modes.",
    ("roads",),
    RoadEffects,
)
STACKING = values_grid(
    "stacking",
    "Stacking by echelon (Table OM4)",
    "Stacking points a unit of each echelon takes; HQs take the HQ value whatever their size.",
    ("stacking",),
    StackingTable,
)
QUALITY = levels_grid(
    "quality",
    "Quality effects (Table OU3)",
    "What each quality level does: readiness regained at rest, zone-of-control adjustments, "
    "command modifier, when a unit is destroyed and the damage it takes.",
    ("quality",),
    QualityTable,
    QualityEffects,
)
SHOCK_TABLE = levels_grid(
    "shock-types",
    "Shock types (Table OC14)",
    "Shock of each type when attacking and defending (empty defence: the attacker's shock, "
    "at most the cap).",
    ("shock",),
    ShockTable,
    ShockValues,
)
ZOC = values_grid(
    "zoc",
    "Zones of control (OM10-OM13)",
    "How zones of control cost movement and whom they hold; infiltrators are a list of "
    "unit categories separated by commas.",
    ("zoc",),
    ZocRules,
)
ALLOWANCES = values_grid(
    "allowances",
    "Movement allowances (OM1, OM8)",
    "Multipliers on movement points by supply and in Road Movement.",
    ("movement",),
    AllowanceRules,
)
CONTACT = values_grid(
    "contact",
    "Contact on the move (OH5, OM9, OM14-OM17, OC26)",
    "Road congestion, ambushes of road columns, overruns and what recce do near the enemy; "
    "the categories recce never withdraw from are a list separated by commas.",
    ("contact",),
    ContactRules,
)
READINESS = values_grid(
    "readiness",
    "Readiness over time (OU7, OU9, OM19)",
    "Readiness spent by moving and regained at rest.",
    ("readiness",),
    ReadinessRules,
)
READINESS_VALUES = values_grid(
    "readiness-values",
    "Readiness and values (OU6)",
    "What a unit's values are multiplied by at 0% readiness (linear up to 100%).",
    ("combat", "readiness"),
    ReadinessFactors,
)
SHIFTS = values_grid(
    "shifts",
    "Odds shifts (OC6-OC10)",
    "The size of each odds shift.",
    ("combat", "shifts"),
    ShiftRules,
)
INTENSITY = values_grid(
    "intensity",
    "Intensity (OC15)",
    "How a battle's intensity is worked out, and the damage multiplier of each level.",
    ("combat", "intensity"),
    IntensityRules,
    {"losses": INTENSITIES},
)
SHOCK = values_grid(
    "shock",
    "Shock (OC11-OC13)",
    "When a unit's shock halves or is lost, and the shifts a point of shock gives.",
    ("combat", "shock"),
    ShockRules,
)
DAMAGE = values_grid(
    "damage",
    "Damage (OC18, OC19)",
    "Multipliers on damage and defence.",
    ("combat", "damage"),
    DamageRules,
)
LOC = values_grid(
    "loc",
    "Lines of communication (Table OQ9)",
    "Attack and defence multipliers by the state of a unit's line of communication.",
    ("combat", "loc"),
    LocEffects,
)
SUPPLY = values_grid(
    "supply",
    "Combat+ supply (OS6)",
    "Attack multipliers under Combat+ supply.",
    ("combat", "supply"),
    SupplyEffects,
)


# -- the results table ------------------------------------------------------------------------

RESULTS: Path = ("combat", "results")


def add_odds_column(editor: Any) -> None:
    """Append an odds column past the last (one more to one, or twice the last below 1:1),
    its cells copied from the last column."""
    results: ResultsTable = editor.model.section().operational.combat.results
    last = results.columns[-1]
    ratio = last + 1 if last >= 1 else min(1.0, last * 2)
    rows = [[*row, row[-1]] for row in results.rows]
    table = ResultsTable(columns=[*results.columns, ratio], rows=rows)
    _replace_results(editor, table, f"Add the {odds_text(ratio)} odds column")


def delete_odds_columns(editor: Any) -> None:
    """Delete the odds columns holding a selected cell (one column always stays)."""
    results: ResultsTable = editor.model.section().operational.combat.results
    chosen = {i.column() for i in editor.view.selectionModel().selectedIndexes()}
    keep = [n for n in range(len(results.columns)) if n not in chosen]
    if not chosen:
        editor.message.say("Select a cell of the odds columns to delete.")
        return
    if not keep:
        editor.message.say("The results table keeps at least one odds column.")
        return
    table = ResultsTable(
        columns=[results.columns[n] for n in keep],
        rows=[[row[n] for n in keep] for row in results.rows],
    )
    _replace_results(editor, table, f"Delete {len(chosen)} odds columns")


def _replace_results(editor: Any, table: ResultsTable, text: str) -> None:
    from editor.studio.document import with_value

    rules = editor.model.section()
    editor.document.set_section("rules", with_value(rules, [*OP, *RESULTS], table), text)


_COLUMN_ACTIONS = [
    ("Add odds column", "Add an odds column past the last", add_odds_column),
    ("Delete odds columns", "Delete the selected odds columns", delete_odds_columns),
]

ODDS = GridSpec(
    key="odds",
    title="Odds columns",
    about="The odds ratio of each column, increasing (0.5 is 1:2); a battle reads the highest "
    "column its final odds reach.",
    base=(*OP, *RESULTS, "columns"),
    rows=lambda table, doc: [Line("Odds", ())],
    columns=lambda table, doc: [Line(odds_text(r), (n,)) for n, r in enumerate(table)],
    extra={"actions": _COLUMN_ACTIONS},
)
CRT_DEFENDER = GridSpec(
    key="crt-defender",
    title="Defender's damage (%)",
    about="Damage every defending unit takes at medium intensity, by die face and odds.",
    base=(*OP, *RESULTS, "rows"),
    rows=lambda table, doc: [Line(f"Die {n + 1}", (n,)) for n in range(len(table))],
    columns=lambda table, doc: [
        Line(odds_text(r), (n, "defender"))
        for n, r in enumerate(doc.scenario.rules.operational.combat.results.columns)
    ],
)
CRT_ATTACKER = GridSpec(
    key="crt-attacker",
    title="Attacker's damage (%)",
    about="Damage every attacking unit takes at medium intensity, by die face and odds.",
    base=(*OP, *RESULTS, "rows"),
    rows=CRT_DEFENDER.rows,
    columns=lambda table, doc: [
        Line(odds_text(r), (n, "attacker"))
        for n, r in enumerate(doc.scenario.rules.operational.combat.results.columns)
    ],
)


# -- unit types and units ---------------------------------------------------------------------


def _land_types(table: list[Any], _doc: ScenarioDocument) -> list[Line]:
    # Air and naval types are assets under these rules, not units with these values.
    return [
        Line(str(kind.name or kind.id), (n,), kind.id)
        for n, kind in enumerate(table)
        if kind.domain == "land"
    ]


def _land_units(table: list[Any], doc: ScenarioDocument) -> list[Line]:
    land = {kind.id for kind in doc.scenario.unit_types if kind.domain == "land"}
    return [
        Line(str(unit.name or unit.id), (n,), unit.id)
        for n, unit in enumerate(table)
        if unit.type in land
    ]


UNIT_TYPES = GridSpec(
    key="unit-types",
    title="Unit types (OU1, OU2)",
    about="What every unit of a land type shares under these rules: its category (which rows of "
    "the tables it reads), terrain column, printed factors and MP, shock type. Grey values "
    "are not set (a type without values is an error when units use it); typing one sets them.",
    base=(),
    section="unit_types",
    rows=_land_types,
    columns=lambda table, doc: leaf_lines(OperationalType, prefix=("operational",)),
    noun="unit type",
)
UNITS = GridSpec(
    key="units",
    title="Units (OU1, OU3-OU6)",
    about="Each land unit's echelon, quality, strength, readiness and dug-in state as the scenario "
    "starts it, and its own men, guns and vehicles at full strength; grey values are not set (a "
    "regular battalion at full strength and readiness, with the establishment table's figures).",
    base=(),
    section="units",
    rows=_land_units,
    columns=lambda table, doc: leaf_lines(OperationalUnit, prefix=("operational",)),
    noun="unit",
    depends=("unit_types",),
)


CHOSEN: tuple[Chapter, ...] = (
    Chapter("op-terrain", "Terrain effects", (TERRAIN,)),
    Chapter("op-hexsides", "Hexside features", (HEXSIDES,)),
    Chapter("op-roads", "Roads", (ROADS,)),
    Chapter("op-zoc", "Zones of control", (ZOC,)),
    Chapter("op-movement", "Movement allowances", (ALLOWANCES,)),
    Chapter("op-contact", "Contact on the move", (CONTACT,)),
    Chapter("op-readiness", "Readiness", (READINESS, READINESS_VALUES)),
    Chapter("op-results", "Combat results table", (ODDS, CRT_DEFENDER, CRT_ATTACKER)),
    Chapter("op-shifts", "Odds shifts", (SHIFTS,)),
    Chapter("op-intensity", "Intensity", (INTENSITY,)),
    Chapter("op-shock", "Shock", (SHOCK_TABLE, SHOCK)),
    Chapter("op-damage", "Damage, LOC and supply", (DAMAGE, LOC, SUPPLY)),
    Chapter("op-quality", "Quality", (QUALITY,)),
    Chapter("op-stacking", "Stacking by echelon", (STACKING,)),
    Chapter("op-unit-types", "Unit types", (UNIT_TYPES,)),
    Chapter("op-units", "Units", (UNITS,)),
)
"""The tables of ``rules.operational`` laid out by hand, in the order a designer meets them."""

# -- the assets' tables (OC32, OC35): grids inside the automatic "assets" chapter's part -----

_AA = (*OP, "assets", "aa")
AA_RESULT = GridSpec(
    key="aa-result",
    title="AA results (Table OC35)",
    about="What AA fire does to an air asset by die row (1: the top row, best for the guns) "
    "and odds of AA points to the asset's AA defence: none, halved or aborted.",
    base=(*_AA, "rows"),
    rows=lambda table, doc: [Line(f"Row {n + 1}", (n,)) for n in range(len(table))],
    columns=lambda table, doc: [
        Line(odds_text(r), (n, "result"))
        for n, r in enumerate(doc.scenario.rules.operational.assets.aa.columns)
    ],
)
AA_DAMAGE = GridSpec(
    key="aa-damage",
    title="AA damage (%, Table OC35)",
    about="Strength the asset loses, by die row and odds.",
    base=(*_AA, "rows"),
    rows=AA_RESULT.rows,
    columns=lambda table, doc: [
        Line(odds_text(r), (n, "damage"))
        for n, r in enumerate(doc.scenario.rules.operational.assets.aa.columns)
    ],
)
AA_ODDS = GridSpec(
    key="aa-odds",
    title="AA odds columns",
    about="The odds (AA points : the asset's AA defence) of each column of Table OC35, "
    "increasing; below the first, the guns do not fire.",
    base=(*_AA, "columns"),
    rows=lambda table, doc: [Line("Odds", ())],
    columns=lambda table, doc: [Line(odds_text(r), (n,)) for n, r in enumerate(table)],
)
FIRE = GridSpec(
    key="fire-multiplier",
    title="Fire multiplier (Table OC32)",
    about="Offensive bombardment and naval fire times this, by the firing side's average "
    "intelligence level of the target's units (0 to 5).",
    base=(*OP, "assets", "bombardment", "fire_multiplier"),
    rows=lambda table, doc: [Line("Multiplier", ())],
    columns=lambda table, doc: [Line(f"Level {n}", (n,)) for n in range(len(table))],
)
ASSET_TABLES = (
    Chapter("op-aa", "AA fire and fire multiplier", (AA_ODDS, AA_RESULT, AA_DAMAGE, FIRE)),
)
"""Tables inside ``rules.operational.assets`` that the automatic chapter cannot lay out."""

CHAPTERS: tuple[Chapter, ...] = (
    CHOSEN
    + automatic_chapters(
        OperationalRules,
        {s.base[1] for c in CHOSEN for s in c.grids if s.section == "rules" and len(s.base) > 1},
    )
    + ASSET_TABLES
)
"""Every table of ``rules.operational``: those above, then any part they leave out, then the
assets' tables."""

GRIDS: dict[str, GridSpec] = {spec.key: spec for chapter in CHAPTERS for spec in chapter.grids}

__all__ = ["CHAPTERS", "GRIDS", "Chapter", "leaf_lines", "odds_text"]
