"""Saved games: where a scenario's games are autosaved, and reading a save back, refused in
words a player understands (with the place in the file) when it is not a save of this
scenario."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from editor.game.save_files import read_save_file
from editor.game.session import GameSession
from editor.game.start_dialog import StartError
from editor.shared.settings import state_dir
from engine.errors import SaveError
from engine.game import SAVE_FORMAT, scenario_digest
from schemas.filenames import safe_name
from schemas.scenario import Scenario


def autosave_folder(stem: str) -> Path:
    """Where the games of one scenario are autosaved (named after its file's ``stem``, made
    safe: a file called ``...json`` must not send its saves to the state folder itself)."""
    return state_dir() / "autosave" / safe_name(stem or "untitled")


def load_session(scenario: Scenario, path: Path, autosave_dir: Path | None) -> GameSession:
    """Continue a saved game, or raise :class:`StartError` saying what is wrong with it."""
    data = _read_save(scenario, path)
    try:
        return GameSession.from_save(scenario, data, autosave_dir=autosave_dir)
    except SaveError as error:
        raise StartError(f"Cannot continue '{path}': {_placed(error)}.") from error
    except (ValueError, KeyError, TypeError, AttributeError) as error:
        # Parses into something that is not quite a saved game.
        raise StartError(
            f"'{path}' is not a saved game of Salient (or it is damaged): {error}."
        ) from error


def _placed(error: SaveError) -> str:
    """A save's problem with its place (the JSON pointer of the bad value)."""
    if error.pointer:
        return f"the save is damaged at {error.pointer}: {error.message}"
    return f"the save is damaged: {error.message}"


def _read_save(scenario: Scenario, path: Path) -> dict[str, Any]:
    """A save's data; refused, in words a player understands, when the file is not a save
    of this scenario: not a file, not JSON, not a game, another version's format, another
    scenario's game."""
    try:
        data = read_save_file(path)
    except OSError as error:
        raise StartError(f"Cannot read '{path}': {error.strerror or error}.") from error
    except SaveError as error:
        where = f" (at {error.pointer})" if error.pointer else ""
        raise StartError(
            f"'{path}' is not a saved game of Salient, or it was cut short: it cannot be "
            f"read: {_sentence(error.message)}{where}."
        ) from error
    game = data.get("game") if isinstance(data, dict) else None
    if not isinstance(game, dict) or "format" not in game:
        raise StartError(f"'{path}' is not a saved game of Salient: it holds no game.")
    if game["format"] != SAVE_FORMAT:
        shown = repr(game["format"])
        raise StartError(
            f"Cannot continue '{path}': it was saved by another version of Salient (save "
            f"format {shown if len(shown) <= 20 else shown[:17] + '...'}; this version reads "
            f"format {SAVE_FORMAT})."
        )
    if game.get("scenario_digest") != scenario_digest(scenario):
        title, this = data.get("scenario"), scenario.info.title
        if isinstance(title, str) and len(title) > 60:
            title = title[:57] + "..."
        if isinstance(title, str) and title and title != this:
            whose = f"a game of another scenario, '{title}', not of '{this}'"
        else:
            whose = f"a game of another scenario, or of '{this}' as it was before an edit"
        raise StartError(f"Cannot continue '{path}': it is {whose}.")
    return data


def _sentence(message: str) -> str:
    """A reader's message as the middle of a sentence ("Expecting value" → "expecting
    value")."""
    return message[:1].lower() + message[1:] if message[1:2].islower() else message


def newest_save(folder: Path) -> Path | None:
    """The most recent autosave of a scenario, offered by the start dialog."""
    try:
        saves = [p for p in folder.glob("*.json") if p.is_file()]
        return max(saves, key=lambda p: p.stat().st_mtime, default=None)
    except OSError:
        return None
