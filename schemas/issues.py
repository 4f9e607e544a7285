"""Validation issues: what is wrong, how badly, and exactly where.

Every issue carries a stable ``code`` (scripts and tests match on it; the list below is the
registry), a severity, a JSON pointer into the file, the id of the entity concerned when there
is one, and a sentence a designer understands. Loading problems (bad JSON, wrong version)
also carry a line and a column.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Severity = Literal["error", "warning"]


@dataclass(frozen=True, slots=True)
class Issue:
    """One problem found in a scenario."""

    code: str
    severity: Severity
    path: str
    """JSON pointer (RFC 6901) to the offending value; ``""`` is the whole file."""
    message: str
    entity: str | None = None
    """Id of the entity the problem belongs to, when there is one."""
    line: int | None = None
    column: int | None = None
    at: tuple[float, float] | None = None
    """Map point where a geometric problem lies, for the studio to zoom to."""

    @property
    def is_error(self) -> bool:
        return self.severity == "error"

    def to_json(self) -> dict[str, object]:
        # Field by field rather than dataclasses.asdict, which deep-copies every value: a
        # report of 100,000 issues spent seconds there.
        data: dict[str, object] = {"code": self.code, "severity": self.severity, "path": self.path}
        data["message"] = self.message
        for name in ("entity", "line", "column"):
            value = getattr(self, name)
            if value is not None:
                data[name] = value
        if self.at is not None:
            data["at"] = [round(self.at[0], 6), round(self.at[1], 6)]
        return data

    def location(self) -> str:
        """Where the problem is, for one-line reports."""
        where = self.path or "/"
        if self.line is not None:
            where = f"{self.line}:{self.column or 1} {where}"
        return where


@dataclass(frozen=True, slots=True)
class CodeInfo:
    severity: Severity
    summary: str


CODES: dict[str, CodeInfo] = {
    # Reading the file
    "file-unreadable": CodeInfo("error", "The file cannot be read from disk."),
    "file-encoding": CodeInfo("error", "The file is not UTF-8 text."),
    "json-syntax": CodeInfo("error", "The file is not valid JSON."),
    "json-duplicate-key": CodeInfo("error", "An object has the same key twice."),
    "json-not-object": CodeInfo("error", "The file does not hold a JSON object."),
    "json-number-too-long": CodeInfo("error", "A number has more digits than can be read."),
    "text-unpaired-surrogate": CodeInfo(
        "warning", "A text held half of a character (an unpaired surrogate); it was replaced."
    ),
    "schema-version-missing": CodeInfo("error", "The file has no schema_version."),
    "schema-version-newer": CodeInfo("error", "The file needs a newer Salient."),
    "schema-version-invalid": CodeInfo("error", "schema_version is not a known version number."),
    "schema": CodeInfo("error", "A value does not fit the scenario format."),
    # References and ids
    "duplicate-id": CodeInfo("error", "Two entities of the same kind share an id."),
    "unknown-reference": CodeInfo("error", "A reference names an entity that does not exist."),
    # Geometry
    "polygon-too-few-points": CodeInfo("error", "A ring has fewer than 3 distinct points."),
    "polygon-self-intersection": CodeInfo("error", "A region's outline crosses itself."),
    "polygon-zero-area": CodeInfo("error", "A region's outline encloses no area."),
    "polygon-invalid": CodeInfo("error", "A region's outline is malformed (holes outside...)."),
    "region-overlap": CodeInfo("error", "Two regions cover the same ground."),
    "coverage-gap": CodeInfo("error", "A hole in the map belongs to no region."),
    "anchor-outside-region": CodeInfo("warning", "A symbol is anchored outside its region."),
    # Connections
    "connection-not-touching": CodeInfo("warning", "A connection joins regions that do not touch."),
    "connection-duplicate": CodeInfo("warning", "Two connections join the same regions."),
    "connection-domain": CodeInfo("warning", "A connection's type does not suit its regions."),
    "region-isolated": CodeInfo("warning", "A playable region has no connection."),
    # Files the scenario names
    "image-outside-folder": CodeInfo(
        "warning", "An image path leads outside the scenario's folder; it is not read."
    ),
    "image-not-a-file": CodeInfo(
        "warning", "An image path names no file, or a folder, pipe or device; it is not read."
    ),
    "image-too-large": CodeInfo("warning", "An image file is too large to read."),
    # Hex maps
    "hex-map-regions": CodeInfo("error", "A hex map scenario also has drawn regions."),
    "hex-outside-grid": CodeInfo("error", "A hex map names a hex outside its grid."),
    "hex-listed-twice": CodeInfo("error", "A hex is listed twice in one layer of a hex map."),
    "hexside-not-adjacent": CodeInfo("error", "A hexside names two hexes that are not neighbours."),
    "hexside-listed-twice": CodeInfo(
        "error", ("A hexside has two feature types, two bridges or two crossing sites.")
    ),
    "hex-path-gap": CodeInfo("error", "A road or railway jumps between hexes that do not touch."),
    # Sides, nations, calendar
    "side-without-nations": CodeInfo("error", "A side has no nation."),
    "side-main-nation": CodeInfo("error", "A side has no main nation, or more than one."),
    "nation-hierarchy": CodeInfo("error", "A sub-nation's parent is on another side or loops."),
    "turn-order": CodeInfo("error", "The turn order does not list each playing side once."),
    "phase-order": CodeInfo("error", "Phases are repeated or out of the rules' order."),
    "turn-without-phases": CodeInfo("error", "Some turn of the game plays no phase at all."),
    "naval-phase-missing": CodeInfo("warning", "Naval rules are on but no naval phase is played."),
    "turn-out-of-range": CodeInfo("error", "A turn number lies outside the scenario's length."),
    "wego-unplayed": CodeInfo(
        "warning", "A WEGO scenario holds a card playable only where WEGO turns open no window."
    ),
    "wego-settings-unused": CodeInfo(
        "warning", "WEGO settings are given in a scenario that plays IGOUGO turns."
    ),
    # The rules family
    "operational-needs-hex-map": CodeInfo(
        "error", "A scenario of the operational rules family has no hex map."
    ),
    "operational-needs-wego": CodeInfo(
        "error", "A scenario of the operational rules family does not play WEGO turns."
    ),
    "operational-terrain-missing": CodeInfo(
        "error", "A terrain of the hex map has no row in the operational terrain table."
    ),
    "operational-hexside-missing": CodeInfo(
        "error", "A hexside feature of the hex map has no row in the operational hexside table."
    ),
    "operational-breach-missing": CodeInfo(
        "warning", "A minefield of the hex map breaches into a feature without a hexside row."
    ),
    "operational-type-missing": CodeInfo(
        "error", "A land unit type in use has no operational values."
    ),
    "operational-location-unknown": CodeInfo(
        "error",
        "A victory location or a naval asset's river hex names a hex off the map, or a "
        "victory location a side that does not exist.",
    ),
    "operational-unused": CodeInfo(
        "warning", "Operational tables are given in a scenario of the area rules family."
    ),
    # Setup and fixed zones (schemas/validation/op_zones.py)
    "operational-setup-outside-zone": CodeInfo(
        "warning",
        "A unit starts outside its side's setup zone, so it cannot be set up again (OT1).",
    ),
    "operational-fixed-zone-unknown": CodeInfo(
        "error", "A fixed unit names a fixed zone the hex map does not paint (OM20)."
    ),
    "operational-fixed-outside-zone": CodeInfo(
        "error", "A fixed unit starts outside the fixed zone it may not leave (OM20)."
    ),
    "operational-fixed-no-release": CodeInfo(
        "warning", "A fixed unit has no release and is not marked fixed for the whole game."
    ),
    "operational-fixed-release-late": CodeInfo(
        "warning", "A fixed unit's release turn comes after the scenario's last turn."
    ),
    "operational-zone-unused": CodeInfo(
        "warning", "Setup or fixed zones are painted in a scenario that never reads them."
    ),
    # Crossing sites (schemas/validation/op_crossings.py)
    "operational-crossing-site-no-river": CodeInfo(
        "warning", "A crossing site is marked on a hexside no river runs along (OH11)."
    ),
    "operational-crossing-site-unused": CodeInfo(
        "warning", "Crossing sites are marked in a scenario that never reads them (OH11)."
    ),
    # The operational order of battle, supply and assets (schemas/validation/op_command.py)
    "operational-hq-listed-twice": CodeInfo("error", "An HQ has two entries in the HQ tree."),
    "operational-hq-not-hq": CodeInfo("error", "An HQ of the tree is a unit of no HQ type."),
    "operational-hq-missing": CodeInfo(
        "error", "An HQ or a unit reports to an HQ that is not in the HQ tree."
    ),
    "operational-hq-cycle": CodeInfo("error", "HQs of the tree report to each other in a loop."),
    "operational-hq-side": CodeInfo("error", "A unit or HQ reports to an HQ of another side."),
    "operational-hq-roots": CodeInfo("warning", "A side has more than one root HQ."),
    "operational-attached-twice": CodeInfo(
        "error", "A unit is attached twice, or is both an HQ and an attachment."
    ),
    "operational-unattached": CodeInfo(
        "warning", "A land unit of a side with HQs reports to no HQ."
    ),
    "operational-no-supply-source": CodeInfo(
        "warning", "A side with HQs has no supply source to trace its lines from."
    ),
    "operational-listed-twice": CodeInfo(
        "error", "An asset, a side's pools or its air superiority is listed twice."
    ),
    "operational-asset-turn": CodeInfo(
        "error", "An asset arrives or leaves on a turn beyond the scenario's last."
    ),
    "operational-asset-mission": CodeInfo(
        "warning", "An asset lists a mission its domain never flies."
    ),
    "operational-asset-random": CodeInfo(
        "warning", "An asset's random arrival or leaving can never be drawn as written."
    ),
    "operational-air-superiority": CodeInfo(
        "warning", "More than one side has air superiority above 0."
    ),
    "operational-night-idle": CodeInfo(
        "warning", "A night-capable asset flies none of the missions its domain flies at night."
    ),
    "operational-ew-idle": CodeInfo(
        "warning", "An EW asset flies no intelligence or recon mission."
    ),
    "operational-results-order": CodeInfo(
        "warning",
        "A cell of the operational results table favours the attacker less than a "
        "cell at worse odds or a worse die roll.",
    ),
    # Forces
    "unit-impassable-location": CodeInfo("error", "A unit starts where it cannot be."),
    "start-overstacked": CodeInfo("error", "A region or structure starts over its stacking limit."),
    "unit-strength": CodeInfo("error", "A unit starts with more hit points than its type has."),
    "unit-not-deployed": CodeInfo("warning", "A unit or leader never enters play."),
    "unit-double-arrival": CodeInfo("error", "A unit or leader is placed or scheduled twice."),
    "supply-source-unreachable": CodeInfo("error", "No region can draw on a supply source."),
    "reinforcement-unplayable": CodeInfo("error", "Reinforcements arrive where they cannot be."),
    "port-without-sea": CodeInfo("warning", "A port opens onto no sea region."),
    "transport-capacity-ignored": CodeInfo(
        "warning", "A land unit type has a transport capacity no rule uses."
    ),
    "paratroops-grounded": CodeInfo("warning", "Paratroops that no aircraft can drop."),
    "unit-aboard-invalid": CodeInfo("error", "A unit starts aboard a ship that cannot carry it."),
    "structure-unplayable": CodeInfo("error", "A structure stands where no land unit can go."),
    "capital-unsuitable": CodeInfo("warning", "A capital cannot take the units it is for."),
    "reinforcement-never-arrives": CodeInfo(
        "warning", "A reinforcement has no turn and no card or event brings it."
    ),
    # Cards, events, conditions
    "card-phase-never": CodeInfo("error", "A card can never be played in the phases it names."),
    "condition-never-true": CodeInfo("error", "A condition can never hold."),
    "effect-context": CodeInfo("error", "An effect needs a battle or siege its card never has."),
    "card-never-in-deck": CodeInfo(
        "warning", "A card starts outside the deck and nothing ever adds it."
    ),
    "event-never-fires": CodeInfo("warning", "An event can never fire."),
    "card-self-feeding": CodeInfo(
        "warning", "A black card draws cards for its own side and can draw itself back."
    ),
    "tension-without-index": CodeInfo(
        "warning", "Something moves the tension index, but the scenario has none."
    ),
    # Victory
    "victory-level-unreachable": CodeInfo(
        "warning", "No side can score the VP the victory level asks for."
    ),
}
"""Every code the validator can report, with its severity."""


def make_issue(
    code: str,
    path: str,
    message: str,
    entity: str | None = None,
    at: tuple[float, float] | None = None,
) -> Issue:
    """An issue with the severity its code is registered with."""
    return Issue(code, CODES[code].severity, path, message, entity, at=at)


def pointer(*parts: str | int) -> str:
    """JSON pointer from path segments, escaping ``~`` and ``/`` as RFC 6901 says."""
    out = []
    for part in parts:
        text = str(part).replace("~", "~0").replace("/", "~1")
        out.append(text)
    return "/" + "/".join(out) if out else ""


def has_errors(issues: list[Issue]) -> bool:
    return any(issue.is_error for issue in issues)


def cap_issues(issues: list[Issue], limit: int) -> tuple[list[Issue], dict[str, int]]:
    """At most ``limit`` issues of each code (0: all), in their order, and how many of each
    code were left out: a file with 70,000 copies of one mistake reports a few and a count."""
    if limit <= 0:
        return issues, {}
    kept: list[Issue] = []
    seen: dict[str, int] = {}
    for issue in issues:
        count = seen.get(issue.code, 0)
        seen[issue.code] = count + 1
        if count < limit:
            kept.append(issue)
    return kept, {code: n - limit for code, n in seen.items() if n > limit}
