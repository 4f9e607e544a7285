"""What the import dialog says about a finished preview: the summary in numbers, the Result
list (what the import makes, as the chosen properties name it) and the words of the Changes
list."""

from __future__ import annotations

from editor.studio.gis_import.worker import Outcome
from schemas.geometry import polygon_from_model
from schemas.map import Region

NOTE_WORDS = {
    "repaired": "Outline repaired",
    "skipped": "Left out",
    "overlap": "Overlap cleaned",
    "covered": "Lies over others",
    "sliver": "Sliver merged",
    "speck": "Speck left out",
    "part": "Part made a region",
    "part-joined": "Exclave joined",
    "gap-filled": "Gap filled",
    "gap-left": "Gap left",
    "duplicate-id": "Id numbered",
    "unknown-reference": "Unknown value",
    "property": "Property",
    "connections": "Connections",
    "outside": "Outside the map",
}


RESULT_LIMIT = 5_000
"""Rows of the Result list (a bigger import shows its first ones; the counts say the rest)."""


def result_rows(outcome: Outcome) -> tuple[list[str], list[list[str]]]:
    """The Result list's headers and rows: the regions or places the import adds or
    updates, or the connections it makes."""
    imported = outcome.imported
    scenario = imported.scenario
    touched = set(imported.added) | set(imported.updated)
    added = set(imported.added)
    state = lambda key: "new" if key in added else "updated"  # noqa: E731
    if imported.kind == "regions":
        headers = ["Id", "Name", "Terrain", "Owner", "Import", "Area (km²)"]
        km = outcome.km_per_unit or 0.0
        rows = [
            [r.id, r.name, r.terrain, r.owner or "", state(r.id), _area(r, km)]
            for r in scenario.regions
            if r.id in touched
        ]
        return headers, rows[:RESULT_LIMIT]
    if imported.kind == "points":
        headers = ["Id", "Name", "Kind", "Region", "Import"]
        rows = [
            [s.id, s.name, s.kind, s.region, state(s.id)]
            for s in scenario.structures
            if s.id in touched
        ]
        rows += [
            [s.id, "supply source", "supply", s.region, state(s.id)]
            for s in scenario.supply_sources
            if s.id in touched
        ]
        return headers, rows[:RESULT_LIMIT]
    headers = ["Id", "From", "To", "Type", "Import"]
    rows = [[c.id, c.a, c.b, c.type, state(c.id)] for c in scenario.connections if c.id in touched]
    # Regions a road or railway runs through get its network.
    rows += [
        [r.id, r.name, "", f"{r.network} network", "updated"]
        for r in scenario.regions
        if r.id in touched
    ]
    return headers, rows[:RESULT_LIMIT]


def _area(region: Region, km_per_unit: float) -> str:
    if not km_per_unit:
        return ""
    try:
        area = polygon_from_model(region.polygon).area * km_per_unit**2
    except ValueError:
        return ""
    return f"{area:,.1f}"


def overlap_warning(ids: list[str]) -> str:
    """The summary's warning that imported regions lie over regions already on the map."""
    shown = ", ".join(ids[:4]) + (f" and {len(ids) - 4} more" if len(ids) > 4 else "")
    return (
        f"Warning: the imported regions lie over {len(ids)} regions already on the map "
        f"({shown}); import into a new scenario, or redraw them after."
    )


def summary_text(outcome: Outcome) -> str:
    """The preview in numbers."""
    imported = outcome.imported
    kinds = [n.kind for n in imported.notes]
    added, updated = len(imported.added), len(imported.updated)
    if imported.kind == "regions":
        shape = outcome.shape
        lines = [f"{added:,} regions to add, {updated:,} to update."]
        if shape is not None:
            text = f"{shape.vertices_after:,} vertices (from {shape.vertices_before:,})"
            if shape.tolerance_km:
                text += f", no border moved more than {shape.tolerance_km:.3g} km"
            lines.append(text + ".")
            lines.append(f"On {outcome.projection}, {outcome.km_per_unit:g} km per map unit.")
        merged = {
            "slivers merged": kinds.count("sliver"),
            "gaps filled": kinds.count("gap-filled"),
            "gaps left": kinds.count("gap-left"),
            "outlines repaired": kinds.count("repaired"),
            "overlaps cleaned": kinds.count("overlap"),
            "parts made regions": kinds.count("part"),
            "exclaves joined": kinds.count("part-joined"),
        }
        done = [f"{count} {what}" for what, count in merged.items() if count]
        if done:
            lines.append(", ".join(done).capitalize() + ".")
        if shape is not None and shape.overlapped:
            lines.append(overlap_warning(shape.overlapped))
        return " ".join(lines)
    left_out = kinds.count("outside") + kinds.count("skipped")
    if imported.kind == "points":
        text = f"{added:,} places to add, {updated:,} to update"
    else:
        text = f"{added:,} connections to add, {updated:,} connections or regions to change"
    return text + (f"; {left_out} left out (see the list)." if left_out else ".")
