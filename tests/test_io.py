"""Canonical writing, atomic saves, migrations, and loading that never raises."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from schemas import dumps, load_file, load_text, save
from schemas import migrations as mig
from schemas.io import canonical_json, write_atomic
from tests.factory import base


def loaded(raw: dict) -> object:
    result = load_text(json.dumps(raw))
    assert result.scenario is not None, result.issues
    return result.scenario


def test_save_load_save_is_byte_identical(tmp_path: Path) -> None:
    path = tmp_path / "grid.json"
    save(loaded(base()), path)
    first = path.read_bytes()
    save(load_file(path).scenario, path)
    assert path.read_bytes() == first


def test_canonical_layout() -> None:
    text = dumps(loaded(base()))
    assert text.endswith("}\n") and not text.endswith("\n\n")
    assert text.startswith('{\n  "schema_version": 2,\n  "info": {\n    "title": "Test grid"')
    # A point stays on one line; so do short lists of ids.
    assert "          [0.0, 0.0],\n" in text
    assert '"turn_order": ["red", "blue"]' in text
    # Fields left at their defaults are not written, except in the tables modders tune.
    assert '"entrenched"' not in text
    assert '"hand_limit": 10' in text
    assert '"ambush": false' in text


def test_key_order_follows_the_format_not_the_file() -> None:
    raw = base()
    shuffled = {key: raw[key] for key in reversed(list(raw))}
    assert dumps(loaded(shuffled)) == dumps(loaded(raw))


def test_side_keyed_maps_are_sorted() -> None:
    raw = base()
    raw["regions"][0]["values"] = {"red": {"capture": 1}, "blue": {"loss": 2}}
    text = dumps(loaded(raw))
    assert text.index('"blue"', text.index('"values"')) < text.index(
        '"red"', text.index('"values"')
    )


def test_unicode_is_kept_readable() -> None:
    raw = base()
    raw["regions"][0]["name"] = "Hämeenlinna"
    assert '"Hämeenlinna"' in dumps(loaded(raw))


def test_canonical_json_wraps_long_plain_lists() -> None:
    value = {"ids": [f"region-{n:03d}" for n in range(30)]}
    text = canonical_json(value)
    assert text.count("\n") > 30
    assert json.loads(text) == value


def test_atomic_save_keeps_the_old_file_when_writing_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "scenario.json"
    path.write_text("old contents")

    def broken_fsync(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", broken_fsync)
    with pytest.raises(OSError, match="No space"):
        write_atomic(path, b"new contents")
    assert path.read_text() == "old contents"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["scenario.json"]


def test_atomic_save_keeps_permissions(tmp_path: Path) -> None:
    path = tmp_path / "scenario.json"
    path.write_text("old")
    path.chmod(0o640)
    write_atomic(path, b"new")
    assert path.read_text() == "new"
    assert path.stat().st_mode & 0o777 == 0o640


def test_migration_chain_runs_each_step(monkeypatch: pytest.MonkeyPatch) -> None:
    def one_to_two(raw: dict) -> dict:
        raw["renamed"] = raw.pop("old_name")
        return raw

    def two_to_three(raw: dict) -> dict:
        raw["renamed"] = raw["renamed"].upper()
        return raw

    monkeypatch.setattr(mig, "MIGRATIONS", {1: one_to_two, 2: two_to_three})
    out = mig.migrate({"schema_version": 1, "old_name": "x"}, target=3)
    assert out == {"schema_version": 3, "renamed": "X"}


def test_migration_gap_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(mig, "MIGRATIONS", {})
    with pytest.raises(mig.MigrationError) as caught:
        mig.migrate({"schema_version": 1}, target=2)
    assert caught.value.code == "schema-version-invalid"


def test_newer_file_is_refused_with_advice() -> None:
    raw = base()
    raw["schema_version"] = 7
    (issue,) = load_text(json.dumps(raw)).issues
    assert issue.code == "schema-version-newer"
    assert "update Salient" in issue.message


@pytest.mark.parametrize(
    "data",
    [
        b"",
        b"null",
        b"[]",
        b"{",
        b'"text"',
        b"\x00\x01\x02",
        b'{"schema_version": true}',
        b'{"schema_version": 1, "regions": "none"}',
        b"[" * 100_000,
    ],
)
def test_garbage_gives_issues_not_exceptions(data: bytes) -> None:
    result = load_text(data)
    assert result.scenario is None
    assert result.issues and all(issue.is_error for issue in result.issues)


def test_nan_is_refused_with_a_path() -> None:
    text = json.dumps(base()).replace('"stacking": 12', '"stacking": NaN', 1)
    (issue,) = load_text(text).issues
    assert issue.code == "schema"
    assert issue.path == "/terrain/0/stacking"


def test_fast_and_thorough_loads_agree() -> None:
    from pathlib import Path

    texts = [json.dumps(base())]
    texts += [
        p.read_text() for p in (Path(__file__).parent.parent / "sample_scenarios").glob("*.json")
    ]
    for text in texts:
        fast, thorough = load_text(text), load_text(text, thorough=True)
        assert fast.scenario is not None
        assert fast.scenario == thorough.scenario
        assert fast.issues == thorough.issues


def test_an_older_or_odd_file_takes_the_thorough_path(monkeypatch: pytest.MonkeyPatch) -> None:
    raw = base()
    raw["schema_version"] = 0
    monkeypatch.setattr(mig, "OLDEST_READABLE", 0)
    monkeypatch.setattr(mig, "MIGRATIONS", {**mig.MIGRATIONS, 0: lambda r: r})
    result = load_text(json.dumps(raw))
    assert result.ok
