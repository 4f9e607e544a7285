"""Regenerate the pictures used by the README and the docs.

Run from the repository root:  .venv/bin/python docs/images/make_images.py
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from PySide6.QtCore import Qt  # noqa: E402

from editor.shared.app import application, settle  # noqa: E402
from editor.shared.preview import render_map  # noqa: E402
from schemas.generator import generate_scenario  # noqa: E402
from schemas.io import load_file  # noqa: E402

OUT = ROOT / "docs" / "images"


def studio_pictures() -> None:
    """The studio on the bundled sample: the map with a region selected, then section editors."""
    os.environ["SALIENT_STATE_DIR"] = str(ROOT / "benchmarks" / ".cache" / "image-state")
    from editor.studio.window import StudioWindow

    window = StudioWindow()
    window.resize(1500, 920)
    window.files.open_path(ROOT / "sample_scenarios" / "vessa-crossing.json", ask=False)
    window.show()
    settle(window)
    document = window.document
    document.select("regions", ["salthaven"])
    settle(window)
    window.grab().save(str(OUT / "studio.png"))
    document.select("cards", [document.scenario.cards[1].id])
    window.open_section("decks")
    window.resizeDocks([window.section_docks["decks"]], [430], Qt.Orientation.Vertical)
    settle(window)
    window.grab().save(str(OUT / "studio-decks.png"))
    window.open_section("schedule")
    window.resizeDocks([window.section_docks["schedule"]], [430], Qt.Orientation.Vertical)
    settle(window)
    window.grab().save(str(OUT / "studio-schedule.png"))
    window.files.discard_session()
    window.close()


def game_pictures() -> None:
    """The game view on the bundled sample, Dravan played by a person against the AI: a stack
    selected in the first land movement (its reach on the map), then a battle being fought."""
    os.environ["SALIENT_STATE_DIR"] = str(ROOT / "benchmarks" / ".cache" / "image-state")
    from editor.game.session import GameSession
    from editor.game.window import GameWindow
    from engine.ai import BaselineAI

    scenario = load_file(ROOT / "sample_scenarios" / "vessa-crossing.json").scenario
    assert scenario is not None
    session = GameSession.new(scenario, {"dravan": "human", "arvel": "ai"}, seed=3)
    window = GameWindow(session, stem="vessa-crossing")
    window.show()
    session.start()
    person = BaselineAI()

    def play_until(done: Callable[[], bool]) -> None:
        while not done():
            if session.human_to_act() is None:
                session.run_ai_until_human()
            else:
                session.apply(person.choose(session.game))

    game = session.game
    play_until(lambda: game.phase == "land_movement")
    session.select(next(s.id for s in game.state.stacks.values() if s.region == "lannet-fields"))
    settle(window)
    window.grab().save(str(OUT / "game.png"))
    session.select(None)
    play_until(lambda: bool(game.state.battle and game.state.battle.get("rounds")))
    settle(window)
    window.grab().save(str(OUT / "game-battle.png"))
    window.close()


def sample_pictures() -> None:
    """Each theatre sample as its documentation shows it: the studio on the file, and the game
    view at the first phase (AI against AI, paused, everything visible). The reference sample
    has its own pictures above."""
    os.environ["SALIENT_STATE_DIR"] = str(ROOT / "benchmarks" / ".cache" / "image-state")
    from editor.game.launch import show_game
    from editor.game.session import GameSession
    from editor.studio.window import StudioWindow

    for path in sorted((ROOT / "sample_scenarios").glob("*.json")):
        if path.stem == "vessa-crossing":
            continue
        studio = StudioWindow()
        studio.resize(1500, 920)
        studio.files.open_path(path, ask=False)
        studio.show()
        settle(studio)
        studio.grab().save(str(OUT / f"{path.stem}-studio.png"))
        studio.files.discard_session()
        studio.close()
        scenario = load_file(path).scenario
        assert scenario is not None
        players = {s.id: "ai" for s in scenario.sides if not s.neutral}
        session = GameSession.new(scenario, players, seed=1)  # type: ignore[arg-type]
        session.set_paused(True)
        window = show_game(session, path.stem, leave_text="Close")
        settle(window)
        window.grab().save(str(OUT / f"{path.stem}-game.png"))
        window.close()


def lab_pictures() -> None:
    """The balance lab's charts for docs/balance-lab.md: 40 games of the reference sample (the
    games ``salient balance --games 40`` plays, played here one by one)."""
    from editor.studio.lab.charts import render_all
    from engine.lab.cache import engine_fingerprint, scenario_fingerprint
    from engine.lab.match import play_game
    from engine.lab.report import build_report

    scenario = load_file(ROOT / "sample_scenarios" / "vessa-crossing.json").scenario
    assert scenario is not None
    records = [play_game(scenario, seed, "baseline") for seed in range(1, 41)]
    report = build_report(
        scenario,
        records,
        fingerprint=scenario_fingerprint(scenario),
        engine=engine_fingerprint(),
        levels="baseline",
        requested=len(records),
    )
    charts = render_all(report, scenario)
    for name, picture in (("results", "results"), ("vp", "vp"), ("capture_map", "capture-map")):
        (OUT / f"lab-{picture}.png").write_bytes(charts[name])


def main() -> None:
    app = application()
    studio_pictures()
    game_pictures()
    sample_pictures()
    lab_pictures()
    # The README's first picture: the reference sample's map alone (the theatre samples have
    # their studio and game view pictures above).
    reference = load_file(ROOT / "sample_scenarios" / "vessa-crossing.json").scenario
    assert reference is not None
    render_map(reference, 1400).save(str(OUT / "vessa-crossing.png"))
    render_map(generate_scenario(300, 7), 1400, labels=False).save(str(OUT / "generated-300.png"))
    del app


if __name__ == "__main__":
    main()
