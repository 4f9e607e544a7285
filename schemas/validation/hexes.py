"""A hex map's own encoding: runs, records, hexsides and paths that name hexes it lacks, a
hex listed twice, a hexside between hexes that do not touch, a road that jumps.

The places view reads the encoding as well as it can and keeps the problems it met (see
:mod:`schemas.hexgrid.decode`); this check reports them, each at the JSON pointer of the bad
item inside ``hex_map``. Everything else (terrain and connection types, hexsides that do not
suit their hexes, isolated hexes, units where they cannot be) is checked by the same checks as
drawn regions, through the places view.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..issues import Issue, make_issue, pointer
from ..places import HexPlaces
from .index import ScenarioIndex


def check_hex_map(ix: ScenarioIndex) -> Iterator[Issue]:
    places = ix.places
    if not isinstance(places, HexPlaces):
        return
    for index, region in enumerate(ix.scenario.regions):
        yield make_issue(
            "hex-map-regions",
            pointer("regions", index),
            f"region '{region.id}' is drawn, but the map is a hex grid: its places are the "
            "hexes (refer to them as c1r1, c4r12...); remove the region",
            region.id,
        )
    yield from places.decoded.issues
