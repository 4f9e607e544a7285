"""Saving: through symbolic links, keeping permissions, and refusing with a clear typed error
what no file can hold (issue 16, items 2 and 4)."""

from __future__ import annotations

import json
import stat
from pathlib import Path

import pytest

from schemas.atomic import write_atomic
from schemas.io import UnwritableError, dumps, load_text, save
from schemas.scenario import Scenario
from tests.factory import base


def _scenario() -> Scenario:
    scenario = load_text(json.dumps(base())).scenario
    assert scenario is not None
    return scenario


def test_saving_through_a_link_writes_the_file_it_names(tmp_path: Path) -> None:
    real_folder = tmp_path / "real"
    real_folder.mkdir()
    target = real_folder / "map.json"
    target.write_text("old")
    target.chmod(0o640)
    link = tmp_path / "link.json"
    link.symlink_to(target)

    written = write_atomic(link, b"new")

    assert written == target
    assert link.is_symlink() and link.readlink() == target
    assert target.read_bytes() == b"new"
    assert stat.S_IMODE(target.stat().st_mode) == 0o640
    # The temporary file was made beside the target and renamed: nothing is left anywhere.
    assert sorted(p.name for p in real_folder.iterdir()) == ["map.json"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.json", "real"]


def test_a_chain_of_links_and_a_dangling_link_are_followed(tmp_path: Path) -> None:
    target = tmp_path / "final.json"
    middle = tmp_path / "middle.json"
    first = tmp_path / "first.json"
    middle.symlink_to(target)  # dangling until the save
    first.symlink_to(middle)
    save(_scenario(), first)
    assert first.is_symlink() and middle.is_symlink()
    assert load_text(target.read_bytes()).scenario == _scenario()


def test_a_save_without_a_link_keeps_the_files_permissions(tmp_path: Path) -> None:
    target = tmp_path / "plain.json"
    target.write_text("old")
    target.chmod(0o600)
    save(_scenario(), target)
    assert stat.S_IMODE(target.stat().st_mode) == 0o600
    assert not target.is_symlink()


def test_half_a_character_cannot_be_saved_and_nothing_is_written(tmp_path: Path) -> None:
    scenario = _scenario()
    units = list(scenario.units)
    units[1] = units[1].model_copy(update={"name": "Guards \ud800"})
    broken = scenario.model_copy(update={"units": units})
    target = tmp_path / "kept.json"
    target.write_text("the previous save")
    with pytest.raises(UnwritableError) as caught:
        save(broken, target)
    assert caught.value.pointer == "/units/1/name"
    assert "unpaired surrogate" in caught.value.message
    assert target.read_text() == "the previous save"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["kept.json"]
    with pytest.raises(UnwritableError):
        dumps(broken)  # what autosave writes fails the same way, never UnicodeEncodeError


def test_a_file_repaired_on_load_saves_cleanly(tmp_path: Path) -> None:
    text = json.dumps(base()).replace('"Test grid"', '"Test \\ud800grid"')
    result = load_text(text)
    assert result.scenario is not None
    save(result.scenario, tmp_path / "repaired.json")
    assert "\ufffd" in (tmp_path / "repaired.json").read_text(encoding="utf-8")
