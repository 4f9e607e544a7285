"""The baseline AI's attacks under the operational rules (OC5-OC17): attacks at good odds.

For every hex holding enemies the side sees and that its stacks can reach this turn, the AI
works out the odds those stacks would have from the hexes they would attack from
(:func:`engine.operational.odds_preview`, every shift included, with what the side knows:
the defenders are the units of the stacks it sees there). Targets are taken from the best odds
down; a target is attacked when the stacks not yet given an order reach at least
``GOOD_ODDS`` there (scaled by the style: a bolder AI accepts lower odds), and every one of
them is ordered in. A stack that would attack from a hex the plan already fills to the
stacking limit is left out (OH9).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ... import fog
from ...ai.baseline import ATTACK_RATIO
from ...errors import IllegalAction
from ...operational import AttackSpec, OpBoard, OpUnit, fits, odds_preview
from ..orders import Order, OrderAttack
from ..plan import attack_routes
from . import state

if TYPE_CHECKING:
    from ...ai.baseline import Style
    from ...game import Game

GOOD_ODDS = 2.0
"""Final odds (2:1) the AI wants before it attacks, at the default style."""


def attacks(game: Game, side: str, style: Style) -> list[Order]:
    """The side's attack orders for this turn, best odds first."""
    board = state.board_of(game)
    threshold = GOOD_ODDS * style.attack_ratio / ATTACK_RATIO
    units = state.units(game)
    seen = _seen(game, side, units)
    stacks = sorted(
        (s for s in game.state.stacks.values() if s.side == side),
        key=lambda s: s.id,
    )
    options: dict[str, list[tuple[str, tuple[str, ...]]]] = {}
    for stack in stacks:
        if not any(u in units for u in stack.units) or stack.moved:
            continue
        for target, route in attack_routes(game, stack).items():
            options.setdefault(target, []).append((stack.id, route.path))
    given: dict[str, Order] = {}
    load: dict[int, list[OpUnit]] = {}
    while True:
        best: tuple[float, str, list[tuple[str, tuple[str, ...]]]] | None = None
        for target, comers in sorted(options.items()):
            free = [(s, p) for s, p in comers if s not in given]
            odds = _odds(game, board, units, seen, side, target, free, load)
            if odds is not None and (best is None or odds > best[0]):
                best = (odds, target, free)
        if best is None or best[0] < threshold:
            break
        _, target, free = best
        for stack_id, path in free:
            given[stack_id] = OrderAttack(stack_id, target, path)
            stack = game.state.stacks[stack_id]
            end = board.index(path[-1]) if path else board.index(stack.region)
            load.setdefault(end, []).extend(units[u] for u in stack.units if u in units)
        del options[target]
    return [given[s] for s in sorted(given)]


def _seen(game: Game, side: str, units: dict[str, OpUnit]) -> dict[str, OpUnit]:
    """The enemy units ``side`` sees the content of (the fog of war), by id."""
    out: dict[str, OpUnit] = {}
    for stack in game.state.stacks.values():
        if stack.side == side or fog.view_of(game, stack, side) != "full":
            continue
        out.update({u: units[u] for u in stack.units if u in units})
    return out


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
    defenders = {k: u for k, u in seen.items() if u.hex == where}
    if not defenders:
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
    if not attackers:
        return None
    spec = AttackSpec(tuple(sorted(attackers)), where)
    try:
        return odds_preview(board, {**defenders, **attackers}, spec).final_odds
    except IllegalAction:
        return None
