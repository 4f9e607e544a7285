"""Game > Replay with my edits (issue 12): the game played so far is played again on the
scenario as the studio has it now, up to where the edits first change it, and the same
players take it on from there."""

from __future__ import annotations

from engine.ai import BaselineAI


def _played(session, turns: int = 2) -> None:
    """Dravan played by a scripted person, Arvel by the AI, into turn ``turns``."""
    person = BaselineAI()
    game = session.game
    while game.turn < turns and game.outcome() is None:
        if session.human_to_act() is None:
            session.run_ai_until_human()
        else:
            session.apply(person.choose(game))


def _window(sample, edited):
    from editor.game.launch import show_game
    from editor.game.session import GameSession

    session = GameSession.new(sample, {"dravan": "human", "arvel": "ai"}, seed=3)
    session.set_paused(True)
    window = show_game(session, "vessa-crossing", leave_text="Close", edited=edited)
    _played(session)
    return window, session


def test_an_edit_without_effect_replays_the_whole_game_and_goes_on_from_there(
    qtbot, sample
) -> None:
    renamed = sample.model_copy(
        update={"info": sample.info.model_copy(update={"title": "Renamed"})}
    )
    window, old = _window(sample, lambda: renamed)
    qtbot.addWidget(window)
    assert window.replay_action.isVisible()
    window.replay_action.trigger()
    fresh = window.session
    assert fresh is not old and fresh.game.scenario is renamed
    assert fresh.game.log.jsonl().count("\n") == old.game.log.jsonl().count("\n")
    assert (fresh.game.turn, fresh.game.phase) == (old.game.turn, old.game.phase)
    assert fresh.players == old.players
    assert "no difference" in window.statusBar().currentMessage()
    assert window.windowTitle().startswith("Renamed")


def test_an_edit_that_changes_the_game_replays_up_to_the_difference(qtbot, sample) -> None:
    # Arvel's 8th Rifles start one region further back: the game changes when they would
    # have first been seen or moved.
    units = [
        u.model_copy(update={"location": u.location.model_copy(update={"region": "caldor"})})
        if u.id == "ar-8-rifles"
        else u
        for u in sample.units
    ]
    moved = sample.model_copy(update={"units": units})
    window, old = _window(sample, lambda: moved)
    qtbot.addWidget(window)
    old_records = old.game.log.jsonl().count("\n")
    window.replay_action.trigger()
    fresh = window.session
    assert fresh is not old and fresh.game.scenario is moved
    message = window.statusBar().currentMessage()
    assert "the edits first change the game at" in message
    assert fresh.game.log.jsonl().count("\n") < old_records
    assert fresh.humans == ["dravan"]
    # The replayed game is the old one up to the difference, which it ends on.
    before, now = old.game.log.jsonl().splitlines(), fresh.game.log.jsonl().splitlines()
    same = next(i for i, (a, b) in enumerate(zip(before, now, strict=False)) if a != b)
    assert same > 1 and now[:same] == before[:same] and len(now) > same


def test_the_replay_says_why_it_cannot_run(qtbot, sample) -> None:
    window, old = _window(sample, lambda: "The edited scenario has 2 errors: fix them")
    qtbot.addWidget(window)
    window.replay_action.trigger()
    assert window.session is old
    assert window.statusBar().currentMessage() == "The edited scenario has 2 errors: fix them"


def test_a_game_not_started_from_the_studio_has_no_replay(qtbot, sample) -> None:
    from editor.game.launch import show_game
    from editor.game.session import GameSession

    session = GameSession.new(sample, {"dravan": "human", "arvel": "ai"}, seed=3)
    window = show_game(session, "vessa-crossing", leave_text="Close")
    qtbot.addWidget(window)
    assert not window.replay_action.isVisible()
    assert window.edited_scenario is None
