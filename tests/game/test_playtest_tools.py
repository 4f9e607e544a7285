"""What a playtester expects of the game view (issue 10): take back under the start
dialog's rule, every card's and event's outcome told (fog of war), the log to read and
filter, and the window's size on small screens."""

from __future__ import annotations

import json

from PySide6.QtCore import QMargins, QRect

from editor.game.news import NewsBox
from editor.game.panels.knowledge import Sight
from editor.game.panels.log_panel import LogPanel, kind_of
from editor.game.panels.outcomes import Happenings, told
from editor.game.placement import WINDOW_SIZE, first_geometry, panel_width
from editor.game.session import GameSession
from editor.game.start_dialog import StartDialog, StartOptions
from editor.game.takeback import History, restore, revealed, snapshot
from engine.actions import EndPhase, Move
from engine.ai import BaselineAI
from engine.game import Game

HUMAN_DRAVAN = {"dravan": "human", "arvel": "ai"}


def _state(game: Game) -> tuple[str, str]:
    return json.dumps(game.state.to_json(), sort_keys=True), game.log.jsonl()


def _drive(session: GameSession, done, limit: int = 5000) -> None:
    ai, game = BaselineAI(), session.game
    for _ in range(limit):
        if done(game):
            session._after_action()
            return
        game.apply(ai.choose(game))
    raise AssertionError("the moment never came")


# -- take back -------------------------------------------------------------------------------------


def test_a_snapshot_restores_the_game_exactly_and_it_plays_on_the_same(sample) -> None:
    """Take back is exact: the restored game equals the one saved, and the same actions
    from there give the same log (the die is restored too)."""
    game = Game(sample, 4)
    ai = BaselineAI()
    for _ in range(60):
        game.apply(ai.choose(game))
    shot = snapshot(game, game.to_act() or game.active_side, "x")
    before = _state(game)
    actions = []
    for _ in range(80):
        action = ai.choose(game)
        actions.append(action)
        game.apply(action)
    after = _state(game)
    back = restore(game, shot)
    assert _state(back) == before
    for action in actions:
        back.apply(action)
    assert _state(back) == after


def test_the_until_revealed_rule_forgets_at_a_die_roll_but_not_before(sample) -> None:
    game = Game(sample, 1)
    history = History("until_revealed")
    side = game.active_side
    history.keep(snapshot(game, side, "ending the phase"))
    assert history.check(game) is None and history.last() is not None
    game.dice.roll()  # something random came out
    assert revealed(game, history.last()) == "a die was rolled"
    assert history.check(game) == "a die was rolled"
    assert history.last() is None and "die" in history.reason()


def test_the_always_rule_keeps_everything_and_never_keeps_nothing(sample) -> None:
    game = Game(sample, 1)
    always, never = History("always"), History("never")
    for history in (always, never):
        history.keep(snapshot(game, game.active_side, "x"))
    game.dice.roll()
    assert always.check(game) is None and always.last() is not None
    assert never.last() is None and "does not allow" in never.reason()


def test_take_back_against_the_ai_undoes_its_turn_too(qtbot, state_dir, sample) -> None:
    session = GameSession.new(sample, HUMAN_DRAVAN, seed=1)
    assert session.history.policy == "always"  # one person against the AI
    _drive(session, lambda g: g.to_act() == "dravan" and g.phase == "end_of_turn")
    before = _state(session.game)
    assert session.apply(EndPhase())
    session.run_ai_until_human()
    assert session.game.active_side == "dravan" and session.game.turn == 2
    earlier = session.taken_back()
    assert earlier is not None and earlier.taken == "ending the phase"
    assert _state(earlier.game) == before
    assert earlier.players == session.players and earlier.history is session.history


def test_hot_seat_takes_back_only_until_the_computer_changes_hands(qtbot, state_dir, sample):
    session = GameSession.new(sample, {"dravan": "human", "arvel": "human"}, seed=1)
    assert session.history.policy == "until_revealed"
    session.start()
    _drive(session, lambda g: g.phase == "land_movement" and g.to_act() == "dravan")
    game = session.game
    quiet = next(
        a
        for a in session.legal_actions()
        if isinstance(a, Move)
        and not any(s.side == "arvel" for s in game.state.stacks.values() if s.region == a.path[-1])
    )
    assert session.apply(quiet)  # nothing random or hidden comes out of it
    assert session.can_take_back()
    _drive(session, lambda g: g.to_act() == "arvel")
    session._announce()  # the hand-over to the other person
    assert not session.can_take_back()
    assert "changed hands" in session.history.reason()


def test_the_rule_is_chosen_in_the_start_dialog_and_saved_with_the_game(
    qtbot, state_dir, sample, tmp_path
) -> None:
    options = StartOptions(players=dict(HUMAN_DRAVAN), seed=1)
    dialog = StartDialog(sample, options, lambda o: GameSession.new(sample, o.players))
    qtbot.addWidget(dialog)
    assert dialog.take_back.currentData() == "always"
    dialog.player_boxes["arvel"].setCurrentIndex(0)  # hot seat
    assert dialog.take_back.currentData() == "until_revealed"
    dialog.take_back.setCurrentIndex(dialog.take_back.findData("never"))
    dialog._take_back_picked(0)
    dialog.player_boxes["arvel"].setCurrentIndex(1)
    assert dialog.options().take_back == "never"  # a choice made stays made
    session = GameSession.new(sample, HUMAN_DRAVAN, seed=1, take_back="never")
    path = tmp_path / "save.json"
    session.save(path)
    loaded = GameSession.from_save(sample, json.loads(path.read_text("utf-8")))
    assert loaded.history.policy == "never"


# -- what cards and events did ------------------------------------------------------------------


def _records(game: Game, *records: dict) -> list[dict]:
    return [{"seq": i, "turn": 1, "side": game.active_side, **r} for i, r in enumerate(records)]


def test_a_cards_outcome_is_told_with_what_it_changed_and_where(sample) -> None:
    """Defect 16: a raid gave no feedback. An enemy card that destroys a unit of the viewer
    names the unit; an effect on units the viewer cannot see is said to be hidden."""
    game = Game(sample, 1)
    unit = "dr-3-rifles"
    records = _records(
        game,
        {"type": "action", "action": {"kind": "play_card"}},
        {"type": "card", "side_id": "arvel", "card": "sabotage-teams", "name": "Sabotage Teams"},
        {"type": "eliminated", "unit": unit, "owner": "dravan", "cause": "sabotage-teams"},
        {"type": "replacement_points", "side_id": "arvel", "points": 2},
        {"type": "action", "action": {"kind": "end_phase"}},
    )
    happenings = Happenings()
    [happening] = happenings.add(records)
    words = told(Sight(game, "dravan"), happening)
    assert words is not None
    assert words.title.startswith("Kingdom of Arvel played ")
    name = next(u.name for u in sample.units if u.id == unit)
    assert any(name in line and "destroyed" in line for line in words.lines)
    assert any("fog of war" in line for line in words.lines)  # arvel's points are arvel's
    mine = told(Sight(game, "arvel"), happening)
    assert mine is not None and mine.title.startswith("You played ")
    assert any("2 replacement points" in line for line in mine.lines)


def test_a_card_that_changed_nothing_says_so(sample) -> None:
    game = Game(sample, 1)
    records = _records(
        game, {"type": "card", "side_id": "dravan", "card": "fresh-drafts", "name": "x"}
    )
    [happening] = Happenings().add(records)
    words = told(Sight(game, "dravan"), happening)
    assert words is not None and words.lines == ["Nothing you can see changed."]


def test_the_news_box_tells_the_last_cards_and_clears_at_a_hand_over(qtbot, sample) -> None:
    from PySide6.QtWidgets import QWidget

    session = GameSession.new(sample, HUMAN_DRAVAN, seed=1)
    holder = QWidget()
    qtbot.addWidget(holder)
    holder.resize(900, 700)
    holder.show()
    box = NewsBox(session, holder)
    game = session.game
    session.logged.emit(
        _records(
            game,
            {"type": "card", "side_id": "arvel", "card": "blow-the-bridges", "name": "x"},
            {"type": "vp", "side_id": "arvel", "change": 1, "total": 1, "reason": "x"},
        )
    )
    assert box.isVisible() and "Blow the Bridges" in box.text.text()
    assert "gained 1 VP" in box.text.text()
    assert box.geometry().right() <= holder.width() and box.y() >= 0
    session.handover.emit("arvel")
    assert not box.isVisible() and not box.entries


# -- the log panel ---------------------------------------------------------------------------------


def test_the_log_panel_lists_what_the_viewer_may_know_and_filters_it(qtbot, sample) -> None:
    from tests.game.window_texts import leaks

    session = GameSession.new(sample, HUMAN_DRAVAN, seed=1)
    _drive(session, lambda g: g.turn == 4)
    panel = LogPanel(session)
    qtbot.addWidget(panel)
    panel.resize(400, 700)
    panel.show()
    panel.refresh()
    total = panel.model.rowCount()
    assert total > 30
    panel.show_only(kind="cards")
    kinds = {
        panel.model.rows[panel.filter.mapToSource(panel.filter.index(i, 0)).row()][2]
        for i in range(panel.filter.rowCount())
    }
    assert kinds == {"cards"}
    panel.show_only(turn=2, side="arvel")
    rows = [
        panel.model.rows[panel.filter.mapToSource(panel.filter.index(i, 0)).row()]
        for i in range(panel.filter.rowCount())
    ]
    assert rows and all(r[0] == 2 and r[1] == "arvel" for r in rows)
    panel.show_only()
    panel.words.setText("battle")
    assert 0 < panel.filter.rowCount() < total
    assert not leaks(panel, session.game, "dravan")


def test_record_kinds_group_as_a_person_filters_them() -> None:
    assert kind_of("battle_hits") == "battles" and kind_of("breakthrough") == "battles"
    assert kind_of("siege_roll") == "sieges" and kind_of("move") == "movement"
    assert kind_of("card") == "cards" and kind_of("examined") == "cards"
    assert kind_of("captured") == "places" and kind_of("eliminated") == "units"
    assert kind_of("supply_source") == "supply" and kind_of("something_new") == "other"


# -- the window's size -----------------------------------------------------------------------------


def test_the_first_geometry_fits_the_screen_and_keeps_the_preferred_size_where_it_can():
    big = first_geometry(QRect(0, 0, 1920, 1080), QMargins(0, 30, 0, 0))
    assert (big.width(), big.height()) == WINDOW_SIZE
    small = first_geometry(QRect(0, 0, 1280, 720), QMargins(4, 30, 4, 4))
    assert small.width() == 1272 and small.height() == 686 and small.top() == 30
    laptop = first_geometry(QRect(0, 24, 1280, 776), QMargins())  # a panel at the top
    assert laptop.top() >= 24 and laptop.bottom() <= 799
    assert panel_width(1280) < panel_width(1500) == 435 or panel_width(1500) <= 440
