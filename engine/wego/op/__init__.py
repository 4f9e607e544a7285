"""The operational rules family in WEGO play (docs/rules-operational.md, "Played in WEGO turns").

This package is the one place where the WEGO turn machinery (:mod:`engine.wego`) reaches the
operational rules (:mod:`engine.operational`); the shared WEGO modules reach it only through
:mod:`engine.wego.family` (an import-linter contract keeps every other path closed):

- :mod:`.state`: the units' operational state kept in ``GameState.operational`` (saved with
  the game) and the board, as the rules' records;
- :mod:`.movement`: what a route costs a stack while planning, and a step during execution;
- :mod:`.execute`: the execution phase (movement ticks with zones of control, battles);
- :mod:`.combat`: battles with the odds combat, retreats and advances;
- :mod:`.turn`: the end of a turn (readiness, dug-in, location VP) and the end of the game.
"""
