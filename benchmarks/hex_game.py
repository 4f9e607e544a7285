"""A hex scenario in the game view: the first picture and a refresh, on a 40 x 30 hex map
(1,200 hexes), as ratios to the same measures on the bundled sample (the floor, measured in
the same run).

    .venv/bin/python benchmarks/hex_game.py          # the numbers, as JSON
    .venv/bin/python benchmarks/run.py --only hex-game

The map is the generator's 40 x 30 hex map (seed 0: rivers, roads, 108 towns and forts, 279
units). "First picture" is building the game window on a new session and rendering it once
(``QWidget.grab``), as a screen would make Qt draw it; "refresh" is the map following one
move of the AI (the scene comparing every stack with what it shows, redrawing what changed,
the view repainted). Both are CPU time of the UI thread, so other engineers' work on the
shared machine does not count; the floor is the same two measures on the bundled sample's
map of 61 regions, so each ratio says what the hex map costs beyond a small area map.
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

SAMPLE = ROOT / "sample_scenarios" / "vessa-crossing.json"
WINDOW = (1500, 940)
FIRST_BUDGET = 4.0
"""The hex map's first picture, in first pictures of the sample."""
REFRESH_BUDGET = 4.0
"""A refresh of the hex map after a move, in refreshes of the sample."""


def _cpu(work: Any) -> float:
    start = time.thread_time()
    work()
    return time.thread_time() - start


def measure(scenario: Any, repeats: int) -> dict[str, float]:
    """Best of ``repeats``: the window's first picture, and a refresh after a move."""
    from PySide6.QtWidgets import QApplication

    from editor.game.session import GameSession
    from editor.game.window import GameWindow
    from engine.actions import Move
    from engine.ai import BaselineAI

    app = QApplication.instance() or QApplication([])
    sides = [s.id for s in scenario.sides if not s.neutral]
    firsts, refreshes, walls = [], [], []
    for _ in range(repeats):
        session = GameSession.new(scenario, {sides[0]: "human", sides[1]: "ai"}, seed=1)
        session.set_paused(True)
        holder: dict[str, Any] = {}

        def first(session: Any = session, holder: dict[str, Any] = holder) -> None:
            window = GameWindow(session, stem="bench")
            window.resize(*WINDOW)
            window.show()
            app.processEvents()
            window.grab()
            holder["window"] = window

        wall = time.perf_counter()
        firsts.append(_cpu(first))
        walls.append(time.perf_counter() - wall)
        window = holder["window"]
        game, ai = session.game, BaselineAI()
        # Play on to a move (the AI deciding for everyone), then time the map following it.
        for _ in range(2000):
            action = ai.choose(game)
            game.apply(action)
            if isinstance(action, Move):
                break
        view = window.map_view

        def refresh(view: Any = view) -> None:
            view.refresh()
            view.viewport().grab()

        refreshes.append(_cpu(refresh))
        window.close()
        window.deleteLater()
        app.processEvents()
    return {"first_s": min(firsts), "first_wall_s": min(walls), "refresh_s": min(refreshes)}


def bench(repeats: int = 3) -> dict[str, Any]:
    from schemas.generator import generate_hex_scenario
    from schemas.io import load_file

    sample = load_file(SAMPLE).scenario
    hexes = generate_hex_scenario(40, 30, seed=0)
    measure(sample, 1)  # imports, fonts and caches paid once, by neither side
    floor = measure(sample, repeats)
    found = measure(hexes, repeats)
    return {
        "hexes": 40 * 30,
        "stacks": len(hexes.units),
        "floor": floor,
        "hex": found,
        "first_ratio": found["first_s"] / floor["first_s"],
        "refresh_ratio": found["refresh_s"] / floor["refresh_s"],
    }


if __name__ == "__main__":
    print(json.dumps(bench(int(sys.argv[1]) if len(sys.argv) > 1 else 3)))
