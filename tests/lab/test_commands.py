"""``salient balance``, ``duel``, ``odds`` and ``replay`` as a designer runs them: the files
they write, what they print, their exit codes, and their refusals of bad input."""

from __future__ import annotations

import gzip
import json
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from editor.cli import main
from engine.lab import runs
from tests.studio.lab_helpers import in_process

SAMPLES = Path(__file__).resolve().parents[2] / "sample_scenarios"
VESSA = SAMPLES / "vessa-crossing.json"
PNG = b"\x89PNG\r\n\x1a\n"


def _no_cluster(workers, scheduler):
    raise AssertionError("a cluster was started although every game was cached")


@pytest.fixture(scope="module")
def lab(tmp_path_factory) -> Path:
    """Three games of the sample balanced once, on a cluster of one worker. The worker is a
    thread of this process: starting worker processes takes half a minute on a busy machine,
    and tests/lab/test_cluster.py starts a local cluster of processes through the same
    ``connect``; here what ``--jobs`` asked for is checked to reach it."""
    folder = tmp_path_factory.mktemp("lab")
    asked: list[int | None] = []

    @contextmanager
    def one_thread(workers: int | None, scheduler: str | None) -> Iterator[Any]:
        asked.append(workers)
        assert scheduler is None
        with in_process() as client:
            yield client

    args = ["balance", str(VESSA), "--games", "3", "--jobs", "1", "--out", str(folder)]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(runs, "connect", one_thread)
        assert main(args) == 0
    assert asked == [1]
    return folder


def test_balance_writes_the_report_the_page_and_the_charts(lab: Path) -> None:
    report = json.loads((lab / "report.json").read_text())
    assert report["kind"] == "salient-balance-report" and report["played"] == 3
    assert [g["seed"] for g in report["games"]] == [1, 2, 3]
    page = (lab / "report.html").read_text()
    assert page.startswith("<!DOCTYPE html>") and "Balance of Crossing the Vessa" in page
    assert page.count('src="data:image/png;base64,') >= 5  # charts inside: one file to share
    assert "<script" not in page and "http" not in page
    for name in ("results", "vp", "length", "endings", "capture_map"):
        assert (lab / "charts" / f"{name}.png").read_bytes().startswith(PNG)
    assert len((lab / "games.jsonl").read_text().splitlines()) == 3


def test_a_rerun_plays_nothing_and_reports_the_same(lab: Path, monkeypatch, capsys) -> None:
    before = json.loads((lab / "report.json").read_text())
    monkeypatch.setattr(runs, "connect", _no_cluster)
    assert main(["balance", str(VESSA), "--games", "3", "--out", str(lab), "--no-charts"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Crossing the Vessa: 3 games, AI baseline\n")
    assert "won" in out and f"report: {lab / 'report.html'}" in out
    after = json.loads((lab / "report.json").read_text())
    assert after["results"] == before["results"] and after["games"] == before["games"]


def test_a_duel_of_one_level_reuses_the_lab_games(lab: Path, monkeypatch, capsys) -> None:
    monkeypatch.setattr(runs, "connect", _no_cluster)
    args = ["duel", str(VESSA), "--ai", "baseline", "--vs", "baseline", "--games", "4"]
    assert main([*args, "--out", str(lab)]) == 0
    out = capsys.readouterr().out
    assert "baseline against baseline, 4 games (2 seeds, each side played by both)" in out
    report = json.loads((lab / "duel-baseline-vs-baseline.json").read_text())
    assert report["overall"]["games"] == 4 and set(report["by_side"]) == {"dravan", "arvel"}


def test_two_reports_compared(lab: Path, tmp_path: Path, capsys) -> None:
    before = json.loads((lab / "report.json").read_text())
    after = json.loads(json.dumps(before))
    for row in after["games"]:
        row["winner"] = "dravan"
    (tmp_path / "a.json").write_text(json.dumps(before))
    (tmp_path / "b.json").write_text(json.dumps(after))
    out_dir = tmp_path / "out"
    args = ["balance", str(tmp_path / "a.json"), str(tmp_path / "b.json"), "--out", str(out_dir)]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "3 seeds" in out and "Dravan Republic: won" in out
    comparison = json.loads((out_dir / "comparison.json").read_text())
    assert comparison["seeds"] == 3 and comparison["sides"]["dravan"]["after"]["rate"] == 1.0
    assert "before and after" in (out_dir / "comparison.html").read_text()


def test_two_versions_of_a_scenario_compared_from_the_cache(lab: Path, tmp_path, monkeypatch):
    monkeypatch.setattr(runs, "connect", _no_cluster)
    copy = tmp_path / "vessa-copy.json"
    shutil.copy(VESSA, copy)
    args = ["balance", str(VESSA), str(copy), "--games", "3", "--out", str(lab), "--no-charts"]
    assert main(args) == 0
    comparison = json.loads((lab / "comparison.json").read_text())
    assert comparison["games_with_another_winner"] == 0 and not comparison["moved"]
    assert (lab / "before" / "report.json").exists() and (lab / "after" / "report.html").exists()


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--games", "0"], "--games takes a number of games of at least 1"),
        (["--ai-level", "grandmaster"], "unknown AI level 'grandmaster' (known: baseline"),
        (["--jobs", "2", "--scheduler", "tcp://x:1"], "--jobs sizes the local cluster"),
        ([str(VESSA), str(VESSA)], "balance takes one scenario, or two versions"),
    ],
)
def test_balance_refuses_bad_options(extra, message, tmp_path, capsys) -> None:
    assert main(["balance", str(VESSA), *extra, "--out", str(tmp_path)]) == 2
    assert message in capsys.readouterr().err


def test_balance_refuses_a_scenario_with_errors(tmp_path: Path, capsys) -> None:
    raw = json.loads(VESSA.read_text())
    raw["units"][0]["type"] = "tanks"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(raw))
    assert main(["balance", str(bad), "--out", str(tmp_path / "out")]) == 1
    assert "fix them before playing" in capsys.readouterr().err


def test_odds_of_chosen_forces(capsys) -> None:
    args = ["odds", str(VESSA), "--region", "harl-uplands", "--runs", "2000"]
    forces = ["--attacker", "rifle-division*3,armoured-brigade", "--defender", "rifle-division*2"]
    assert main([*args, *forces, "--attacker-side", "dravan"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("Battle in Harl Uplands (Hills")
    assert lines[1] == "  Dravan Republic attacks: 3 x Rifle Division, Armoured Brigade"
    assert lines[2] == "  Kingdom of Arvel defends: 2 x Rifle Division"
    assert lines[3] == "2,000 battles (seed 0):"
    assert lines[4].startswith("  Dravan Republic wins ") and "routed" in lines[4]
    assert main([*args, *forces, "--attacker-side", "dravan", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["attacker"]["side"] == "dravan" and len(data["attacker"]["units"]) == 4
    assert data["attacker_win"] + data["defender_win"] == pytest.approx(1.0)
    assert sum(data["distributions"]["rounds"]["histogram"].values()) == 2000


def test_odds_of_the_stacks_in_a_region_against_a_named_force(capsys) -> None:
    args = ["odds", str(VESSA), "--region", "tarrow", "--attacker", "armoured-brigade*2"]
    assert main([*args, "--runs", "500", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["defender"]["side"] == "dravan"
    assert {"dr-5-rifles", "dr-9-rifles"} <= set(data["defender"]["units"])


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--region", "atlantis"], "unknown region 'atlantis'"),
        (["--region", "tarrow", "--attacker", "tiger*2"], "'tiger' is neither a unit"),
        (["--region", "tarrow", "--attacker", "dr-5-rifles*2"], "'dr-5-rifles' is one unit"),
        (["--region", "tarrow", "--runs", "0"], "--runs takes a number of battles"),
    ],
)
def test_odds_refuses_what_cannot_fight(extra, message, capsys) -> None:
    assert main(["odds", str(VESSA), *extra]) == 2
    assert message in capsys.readouterr().err


def test_replay_of_a_log_on_its_scenario_and_on_an_edit(tmp_path: Path, capsys) -> None:
    log = tmp_path / "game.jsonl"
    assert main(["play", str(VESSA), "--headless", "--seed", "2", "--log", str(log)]) == 0
    capsys.readouterr()
    assert main(["replay", str(log), str(VESSA)]) == 0
    assert ": identical (" in capsys.readouterr().out
    packed = tmp_path / "game.jsonl.gz"
    packed.write_bytes(gzip.compress(log.read_bytes()))
    assert main(["replay", str(packed), str(VESSA), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["diverged"] is False

    raw = json.loads(VESSA.read_text())
    for unit_type in raw["unit_types"]:
        if unit_type["id"] == "rifle-division":
            unit_type["defence"] += 2
    edited = tmp_path / "edited.json"
    edited.write_text(json.dumps(raw))
    assert main(["replay", str(log), str(edited)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[1].startswith("first divergence at record ") and ", turn " in out[1]
    assert any(line.strip().startswith("recorded: {") for line in out)


def test_replay_refuses_a_file_that_is_not_a_log(tmp_path: Path, capsys) -> None:
    junk = tmp_path / "junk.jsonl"
    junk.write_text('{"type": "phase"}\n')
    assert main(["replay", str(junk), str(VESSA)]) == 2
    assert "does not start with the game's start" in capsys.readouterr().err
