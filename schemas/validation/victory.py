"""A victory level no side can reach (W1).

The victory level wins the game for a side that has at least that many VP at the end of a
turn (and more than every other side). A level above every VP the scenario can give is a
level that never decides anything, almost always a slip (a level copied from a larger
scenario, VP values not yet entered), so it is worth a warning.

The most a side can have at the end of a turn is counted generously, so the warning never
fires for a level that some course of play reaches:

- its ``start_vp``;
- the ``capture`` VP of every region and structure, each counted once (a place lost and taken
  back scores again in play, but a level that needs the same place taken twice is not one a
  designer means);
- the ``destroyed_vp`` of every unit and the ``killed_vp`` of every leader that can score for
  it (``@enemy``, ``@all``, ``@self`` read from the owner's side, as the rules do);
- every VP effect that can give it VP: a red card as often as its copies, an event and a
  tension step once; a black card (back under the deck) or a repeating event can play again
  and again, so any VP it gives makes the count unlimited. Every option of a choice and both
  branches of an ``if`` count.

Losses are not subtracted, and ``hold_at_end`` VP are left out: they are added when the game
ends, after the last check of the victory level.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator
from typing import Any

from .. import effects as e
from ..issues import Issue, make_issue, pointer
from ..map import Region, Structure
from .index import ScenarioIndex


def check_victory_level(ix: ScenarioIndex) -> Iterator[Issue]:
    scenario = ix.scenario
    level = scenario.rules.victory.victory_level
    playing = [side.id for side in scenario.sides if not side.neutral]
    if level is None or not playing:
        return
    reach = {side: vp_reach(ix, side) for side in playing}
    if any(sum(parts.values()) >= level for parts in reach.values()):
        return
    best = max(playing, key=lambda side: sum(reach[side].values()))
    parts = ", ".join(f"{what} {int(amount)}" for what, amount in reach[best].items() if amount)
    name = ix.sides[best].name or best
    yield make_issue(
        "victory-level-unreachable",
        pointer("rules", "victory", "victory_level"),
        f"no side can reach the victory level of {level} VP by the end of a turn: the most "
        f"is {int(sum(reach[best].values()))}, for {name} ({parts or 'nothing to score'}); lower "
        "the level, add VP, or remove the level (null) to play to the last turn",
    )


def vp_reach(ix: ScenarioIndex, side: str) -> dict[str, float]:
    """The most VP ``side`` can have at the end of a turn, by source (``inf`` when a card or
    event can give VP again and again)."""
    scenario = ix.scenario
    holders: list[Region | Structure] = [*scenario.regions, *scenario.structures]
    places = sum(
        value.capture
        for place in holders
        if (value := place.values.get(side)) is not None and value.capture > 0
    )
    losses = 0
    for unit in scenario.units:
        unit_type = ix.unit_types.get(unit.type)
        if unit_type is not None:
            losses += _scored(ix, unit_type.destroyed_vp, _side_of(ix, unit.nation), side)
    for leader in scenario.leaders:
        losses += _scored(ix, leader.killed_vp, _side_of(ix, leader.nation), side)
    return {
        "start": ix.sides[side].start_vp,
        "places taken": places,
        "units destroyed": losses,
        "cards and events": _from_effects(ix, side),
    }


def _side_of(ix: ScenarioIndex, nation: str) -> str | None:
    found = ix.nations.get(nation)
    return found.side if found is not None else None


def _sides_named(ix: ScenarioIndex, key: str, owner: str | None) -> set[str]:
    """The sides a side reference names, read from ``owner``'s point of view."""
    if key == "@all":
        return set(ix.sides)
    if key == "@self":
        return {owner} if owner is not None else set()
    if key == "@enemy":
        if owner is None or owner not in ix.sides or ix.sides[owner].neutral:
            return set()
        return {s for s, found in ix.sides.items() if s != owner and not found.neutral}
    return {key}


def _scored(ix: ScenarioIndex, values: dict[str, int], owner: str | None, side: str) -> int:
    return sum(
        amount
        for key, amount in values.items()
        if amount > 0 and side in _sides_named(ix, key, owner)
    )


def _from_effects(ix: ScenarioIndex, side: str) -> float:
    scenario = ix.scenario
    first = scenario.calendar.turn_order[0] if scenario.calendar.turn_order else None
    total = 0.0
    for card in scenario.cards:
        gain = _gain(ix, card.effects, card.side, side)
        if gain:
            total += math.inf if card.color == "black" else gain * card.copies
    for event in scenario.events:
        gain = _gain(ix, event.effects, event.side or first, side)
        if gain:
            total += math.inf if event.repeat else gain
    if scenario.tension is not None:
        for step in scenario.tension.steps:
            total += _gain(ix, step.effects, scenario.tension.benefits, side)
    return total


def _gain(ix: ScenarioIndex, effects: Iterable[Any], owner: str | None, side: str) -> int:
    """VP ``side`` can gain from one play of ``effects``, every branch counted."""
    total = 0
    for effect in effects:
        if isinstance(effect, e.AddVictoryPoints) and effect.amount > 0:
            if side in _sides_named(ix, effect.side, owner):
                total += effect.amount
        elif isinstance(effect, e.Conditional):
            total += _gain(ix, [*effect.then, *effect.otherwise], owner, side)
        elif isinstance(effect, e.Choice):
            # Read from the card's side or the chooser's, whichever gives more.
            viewpoints = {owner, *_sides_named(ix, effect.side, owner)}
            options = [o for option in effect.options for o in option.effects]
            total += max(_gain(ix, options, viewpoint, side) for viewpoint in viewpoints)
    return total


__all__ = ["check_victory_level", "vp_reach"]
