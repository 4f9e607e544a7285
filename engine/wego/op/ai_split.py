"""The AI's split attacks (OO1): a stack next to two enemy hexes that each half of it could
attack at good odds detaches one half, and the plan sends each half against its own hex.

A WEGO order moves a stack whole, so a stack of several units next to two hexes holding
enemies attacks one of them, however strong it is. Before its orders the side looks at each
of its stacks that (all of them):

- has two units or more, no HQ (an HQ never attacks, :func:`.ai.hq_orders`) and has not moved;
- was not detached, joined or left by a detachment this turn (one split a stack a turn, and
  never the rest of a garrison, :mod:`.ai_parts`);
- does not stand on a victory location of its side (two stacks leaving it would leave it
  empty; a stack there alone attacks without advancing, :mod:`.ai_orders`);
- stands next to two hexes or more holding enemies it sees that it may attack from where it
  stands (no move: the halves need not share a road or fit a hex elsewhere, OH9).

For such a stack every way of cutting it in two (of up to ``MAX_UNITS`` units; a bigger
stack is left whole) is weighed against every pair of different hexes next to it: each half
alone must reach the odds the planner asks of an attack (:data:`.ai.GOOD_ODDS` scaled by the
style, with the side's picture of the defenders, :func:`.ai._seen`, and every shift
included, :func:`engine.operational.odds_preview`). Of the cuts that do, the one whose
weaker attack has the best odds is taken (ties: the smaller part detached, then the units'
ids), so a seed fixes it. The part detached is the smaller half (ties: the half without the
stack's first unit by id); the rest keeps the stack.

The plan then pins each half to its hex (:func:`pins`): the planner of :mod:`.ai` offers the
half that target only, and other stacks may still join either attack. The pin is found again
from this turn's ``op_detach`` records: a pair of stacks still standing as they were
detached, for which the same rule, asked of their units together, gives the same cut. A
detachment made for another reason (a garrison, a person's) therefore pins nothing.

``normal`` and ``hard`` split (:attr:`engine.wego.tactics.Judgement.split`); ``baseline`` and
``easy`` do not.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING

from ...ai.baseline import ATTACK_RATIO
from ..plan import attack_routes, seen_enemies
from ..route_finding import enemy_forts
from . import state
from .actions import Detach
from .ai_orders import _on_location
from .detach import _this_turn

if TYPE_CHECKING:
    from ...ai.baseline import Style
    from ...game import Game
    from ...operational import OpBoard, OpUnit
    from ...state import StackState

MAX_UNITS = 6
"""Units: a bigger stack is not split (the cuts weighed grow as 2 to the power of its
units)."""


@dataclass(frozen=True)
class Split:
    """A cut of one stack: the part detached and the rest, each with the hex it attacks."""

    part: tuple[str, ...]
    part_target: str
    rest: tuple[str, ...]
    rest_target: str
    odds: tuple[float, float]
    """The odds of the part's attack and of the rest's."""


def threshold(style: Style) -> float:
    """The odds an attack of the side needs (as :func:`.ai.attacks` asks them)."""
    from .ai import GOOD_ODDS

    return GOOD_ODDS * style.attack_ratio / ATTACK_RATIO


def splits(style: Style) -> bool:
    """Whether the level splits stacks to attack two hexes."""
    from ..ai import judgement

    return judgement(style).split


class _Picture:
    """What the rule reads of one side's map, once per call: its units, the enemies as it
    knows them, the odds already worked out."""

    def __init__(self, game: Game, side: str, needed: float) -> None:
        from .ai import _seen

        self.game = game
        self.side = side
        self.needed = needed
        self.board: OpBoard = state.board_of(game)
        self.units: dict[str, OpUnit] = state.units(game)
        self.seen = _seen(game, side, self.units)
        self._odds: dict[tuple[tuple[str, ...], str], float | None] = {}

    def odds(self, group: tuple[str, ...], target: str) -> float | None:
        """The final odds of ``group`` attacking ``target`` from where it stands, as the
        side knows the defenders (``None``: no attack can be made)."""
        key = (group, target)
        if key not in self._odds:
            self._odds[key] = self._work_out(group, target)
        return self._odds[key]

    def _work_out(self, group: tuple[str, ...], target: str) -> float | None:
        from .ai import group_odds

        attackers = {u: self.units[u] for u in group if u in self.units}
        return group_odds(self.board, self.seen, self.board.index(target), attackers)

    def best(self, units: tuple[str, ...], targets: list[str]) -> Split | None:
        """The best cut of ``units`` (sorted) over ``targets`` (see the module docstring)."""
        if not 2 <= len(units) <= MAX_UNITS or len(targets) < 2:
            return None
        found: tuple[tuple[float, int, tuple[str, ...]], Split] | None = None
        for size in range(1, len(units) // 2 + 1):
            for part in combinations(units, size):
                rest = tuple(u for u in units if u not in part)
                if len(part) == len(rest) and units[0] in part:
                    continue  # an even cut is weighed once, its part without the first unit
                for aim_part in targets:
                    odds_part = self.odds(part, aim_part)
                    if odds_part is None or odds_part < self.needed:
                        continue
                    for aim_rest in targets:
                        if aim_rest == aim_part:
                            continue
                        odds_rest = self.odds(rest, aim_rest)
                        if odds_rest is None or odds_rest < self.needed:
                            continue
                        key = (-min(odds_part, odds_rest), size, part)
                        if found is None or key < found[0]:
                            split = Split(part, aim_part, rest, aim_rest, (odds_part, odds_rest))
                            found = (key, split)
        return found[1] if found is not None else None


def _targets(game: Game, stack: StackState) -> set[str]:
    """The hexes holding enemies ``stack`` may attack from where it stands."""
    return {t for t, route in attack_routes(game, stack).items() if not route.path}


def _regrouped(game: Game, side: str) -> set[str]:
    """The side's units whose stack a detachment or a join changed this turn."""
    out: set[str] = set()
    for record in _this_turn(game):
        if record.get("side_id") != side:
            continue
        if record.get("type") == "op_detach":
            out.update(record["units"], record["rest"])
        elif record.get("type") == "op_join":
            out.update(u for part in record["parts"] for u in part)
    return out


def split_actions(game: Game, side: str, style: Style) -> list[Detach]:
    """OO1: the detachments that let the side attack two hexes with one stack this turn (see
    the module docstring), at most one a stack."""
    if not splits(style):
        return []
    from . import supply

    command = supply.tree(game)
    regrouped = _regrouped(game, side)
    enemies = seen_enemies(game, side) | enemy_forts(game, side)  # attack_routes' targets
    candidates: list[tuple[StackState, list[str]]] = []
    for stack in sorted(game.state.stacks.values(), key=lambda s: s.id):
        if stack.side != side or stack.moved or not 2 <= len(stack.units) <= MAX_UNITS:
            continue
        if any(command.is_hq(u) for u in stack.units) or regrouped.intersection(stack.units):
            continue
        if _on_location(game, stack.region, side):
            continue
        if len({n.to for n in game.world.neighbours(stack.region) if n.to in enemies}) < 2:
            continue  # read before its routes are worked out: most stacks stop here
        near = sorted(_targets(game, stack))
        if len(near) >= 2:
            candidates.append((stack, near))
    if not candidates:
        return []  # the common case, found before the side's picture is read
    picture = _Picture(game, side, threshold(style))
    out: list[Detach] = []
    for stack, near in candidates:
        if not all(u in picture.units for u in stack.units):
            continue
        split = picture.best(tuple(sorted(stack.units)), near)
        if split is None:
            continue
        action = Detach(split.part)
        if game.is_legal(action):
            out.append(action)
    return out


def pins(game: Game, side: str, style: Style) -> dict[str, str]:
    """The side's stacks split this turn to attack two hexes, each with the hex its half
    attacks (see the module docstring); empty at a level that does not split."""
    if not splits(style):
        return {}
    pairs: list[tuple[StackState, StackState]] = []
    for record in _this_turn(game):
        if record.get("type") != "op_detach" or record.get("side_id") != side:
            continue
        part = _intact(game, record["units"])
        rest = _intact(game, record["rest"])
        if part is None or rest is None or part.region != rest.region:
            continue
        if part.moved or rest.moved:
            continue
        pairs.append((part, rest))
    if not pairs:
        return {}
    picture = _Picture(game, side, threshold(style))
    out: dict[str, str] = {}
    for part, rest in pairs:
        near = sorted(_targets(game, part) & _targets(game, rest))
        units = tuple(sorted((*part.units, *rest.units)))
        if not all(u in picture.units for u in units):
            continue
        split = picture.best(units, near)
        if split is None or sorted(split.part) != sorted(part.units):
            continue
        out[part.id] = split.part_target
        out[rest.id] = split.rest_target
    return out


def _intact(game: Game, units: list[str]) -> StackState | None:
    """The stack holding ``units`` and no other unit, if there is one."""
    first = game.state.units.get(units[0]) if units else None
    stack = game.state.stacks.get(first.stack or "") if first is not None else None
    if stack is None or sorted(stack.units) != sorted(units):
        return None
    return stack
