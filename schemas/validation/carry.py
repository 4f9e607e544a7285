"""What the live validation patches after an edit of a few regions instead of building it again
from every region: on a 30,000-region map each such pass over the regions costs milliseconds,
and deleting one region used to pay for several of them."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np

from .diffs import SectionDiff
from .index import ScenarioIndex


def survivors(diff: SectionDiff, old_positions: Mapping[int, int]) -> np.ndarray:
    """For each region of the new list, its position in the old one (-1 for a new region).

    Unless regions were reordered, those before and after the changed stretch kept their
    order: their old positions are counted, not looked up (the table may be a chain of
    patched ones, :mod:`.shifted`, slower to ask 30,000 times than a dictionary)."""
    if diff.reordered:
        return np.array([old_positions.get(id(r), -1) for r in diff.new], dtype=np.int64)
    old_end, new_end = len(diff.old) - diff.end, len(diff.new) - diff.end
    out = np.empty(len(diff.new), dtype=np.int64)
    out[: diff.start] = np.arange(diff.start)
    out[new_end:] = np.arange(old_end, len(diff.old))
    middle = diff.new[diff.start : new_end]
    out[diff.start : new_end] = [old_positions.get(id(r), -1) for r in middle]
    return out


def carry_areas(
    old: ScenarioIndex,
    new: ScenarioIndex,
    diff: SectionDiff,
    positions: Callable[[], Mapping[int, int]],
) -> None:
    """Give ``new`` the regions of each area, patched from ``old``'s for the regions that came
    or went (a region whose area changed is one that went and one that came). Members keep
    the map's order; ``positions`` maps a region object to its place in the new list."""
    members: Mapping[str, Sequence[Any]] | None = old.__dict__.get("area_members")
    if members is None:
        return  # no check asked for it yet: built when one does
    gone = {id(r) for r in diff.removed}
    came: dict[str, list[Any]] = {}
    for _, region in diff.added:
        if region.area:
            came.setdefault(region.area, []).append(region)
    touched = {r.area for r in diff.removed if r.area} | set(came)
    out = dict(members)
    for area in touched:
        kept = [r for r in members.get(area, ()) if id(r) not in gone]
        if area in came:
            where = positions()
            kept = sorted(kept + came[area], key=lambda r: where[id(r)])
        if kept:
            out[area] = kept
        else:
            out.pop(area, None)
    new.__dict__["area_members"] = out


def carry_region_lookup(
    old: ScenarioIndex,
    new: ScenarioIndex,
    diff: SectionDiff,
    by_id: Mapping[str, Mapping[int, Any]],
) -> None:
    """Give ``new`` its regions by id, patched from ``old``'s for the ids that came, went or
    changed hands. ``by_id`` holds the regions of each id after the edit; an id that two
    regions hold is left to a full build, which keeps the first in the map's order."""
    lookup = old.__dict__.get("regions")
    if not isinstance(lookup, dict):
        return
    names = diff.ids
    if any(len(by_id.get(name) or ()) > 1 for name in names):
        return
    # Taken over from ``old`` and patched in place, as the region domains are (see
    # ``IncrementalValidator._carry_domains``): ``old`` is dropped after the edit.
    del old.__dict__["regions"]
    for name in names:
        holders = by_id.get(name)
        if holders:
            lookup[name] = next(iter(holders.values()))
        else:
            lookup.pop(name, None)
    new.__dict__["regions"] = lookup
