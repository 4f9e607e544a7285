"""Victory points of the operational family (OV1-OV4): locations held at the end of each
turn, and kills by the destroyed unit's type and quality (Table OV4)."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from schemas.operational.rules import OperationalRules

from .units import OpUnit


def kill_vp(rules: OperationalRules, unit: OpUnit) -> int:
    """OV4: what destroying ``unit`` is worth to its enemy (0 for a category in no row)."""
    for row in rules.victory.kills:
        if unit.category in row.categories:
            return row.vp.get(unit.quality, 0)
    return 0


def location_scores(
    rules: OperationalRules, holder: Callable[[str], str | None]
) -> dict[str, tuple[str, int]]:
    """OV2: per victory location (hex id), the side that scores it this turn and its VP
    (``holder``: the side controlling a hex id, ``None`` for nobody). Locations nobody
    scores are left out."""
    out: dict[str, tuple[str, int]] = {}
    for location in rules.victory.locations:
        side = holder(location.hex)
        value = location.per_turn.get(side, 0) if side is not None else 0
        if side is not None and value:
            out[location.hex] = (side, value)
    return out


def location_vp(rules: OperationalRules, holder: Callable[[str], str | None]) -> dict[str, int]:
    """OV2: the VP each side scores this turn for the locations it holds (see
    :func:`location_scores`). Sides scoring nothing are left out."""
    out: dict[str, int] = {}
    for side, value in location_scores(rules, holder).values():
        out[side] = out.get(side, 0) + value
    return out


def winner(vp: Mapping[str, int]) -> str | None:
    """OV1: the side with most VP; ``None`` (a draw) when the best score is shared."""
    if not vp:
        return None
    best = max(vp.values())
    leaders = [side for side, value in vp.items() if value == best]
    return leaders[0] if len(leaders) == 1 else None
