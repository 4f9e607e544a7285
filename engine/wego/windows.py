"""The IGOUGO phases a WEGO turn plays around its planning and execution (docs/wego.md).

A WEGO turn has two windows in which each side, in the turn order, plays some of the
calendar's phases exactly as it does in an IGOUGO player-turn, through the same phase modules
(:mod:`engine.phases`), card windows, pending decisions and battles:

* **before planning** (``before``): events, cards, reinforcements, then the offensive air
  phase (air missions fly before the plans are made, so each side plans knowing where its
  own aircraft are and seeing, under its fog of war, where the enemy's are);
* **after the execution** (``after``): every side's aircraft fly home (A5), then each side
  plays its sieges, replacements, then the end-of-turn card window.

Only the phases the calendar plays on the turn are played. The land movement and battle
phases are the planning and the execution themselves; supply is traced at the end of the
turn (:mod:`engine.wego.game`); the defensive air phase is not played, since the offensive
flight may already go to any region in range, friendly or not, and the turn summary is the
film.

A phase in which the side has nothing to decide (its only legal action would be to end the
phase) is closed as soon as it has opened: its automatic part (events firing, cards drawn,
reinforcements arriving) is played and recorded, and nobody is asked to press "end phase".

Where a window stands is kept in the game state as an IGOUGO phase is: ``state.side_index``
(the side playing, in the turn order) and ``state.phase_index`` (its phase, counted in the
window's list of phases), with ``state.wego["stage"]`` naming the window.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import modifiers, victory
from ..actions import EndPhase
from ..air.basing import fly_home, flying_units
from ..phases import PHASES

if TYPE_CHECKING:
    from .game import WegoGame

BEFORE: tuple[str, ...] = ("events", "cards", "reinforcements", "air_offensive")
"""Phases played by each side before the planning, in this order."""
AFTER: tuple[str, ...] = ("sieges", "replacements", "end_of_turn")
"""Phases played by each side after the execution, in this order."""
WINDOWS: dict[str, tuple[str, ...]] = {"before": BEFORE, "after": AFTER}


def phases(game: WegoGame, stage: str) -> list[str]:
    """The phases of window ``stage`` the calendar plays on the current turn."""
    wanted = WINDOWS[stage]
    return [p for p in game.phases_of(game.turn) if p in wanted]


def stage(game: WegoGame) -> str | None:
    """The window the game is in (``before`` or ``after``), or ``None``."""
    plan = game.state.wego
    if plan is None or plan["stage"] not in WINDOWS:
        return None
    return str(plan["stage"])


def current(game: WegoGame) -> str:
    """The phase being played in the window."""
    name = stage(game)
    assert name is not None, "no window is open"
    return phases(game, name)[game.state.phase_index]


def planes_home(game: WegoGame) -> None:
    """After the execution every side's aircraft still out fly home (A5), in the turn order,
    as they do after the battles in IGOUGO: the end-of-turn supply is traced with them at
    their bases, and the next offensive air phase finds them ready."""
    for index, side in enumerate(game.sides_in_play):
        game.state.side_index = index
        fly_home(game, flying_units(game, side), "after_battles")
    game.state.side_index = 0


def open_window(game: WegoGame, name: str) -> bool:
    """Open window ``name`` at its first side and phase; ``True`` when it is already over
    (nothing in it waits for a decision)."""
    assert game.state.wego is not None
    game.state.wego["stage"] = name
    game.state.side_index = 0
    game.state.phase_index = 0
    if not phases(game, name):
        return _finish(game)
    _begin(game)
    return settle(game)


def close_phase(game: WegoGame) -> bool:
    """End the window's current phase (the side ended it, or had nothing to do) and open the
    next; ``True`` when the window is over."""
    name = stage(game)
    assert name is not None
    PHASES[current(game)].end(game)
    modifiers.expire(game, "end_of_phase")
    if game.state.outcome is not None:
        return False
    state = game.state
    state.phase_index += 1
    if state.phase_index >= len(phases(game, name)):
        state.phase_index = 0
        state.side_index += 1
        if state.side_index >= len(game.sides_in_play):
            return _finish(game)
    _begin(game)
    return False


def settle(game: WegoGame) -> bool:
    """Close every phase, from the current one on, in which the side has nothing to decide;
    ``True`` when that closes the whole window."""
    while stage(game) is not None and game.state.outcome is None:
        if not _idle(game):
            return False
        if close_phase(game):
            return True
    return False


def _idle(game: WegoGame) -> bool:
    # A decision, a battle or a siege's card window waits for a side: never skipped.
    state = game.state
    if state.pending or state.battle is not None or state.stats.get("siege_window"):
        return False
    return game.legal_actions() == [EndPhase()]


def _begin(game: WegoGame) -> None:
    game.state.phase_acted = False
    game.record("phase", turn=game.turn, date=game.date.isoformat())
    PHASES[current(game)].begin(game)
    victory.check_immediate(game)


def _finish(game: WegoGame) -> bool:
    game.state.side_index = 0
    game.state.phase_index = 0
    return True
