"""The two rules families live side by side in one engine and neither imports the other's
rules (issue 15): import-linter contracts, run with the others by tests/test_architecture.py."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _forbidden() -> list[dict[str, list[str]]]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]
    return [c for c in config["contracts"] if c["type"] == "forbidden"]


def test_the_operational_rules_may_not_import_the_area_rules() -> None:
    contract = next(c for c in _forbidden() if c["source_modules"] == ["engine.operational"])
    area = {"engine.movement", "engine.combat", "engine.supply", "engine.board", "engine.phases"}
    assert area <= set(contract["forbidden_modules"])
    # The shared interfaces stay allowed.
    assert not {"engine.dice", "engine.log", "engine.errors"} & set(contract["forbidden_modules"])


def test_the_area_rules_may_not_import_the_operational_rules() -> None:
    assert any(
        c["forbidden_modules"] == ["engine.operational"] and "engine.combat" in c["source_modules"]
        for c in _forbidden()
    )


def test_the_shared_wego_modules_reach_the_operational_rules_only_through_one_dispatch_point() -> (
    None
):
    contract = next(
        c
        for c in _forbidden()
        if "engine.wego.execute" in c["source_modules"]
        and "engine.operational" in c["forbidden_modules"]
    )
    shared = {"engine.wego.plan", "engine.wego.game", "engine.wego.ai", "engine.wego.film"}
    assert shared <= set(contract["source_modules"])
    assert "engine.wego.op" in contract["forbidden_modules"]
    assert contract["ignore_imports"] == ["engine.wego.family -> engine.wego.op.*"]
