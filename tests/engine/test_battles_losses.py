"""Hit allocation (B5, U1), checked on the allocation itself."""

from __future__ import annotations

from engine.combat.field import describe
from engine.combat.losses import spread, take_hits
from engine.combat.prepare import build
from tests.engine.test_battles import arena, start


def blue_side(*units: tuple[str, str, int]):
    """A setup whose defenders are ``units`` (id, type, strength) facing one red tank."""
    b = arena()
    b.region("b1", stacking=60)
    b.unit_type("mines", name="Mines", attack=2, defence=2, hit_points=2, loss_priority="first")
    b.unit_type("fort", name="Fort", defence=3, hit_points=4, loss_priority="last")
    b.unit("r1", "tank", "b1")
    for unit_id, unit_type, strength in units:
        b.unit(unit_id, unit_type, "b1", nation="blueland", strength=strength)
    game = start(b)
    return build(game, describe(game, "b1", "red"))


def hit(setup, armour: int = 0, other: int = 0, aa: int = 0) -> dict[str, int]:
    strength = list(setup.strength)
    taken = [0] * setup.n
    take_hits(setup, strength, [0] * setup.n, 1, armour, other, aa, taken)
    return {setup.ids[i]: taken[i] for i in range(setup.n) if setup.side[i] == 1}


def test_b5_hits_are_shared_pro_rata_to_remaining_strength() -> None:
    taken = [0, 0, 0]
    strength = [6, 3, 1]
    assert spread(5, [0, 1, 2], strength, taken, [1, 1, 1]) == 0
    # 5 x (6, 3, 1) / 10 = 3, 1.5, 0.5; running totals 3, 4.5 -> 5, 5: shares 3, 2, 0.
    assert taken == [3, 2, 0]
    assert strength == [3, 1, 1]


def test_b5_excess_hits_are_lost() -> None:
    taken = [0, 0]
    strength = [2, 1]
    assert spread(7, [0, 1], strength, taken, [1, 1]) == 4
    assert strength == [0, 0]


def test_b5_armour_hits_go_to_armour_first_then_to_the_others() -> None:
    setup = blue_side(("t1", "tank", 4), ("t2", "tank", 2), ("i1", "inf", 4))
    assert hit(setup, armour=3) == {"t1": 2, "t2": 1, "i1": 0}
    assert hit(setup, armour=8) == {"t1": 4, "t2": 2, "i1": 2}


def test_b5_other_hits_go_to_non_armour_units() -> None:
    setup = blue_side(("t1", "tank", 4), ("i1", "inf", 4), ("i2", "inf", 4))
    assert hit(setup, other=4) == {"t1": 0, "i1": 2, "i2": 2}


def test_b5_when_only_armour_is_left_it_takes_half_the_other_hits() -> None:
    setup = blue_side(("t1", "tank", 4), ("t2", "tank", 4))
    assert sum(hit(setup, other=4).values()) == 2
    assert sum(hit(setup, other=3).values()) == 1  # half, rounded down
    # Others first, then half of the rest on armour.
    setup = blue_side(("t1", "tank", 4), ("i1", "inf", 1))
    assert hit(setup, other=5) == {"t1": 2, "i1": 1}


def test_b5_loss_priority_first_normal_last() -> None:
    setup = blue_side(("m1", "mines", 2), ("i1", "inf", 4), ("f1", "fort", 4))
    assert hit(setup, other=2) == {"m1": 2, "i1": 0, "f1": 0}
    assert hit(setup, other=5) == {"m1": 2, "i1": 3, "f1": 0}
    assert hit(setup, other=8) == {"m1": 2, "i1": 4, "f1": 2}


def test_u1_support_units_are_not_hit_while_combat_units_remain() -> None:
    setup = blue_side(("i1", "inf", 2), ("a1", "art", 2))
    assert hit(setup, other=1) == {"i1": 1, "a1": 0}
    assert hit(setup, other=3) == {"i1": 2, "a1": 1}


def test_b5_only_anti_aircraft_fire_hits_aircraft() -> None:
    b = arena()
    b.structure("field", "c1", kind="airfield", airport=True, capacity={"air": 8})
    b.unit("r1", "tank", "b1")
    b.unit("i1", "inf", "b1", nation="blueland")
    b.unit("p1", "bomber", structure="field", nation="blueland")
    game = start(b)
    from tests.engine.test_battles import fly

    fly(game, "p1", "b1")
    setup = build(game, describe(game, "b1", "red"))
    assert hit(setup, other=6) == {"i1": 4, "p1": 0}
    assert hit(setup, aa=1) == {"i1": 0, "p1": 1}
