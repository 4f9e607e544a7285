"""The operational rules family in WEGO play (docs/rules-operational.md, "Played in WEGO turns").

This package is the one place where the WEGO turn machinery (:mod:`engine.wego`) reaches the
operational rules (:mod:`engine.operational`); the shared WEGO modules call it only behind
:func:`active` (an import-linter contract keeps them from importing the rules directly):

- :mod:`.state`: the units' operational state kept in ``GameState.operational`` (saved with
  the game) and the board, as the rules' records;
- :mod:`.movement`: what a route costs a stack while planning, and a step during execution;
- :mod:`.execute`: the execution phase (movement ticks with zones of control, battles);
- :mod:`.combat`: battles with the odds combat, retreats and advances;
- :mod:`.turn`: the end of a turn (readiness, dug-in, location VP) and the end of the game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ...game import Game


def active(game: Game) -> bool:
    """Whether ``game`` plays the operational rules family."""
    return game.scenario.rules.family == "operational"
