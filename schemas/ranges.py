"""The range of every number in the format.

Every integer and every float of a scenario has a lower and an upper bound, set here once per
kind of number, so that the models refuse a value no real scenario needs (a supply range of a
billion regions, a deck with 2**63 copies of a card, a calendar running past the year 9999)
before the studio's spin boxes or the engine ever see it, and the JSON Schema carries the
same bounds (``minimum``/``maximum``) for editors that validate while typing.

The bounds are generous: each is well past what the rulebooks and the largest maps use, and
tight enough that nothing built from it (a deck, a list of distances, a date) can exhaust
memory. ``docs/scenario-format.md`` lists them ("Number ranges").
"""

from __future__ import annotations

import types
from dataclasses import dataclass
from typing import Annotated, Any, Union, get_args, get_origin

from pydantic import BaseModel, Field

MAX_TURNS = 2_000
"""Longest game: daily turns for five years, weekly turns for 38."""

MAX_COORDINATE = 1e9
"""Largest map coordinate, in map units: room for a projected map in metres of the whole
Earth (about 2e7) many times over."""

MAX_DIE = 100
"""Most faces a die may have (``rules.dice.sides``)."""

MAX_MODIFIER = 100
"""Largest modifier of a roll, a factor or a morale: past the die's faces it changes
nothing."""

MAX_VP = 10_000
"""Largest victory-point value, gain or loss (real scenarios count in tens)."""

MAX_MONEY = 1_000_000
"""Largest treasury, income or treasury change."""

MAX_TENSION = 10_000
"""Largest tension index value or change."""

MAX_STACKING = 10_000
"""Largest stacking limit or capacity, in stacking points."""

MAX_MOVEMENT = 1_000
"""Most movement points a unit or leader may have (an aircraft's range in regions)."""

MAX_COST = 100
"""Largest movement cost of entering a region or crossing a connection."""

MAX_HIT_POINTS = 100
"""Largest strength of a unit, in hit points."""

MAX_RATE_OF_FIRE = 20
"""Most shots a unit fires in a round."""

MAX_COPIES = 100
"""Most copies of one card in a deck."""

MAX_CARDS = 1_000
"""Largest hand, or cards drawn at once."""

MAX_POINTS = 1_000
"""Most replacement points or automatic hits given at once."""

MAX_UNITS = 100_000
"""Largest count of units or stacks a condition or selection may ask for."""

MAX_ROUNDS = 100
"""Most battle rounds (or breakthroughs) the battle rules may allow."""

MAX_REGIONS = 100_000
"""Largest distance, in regions (supply range), or count of units in a rule threshold."""

MAX_DAYS = 366
"""Longest turn, in days: yearly turns."""

MAX_RATIO = 1_000.0
"""Largest ratio between two forces (overrun, armour superiority)."""


TurnNumber = Annotated[int, Field(ge=1, le=MAX_TURNS, description="A turn number, from 1.")]
TurnCount = Annotated[int, Field(ge=1, le=MAX_TURNS)]
"""A number of turns (a game's length, a duration, a step of a range)."""
TurnDelay = Annotated[int, Field(ge=0, le=MAX_TURNS)]
"""A number of turns that may be zero."""
Days = Annotated[int, Field(ge=1, le=MAX_DAYS)]

MAX_TICKS = 1_000
"""Most ticks of one WEGO execution phase (a unit's movement points over the MP of a tick)."""

TickMp = Annotated[float, Field(ge=0.25, le=MAX_MOVEMENT)]
"""Movement points one tick of a WEGO execution phase is worth."""
TickCount = Annotated[int, Field(ge=0, le=MAX_TICKS)]
"""A number of ticks of a WEGO execution phase (a wait, a cap); 0 for none."""

Modifier = Annotated[int, Field(ge=-MAX_MODIFIER, le=MAX_MODIFIER)]
"""A bonus (positive) or penalty (negative) to a roll, a factor, a morale or a target."""
Multiplier = Annotated[int, Field(ge=1, le=MAX_MODIFIER)]
"""A whole factor a value is multiplied by."""
SurvivalMultiplier = Annotated[int, Field(ge=0, le=MAX_MODIFIER)]
Fortification = Annotated[int, Field(ge=0, le=MAX_MODIFIER)]
Forage = Annotated[int, Field(ge=-MAX_MODIFIER, le=MAX_MODIFIER)]
Rating = Annotated[int, Field(ge=0, le=20)]
"""A unit's attack, defence, morale or air-to-air factor."""
DieSides = Annotated[int, Field(ge=2, le=MAX_DIE)]

VictoryPoints = Annotated[int, Field(ge=-MAX_VP, le=MAX_VP)]
VictoryLevel = Annotated[int, Field(ge=0, le=MAX_VP)]
Money = Annotated[int, Field(ge=-MAX_MONEY, le=MAX_MONEY)]
Tension = Annotated[int, Field(ge=-MAX_TENSION, le=MAX_TENSION)]

Stacking = Annotated[int, Field(ge=0, le=MAX_STACKING)]
"""A stacking limit or capacity."""
UnitStacking = Annotated[int, Field(ge=0, le=MAX_MODIFIER)]
"""Stacking points one unit uses."""
LeaderStacking = Annotated[int, Field(ge=-MAX_MODIFIER, le=MAX_MODIFIER)]
"""Stacking points of a leader: negative frees room for the units of its stack."""

MovementPoints = Annotated[int, Field(ge=0, le=MAX_MOVEMENT)]
Cost = Annotated[int, Field(ge=0, le=MAX_COST)]
"""A movement cost or reduction that cannot be negative."""
SignedCost = Annotated[int, Field(ge=-MAX_COST, le=MAX_COST)]
"""A movement cost added when crossing; negative for a pass."""
CostPerRegion = Annotated[float, Field(ge=0, le=MAX_COST)]
PositiveCost = Annotated[int, Field(ge=1, le=MAX_COST)]

HitPoints = Annotated[int, Field(ge=1, le=MAX_HIT_POINTS)]
RateOfFire = Annotated[int, Field(ge=1, le=MAX_RATE_OF_FIRE)]
Capacity = Annotated[int, Field(ge=0, le=MAX_STACKING)]
"""Stacking points carried or sheltered."""

Copies = Annotated[int, Field(ge=1, le=MAX_COPIES)]
CardCount = Annotated[int, Field(ge=0, le=MAX_CARDS)]
CardsDrawn = Annotated[int, Field(ge=1, le=MAX_CARDS)]
Points = Annotated[int, Field(ge=1, le=MAX_POINTS)]
"""Replacement points or hits given at once."""
PointsPerTurn = Annotated[int, Field(ge=0, le=MAX_POINTS)]
UnitCount = Annotated[int, Field(ge=0, le=MAX_UNITS)]
PickCount = Annotated[int, Field(ge=1, le=MAX_UNITS)]

Rounds = Annotated[int, Field(ge=0, le=MAX_ROUNDS)]
PositiveRounds = Annotated[int, Field(ge=1, le=MAX_ROUNDS)]
Threshold = Annotated[int, Field(ge=0, le=MAX_REGIONS)]
"""A count in a rule: units needed, stacking points commanded."""
PositiveThreshold = Annotated[int, Field(ge=1, le=MAX_REGIONS)]
Distance = Annotated[int, Field(ge=0, le=MAX_REGIONS)]
"""A distance in regions."""
Radius = Annotated[int, Field(ge=0, le=MAX_ROUNDS)]
"""A small distance in regions (interception)."""
LogisticUnits = Annotated[int, Field(ge=0, le=MAX_MODIFIER)]

Fraction = Annotated[float, Field(ge=0.0, le=1.0)]
Ratio = Annotated[float, Field(gt=0.0, le=MAX_RATIO)]

Coordinate = Annotated[float, Field(ge=-MAX_COORDINATE, le=MAX_COORDINATE)]
Length = Annotated[float, Field(gt=0.0, le=2 * MAX_COORDINATE)]
"""A width or height in map units."""
Scale = Annotated[float, Field(gt=0.0, le=MAX_COORDINATE)]
"""Map units per kilometre."""


# -- every number of the format, for the docs and the tests ---------------------------------------


@dataclass(frozen=True, slots=True)
class NumberField:
    """One numeric field of a model of the format, with its range."""

    model: str
    """Name of the model class (``SupplyRules``)."""
    field: str
    """Name of the field in files (its alias when it has one)."""
    where: str
    """A place in a file where it occurs (``rules.supply.range``; ``[]`` for a list item)."""
    kind: type
    """``int`` or ``float``."""
    low: float | None
    high: float | None
    low_open: bool = False
    """The low bound itself is refused (``gt``)."""
    high_open: bool = False


def _bounds(metadata: list[Any]) -> tuple[float | None, float | None, bool, bool]:
    low = high = None
    low_open = high_open = False
    # Constraints of a nested Annotated type come as a FieldInfo holding them.
    flat = [m for item in metadata for m in (getattr(item, "metadata", None) or [item])]
    for item in flat:
        for name, is_low, is_open in (("ge", 1, 0), ("gt", 1, 1), ("le", 0, 0), ("lt", 0, 1)):
            value = getattr(item, name, None)
            if value is None:
                continue
            if is_low:
                low, low_open = value, bool(is_open)
            else:
                high, high_open = value, bool(is_open)
    return low, high, low_open, high_open


def number_fields(root: type[BaseModel]) -> list[NumberField]:
    """Every int and float field of ``root`` and the models inside it, each model once (in
    the order a file meets them), with its bounds (``None`` where one is missing)."""
    out: list[NumberField] = []
    seen: set[type[BaseModel]] = set()
    queue: list[tuple[type[BaseModel], str]] = [(root, "")]
    while queue:
        model, where = queue.pop(0)
        if model in seen:
            continue
        seen.add(model)
        for name, info in model.model_fields.items():
            key = info.alias or name
            place = f"{where}.{key}" if where else key
            for leaf, metadata, suffix in _leaves(info.annotation, list(info.metadata)):
                if isinstance(leaf, type) and issubclass(leaf, BaseModel):
                    queue.append((leaf, place + suffix))
                elif leaf in (int, float):
                    bounds = _bounds(metadata)
                    out.append(NumberField(model.__name__, key, place + suffix, leaf, *bounds))
    return out


def _leaves(
    annotation: Any, metadata: list[Any], suffix: str = ""
) -> list[tuple[Any, list[Any], str]]:
    """The concrete types inside an annotation, each with the constraints that apply to it
    and how its place reads (``[]`` for items of a list, ``{}`` for values of a mapping)."""
    origin = get_origin(annotation)
    if origin is Annotated:
        base, *extra = get_args(annotation)
        return _leaves(base, [*metadata, *extra], suffix)
    if origin is Union or origin is types.UnionType:
        return [leaf for arg in get_args(annotation) for leaf in _leaves(arg, metadata, suffix)]
    if origin is list:
        return _leaves(get_args(annotation)[0], [], suffix + "[]")
    if origin is dict:
        return _leaves(get_args(annotation)[1], [], suffix + "{}")
    if origin is tuple:
        return [leaf for arg in get_args(annotation) for leaf in _leaves(arg, [], suffix + "[]")]
    return [(annotation, metadata, suffix)]


def _shown(value: float | None, kind: type) -> str:
    if value is None:
        return "?"
    if kind is float and abs(value) >= 1e6:
        return f"{value:.0e}".replace("e+0", "e").replace("e+", "e")
    number = int(value) if kind is int or float(value).is_integer() else value
    return f"{number:,}" if isinstance(number, int) else str(number)


def ranges_table(root: type[BaseModel]) -> str:
    """The Markdown table of every number of the format and its range, as the format guide
    lists it (a test keeps the guide equal to this)."""
    rows = ["| where in the file | model | kind | range |", "| --- | --- | --- | --- |"]
    listed: set[str] = set()
    for field in number_fields(root):
        if field.where in listed:
            continue  # the two coordinates of a point
        listed.add(field.where)
        low = ("above " if field.low_open else "") + _shown(field.low, field.kind)
        high = ("below " if field.high_open else "") + _shown(field.high, field.kind)
        kind = "integer" if field.kind is int else "number"
        rows.append(f"| `{field.where}` | `{field.model}` | {kind} | {low} to {high} |")
    return "\n".join(rows)
