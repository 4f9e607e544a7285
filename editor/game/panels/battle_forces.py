"""The parts of the battle panel that read the board: the battles to fight, with their odds
when the fog of war lets the viewer see every enemy there, and each side's units in the open
battle (hidden enemy units are not listed, not even counted)."""

from __future__ import annotations

from typing import Any

from editor.game.panels.base import ATTENTION, MUTED, esc
from editor.game.panels.knowledge import Sight, plural, unit_name
from engine import board
from engine.combat import preview
from engine.combat.field import fortified
from engine.game import Game

PREVIEW_RUNS = 200
"""Simulated battles behind an odds line: enough for a rounded percentage, quick to run."""


class Odds:
    """Odds worked out once per battle and game state (a refresh must not replay them)."""

    def __init__(self) -> None:
        self._state: tuple = ()
        self._found: dict[tuple[str, str | None], str] = {}

    def of(self, game: Game, region: str, structure: str | None) -> str:
        state = (id(game), len(game.log))
        if state != self._state:
            self._state, self._found = state, {}
        key = (region, structure)
        found = self._found.get(key)
        if found is None:
            odds = preview(game, region, runs=PREVIEW_RUNS, structure=structure)
            found = self._found[key] = (
                f"about {odds['attacker_win']:.0%} to win \u00b7 units lost: yours about "
                f"{odds['attacker_units_lost']:.1f}, theirs {odds['defender_units_lost']:.1f}"
            )
        return found


def describe(game: Game, sight: Sight, target: str, odds: Odds) -> str:
    """A battle (or an assault, when ``target`` is a structure) to fight, with odds when
    every enemy unit there is visible."""
    structure = target if target in game.world.structures else None
    region = game.world.structures[target].region if structure else target
    side = game.active_side
    mine = [u for s in board.stacks_in(game, region, side) if not s.structure for u in s.units]
    enemies = [
        s
        for s in board.enemy_stacks_in(game, region, side)
        if (s.structure == structure if structure else not fortified(game, s))
    ]
    place = f"Assault on {sight.structure(structure)}" if structure else sight.region(region)
    seen = all(sight.sees_inside(s) for s in enemies)
    theirs = [u for s in enemies for u in s.units]
    against = sight.units(theirs) if seen else "a hidden enemy force"
    chances = odds.of(game, region, structure) if seen else "odds unknown (fog of war)"
    return (
        f"<b>{esc(place)}</b>: {plural(len(mine), 'unit')} against {esc(against)}"
        f"<br><span style='color:{MUTED}'>{esc(chances)}</span>"
    )


def side_html(
    game: Game,
    sight: Sight,
    side: str,
    role: str,
    units: list[str],
    morale: int | None,
    battle: dict[str, Any] | None,
) -> str:
    """One side of the battle: its battle morale and each unit the viewer may know, with a
    bar of its strength."""
    colour = game.world.sides[side].color
    panicked = set(battle["panicked"]) if battle else set()
    # Battle morale is worked out when the first round begins, after the card window.
    morale_text = f"battle morale <b>{morale}</b>" if morale is not None else "morale: from round 1"
    rows = []
    hidden = 0
    for unit_id in units:
        if not sight.knows(unit_id):
            hidden += 1
            continue
        unit = game.state.units[unit_id]
        name = esc(unit_name(game, unit_id))
        if unit.leader:
            rows.append(f"<i>{name}</i> <span style='color:{MUTED}'>leader</span>")
            continue
        kind = game.world.unit_type(unit_id)
        full = kind.hit_points if kind else unit.strength
        if unit.status != "active":
            rows.append(f"<s>{name}</s> <span style='color:{MUTED}'>destroyed</span>")
            continue
        bar = "\u25a0" * unit.strength + "\u25a1" * max(0, full - unit.strength)
        note = f" <span style='color:{ATTENTION}'>panicked</span>" if unit_id in panicked else ""
        rows.append(f"{name} <span style='color:{colour}'>{bar}</span>{note}")
    if hidden:
        rows.append(f"<i style='color:{MUTED}'>hidden by the fog of war</i>")
    title = f"<span style='color:{colour}'><b>{esc(sight.side(side))}</b></span> ({role})"
    return f"{title}<br>{morale_text}<br>" + "<br>".join(rows)
