"""Supply phase (S2-S5): the active side's stacks are checked against its lines, and those cut
off pay for it.

Cards of the supply timing are played at the start of this phase and can change the verdict
(a source reopened, a bonus to survival). So when the side holds such a card it could play
now, the check waits for the card window to be used and runs as the phase ends; otherwise it
runs as soon as the phase opens.

Record types (besides ``eliminated`` and ``withdrawn`` from :mod:`engine.board`):

* ``supply_deferred`` ``{side_id}``: the check waits for the supply card window;
* ``supply_logistics`` ``{stack, region, consumed}``: logistic units used up to feed a stack;
* ``supply_artillery_lost`` ``{unit, region, stage}``: artillery lost at a stage that says so;
* ``supply_survival`` ``{unit, region, stage, roll, target, hit, strength}``: one survival test
  (``hit`` when the roll beat the target; ``strength`` after the test);
* ``supply`` ``{side_id, supplied, by_logistics, unsupplied, units_unsupplied}``: the outcome,
  in stacks (and units found out of supply).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import board, cards, supply
from ..actions import PlayCard
from ..state import StackState, UnitState
from ..supply_graph import graph
from .base import Phase

if TYPE_CHECKING:
    from ..game import Game

_PENDING = "supply_pending"
"""Key in ``GameState.stats`` while the check waits for the card window (saved with it)."""


class Supply(Phase):
    name = "supply"
    card_timing = "supply"

    def begin(self, game: Game) -> None:
        side = game.active_side
        if any(isinstance(a, PlayCard) for a in cards.playable_actions(game)):
            game.state.stats[_PENDING] = side
            game.record("supply_deferred", side_id=side)
            return
        resolve(game, side)

    def end(self, game: Game) -> None:
        if game.state.stats.pop(_PENDING, None) is not None:
            resolve(game, game.active_side)


def resolve(game: Game, side: str) -> dict[str, int]:
    """Check every stack of ``side`` and apply S2-S4; returns the counts it records."""
    units = game.state.units
    for unit in units.values():
        if unit.side == side:
            unit.supplied_by_logistics = False
    # Every stack is judged against the net as it stood when the phase opened: a logistic unit
    # used up or a unit lost here must not change the verdict of stacks judged after it.
    net = supply.lines(game, side)
    consumed = game.scenario.rules.supply.logistics_consumed
    supplied = by_logistics = 0
    cut_off: list[tuple[StackState, list[str]]] = []
    for stack in [s for s in game.state.stacks.values() if s.side == side]:
        if supply.in_fortified_structure(game, stack) or net.covers(stack.region):
            _fed(units, stack.units)
            supplied += 1
            continue
        needy = [u for u in stack.units if supply.needs_supply(game, u)]
        _fed(units, [u for u in stack.units if u not in needy])
        if not needy:
            supplied += 1
        elif _use_logistics(game, stack, needy, consumed):
            by_logistics += 1
        else:
            cut_off.append((stack, needy))
    hungry = 0
    for stack, needy in cut_off:
        region = stack.region
        for unit_id in needy:
            unit = units[unit_id]
            if unit.status == "active":
                hungry += 1
                _go_without(game, unit, region)
    game.state.unsupplied_regions[side] = sorted({stack.region for stack, _ in cut_off})
    counts = {
        "supplied": supplied,
        "by_logistics": by_logistics,
        "unsupplied": len(cut_off),
        "units_unsupplied": hungry,
    }
    game.record("supply", side_id=side, **counts)
    return counts


def _fed(units: dict[str, UnitState], unit_ids: list[str]) -> None:
    for unit_id in unit_ids:
        units[unit_id].unsupplied = 0


def _use_logistics(game: Game, stack: StackState, needy: list[str], consumed: int) -> bool:
    """Feed a cut-off stack from its own logistic units (S3), if it has enough of them and
    someone besides them is left to feed."""
    units = game.state.units
    columns = [u for u in stack.units if u in graph(game.world).logistics]
    if not columns or len(columns) < consumed or len(needy) <= consumed:
        return False
    # Worn columns go first: a full-strength one is worth more as a relay afterwards.
    order = {u: i for i, u in enumerate(stack.units)}
    used = sorted(columns, key=lambda u: (units[u].strength, order[u]))[:consumed]
    stack_id, region = stack.id, stack.region
    for unit_id in used:
        board.withdraw(game, unit_id, "supply consumed")
    for unit_id in needy:
        if unit_id not in used:
            units[unit_id].unsupplied = 0
            units[unit_id].supplied_by_logistics = True
    game.record("supply_logistics", stack=stack_id, region=region, consumed=used)
    return True


def _go_without(game: Game, unit: UnitState, region: str) -> None:
    """One more supply phase out of supply for a unit, with its stage's losses (S4).

    Leaders and aircraft only count the phases (grounded aircraft, no replacements); the stage
    effects and the survival test are for land units.
    """
    unit.unsupplied += 1
    stage = supply.stage_for(game.scenario.rules.supply, unit.unsupplied)
    if stage is None or unit.leader or unit.domain != "land":
        return
    if stage.eliminate_artillery and unit.id in graph(game.world).artillery:
        game.record("supply_artillery_lost", unit=unit.id, region=region, stage=stage.turns)
        board.eliminate(game, unit.id, "out of supply")
        return
    target = supply.survival_target(game, unit.id, stage)
    roll = game.dice.roll()
    hit = roll > target
    if hit:
        unit.strength -= 1
    game.record(
        "supply_survival",
        unit=unit.id,
        region=region,
        stage=stage.turns,
        roll=roll,
        target=target,
        hit=hit,
        strength=max(unit.strength, 0),
    )
    if hit and unit.strength <= 0:
        board.eliminate(game, unit.id, "out of supply")
