"""Three-way merge of scenario files by entity, on its own and as a git merge driver."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from editor.cli import main
from schemas import dumps
from schemas.mods.apply import apply_mods
from schemas.mods.make import make_mod
from schemas.mods.merge import merge_scenarios
from tests.mods.helpers import Raw, edited, grid, item, rename


def ours_change(raw: Raw) -> None:
    item(raw, "terrain", "forest")["movement_cost"] = 3
    item(raw, "units", "red-inf-1")["location"] = {"region": "w1"}
    raw["areas"].append({"id": "north", "name": "North"})


def theirs_change(raw: Raw) -> None:
    item(raw, "cards", "push")["copies"] = 2
    item(raw, "terrain", "forest")["stacking"] = 6  # the same entity, another field
    raw["units"] = [u for u in raw["units"] if u["id"] != "blue-fighter"]


def test_edits_to_different_entities_merge_like_applying_both() -> None:
    base = grid()
    ours, theirs = edited(base, ours_change), edited(base, theirs_change)
    merged = merge_scenarios(base, ours, theirs)
    assert merged.clean and merged.scenario is not None
    both = apply_mods(
        base,
        [
            make_mod(base, theirs, mod_id="theirs", name="T", base_id="b"),
            make_mod(base, ours, mod_id="ours", name="O", base_id="b"),
        ],
        validate=False,
    )
    assert both.scenario is not None
    assert dumps(merged.scenario) == dumps(both.scenario)

    def expected_change(raw: Raw) -> None:
        ours_change(raw)
        theirs_change(raw)

    assert dumps(merged.scenario) == dumps(edited(base, expected_change))


def test_a_rename_on_one_side_and_an_edit_on_the_other() -> None:
    base = grid()

    def ours(raw: Raw) -> None:
        rename(raw, "cards", "push", "big-push", [])

    def theirs(raw: Raw) -> None:
        item(raw, "cards", "push")["copies"] = 3

    merged = merge_scenarios(base, edited(base, ours), edited(base, theirs))
    assert merged.clean and merged.scenario is not None
    card = merged.scenario.cards[0]
    assert (card.id, card.copies) == ("big-push", 3)


def test_the_same_change_on_both_sides_is_not_a_conflict() -> None:
    base = grid()
    merged = merge_scenarios(base, edited(base, ours_change), edited(base, ours_change))
    assert merged.clean


def test_conflicts_are_listed_by_entity_field_and_keep_the_preferred_side() -> None:
    base = grid()

    def ours(raw: Raw) -> None:
        item(raw, "terrain", "forest")["movement_cost"] = 3

    def theirs(raw: Raw) -> None:
        item(raw, "terrain", "forest")["movement_cost"] = 4
        raw["cards"] = [c for c in raw["cards"] if c["id"] != "push"]

    def ours_push(raw: Raw) -> None:
        ours(raw)
        item(raw, "cards", "push")["copies"] = 2

    merged = merge_scenarios(base, edited(base, ours_push), edited(base, theirs))
    assert not merged.clean and merged.scenario is not None
    found = [(c.section, c.id, c.path, c.base, c.ours, c.theirs) for c in merged.conflicts]
    assert ("terrain", "forest", "/movement_cost", 2, 3, 4) in found
    assert any(c.id == "push" and "removed on one side" in c.message for c in merged.conflicts)
    assert merged.scenario.terrain[1].movement_cost == 3
    preferring_theirs = merge_scenarios(
        base, edited(base, ours_push), edited(base, theirs), prefer="theirs"
    )
    assert preferring_theirs.scenario is not None
    assert preferring_theirs.scenario.terrain[1].movement_cost == 4


def test_merge_command_writes_valid_json_and_a_conflict_list(tmp_path: Path, capsys) -> None:
    base = grid()
    files = {}
    for name, change in (
        ("base", lambda raw: None),
        ("ours", lambda raw: item(raw, "terrain", "forest").update(movement_cost=3)),
        ("theirs", lambda raw: item(raw, "terrain", "forest").update(movement_cost=4)),
    ):
        files[name] = tmp_path / f"{name}.json"
        files[name].write_text(dumps(edited(base, change)))
    out = tmp_path / "merged.json"
    args = ["merge", str(files["base"]), str(files["ours"]), str(files["theirs"]), "-o", str(out)]
    assert main(args) == 1
    assert json.loads(out.read_text())["terrain"][1]["movement_cost"] == 3
    listed = json.loads((tmp_path / "merged.json.conflicts.json").read_text())
    assert [(c["id"], c["path"], c["ours"], c["theirs"]) for c in listed["conflicts"]] == [
        ("forest", "/movement_cost", 3, 4)
    ]
    assert "conflict: terrain type 'forest' /movement_cost" in capsys.readouterr().err
    files["theirs"].write_text(dumps(edited(base, theirs_change)))
    assert main(args) == 0
    assert not (tmp_path / "merged.json.conflicts.json").exists()


@pytest.mark.skipif(shutil.which("git") is None, reason="needs git")
def test_registered_as_a_git_merge_driver(tmp_path: Path) -> None:
    """The configuration docs/modding.md gives: git merges two branches' edits of one
    scenario file by entity."""
    salient = Path(sys.executable).parent / "salient"
    env = {
        **os.environ,
        "GIT_AUTHOR_NAME": "t",
        "GIT_AUTHOR_EMAIL": "t@example.org",
        "GIT_COMMITTER_NAME": "t",
        "GIT_COMMITTER_EMAIL": "t@example.org",
        "GIT_CONFIG_NOSYSTEM": "1",
        "HOME": str(tmp_path),
    }

    def git(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            ["git", *args],
            cwd=tmp_path / "repo",
            env=env,
            capture_output=True,
            text=True,
            check=False,
        )

    (tmp_path / "repo").mkdir()
    base = grid()
    scenario = tmp_path / "repo" / "grid.json"
    git("init", "-q", "-b", "main")
    git("config", "merge.salient.name", "Salient scenario merge")
    git("config", "merge.salient.driver", f"{salient} merge %O %A %B -o %A --name %P")
    (tmp_path / "repo" / ".gitattributes").write_text("*.json merge=salient\n")
    scenario.write_text(dumps(base))
    git("add", "-A")
    git("commit", "-qm", "base")
    git("checkout", "-qb", "theirs")
    scenario.write_text(dumps(edited(base, theirs_change)))
    git("commit", "-qam", "theirs")
    git("checkout", "-q", "main")
    scenario.write_text(dumps(edited(base, ours_change)))
    git("commit", "-qam", "ours")
    done = git("merge", "-q", "--no-edit", "theirs")
    assert done.returncode == 0, done.stdout + done.stderr

    def both(raw: Raw) -> None:
        ours_change(raw)
        theirs_change(raw)

    assert scenario.read_text() == dumps(edited(base, both))
