"""The kinds of conditions and effects the builder offers: labels, menus, starting values.

A new node must already be valid (the document only holds valid scenarios), and a useful
one: a new "Victory points" effect gives 1 VP rather than 0. Changing a node's kind keeps
what still fits (a side, an amount), and turning a node into a group keeps it inside the
group, so the designer never loses work by exploring kinds.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ValidationError

from editor.shared.vocabulary import CONDITION_KINDS, EFFECT_KINDS
from editor.studio.forms.defaults import default_model
from editor.studio.forms.model_form import FormContext, kind_of, union_members
from schemas import conditions as c
from schemas import effects as e
from schemas.conditions import Condition
from schemas.effects import Effect

CONDITIONS: dict[str, type[BaseModel]] = {kind_of(m): m for m in union_members(Condition) or []}
EFFECTS: dict[str, type[BaseModel]] = {kind_of(m): m for m in union_members(Effect) or []}

CONDITION_LABELS: dict[str, str] = CONDITION_KINDS
"""Names of the kinds of condition (from the vocabulary, so every list names them alike)."""

EFFECT_LABELS: dict[str, str] = EFFECT_KINDS
"""Names of the kinds of effect."""

CONDITION_MENU: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Combine", ("all", "any", "not")),
    ("Time and score", ("turn", "vp", "tension", "flag", "card_played", "event_fired")),
    ("Map and forces", ("controls", "units_present", "leader_alive")),
    ("In play", ("active_side", "battle_role", "roll")),
)

EFFECT_MENU: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Score", ("vp", "tension", "treasury", "end_game")),
    ("Cards and events", ("draw_cards", "cards", "event", "set_flag")),
    ("Forces", ("reinforcement", "replacements", "remove_units", "remove_leader", "move_units")),
    ("Units' values", ("modify", "examine", "immobilize")),
    ("Battle", ("reroll", "auto_hits", "shoot_first", "cancel_battle")),
    ("Map", ("supply_source", "connection", "transfer")),
    ("Logic", ("choice", "if")),
)

CHILD_FIELDS: dict[type[BaseModel], tuple[str, ...]] = {
    c.AllOf: ("conditions",),
    c.AnyOf: ("conditions",),
    c.Not: ("condition",),
    e.Choice: ("options",),
    e.ChoiceOption: ("effects",),
    e.Conditional: ("condition", "then", "otherwise"),
}
"""Fields the tree shows as child nodes, so the node's form leaves them out."""


def _any_turn() -> c.TurnCondition:
    return c.TurnCondition(kind="turn")


def _options(first: list[Any] | None = None) -> list[e.ChoiceOption]:
    return [
        e.ChoiceOption(label="Option 1", effects=first or []),
        e.ChoiceOption(label="Option 2", effects=[]),
    ]


STARTERS: dict[type[BaseModel], Any] = {
    c.AllOf: lambda: {"conditions": []},
    c.AnyOf: lambda: {"conditions": []},
    c.Not: lambda: {"condition": _any_turn()},
    c.Roll: lambda: {"at_most": 2},
    c.TensionLevel: lambda: {"at_least": 5},
    c.VictoryPoints: lambda: {"at_least": 10},
    c.ActiveSide: lambda: {"side": "@self"},
    c.UnitsPresent: lambda: {"at_least": 1},
    e.AddVictoryPoints: lambda: {"amount": 1},
    e.ChangeTension: lambda: {"amount": 1},
    e.AddTreasury: lambda: {"amount": 1},
    e.Modify: lambda: {"amount": 1},
    e.Choice: lambda: {"options": _options()},
    e.Conditional: lambda: {"condition": _any_turn()},
    e.SetSupplySource: lambda: {"operative": True},
}
"""Given values that make a new node meaningful, beyond the plainest valid one."""


def starter(model: type[BaseModel], context: FormContext) -> BaseModel:
    """A new node of ``model``: valid, with sensible values. Raises ``ValueError`` when the
    scenario lacks what it must name (a leader for "leader alive" in a scenario without any)."""
    given = dict(STARTERS.get(model, dict)())
    if "flag" in model.model_fields:
        known = context.flags()
        given["flag"] = known[0] if known else "flag"
    return default_model(model, context.reference_choices, **given)


def converted(old: BaseModel, model: type[BaseModel], context: FormContext) -> BaseModel:
    """``old`` turned into a ``model`` node: groups take it in, leaves keep shared fields."""
    if isinstance(old, model):
        return old
    kind = kind_of(model)
    if model in (c.AllOf, c.AnyOf) and isinstance(old, c.AllOf | c.AnyOf):
        return model.model_validate({"kind": kind, "conditions": old.conditions})
    if kind in WRAP_CHILD:
        return wrapped(old, kind)
    fresh = starter(model, context)
    shared = {
        name: getattr(old, name)
        for name in type(old).model_fields
        if name != "kind" and name in model.model_fields and name not in CHILD_FIELDS.get(model, ())
    }
    data = {**fresh.model_dump(by_alias=True, exclude={"kind"}), "kind": kind}
    for name, value in shared.items():
        try:
            candidate = model.model_validate({**data, name: value})
        except ValidationError:
            continue
        data = {**candidate.model_dump(by_alias=True, exclude={"kind"}), "kind": kind}
    return model.model_validate(data)


def wrapped(old: BaseModel, kind: str) -> BaseModel:
    """A new group of ``kind`` holding ``old`` as its first (or only) member."""
    if kind in ("all", "any"):
        return CONDITIONS[kind].model_validate({"kind": kind, "conditions": [old]})
    if kind == "not":
        return c.Not(kind="not", condition=old)  # type: ignore[arg-type]
    if kind == "if":
        return e.Conditional(kind="if", condition=_any_turn(), then=[old])  # type: ignore[list-item]
    if kind == "choice":
        return e.Choice(kind="choice", options=_options([old]))
    raise ValueError(f"cannot wrap in {kind!r}")


WRAP_CHILD: dict[str, tuple[str | int, ...]] = {
    "all": ("conditions", 0),
    "any": ("conditions", 0),
    "not": ("condition",),
    "if": ("then", 0),
    "choice": ("options", 0, "effects", 0),
}
"""Where the wrapped node ends up inside its new group."""
