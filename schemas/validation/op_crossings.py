"""Crossing sites of the operational family (OH11).

A crossing site (``hex_map.crossing_sites``) marks a river hexside where a pontoon may span a
major river. A site on a hexside without a river, or in a scenario of another family, is
never read: both are reported, pointing at the site's listing and naming its hexside.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from ..issues import Issue, make_issue, pointer
from ..places import HexPlaces
from .index import ScenarioIndex


def check_crossing_sites(ix: ScenarioIndex) -> Iterator[Issue]:
    scenario = ix.scenario
    hex_map = scenario.hex_map
    if hex_map is None or not hex_map.crossing_sites:
        return
    rules = scenario.rules.operational
    if scenario.rules.family != "operational" or rules is None:
        yield make_issue(
            "operational-crossing-site-unused",
            pointer("hex_map", "crossing_sites"),
            "crossing sites are only read when 'rules.family' is 'operational'",
        )
        return
    places = ix.places
    if not isinstance(places, HexPlaces) or places.grid is None:
        return
    decoded = places.decoded
    rivers = {row.connection_type for row in rules.hexsides if row.river}
    marked = np.flatnonzero(decoded.crossing_source >= 0)
    side_of = dict(zip(decoded.crossing_source[marked].tolist(), marked.tolist(), strict=True))
    for k, text in enumerate(hex_map.crossing_sites):
        number = side_of.get(k)
        if number is None:
            continue  # off the grid or listed twice: the hex map's own checks say it
        code = int(decoded.side_type[number])
        kind = decoded.side_keys[code] if code >= 0 else None
        if kind in rivers:
            continue
        what = f"a '{kind}' hexside" if kind is not None else "a plain hexside"
        yield make_issue(
            "operational-crossing-site-no-river",
            pointer("hex_map", "crossing_sites", k),
            f"crossing site {text} is on {what}: a pontoon only crosses a river "
            f"({', '.join(sorted(rivers)) or 'no river in rules.operational.hexsides'})",
            text,
        )
