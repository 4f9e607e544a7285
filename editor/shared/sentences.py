"""Plain-language wording of conditions and effects, for the builder's tree and card texts.

A designer reads "Dravan controls Kessel and Salthaven" faster than a form, and the same
sentence is a good first draft of the text printed on a card. Entities are named by their
display names when a :data:`Names` lookup is given, so the wording follows renames.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from schemas import conditions as c
from schemas import effects as e
from schemas.selection import Destination, Duration, Scope, Selection, TurnRange, UnitFilter

Names = Callable[[str, str], str]
"""``(collection, id) -> display name``; the id itself when the entity has no name."""


def plain_names(_collection: str, entity_id: str) -> str:
    return entity_id


SIDE_TOKENS = {"@self": "this side", "@enemy": "the enemy", "@all": "every side"}


def side(ref: str | None, names: Names) -> str:
    if ref is None:
        return "nobody"
    return SIDE_TOKENS.get(ref) or names("sides", ref)


def _possessive(ref: str, names: Names) -> str:
    owner = side(ref, names)
    return owner + ("'" if owner.endswith("s") else "'s")


def join(words: Sequence[str], last: str = "and") -> str:
    words = [w for w in words if w]
    if len(words) <= 1:
        return words[0] if words else ""
    return f"{', '.join(words[:-1])} {last} {words[-1]}"


def _named(collection: str, ids: Sequence[str], names: Names, last: str = "and") -> str:
    return join([names(collection, i) for i in ids], last)


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}" + ("" if count == 1 else "s")


def _ordinal(number: int) -> str:
    suffix = "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10)
    return f"{number}{suffix or 'th'}"


def _bounds(low: int | None, high: int | None, unit: str = "") -> str:
    tail = f" {unit}" if unit else ""
    if low is not None and high is not None:
        return f"exactly {low}{tail}" if low == high else f"between {low} and {high}{tail}"
    if low is not None:
        return f"at least {low}{tail}"
    if high is not None:
        return f"at most {high}{tail}"
    return f"any number of{tail}" if unit else "any value"


def turns(first: int, last: int | None, every: int) -> str:
    if last == first:
        span = f"turn {first}"
    elif last is not None:
        span = f"turns {first} to {last}"
    elif first == 1:
        span = "any turn"
    else:
        span = f"turn {first} or later"
    if every > 1:
        start = f" from turn {first}" if last is None or last != first else ""
        return f"every {_ordinal(every)} turn{start}" + (f" to {last}" if last else "")
    return span


def turn_range(value: TurnRange) -> str:
    return turns(value.from_turn, value.to_turn, value.every)


def short_turns(value: TurnRange) -> str:
    """``T4``, ``T3+``, ``T2-8``, ``any turn``, with ``/2`` for every second turn: for lists."""
    first, last = value.from_turn, value.to_turn
    if last == first:
        text = f"T{first}"
    elif last is not None:
        text = f"T{first}-{last}"
    else:
        text = "any turn" if first == 1 else f"T{first}+"
    return text + (f" /{value.every}" if value.every > 1 else "")


# -- units and places ----------------------------------------------------------------------------


def units(value: UnitFilter, names: Names) -> str:
    if value.units:
        picked = _named("units", value.units, names)
        return picked if value.side == "@self" else f"{picked} ({side(value.side, names)})"
    kinds = [*value.roles, *value.domains, *value.classes, *value.tags]
    kinds = [k.replace("_", " ") for k in kinds]
    kinds += [names("unit_types", t) for t in value.unit_types]
    noun = f"{join(kinds, 'or')} units" if kinds else "units"
    if value.side == "@all":
        text = f"{noun} of any side"
    else:
        text = f"{_possessive(value.side, names)} {noun}"
    if value.nations:
        text += f" of {_named('nations', value.nations, names, 'or')}"
    return text


def scope(value: Scope, names: Names) -> str:
    places = [names("regions", r) for r in value.regions]
    places += [f"area {names('areas', a)}" for a in value.areas]
    places += [f"theatre {names('theatres', t)}" for t in value.theatres]
    where = f"in {join(places, 'or')}" if places else ""
    if value.context != "anywhere":
        where = join([f"in this {value.context}", where.removeprefix("in ")], "in")
    return where


def selection(value: Selection, names: Names) -> str:
    who = units(value.units, names)
    where = scope(value.scope, names)
    if value.count is None:
        text = f"all of {who}"
    elif value.per == "stack":
        text = f"{_plural(value.count, 'stack')} of {who}"
    else:
        text = f"{value.count} of {who}"
    if value.count is not None and value.pick == "random":
        text += " at random"
    return f"{text} {where}".strip()


def duration(value: Duration) -> str:
    if value.until == "permanent":
        return "for good"
    if value.until == "turns":
        return f"for {_plural(value.turns, 'turn')}"
    return "until the end of the " + value.until.removeprefix("end_of_")


def destination(value: Destination, names: Names) -> str:
    if value.structure is not None:
        return f"into {names('structures', value.structure)}"
    places = [names("regions", r) for r in value.regions]
    places += [f"area {names('areas', a)}" for a in value.areas]
    if not places:
        return "nowhere yet"
    return f"to {join(places, 'or')}" + ("" if value.friendly_only else " (even if not friendly)")


def _rounds(rounds: Sequence[str]) -> str:
    if not rounds:
        return ""
    return f" in the {join([r.replace('_', ' ') for r in rounds], 'or')} round" + (
        "s" if len(rounds) > 1 else ""
    )


# -- conditions ----------------------------------------------------------------------------------


def condition(value: Any, names: Names = plain_names, nested: bool = False) -> str:
    """The whole condition as one sentence; nested groups are bracketed."""
    if value is None:
        return "always"
    if isinstance(value, c.AllOf | c.AnyOf):
        if not value.conditions:
            return "always" if isinstance(value, c.AllOf) else "never (no option)"
        parts = [condition(child, names, nested=True) for child in value.conditions]
        text = join(parts, "and" if isinstance(value, c.AllOf) else "or")
        return f"({text})" if nested and len(parts) > 1 else text
    if isinstance(value, c.Not):
        return _negated(value.condition, names)
    return _leaf_condition(value, names)


def _negated(value: Any, names: Names) -> str:
    """``not`` in front of a sentence reads badly; the common leaves have a negative form."""
    match value:
        case c.Controls():
            positive = _leaf_condition(value, names)
            return positive.replace(" controls ", " does not control ", 1)
        case c.LeaderAlive():
            return f"{names('leaders', value.leader)} is no longer in the game"
        case c.FlagSet():
            return _leaf_condition(value.model_copy(update={"value": not value.value}), names)
        case c.CardPlayed():
            return f"'{names('cards', value.card)}' has not been played"
        case c.EventFired():
            return f"'{names('events', value.event)}' has not happened"
        case c.Not():
            return condition(value.condition, names, nested=True)
    return f"not ({condition(value, names)})"


def _leaf_condition(value: Any, names: Names) -> str:
    match value:
        case c.TurnCondition():
            return turns(value.from_turn, value.to_turn, value.every)
        case c.Controls():
            places = [names("regions", r) for r in value.regions]
            places += [names("structures", s) for s in value.structures]
            places += [f"all of {names('areas', a)}" for a in value.areas]
            mode = "and" if value.mode == "all" else "or"
            return f"{side(value.side, names)} controls {join(places, mode) or 'nothing listed'}"
        case c.UnitsPresent():
            where = scope(value.scope, names)
            who = units(value.units, names)
            if value.at_least == 0 and value.at_most == 0:
                return f"none of {who} {where}".strip()
            count = _bounds(value.at_least or None, value.at_most)
            if value.at_least == 0 and value.at_most is None:
                count = "any number"
            return f"{count} of {who} {where}".strip()
        case c.LeaderAlive():
            return f"{names('leaders', value.leader)} is alive"
        case c.TensionLevel():
            return f"tension is {_bounds(value.at_least, value.at_most)}"
        case c.VictoryPoints():
            return f"{side(value.side, names)} has {_bounds(value.at_least, value.at_most, 'VP')}"
        case c.FlagSet():
            return f"flag '{value.flag}' is {'set' if value.value else 'not set'}"
        case c.CardPlayed():
            return f"'{names('cards', value.card)}' has been played"
        case c.EventFired():
            return f"'{names('events', value.event)}' has happened"
        case c.BattleRole():
            return f"this side is the {value.role}"
        case c.ActiveSide():
            return f"it is {_possessive(value.side, names)} turn"
        case c.Roll():
            return f"a die roll of {value.at_most} or less"
    return str(getattr(value, "kind", value))


# -- effects -------------------------------------------------------------------------------------


def effects(values: Sequence[Any], names: Names = plain_names) -> str:
    """Every effect, one clause each, as a sentence."""
    text = "; ".join(effect(v, names) for v in values)
    return (text[:1].upper() + text[1:] + ".") if text else "Nothing happens."


def _signed(amount: int, gain: str, loss: str) -> str:
    return gain.format(n=amount) if amount >= 0 else loss.format(n=-amount)


def effect(value: Any, names: Names = plain_names) -> str:
    match value:
        case e.AddVictoryPoints():
            who = side(value.side, names)
            return _signed(value.amount, f"add {{n}} VP to {who}", f"take {{n}} VP from {who}")
        case e.ChangeTension():
            return _signed(value.amount, "raise tension by {n}", "lower tension by {n}")
        case e.AddTreasury():
            who = _possessive(value.side, names)
            return _signed(
                value.amount, f"add {{n}} to {who} treasury", f"take {{n}} from {who} treasury"
            )
        case e.DrawCards():
            return f"{side(value.side, names)} draws {_plural(value.count, 'card')}"
        case e.GrantReplacements():
            text = f"give {side(value.side, names)} {_plural(value.points, 'replacement point')}"
            if value.units is not None:
                text += f" for {units(value.units, names)}"
            return text + (", spent at random" if value.assign == "random" else "")
        case e.BringReinforcement():
            return f"bring in reinforcement {names('reinforcements', value.reinforcement)}"
        case e.RemoveUnits():
            verb = "destroy" if value.destroyed else "withdraw"
            return f"{verb} {selection(value.select, names)}"
        case e.RemoveLeader():
            verb = "kill" if value.killed else "recall"
            return f"{verb} {names('leaders', value.leader)}"
        case e.Modify():
            stat = value.stat.replace("_", " ")
            return (
                f"{value.amount:+d} {stat} for {selection(value.select, names)} "
                f"{duration(value.duration)}{_rounds(value.rounds)}"
            )
        case e.Examine():
            return f"reveal {selection(value.select, names)}"
        case e.Immobilize():
            return f"hold {selection(value.select, names)} in place {duration(value.duration)}"
        case e.MoveUnits():
            text = f"move {selection(value.select, names)} {destination(value.to, names)}"
            if value.immobile_turns:
                text += f", then unable to move for {_plural(value.immobile_turns, 'turn')}"
            return text
        case e.Reroll():
            return f"{selection(value.select, names)} re-roll missed shots{_rounds(value.rounds)}"
        case e.AutomaticHits():
            return f"{side(value.side, names)} takes {_plural(value.hits, 'hit')}"
        case e.ShootFirst():
            return f"{side(value.side, names)} shoots first{_rounds(value.rounds)}"
        case e.CancelBattle():
            who = SIDE_TOKENS.get(value.retreating) or f"the {value.retreating}"
            return f"call off the battle; {who} withdraws"
        case e.SetFlag():
            return f"{'set' if value.value else 'clear'} flag '{value.flag}'"
        case e.Choice():
            labels = " / ".join(option.label or "…" for option in value.options)
            return f"{side(value.side, names)} chooses: {labels}"
        case e.Conditional():
            text = f"if {condition(value.condition, names)}: "
            text += "; ".join(effect(v, names) for v in value.then) or "nothing"
            if value.otherwise:
                text += "; otherwise " + "; ".join(effect(v, names) for v in value.otherwise)
            return text
        case e.SetSupplySource():
            verb = "open" if value.operative else "close"
            return f"{verb} supply source {names('supply_sources', value.source)}"
        case e.SetConnection():
            parts = [
                words[bool(state)]
                for words, state in (
                    (("blow the bridge", "repair the bridge"), value.bridge),
                    (("cut the road", "restore the road"), value.road),
                    (("cut the railway", "restore the railway"), value.rail),
                )
                if state is not None
            ]
            where = names("connections", value.connection)
            return f"{join(parts) or 'leave'} on {where}"
        case e.TransferControl():
            places = [names("regions", r) for r in value.regions]
            places += [names("structures", s) for s in value.structures]
            return f"hand {join(places) or 'nothing'} to {names('nations', value.to)}"
        case e.ChangeCards():
            parts = []
            if value.add:
                where = "hand" if value.to_hand else "deck"
                parts.append(f"put {_quoted('cards', value.add, names)} in the {where}")
            if value.remove:
                parts.append(f"remove {_quoted('cards', value.remove, names)} from play")
            return "; ".join(parts) or "change no cards"
        case e.TriggerEvent():
            return f"set off '{names('events', value.event)}'"
        case e.EndGame():
            if value.winner is not None:
                return f"end the game: {side(value.winner, names)} wins"
            return "end the game, decided by VP" if value.by_vp else "end the game in a draw"
    return str(getattr(value, "kind", value))


def _quoted(collection: str, ids: Sequence[str], names: Names) -> str:
    return join([f"'{names(collection, i)}'" for i in ids])


def capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]
