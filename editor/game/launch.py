"""Starting a game: the one entry point into the game view, for the studio's Play button
and for ``salient play FILE``.

Both paths end in the same place: a :class:`~editor.game.session.GameSession` on a scenario
that nobody edits any more, shown in a :class:`~editor.game.window.GameWindow`. From the
studio, the game gets a snapshot of the document's scenario (its lists copied; the entities
themselves are never changed by edits, which replace them), so the designer may go on editing
while the game runs, and the document is never touched. The studio refuses to play a
scenario that live validation finds errors in, since the engine assumes a valid scenario.

The start dialog remembers, per scenario (by file name), the last seed, players and speed,
so pressing Play again and Start replays the same opening.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QWidget

from editor.game.saved_games import autosave_folder, load_session, newest_save
from editor.game.session import SPEEDS, GameSession, Player
from editor.game.start_dialog import StartDialog, StartOptions
from editor.game.takeback import POLICIES, known_policy
from editor.shared.settings import settings
from engine.ai import levels
from schemas.scenario import Scenario

if TYPE_CHECKING:
    from editor.game.replay_edits import Edited
    from editor.game.window import GameWindow


# -- what is remembered between games --------------------------------------------------------------


def _settings_key(stem: str) -> str:
    """Where the start dialog's last choices for one scenario are remembered."""
    return f"game/{stem or 'untitled'}"


def default_options(scenario: Scenario, stem: str) -> StartOptions:
    """The start dialog's choices: the last ones made for this scenario, else the first side
    played by a person against the AI, seed 1, and the scenario's own fog setting."""
    store = settings()
    key = _settings_key(stem)
    playing = [s.id for s in scenario.sides if not s.neutral]
    players: dict[str, Player] = {
        side: "human" if i == 0 else "ai" for i, side in enumerate(playing)
    }
    try:
        remembered = json.loads(str(store.value(f"{key}/players", "{}")))
    except ValueError:
        remembered = {}
    if isinstance(remembered, dict) and set(remembered) == set(playing):
        players = {side: "human" if remembered[side] == "human" else "ai" for side in playing}
    seed = _int(store.value(f"{key}/seed"), 1)
    speed = str(store.value(f"{key}/speed", "normal"))
    level = str(store.value(f"{key}/ai_level", levels.DEFAULT))
    rule = str(store.value(f"{key}/take_back", ""))
    return StartOptions(
        players=players,
        seed=seed,
        fog=scenario.rules.fog.enabled,
        speed=speed if speed in SPEEDS else "normal",
        ai_level=level if level in levels.LEVELS else levels.DEFAULT,
        take_back=rule if rule in POLICIES else None,
    )


def remember(stem: str, options: StartOptions) -> None:
    store = settings()
    key = _settings_key(stem)
    store.setValue(f"{key}/players", json.dumps(options.players, sort_keys=True))
    store.setValue(f"{key}/speed", options.speed)
    store.setValue(f"{key}/ai_level", options.ai_level)
    if options.take_back is not None:
        store.setValue(f"{key}/take_back", options.take_back)
    if options.save_file is None:
        store.setValue(f"{key}/seed", options.seed)
    store.sync()


def _int(value: object, default: int) -> int:
    try:
        return int(str(value))
    except ValueError:
        return default


# -- making the game -------------------------------------------------------------------------------


def make_session(scenario: Scenario, options: StartOptions, stem: str) -> GameSession:
    """A new game, or a saved one continued; raises :class:`StartError` naming the file."""
    folder = autosave_folder(stem)
    if options.save_file is None:
        session = GameSession.new(
            scenario,
            options.players,
            seed=options.seed,
            fog=options.fog,
            speed=options.speed,
            autosave_dir=folder,
            take_back=options.take_back,
            ai_level=options.ai_level,
        )
        if options.ai_handicap is not None:  # OT11: for the sides the AI plays from the start
            from engine.wego import family

            for side, player in session.players.items():
                if player == "ai":
                    family.set_handicap(session.game, side, options.ai_handicap)
    else:
        session = load_session(scenario, options.save_file, folder)
        # The dialog's choice of players wins over the save's: a hot-seat game may go on
        # against the AI, and the other way round.
        session.set_players({side: options.players.get(side, "ai") for side in session.players})
        session.set_speed(options.speed)
        session.set_ai_level(options.ai_level)
        if options.take_back is not None:
            session.history.policy = known_policy(options.take_back, len(session.humans))
    remember(stem, options)
    return session


def start_dialog(scenario: Scenario, stem: str, parent: QWidget | None = None) -> StartDialog:
    folder = autosave_folder(stem)
    dialog = StartDialog(
        scenario,
        default_options(scenario, stem),
        lambda options: make_session(scenario, options, stem),
        save_folder=folder,
        parent=parent,
    )
    latest = newest_save(folder)
    if latest is not None:
        dialog.save_path.setText(str(latest))
    return dialog


def show_game(
    session: GameSession,
    stem: str,
    *,
    leave_text: str,
    on_leave: Callable[[], object] | None = None,
    edited: Edited | None = None,
) -> GameWindow:
    """Open the game window on a session and hand the first decision to its player.
    ``edited`` reads the studio's scenario as edited now (Game > Replay with my edits)."""
    from editor.game.window import GameWindow

    window: GameWindow
    if session.game.scenario.calendar.turn_system == "wego":
        # Plans and films instead of phases: a window of its own (editor/game/wego).
        from editor.game.wego.window import WegoWindow

        window = WegoWindow(session, stem=stem, leave_text=leave_text)  # type: ignore[assignment]
    else:
        window = GameWindow(session, stem=stem, leave_text=leave_text)
    window.set_edited(edited)
    if on_leave is not None:
        window.left.connect(on_leave)
    window.show()
    session.start()
    return window


def watch_game(
    scenario: Scenario,
    seed: int,
    level: str,
    stem: str,
    *,
    leave_text: str,
    on_leave: Callable[[], object] | None = None,
    edited: Edited | None = None,
) -> GameWindow:
    """The game the balance lab played with ``seed``: the AI of ``level`` on every side,
    the same seed and fog, shown as it plays (pause it to look, or let it run to the end)."""
    from engine.ai import levels

    playing = [s.id for s in scenario.sides if not s.neutral]
    players: dict[str, Player] = dict.fromkeys(playing, "ai")
    session = GameSession.new(scenario, players, seed=seed)
    session.ai = levels.player(level)  # type: ignore[assignment]
    session.ai_name = f"{level} AI"
    return show_game(session, stem, leave_text=leave_text, on_leave=on_leave, edited=edited)


# -- from the command line -------------------------------------------------------------------------


def run_play(
    path: Path,
    scenario: Scenario,
    *,
    ai: list[str] | None,
    seed: int | None,
    fog: bool | None,
    screenshot: Path | None = None,
) -> int:
    """``salient play FILE``: the start dialog, then the game until its window closes.

    With ``screenshot``, no dialog: the sides in ``ai`` are the AI's (every side when
    ``None``), the others people's; the window is saved as an image once the first phase is
    on screen, and the command exits. Returns the exit status.
    """
    from editor.shared.app import application, settle

    app = application()
    stem = path.stem
    playing = [s.id for s in scenario.sides if not s.neutral]
    if screenshot is not None:
        players: dict[str, Player] = {
            side: "ai" if ai is None or side in ai else "human" for side in playing
        }
        session = GameSession.new(scenario, players, seed=seed or 0, fog=fog)
        session.set_paused(True)  # the picture is of the first phase, not of the AI's play
        window = show_game(session, stem, leave_text="Close")
        settle(window)
        saved = window.grab().save(str(screenshot))
        window.close()
        if not saved:
            print(f"salient: cannot write the image '{screenshot}'", file=sys.stderr)
            return 1
        return 0
    dialog = start_dialog(scenario, stem)
    if ai is not None:
        for side, box in dialog.player_boxes.items():
            box.setCurrentIndex(1 if side in ai else 0)
    if seed is not None:
        dialog.seed.setValue(seed)
    if fog is not None:
        dialog.fog.setChecked(fog)
    if dialog.exec() != StartDialog.DialogCode.Accepted or dialog.session is None:
        return 0
    window = show_game(dialog.session, stem, leave_text="Close")
    window.left.connect(app.quit)
    app.setQuitOnLastWindowClosed(True)
    return app.exec()
