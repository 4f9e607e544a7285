"""Why a polygon is not a usable region outline, in words a designer understands."""

from __future__ import annotations

import re

import shapely

XY = tuple[float, float]

CROSSES_ITSELF = "crosses itself"
"""The words :func:`outline_problem` uses for a self-intersection."""

_REASON = re.compile(r"^(?P<what>[^\[]+)(\[(?P<x>[-\d.eE+]+) (?P<y>[-\d.eE+]+)\])?")


def outline_problem(geometry: shapely.Geometry | None) -> tuple[str, XY | None] | None:
    """What is wrong with a polygon, in plain words, and where; ``None`` when it is fine.

    The words complete "the outline ...", e.g. "crosses itself".
    """
    if geometry is None:
        return "has fewer than 3 different points", None
    if shapely.is_valid(geometry):
        if shapely.area(geometry) <= 0:
            return "encloses no area", None
        return None
    match = _REASON.match(shapely.is_valid_reason(geometry))
    what = match.group("what").strip().lower() if match else "is not a valid polygon"
    at = (float(match["x"]), float(match["y"])) if match and match["x"] else None
    plain = {
        "self-intersection": CROSSES_ITSELF,
        "ring self-intersection": CROSSES_ITSELF,
        "too few points": "has too few points",
        "hole lies outside shell": "has a hole outside it",
        "holes are nested": "has a hole inside another hole",
        "interior is disconnected": "is cut in pieces by its holes",
        "nested shells": "is nested in itself",
        "duplicate rings": "repeats a ring as a hole",
        "invalid coordinate": "has a point with an invalid coordinate",
    }.get(what, f"is not a valid polygon ({what})")
    return plain, at
