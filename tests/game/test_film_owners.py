"""The film colours the map with the owners of each tick (issue 14): a hex taken during the
execution shows its old owner before the tick it was taken and its new one from then on,
whatever it is now (editor/game/film/board.py, from the frames' ``owners``)."""

from __future__ import annotations

from editor.game.film.board import FilmMapView, board_of
from engine.wego import film
from engine.wego.orders import OrderMove, SealPlan
from tests.wego_scenarios import lane


def _taken_game():
    b = lane(6)
    b.unit("r", "inf", "c1r1").unit("x", "inf", "c6r1", nation="blueland")
    game = b.game(0)
    stack = game.state.units["r"].stack
    assert stack is not None
    game.apply(OrderMove(stack, ("c2r1", "c3r1", "c4r1"), 0))
    game.apply(SealPlan())
    game.apply(SealPlan())
    return game


def test_of1_the_film_map_shows_each_ticks_owners(qtbot) -> None:
    game = _taken_game()
    assert game.state.owner["c4r1"] == "redland"  # red holds it now
    frames = film.frames(game.log.records, viewer="red", turn=1)
    assert board_of(game, frames[0]).state.owner["c4r1"] == "blueland"
    assert board_of(game, frames[-1]).state.owner["c4r1"] == "redland"
    view = FilmMapView(game, "red")
    qtbot.addWidget(view)
    scene = view.map_scene
    view.show_frame(frames[0])
    before = scene.region_items["c4r1"].band
    view.show_frame(frames[-1])
    after = scene.region_items["c4r1"].band
    assert before == scene.nation_colours["blueland"]
    assert after == scene.nation_colours["redland"]
    # And back: scrubbing to the start shows the old owner again.
    view.show_frame(frames[0])
    assert scene.region_items["c4r1"].band == before


def test_of1_the_film_shows_each_ticks_structure_owners(qtbot) -> None:
    """An unfortified town structure taken with its hex changes hands in the frame of that
    tick; the first frame still shows it held by its first owner."""
    b = lane(6)
    b.structure("depot", "c4r1", kind="city")
    b.unit("r", "inf", "c1r1")
    game = b.game(0)
    stack = game.state.units["r"].stack
    assert stack is not None
    game.apply(OrderMove(stack, ("c2r1", "c3r1", "c4r1"), 0))
    game.apply(SealPlan())
    game.apply(SealPlan())
    assert game.state.structure_owner["depot"] == "redland"
    frames = film.frames(game.log.records, viewer="red", turn=1)
    assert board_of(game, frames[0]).state.structure_owner["depot"] == "blueland"
    assert board_of(game, frames[-1]).state.structure_owner["depot"] == "redland"
