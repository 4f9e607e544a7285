"""A saved game is checked as strictly as a scenario before it is restored: damaged or
hostile saves are refused with a SaveError naming the JSON pointer (issue 16, item 10)."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from engine import Game, SaveError
from engine.actions import Choose
from engine.ai.baseline import BaselineAI
from engine.game import read_save
from engine.save_checks import check_save
from schemas.io import load_file
from tests.engine.builder import Builder

SAMPLE = Path(__file__).resolve().parents[2] / "sample_scenarios" / "vessa-crossing.json"
SCENARIO = load_file(SAMPLE).scenario
assert SCENARIO is not None


def _played(actions: int) -> dict[str, Any]:
    game = Game(SCENARIO, 2)
    ai = BaselineAI()
    for _ in range(actions):
        game.apply(ai.choose(game))
    return json.loads(json.dumps(game.save()))


SAVE = _played(60)
Data = dict[str, Any]


def _first_unit(data: Data) -> str:
    return next(iter(data["state"]["units"]))


def _deep(data: Data) -> None:
    nested: list[Any] = []
    for _ in range(100_000):
        nested = [nested]
    data["log"][0]["extra"] = nested


BROKEN: dict[str, tuple[Callable[[Data], None], str, str]] = {
    # name: (damage, pointer reported, words of the message)
    "unknown unit id": (
        lambda d: d["state"]["units"].__setitem__(
            "ghost", {**d["state"]["units"][_first_unit(d)], "id": "ghost"}
        ),
        "/state/units/ghost",
        "no unit 'ghost'",
    ),
    "unit id in a stack": (
        lambda d: next(iter(d["state"]["stacks"].values()))["units"].append("phantom"),
        "/state/stacks/",
        "no unit 'phantom'",
    ),
    "turn as a string": (
        lambda d: d["state"].__setitem__("turn", "3"),
        "/state/turn",
        "valid integer",
    ),
    "phase index 99": (
        lambda d: d["state"].__setitem__("phase_index", 99),
        "/state/phase_index",
        "phase 99",
    ),
    "turn past the end": (
        lambda d: d["state"].__setitem__("turn", 11),
        "/state/turn",
        "past the game's 10 turns",
    ),
    "nesting 100,000 deep": (_deep, "/log/0/extra/0", "nested more than"),
    "a 5,000-digit integer": (
        lambda d: d["state"]["sides"]["arvel"].__setitem__("vp", 10**5000),
        "/state/sides/arvel/vp",
        "5,001 digits",
    ),
    "a 5,000-digit integer in the log": (
        lambda d: d["log"][3].__setitem__("amount", -(10**5000)),
        "/log/3/amount",
        "digits",
    ),
    "unknown key": (lambda d: d["state"].__setitem__("cheat", True), "/state/cheat", "unknown"),
    "missing table entry": (
        lambda d: d["state"]["owner"].pop(next(iter(d["state"]["owner"]))),
        "/state/owner",
        "missing",
    ),
    "card that does not exist": (
        lambda d: d["state"]["sides"]["dravan"]["hand"].append("ace-of-spades"),
        "/state/sides/dravan/hand/",
        "no card 'ace-of-spades'",
    ),
    "die state": (lambda d: d["dice"][1].__setitem__(7, 2**40), "/dice/1/7", "die's state"),
    "log out of order": (lambda d: d["log"][5].__setitem__("seq", 99), "/log/5/seq", "numbered"),
    "not JSON data": (lambda d: d["state"].__setitem__("flags", {1: True}), "/state/flags", "key"),
    "infinite number": (
        lambda d: d["state"]["units"][_first_unit(d)].__setitem__("mp_spent", float("inf")),
        "/state/units/",
        "finite",
    ),
}


def test_the_unbroken_save_loads() -> None:
    game = Game.load(SCENARIO, copy.deepcopy(SAVE))
    assert game.state.turn >= 1 and game.legal_actions()


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_a_damaged_save_is_refused_where_it_is_damaged(name: str) -> None:
    damage, where, words = BROKEN[name]
    data = copy.deepcopy(SAVE)
    damage(data)
    with pytest.raises(SaveError) as refused:
        Game.load(SCENARIO, data, where="/game")
    assert refused.value.pointer is not None
    assert refused.value.pointer.startswith("/game" + where), refused.value.pointer
    assert words in str(refused.value)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
        ('{"format": 1, "seed": ' + "7" * 5000 + "}", "5000 digits"),
        ('{"format": 1, "format": 2}', "more than once"),
        (b"\xff\xfe{}", "not UTF-8"),
        ('{"format": 1,', "line 1"),
    ],
)
def test_save_text_is_read_as_safely_as_a_scenario(text: str | bytes, words: str) -> None:
    with pytest.raises(SaveError, match=words):
        Game.from_save(SCENARIO, text)


def test_a_save_read_from_its_text_continues_the_game() -> None:
    text = json.dumps(SAVE)
    assert read_save(text) == SAVE
    assert Game.from_save(SCENARIO, text).save() == SAVE


def test_a_save_with_a_pending_choice_is_checked_and_continues() -> None:
    builder = Builder(cols=2)
    builder.set(
        "events",
        [
            {
                "id": "offer",
                "title": "Offer",
                "effects": [
                    {
                        "kind": "choice",
                        "options": [
                            {"label": "gold", "effects": [{"kind": "treasury", "amount": 5}]},
                            {"label": "glory", "effects": [{"kind": "vp", "amount": 3}]},
                        ],
                    }
                ],
            }
        ],
    )
    game = builder.game(0)
    assert game.state.pending[0]["kind"] == "choice"
    scenario = game.scenario
    data = json.loads(json.dumps(game.save()))
    check_save(scenario, data)
    again = Game.load(scenario, data)
    again.apply(Choose(1))
    assert again.state.sides["red"].vp == 3
    data["state"]["pending"][0]["options"][0]["effects"][0]["kind"] = "print_money"
    with pytest.raises(SaveError) as refused:
        Game.load(scenario, data)
    assert refused.value.pointer == "/state/pending/0/options/0/effects/0"
