"""Saved games: where a scenario's games are autosaved, and reading a save back, refused in
words a player understands when it is not a save of this scenario."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from editor.game.session import GameSession
from editor.game.start_dialog import StartError
from editor.shared.settings import state_dir
from engine.errors import SaveError
from engine.game import SAVE_FORMAT, scenario_digest
from schemas.scenario import Scenario


def autosave_folder(stem: str) -> Path:
    """Where the games of one scenario are saved at each turn."""
    return state_dir() / "autosave" / (stem or "untitled")


def load_session(scenario: Scenario, path: Path, autosave_dir: Path | None) -> GameSession:
    """Continue a saved game, or raise :class:`StartError` saying what is wrong with it."""
    data = _read_save(scenario, path)
    try:
        return GameSession.from_save(scenario, data, autosave_dir=autosave_dir)
    except SaveError as error:
        raise StartError(f"Cannot continue '{path}': {error}.") from error
    except (ValueError, KeyError, TypeError, AttributeError) as error:
        # Parses into something that is not quite a saved game.
        raise StartError(
            f"'{path}' is not a saved game of Salient (or it is damaged): "
            f"{type(error).__name__}: {error}."
        ) from error


def _read_save(scenario: Scenario, path: Path) -> dict[str, Any]:
    """A save's data; refused, in words a player understands, when the file is not a save
    of this scenario: not JSON, not a game, another version's format, another scenario's
    game."""
    try:
        data = json.loads(Path(path).read_text("utf-8"))
    except OSError as error:
        raise StartError(f"Cannot read '{path}': {error.strerror or error}.") from error
    except UnicodeDecodeError as error:
        raise StartError(f"'{path}' is not a saved game of Salient: it is not text.") from error
    except json.JSONDecodeError as error:
        raise StartError(
            f"'{path}' is not a saved game of Salient, or it was cut short: it is not valid "
            f"JSON (line {error.lineno}, column {error.colno})."
        ) from error
    game = data.get("game") if isinstance(data, dict) else None
    if not isinstance(game, dict) or "format" not in game:
        raise StartError(f"'{path}' is not a saved game of Salient: it holds no game.")
    if game["format"] != SAVE_FORMAT:
        raise StartError(
            f"Cannot continue '{path}': it was saved by another version of Salient (save "
            f"format {game['format']!r}; this version reads format {SAVE_FORMAT})."
        )
    if game.get("scenario_digest") != scenario_digest(scenario):
        title, this = data.get("scenario"), scenario.info.title
        if isinstance(title, str) and title and title != this:
            whose = f"a game of another scenario, '{title}', not of '{this}'"
        else:
            whose = f"a game of another scenario, or of '{this}' as it was before an edit"
        raise StartError(f"Cannot continue '{path}': it is {whose}.")
    return data


def newest_save(folder: Path) -> Path | None:
    """The most recent autosave of a scenario, offered by the start dialog."""
    try:
        saves = [p for p in folder.glob("*.json") if p.is_file()]
    except OSError:
        return None
    return max(saves, key=lambda p: p.stat().st_mtime, default=None)
