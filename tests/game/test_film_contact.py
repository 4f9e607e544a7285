"""The film's caption names what the operational rules' contact on the move did in a frame:
an ambush of a road column (OC30), an overrun (OM14), recce pulling back (OM17)."""

from __future__ import annotations

from editor.game.film.player import describe_frame, has_combat
from engine import Game
from engine.wego import film
from engine.wego.orders import OrderMove
from tests.operational.play import execute, stack
from tests.operational.test_contact import _column, _overrun_board, board


def _captions(game: Game) -> list[str]:
    return [describe_frame(game, f) for f in film.frames(game.log.records, viewer=None, turn=1)]


def _place(game: Game, hex_id: str) -> str:
    region = game.world.regions.get(hex_id)
    return region.name if region is not None else hex_id


def test_oc30_the_caption_names_the_ambush_and_its_frame_is_a_combat_frame() -> None:
    game, _ = _column()
    frames = film.frames(game.log.records, viewer="red", turn=1)
    (caught,) = [f for f in frames if "ambush at" in describe_frame(game, f)]
    assert f"ambush at {_place(game, 'c5r1')}" in describe_frame(game, caught)
    assert has_combat(caught)  # step-to-combat stops on it


def test_om14_the_caption_names_the_hex_overrun() -> None:
    b = _overrun_board(30)
    b.unit("tank", "armour", "c4r2", echelon="regiment")
    game = b.game(seed=1)
    execute(game, [OrderMove(stack(game, "tank"), ("c5r2", "c6r2"))])
    (line,) = [c for c in _captions(game) if "overrun" in c]
    assert f"{_place(game, 'c5r2')} overrun" in line and "foe eliminated" in line


def test_om17_the_caption_names_recce_pulling_back() -> None:
    b = board()
    b.unit("scouts", "recce", "c3r1")
    b.unit("foe", "inf", "c5r1", nation="blueland")
    game = b.game(seed=1)
    execute(game, [], [OrderMove(stack(game, "foe"), ("c4r1",))])
    assert any(f"recce pulled back from {_place(game, 'c3r1')}" in c for c in _captions(game))
