"""Project rules that keep the code base healthy: layering and lint."""

from __future__ import annotations

import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _tool(name: str) -> str:
    found = Path(sys.executable).with_name(name)
    if found.exists():
        return str(found)
    path = shutil.which(name)
    if path is None:
        pytest.fail(f"{name} is not installed; install the test extra: pip install -e '.[test]'")
    return path


def test_import_contracts_hold() -> None:
    done = subprocess.run(
        [_tool("lint-imports"), "--no-cache"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    contracts = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]
    assert f"Contracts: {len(contracts['contracts'])} kept, 0 broken." in done.stdout


def test_the_game_view_is_kept_apart_from_the_studio() -> None:
    """The editor holds two applications: the game view must not import the studio, and the
    studio may start a game only through the game view's entry point."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]
    forbidden = [c for c in config["contracts"] if c["type"] == "forbidden"]
    assert any(
        "editor.game" in c["source_modules"] and "editor.studio" in c["forbidden_modules"]
        for c in forbidden
    )
    assert any(
        c["source_modules"] == ["editor.studio"]
        and c["forbidden_modules"] == ["editor.game"]
        and c.get("ignore_imports") == ["editor.studio.play -> editor.game.launch"]
        for c in forbidden
    )


def test_qt_is_forbidden_in_schemas_and_engine() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]
    forbidden = [c for c in config["contracts"] if c["type"] == "forbidden"]
    assert any(
        {"schemas", "engine"} <= set(c["source_modules"])
        and {"PySide6", "pyqtgraph", "editor"} <= set(c["forbidden_modules"])
        for c in forbidden
    )


def test_ruff_is_clean() -> None:
    ruff = _tool("ruff")
    check = subprocess.run(
        [ruff, "check", "."], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert check.returncode == 0, check.stdout
    fmt = subprocess.run(
        [ruff, "format", "--check", "."], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert fmt.returncode == 0, fmt.stdout


@pytest.mark.slow
def test_mypy_is_clean_on_schemas_and_engine() -> None:
    """The two Qt-free packages type-check strictly (configured in pyproject.toml)."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mypy"]
    assert config["strict"] is True and set(config["files"]) == {"schemas", "engine"}
    done = subprocess.run(
        [_tool("mypy")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Success: no issues found" in done.stdout


def test_no_tree_item_iterators() -> None:
    """PySide keeps a QTreeWidgetItemIterator alive as long as its tree, registered with the
    tree's model; when a rebuild deletes the row it stands on, the next rebuild walks freed
    memory. That crashed the engineers panel's real-window test under load (a segfault in
    QTreeWidget.clear, reproduced under valgrind). Walk rows with topLevelItem and child."""
    name = "QTreeWidgetItemIterator"
    users = [
        str(path.relative_to(ROOT))
        for folder in ("editor", "tests", "benchmarks")
        for path in (ROOT / folder).rglob("*.py")
        if path != Path(__file__) and name in path.read_text(encoding="utf-8")
    ]
    assert users == []
