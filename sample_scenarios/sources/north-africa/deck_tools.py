"""Small builders for the cards of the desert war sample."""

from __future__ import annotations

from typing import Any

from campaign import Json, turn_of

# -- cards ----------------------------------------------------------------------------------------

IN_BATTLE: Json = {"context": "battle"}
IN_SIEGE: Json = {"context": "siege"}
DESERT_AREAS = ["cyrenaica", "marmarica", "western-desert"]


def card(
    id: str, name: str, side: str, phases: list[str], effects: list[Json], **extra: Any
) -> Json:
    return {"id": id, "name": name, "side": side, "phases": phases, "effects": effects, **extra}


def all_of(*conditions: Json) -> Json:
    return {"kind": "all", "conditions": list(conditions)}


def present(units: Json, scope: Json | None = None, at_least: int = 1) -> Json:
    cond: Json = {"kind": "units_present", "units": units}
    if scope is not None:
        cond["scope"] = scope
    if at_least != 1:
        cond["at_least"] = at_least
    return cond


def turns(first: str | None = None, last: str | None = None) -> Json:
    cond: Json = {"kind": "turn"}
    if first is not None:
        cond["from_turn"] = turn_of(first)
    if last is not None:
        cond["to_turn"] = turn_of(last)
    return cond


ATTACKER = {"kind": "battle_role", "role": "attacker"}
DEFENDER = {"kind": "battle_role", "role": "defender"}
BESIEGER = {"kind": "active_side", "side": "@self"}
BESIEGED = {"kind": "active_side", "side": "@enemy"}
