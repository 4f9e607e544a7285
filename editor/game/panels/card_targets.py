"""What a player picks when playing a card: the stacks, units or regions its effects choose.

The engine lists cards without targets (``PlayCard(card)``) and, when a card picks units or
stacks "by the player" and the action names none, takes the strongest. To let the player
choose, the panels read the card's effects: every selection with a ``count`` picked by the
player, and every move with several allowed regions, is a :class:`TargetStep`; the picks of
all steps travel together in ``PlayCard.targets`` and each effect takes the ones it can use.

The fog of war decides what may be offered. Offering only the enemy stacks that match a
filter ("enemy armour") would tell the player which hidden stacks hold armour, so hidden
enemy stacks the viewer can see on the map are offered whatever they hold (the engine
ignores a pick that does not qualify and takes the strongest instead), and hidden units are
never offered one by one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, Literal

from editor.game.panels.knowledge import Sight, scenario_names, stack_words, unit_name
from editor.shared.sentences import selection as describe
from engine.board import relative_sides
from engine.game import Game
from engine.phases.reinforcements import allowed_regions
from engine.targets import Context, in_scope, matching
from schemas import effects as e
from schemas.selection import Selection

TargetKind = Literal["region", "stack", "unit"]


@dataclass(frozen=True)
class TargetStep:
    """One thing to pick on the map (or in the panel's list)."""

    kind: TargetKind
    allowed: tuple[str, ...]
    count: int
    prompt: str
    labels: dict[str, str] = field(default_factory=dict, compare=False)
    """A readable name for each allowed target, for the list beside the map."""


def _effects(effects: list[Any]) -> Iterator[Any]:
    """Effects played at once, the branches of an ``if`` included (either may run); the
    options of a ``choice`` are chosen later and take no targets."""
    for effect in effects:
        if isinstance(effect, e.Conditional):
            yield from _effects(effect.then)
            yield from _effects(effect.otherwise)
        else:
            yield effect


def target_steps(game: Game, card_id: str, side: str, sight: Sight) -> list[TargetStep]:
    """The picks a card asks of ``side`` now, in the order its effects run; a selection
    with no more candidates than it takes asks nothing."""
    card = game.world.cards[card_id]
    steps: list[TargetStep] = []
    names = scenario_names(game)
    for effect in _effects(list(card.effects)):
        selection: Selection | None = getattr(effect, "select", None)
        if selection is not None and selection.count and selection.pick == "player":
            step = _selection_step(game, sight, card_id, side, selection, names)
            if step is not None and step not in steps:
                steps.append(step)
        if isinstance(effect, e.MoveUnits) and effect.to.structure is None:
            mover = relative_sides(game, effect.select.units.side, side)
            regions = allowed_regions(game, effect.to, mover[0]) if mover else []
            if len(regions) > 1:
                labels = {r: sight.region(r) for r in regions}
                prompt = f"{card.name}: pick where the units go"
                step = TargetStep("region", tuple(regions), 1, prompt, labels)
                if step not in steps:
                    steps.append(step)
    return steps


def _selection_step(
    game: Game,
    sight: Sight,
    card_id: str,
    side: str,
    selection: Selection,
    names: Callable[[str, str], str],
) -> TargetStep | None:
    count = int(selection.count or 0)
    candidates = matching(game, selection.units, selection.scope, Context(side, card_id))
    card = game.world.cards[card_id]
    prompt = f"{card.name}: pick {describe(selection, names).removesuffix(' at random')}"
    labels: dict[str, str] = {}
    if selection.per == "stack":
        for unit in candidates:
            stack = game.state.stacks.get(unit.stack or "")
            if stack is not None and sight.sees_inside(stack):
                labels[stack.id] = _stack_label(game, sight, stack.id)
        for stack_id in _hidden_stacks(game, sight, side, selection):
            labels.setdefault(stack_id, _stack_label(game, sight, stack_id))
        kind: TargetKind = "stack"
    else:
        for unit in candidates:
            if sight.knows(unit.id):
                region = game.state.stacks[unit.stack].region if unit.stack else None
                labels[unit.id] = f"{unit_name(game, unit.id)} ({sight.region(region)})"
        kind = "unit"
    if len(labels) <= count:
        return None
    _number_alike(labels)
    return TargetStep(kind, tuple(sorted(labels, key=labels.get)), count, prompt, labels)


def _number_alike(labels: dict[str, str]) -> None:
    """Hidden stacks in one place read alike: number them so the list tells them apart."""
    seen: dict[str, int] = {}
    for key in sorted(labels):
        text = labels[key]
        seen[text] = seen.get(text, 0) + 1
        if seen[text] > 1:
            labels[key] = f"{text} #{seen[text]}"


def _hidden_stacks(game: Game, sight: Sight, side: str, selection: Selection) -> list[str]:
    """Enemy stacks the viewer sees on the map but not inside, of a side the selection
    concerns, in its scope: offered whatever they hold (see the module's docstring)."""
    sides = set(relative_sides(game, selection.units.side, side))
    out = []
    for stack in game.state.stacks.values():
        if stack.side not in sides or not sight.hostile(stack.side):
            continue
        if sight.view(stack) in ("full", "none") or not stack.units:
            continue
        if in_scope(game, game.state.units[stack.units[0]], selection.scope):
            out.append(stack.id)
    return out


def _stack_label(game: Game, sight: Sight, stack_id: str) -> str:
    stack = game.state.stacks[stack_id]
    where = sight.region(stack.region)
    if stack.structure is not None:
        where = f"{sight.structure(stack.structure)}, {where}"
    if not sight.sees_inside(stack):
        return f"{sight.side(stack.side)} stack at {where} (hidden)"
    return f"{stack_words(game, stack)} at {where}"
