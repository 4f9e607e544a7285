"""Checking a saved game before it is restored: the data, then the data against its scenario.

:func:`check_save` refuses, with a :class:`~engine.errors.SaveError` naming the JSON pointer
of the first problem, anything the engine would trip over later: data that is not plain JSON
or is nested deeper than any save (a hostile file may nest 100,000 levels), numbers outside
their ranges (a 5,000-digit integer included), wrong types (a turn as a string), unknown keys,
ids the scenario does not have, and states the engine never makes (a phase index of 99, a
unit standing in a stack that does not list it). A save that passes loads and plays on.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import Any

from pydantic import TypeAdapter, ValidationError

from schemas.effects import Effect
from schemas.issues import pointer
from schemas.operational.organisation import parts_of
from schemas.places import places_of
from schemas.refs import iter_references
from schemas.scenario import SECTIONS, Scenario
from schemas.validation.identity import singular

from .errors import SaveError
from .saves import MT_WORDS, GameSave, StateSave, UnitSave
from .wego.save_models import problems as wego_problems

MAX_DEPTH = 64
"""Deepest nesting of objects and arrays in a save (real saves stay under 20)."""

MAX_NUMBER = 2**64
"""Largest number anywhere in a save, log records included (the seed is the largest)."""

_EFFECT: TypeAdapter[Any] = TypeAdapter(Effect)
_SEARCH = {"kind": "examine"}
"""The modifier a successful search leaves (its stacks stay revealed for the phase)."""


def check_save(scenario: Scenario, data: Any, where: str = "") -> GameSave:
    """The save ``data`` (what :meth:`engine.game.Game.save` returned, read back from JSON)
    as a validated model; raises :class:`SaveError` at its first problem. ``where`` is the
    pointer of the save inside a larger document, put in front of every pointer reported."""
    _check_plain(data, where)
    try:
        save = GameSave.model_validate(data)
    except ValidationError as error:
        raise _first_error(error, data, where) from None
    for problem in _problems(scenario, save):
        path, message = problem
        raise SaveError(message, where + pointer(*path))
    return save


# -- plain JSON, bounded -------------------------------------------------------------------------


def _check_plain(data: Any, where: str) -> None:
    """Refuse what is not JSON data of a reasonable shape, without recursion."""
    stack: list[tuple[tuple[str | int, ...], Any]] = [((), data)]
    while stack:
        path, node = stack.pop()
        if len(path) > MAX_DEPTH:
            raise SaveError(
                f"the data is nested more than {MAX_DEPTH} levels deep", _at(where, path)
            )
        if isinstance(node, dict):
            for key, value in node.items():
                if not isinstance(key, str):
                    raise SaveError("an object key is not text", _at(where, path))
                stack.append(((*path, key), value))
        elif isinstance(node, list):
            stack.extend(((*path, index), value) for index, value in enumerate(node))
        elif isinstance(node, bool) or node is None or isinstance(node, str):
            continue
        elif isinstance(node, int):
            if not -MAX_NUMBER <= node <= MAX_NUMBER:
                digits = f"about {int(node.bit_length() * 0.30103) + 1:,} digits"
                raise SaveError(
                    f"a number of {digits} is larger than a save holds", _at(where, path)
                )
        elif isinstance(node, float):
            if not math.isfinite(node) or abs(node) > MAX_NUMBER:
                raise SaveError("a number is not finite or too large", _at(where, path))
        else:
            raise SaveError(f"a {type(node).__name__} is not JSON data", _at(where, path))


def _at(where: str, path: tuple[str | int, ...]) -> str:
    return where + pointer(*path)


def _first_error(error: ValidationError, data: Any, where: str) -> SaveError:
    detail = error.errors(include_url=False, include_input=False)[0]
    keys = _json_path(data, detail["loc"])
    message = detail["msg"][0].lower() + detail["msg"][1:]
    field = next((k for k in reversed(keys) if isinstance(k, str)), None)
    if detail["type"] == "extra_forbidden" and field is not None:
        message = f"unknown key '{field}'"
    elif detail["type"] == "missing" and field is not None:
        message = f"missing key '{field}'"
    count = error.error_count()
    more = f" (and {count - 1} more problem{'s' if count > 2 else ''})" if count > 1 else ""
    return SaveError(message + more, _at(where, tuple(keys)))


def _json_path(data: Any, loc: tuple[str | int, ...]) -> list[str | int]:
    """A pydantic location as a path in the data: union member names dropped."""
    keys: list[str | int] = []
    node = data
    for position, segment in enumerate(loc):
        if _holds(node, segment):
            node = node[segment]
        elif position == len(loc) - 1 and isinstance(node, dict):
            pass  # a key that is missing: point at it anyway
        else:
            continue  # a tag of a union: not part of the data
        keys.append(segment)
    return keys


def _holds(node: Any, segment: str | int) -> bool:
    """Whether ``segment`` is a key of the object or an index of the list ``node``."""
    if isinstance(node, dict):
        return isinstance(segment, str) and segment in node
    if isinstance(node, list):
        return isinstance(segment, int) and 0 <= segment < len(node)
    return False


# -- the save against its scenario -----------------------------------------------------------


Problem = tuple[tuple[str | int, ...], str]


def _problems(scenario: Scenario, save: GameSave) -> Iterator[Problem]:
    yield from _dice(save.dice)
    ids = _scenario_ids(scenario)
    ids["stacks"] = set(save.state.stacks)
    for ref in iter_references(save):
        if ref.id not in ids[ref.collection]:
            kind = "stack" if ref.collection == "stacks" else singular(ref.collection)
            yield ref.path, f"there is no {kind} '{ref.id}' in the scenario"
    battle = save.state.battle
    if battle is not None:
        for index, (came_from, crossed) in enumerate(battle.crossings):
            where = ("state", "battle", "crossings", index)
            if came_from is not None and came_from not in ids["regions"]:
                yield (*where, 0), f"there is no region '{came_from}' in the scenario"
            if crossed is not None and crossed not in ids["connections"]:
                yield (*where, 1), f"there is no connection '{crossed}' in the scenario"
    yield from _whole_tables(scenario, save)
    yield from _turn_and_phase(scenario, save)
    yield from _units_and_stacks(scenario, save)
    yield from _effects(save)
    yield from _log(scenario, save)
    yield from wego_problems(scenario, save)


def _scenario_ids(scenario: Scenario) -> dict[str, set[str]]:
    ids: dict[str, set[str]] = {
        name: {entity.id for entity in getattr(scenario, name)} for name in SECTIONS
    }
    # A hex map's places and links stand for the regions and connections.
    places = places_of(scenario)
    ids["regions"] = set(places.region_ids)
    ids["connections"] = set(places.connection_ids)
    # Units and leaders share one namespace, and the state keeps both in ``units``.
    ids["units"] |= ids["leaders"]
    # OU12: the parts units may break down into (operational rules) are units of a game too.
    ids["units"] |= parts_of(scenario).keys()
    return ids


def _dice(dice: list[Any]) -> Iterator[Problem]:
    version, words, gauss = dice
    if version != 3 or isinstance(version, bool):
        yield ("dice", 0), "the die's generator is not one this version reads"
        return
    if not isinstance(words, list) or len(words) != MT_WORDS + 1:
        yield ("dice", 1), f"the die's state is not {MT_WORDS + 1} numbers"
        return
    for index, word in enumerate(words):
        top = MT_WORDS if index == MT_WORDS else 2**32 - 1
        if isinstance(word, bool) or not isinstance(word, int) or not 0 <= word <= top:
            yield ("dice", 1, index), f"the die's state holds {word!r}, not 0 to {top}"
            return
    if gauss is not None and (isinstance(gauss, bool) or not isinstance(gauss, float)):
        yield ("dice", 2), "the die's last value is not a number"


def _whole_tables(scenario: Scenario, save: GameSave) -> Iterator[Problem]:
    """Tables with one entry per entity of the scenario: none missing."""
    state = save.state
    tables: list[tuple[str, dict[str, Any], set[str]]] = [
        ("owner", state.owner, set(places_of(scenario).region_ids)),
        ("structure_owner", state.structure_owner, {s.id for s in scenario.structures}),
        ("units", state.units, {u.id for u in scenario.units} | {x.id for x in scenario.leaders}),
        ("sides", state.sides, {s.id for s in scenario.sides}),
        ("sources_open", state.sources_open, {s.id for s in scenario.supply_sources}),
    ]
    for name, table, wanted in tables:
        missing = sorted(wanted - table.keys())
        if missing:
            yield ("state", name), f"'{missing[0]}' is missing ({len(missing)} missing in all)"
    for name, table in (("units", state.units), ("stacks", state.stacks), ("sides", state.sides)):
        for key, value in table.items():
            if value.id != key:
                yield ("state", name, key, "id"), f"the id '{value.id}' is kept under '{key}'"
    if (state.tension is None) != (scenario.tension is None):
        has = "has no" if scenario.tension is None else "has a"
        yield ("state", "tension"), f"the scenario {has} tension index"


def _turn_and_phase(scenario: Scenario, save: GameSave) -> Iterator[Problem]:
    state = save.state
    calendar = scenario.calendar
    if state.turn > calendar.turns:
        yield ("state", "turn"), f"turn {state.turn} is past the game's {calendar.turns} turns"
        return
    sides = {s.id: s for s in scenario.sides}
    playing = [s for s in calendar.turn_order if s in sides and not sides[s].neutral]
    if state.side_index >= max(len(playing), 1):
        yield ("state", "side_index"), f"side {state.side_index} of {len(playing)} sides"
    phases = [
        spec.phase
        for spec in calendar.phases
        if spec.turns.contains(state.turn)
        and not (spec.phase == "turn_summary" and state.turn == 1)
        # As Game.phases_of: the naval phase is only played with the naval rules on.
        and (spec.phase != "naval_movement" or scenario.rules.naval.enabled)
    ]
    if state.phase_index >= len(phases):
        yield (
            ("state", "phase_index"),
            f"phase {state.phase_index} of a turn {state.turn} that has {len(phases)} phases",
        )


def _units_and_stacks(scenario: Scenario, save: GameSave) -> Iterator[Problem]:
    state = save.state
    leaders = {x.id for x in scenario.leaders}
    types = {t.id: t for t in scenario.unit_types}
    kind_of = {u.id: types.get(u.type) for u in scenario.units}
    for key, unit in state.units.items():
        where = ("state", "units", key)
        if unit.leader != (key in leaders):
            yield (*where, "leader"), "a unit and a leader are told apart by the scenario"
        kind = kind_of.get(key)
        if kind is not None and unit.strength > kind.hit_points:
            yield (*where, "strength"), f"strength {unit.strength} over {kind.hit_points}"
        if unit.status == "active" and unit.stack is None:
            yield (*where, "stack"), "a unit in play stands in no stack"
        yield from _cargo(state, key, unit)
        if unit.stack is not None and unit.stack in state.stacks:
            stack = state.stacks[unit.stack]
            if key not in stack.units:
                yield (*where, "stack"), f"stack '{unit.stack}' does not list this unit"
    placed: dict[str, str] = {}
    for key, stack in state.stacks.items():
        for index, unit_id in enumerate(stack.units):
            at = ("state", "stacks", key, "units", index)
            member = state.units.get(unit_id)
            if member is None:
                continue  # an unknown id, reported with the references
            if unit_id in placed:
                yield at, f"'{unit_id}' also stands in stack '{placed[unit_id]}'"
            placed[unit_id] = key
            if member.stack != key:
                yield at, f"'{unit_id}' stands in stack '{member.stack}', not this one"
            if member.side != stack.side:
                yield at, f"'{unit_id}' of side '{member.side}' in a stack of '{stack.side}'"
        if stack.structure is not None:
            region = next((s.region for s in scenario.structures if s.id == stack.structure), None)
            if region is not None and region != stack.region:
                yield ("state", "stacks", key, "structure"), "the structure is in another region"


def _cargo(state: StateSave, key: str, unit: UnitSave) -> Iterator[Problem]:
    """A unit aboard is off the map, carried by an active ship of its side; nothing else has
    a carrier."""
    where = ("state", "units", key)
    if unit.status != "aboard":
        if unit.carrier is not None:
            yield (*where, "carrier"), f"a unit {unit.status}, not aboard, has a carrier"
        return
    if unit.stack is not None:
        yield (*where, "stack"), "a unit aboard a ship stands in no stack"
    carrier = state.units.get(unit.carrier) if unit.carrier is not None else None
    if carrier is None:
        yield (*where, "carrier"), "a unit aboard names no carrier of the game"
    elif carrier.status != "active" or carrier.side != unit.side or carrier.domain != "naval":
        yield (*where, "carrier"), f"'{unit.carrier}' is not an active ship of the unit's side"


def _effects(save: GameSave) -> Iterator[Problem]:
    for index, modifier in enumerate(save.state.modifiers):
        if modifier.effect == _SEARCH:
            continue
        try:
            _EFFECT.validate_python(modifier.effect)
        except ValidationError as error:
            detail = error.errors(include_url=False, include_input=False)[0]
            yield ("state", "modifiers", index, "effect"), f"not an effect: {detail['msg']}"


def _log(scenario: Scenario, save: GameSave) -> Iterator[Problem]:
    turns = scenario.calendar.turns
    for index, record in enumerate(save.log):
        if record.seq != index:
            yield ("log", index, "seq"), f"record {index} is numbered {record.seq}"
            return
        if record.turn > turns:
            yield ("log", index, "turn"), f"turn {record.turn} is past the game's {turns} turns"
            return
