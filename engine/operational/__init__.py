"""The operational rules family (docs/rules-operational.md): hex maps, valued zones of
control, odds-based combat with intensity and shifts, readiness and shock.

It shares the map (``schemas.hexgrid``), the die (:class:`engine.dice.Dice`), the event log
(:class:`engine.log.EventLog`) and the errors with the rest of the engine, and never imports
the area family's rules (an import-linter contract in ``pyproject.toml``).

Entry points, for the WEGO execution and the game view:

- :meth:`OpBoard.of(scenario) <.board.OpBoard.of>` and :func:`units_of`: the map and units;
- :func:`zoc` / :func:`zoc_value`: a side's zone of control (OM10);
- :func:`step_cost` / :func:`movement_cost`, :func:`affordable`, :func:`effective_mp`,
  :func:`fits`: movement (OM1-OM4, OM11-OM13);
- :func:`odds_preview` and :func:`resolve_attack` with an :class:`AttackSpec` (OC2-OC20);
- :func:`end_of_turn`, :func:`spend_movement`: readiness over time (OU7-OU11, OM19);
- :mod:`.aftercombat`: retreats, holds and advances (OC21-OC24, OC27);
- :mod:`.victory`: kill and location VP, the winner (OV1-OV4).

The WEGO execution plays them through :mod:`engine.wego.op` (docs/rules-operational.md).
"""

from .battle import BattleResult, resolve_attack
from .board import NotOperational, OpBoard
from .movement import (
    StepCost,
    affordable,
    effective_mp,
    fits,
    movement_cost,
    stacking_limit,
    step_cost,
)
from .odds import AttackSpec, OddsPreview, Shift, odds_preview, odds_text, shifted
from .readiness import apply_damage, end_of_turn, movement_loss, spend_movement
from .units import OpUnit, make_unit, units_of
from .zoc import ZocField, enemy_zoc, entry_cost, zoc, zoc_value

__all__ = [
    "AttackSpec",
    "BattleResult",
    "NotOperational",
    "OddsPreview",
    "OpBoard",
    "OpUnit",
    "Shift",
    "StepCost",
    "ZocField",
    "affordable",
    "apply_damage",
    "effective_mp",
    "end_of_turn",
    "enemy_zoc",
    "entry_cost",
    "fits",
    "make_unit",
    "movement_cost",
    "movement_loss",
    "odds_preview",
    "odds_text",
    "resolve_attack",
    "shifted",
    "spend_movement",
    "stacking_limit",
    "step_cost",
    "units_of",
    "zoc",
    "zoc_value",
]
