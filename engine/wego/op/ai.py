"""The baseline AI's attacks, HQs and supply under the operational rules (OC5-OC17, OQ1-OQ8,
OS3-OS13).

**HQs** (:func:`hq_orders`): a stack holding an HQ never attacks and never advances. When an
enemy the side sees stands within ``HQ_DANGER`` hexes it falls back to the reachable hex
farthest from the enemies it sees (ties: nearest its superior HQ, else its side's nearest
supply source); when it is out of supply (not Supported) it moves toward that anchor
(keeping out of the danger radius); otherwise it holds, so its units stay in its range.

**Supply** (:func:`supply_actions`): each HQ that may buy (OS8) orders for its direct
attachments what its units' orders need: Move+ when one of them moves, Combat+ when one
attacks, Repl+ when one that stays is below ``REPLACE_BELOW`` strength. HQs whose units
attack are served first; when the pools are short, Repl+ is dropped first, then Combat+.

**Attacks** (:func:`attacks`):

For every hex holding enemies the side sees and that its stacks can reach this turn, the AI
works out the odds those stacks would have from the hexes they would attack from
(:func:`engine.operational.odds_preview`, every shift included, with what the side knows:
the defenders are the enemy units its intelligence picture holds there, read at their levels,
OI10, and those it sees without reading their factors weighed as an average unit). Targets
are taken from the best odds down; a target is attacked when the stacks not yet given an
order reach at least ``GOOD_ODDS`` there (scaled by the style: a bolder AI accepts lower
odds), and every one of them is ordered in (an Assault at much better odds,
:mod:`.ai_orders`). A stack that would attack from a hex the plan already fills to the
stacking limit is left out (OH9). ``hard`` economises
(:attr:`engine.wego.tactics.Judgement.economise`): where every stack together would reach
assault odds, only the first that reach them are ordered in (those already next to the
target first, then by id), and the others stay free for another attack or to go on past the
target (:mod:`.ai_parts`, OO3).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable
from dataclasses import replace
from typing import TYPE_CHECKING

import numpy as np

from ...ai.baseline import ATTACK_RATIO
from ...errors import IllegalAction
from ...operational import AttackSpec, OpBoard, OpUnit, fits, odds_preview
from ...operational.intel import as_known
from ..orders import MOVING, Order, OrderAttack, OrderHold, OrderMove
from ..plan import attack_routes, routes
from . import ai_split, handicap, state, supply
from .actions import OrderSupply
from .ai_orders import ASSAULT_FACTOR, assault_or_not
from .intel import current_intel

if TYPE_CHECKING:
    from ...ai.baseline import Style
    from ...game import Game

GOOD_ODDS = 2.0
"""Final odds (2:1) the AI wants before it attacks, at the default style."""

HQ_DANGER = 2
"""Hexes: an HQ with a seen enemy this close falls back."""

REPLACE_BELOW = 90.0
"""Strength %: a unit below it that stays is worth Repl+ to its HQ."""


def attacks(
    game: Game, side: str, style: Style, *, skip: Collection[str] = frozenset()
) -> list[Order]:
    """The side's attack orders for this turn, best odds first; the stacks in ``skip`` (a
    person's stacks already ordered, OO18's helper) are left out."""
    board = state.board_of(game)
    threshold = GOOD_ODDS * style.attack_ratio / ATTACK_RATIO
    units = state.units(game)
    seen = _seen(game, side, units)
    stacks = sorted(
        (s for s in game.state.stacks.values() if s.side == side),
        key=lambda s: s.id,
    )
    options: dict[str, list[tuple[str, tuple[str, ...]]]] = {}
    hq_held = _hq_stacks(game, side)
    pinned = ai_split.pins(game, side, style)  # OO1: each half of a split stack, its own hex
    for stack in stacks:
        if stack.id in skip:
            continue
        if not any(u in units for u in stack.units) or stack.moved or stack.id in hq_held:
            continue  # an HQ never leads an attack: it is worth many VP (OV4)
        for target, route in attack_routes(game, stack).items():
            if pinned.get(stack.id, target) != target:
                continue
            options.setdefault(target, []).append((stack.id, route.path))
    given: dict[str, Order] = {}
    load: dict[int, list[OpUnit]] = {}
    economise = _economises(style)
    while True:
        best: tuple[float, str, list[tuple[str, tuple[str, ...]]]] | None = None
        for target, comers in sorted(options.items()):
            free = [(s, p) for s, p in comers if s not in given]
            odds = _odds(game, board, units, seen, side, target, free, load)
            if odds is not None and (best is None or odds > best[0]):
                best = (odds, target, free)
        if best is None or best[0] < threshold:
            break
        odds, target, free = best
        if economise and odds >= ASSAULT_FACTOR * threshold:
            free = _enough(game, board, units, seen, side, target, free, load, threshold)
        for stack_id, path in free:
            plain = OrderAttack(stack_id, target, path)
            given[stack_id] = assault_or_not(game, plain, odds, threshold)  # OO7
            stack = game.state.stacks[stack_id]
            end = board.index(path[-1]) if path else board.index(stack.region)
            load.setdefault(end, []).extend(units[u] for u in stack.units if u in units)
        del options[target]
    return [given[s] for s in sorted(given)]


def _economises(style: Style) -> bool:
    """Whether the level economises its attacks (``hard``, see the module docstring)."""
    from ..ai import judgement

    return judgement(style).economise


def _enough(
    game: Game,
    board: OpBoard,
    units: dict[str, OpUnit],
    seen: dict[str, OpUnit],
    side: str,
    target: str,
    comers: list[tuple[str, tuple[str, ...]]],
    load: dict[int, list[OpUnit]],
    threshold: float,
) -> list[tuple[str, tuple[str, ...]]]:
    """The first of ``comers`` that together still reach assault odds at ``target``: the
    stacks already next to it first (they need not move), then the others by id. The rest
    stay free for another attack or to go on past the target (:mod:`.ai_parts`, OO3)."""
    ranked = sorted(comers, key=lambda c: (bool(c[1]), c[0]))
    taken: list[tuple[str, tuple[str, ...]]] = []
    for comer in ranked:
        taken.append(comer)
        odds = _odds(game, board, units, seen, side, target, taken, load)
        if odds is not None and odds >= ASSAULT_FACTOR * threshold:
            return taken
    return comers


def _seen(game: Game, side: str, units: dict[str, OpUnit]) -> dict[str, OpUnit]:
    """The enemy units ``side`` knows of, by id, as it knows them (OI10): what its
    intelligence reads (:func:`engine.operational.intel.as_known`: misread factors, full
    strength unless level 5 shows it, and so on). A unit it sees without reading its factors
    (levels 1 and 2) is weighed like the average of the enemy units it does read, or of its
    own units when it reads none: the AI never looks behind the fog, unless the scenario's
    handicap lets it (OT11)."""
    picture = current_intel(game, side)
    out: dict[str, OpUnit] = {}
    if handicap.sees_all(game, side):  # OT11's "+": the AI sees through the fog
        return {k: u for k, u in units.items() if u.side != side}
    blind: list[OpUnit] = []
    for unit_id, seen in picture.units.items():
        unit = units.get(unit_id)
        if unit is None:
            continue
        known = as_known(unit, seen)
        if known is None:
            blind.append(unit)
        else:
            out[unit_id] = known
    if blind:
        pattern = list(out.values()) or [u for u in units.values() if u.side == side]
        attack = _mean(u.attack for u in pattern)
        defence = _mean(u.defence for u in pattern)
        for unit in blind:
            out[unit.id] = replace(
                unit,
                attack=attack,
                defence=defence,
                strength=100.0,
                readiness=100.0,
                dug_in=False,
                loc="supported",
                quality="regular",
            )
    return out


def _mean(values: Iterable[float]) -> float:
    """The mean of ``values`` rounded to a whole factor (1 when there are none)."""
    found = list(values)
    return float(max(1, round(sum(found) / len(found)))) if found else 1.0


def _odds(
    game: Game,
    board: OpBoard,
    units: dict[str, OpUnit],
    seen: dict[str, OpUnit],
    side: str,
    target: str,
    comers: list[tuple[str, tuple[str, ...]]],
    load: dict[int, list[OpUnit]],
) -> float | None:
    """The final odds of ``comers`` attacking ``target`` from the ends of their routes, as
    ``side`` knows the defenders; ``None`` when no attack can be made."""
    where = board.index(target)
    if not any(u.hex == where for u in seen.values()):
        return None
    attackers: dict[str, OpUnit] = {}
    planned = {h: list(us) for h, us in load.items()}
    for stack_id, path in comers:
        stack = game.state.stacks[stack_id]
        end = board.index(path[-1]) if path else board.index(stack.region)
        group = [replace(units[u], hex=end) for u in stack.units if u in units]
        here = [u for u in units.values() if u.hex == end and u.id not in stack.units]
        room = here + planned.get(end, [])
        if path and not all(fits(board, room, u, end) for u in group):
            continue
        planned.setdefault(end, []).extend(group)
        attackers.update({u.id: u for u in group})
    return group_odds(board, seen, where, attackers)


def group_odds(
    board: OpBoard, seen: dict[str, OpUnit], where: int, attackers: dict[str, OpUnit]
) -> float | None:
    """The final odds of ``attackers`` (each where it stands) on the hex ``where``, as the
    side knows the defenders (``seen``, :func:`_seen`), every shift included; ``None`` when
    no attack can be made."""
    defenders = {k: u for k, u in seen.items() if u.hex == where}
    if not defenders or not attackers:
        return None
    spec = AttackSpec(tuple(sorted(attackers)), where)
    try:
        return odds_preview(board, {**defenders, **attackers}, spec).final_odds
    except IllegalAction:
        return None


# -- HQs ----------------------------------------------------------------------------------------


def _hq_stacks(game: Game, side: str) -> dict[str, str]:
    """The side's stacks holding an HQ of the tree -> that HQ (the highest when several)."""
    command = supply.tree(game)
    out: dict[str, str] = {}
    for stack in game.state.stacks.values():
        if stack.side != side:
            continue
        hqs = [u for u in stack.units if command.is_hq(u)]
        if hqs:
            out[stack.id] = max(hqs, key=lambda h: (command.rank(h), h))
    return out


def _enemy_hexes(game: Game, side: str, units: dict[str, OpUnit]) -> list[int]:
    return sorted({u.hex for u in _seen(game, side, units).values()})


def hq_orders(game: Game, side: str) -> list[Order]:
    """Orders for the side's HQ stacks (see the module docstring)."""
    board = state.board_of(game)
    units = state.units(game)
    enemies = _enemy_hexes(game, side, units)
    command = supply.tree(game)
    sources = [
        board.index(row.hex)
        for row in board.rules.supply.sources
        if row.side == side and row.kind == "source" and board.grid.find(row.hex) is not None
    ]
    out: list[Order] = []
    for stack_id, hq in sorted(_hq_stacks(game, side).items()):
        stack = game.state.stacks[stack_id]
        here = board.index(stack.region)
        up = command.hq_of(hq)
        anchors = [units[up].hex] if up is not None and up in units else sources

        danger = _distances(board, enemies, 10**6)
        to_anchor = _distances(board, anchors, 0)
        threatened = danger(here) <= HQ_DANGER
        cut_off = units[hq].loc != "supported" if hq in units else False
        if not threatened and not cut_off:
            out.append(OrderHold(stack_id))
            continue
        best: tuple[tuple[int, int, float, str], tuple[str, ...]] | None = None
        for region, route in sorted(routes(game, stack).items()):
            there = board.index(region)
            if threatened:
                key = (-danger(there), to_anchor(there), route.cost, region)
                if danger(there) <= danger(here):
                    continue
            else:
                if danger(there) <= HQ_DANGER or to_anchor(there) >= to_anchor(here):
                    continue
                key = (to_anchor(there), -danger(there), route.cost, region)
            if best is None or key < best[0]:
                best = (key, route.path)
        out.append(OrderMove(stack_id, best[1]) if best is not None else OrderHold(stack_id))
    return out


def _distances(board: OpBoard, hexes: list[int], none: int) -> Callable[[int], int]:
    """Hexes from the nearest of ``hexes`` (``none`` when there are none)."""
    targets = np.array(hexes)

    def distance(h: int) -> int:
        return int(board.grid.distance(targets, h).min()) if hexes else none

    return distance


# -- supply ---------------------------------------------------------------------------------------


def supply_actions(game: Game, side: str, orders: list[Order]) -> list[OrderSupply]:
    """The supply orders the side's plan needs (see the module docstring), those not yet
    given, each within what the pools hold after the ones before it."""
    from ...operational.supply import SupplyOrder, order_cost, order_refusal

    command = supply.tree(game)
    units = state.units(game)
    rules = state.board_of(game).rules
    by_stack = {o.stack: o for o in orders}
    want: dict[str, list[bool]] = {}
    for hq in command.hqs_of(side):
        if hq not in units:
            continue
        need = [False, False, False]
        for unit_id in command.under(hq, "direct"):
            unit = units.get(unit_id)
            stack_id = game.state.units[unit_id].stack if unit is not None else None
            if unit is None or stack_id is None:
                continue
            order = by_stack.get(stack_id)
            moving = isinstance(order, MOVING) and bool(getattr(order, "path", ()))
            need[0] |= moving
            need[1] |= isinstance(order, OrderAttack) and unit_id != hq
            need[2] |= not moving and unit.strength < REPLACE_BELOW
        if any(need):
            want[hq] = need
    left = supply.pool(game, side)
    chosen: list[OrderSupply] = []
    for hq in sorted(want, key=lambda h: (not want[h][1], h)):
        move, combat, repl = want[hq]
        for flags in ((move, combat, repl), (move, combat, False), (move, False, False)):
            if not any(flags):
                continue
            plain = SupplyOrder(hq, *flags)
            if order_refusal(rules, command, units, plain, left):
                continue
            left = left - order_cost(rules, command, units, plain)
            chosen.append(OrderSupply(hq, *flags))
            break
    given = {
        o.hq: OrderSupply(o.hq, o.move_plus, o.combat_plus, o.replacements, o.scope)
        for o in supply.orders(game, side)
    }
    return [o for o in chosen if given.get(o.hq) != o]
