"""The Kharkov 1942 sample of the operational family (issue 15): its generator gives the
committed file, the file is clean and uses what the family offers, and a whole AI-against-AI
game on it is deterministic and saved at a mid-game decision point loads to the same end
(OT6, OV1)."""

from __future__ import annotations

import importlib.util
import json
from collections import Counter
from pathlib import Path

import pytest

from engine import Game
from engine.ai import BaselineAI, levels
from schemas import load_file
from schemas.scenario import Scenario
from tests.samples.played import FOLDER, played, scenario

NAME = "kharkov-1942-operational"
SAMPLE = FOLDER / f"{NAME}.json"
BUILD = FOLDER / "sources" / NAME / "build.py"
SEED = 4


@pytest.fixture(scope="module")
def sample() -> Scenario:
    return scenario(NAME)


def _build_module():  # a module loaded from its path
    spec = importlib.util.spec_from_file_location("kharkov_operational_build", BUILD)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_generator_writes_the_committed_file_byte_for_byte() -> None:
    """Running the sample's build.py gives the committed file back exactly (a failure: the
    sources were edited and the sample not rebuilt, or the other way round)."""
    assert _build_module().text() == SAMPLE.read_text(encoding="utf-8")


def test_validates_without_any_issue() -> None:
    assert [str(issue) for issue in load_file(SAMPLE).issues] == []


def test_it_uses_what_the_operational_family_offers(sample: Scenario) -> None:
    """Units with echelon, quality, strength and readiness; an HQ tree with one root a side
    and every other unit attached; supply sources, depots and pools; air and ground assets;
    night turns and a day of mud; victory locations for both sides and Table OV4's kills."""
    assert sample.rules.family == "operational" and sample.calendar.turn_system == "wego"
    rules = sample.rules.operational
    assert rules is not None
    states = [u.operational for u in sample.units if u.operational is not None]
    assert len(states) == len(sample.units)
    assert {s.quality for s in states} >= {"conscript", "green", "regular", "veteran"}
    assert {s.echelon for s in states} >= {"brigade", "division", "corps", "army", "front"}
    assert any(s.strength < 100 for s in states) and any(s.readiness < 100 for s in states)
    assert any(s.dug_in for s in states)
    side_of = {n.id: n.side for n in sample.nations}
    nation_of = {u.id: u.nation for u in sample.units}
    roots = [h.unit for h in rules.command.hqs if h.parent is None]
    assert sorted(side_of[nation_of[r]] for r in roots) == ["axis", "soviet"]
    attached = {a.unit for a in rules.command.attachments} | {h.unit for h in rules.command.hqs}
    assert attached == {u.id for u in sample.units}
    kinds = {(s.side, s.kind) for s in rules.supply.sources}
    assert {("soviet", "source"), ("soviet", "depot"), ("axis", "source")} <= kinds
    assert {p.side for p in rules.supply.pools} == {"soviet", "axis"}
    assert {a.domain for a in rules.assets.assets} == {"air", "ground"}
    assert {a.side for a in rules.assets.assets} == {"soviet", "axis"}
    assert "night" in rules.turns.pattern and "mud" in rules.turns.weather
    scored = {side for loc in rules.victory.locations for side in loc.per_turn}
    assert scored == {"soviet", "axis"} and rules.victory.kills


@pytest.fixture(scope="module")
def replayed(sample: Scenario) -> Game:
    """The module's game played a second time, in two halves: a fresh baseline AI (the one
    ``engine.runner.play`` uses) plays from the start on the same seed until a side plans the
    middle turn, the game is saved there (as a person saves), loaded from the text, and
    played to the end by another fresh AI. One whole game serves both the determinism test
    and the save test, which used to play two and a half between them."""
    game, ai = Game(sample, SEED), BaselineAI()
    middle = sample.calendar.turns // 2
    while not (game.phase == "wego_planning" and game.state.turn == middle):
        assert game.outcome() is None, f"the game ended before turn {middle}"
        game.apply(ai.choose(game))
    copy, other = Game.from_save(sample, json.dumps(game.save())), BaselineAI()
    assert copy.state.turn == middle
    while copy.outcome() is None:
        copy.apply(other.choose(copy))
    return copy


@pytest.mark.slow  # a whole operational game: its file is handed out first
def test_a_whole_ai_game_is_the_same_game_twice(sample: Scenario, replayed: Game) -> None:
    """The AI against itself to the end on one seed: the same log, record for record, each
    time (the second time is ``replayed``, by fresh players and through a save at mid-game);
    the battles are the family's odds battles, fought by day and at night, and the game ends
    after the last turn on VP (OV1)."""
    first, _ = played(NAME, SEED)
    assert first.finished and first.game.log.records == replayed.log.records
    records = first.game.log.records
    kinds = Counter(r["type"] for r in records)
    assert kinds["op_battle"] > 0 and kinds["wego_battle"] == 0
    assert kinds["op_asset_mission"] > 0, "the assets fly missions (OA4-OA14)"
    supported = [
        s
        for r in records
        if r["type"] == "op_battle"
        for s in r["shifts"]
        if s["kind"] in ("attack_support", "defence_support")
    ]
    assert supported, "air support and command assets shift the odds of battles (OC9)"
    outcome = first.game.outcome()
    assert outcome is not None and outcome.turns_played == sample.calendar.turns
    night, weather, fought = False, "good", set()
    for record in records:
        if record["type"] == "wego_execution":
            night, weather = record["night"], record["weather"]
        elif record["type"] == "op_battle":
            fought.add((night, weather))
    assert {n for n, _ in fought} == {True, False}, "battles by day and at night (OW6)"
    assert {w for _, w in fought} == {"good", "mud"}, "battles in mud too (OW1)"


def _normal_opening(sample: Scenario) -> Game:
    """``normal`` on both sides from the start on ``SEED`` through the second turn."""
    game = Game(sample, SEED)
    players = {side: levels.player("normal") for side in ("soviet", "axis")}
    while game.outcome() is None and game.state.turn <= 2:
        game.apply(players[game.to_act()].choose(game))
    return game


@pytest.mark.slow  # two turns of the sample, twice
def test_normal_opening_is_the_same_game_twice(sample: Scenario) -> None:
    """``normal``, which economises its assaults (only the stacks the odds need go in, the
    others left free for other attacks, advances and ignore-enemy moves: OO3,
    engine/wego/op/ai_parts.py), plays the sample's first two turns on one seed with the
    same log, record for record, each time by fresh players, assaults included."""
    first, second = _normal_opening(sample), _normal_opening(sample)
    assert first.log.records == second.log.records
    kinds = Counter(r["action"]["kind"] for r in first.log.records if r["type"] == "action")
    assert kinds["order_assault"] > 0
    assert any(r["type"] == "op_battle" for r in first.log.records)


def test_a_save_at_a_mid_game_decision_point_loads_and_plays_to_the_same_end(
    replayed: Game,
) -> None:
    """Saved while a side plans a turn in the middle of the game (as a person saves), the
    game loaded from the text and played on by a fresh AI (``replayed``) ends exactly as the
    game that was never saved: the same outcome, state and log."""
    never_saved = played(NAME, SEED)[0].game
    assert replayed.outcome() == never_saved.outcome()
    assert replayed.state.to_json() == never_saved.state.to_json()
    assert replayed.log.records == never_saved.log.records


def test_the_page_quotes_the_sample(sample: Scenario) -> None:
    page = (FOLDER / f"{NAME}.md").read_text(encoding="utf-8")
    assert sample.info.title in page
    for picture in (f"{NAME}-game.png", f"{NAME}-studio.png"):  # make_images.py hex-samples
        assert f"../docs/images/{picture}" in page
        assert Path(FOLDER.parent / "docs" / "images" / picture).is_file()
    assert f"({NAME}.md)" in (FOLDER / "README.md").read_text(encoding="utf-8")
