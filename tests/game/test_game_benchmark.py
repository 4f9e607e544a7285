"""The game view's benchmark keeps running: it calls the view's code the way the budgets are
measured (``benchmarks/game.py``), and nothing else in the suite would notice an API it uses
going away."""

from __future__ import annotations

from editor.game.session import GameSession
from editor.shared.app import application
from tests.benchmark_scripts import load_script


def test_the_per_part_refresh_measure_runs_on_a_game(qtbot, sample) -> None:
    game_bench = load_script("game")
    session = GameSession.new(sample, {"dravan": "ai", "arvel": "ai"}, seed=1)
    session.run_ai_until_human(limit=200)
    found = game_bench.measure_refresh(application(), session)
    assert {"map", "top bar", "HandPanel", "BattlePanel"} <= set(found)
    assert all(ms >= 0 for ms in found.values())
