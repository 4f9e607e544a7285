"""Sentences for what card and event effects (and moves) wrote in the log, as one viewer may
read them: the part of :data:`~.wording.SENTENCES` that tells a card's outcome.

The fog of war holds here as everywhere: an effect on enemy units is told by its count and
place only when the viewer may know them (:meth:`~.knowledge.Sight.units`), an enemy's
treasury and replacement points stay the enemy's, and an enemy stack's move is never told
(the map shows what the viewer sees of it).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from editor.game.panels.knowledge import Sight, plural

Record = dict[str, Any]

LASTING = {
    "modify": "changes the values of",
    "immobilize": "pins down",
    "shoot_first": "lets fire first",
    "reroll": "gives re-rolls to",
}


def _units_of(sight: Sight, units: list[str]) -> tuple[str, str | None]:
    """The units as the viewer may name them, and the side they belong to (if one)."""
    sides = {sight.game.state.units[u].side for u in units if u in sight.game.state.units}
    side = next(iter(sides)) if len(sides) == 1 else None
    return sight.units(units), side


def _where(sight: Sight, units: list[str]) -> str:
    """ " at Derna" when the units are together in one region the viewer may know of."""
    regions = set()
    for unit_id in units:
        unit = sight.game.state.units.get(unit_id)
        stack = sight.game.state.stacks.get(unit.stack or "") if unit else None
        if stack is None or not sight.knows(unit_id):
            return ""
        regions.add(stack.region)
    return f" at {sight.region(regions.pop())}" if len(regions) == 1 else ""


def _lasting(sight: Sight, r: Record) -> str | None:
    if not sight.source_visible(r["source"]):
        return None
    units = r.get("units") or []
    what = LASTING.get(r.get("effect", ""), "acts on")
    source = sight.source(r["source"])
    if not units:
        return f"{source} is in force."
    known = [u for u in units if sight.knows(u)]
    if not known:
        # On units the viewer cannot see: that it acted, not on how many nor where.
        return f"{source} {what} enemy units you cannot see."
    names, side = _units_of(sight, known)
    owner = f" ({sight.owner(side)})" if side else ""
    more = " and units you cannot see" if len(known) < len(units) else ""
    return f"{source} {what} {names}{owner}{more}{_where(sight, known)}."


def _examined(sight: Sight, r: Record) -> str | None:
    units = r.get("units") or []
    by = r.get("by")
    if sight.mine(by):
        return f"{sight.does(by, 'looks')} inside enemy stacks: {sight.units(units)}."
    return f"{sight.side(by)} looked inside {plural(len(units), 'unit')} of yours."


def _moved_by_effect(sight: Sight, r: Record) -> str | None:
    known = [u for u in r.get("units") or [] if sight.knows(u)]
    if not known:
        return None  # units the viewer cannot see moved: the map shows what is seen
    return (
        f"{sight.units(known)} moved to {sight.region(r.get('region'))} "
        f"({sight.source(r['source'])})."
    )


def _transfer(sight: Sight, r: Record) -> str:
    places = [sight.region(x) for x in r.get("regions") or []]
    places += [sight.structure(x) for x in r.get("structures") or []]
    to = r.get("to")
    nation = sight.game.world.nations.get(to or "")
    owner = nation.name if nation is not None else sight.side(to)
    return f"{', '.join(places) or 'Nothing'} passed to {owner}."


def _treasury(sight: Sight, r: Record) -> str | None:
    if sight.hostile(r.get("side_id")):
        return None
    change = int(r["change"])
    verb = "gain" if change >= 0 else "lose"
    who = sight.does(r["side_id"], verb + "s")
    return f"{who} {abs(change)} in the treasury ({sight.source(r['source'])})."


def _replacement_points(sight: Sight, r: Record) -> str | None:
    if sight.hostile(r.get("side_id")):
        return None
    return f"{sight.does(r['side_id'], 'receives')} {plural(r['points'], 'replacement point')}."


def _card_added(sight: Sight, r: Record) -> str | None:
    card = sight.game.world.cards.get(r.get("card", ""))
    name = card.name if card is not None else r.get("card", "")
    side = r.get("side_id")
    if sight.hostile(side):
        return f"A card joins {sight.whose(side)} deck."
    where = "hand" if r.get("to_hand") else "deck"
    whose = "your" if sight.viewer is not None and side == sight.viewer else sight.whose(side)
    return f"{name} joins {whose} {where}."


def _card_removed(sight: Sight, r: Record) -> str:
    card = sight.game.world.cards.get(r.get("card", ""))
    return f"{card.name if card is not None else r.get('card')} leaves the game."


def _effect_ended(sight: Sight, r: Record) -> str | None:
    if r.get("source") == "search" or not sight.source_visible(r["source"]):
        return None
    return f"{sight.source(r['source'])} is no longer in force."


def _move(sight: Sight, r: Record) -> str | None:
    side = r.get("side")
    if sight.hostile(side):
        return None
    path = r.get("path") or []
    if len(path) < 2:
        return None
    who = sight.units(r.get("units") or [])
    cost = f" ({r['cost']:g} MP)" if isinstance(r.get("cost"), int | float) else ""
    return f"{who} moved from {sight.region(path[0])} to {sight.region(path[-1])}{cost}."


def _overrun(sight: Sight, r: Record) -> str:
    victims = r.get("units") or []
    return f"Overrun at {sight.region(r.get('region'))}: {sight.units(victims)} swept aside."


def _embarked(sight: Sight, r: Record) -> str | None:
    if sight.hostile(r.get("side")):
        return None  # troops aboard are never shown to the enemy
    return f"{sight.units(r.get('units') or [])} boarded ships at {sight.region(r.get('region'))}."


def _disembarked(sight: Sight, r: Record) -> str:
    side, where = r.get("side"), sight.region(r.get("region"))
    how = "over the beach" if r.get("connection") else "in the port"
    against = ", where the enemy stands" if r.get("opposed") else ""
    if sight.hostile(side):
        return f"{sight.side(side)} put troops ashore at {where} {how}{against}."
    return f"{sight.units(r.get('units') or [])} went ashore at {where} {how}{against}."


def _airlift(sight: Sight, r: Record) -> str | None:
    if sight.hostile(r.get("side")):
        return None  # a flight between its own airfields: nothing the enemy sees
    who = sight.units(r.get("units") or [])
    return (
        f"{who} flew from {sight.region(r.get('origin'))} to {sight.structure(r.get('structure'))}."
    )


def _drop(sight: Sight, r: Record) -> str:
    side, where = r.get("side"), sight.region(r.get("region"))
    against = ", onto the enemy" if r.get("opposed") else ""
    if sight.hostile(side):
        return f"{sight.side(side)} dropped paratroops on {where}{against}."
    return f"{sight.units(r.get('units') or [])} jumped over {where}{against}."


def _siege_hits(sight: Sight, r: Record) -> str:
    return (
        f"{sight.does(r['side_id'], 'takes')} {plural(r['hits'], 'hit')} in the siege "
        f"({sight.source(r['source'])})."
    )


EFFECT_SENTENCES: dict[str, Callable[[Sight, Record], str | None]] = {
    "effect": _lasting,
    "examined": _examined,
    "moved_by_effect": _moved_by_effect,
    "transfer": _transfer,
    "treasury": _treasury,
    "replacement_points": _replacement_points,
    "card_added": _card_added,
    "card_removed": _card_removed,
    "effect_ended": _effect_ended,
    "move": _move,
    "overrun": _overrun,
    "siege_auto_hits": _siege_hits,
    "embarked": _embarked,
    "disembarked": _disembarked,
    "airlift": _airlift,
    "drop": _drop,
}
