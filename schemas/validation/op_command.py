"""The operational order of battle, supply and assets (``rules.operational.command``,
``.supply``, ``.assets``): a tree a game can trace, and assets a game can fly.

Each issue points at the JSON path of the entry at fault and names its id. References to
units, sides and hexes are checked with every other reference (:mod:`.identity`).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import get_args

from ..hexgrid import HexGrid
from ..issues import Issue, make_issue, pointer
from ..operational.assets import AirSuperiority, Asset, AssetDomain, Mission
from ..operational.hq import HqEntry
from .index import ScenarioIndex

_COMMAND = ("rules", "operational", "command")
_ASSETS = ("rules", "operational", "assets")

_AIR: frozenset[str] = frozenset(
    {
        "recon",
        "ground_attack",
        "offensive_support",
        "defensive_support",
        "interdiction",
        "counter_air",
        "air_supply",
    }
)
DOMAIN_MISSIONS: dict[str, frozenset[str]] = {
    "air": _AIR,
    "naval": frozenset(
        {"ground_attack", "offensive_support", "defensive_support", "interdiction", "counter_air"}
    ),
    "ground": frozenset({"intelligence", "command", "logistics", "interdiction", "counter_air"}),
}
"""OO10-OO12: the missions each domain flies (ground ``interdiction`` and ``counter_air`` are
the special-event assets of OA14)."""
assert set(DOMAIN_MISSIONS) == set(get_args(AssetDomain))
assert set().union(*DOMAIN_MISSIONS.values()) == set(get_args(Mission))


def check_operational_command(ix: ScenarioIndex) -> Iterator[Issue]:
    scenario = ix.scenario
    tables = scenario.rules.operational
    if scenario.rules.family != "operational" or tables is None:
        return
    yield from _check_tree(ix)
    yield from _check_supply(ix)
    yield from _check_assets(ix)


def _side_of_unit(ix: ScenarioIndex) -> dict[str, str | None]:
    return {u.id: ix.side_of_nation(u.nation) for u in ix.scenario.units}


def _check_tree(ix: ScenarioIndex) -> Iterator[Issue]:
    scenario = ix.scenario
    command = scenario.rules.operational.command  # type: ignore[union-attr]
    kinds = {t.id: t for t in scenario.unit_types}
    units = {u.id: u for u in scenario.units}
    side_of = _side_of_unit(ix)
    parent: dict[str, str | None] = {}
    for n, entry in enumerate(command.hqs):
        if entry.unit in parent:
            yield make_issue(
                "operational-hq-listed-twice",
                pointer(*_COMMAND, "hqs", n, "unit"),
                f"HQ '{entry.unit}' already has an entry in the HQ tree",
                entry.unit,
            )
            continue
        parent[entry.unit] = entry.parent
        unit = units.get(entry.unit)
        kind = kinds.get(unit.type) if unit is not None else None
        if kind is not None and (kind.operational is None or kind.operational.category != "hq"):
            yield make_issue(
                "operational-hq-not-hq",
                pointer(*_COMMAND, "hqs", n, "unit"),
                f"unit '{entry.unit}' is of type '{kind.id}', whose category is not 'hq'; "
                "give it an HQ type or remove its entry",
                entry.unit,
            )
    for n, entry in enumerate(command.hqs):
        if entry.parent is None or parent.get(entry.unit, "") != entry.parent:
            continue
        yield from _check_link(
            entry.unit, entry.parent, parent, side_of, pointer(*_COMMAND, "hqs", n, "parent")
        )
    yield from _check_cycles(command.hqs, parent)
    roots: dict[str, list[str]] = {}
    for hq, up in parent.items():
        side = side_of.get(hq)
        if up is None and side is not None:
            roots.setdefault(side, []).append(hq)
    for side, found in roots.items():
        if len(found) > 1:
            yield make_issue(
                "operational-hq-roots",
                pointer(*_COMMAND, "hqs"),
                f"side '{side}' has {len(found)} root HQs ({', '.join(found)}); "
                "one supreme HQ per side is expected (OQ1)",
                found[1],
            )
    attached: set[str] = set()
    for n, link in enumerate(command.attachments):
        if link.unit in attached or link.unit in parent:
            yield make_issue(
                "operational-attached-twice",
                pointer(*_COMMAND, "attachments", n, "unit"),
                f"unit '{link.unit}' already reports to an HQ",
                link.unit,
            )
            continue
        attached.add(link.unit)
        yield from _check_link(
            link.unit, link.hq, parent, side_of, pointer(*_COMMAND, "attachments", n, "hq")
        )
    sides_with_hqs = {side_of.get(hq) for hq in parent} - {None}
    for n, unit in enumerate(scenario.units):
        kind = kinds.get(unit.type)
        if kind is None or kind.domain != "land" or kind.operational is None:
            continue
        if unit.id in parent or unit.id in attached:
            continue
        if side_of.get(unit.id) in sides_with_hqs:
            yield make_issue(
                "operational-unattached",
                pointer("units", n),
                f"unit '{unit.id}' reports to no HQ; its side traces lines of communication "
                "through its HQs, so it would be isolated: attach it in "
                "'rules.operational.command.attachments'",
                unit.id,
            )


def _check_link(
    child: str,
    hq: str,
    parent: dict[str, str | None],
    side_of: dict[str, str | None],
    where: str,
) -> Iterator[Issue]:
    if hq not in parent:
        yield make_issue(
            "operational-hq-missing",
            where,
            f"'{child}' reports to '{hq}', which has no entry in 'rules.operational.command.hqs'",
            child,
        )
        return
    mine, theirs = side_of.get(child), side_of.get(hq)
    if mine is not None and theirs is not None and mine != theirs:
        yield make_issue(
            "operational-hq-side",
            where,
            f"'{child}' (side '{mine}') reports to HQ '{hq}' of side '{theirs}'",
            child,
        )


def _check_cycles(entries: list[HqEntry], parent: dict[str, str | None]) -> Iterator[Issue]:
    reported: set[str] = set()
    for n, entry in enumerate(entries):
        seen: list[str] = []
        node: str | None = entry.unit
        while node is not None and node in parent and node not in seen:
            seen.append(node)
            node = parent[node]
        if node is None or node not in seen or node in reported:
            continue
        loop = seen[seen.index(node) :]
        reported.update(loop)
        yield make_issue(
            "operational-hq-cycle",
            pointer(*_COMMAND, "hqs", n, "parent"),
            f"HQs {' -> '.join([*loop, node])} report to each other in a loop",
            entry.unit,
        )


def _check_supply(ix: ScenarioIndex) -> Iterator[Issue]:
    tables = ix.scenario.rules.operational
    assert tables is not None
    side_of = _side_of_unit(ix)
    sides_with_hqs = sorted({s for e in tables.command.hqs if (s := side_of.get(e.unit))})
    sourced = {s.side for s in tables.supply.sources if s.kind != "airfield"}
    for side in sides_with_hqs:
        if side not in sourced:
            yield make_issue(
                "operational-no-supply-source",
                pointer("rules", "operational", "supply", "sources"),
                f"side '{side}' has HQs but no supply source or depot: every one of its "
                "units would be isolated",
                side,
            )
    seen: set[str] = set()
    for n, pool in enumerate(tables.supply.pools):
        if pool.side in seen:
            yield make_issue(
                "operational-listed-twice",
                pointer("rules", "operational", "supply", "pools", n, "side"),
                f"side '{pool.side}' already has pools",
                pool.side,
            )
        seen.add(pool.side)


def _check_assets(ix: ScenarioIndex) -> Iterator[Issue]:
    scenario = ix.scenario
    rules = scenario.rules.operational
    assert rules is not None
    last = scenario.calendar.turns
    stations = any(a.stations for a in rules.assets.assets)
    grid = HexGrid.of(scenario.hex_map) if stations and scenario.hex_map is not None else None
    seen: set[str] = set()
    for n, asset in enumerate(rules.assets.assets):
        if asset.id in seen:
            yield make_issue(
                "operational-listed-twice",
                pointer(*_ASSETS, "assets", n, "id"),
                f"asset '{asset.id}' is listed twice",
                asset.id,
            )
        seen.add(asset.id)
        turns = (
            ("arrives", asset.arrives),
            ("leaves", asset.leaves),
            ("arrives_by", asset.arrives_by),
            ("leave_from", asset.leave_from if asset.leave_chance > 0 else None),
            ("leave_until", asset.leave_until),
        )
        for field, turn in turns:
            if turn is not None and turn > last:
                yield make_issue(
                    "operational-asset-turn",
                    pointer(*_ASSETS, "assets", n, field),
                    f"asset '{asset.id}' {field} on turn {turn}, but the scenario ends on "
                    f"turn {last}",
                    asset.id,
                )
        yield from _check_random(asset, n)
        for m, station in enumerate(asset.stations):
            if grid is not None and grid.find(station) is None:
                yield make_issue(
                    "operational-location-unknown",
                    pointer(*_ASSETS, "assets", n, "stations", m),
                    f"asset '{asset.id}' fires from '{station}', which is not a hex of the map",
                    asset.id,
                )
        for m, mission in enumerate(asset.missions):
            if mission not in DOMAIN_MISSIONS[asset.domain]:
                yield make_issue(
                    "operational-asset-mission",
                    pointer(*_ASSETS, "assets", n, "missions", m),
                    f"asset '{asset.id}' is a {asset.domain} asset, which never flies '{mission}'",
                    asset.id,
                )
    yield from _check_air_superiority(rules.assets.air_superiority)


def _check_random(asset: Asset, n: int) -> Iterator[Issue]:
    """OA2, OA13, OS16: a random arrival or leaving that can never be drawn as written, and
    a logistics asset that carries nothing."""
    at = (*_ASSETS, "assets", n)
    if asset.arrives_at_random() and asset.arrival_chance <= 0:
        yield make_issue(
            "operational-asset-random",
            pointer(*at, "arrival_chance"),
            f"asset '{asset.id}' arrives at random with a chance of 0: it always arrives on "
            f"turn {asset.arrives_by}, the last of its window",
            asset.id,
        )
    if asset.leave_chance > 0 and not asset.returns:
        yield make_issue(
            "operational-asset-random",
            pointer(*at, "leave_chance"),
            f"asset '{asset.id}' never returns after a mission, so its chance of leaving "
            "is never drawn",
            asset.id,
        )
    if "logistics" in asset.missions and not asset.supplies:
        yield make_issue(
            "operational-asset-mission",
            pointer(*at, "supplies"),
            f"asset '{asset.id}' flies logistics missions but gives no supply level (OS16)",
            asset.id,
        )


def _check_air_superiority(rows: list[AirSuperiority]) -> Iterator[Issue]:
    above: list[str] = []
    sides: set[str] = set()
    for n, row in enumerate(rows):
        if row.side in sides:
            yield make_issue(
                "operational-listed-twice",
                pointer(*_ASSETS, "air_superiority", n, "side"),
                f"side '{row.side}' already has an air superiority value",
                row.side,
            )
        sides.add(row.side)
        if row.value > 0:
            above.append(row.side)
    if len(above) > 1:
        yield make_issue(
            "operational-air-superiority",
            pointer(*_ASSETS, "air_superiority"),
            f"sides {', '.join(above)} all have air superiority above 0; at least one side "
            "is at 0 (OA8)",
            above[1],
        )
