"""B9: where the rules leave a retreat to the die (regions equally close to supply), a side
whose player chooses (``decisions.let_choose``) picks the region; every other side's retreat
is rolled as before, so AI games and their logs do not change."""

from __future__ import annotations

import pytest

from engine import decisions
from engine.actions import Choose, ContinueBattle, ResolveBattle
from engine.errors import IllegalAction
from engine.game import Game
from tests.engine.test_battles import arena, last, script, start
from tests.engine.test_battles_retreat import where


def _beaten_defender(*, choosing: bool, source: str | None = None) -> Game:
    """Red's tanks beat blue's militia in b2 (red came from a2): blue may go to b1, b3 or
    c2, all equally far from supply unless ``source`` puts blue's supply somewhere."""
    b = arena(cols=3, rows=3)
    if source is not None:
        b.source("blue-supply", source, "blue")
    b.unit("r1", "tank", "b2")
    b.unit("r2", "tank", "b2")
    b.unit("x1", "inf", "b2", nation="blueland")
    game = start(b, entry={"b2": "a2"})
    if choosing:
        decisions.let_choose(game, ["blue"])
    script(game, *([0, 0, 9] + [9] * 80))
    game.apply(ResolveBattle("b2"))
    while game.state.battle is not None and not game.state.pending:
        game.apply(ContinueBattle())
    return game


def test_b9_a_person_chooses_among_equally_good_retreat_regions() -> None:
    game = _beaten_defender(choosing=True)
    decision = game.state.pending[0]
    assert decision["kind"] == "retreat" and decision["side"] == "blue"
    assert sorted(decision["options"]) == ["b1", "b3", "c2"]
    assert game.to_act() == "blue"
    assert game.legal_actions() == [Choose(i) for i in range(3)]
    # The battle waits for the answer: nobody has retreated, nothing is captured yet.
    assert game.state.battle is not None and not game.log.of_type("battle_over")
    assert where(game, "x1") == ("b2", None)
    assert "must choose where its beaten units retreat" in (game.blocking() or "")
    with pytest.raises(IllegalAction):
        game.apply(ContinueBattle())
    game.apply(Choose(decision["options"].index("c2")))
    assert where(game, "x1") == ("c2", None)
    assert game.state.battle is None
    # Then, as ever, the winner may break through.
    assert [d["kind"] for d in game.state.pending] == ["breakthrough"]
    over = last(game, "battle_over")
    assert over["winner"] == "red" and over["rounds"] >= 1
    types = [r["type"] for r in game.log.records]
    assert types.index("battle_retreat") < types.index("battle_over")
    assert game.log.of_type("captured")[-1]["region"] == "b2"  # taken after the retreat


def test_b9_sides_that_do_not_choose_retreat_by_the_die_as_before() -> None:
    game = _beaten_defender(choosing=False)
    assert game.state.battle is None
    assert [d["kind"] for d in game.state.pending] == ["breakthrough"]
    assert where(game, "x1")[0] in ("b1", "b3", "c2")
    assert [r["decision"] for r in game.log.of_type("decision")] == ["breakthrough"]


def test_b9_with_one_region_closest_to_supply_nobody_is_asked() -> None:
    game = _beaten_defender(choosing=True, source="b1")
    assert [d["kind"] for d in game.state.pending] == ["breakthrough"]
    assert where(game, "x1") == ("b1", None)


def test_b9_a_retreat_choice_saves_and_loads_at_the_question() -> None:
    game = _beaten_defender(choosing=True)
    saved = game.save()
    loaded = Game.load(game.scenario, saved)
    assert loaded.state.pending[0]["kind"] == "retreat"
    index = loaded.state.pending[0]["options"].index("b3")
    loaded.apply(Choose(index))
    assert where(loaded, "x1") == ("b3", None)
    assert loaded.state.battle is None


def test_b9_an_answer_out_of_range_is_refused_before_anything_changes() -> None:
    game = _beaten_defender(choosing=True)
    before = len(game.state.pending)
    with pytest.raises(IllegalAction):
        game.apply(Choose(7))
    assert len(game.state.pending) == before and where(game, "x1") == ("b2", None)
