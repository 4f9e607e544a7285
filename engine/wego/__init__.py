"""WEGO turns: both sides plan at once, the engine carries the plans out together, and every
execution is recorded as a film (docs/wego.md).

``plan`` (the planning phase and its hidden orders), ``orders`` (the order actions),
``execute`` (the execution phase, tick by tick), ``film`` (frames and statistics from the
event log), ``views`` (what a side may see of plans, logs and saves), ``ai`` (the baseline
AI's plans), ``game`` (:class:`~engine.wego.game.WegoGame`, the turn loop), ``save_models``
(a saved plan).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..game import Game


def is_wego(game: Game) -> bool:
    """Whether ``game`` plays WEGO turns."""
    return game.scenario.calendar.turn_system == "wego"
