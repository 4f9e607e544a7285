"""The rules engine: plays a scenario under the SGS-style rules. Never imports Qt.

game = Game(scenario, seed=7)
while game.outcome() is None:
    game.apply(choose(game.legal_actions()))
"""

from .actions import Action
from .errors import IllegalAction, SaveError
from .game import Game
from .outcome import Outcome, Termination
from .wego import orders as _wego_orders  # noqa: F401  (registers the WEGO orders as actions)
from .wego.op import actions as _op_actions  # noqa: F401  (and the operational supply actions)

__all__ = ["Action", "Game", "IllegalAction", "Outcome", "SaveError", "Termination"]
