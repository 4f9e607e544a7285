"""The film of an operational game shows what the side's intelligence tracked (OI8): an enemy
column crossing a recon zone is drawn as an outline with its level's badge while inside, and
is gone from the map once it leaves (editor/game/film/board.py, tracking.py)."""

from __future__ import annotations

from editor.game.film.board import FilmMapView
from editor.game.film.tracking import tracking_cells
from engine.wego import film
from tests.operational.play import stack
from tests.operational.test_film_tracking import crossing, drive


def test_oi8_the_film_draws_tracked_enemies_with_their_level_and_drops_them_after(qtbot) -> None:
    game = drive(crossing())
    column = stack(game, "column")
    frames = film.frames(game.log.records, viewer="red", turn=1)
    view = FilmMapView(game, "red")
    qtbot.addWidget(view)
    scene = view.map_scene
    tracked = [f for f in frames if column in f.stacks]
    assert tracked and len(tracked) < len(frames)
    for frame in frames:
        view.show_frame(frame)
        shown = view.shown_stacks()
        if frame in tracked:
            region = frame.stacks[column].region
            assert shown[column] == (region, "outline")
            (cell,) = tracking_cells(scene, frame)
            assert cell[:2] == (region, 3) and "level 3 (medium)" in cell[2]
            assert scene.tracking is not None and scene.tracking.scene() is scene
        else:
            assert column not in shown  # out of the zone: not on the film's map
            assert scene.tracking is None
    # The final film has no fog: the column is drawn whole all along, without badges.
    view = FilmMapView(game, None)
    qtbot.addWidget(view)
    for frame in film.final_film(game.log.records):
        view.show_frame(frame)
        assert view.shown_stacks()[column][1] == "full"
        assert view.map_scene.tracking is None
