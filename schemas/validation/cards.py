"""Cards, events and conditions that can never come true.

A card is playable in a *context*: the phases it names, and for ``battle`` and ``siege`` the
window of a fight. Conditions and effects are checked against the contexts their owner can be
in: asking "is this a battle with US troops?" from an event, which never happens in a battle,
can never hold.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from pydantic import BaseModel

from .. import conditions as c
from .. import effects as e
from ..issues import Issue, make_issue, pointer
from ..scenario import Scenario
from .index import ScenarioIndex

CARD_PHASES_OF: dict[str, tuple[str, ...]] = {
    "cards": ("cards",),
    "reinforcements": ("reinforcements",),
    "supply": ("supply",),
    "air": ("air_offensive", "air_defensive"),
    "land_movement": ("land_movement",),
    "battle": ("battles",),
    "siege": ("sieges",),
    "end_of_turn": ("end_of_turn",),
}
"""The calendar phases in which each card timing happens."""

Path = tuple[str | int, ...]


class _Context:
    def __init__(self, ix: ScenarioIndex, fights: set[str], *, card: bool = False) -> None:
        self.ix = ix
        self.fights = fights
        """Subset of {'battle', 'siege'} the owner can be evaluated in."""
        self.card = card
        """The owner is a card: outside fights, only its side's turn can play it."""


def effects_in(scenario: Scenario) -> Iterator[tuple[Any, Path]]:
    """Every effect of every card, event and tension step, nested ones included."""
    for index, card in enumerate(scenario.cards):
        yield from _effects(card, ("cards", index))
    for index, event in enumerate(scenario.events):
        yield from _effects(event, ("events", index))
    if scenario.tension is not None:
        yield from _effects(scenario.tension, ("tension",))


def _flags_set_true(ix: ScenarioIndex) -> set[str]:
    return {
        effect.flag
        for effect, _ in effects_in(ix.scenario)
        if isinstance(effect, e.SetFlag) and effect.value
    }


def check_card_phases(ix: ScenarioIndex) -> Iterator[Issue]:
    played = {spec.phase for spec in ix.scenario.calendar.phases}
    fortified = any(s.fortification > 0 for s in ix.scenario.structures)
    for index, card in enumerate(ix.scenario.cards):
        side = ix.sides.get(card.side)
        if side is not None and side.neutral:
            yield make_issue(
                "card-phase-never",
                pointer("cards", index, "side"),
                f"card '{card.id}' belongs to neutral side '{side.id}', which never plays",
                card.id,
            )
            continue
        for position, phase in enumerate(card.phases):
            path = pointer("cards", index, "phases", position)
            if not played.intersection(CARD_PHASES_OF[phase]):
                names = " or ".join(p.replace("_", " ") for p in CARD_PHASES_OF[phase])
                yield make_issue(
                    "card-phase-never",
                    path,
                    f"card '{card.id}' plays in the {names} phase, which this scenario never has",
                    card.id,
                )
            elif phase == "siege" and not fortified:
                yield make_issue(
                    "card-phase-never",
                    path,
                    f"card '{card.id}' plays in sieges, but no structure is fortified",
                    card.id,
                )


def check_conditions_and_effects(ix: ScenarioIndex) -> Iterator[Issue]:
    flags = _flags_set_true(ix)
    owners: list[tuple[BaseModel, str | None, Path, set[str]]] = []
    for index, card in enumerate(ix.scenario.cards):
        fights: set[str] = {p for p in card.phases if p in ("battle", "siege")}
        owners.append((card, card.id, ("cards", index), fights))
    for collection in ("events", "reinforcements"):
        for index, entity in enumerate(getattr(ix.scenario, collection)):
            owners.append((entity, entity.id, (collection, index), set()))
    for index, rule in enumerate(ix.scenario.victory.sudden_death):
        owners.append((rule, rule.id, ("victory", "sudden_death", index), set()))
    if ix.scenario.tension is not None:
        owners.append((ix.scenario.tension, None, ("tension",), set()))
    for owner, owner_id, path, fights in owners:
        context = _Context(ix, fights, card=path[0] == "cards")
        condition = getattr(owner, "condition", None)
        if condition is not None:
            reason = _never(condition, context, flags)
            if reason is not None:
                yield make_issue(
                    "condition-never-true",
                    pointer(*path, "condition"),
                    f"this condition can never hold: {reason}",
                    owner_id,
                )
        for effect, where in _effects(owner, path):
            reason = _needs_fight(effect, fights)
            if reason is not None:
                yield make_issue(
                    "effect-context",
                    pointer(*where),
                    f"{reason}",
                    owner_id,
                )
            if isinstance(effect, e.Conditional):
                why = _never(effect.condition, context, flags)
                if why is not None:
                    yield make_issue(
                        "condition-never-true",
                        pointer(*where, "condition"),
                        f"this condition can never hold: {why}",
                        owner_id,
                    )


def _effects(owner: BaseModel, path: Path) -> Iterator[tuple[Any, Path]]:
    if isinstance(owner, BaseModel) and hasattr(owner, "steps"):
        for index, step in enumerate(owner.steps):
            yield from _effect_list(step.effects, (*path, "steps", index, "effects"))
    effects = getattr(owner, "effects", None)
    if effects is not None:
        yield from _effect_list(effects, (*path, "effects"))


def _effect_list(effects: list[Any], path: Path) -> Iterator[tuple[Any, Path]]:
    for index, effect in enumerate(effects):
        where = (*path, index)
        yield effect, where
        if isinstance(effect, e.Conditional):
            yield from _effect_list(effect.then, (*where, "then"))
            yield from _effect_list(effect.otherwise, (*where, "otherwise"))
        elif isinstance(effect, e.Choice):
            for number, option in enumerate(effect.options):
                yield from _effect_list(option.effects, (*where, "options", number, "effects"))


_BATTLE_ONLY = (e.Reroll, e.AutomaticHits, e.ShootFirst)


def _needs_fight(effect: Any, fights: set[str]) -> str | None:
    """Why ``effect`` needs a battle or siege that its owner never has, if it does."""
    if isinstance(effect, _BATTLE_ONLY) and "battle" not in fights:
        return f"a '{effect.kind}' effect only works in a battle, and this is never played in one"
    if isinstance(effect, e.CancelBattle) and not fights:
        return "'cancel_battle' needs a battle or siege, and this is never played in one"
    if isinstance(effect, e.Modify):
        battle_bound = (
            effect.rounds
            or effect.stat == "battle_morale"
            or effect.duration.until in ("end_of_battle", "end_of_round")
            or effect.select.scope.context == "battle"
        )
        if battle_bound and "battle" not in fights:
            return "this modifier is tied to a battle, and its card is never played in one"
        siege_bound = effect.duration.until == "end_of_siege" or (
            effect.select.scope.context == "siege"
        )
        if siege_bound and "siege" not in fights:
            return "this modifier is tied to a siege, and its card is never played in one"
    selection = getattr(effect, "select", None)
    if selection is not None and not isinstance(effect, e.Modify):
        context = selection.scope.context
        if context != "anywhere" and context not in fights:
            return f"it picks units in the current {context}, and this is never played in one"
    return None


def _never(cond: Any, ctx: _Context, flags: set[str]) -> str | None:
    """Why ``cond`` can never hold in ``ctx``, or ``None`` when it might."""
    turns = ctx.ix.scenario.calendar.turns
    if isinstance(cond, c.TurnCondition):
        if cond.to_turn is not None and cond.to_turn < cond.from_turn:
            return f"turn {cond.from_turn} to {cond.to_turn} is an empty range"
        if cond.from_turn > turns:
            return f"it starts on turn {cond.from_turn} of a {turns}-turn game"
        return None
    if isinstance(cond, c.AllOf):
        for child in cond.conditions:
            reason = _never(child, ctx, flags)
            if reason is not None:
                return reason
        windows = [x for x in cond.conditions if isinstance(x, c.TurnCondition)]
        if len(windows) > 1:
            start = max(w.from_turn for w in windows)
            ends = [w.to_turn for w in windows if w.to_turn is not None]
            if ends and min(ends) < start:
                return "its turn ranges do not overlap"
        return None
    if isinstance(cond, c.AnyOf):
        reasons = [_never(child, ctx, flags) for child in cond.conditions]
        if not cond.conditions:
            return "'any' of nothing never holds"
        if all(r is not None for r in reasons):
            return reasons[0]
        return None
    if isinstance(cond, c.TensionLevel | c.VictoryPoints):
        if cond.at_least is not None and cond.at_most is not None and cond.at_least > cond.at_most:
            return f"at least {cond.at_least} and at most {cond.at_most} excludes every value"
        if isinstance(cond, c.TensionLevel) and ctx.ix.scenario.tension is None:
            return "the scenario has no tension index"
        return None
    if isinstance(cond, c.UnitsPresent):
        if cond.at_most is not None and cond.at_least > cond.at_most:
            return f"at least {cond.at_least} and at most {cond.at_most} units is impossible"
        if cond.scope.context != "anywhere" and cond.scope.context not in ctx.fights:
            return f"it looks at the current {cond.scope.context}, and this is never in one"
        return None
    if isinstance(cond, c.BattleRole) and "battle" not in ctx.fights:
        return "it asks about the current battle, and this is never played in one"
    if isinstance(cond, c.Roll):
        if cond.at_most < 0:
            return f"a roll is never below 0, and this needs at most {cond.at_most}"
        return None
    if isinstance(cond, c.FlagSet) and cond.value and cond.flag not in flags:
        return f"no card or event ever sets flag '{cond.flag}'"
    if isinstance(cond, c.ActiveSide):
        side = ctx.ix.sides.get(cond.side)
        if side is not None and side.neutral:
            return f"side '{side.id}' is neutral and never has a turn"
        if cond.side == "@enemy" and ctx.card and not ctx.fights:
            return "outside battles and sieges a card is only played in its own side's turn"
        return None
    if isinstance(cond, c.Controls) and not (cond.regions or cond.structures or cond.areas):
        return "it names no region, structure or area to control"
    return None


def check_self_feeding_cards(ix: ScenarioIndex) -> Iterator[Issue]:
    """Black cards that draw cards for their own side from a deck that can run down to them.

    Played, a black card goes under its deck (E2). When the side's black cards (their copies,
    counting cards effects add) are no more than a full hand after the turn's draw (hand
    limit plus draw per turn) plus what the card draws, the deck can be down to the card
    itself and it draws itself back at once. The engine plays a card at most once per card
    window, so this cannot loop, but the card keeps coming back to the hand.
    """
    scenario = ix.scenario
    added: set[str] = set()
    for effect, _ in effects_in(scenario):
        if isinstance(effect, e.ChangeCards):
            added.update(effect.add)
    black: dict[str, int] = {}
    for card in scenario.cards:
        if card.color == "black" and (card.in_deck or card.id in added):
            black[card.side] = black.get(card.side, 0) + card.copies
    rules = scenario.rules.cards
    full_hand = rules.hand_limit + rules.draw_per_turn
    for index, card in enumerate(scenario.cards):
        if card.color != "black":
            continue
        for effect, where in _effects(card, ("cards", index)):
            if not isinstance(effect, e.DrawCards):
                continue
            if effect.side not in ("@self", "@all", card.side):
                continue
            deck = black.get(card.side, 0)
            if deck > full_hand + effect.count:
                continue
            yield make_issue(
                "card-self-feeding",
                pointer(*where),
                f"black card '{card.id}' draws {effect.count} card(s) for its own side, whose "
                f"deck has {deck} black card(s): with a full hand of {full_hand} the deck can "
                "be down to this card, which then draws itself back",
                card.id,
            )


def check_reachability(ix: ScenarioIndex) -> Iterator[Issue]:
    """Cards nothing puts in a deck, events nothing fires, tension nothing can show."""
    scenario = ix.scenario
    added: set[str] = set()
    fired: set[str] = set()
    moves_tension: list[Path] = []
    for effect, where in effects_in(scenario):
        if isinstance(effect, e.ChangeCards):
            added.update(effect.add)
        elif isinstance(effect, e.TriggerEvent):
            fired.add(effect.event)
        elif isinstance(effect, e.ChangeTension):
            moves_tension.append(where)
    for index, card in enumerate(scenario.cards):
        if not card.in_deck and card.id not in added:
            yield make_issue(
                "card-never-in-deck",
                pointer("cards", index, "in_deck"),
                f"card '{card.id}' starts outside the deck and no card or event adds it",
                card.id,
            )
    for index, event in enumerate(scenario.events):
        side = ix.sides.get(event.side) if event.side else None
        if side is not None and side.neutral:
            yield make_issue(
                "event-never-fires",
                pointer("events", index, "side"),
                f"event '{event.id}' fires in the turn of neutral side '{side.id}', which never "
                "plays",
                event.id,
            )
        elif not event.automatic and event.id not in fired:
            yield make_issue(
                "event-never-fires",
                pointer("events", index, "automatic"),
                f"event '{event.id}' only fires when set off, and no card or event sets it off",
                event.id,
            )
    if scenario.tension is not None:
        return
    for where in moves_tension:
        yield make_issue(
            "tension-without-index",
            pointer(*where),
            "this effect moves the tension index, but the scenario has no tension index",
            _owner_id(scenario, where),
        )
    valued = [
        *ix.places.valued(),
        *((("structures", i), s.id, s.values) for i, s in enumerate(scenario.structures)),
    ]
    for where, place, values in valued:
        for side_id, value in values.items():
            if value.tension:
                yield make_issue(
                    "tension-without-index",
                    pointer(*where, "values", side_id, "tension"),
                    f"capturing '{place}' moves the tension index, but the scenario has "
                    "no tension index",
                    place,
                )


def _owner_id(scenario: Scenario, where: Path) -> str | None:
    collection, index = where[0], where[1]
    if collection == "cards" and isinstance(index, int):
        return scenario.cards[index].id
    if collection == "events" and isinstance(index, int):
        return scenario.events[index].id
    return None
