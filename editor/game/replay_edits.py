"""Game > Replay with my edits: the game played so far, played again on the scenario as the
studio has it now, up to where the edits first make a difference, and handed back there.

The studio gives the game window a way to read its document's scenario (``edited``, see
:func:`editor.game.launch.show_game`); a game started from the command line has none and the
entry is hidden. The replay is ``engine.replay.replay`` on the game's own log: the same seed
and fog, every recorded decision (the person's and the AI's) applied in order while each
record the engine writes matches the recorded one. At the first difference (or a recorded
decision the edited rules refuse) the game stops, and the same players take it on from there:
a person to act sees their controls, the AI goes on by itself.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from editor.game.session import GameSession
from editor.game.topbar import phase_name
from engine.replay import Divergence, LogError, read_log, replay
from schemas.scenario import Scenario

if TYPE_CHECKING:
    from editor.game.window import GameWindow

Edited = Callable[[], "Scenario | str"]
"""The scenario as edited now, or why there is none to play (errors...), in words."""
NOTE_MS = 30_000
"""How long the replay's note stays in the status bar: it says where the game changed."""


def replay_with_edits(window: GameWindow) -> GameSession | None:
    """Replay the window's game on the edited scenario and show it (see the module
    docstring); the new session, or ``None`` with the reason shown."""
    session = window.session
    edited = window.edited_scenario
    if session is None or edited is None:
        return None
    if window.pbem is not None:
        window.show_message("A game by e-mail follows its turn files: it cannot be replayed")
        return None
    scenario = edited()
    if isinstance(scenario, str):
        window.show_message(scenario)
        return None
    try:
        result = replay(scenario, read_log(session.game.log.jsonl().splitlines()))
    except LogError as error:  # the game's own log: a defect, said rather than raised
        window.show_message(f"The game cannot be replayed: {error}")
        return None
    fresh = GameSession(
        result.game,
        dict(session.players),
        speed=session.speed,
        autosave_dir=session.autosave_dir,
        take_back=session.history.policy,
    )
    fresh.ai = session.ai
    fresh.ai_name = session.ai_name
    window.scenario = scenario
    window.set_session(fresh)
    fresh.start()
    names = {s.id: s.name for s in scenario.sides}
    window.statusBar().showMessage(note(result.actions, result.divergence, names), NOTE_MS)
    return fresh


def note(actions: int, divergence: Divergence | None, names: dict[str, str]) -> str:
    """What the replay found, in a sentence (``names``: side names by id)."""
    done = f"{actions} recorded decision{'s' if actions != 1 else ''} replayed"
    if divergence is None:
        return f"Replayed with your edits: {done}, no difference; the game goes on from here."
    where = divergence.where
    place = f"turn {where['turn']}" if where["turn"] is not None else "the start"
    if where["side"] is not None:
        side = names.get(where["side"], where["side"])
        phase = phase_name(str(where["phase"])).lower()
        place += f", {side}'s {phase} phase"
    return (
        f"Replayed with your edits: {done}; the edits first change the game at {place} "
        f"({divergence.reason}). The game goes on from there."
    )
