"""Hostile files in the studio (issue 16): the studio lists the same issues as ``salient
validate`` for every file of the hostile corpus, never opens a pipe or a device named as an
image, refuses huge images before decoding them, and keeps its issue list short when a file
holds 100,000 issues."""

from __future__ import annotations

import errno
import json
import os
import struct
import threading
import zlib
from collections import Counter
from pathlib import Path

import pytest
from PySide6.QtGui import QColor, QImage

from editor.commands.common import read_scenario
from editor.shared.app import settle
from editor.shared.images import MAX_PIXELS, load_image
from editor.studio.panels.issues import ROWS_PER_CODE, IssuesPanel
from editor.studio.sections.settings import BackgroundEditor
from editor.studio.window import StudioWindow
from schemas.issues import Issue, make_issue
from schemas.map import Background
from tests.test_hostile_files import CORPUS, EXPECTED, MAKE


@pytest.fixture
def studio(qtbot, state_dir):
    window = StudioWindow(autosave_ms=3_600_000)
    yield window
    window.files.discard_session()
    window.close()
    window.deleteLater()


def _key(issue: Issue) -> tuple[str, str, str, str | None, str]:
    return (issue.severity, issue.code, issue.path, issue.entity, issue.message)


def _studio_issues(studio: StudioWindow, path: Path) -> list[Issue]:
    studio.files.open_path(path, ask=False)
    settle(studio)
    if studio.validation is not None:
        studio.validation.wait()
    return studio.issues.issues


def _cli_issues(path: Path) -> list[Issue]:
    result, _text = read_scenario(path)
    return result.issues


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_the_studio_and_the_command_line_list_the_same_issues(studio, name):
    """Duplicate keys were ignored by the studio, which then dropped a value at the next
    save: every load-stage issue (and every other) is now the same in both."""
    path = CORPUS / name
    assert Counter(map(_key, _studio_issues(studio, path))) == Counter(map(_key, _cli_issues(path)))


@pytest.fixture(scope="module")
def large(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    return MAKE.write_large(tmp_path_factory.mktemp("hostile-large"), regions=300)


@pytest.mark.parametrize("name", sorted(MAKE.LARGE))
def test_large_hostile_files_list_the_same_issues_capped(studio, large, name):
    path = large[name]
    found = _studio_issues(studio, path)
    assert Counter(map(_key, found)) == Counter(map(_key, _cli_issues(path)))
    panel = studio.issues
    listed = Counter(i.code for i in panel.model.issues)
    assert all(count <= ROWS_PER_CODE for count in listed.values())
    assert sum(listed.values()) + sum(panel.omitted.values()) == len(found)
    if panel.omitted:
        assert panel.more.isVisible() or not studio.isVisible()
        assert f"{sum(panel.omitted.values()):,} more not listed" in panel.more.text()


def test_a_duplicate_key_is_listed_and_gone_once_the_file_is_saved(studio, tmp_path):
    path = tmp_path / "dup.json"
    path.write_text((CORPUS / "duplicate-key.json").read_text())
    issues = _studio_issues(studio, path)
    assert [i.code for i in issues if i.code == "json-duplicate-key"]
    assert all(i.line is not None for i in issues if i.code == "json-duplicate-key")
    assert studio.files.save()
    studio.validation.wait()
    # The canonical file written has each key once: the issue is gone from both.
    assert not [i for i in studio.issues.issues if i.code == "json-duplicate-key"]
    assert not [i for i in _cli_issues(path) if i.code == "json-duplicate-key"]
    assert Counter(map(_key, studio.issues.issues)) == Counter(map(_key, _cli_issues(path)))


# -- images -----------------------------------------------------------------------------------


def _with_background(tmp_path: Path, image: str) -> Path:
    raw = json.loads((CORPUS / "background-missing.json").read_text())
    raw["map"]["background"]["path"] = image
    path = tmp_path / "scenario.json"
    path.write_text(json.dumps(raw))
    return path


def test_a_pipe_named_as_background_never_blocks_the_studio(studio, tmp_path):
    """A named pipe as the tracing image hung the studio at open. If anything opens it for
    reading, the watchdog opens it for writing after a while (so the test ends) and the test
    fails; no time is asserted."""
    fifo = tmp_path / "map.png"
    os.mkfifo(fifo)
    path = _with_background(tmp_path, "map.png")
    done = threading.Event()
    rescued: list[bool] = []

    def watchdog() -> None:
        if not done.wait(120):
            rescued.append(True)
            fd = os.open(fifo, os.O_WRONLY)  # lets a blocked reader go on (to end of file)
            os.close(fd)

    threading.Thread(target=watchdog, daemon=True).start()
    issues = _studio_issues(studio, path)
    studio.open_section("settings")
    settle(studio)
    done.set()
    assert not rescued
    # Nobody holds the pipe open for reading: opening it to write finds no reader.
    with pytest.raises(OSError) as refused:
        os.open(fifo, os.O_WRONLY | os.O_NONBLOCK)
    assert refused.value.errno == errno.ENXIO
    assert studio.document is not None and studio.scene.background is None
    (warning,) = [i for i in issues if i.code == "image-not-a-file"]
    assert warning.path == "/map/background/path" and "named pipe" in warning.message


def test_dev_stdin_as_background_is_refused_with_a_located_warning(studio):
    issues = _studio_issues(studio, CORPUS / "background-dev-stdin.json")
    assert studio.scene is not None and studio.scene.background is None
    (warning,) = [i for i in issues if i.code == "image-outside-folder"]
    assert warning.path == "/map/background/path"


def _png_header(width: int, height: int) -> bytes:
    """A tiny PNG file that says it is ``width`` x ``height`` pixels (a decompression bomb's
    header: decoding it would allocate width x height x 4 bytes)."""

    def chunk(kind: bytes, body: bytes) -> bytes:
        crc = zlib.crc32(kind + body) & 0xFFFFFFFF
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", crc)

    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    rows = zlib.compress(b"\x00" * (width + 1) * 2)
    return (
        b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", rows) + chunk(b"IEND", b"")
    )


def test_an_image_larger_than_the_cap_is_refused_before_it_is_decoded(studio, tmp_path):
    (tmp_path / "bomb.png").write_bytes(_png_header(100_000, 100_000))
    loaded = load_image(tmp_path, "bomb.png")
    assert loaded.image is None and "100,000 x 100,000 pixels" in loaded.reason
    assert str(MAX_PIXELS // 1_000_000) in loaded.reason
    from schemas.mods.package import MAX_PIXELS as PACKAGE_PIXELS

    assert MAX_PIXELS == PACKAGE_PIXELS  # every image a mod package may carry is shown
    path = _with_background(tmp_path, "bomb.png")
    _studio_issues(studio, path)
    assert studio.document is not None and studio.scene.background is None
    page = studio.open_section("settings")
    settle(studio)
    (editor,) = page.findChildren(BackgroundEditor)
    preview = editor.path.preview
    assert preview.text() == "not shown" and "megapixels" in preview.toolTip()
    assert not editor.scale.isEnabled()  # no size to scale by


def test_changing_the_image_path_updates_its_warning(studio, sample_path):
    image = QImage(40, 20, QImage.Format.Format_RGB32)
    image.fill(QColor("#808080"))
    image.save(str(sample_path.parent / "scan.png"))
    _studio_issues(studio, sample_path)
    document = studio.document

    def set_path(path: str) -> list[Issue]:
        settings = document.scenario.map.model_copy(
            update={"background": Background(path=path, width=400.0, height=200.0)}
        )
        document.set_section("map", settings)
        studio.validation.wait()
        return [i for i in studio.issues.issues if i.code.startswith("image-")]

    (outside,) = set_path("../scan.png")
    assert outside.code == "image-outside-folder" and outside.path == "/map/background/path"
    assert studio.scene.background is None
    assert set_path("scan.png") == []
    assert studio.scene.background is not None
    (missing,) = set_path("nowhere.png")
    assert missing.code == "image-not-a-file"


# -- 100,000 issues ------------------------------------------------------------------------------


def test_the_issue_list_shows_a_few_of_each_code_and_counts_the_rest(qtbot):
    issues = [
        make_issue("duplicate-id", f"/regions/{n}/id", "the id 'r' is used 90,000 times")
        for n in range(90_000)
    ]
    issues += [
        make_issue("unknown-reference", f"/units/{n}/type", "no unit type 'x'")
        for n in range(10_000)
    ]
    issues.append(make_issue("image-not-a-file", "/map/background/path", "no such file"))
    panel = IssuesPanel(None)
    qtbot.addWidget(panel)
    counts: list[tuple[int, int]] = []
    panel.countsChanged.connect(lambda errors, warnings: counts.append((errors, warnings)))
    panel.set_issues(issues)
    assert panel.model.rowCount() == 2 * ROWS_PER_CODE + 1
    assert panel.omitted == {
        "duplicate-id": 90_000 - ROWS_PER_CODE,
        "unknown-reference": 10_000 - ROWS_PER_CODE,
    }
    errors = sum(1 for i in issues if i.is_error)
    assert counts == [(errors, len(issues) - errors)]
    assert len(issues) - errors == 1  # the unreadable image
    assert panel.summary.text() == f"{errors:,} errors, 1 warning"
    text = panel.more.text()
    assert text.startswith(f"{100_000 - 2 * ROWS_PER_CODE:,} more not listed")
    assert f"{90_000 - ROWS_PER_CODE:,} duplicate-id" in text
    panel.set_issues(issues[:5])
    assert panel.omitted == {} and panel.more.isHidden()
