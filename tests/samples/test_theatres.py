"""Every theatre sample is clean and plays to the end, on the seed its own tests watch a
characteristic rule on. (How long the games take is measured in ``benchmarks/theatres.py``.)"""

from __future__ import annotations

import pytest

from schemas import load_file
from tests.samples.played import FOLDER, played

SEEDS = {"winter-war": 3, "north-africa": 2, "mexican-war": 1}
"""The seed of each sample's own test module (its characteristic rule happens on it)."""


@pytest.mark.parametrize("name", sorted(SEEDS))
def test_validates_without_any_issue(name: str) -> None:
    assert [str(issue) for issue in load_file(FOLDER / f"{name}.json").issues] == []


@pytest.mark.parametrize("name", sorted(SEEDS))
def test_ai_plays_to_the_end(name: str) -> None:
    result, _seconds = played(name, SEEDS[name])
    assert result.finished
    assert result.game.outcome() is not None


def test_every_theatre_sample_is_here() -> None:
    others = {"vessa-crossing", "kharkov-1942", "kharkov-1942-operational"}  # tested apart
    theatres = {p.stem for p in FOLDER.glob("*.json")} - others
    assert theatres == set(SEEDS)
