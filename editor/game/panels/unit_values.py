"""A stack's units as the stack panel shows them: each value with every term behind it.

The engine works the numbers out where the rules need them (:mod:`engine.movement` for MP,
:mod:`engine.supply` for the out-of-supply stages, :mod:`engine.modifiers` for cards in force,
:func:`engine.combat.explain` inside a battle). This module asks the same functions and keeps
the terms, so a tooltip can say why a 4 is a 3: "base 4, reduced strength -1, Massed Barrage
+1 (artillery round only), out of supply (stage 2) -1".
"""

from __future__ import annotations

import html
from dataclasses import dataclass, field
from typing import Any

from editor.game.panels.knowledge import Sight, unit_name
from editor.game.panels.wording import round_name
from engine import combat, movement, supply
from engine.air.basing import air_range
from engine.combat.values import (
    command_steps,
    commanding_leader,
    reduced_at,
    stacking_points,
    tables,
)
from engine.game import Game
from engine.state import Modifier, StackState

DURATIONS = {
    "end_of_round": "this round",
    "end_of_battle": "this battle",
    "end_of_siege": "this siege",
    "end_of_phase": "this phase",
    "end_of_turn": "until the end of the turn",
    "permanent": "for good",
}


def duration(modifier: Modifier) -> str:
    if modifier.until == "turns":
        return f"until the end of turn {modifier.until_turn}"
    return DURATIONS.get(modifier.until, modifier.until.replace("_", " "))


@dataclass
class Figure:
    """One value of the panel and the terms that make it, for its tooltip."""

    text: str
    title: str
    terms: list[tuple[str, str]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def add(self, label: str, amount: float, *, always: bool = False) -> None:
        if amount or always:
            self.terms.append((label, f"{amount:+g}" if self.terms else f"{amount:g}"))

    def tooltip(self) -> str:
        rows = "".join(
            f"<tr><td>{html.escape(label)}</td><td align='right'>&nbsp;{html.escape(value)}"
            "</td></tr>"
            for label, value in self.terms
        )
        notes = "".join(f"<br><i>{html.escape(n)}</i>" for n in self.notes)
        table = f"<table cellspacing='0'>{rows}</table>" if rows else ""
        return f"<b>{html.escape(self.title)}: {html.escape(self.text)}</b>{table}{notes}"


@dataclass
class UnitRow:
    unit: str
    name: str
    kind: str
    leader: bool
    attack: Figure
    defence: Figure
    morale: Figure
    mp: Figure
    strength: Figure
    stacking: Figure
    badges: list[str] = field(default_factory=list)


def _card_terms(game: Game, sight: Sight, unit_id: str, stats: tuple[str, ...]) -> list:
    """``(label, amount, rounds)`` of every ``modify`` in force on the unit's ``stats``."""
    out = []
    for modifier in game.state.modifiers:
        effect = modifier.effect
        if effect.get("kind") != "modify" or effect.get("stat") not in stats:
            continue
        if unit_id not in modifier.units:
            continue
        source = sight.source(modifier.source) if sight.source_visible(modifier.source) else None
        label = f"{source or 'an effect'} ({duration(modifier)})"
        out.append((label, int(effect["amount"]), list(effect.get("rounds") or [])))
    return out


def _with_cards(figure: Figure, terms: list, value: int) -> int:
    """Add card terms to a figure; round-limited ones are listed, not summed."""
    for label, amount, rounds in terms:
        if rounds:
            only = ", ".join(round_name(r) for r in rounds)
            figure.notes.append(f"{label}: {amount:+d} in the {only} round(s) only")
        else:
            figure.add(label, amount)
            value += amount
    return value


def _supply_label(game: Game, unit_id: str) -> str:
    count = game.state.units[unit_id].unsupplied
    return f"out of supply ({count} supply phase{'s' if count > 1 else ''})"


def _combat_figure(
    game: Game, sight: Sight, unit_id: str, stat: str, info: Any, reduced: bool
) -> Figure:
    base = getattr(info, stat)
    figure = Figure("", stat.capitalize())
    figure.add("base", base, always=True)
    value = base
    if reduced and info.reduced is not None and getattr(info.reduced, stat) is not None:
        change = getattr(info.reduced, stat) - base
        figure.add("reduced strength", change)
        value += change
    stage = supply.stage_of(game, unit_id)
    if stage is not None and getattr(stage, stat):
        figure.add(_supply_label(game, unit_id), getattr(stage, stat))
        value += getattr(stage, stat)
    value = _with_cards(figure, _card_terms(game, sight, unit_id, (stat, "combat")), value)
    figure.text = str(value)
    battle = game.state.battle
    if battle is not None and unit_id in battle["attackers"] + battle["defenders"]:
        attacking = unit_id in battle["attackers"]
        fires_with = "attack" if attacking or info.domain == "air" else "defence"
        if info.unit_class != "combat":
            fires_with = "attack"
        if fires_with == stat:
            upcoming = battle.get("upcoming") or "main"
            terms = combat.explain(game, unit_id, upcoming if upcoming != "cards" else "main")
            words = ", ".join(f"{label.replace('_', ' ')} {amount:+d}" for label, amount in terms)
            total = sum(amount for _, amount in terms)
            figure.notes.append(f"In this battle ({round_name(upcoming)} round): {words} = {total}")
    elif info.unit_class == "combat":
        figure.notes.append(
            "In battle: terrain, crossings, entrenchment, the commanders' bonuses, boosters "
            "and armour superiority are added."
        )
    return figure


def _morale_figure(game: Game, sight: Sight, unit_id: str, info: Any, reduced: bool) -> Figure:
    figure = Figure("", "Morale")
    figure.add("base", info.morale, always=True)
    value = info.morale
    if reduced and info.reduced is not None and info.reduced.morale is not None:
        figure.add("reduced strength", info.reduced.morale - info.morale)
        value = info.reduced.morale
    stage = supply.stage_of(game, unit_id)
    if stage is not None and stage.morale:
        figure.add(_supply_label(game, unit_id), stage.morale)
        value += stage.morale
    value = _with_cards(figure, _card_terms(game, sight, unit_id, ("morale",)), value)
    figure.text = str(value)
    figure.notes.append("Panic test: a roll above morale \u00d7 the panic multiplier.")
    return figure


def _mp_figure(game: Game, sight: Sight, unit_id: str, info: Any, reduced: bool) -> Figure:
    unit = game.state.units[unit_id]
    if info.domain == "air":
        total = air_range(game, unit_id)
        figure = Figure("", "Range")
        figure.add("base", info.movement, always=True)
        _with_cards(figure, _card_terms(game, sight, unit_id, ("movement",)), 0)
        figure.text = f"{total}" if unit.mp_spent == 0 else f"0/{total}"
        figure.notes.append("Aircraft fly one region per MP, whatever the terrain.")
        return figure
    total = movement.unit_movement(game, unit_id)
    figure = Figure("", "Movement points")
    figure.add("base", info.movement, always=True)
    if reduced and info.reduced is not None and info.reduced.movement is not None:
        figure.add("reduced strength", info.reduced.movement - info.movement)
    penalty = supply.penalty(game, unit_id).movement
    if penalty:
        figure.add(_supply_label(game, unit_id), penalty)
    _with_cards(figure, _card_terms(game, sight, unit_id, ("movement",)), 0)
    left = max(0.0, total - unit.mp_spent)
    if unit.mp_spent:
        figure.add("spent this turn", -unit.mp_spent)
    figure.text = f"{left:g}/{total}"
    return figure


def unit_row(game: Game, sight: Sight, unit_id: str) -> UnitRow:
    unit = game.state.units[unit_id]
    name = unit_name(game, unit_id)
    if unit.leader:
        return _leader_row(game, sight, unit_id, name)
    info = game.world.unit_type(unit_id)
    assert info is not None
    limit = reduced_at(tables(game.world).units[unit_id], _fraction(game))
    reduced = unit.strength <= limit
    strength = Figure(f"{unit.strength}/{info.hit_points}", "Strength")
    strength.add("hit points left", unit.strength, always=True)
    if limit >= 0:
        strength.notes.append(f"Reduced values apply at strength {limit} or less.")
    stacking = Figure(str(info.stacking), "Stacking")
    stacking.add(info.name, info.stacking, always=True)
    badges = []
    if info.elite:
        badges.append("elite")
    if reduced:
        badges.append("reduced")
    if unit.unsupplied:
        badges.append(_supply_label(game, unit_id))
    if unit.supplied_by_logistics:
        badges.append("fed by its supply column")
    return UnitRow(
        unit_id,
        name,
        info.short_name or info.name,
        False,
        _combat_figure(game, sight, unit_id, "attack", info, reduced),
        _combat_figure(game, sight, unit_id, "defence", info, reduced),
        _morale_figure(game, sight, unit_id, info, reduced),
        _mp_figure(game, sight, unit_id, info, reduced),
        strength,
        stacking,
        badges,
    )


def _fraction(game: Game) -> float:
    return game.scenario.rules.battle.reduced_strength_fraction


def _leader_row(game: Game, sight: Sight, unit_id: str, name: str) -> UnitRow:
    leader = game.world.leaders[unit_id]
    stars = "\u2605" * leader.rank

    def bonus(title: str, value: int, note: str) -> Figure:
        figure = Figure(f"{value:+d}", title)
        figure.add("leader's bonus", value, always=True)
        figure.notes.append(note)
        return figure

    duel = "In battle the commanders' bonuses are compared: the difference is added."
    mp = Figure("", "Movement points")
    mp.add("base", leader.movement, always=True)
    total = movement.unit_movement(game, unit_id)
    spent = game.state.units[unit_id].mp_spent
    mp.text = f"{max(0.0, total - spent):g}/{total}"
    stacking = Figure(f"{leader.stacking:+d}", "Stacking")
    stacking.add("leader", leader.stacking, always=True)
    badges = [stars]
    if leader.breakthrough:
        badges.append("breaks through")
    if leader.siege:
        badges.append("siege expert")
    booster = leader.booster
    if booster.attack or booster.defence or booster.morale:
        badges.append(
            f"boosts {booster.attack:+d} att {booster.defence:+d} def {booster.morale:+d} mor"
        )
    return UnitRow(
        unit_id,
        name,
        f"Leader {stars}",
        True,
        bonus("Attack bonus", leader.attack, duel),
        bonus("Defence bonus", leader.defence, duel),
        bonus("Morale", leader.morale, "Added to the side's battle morale when commanding."),
        mp,
        Figure("\u2014", "Strength"),
        stacking,
        badges,
    )


@dataclass
class StackSummary:
    """The lines above the unit table: where, state, command and stacking."""

    rows: list[UnitRow]
    leader: str | None
    command: str
    stacking: str
    states: list[str]


def summarise(game: Game, sight: Sight, stack: StackState) -> StackSummary:
    rows = [unit_row(game, sight, u) for u in stack.units]
    leader = commanding_leader(game, stack)
    points = stacking_points(game, list(stack.units))
    command = "No leader: no command penalty, no leader's bonus."
    if leader is not None:
        rules = game.scenario.rules.command
        rank = game.world.leaders[leader].rank
        limit = {1: rules.limit_1_star, 2: rules.limit_2_star}.get(rank, rules.limit_3_star)
        steps = command_steps(game, leader, points)
        penalty = f", {steps} penalty step(s) in battle" if steps else ""
        command = f"Commands {points} of {limit} stacking points{penalty}."
    states = []
    if stack.structure is not None:
        states.append(f"inside {sight.structure(stack.structure)}")
    if stack.entrenched:
        states.append("entrenched")
    if stack.moved:
        states.append("moved this phase")
    if any(game.state.units[u].unsupplied for u in stack.units):
        states.append("out of supply")
    elif sight.mine(stack.side) and not supply.stack_supplied(game, stack):
        states.append("cut off from supply (checked at the next supply phase)")
    region = stack.region
    if game.world.domain(region) == "land" and stack.structure is None:
        limit = game.world.land_stacking(region, game.world.regions[region].network)
        load = movement.region_load(game, region, stack.side)
        stacking = f"Stacking {points} (the side has {load} of {limit} in this region)"
    else:
        stacking = f"Stacking {points}"
    name = unit_name(game, leader) if leader else None
    return StackSummary(rows, name, command, stacking, states)
