"""Regenerate the pictures used by the README and the docs.

Run from the repository root:  .venv/bin/python docs/images/make_images.py [GROUP...]
(groups: see ``PICTURES``; none remakes every picture).

The windows are pictured the way a person gets them: on a real X server (an Xvfb of 1600 x
1000 is started when no display is set, as the real-window tests do) with Qt's xcb platform,
opened through the same start-up functions as ``salient FILE`` and ``salient play FILE``;
offscreen rendering lays windows out differently and would hide what people see.
"""

from __future__ import annotations

import os
import shutil
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from PySide6.QtWidgets import QApplication  # noqa: E402

from editor.shared.app import application, settle  # noqa: E402
from editor.shared.preview import render_map  # noqa: E402
from schemas.generator import generate_scenario  # noqa: E402
from schemas.io import load_file  # noqa: E402

OUT = ROOT / "docs" / "images"


def studio_pictures() -> None:
    """The studio on the bundled sample: the map with a region selected, then section editors."""
    os.environ["SALIENT_STATE_DIR"] = str(ROOT / "benchmarks" / ".cache" / "image-state")
    window = _studio(ROOT / "sample_scenarios" / "vessa-crossing.json")
    document = window.document
    assert document is not None
    document.select("regions", ["salthaven"])
    _picture(window, "studio")
    document.select("cards", [document.scenario.cards[1].id])
    window.open_section("decks")
    _picture(window, "studio-decks")
    window.open_section("schedule")
    _picture(window, "studio-schedule")
    window.files.discard_session()
    window.close()


def _studio(path: Path):  # noqa: ANN202 (the window class is imported late, with Qt)
    """The studio as ``salient FILE`` opens it, at the default layout of a first run."""
    from editor.studio.app import launch_studio

    window = launch_studio(path, recover=False)
    window.reset_layout()
    window.tabs.close_all()  # editors an earlier picture opened are remembered; a first run: none
    window.tabs.show_map()
    window.statusBar().clearMessage()  # the reset's note: a first run shows none
    return window


def _picture(window, name: str) -> None:  # noqa: ANN001
    # The window manager's and the X server's round trips: events for a moment, then settle.
    deadline = time.monotonic() + 0.6
    while time.monotonic() < deadline:
        QApplication.processEvents()
        time.sleep(0.02)
    settle(window)
    window.grab().save(str(OUT / f"{name}.png"))


def studio_operational_pictures() -> None:
    """The rules editor of a generated hex scenario switched to the operational family: the
    results table as grids (docs/rules-operational.md, "In the studio")."""
    import tempfile

    from editor.studio.sections.rules_family import choose_family, fill_missing_rows
    from schemas.generator import generate_hex_scenario
    from schemas.io import dumps

    os.environ["SALIENT_STATE_DIR"] = str(ROOT / "benchmarks" / ".cache" / "image-state")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "hexes.json"
        path.write_text(dumps(generate_hex_scenario(14, 10, 3)), encoding="utf-8")
        window = _studio(path)
        document = window.document
        assert document is not None
        choose_family(document, "operational")
        fill_missing_rows(document)
        page = window.open_section("rules")
        assert page is not None
        editor = page.widget()
        editor.show_chapter("op-results")  # type: ignore[attr-defined]
        grid = editor.operational["op-results"].grids[1]  # type: ignore[attr-defined]
        grid.select_cell(3, 6)
        _picture(window, "studio-operational")
        window.files.discard_session()
        window.close()


def game_pictures() -> None:
    """The game view on the bundled sample, Dravan played by a person against the AI: a stack
    selected in the first land movement (its reach on the map), then a battle being fought."""
    os.environ["SALIENT_STATE_DIR"] = str(ROOT / "benchmarks" / ".cache" / "image-state")
    from editor.game.launch import show_game
    from editor.game.session import GameSession
    from engine.ai import BaselineAI

    scenario = load_file(ROOT / "sample_scenarios" / "vessa-crossing.json").scenario
    assert scenario is not None
    session = GameSession.new(scenario, {"dravan": "human", "arvel": "ai"}, seed=3)
    window = show_game(session, "vessa-crossing", leave_text="Close")
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
    _picture(window, "game")
    session.select(None)
    play_until(lambda: bool(game.state.battle and game.state.battle.get("rounds")))
    _picture(window, "game-battle")
    window.close()


def sample_pictures() -> None:
    """Each theatre sample as its documentation shows it: the studio on the file, and the game
    view at the first phase (AI against AI, paused, everything visible). The reference sample
    has its own pictures above."""
    os.environ["SALIENT_STATE_DIR"] = str(ROOT / "benchmarks" / ".cache" / "image-state")
    from editor.game.launch import show_game
    from editor.game.session import GameSession

    for path in sorted((ROOT / "sample_scenarios").glob("*.json")):
        if path.stem == "vessa-crossing" or path.stem in HEX_SAMPLES:
            continue
        studio = _studio(path)
        _picture(studio, f"{path.stem}-studio")
        studio.files.discard_session()
        studio.close()
        scenario = load_file(path).scenario
        assert scenario is not None
        players = {s.id: "ai" for s in scenario.sides if not s.neutral}
        session = GameSession.new(scenario, players, seed=1)  # type: ignore[arg-type]
        session.set_paused(True)
        window = show_game(session, path.stem, leave_text="Close")
        _picture(window, f"{path.stem}-game")
        window.close()


HEX_SAMPLES = ("kharkov-1942", "kharkov-1942-operational")
"""The WEGO hex samples: pictured in the studio and in the WEGO game view (below)."""


def hex_sample_pictures() -> None:
    """Each WEGO hex sample in the studio, its whole map in view; then the game view as
    ``salient play FILE`` opens it (the start dialog's first choices, accepted: the first side
    played by a person against the AI), at the first plan: the first side's first stack given
    a move, and its second stack selected, its reach washed on the map."""
    os.environ["SALIENT_STATE_DIR"] = str(ROOT / "benchmarks" / ".cache" / "image-state")
    from editor.game.launch import show_game, start_dialog
    from engine.wego import plan

    for stem in HEX_SAMPLES:
        path = ROOT / "sample_scenarios" / f"{stem}.json"
        studio = _studio(path)
        _picture(studio, f"{stem}-studio")
        studio.files.discard_session()
        studio.close()
        scenario = load_file(path).scenario
        assert scenario is not None
        dialog = start_dialog(scenario, stem)
        dialog.accept()  # what the dialog's Play button does
        session = dialog.session
        assert session is not None
        window = show_game(session, stem, leave_text="Close")
        settle(window)
        game = session.game
        side = session.human_to_act()
        assert side is not None and game.phase == "wego_planning"
        mine = sorted(
            (s for s in game.state.stacks.values() if s.side == side),
            key=lambda s: (-len(plan.routes(game, s)), s.id),  # the most mobile first
        )
        moves = [
            a
            for a in session.legal_actions()
            if a.kind == "order_move" and getattr(a, "stack", None) == mine[0].id
        ]
        window.map_view.give(max(moves, key=lambda a: (len(a.path), a.path)))
        session.select(mine[1].id)
        window.statusBar().clearMessage()
        _picture(window, f"{stem}-game")
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


BALANCED = ("vessa-crossing", "mexican-war", "north-africa", "winter-war")
"""The area samples whose pages show the lab's charts of their 200 games at ``normal``."""


def sample_balance_pictures() -> None:
    """Each area sample's balance charts on its page: ``salient balance FILE --ai-level normal
    --games 200`` (the run its page quotes; the games are kept in benchmarks/.cache, so a
    second run plays only what the engine's changes made new), the capture map reduced to
    256 colours (no dithering) to keep the file small."""
    import subprocess

    from PIL import Image

    for stem in BALANCED:
        folder = ROOT / "benchmarks" / ".cache" / f"balance-{stem}"
        command = [sys.executable, "-m", "editor.cli", "balance"]
        command += [str(ROOT / "sample_scenarios" / f"{stem}.json"), "--ai-level", "normal"]
        command += ["--games", "200", "--jobs", "2", "--out", str(folder)]
        subprocess.run(command, cwd=ROOT, check=True)
        charts = folder / "charts"
        shutil.copyfile(charts / "results.png", OUT / f"{stem}-balance-results.png")
        shutil.copyfile(charts / "vp.png", OUT / f"{stem}-balance-vp.png")
        # An adaptive palette without dithering: the shades stay, the sand stays plain.
        with Image.open(charts / "capture_map.png") as picture:
            small = picture.convert("RGB").quantize(256, dither=Image.Dither.NONE)
            small.save(OUT / f"{stem}-balance-capture-map.png", optimize=True)


def studio_lab_pictures() -> None:
    """Tools > Balance lab and Tools > Battle odds in the studio, for docs/balance-lab.md: 40
    games of the reference sample on two local worker processes (the lab's own run, in the
    background), its charts, the capture heatmap on the map, then the odds of a battle."""
    os.environ["SALIENT_STATE_DIR"] = str(ROOT / "benchmarks" / ".cache" / "image-state")
    from editor.studio.lab.lab_window import show_balance_lab
    from editor.studio.lab.odds_window import show_battle_odds

    window = _studio(ROOT / "sample_scenarios" / "vessa-crossing.json")
    lab = show_balance_lab(window)
    lab.resize(900, 860)
    lab.folder = ROOT / "benchmarks" / ".cache" / "image-lab"
    lab.games.setValue(40)
    lab.workers.setValue(2)
    lab.start()
    while lab.running:
        QApplication.processEvents()
        time.sleep(0.05)
    lab.tabs.setCurrentWidget(lab.charts)
    _picture(lab, "studio-lab")
    _picture(window, "studio-lab-heatmap")
    lab.close()
    odds = show_battle_odds(window)
    odds.resize(900, 760)
    assert window.document is not None
    window.document.select("regions", ["gellan-heights"])
    odds.add_unit(0, "armoured-brigade", 2)
    while odds.busy or odds.result is None:
        QApplication.processEvents()
        time.sleep(0.05)
    _picture(odds, "studio-odds")
    odds.close()
    window.files.discard_session()
    window.close()


def _on_a_display() -> object | None:
    """Make sure the windows open on an X server; returns the Xvfb started, if any."""
    os.environ["QT_QPA_PLATFORM"] = "xcb"
    if os.environ.get("DISPLAY"):
        return None
    from tests.realwindow.x11 import start_xvfb

    server = start_xvfb(1600, 1000)
    os.environ["DISPLAY"] = server.display
    return server


PICTURES: dict[str, Callable[[], None]] = {
    "studio": studio_pictures,
    "studio-operational": studio_operational_pictures,
    "game": game_pictures,
    "samples": sample_pictures,
    "hex-samples": hex_sample_pictures,
    "lab": lab_pictures,
    "studio-lab": studio_lab_pictures,
    "sample-balance": sample_balance_pictures,
}
"""Groups of pictures; ``make_images.py hex-samples`` remakes one group alone (with no
argument, every picture is remade)."""


def main() -> None:
    chosen = sys.argv[1:]
    unknown = [name for name in chosen if name not in PICTURES]
    if unknown:
        raise SystemExit(f"unknown picture group {unknown[0]!r}; choose from {sorted(PICTURES)}")
    # Every picture shows a first run: no window state, open section tabs or recent files
    # remembered from an earlier run of this script (they would open the samples' editors).
    shutil.rmtree(ROOT / "benchmarks" / ".cache" / "image-state", ignore_errors=True)
    server = _on_a_display()
    app = application()
    for name, make in PICTURES.items():
        if not chosen or name in chosen:
            make()
    if not chosen:
        # The README's first picture: the reference sample's map alone (the theatre samples
        # have their studio and game view pictures above).
        reference = load_file(ROOT / "sample_scenarios" / "vessa-crossing.json").scenario
        assert reference is not None
        render_map(reference, 1400).save(str(OUT / "vessa-crossing.png"))
        generated = generate_scenario(300, 7)
        render_map(generated, 1400, labels=False).save(str(OUT / "generated-300.png"))
    del app
    if server is not None:
        server.stop()  # type: ignore[attr-defined]


if __name__ == "__main__":
    main()
