"""Game view budgets (issue 5): from Play to the first phase on screen, and an AI player-turn
shown at the fastest speed, on the bundled sample.

Run from the repository root (``benchmarks/run.py`` runs it with every other budget):

    .venv/bin/python benchmarks/game.py          # the numbers, as JSON

Everything is measured in a fresh process, so the first Play pays what it pays for a
designer: importing the game view (and pyqtgraph) on first use. "On screen" means the event
queue has been drained and the whole window rendered once (``QWidget.grab``), which is the
work a real screen would make Qt do before the picture shows.

An AI player-turn is timed from the person's last action of their player-turn (the moment
the AI's timer starts) to the session handing the next decision back to the person, with
the window repainted: the AI thinking, the engine applying, and every panel and the map
following along as they do at the fastest speed. The person's own turns are played by the
baseline AI through the session, as clicks would. The cost of one refresh is then split
between the map and each panel, built alone on the same game, so a missed budget says
which part is slow.
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.timing import in_fresh_process  # noqa: E402

SAMPLE = ROOT / "sample_scenarios" / "vessa-crossing.json"
WINDOW = (1500, 940)


def _drain(app: Any, widget: Any) -> None:
    """Let Qt finish what it queued, then render the widget as a screen would."""
    app.processEvents()
    widget.grab()


def measure_play(app: Any, repeats: int) -> dict[str, Any]:
    """Press Play in the studio, press Start in the dialog, wait for the first phase."""
    from editor.shared.app import settle
    from editor.studio.window import StudioWindow

    studio = StudioWindow(autosave_ms=3_600_000)
    studio.resize(*WINDOW)
    assert studio.files.open_path(SAMPLE, ask=False)
    studio.show()
    settle(studio)
    runs = []
    for _ in range(repeats):
        start = time.perf_counter()
        studio.play_action.trigger()
        from editor.studio.play import StudioPlay

        player = studio.findChild(StudioPlay, "studio-play")
        dialog = player.dialog
        _drain(app, dialog)
        asked = time.perf_counter()
        dialog.start_button.click()
        window = player.game_window
        window.resize(*WINDOW)
        _drain(app, window)
        shown = time.perf_counter()
        runs.append({"dialog_s": asked - start, "game_s": shown - asked, "total_s": shown - start})
        window.close()
        app.processEvents()
    studio.files.discard_session()
    studio.close()
    return {"cold": runs[0], "warm": min(runs[1:], key=lambda r: r["total_s"], default=runs[0])}


class _Timed:
    """Wraps a callable and adds up the time spent in it."""

    def __init__(self, work: Callable[..., Any]) -> None:
        self.work, self.seconds = work, 0.0

    def __call__(self, *args: Any) -> Any:
        start = time.perf_counter()
        try:
            return self.work(*args)
        finally:
            self.seconds += time.perf_counter() - start


def measure_ai_turns(app: Any, seed: int = 1) -> dict[str, Any]:
    """Every AI player-turn of a whole game of the sample, Dravan a person, Arvel the AI."""
    from PySide6.QtCore import QEventLoop, QTimer

    from editor.game.launch import show_game
    from editor.game.session import GameSession
    from engine.ai import BaselineAI
    from schemas.io import load_file

    scenario = load_file(SAMPLE).scenario
    session = GameSession.new(scenario, {"dravan": "human", "arvel": "ai"}, seed=seed)
    session.set_speed("fastest")
    window = show_game(session, "vessa-crossing", leave_text="Close")
    window.resize(*WINDOW)
    _drain(app, window)
    game, person = session.game, BaselineAI()
    thinking = _Timed(session.ai.choose)
    applying = _Timed(game.apply)
    session.ai.choose = thinking  # type: ignore[method-assign]
    game.apply = applying  # type: ignore[method-assign]
    loop = QEventLoop()
    session.toAct.connect(lambda _side: loop.quit())
    session.finished.connect(lambda _outcome: loop.quit())
    turns: list[dict[str, float]] = []
    while not session.over:
        side = session.human_to_act()
        if side is None:  # the AI's card window in the middle of the person's turn
            QTimer.singleShot(30_000, loop.quit)
            loop.exec()
            continue
        active = game.active_side
        action = person.choose(game)
        ai_turn_next = active == "dravan" and _ends_player_turn(game, action)
        if not ai_turn_next:
            session.apply(action)
            continue
        engine_before = thinking.seconds + applying.seconds
        start = time.perf_counter()
        session.apply(action)
        if not session.over and session.human_to_act() is None:
            QTimer.singleShot(30_000, loop.quit)
            loop.exec()
        _drain(app, window)
        total = time.perf_counter() - start
        engine = thinking.seconds + applying.seconds - engine_before
        turns.append({"turn": game.turn, "total_s": total, "engine_s": engine})
    breakdown = measure_refresh(app, session)
    window.close()
    app.processEvents()
    slowest = max(turns, key=lambda t: t["total_s"])
    return {
        "turns": len(turns),
        "slowest_s": slowest["total_s"],
        "slowest_turn": slowest["turn"],
        "slowest_engine_s": slowest["engine_s"],
        "median_s": statistics.median(t["total_s"] for t in turns),
        "refresh_ms": breakdown,
    }


def _ends_player_turn(game: Any, action: Any) -> bool:
    """Whether ``action`` is the EndPhase that closes the player-turn (the AI's turn follows)."""
    phases = game.phases_of(game.turn)
    return action.kind == "end_phase" and game.state.phase_index == len(phases) - 1


def measure_refresh(app: Any, played: Any) -> dict[str, float]:
    """What one ``changed`` signal costs each part of the view, repaint included (ms).

    Each part is built alone on a copy of the game as it ended, shown at the size the window
    gives it, and timed over a few refreshes.
    """
    from PySide6.QtWidgets import QWidget

    from editor.game import panels
    from editor.game.map.view import GameMapView
    from editor.game.session import GameSession
    from editor.game.topbar import TopBar

    data = played.save_data()
    scenario = played.game.scenario
    parts: dict[str, tuple[Callable[[Any], QWidget], tuple[int, int]]] = {
        "map": (GameMapView, (1100, 700)),
        "top bar": (TopBar, (1500, 40)),
    }
    for name in ("StackPanel", "HandPanel", "DecisionPanel", "BattlePanel", "TurnSummary"):
        factory = getattr(panels, name, None)
        if factory is not None:
            parts[name] = (factory, (400, 400))
    out = {}
    for name, (factory, size) in parts.items():
        session = GameSession.from_save(scenario, data)
        widget = factory(session)
        widget.resize(*size)
        widget.show()
        _drain(app, widget)
        times = []
        for _ in range(5):
            start = time.perf_counter()
            session.changed.emit()
            _drain(app, widget)
            times.append(time.perf_counter() - start)
        out[name] = min(times) * 1000
        widget.close()
        widget.deleteLater()
        app.processEvents()
    return out


def measure_first_frame(app: Any, repeats: int) -> dict[str, float]:
    """The game map of the sample, from its making to its first picture (budget 300 ms): a
    1400 x 900 view of a new game, shown and grabbed. The first run pays for what the map
    builds once per process; the best of the later ones is given too."""
    from editor.game.map_view import GameMapView

    from editor.game.session import GameSession
    from schemas.io import load_file

    scenario = load_file(SAMPLE).scenario
    runs = []
    for _ in range(max(2, repeats)):
        session = GameSession.new(scenario, {"dravan": "human", "arvel": "ai"}, seed=1)
        start = time.perf_counter()
        view = GameMapView(session)
        view.resize(1400, 900)
        view.show()
        view.grab()
        runs.append(time.perf_counter() - start)
        view.close()
        view.deleteLater()
        app.processEvents()
    return {"first_s": runs[0], "best_s": min(runs[1:])}


def measure(repeats: int) -> dict[str, Any]:
    """The budgets measured in one fresh process; run by :func:`bench`."""
    from PySide6.QtWidgets import QApplication

    from editor.shared.app import application

    app = application()
    assert isinstance(app, QApplication)
    return {
        "play": measure_play(app, repeats),
        "first_frame": measure_first_frame(app, repeats),
        "ai": measure_ai_turns(app),
    }


WHOLE_GAME = (
    "tests/game/test_whole_game.py::test_a_whole_game_played_through_the_window_against_the_ai"
)
"""The test playing a whole game of the sample through the window (one side scripted on the
real widgets, the other the AI at the fastest speed): its own duration is the measure."""


def measure_whole_game() -> dict[str, Any]:
    """How long the whole-game test's game takes (budget 60 s), from pytest's own timing of
    the test's call, in a fresh process."""
    import subprocess
    import tempfile
    import xml.etree.ElementTree as ElementTree

    with tempfile.TemporaryDirectory() as folder:
        report = Path(folder) / "report.xml"
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "pytest",
                "-q",
                "-p",
                "no:cacheprovider",
                "-o",
                "junit_duration_report=call",
                f"--junitxml={report}",
                WHOLE_GAME,
            ],
            capture_output=True,
            text=True,
            check=False,
            cwd=ROOT,
            env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
        )
        if done.returncode != 0:
            raise SystemExit(f"the whole-game test failed: {done.stdout[-3000:]}")
        case = ElementTree.parse(report).getroot().find(".//testcase")
        assert case is not None
        return {"game_s": float(case.get("time", "nan"))}


def bench(repeats: int = 3) -> dict[str, Any]:
    found = in_fresh_process(__file__, ["--measure", str(repeats)], "the game view benchmark")
    found["whole_game"] = measure_whole_game()
    return found


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--measure":
        print(json.dumps(measure(int(sys.argv[2]))))
    else:
        print(json.dumps(bench(), indent=2))
