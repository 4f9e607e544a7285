"""Sides, nations and the calendar: who plays, in what order, over which turns."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from pydantic import BaseModel

from ..calendar import PHASE_ORDER
from ..conditions import TurnCondition
from ..issues import Issue, make_issue, pointer
from ..selection import TurnRange
from .index import ScenarioIndex


def check_sides(ix: ScenarioIndex) -> Iterator[Issue]:
    nations_of: dict[str, list[int]] = {}
    for index, nation in enumerate(ix.scenario.nations):
        nations_of.setdefault(nation.side, []).append(index)
    for index, side in enumerate(ix.scenario.sides):
        own = nations_of.get(side.id, [])
        if not own:
            yield make_issue(
                "side-without-nations",
                pointer("sides", index),
                f"side '{side.id}' has no nation; every side needs at least one",
                side.id,
            )
            continue
        for i in own:
            nation = ix.scenario.nations[i]
            if nation.main and nation.parent is not None:
                yield make_issue(
                    "side-main-nation",
                    pointer("nations", i, "main"),
                    f"sub-nation '{nation.id}' cannot be its side's main nation",
                    nation.id,
                )
        mains = [i for i in own if ix.scenario.nations[i].main]
        if len(mains) != 1:
            names = ", ".join(f"'{ix.scenario.nations[i].id}'" for i in mains)
            detail = f"{len(mains)} ({names})" if mains else "none"
            yield make_issue(
                "side-main-nation",
                pointer("sides", index),
                f"side '{side.id}' must have exactly one main nation; it has {detail}",
                side.id,
            )


def check_nation_hierarchy(ix: ScenarioIndex) -> Iterator[Issue]:
    nations = ix.nations
    for index, nation in enumerate(ix.scenario.nations):
        parent = nations.get(nation.parent) if nation.parent else None
        if parent is None:
            continue
        if parent.side != nation.side:
            yield make_issue(
                "nation-hierarchy",
                pointer("nations", index, "parent"),
                f"sub-nation '{nation.id}' fights for '{nation.side}' but its parent "
                f"'{parent.id}' fights for '{parent.side}'",
                nation.id,
            )
            continue
        chain = {nation.id}
        while parent is not None:
            if parent.id in chain:
                yield make_issue(
                    "nation-hierarchy",
                    pointer("nations", index, "parent"),
                    f"nation '{nation.id}' is its own ancestor through '{parent.id}'",
                    nation.id,
                )
                break
            chain.add(parent.id)
            parent = nations.get(parent.parent) if parent.parent else None


def check_turn_order(ix: ScenarioIndex) -> Iterator[Issue]:
    order = ix.scenario.calendar.turn_order
    counts = Counter(order)
    for position, side_id in enumerate(order):
        side = ix.sides.get(side_id)
        if side is not None and side.neutral:
            yield make_issue(
                "turn-order",
                pointer("calendar", "turn_order", position),
                f"side '{side_id}' is neutral and never plays; remove it from the turn order",
                side_id,
            )
        elif counts[side_id] > 1 and order.index(side_id) != position:
            yield make_issue(
                "turn-order",
                pointer("calendar", "turn_order", position),
                f"side '{side_id}' plays twice in a turn",
                side_id,
            )
    for index, side in enumerate(ix.scenario.sides):
        if not side.neutral and side.id not in counts:
            yield make_issue(
                "turn-order",
                pointer("sides", index),
                f"side '{side.id}' is not in the calendar's turn order, so it never plays",
                side.id,
            )


def check_phases(ix: ScenarioIndex) -> Iterator[Issue]:
    last = -1
    seen: set[str] = set()
    for position, spec in enumerate(ix.scenario.calendar.phases):
        rank = PHASE_ORDER.index(spec.phase)
        path = pointer("calendar", "phases", position)
        if spec.phase in seen:
            yield make_issue("phase-order", path, f"phase '{spec.phase}' is listed twice")
        elif rank < last:
            yield make_issue(
                "phase-order",
                path,
                f"phase '{spec.phase}' must come before '{PHASE_ORDER[last]}': phases run in "
                "the rules' fixed order",
            )
        seen.add(spec.phase)
        last = max(last, rank)
    if ix.scenario.rules.naval.enabled and "naval_movement" not in seen:
        yield make_issue(
            "naval-phase-missing",
            pointer("calendar", "phases"),
            "the naval rules are on (rules.naval.enabled) but the calendar plays no "
            "naval_movement phase, so ships never move; add the phase or switch the rules off",
        )
    empty = _turn_without_phases(ix)
    if empty is not None:
        yield make_issue(
            "turn-without-phases",
            pointer("calendar", "phases"),
            f"turn {empty} plays no phase (the turn summary is never played on turn 1); every "
            "turn needs at least one",
        )


def _turn_without_phases(ix: ScenarioIndex) -> int | None:
    """The first turn on which no phase is played, if any (the engine could not run it)."""
    calendar = ix.scenario.calendar
    naval = ix.scenario.rules.naval.enabled
    for turn in range(1, calendar.turns + 1):
        if not any(
            spec.turns.contains(turn)
            and not (spec.phase == "turn_summary" and turn == 1)
            and (spec.phase != "naval_movement" or naval)
            for spec in calendar.phases
        ):
            return turn
    return None


def check_turn_numbers(ix: ScenarioIndex) -> Iterator[Issue]:
    """Every turn number and turn range must fall inside the game."""
    turns = ix.scenario.calendar.turns
    for index, reinforcement in enumerate(ix.scenario.reinforcements):
        if reinforcement.turn is not None and reinforcement.turn > turns:
            yield make_issue(
                "turn-out-of-range",
                pointer("reinforcements", index, "turn"),
                f"reinforcement '{reinforcement.id}' arrives on turn {reinforcement.turn}, but "
                f"the game lasts {turns} turns",
                reinforcement.id,
            )
    roots: list[tuple[str, BaseModel, str | None, tuple[str | int, ...]]] = [
        ("calendar", ix.scenario.calendar, None, ("calendar",)),
        ("victory", ix.scenario.victory, None, ("victory",)),
    ]
    if ix.scenario.tension is not None:
        roots.append(("tension", ix.scenario.tension, None, ("tension",)))
    for collection in ("cards", "events", "reinforcements", "replacements"):
        for index, entity in enumerate(getattr(ix.scenario, collection)):
            roots.append((collection, entity, entity.id, (collection, index)))
    for _, model, entity_id, path in roots:
        for found, where in _turn_ranges(model, path):
            first, end = found.from_turn, found.to_turn
            if isinstance(found, TurnCondition) and (
                first > turns or (end is not None and end < first)
            ):
                continue  # a condition that can never hold: reported as such
            if first > turns or (end is not None and end > turns):
                shown = f"{first}-{end}" if end is not None else f"{first} onwards"
                yield make_issue(
                    "turn-out-of-range",
                    pointer(*where),
                    f"turns {shown} go beyond the game's {turns} turns",
                    entity_id,
                )
            elif end is not None and end < first and isinstance(found, TurnRange):
                yield make_issue(
                    "turn-out-of-range",
                    pointer(*where),
                    f"turn range {first}-{end} is empty: it ends before it starts",
                    entity_id,
                )


def _turn_ranges(
    model: BaseModel, path: tuple[str | int, ...]
) -> Iterator[tuple[TurnRange | TurnCondition, tuple[str | int, ...]]]:
    if isinstance(model, TurnRange | TurnCondition):
        yield model, path
        return
    for name in type(model).model_fields:
        value = getattr(model, name)
        if isinstance(value, BaseModel):
            yield from _turn_ranges(value, (*path, name))
        elif isinstance(value, list):
            for index, item in enumerate(value):
                if isinstance(item, BaseModel):
                    yield from _turn_ranges(item, (*path, name, index))


def check_capitals(ix: ScenarioIndex) -> Iterator[Issue]:
    airports = {s.region for s in ix.scenario.structures if s.airport}
    ports = {s.region for s in ix.scenario.structures if s.port}
    for index, nation in enumerate(ix.scenario.nations):
        for domain in ("land", "naval", "air"):
            region_id = getattr(nation.capitals, domain)
            region = ix.regions.get(region_id) if region_id else None
            if region is None:
                continue
            where = ix.region_domain(region)
            if domain == "land":
                ok = where == "land"
            elif domain == "naval":
                ok = where == "sea" or region.id in ports
            else:
                ok = region.id in airports
            if not ok:
                need = {
                    "land": "a playable land region",
                    "naval": "a sea region or a region with a port",
                    "air": "a region with an airport",
                }[domain]
                yield make_issue(
                    "capital-unsuitable",
                    pointer("nations", index, "capitals", domain),
                    f"the {domain} capital of '{nation.id}' must be {need}, and '{region.id}' "
                    "is not",
                    nation.id,
                )
