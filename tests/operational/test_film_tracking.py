"""Tracking in the film (OI8, OF2): under the fog of war a side's film shows the enemy stacks
its intelligence reads at each tick, so an enemy column crossing a recon zone appears while
it is inside and vanishes once it leaves; the level read sets what the frame shows."""

from __future__ import annotations

from typing import Any

from engine import Game
from engine.operational.intel import enemy_levels, picture
from engine.wego import film
from engine.wego.op.actions import AssignAsset
from engine.wego.orders import OrderMove
from tests.operational.builder import OpBuilder
from tests.operational.play import execute, stack

EYES = {
    "id": "eyes",
    "side": "red",
    "domain": "air",
    "missions": ["recon"],
    "recon_range": 1,
    "recon_strength": 3,
}


def crossing(*, fog: bool = True) -> OpBuilder:
    """Red watches from c1r1 (infantry: one hex); blue's motorized column at c7r1 drives
    south down column 7, through the hexes around c7r4, to c7r7."""
    b = OpBuilder(columns=9, rows=8)
    b.raw["calendar"]["turns"] = 2
    b.raw["calendar"]["wego"] = {**b.raw["calendar"].get("wego", {}), "tick_mp": 1.25}
    b.rules("fog", enabled=fog)
    b.rules("victory", victory_level=None)
    b.table("c2", delays=False)
    b.table("turns", supply="move_plus")
    b.table("assets", assets=[EYES])
    b.unit("watch", "inf", "c1r1")
    b.unit("column", "motor", "c7r1", nation="blueland")
    return b


def drive(b: OpBuilder) -> Game:
    game = b.game(seed=2)
    path = tuple(f"c7r{r}" for r in range(2, 8))
    execute(game, [AssignAsset("eyes", "recon", "c7r4")], [OrderMove(stack(game, "column"), path)])
    return game


def where(game: Game, frame: film.Frame) -> dict[str, Any]:
    column = stack(game, "column")
    view = frame.stacks.get(column)
    return {
        "region": view.region if view else None,
        "view": view.view if view else None,
        "level": (frame.levels or {}).get(column),
    }


def test_oi8_an_enemy_crossing_a_recon_zone_appears_in_the_film_and_vanishes_after() -> None:
    game = drive(crossing())
    red = film.frames(game.log.records, viewer="red", turn=1)
    seen = [where(game, f) for f in red]
    # Everyone's truth: the column ends the turn at c7r7 (six open hexes at 14 MP).
    truth = [
        f.stacks[stack(game, "column")].region
        for f in film.frames(game.log.records, viewer=None, turn=1)
    ]
    assert truth[0] == "c7r1" and truth[-1] == "c7r7"
    inside = {"c7r3", "c7r4", "c7r5"}  # within one hex of the recon's target
    for fact, shown in zip(truth, seen, strict=True):
        if fact in inside:
            assert shown["region"] == fact and shown["view"] == "outline"
            assert shown["level"] == 3  # the recon's strength on and next to its target
        else:
            assert shown == {"region": None, "view": None, "level": None}
    assert any(s["region"] for s in seen) and seen[-1]["region"] is None  # in, then out
    # The moves shown to red are those it saw start or end: none outside the zone.
    steps = [
        e for f in red for e in f.events if e["type"] == "wego_step" and e["side_id"] == "blue"
    ]
    assert steps and all(e["from"] in inside or e["to"] in inside for e in steps)
    assert all("order" not in e for e in steps)
    blue = film.frames(game.log.records, viewer="blue", turn=1)
    assert all(where(game, f)["view"] == "full" for f in blue)  # its own stack, whole
    assert not film.verify(game.log.records)


def test_oi8_oi3_a_stack_read_at_level_5_shows_its_units() -> None:
    b = crossing()
    b.table("assets", assets=[{**EYES, "recon_strength": 5}])
    b.unit("guard", "inf", "c6r4")  # next to the column's path: level 5 allowed (OI3)
    game = drive(b)
    red = film.frames(game.log.records, viewer="red", turn=1)
    views = {(s["region"], s["view"], s["level"]) for s in (where(game, f) for f in red)}
    assert ("c7r3", "full", 5) in views  # it halts next to the guard, in its zone
    full = next(f for f in red if where(game, f)["view"] == "full")
    assert "column" in full.strength  # a level-5 read shows strength (Table OI2)


def test_oi1_without_fog_the_film_shows_every_stack_whole_and_no_levels() -> None:
    game = drive(crossing(fog=False))
    red = film.frames(game.log.records, viewer="red", turn=1)
    assert all(where(game, f)["view"] == "full" for f in red)
    assert all(f.levels is None for f in red)


def test_oi5_oi3_the_films_levels_are_the_intelligence_pictures() -> None:
    b = OpBuilder(columns=9, rows=6)
    b.rules("fog", enabled=True)
    for name, kind, where in (
        ("s", "recce", "c1r1"),
        ("t", "armour", "c2r5"),
        ("i", "inf", "c4r3"),
    ):
        b.unit(name, kind, where)
    for n, where in enumerate(("c3r3", "c5r3", "c6r1", "c8r5", "c9r6", "c5r6")):
        quality = ("conscript", "regular", "elite")[n % 3]
        b.unit(f"e{n}", "motor", where, nation="blueland", quality=quality)
    board, units = b.board_and_units()
    for night in (False, True):
        extra = [(board.index("c8r2"), 2, 3)]
        levels = enemy_levels(board, units, "red", night=night, stationary={"i"}, extra=extra)
        seen = picture(board, units, "red", key="k", night=night, stationary={"i"}, extra=extra)
        assert levels == {u: s.level for u, s in seen.units.items()}
        assert levels  # some are seen, some not
        assert len(levels) < 6 or not night
