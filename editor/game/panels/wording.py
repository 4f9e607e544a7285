"""The event log in words, as one viewer may read it.

:func:`sentence` turns one record into a line of plain English, or ``None`` when the record is
bookkeeping or tells the viewer something the fog of war keeps from them (a secret event of
the other side, the units of a hidden stack). Unit names always go through
:meth:`~.knowledge.Sight.unit`, so a line never names an enemy unit the viewer cannot see.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from editor.game.panels.effect_words import EFFECT_SENTENCES
from editor.game.panels.knowledge import Sight, plural
from editor.game.panels.op_words import OP_SENTENCES

Record = dict[str, Any]

ROUND_NAMES = {
    "ambush": "ambush",
    "artillery": "artillery preparation",
    "air_support": "air support",
    "mines": "mines",
    "recon": "reconnaissance",
    "main": "main",
    "next": "next",
    "pursuit": "pursuit",
    "cards": "cards",
}

MORALE_REASONS = {
    "unit_lost": "a unit lost",
    "panic": "a unit panicked",
    "next_round": "another round",
    "heavy_losses": "heavy losses",
}

ROUT_REASONS = {
    "demoralised": "its battle morale is gone",
    "more_losses": "both are broken and it lost more",
    "more_panics": "both are broken and more of its units panicked",
    "demoralised_before_firing": "it broke before it could fire back",
}


def round_name(kind: str | None) -> str:
    return ROUND_NAMES.get(kind or "", kind or "")


def signed(amount: float) -> str:
    return f"{amount:+g}"


def vp_reason(sight: Sight, reason: str) -> str:
    """The reason the engine gives for VP, with ids turned into names (units through the
    fog)."""
    if reason.endswith(" destroyed"):
        return f"{sight.unit(reason.removesuffix(' destroyed'))} destroyed"
    for verb in ("captured ", "lost "):
        if reason.startswith(verb):
            return verb + _place(sight, reason.removeprefix(verb))
    if reason.startswith("holds ") and reason.endswith(" at the end"):
        place = reason.removeprefix("holds ").removesuffix(" at the end")
        return f"holds {_place(sight, place)} at the end"
    return sight.source(reason)


def _place(sight: Sight, place: str) -> str:
    """A structure's or a region's name, from its id."""
    name = sight.structure(place) if place in sight.game.world.structures else None
    return name or sight.region(place)


def _battle_over(sight: Sight, r: Record) -> str:
    place = sight.structure(r["structure"]) if r.get("structure") else sight.region(r["region"])
    if r.get("cancelled"):
        return f"The battle at {place} was called off."
    winner = r.get("winner")
    how = []
    if r.get("routed"):
        how.append(f"{sight.them(r['routed'])} routed")
    if r.get("retreated") and r.get("retreated") != r.get("routed"):
        how.append(f"{sight.them(r['retreated'])} withdrew")
    if r.get("pursuit"):
        how.append("pursuit")
    tail = f" ({', '.join(how)})" if how else ""
    lost = r.get("lost") or {}
    losses = ", ".join(f"{sight.side(s)} lost {n}" for s, n in lost.items() if n)
    rounds = plural(int(r.get("rounds", 0)), "round")
    text = f"Battle at {place}: {sight.side(winner)} won after {rounds}{tail}."
    return f"{text} {losses}." if losses else text


def _siege_roll(sight: Sight, r: Record) -> str:
    hidden = hidden_siege_terms(sight, r.get("side"), _holder(sight, r))
    shown = [(label, amount) for label, amount in r.get("modifiers", []) if label not in hidden]
    terms = [f"{label.replace('_', ' ')} {signed(amount)}" for label, amount in shown]
    detail = f" ({', '.join(terms)})" if terms else ""
    complete = shown and len(shown) == len(r.get("modifiers", []))
    total = f" = {r['total']}" if complete else ""
    verdict = "it falls" if r.get("success") else "it holds"
    return (
        f"Siege roll at {sight.structure(r['structure'])}: {r['roll']}{detail}{total}, "
        f"needing {r['level']} or less: {verdict}."
    )


GARRISON_TERMS = frozenset({"overcrowding", "besieged_leader"})
"""Siege terms worked out from what is inside the fortress."""
BESIEGER_TERMS = frozenset({"siege_artillery", "artillery_or_bombers", "besieging_leader"})
"""Siege terms worked out from the besiegers' units."""


def hidden_siege_terms(sight: Sight, besieger: str | None, besieged: str | None) -> frozenset:
    """Siege terms that would tell the viewer what hidden enemy units are there."""
    hidden: frozenset[str] = frozenset()
    if sight.hostile(besieged):
        hidden |= GARRISON_TERMS
    if sight.hostile(besieger):
        hidden |= BESIEGER_TERMS
    return hidden


def _holder(sight: Sight, r: Record) -> str | None:
    """The besieged side of a siege record (in a game of two sides, the other one)."""
    return r.get("besieged") or next(
        (s for s in sight.game.sides_in_play if s != r.get("side")), None
    )


def _captured(sight: Sight, r: Record) -> str:
    place = sight.region(r.get("region"))
    structure = sight.game.world.structures.get(r.get("structure") or "")
    if structure is not None:
        # A town is often named after its region, and both are taken at once: say which.
        place = structure.name
        if place == sight.region(structure.region):
            place = f"the {structure.kind} of {place}"
    before = f" from {sight.them(r['taken_from'])}" if r.get("taken_from") else ""
    return f"{sight.side(r['by'])} took {place}{before}."


def _card(sight: Sight, r: Record) -> str:
    return f"{sight.side(r['side_id'])} played {r.get('name') or sight.source(r['card'])}."


def _event(sight: Sight, r: Record) -> str | None:
    if not sight.event_visible(r["event"]):
        return None
    return f"Event: {r['title']}."


def _eliminated(sight: Sight, r: Record) -> str:
    cause = r.get("cause", "")
    why = {
        "battle": "in battle",
        "overrun": "overrun",
        "structure captured": "when its fortress fell",
    }.get(cause, f"by {sight.source(cause)}" if cause else "")
    owner = sight.owner(r["owner"])
    return f"{sight.unit(r['unit'])} ({owner}) destroyed {why}.".replace(" .", ".")


def _reinforcement(sight: Sight, r: Record) -> str | None:
    if sight.hostile(r.get("side_id")):
        return None  # where and what the enemy receives is for the map to show, if seen
    return f"Reinforcements: {sight.units(r['units'])} arrived at {sight.region(r['region'])}."


def _retreat(sight: Sight, r: Record) -> str:
    where = sight.structure(r["structure"]) if r.get("structure") else sight.region(r["to"])
    into = "sheltered in" if r.get("structure") else "retreated to"
    if sight.hostile(r["side_id"]):
        return f"{sight.side(r['side_id'])} {into} {where}."
    return f"{sight.units(r['units'])} {into} {where}."


def _breakthrough(sight: Sight, r: Record) -> str:
    who = sight.units(r["units"]) if not sight.hostile(r["side_id"]) else sight.side(r["side_id"])
    fight = " A new battle must be fought there." if r.get("battle") else ""
    return f"Breakthrough: {who} broke through into {sight.region(r['to'])}.{fight}"


def _chose(sight: Sight, r: Record) -> str | None:
    if not sight.source_visible(r["source"]):
        return None
    return (
        f"{sight.side(r['side_id'])} chose \u201c{r['option']}\u201d ({sight.source(r['source'])})."
    )


def _vp(sight: Sight, r: Record) -> str:
    change = int(r["change"])
    points = plural(abs(change), "VP", "VP")
    verb = "gained" if change > 0 else "lost"
    why = vp_reason(sight, r.get("reason", ""))
    return f"{sight.side(r['side_id'])} {verb} {points} ({why}): {r['total']} VP."


def _morale(sight: Sight, r: Record) -> str:
    reason = MORALE_REASONS.get(r["reason"], r["reason"])
    return f"{sight.whose(r['side_id'])} battle morale {signed(r['change'])} ({reason})."


def _rout(sight: Sight, r: Record) -> str:
    if r.get("side_id") is None:
        return "Both sides are broken and equal: nobody routs."
    return f"{sight.does(r['side_id'], 'routs')}: {ROUT_REASONS.get(r['reason'], r['reason'])}."


def _panic(sight: Sight, r: Record) -> str:
    result = "panics and leaves the fight" if r["panicked"] else "holds"
    return f"{sight.unit(r['unit'])} tests its nerve ({r['roll']} against {r['limit']}): {result}."


def _hits(sight: Sight, r: Record) -> str:
    if not sight.knows(r["unit"]):
        return f"An enemy unit takes {plural(r['hits'], 'hit')}."
    left = "destroyed" if r["strength"] <= 0 else f"strength {r['strength']} left"
    return f"{sight.unit(r['unit'])} takes {plural(r['hits'], 'hit')} ({left})."


def _replaced(sight: Sight, r: Record) -> str | None:
    if not sight.knows(r["unit"]):
        return None
    return f"{sight.unit(r['unit'])} is back to full strength."


def _tension(sight: Sight, r: Record) -> str:
    index = sight.game.scenario.tension
    name = index.name if index else "Tension"
    return f"{name} {signed(r['change'])} ({sight.source(r['reason'])}): now {r['total']}."


def _survival(sight: Sight, r: Record) -> str | None:
    if not sight.knows(r["unit"]):
        return None
    result = "loses a step" if r["hit"] else "holds out"
    return (
        f"{sight.unit(r['unit'])}, out of supply, rolls {r['roll']} against {r['target']}: "
        f"{result}."
    )


def _connection(sight: Sight, r: Record) -> str:
    link = sight.game.world.connections.get(r["connection"])
    where = f"between {sight.region(link.a)} and {sight.region(link.b)}" if link else ""
    state = "bridged" if r["bridge"] else "without a bridge"
    return f"The crossing {where} is now {state} ({sight.source(r['source'])}).".replace("  ", " ")


_WORK_WORDS = {
    "breach": "breach the minefield",
    "destroy_bridge": "destroy the bridge",
    "repair_bridge": "repair the bridge",
    "pontoon": "build a pontoon",
}


def _engineering(sight: Sight, r: Record) -> str | None:
    """OE2-OE5: an engineer's work at the end of a turn, told to its own side only (the
    enemy sees what it did on the map)."""
    if not sight.mine(r["side_id"]):
        return None
    who, where = sight.unit(r["unit"]), ", ".join(r["hexsides"]) or r["region"]
    result = r["result"]
    roll = f" (roll {r['roll']}, {round(r['chance'] * 100)} or less needed)"
    if result == "dropped":
        return f"{who} stopped working: {r.get('reason', '')}."
    if result == "building":
        return f"{who} worked on a pontoon in {r['region']}: turn {r['roll']} of the work."
    if result == "built":
        return f"{who} finished a pontoon over {where}."
    if result == "failed":
        return f"{who} failed to {_WORK_WORDS.get(r['task'], r['task'])} at {where}{roll}."
    return (
        f"{who} {result} the {'minefield' if result == 'breached' else 'bridge'} at {where}{roll}."
    )


def _supply_source(sight: Sight, r: Record) -> str:
    source = sight.game.world.supply_sources.get(r["source_id"])
    where = f" at {sight.region(source.region)}" if source else ""
    return f"The supply source{where} is {'open' if r['operative'] else 'closed'}."


SENTENCES: dict[str, Callable[[Sight, Record], str | None]] = {
    "battle_start": lambda s, r: (
        f"{s.does(r['attacker'], 'attacks')} {s.them(r['defender'])} at "
        f"{s.structure(r['structure']) if r.get('structure') else s.region(r['region'])}."
    ),
    "battle_over": _battle_over,
    "battle_round": lambda s, r: f"Round {r['number']}: {round_name(r['round'])}.",
    "battle_morale": _morale,
    "battle_rout": _rout,
    "battle_panic": _panic,
    "battle_hits": _hits,
    "battle_pursuit": lambda s, r: f"{s.does(r['side_id'], 'pursues')} the beaten enemy.",
    "battle_withdrawal": lambda s, r: f"{s.does(r['side_id'], 'withdraws')} from the battle.",
    "battle_cancelled": lambda s, r: (
        f"The battle is called off: {s.does(r['side_id'], 'withdraws')}."
    ),
    "battle_auto_hits": lambda s, r: (
        f"{s.does(r['side_id'], 'takes')} {plural(r['hits'], 'hit')} from {s.source(r['source'])}."
    ),
    "battle_support_lost": lambda s, r: f"Support units lost with the army: {s.units(r['units'])}.",
    "battle_retreat": _retreat,
    "battle_trapped": lambda s, r: (
        f"{s.units(r['units'])} had nowhere to retreat and were destroyed."
        if not s.hostile(r["side_id"])
        else f"{s.side(r['side_id'])} had units with nowhere to retreat: destroyed."
    ),
    "breakthrough": _breakthrough,
    "breakthrough_declined": lambda s, r: f"{s.side(r['side_id'])} did not break through.",
    "siege_start": lambda s, r: (
        f"{s.does(r['besieger'], 'besieges')} {s.structure(r['structure'])} "
        f"({s.owner(r['besieged'])})."
    ),
    "siege_roll": _siege_roll,
    "siege_over": lambda s, r: (
        f"The siege of {s.structure(r['structure'])} was called off."
        if r.get("cancelled")
        else f"{s.structure(r['structure'])} "
        + ("surrendered." if r.get("success") else "held out.")
    ),
    "captured": _captured,
    "eliminated": _eliminated,
    "card": _card,
    "event": _event,
    "chose": _chose,
    "vp": _vp,
    "tension": _tension,
    "tension_step": lambda s, r: f"Tension reached {r['value']}: {r['description']}",
    "reinforcement": _reinforcement,
    "reinforcement_lost": lambda s, r: (
        None
        if s.hostile(s.game.world.reinforcements[r["reinforcement"]].side)
        else f"Reinforcements lost: {r['reason']}."
    ),
    "replaced": _replaced,
    "supply_survival": _survival,
    "withdrawn": lambda s, r: (
        f"{s.unit(r['unit'])} ({s.owner(r['owner'])}) leaves the game ({s.source(r['cause'])})."
    ),
    "flag": lambda s, r: None,
    "discarded": lambda s, r: (
        f"{s.side(r['side_id'])} discarded {plural(len(r['cards']), 'card')}."
    ),
    "drew": lambda s, r: f"{s.side(r['side_id'])} drew {plural(r['count'], 'card')}.",
    "supply_source": _supply_source,
    "connection": _connection,
    "op_engineering": _engineering,
    "op_pontoon_removed": lambda s, r: f"The pontoon in {r['region']} was taken up: {r['reason']}.",
    "effect_failed": lambda s, r: (
        f"{s.source(r['source'])} had no effect: {r['reason']}."
        if s.source_visible(r["source"])
        else None
    ),
}


SENTENCES.update(EFFECT_SENTENCES)
SENTENCES.update(OP_SENTENCES)  # the operational family's turn information (OF8)


def sentence(sight: Sight, record: Record) -> str | None:
    """The record in words for this viewer, or ``None`` when there is nothing to tell."""
    make = SENTENCES.get(record["type"])
    if make is None:
        return None
    try:
        return make(sight, record)
    except (KeyError, TypeError):
        # A record from another version of the engine: say nothing rather than break a panel.
        return None
