"""``salient generate-hex`` and a hex scenario through the command line: validated, and played
headless by the AI to the end."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from editor.cli import main


def test_generate_hex_writes_a_clean_scenario_that_plays_to_the_end(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "hex.json"
    args = ["generate-hex", "--columns", "12", "--rows", "8", "--seed", "2"]
    assert main([*args, "--orientation", "pointy", "-o", str(out)]) == 0
    assert "12 x 8 hexes (pointy top)" in capsys.readouterr().out
    raw = json.loads(out.read_text())
    assert raw["regions"] == [] and raw["hex_map"]["orientation"] == "pointy"
    assert main(["validate", str(out)]) == 0
    assert capsys.readouterr().out == f"{out}: ok\n"
    assert main(["play", str(out), "--headless", "--ai", "all", "--seed", "1", "--json"]) == 0
    outcome = json.loads(capsys.readouterr().out)
    assert outcome["finished"] is True
    assert outcome["turns_played"] >= 1


def test_generate_hex_refuses_a_tiny_grid(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "x.json"
    assert main(["generate-hex", "--columns", "3", "--rows", "9", "-o", str(target)]) == 2
    assert "at least 4 columns" in capsys.readouterr().err
    assert not target.exists()
