"""Saving and loading games from the game window, the save made when it closes, and taking
an action back (loading the snapshot kept before it, see :mod:`editor.game.takeback`).

Saves are the session's JSON (:meth:`GameSession.save`); a save that cannot be read, or is of
another scenario, is refused with a message naming the file (the start dialog does the same
through :func:`~editor.game.launch.load_session`).
"""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QFileDialog, QMessageBox

from editor.game.saved_games import autosave_folder, load_session
from editor.game.session import GameSession
from editor.game.start_dialog import SAVE_FILTER, StartError

if TYPE_CHECKING:
    from editor.game.window import GameWindow

CLOSED_SAVE = "last-closed.json"
"""Autosave written when a game window closes before the end, offered by the start dialog."""


def save_folder(window: GameWindow) -> Path:
    """Where the file dialogs open: the folder of the last save or load, else home."""
    return window.save_dir or Path.home()


def save_game(window: GameWindow) -> bool:
    """Ask where and save the window's game; ``False`` when cancelled or refused."""
    session = window.session
    if session is None:
        return False
    game = session.game
    suggested = save_folder(window) / f"{window.stem}-turn-{game.turn:02d}.json"
    name, _ = QFileDialog.getSaveFileName(window, "Save the game", str(suggested), SAVE_FILTER)
    if not name:
        return False
    path = Path(name)
    if not path.suffix:
        path = path.with_suffix(".json")
    try:
        session.save(path)
    except OSError as error:
        QMessageBox.warning(
            window,
            "Cannot save the game",
            f"The game could not be saved to '{path}': {error.strerror or error}.",
        )
        return False
    window.save_dir = path.parent
    window.show_message(f"Saved the game to {path}")
    return True


def load_game(window: GameWindow) -> bool:
    """Ask for a save and continue it in the window (the current game is let go)."""
    start = str(save_folder(window))
    name, _ = QFileDialog.getOpenFileName(window, "Load a saved game", start, SAVE_FILTER)
    if not name:
        return False
    path = Path(name)
    try:
        session = load_session(window.scenario, path, autosave_folder(window.stem))
    except StartError as error:
        QMessageBox.warning(window, "Cannot load the game", str(error))
        return False
    window.save_dir = path.parent
    window.set_session(session)
    session.start()
    window.show_message(f"Loaded {path.name}: turn {session.game.turn}")
    return True


def save_on_leaving(session: GameSession) -> None:
    """Pause the game and, unless it is over, save it for the start dialog to offer."""
    session.set_paused(True)
    if session.over:
        return
    # Leaving must never fail; the turn autosaves are still there.
    with contextlib.suppress(OSError):
        session.autosave(CLOSED_SAVE)


def take_back(window: GameWindow) -> None:
    """Show the game as it was before the person's last action, or say why it cannot be."""
    session = window.session
    if session is None:
        return
    earlier = session.taken_back()
    if earlier is None:
        window.show_message(session.history.reason())
        return
    window.set_session(earlier)
    earlier.start()
    window.show_message(f"Taken back: {earlier.taken}")


def show_take_back(window: GameWindow) -> None:
    """Game > Take back names what it would undo, or says in its tooltip why it cannot."""
    session = window.session
    if session is None:
        return
    shot = session.history.last()
    action = window.take_back_action
    action.setEnabled(shot is not None and not session.over)
    action.setText(f"&Take back {shot.what}" if shot is not None else "&Take back")
    action.setToolTip(
        "Undo your last action exactly (the AI's replies too)"
        if shot is not None
        else session.history.reason()
    )
