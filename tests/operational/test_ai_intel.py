"""The operational AI weighs the enemy as its intelligence reads it (OI10), never behind the
fog: a hand-made lane of open hexes, two red regiments next to two blue infantry units worn
down to a quarter of their strength."""

from __future__ import annotations

from engine import Game
from engine.wego.op import ai, state
from tests.operational.play import ai_lane, red_plan


def worn_defenders(fog: bool) -> Game:
    b = ai_lane(8)
    b.rules("fog", enabled=fog)
    b.unit("r1", "inf", "c4r1", echelon="regiment")
    b.unit("r2", "inf", "c4r1", echelon="regiment")
    b.unit("foe1", "inf", "c5r1", nation="blueland", strength=25.0)
    b.unit("foe2", "inf", "c5r1", nation="blueland", strength=25.0)
    return b.game(seed=1)


def kinds(game: Game) -> list[str]:
    return [a["kind"] for a in red_plan(game)]


def test_oi10_the_ai_attacks_defenders_it_reads_as_worn_down() -> None:
    """No fog: every enemy is read at level 5, strength included, so the worn pair is a
    target at good odds."""
    assert "order_attack" in kinds(worn_defenders(fog=False))


def test_oi10_the_ai_does_not_weigh_what_its_intelligence_cannot_read() -> None:
    """Fog: the pair is seen at level 1 only (presence, no factors, OI2). The AI weighs each
    like an average unit at full strength instead of their true quarter strength, finds
    poor odds, and holds."""
    game = worn_defenders(fog=True)
    units = state.units(game)
    seen = ai._seen(game, "red", units)
    assert {u.strength for k, u in seen.items() if k.startswith("foe")} == {100.0}
    given = kinds(game)
    assert "order_attack" not in given and "order_assault" not in given
