"""The enemy's values as a side knows them (OF11, OI2): each seen enemy hex with what the
side's intelligence reads of every unit there, and nothing its level does not show."""

from __future__ import annotations

from engine.wego.op.hex_queries import enemy_values
from tests.operational.builder import OpBuilder


def _lane(fog: bool) -> OpBuilder:
    b = OpBuilder(columns=8, rows=1)
    b.rules("fog", enabled=fog)
    b.rules("victory", victory_level=None)
    b.unit("scout", "recce", "c1r1")  # range 4, strength 4: levels 4, 3, 2, 1 from c2r1 on
    for hex_id in ("c2r1", "c3r1", "c4r1", "c5r1"):
        b.unit(f"foe-{hex_id}", "inf", hex_id, nation="blueland", strength=37, readiness=23)
    b.unit("unseen", "inf", "c8r1", nation="blueland")
    return b


def test_of11_oi2_the_enemys_values_are_only_what_each_level_shows() -> None:
    known = enemy_values(_lane(fog=True).game(seed=3), "red")
    assert "c8r1" not in known  # out of sight: not there at all
    high, medium, low, presence = (known[h][0] for h in ("c2r1", "c3r1", "c4r1", "c5r1"))
    assert [k.level for k in (high, medium, low, presence)] == [4, 3, 2, 1]
    # Strength, readiness and quality need level 5 (next to a unit of the side, OI3).
    for enemy in (high, medium, low, presence):
        assert enemy.strength is None and enemy.readiness is None and enemy.quality is None
    assert high.defence is not None and high.dug_in is False
    assert medium.defence is not None and medium.dug_in is None
    assert low.unit == "foe-c4r1" and low.category == "infantry" and low.defence is None
    # A presence is only "a unit": not even which one.
    assert (presence.unit, presence.category) == (None, None)


def test_of11_oi1_without_fog_every_value_of_a_seen_enemy_is_known() -> None:
    known = enemy_values(_lane(fog=False).game(seed=3), "red")
    far = known["c5r1"][0]
    assert (far.level, far.strength, far.readiness, far.quality) == (5, 37.0, 23.0, "regular")
    assert known["c8r1"][0].unit == "unseen"
