"""The Kharkov 1942 hex WEGO sample: its generator gives the committed file, the file is
clean, and a short AI game on it is the same game every time (docs/wego.md, OT6)."""

from __future__ import annotations

import importlib.util
import itertools
import json
from pathlib import Path

import pytest

from engine.runner import play
from schemas import load_file
from schemas.hexgrid.grid import HexGrid
from schemas.scenario import Scenario
from tests.samples.played import FOLDER

SAMPLE = FOLDER / "kharkov-1942.json"
BUILD = FOLDER / "sources" / "kharkov-1942" / "build.py"


@pytest.fixture(scope="module")
def scenario() -> Scenario:
    result = load_file(SAMPLE)
    assert result.scenario is not None, [str(i) for i in result.issues]
    return result.scenario


def _build_module():  # a module loaded from its path
    spec = importlib.util.spec_from_file_location("kharkov_build", BUILD)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_generator_writes_the_committed_file_byte_for_byte() -> None:
    """Running sources/kharkov-1942/build.py gives the committed sample back exactly, so the
    file can always be rebuilt from its geography (a failure: the sources were edited and the
    sample not rebuilt, or the other way round)."""
    assert _build_module().text() == SAMPLE.read_text(encoding="utf-8")


def test_validates_without_any_issue() -> None:
    assert [str(issue) for issue in load_file(SAMPLE).issues] == []


def test_a_wego_hex_map_of_the_size_the_issue_asks(scenario: Scenario) -> None:
    """A hex map of 1,500-4,000 hexes with major and minor rivers on hexsides, bridges where
    roads and railways cross them, the city, and WEGO turns."""
    hex_map = scenario.hex_map
    assert hex_map is not None
    assert 1500 <= hex_map.columns * hex_map.rows <= 4000
    assert scenario.calendar.turn_system == "wego"
    assert hex_map.hexsides["major-river"] and hex_map.hexsides["river"]
    rivers = set(hex_map.hexsides["major-river"]) | set(hex_map.hexsides["river"])
    assert hex_map.bridges and set(hex_map.bridges) <= rivers
    assert "urban" in hex_map.terrain
    names = {record.name for record in hex_map.hexes}
    assert {"Kharkov", "Izyum", "Balakleya", "Chuguev", "Lozovaya"} <= names


def test_the_donets_bridges_stand_where_roads_cross_it(scenario: Scenario) -> None:
    """Every bridge carries a road or a railway: one of the two hexes is on a path and the
    other is the next hex of that path."""
    hex_map = scenario.hex_map
    assert hex_map is not None
    steps: set[frozenset[str]] = set()
    for paths in hex_map.roads.values():
        for path in paths:
            hexes = path.split()
            steps |= {frozenset(pair) for pair in itertools.pairwise(hexes)}
    for bridge in hex_map.bridges:
        assert frozenset(bridge.split("-")) in steps, bridge


def test_every_unit_starts_on_its_own_side_of_the_front(scenario: Scenario) -> None:
    hex_map = scenario.hex_map
    assert hex_map is not None
    grid = HexGrid.of(hex_map)
    owner = {}
    for nation, runs in hex_map.owners.items():
        for run in runs:
            first, _, count = run.partition("*")
            start = grid.find(first)
            assert start is not None
            for index in range(start, start + int(count or 1)):
                owner[grid.ids[index]] = nation
    side = {n.id: n.side for n in scenario.nations}
    for unit in scenario.units:
        assert unit.location is not None and unit.location.region is not None
        assert side[owner[unit.location.region]] == side[unit.nation], unit.id


def _log(scenario: Scenario, seed: int) -> str:
    result = play(scenario, seed, turns=2)
    return json.dumps(result.game.log.records, sort_keys=True, default=str)


def test_a_short_ai_game_is_the_same_game_twice(scenario: Scenario) -> None:
    """Two turns of the AI against itself on the same seed give the same event log, record
    for record; another seed gives another game."""
    first = _log(scenario, 5)
    assert first == _log(scenario, 5)
    assert '"wego_step"' in first and '"wego_battle"' in first
    assert first != _log(scenario, 6)


def test_the_page_quotes_the_sample(scenario: Scenario) -> None:
    page = (FOLDER / "kharkov-1942.md").read_text(encoding="utf-8")
    assert "../docs/images/kharkov-1942-studio.png" in page
    assert Path(FOLDER.parent / "docs" / "images" / "kharkov-1942-studio.png").is_file()
    # The game view's picture (docs/images/make_images.py hex-samples) is on the page too.
    assert "../docs/images/kharkov-1942-game.png" in page
    assert Path(FOLDER.parent / "docs" / "images" / "kharkov-1942-game.png").is_file()
    assert scenario.info.title in page
