"""Units that start the scenario aboard a ship (``location.aboard``, issue 11): validated
(the ship exists, is a placed transport of the same side, has room; sea transport is on) and
played (they are off the map, sail with the ship, and go ashore as cargo boarded in play).
Checklist ids: U2 (transport capacity in stacking points), M3 (landing over a beach)."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from engine.actions import Disembark, Move
from engine.runner import play
from schemas import load_text
from tests.engine.builder import Builder, advance_to
from tests.engine.test_transport import coast, stack_of


def afloat(**transport: object) -> Builder:
    """The ``coast`` map with red's infantry ``ri`` and tank ``rk`` aboard the transport
    ``rt`` (capacity 4) lying in port ``pa`` at the start; c1 (blue, behind a beach from b1)
    is worth 5 VP to red."""
    b = coast(**transport)
    for unit in b.raw["units"]:
        if unit["id"] in ("ri", "rk"):
            unit["location"] = {"aboard": "rt"}
    b.region("c1", values={"red": {"capture": 5}})
    return b


def issues_of(b: Builder) -> list[tuple[str, str, str]]:
    result = load_text(json.dumps(b.raw))
    return [(i.code, i.path, i.message) for i in result.issues if i.is_error]


def test_u2_units_start_aboard_their_ship_off_the_map() -> None:
    game = afloat().game()
    for unit in ("ri", "rk"):
        state = game.state.units[unit]
        assert (state.status, state.carrier, state.stack) == ("aboard", "rt", None)
    assert not [s for s in game.state.stacks.values() if set(s.units) & {"ri", "rk"}]


def test_m3_units_that_start_aboard_sail_and_land_over_the_beach() -> None:
    game = afloat().game()
    advance_to(game, "naval_movement")
    fleet = stack_of(game, "rt")
    game.apply(Move(fleet, ("b1",)))
    game.apply(Disembark(fleet, "c1"))
    assert game.state.owner["c1"] == "redland"
    assert game.state.units["ri"].stack == game.state.units["rk"].stack is not None


def test_the_ai_lands_troops_that_start_aboard() -> None:
    game = play(afloat().build(), seed=1, turns=1).game
    landed = game.log.of_type("disembarked")
    assert landed and landed[0]["region"] == "c1" and set(landed[0]["units"]) == {"ri", "rk"}


def test_a_clean_scenario_with_units_aboard_has_no_issue() -> None:
    assert issues_of(afloat()) == []


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda b: b.unit("rx", "inf", nation="redland", location={"aboard": "ri"}), "no ship"),
        (lambda b: (b.unit("rx", "inf", "a1"), _aboard(b, "rx")), "carries 4 stacking points"),
        (lambda b: (b.unit("bx", "inf", nation="blueland"), _aboard(b, "bx")), "another side"),
        (lambda b: (b.unit("rs", "ship", "b1"), _aboard(b, "rs")), "only land units"),
        (lambda b: b.rules("transport", sea=False), "sea transport is off"),
        (lambda b: b.rules("naval", enabled=False), "sea transport is off"),
    ],
)
def test_u2_a_start_aboard_that_cannot_be_is_an_error(
    change: Callable[[Builder], object], message: str
) -> None:
    b = afloat()
    change(b)
    found = issues_of(b)
    assert found, "no issue reported"
    codes = {code for code, _, _ in found}
    assert codes == {"unit-aboard-invalid"}, found
    assert any(message in text for _, _, text in found), found
    assert all(path.endswith("/location/aboard") for _, path, _ in found)


def test_u2_a_ship_that_is_not_on_the_map_carries_nobody() -> None:
    b = afloat()
    next(u for u in b.raw["units"] if u["id"] == "rt")["location"] = None
    b.set(
        "reinforcements",
        [{"id": "later", "side": "red", "turn": 2, "units": ["rt"], "to": {"structure": "pa"}}],
    )
    found = issues_of(b)
    assert any("does not start on the map" in text for _, _, text in found), found


def test_a_location_names_exactly_one_place() -> None:
    b = afloat()
    b.raw["units"][-1]["location"] = {"aboard": "rt", "region": "a1"}
    result = load_text(json.dumps(b.raw))
    assert any("exactly one of a region, a structure or a ship" in i.message for i in result.issues)


def _aboard(b: Builder, unit: str) -> None:
    next(u for u in b.raw["units"] if u["id"] == unit)["location"] = {"aboard": "rt"}
