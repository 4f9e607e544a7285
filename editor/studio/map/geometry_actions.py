"""Map edits that change which regions exist: merging and deleting regions, and writing new
outlines of several regions as one undo step.

Each action is one undoable step of the document. Whatever referred to a region that goes
away is followed generically through the ``Ref`` markers of the format
(:func:`schemas.refs.with_references_replaced`) and pointed at the surviving region, or
cleared where the format allows it; what cannot be cleared is left for the live validation
to flag.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TypeVar

from pydantic import BaseModel

from editor.studio.document import ScenarioDocument, with_value
from schemas.geometry import GeometryEditError
from schemas.geometry import merge_regions as merge_outlines
from schemas.map import Polygon

Model = TypeVar("Model", bound=BaseModel)


def copy_with(model: Model, **changes: object) -> Model:
    """A validated copy of an entity with some fields changed (edits swap whole entities,
    so undo puts back the very object that was there)."""
    return type(model).model_validate({**model.model_dump(), **changes})


def sentence(error: GeometryEditError) -> str:
    """A refusal as a status-bar sentence (the geometry helpers write lower-case clauses)."""
    text = str(error)
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")


def apply_outlines(document: ScenarioDocument, outlines: Mapping[str, Polygon], text: str) -> None:
    """Give regions new outlines, all in one undo step."""
    if not outlines:
        return
    edited = []
    for region_id, outline in outlines.items():
        region = document.get("regions", region_id)
        if region is None:
            raise KeyError(f"no regions entity '{region_id}'")
        edited.append(with_value(region, ["polygon"], outline))
    document.replace_many("regions", edited, text)


# -- merge and delete ------------------------------------------------------------------------


def merge_regions(document: ScenarioDocument, ids: Sequence[str]) -> str:
    """Merge regions into the first of them; returns the surviving id.

    Everything that named a merged region names the survivor afterwards; connections that
    would join the survivor to itself go, and of several connections now joining the same
    two regions the first is kept (references to the others follow it).
    """
    ids = list(dict.fromkeys(ids))
    regions = [document.get("regions", i) for i in ids]
    if any(r is None for r in regions):
        missing = [i for i, r in zip(ids, regions, strict=True) if r is None]
        raise GeometryEditError(f"cannot merge: no region {', '.join(missing)}")
    if len(ids) < 2:
        raise GeometryEditError("select at least two regions to merge")
    try:
        outline = merge_outlines([r.polygon for r in regions])
    except GeometryEditError as exc:
        names = ", ".join(regions[i].name for i in exc.regions)
        raise GeometryEditError(f"{exc}{f' ({names})' if names else ''}") from None
    survivor, gone = ids[0], set(ids[1:])

    kept: dict[frozenset[str], str] = {}
    ends: dict[str, tuple[str, str]] = {}
    dropped: dict[str, str | None] = {}
    for connection in document.items("connections"):
        a = survivor if connection.a in gone else connection.a
        b = survivor if connection.b in gone else connection.b
        if a == b:
            dropped[connection.id] = None
            continue
        pair = frozenset((a, b))
        if survivor in pair and pair in kept:
            dropped[connection.id] = kept[pair]
            continue
        kept.setdefault(pair, connection.id)
        if (a, b) != (connection.a, connection.b):
            ends[connection.id] = (a, b)

    name = regions[0].name
    with document.macro(f"Merge {len(ids)} regions into {name}"):
        # Connections first, so that no connection ever joins the survivor to itself.
        document.remove("connections", list(dropped))
        for connection_id, (a, b) in ends.items():
            old = document.get("connections", connection_id)
            document.replace("connections", copy_with(old, a=a, b=b))
        document.set_field("regions", survivor, ["polygon"], outline)
        document.remove("regions", [i for i in ids if i in gone])
        document.redirect_references("connections", dropped)
        document.redirect_references("regions", dict.fromkeys(gone, survivor))
    document.select("regions", [survivor])
    return survivor


def delete_regions(document: ScenarioDocument, ids: Sequence[str]) -> str:
    """Delete regions with the connections touching them and the structures and supply
    sources inside them; returns the undo step's text, which says what went.

    References elsewhere are cleared where the format allows it (a unit placed there is
    no longer placed, a capital becomes unset, a region leaves a list that names others).
    """
    ids = [i for i in dict.fromkeys(ids) if document.get("regions", i) is not None]
    if not ids:
        raise GeometryEditError("select the regions to delete")
    doomed = set(ids)
    scenario = document.scenario
    goes = {
        "regions": ids,
        "connections": [c.id for c in scenario.connections if {c.a, c.b} & doomed],
        "structures": [s.id for s in scenario.structures if s.region in doomed],
        "supply_sources": [s.id for s in scenario.supply_sources if s.region in doomed],
    }
    what = (
        f"region {document.get('regions', ids[0]).name}" if len(ids) == 1 else f"{len(ids)} regions"
    )
    extras = [
        _count(len(goes[section]), noun)
        for section, noun in (
            ("connections", "connection"),
            ("structures", "structure"),
            ("supply_sources", "supply source"),
        )
        if goes[section]
    ]
    text = f"Delete {what}" + (f" with {_join(extras)}" if extras else "")
    with document.macro(text):
        for section in ("connections", "structures", "supply_sources", "regions"):
            document.delete(section, goes[section])
    return text


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}{'' if number == 1 else 's'}"


def _join(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
