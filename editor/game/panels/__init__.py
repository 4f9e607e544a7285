"""The game view's panels: the selected stack, the hand, battles, decisions, the turn summary,
the log, the statistics over time, and the hot-seat cover.

Each panel is a view of a :class:`~editor.game.session.GameSession`: it listens to its
signals and acts only through ``session.apply``. The window docks them; every panel emits
``needsAttention`` when the player has something new to do in it (a battle, a mandatory card,
a reinforcement to place...), on screen or not, so the window can raise its dock. Docked
beside the map (tall) or below it (wide), the battle panel and the hand lay themselves out
for the room they get.
"""

from __future__ import annotations

from editor.game.panels.battle_panel import BattlePanel
from editor.game.panels.decision_panel import DecisionPanel
from editor.game.panels.hand_panel import HandPanel
from editor.game.panels.handover import HandoverScreen
from editor.game.panels.log_panel import LogPanel
from editor.game.panels.stack_panel import StackPanel
from editor.game.panels.stats_panel import StatsPanel
from editor.game.panels.turn_summary import TurnSummary

__all__ = [
    "BattlePanel",
    "DecisionPanel",
    "HandPanel",
    "HandoverScreen",
    "LogPanel",
    "StackPanel",
    "StatsPanel",
    "TurnSummary",
]
