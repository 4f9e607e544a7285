"""Never losing an edit in the studio (issue 16): autosave follows the content through undo,
every failed save says why and keeps the work and its recovery copy, saves go through
symbolic links, and the studio's own files are private."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox

from editor.studio.files import recoveries, recovery_path
from editor.studio.window import StudioWindow
from schemas.io import dumps, load_file

ROOT = Path(__file__).resolve().parents[2]
Buttons = QMessageBox.StandardButton


@pytest.fixture
def make_studio(qtbot, state_dir):
    """Studio windows made by the test, closed afterwards without prompts (pass or fail)."""
    made: list[StudioWindow] = []

    def make(autosave_ms: int = 3_600_000) -> StudioWindow:
        studio = StudioWindow(autosave_ms=autosave_ms)
        made.append(studio)
        return studio

    yield make
    for studio in made:
        studio.files.discard_session()
        studio.close()
        studio.deleteLater()


def _rename(document, region: int, name: str) -> None:
    document.set_field("regions", document.scenario.regions[region].id, ["name"], name)


def _reopen(make_studio, path: Path, monkeypatch) -> StudioWindow:
    """A new studio on ``path`` after a crash, accepting the recovery it offers."""
    asked: list[str] = []
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: asked.append(a[2]) or Buttons.Yes)
    again = make_studio()
    assert again.files.open_path(path, ask=False)
    assert asked and "did not close cleanly" in asked[0]
    again.validation.wait()
    return again


# -- item 1: autosave after undo -----------------------------------------------------------------


def test_autosave_follows_the_content_not_the_undo_index(make_studio, sample_path, monkeypatch):
    """Edits A and B autosaved, both undone, C and D made (the undo index is 2 again): the
    recovery copy offered after a crash holds C and D, not A and B."""
    studio = make_studio()
    studio.files.open_path(sample_path, ask=False)
    document, saver = studio.document, studio.autosaver
    _rename(document, 0, "A")
    _rename(document, 1, "B")
    assert saver.autosave() is not None
    document.undo_stack.undo()
    document.undo_stack.undo()
    _rename(document, 2, "C")
    _rename(document, 3, "D")
    assert document.undo_stack.index() == 2
    for _ in range(5):  # five autosave intervals
        saver.autosave()
    expected = dumps(document.scenario)
    saver.stop()  # the crash: nothing cleans up

    again = _reopen(make_studio, sample_path, monkeypatch)
    names = [r.name for r in again.document.scenario.regions[:4]]
    assert names[2:] == ["C", "D"] and "A" not in names and "B" not in names
    assert dumps(again.document.scenario) == expected


def test_the_autosave_timer_writes_what_was_made_after_an_undo(qtbot, make_studio, sample_path):
    """The same with the real timer: the copy on disk catches up with C and D."""
    studio = make_studio(20)
    studio.files.open_path(sample_path, ask=False)
    document = studio.document
    _rename(document, 0, "A")
    copy = recovery_path(sample_path, studio.session)
    qtbot.waitUntil(lambda: copy.exists() and '"A"' in copy.read_text())
    document.undo_stack.undo()
    _rename(document, 2, "C")
    qtbot.waitUntil(lambda: copy.exists() and '"C"' in copy.read_text())
    assert '"A"' not in copy.read_text()


KILLED_STUDIO = textwrap.dedent(
    """
    import sys
    from pathlib import Path
    from PySide6.QtWidgets import QApplication
    from editor.shared.app import application
    from editor.studio.window import StudioWindow

    app = application()
    studio = StudioWindow(autosave_ms=10)
    studio.files.open_path(Path(sys.argv[1]), ask=False)
    document, saver = studio.document, studio.autosaver
    ticks = []
    saver.timer.timeout.connect(lambda: ticks.append(1))

    def intervals(n):
        # Autosave intervals counted by the timer's own ticks, not by the clock.
        start = len(ticks)
        while len(ticks) < start + n:
            app.processEvents()

    def rename(region, name):
        document.set_field("regions", document.scenario.regions[region].id, ["name"], name)

    rename(0, "A")
    rename(1, "B")
    intervals(2)
    document.undo_stack.undo()
    document.undo_stack.undo()
    rename(2, "C")
    rename(3, "D")
    intervals(5)
    print("ready", flush=True)
    sys.stdin.readline()  # killed here
    """
)


def test_a_studio_killed_after_undo_offers_the_edits_made_after_it(
    make_studio, state_dir, sample_path, monkeypatch, tmp_path
):
    """The same as a real crash: a studio process killed with SIGKILL five autosave
    intervals after C and D."""
    script = tmp_path / "studio.py"
    script.write_text(KILLED_STUDIO)
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "SALIENT_STATE_DIR": str(state_dir)}
    with subprocess.Popen(
        [sys.executable, str(script), str(sample_path)],
        cwd=ROOT,
        env=env,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    ) as child:
        assert child.stdout is not None
        assert child.stdout.readline().strip() == "ready"
        child.kill()  # SIGKILL
        child.wait(timeout=60)
    assert child.returncode == -9
    again = _reopen(make_studio, sample_path, monkeypatch)
    names = [r.name for r in again.document.scenario.regions[:4]]
    assert names[2:] == ["C", "D"] and "A" not in names and "B" not in names


# -- item 2: saves that fail ---------------------------------------------------------------------


def _failing(kind: str, studio: StudioWindow, sample_path: Path, monkeypatch) -> Path:
    """Make the next save fail in the way ``kind`` names; returns where it will go."""
    if kind == "os":
        # A folder where a file should be: the disk refuses it (as root, too).
        return sample_path.parent / "not-a-folder" / "copy.json"
    if kind == "unwritable":
        # Half of a character pasted in the title: no UTF-8 file can hold it.
        info = studio.document.scenario.info.model_copy(update={"title": "Crossing \ud800"})
        studio.document.set_section("info", info)
        return sample_path

    def broken(*_args: object) -> None:
        raise RuntimeError("something nobody foresaw")

    monkeypatch.setattr(studio.document, "write", broken)
    return sample_path


@pytest.mark.parametrize(
    ("kind", "says"),
    [
        ("os", "Not a directory"),
        ("unwritable", "the value at /info/title cannot be written"),
        ("other", "an internal error (RuntimeError: something nobody foresaw)"),
    ],
)
def test_a_failed_save_says_why_and_keeps_the_work_and_its_recovery_copy(
    make_studio, sample_path, monkeypatch, kind, says
):
    """Any failure of any kind: "Not saved" with the reason, the document still modified,
    nothing written, and a recovery copy of the work (issue 16, item 2)."""
    (sample_path.parent / "not-a-folder").write_text("")
    studio = make_studio()
    studio.files.open_path(sample_path, ask=False)
    document = studio.document
    _rename(document, 0, "Kept")
    target = _failing(kind, studio, sample_path, monkeypatch)
    before = sample_path.read_bytes()
    shown: list[tuple[str, str]] = []
    monkeypatch.setattr(QMessageBox, "critical", lambda *a, **k: shown.append((a[1], a[2])))
    assert not studio.files._write(target)

    ((title, text),) = shown
    assert title == "Not saved" and says in text and str(target) in text
    assert "Nothing was written" in text and "recovery copy" in text
    assert says in studio.statusBar().currentMessage()
    assert document.modified and studio.windowTitle().startswith("vessa-crossing.json*")
    assert sample_path.read_bytes() == before
    assert not target.exists() or target == sample_path
    leftovers = [p.name for p in sample_path.parent.iterdir() if p.name.endswith(".tmp")]
    assert leftovers == []
    (copy,) = recoveries()
    assert copy.original == sample_path.resolve()
    # The copy holds the work; text no file can store comes back repaired and reported.
    again = _reopen(make_studio, sample_path, monkeypatch)
    assert again.document.scenario.regions[0].name == "Kept"
    if kind == "unwritable":
        assert again.document.scenario.info.title == "Crossing \ufffd"
        (issue,) = [i for i in again.issues.issues if i.code == "text-unpaired-surrogate"]
        assert issue.path == "/info/title"


def test_closing_with_an_unsaveable_document_keeps_the_window_open(
    make_studio, sample_path, monkeypatch
):
    studio = make_studio()
    studio.files.open_path(sample_path, ask=False)
    info = studio.document.scenario.info.model_copy(update={"title": "Crossing \udc00"})
    studio.document.set_section("info", info)
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: Buttons.Save)
    monkeypatch.setattr(QMessageBox, "critical", lambda *a, **k: None)
    assert not studio.files.may_discard()  # closing stops: the work is still here
    assert studio.document.modified and len(recoveries()) == 1


def test_an_autosave_that_fails_says_so_and_keeps_the_last_copy(make_studio, sample_path):
    studio = make_studio()
    studio.files.open_path(sample_path, ask=False)
    document, saver = studio.document, studio.autosaver
    _rename(document, 0, "First")
    first = saver.autosave()
    assert first is not None
    good = first.read_bytes()
    # The recovery copy's place is taken by a folder: the next copy cannot be written.
    first.unlink()
    first.mkdir()
    _rename(document, 0, "Second")
    assert saver.autosave() is None
    assert saver.problem is not None and "Recovery copy not saved" in (
        studio.statusBar().currentMessage()
    )
    first.rmdir()
    first.write_bytes(good)
    assert saver.autosave() == first  # tried again, and written
    assert b'"Second"' in first.read_bytes() and saver.problem is None


# -- item 4: saving through a symbolic link ------------------------------------------------------


def test_save_through_a_symbolic_link_writes_the_file_it_names(make_studio, sample_path, tmp_path):
    real = tmp_path / "real" / "scenario.json"
    real.parent.mkdir()
    real.write_bytes(sample_path.read_bytes())
    real.chmod(0o640)
    link = tmp_path / "link.json"
    link.symlink_to(real)
    studio = make_studio()
    assert studio.files.open_path(link, ask=False)
    _rename(studio.document, 0, "Through the link")
    assert studio.files.save()
    assert link.is_symlink() and link.readlink() == real
    assert load_file(real).scenario.regions[0].name == "Through the link"
    assert stat.S_IMODE(real.stat().st_mode) == 0o640
    assert not studio.document.modified and studio.document.path == link
    assert sorted(p.name for p in real.parent.iterdir()) == ["scenario.json"]


# -- item 11: the studio's own files are private -------------------------------------------------


def test_the_state_folder_and_recovery_copies_are_private(make_studio, state_dir, sample_path):
    studio = make_studio()
    studio.files.open_path(sample_path, ask=False)
    _rename(studio.document, 0, "Private")
    copy = studio.autosaver.autosave()
    assert copy is not None
    assert stat.S_IMODE(state_dir.stat().st_mode) == 0o700
    assert stat.S_IMODE(copy.parent.stat().st_mode) == 0o700
    for written in copy.parent.iterdir():
        assert stat.S_IMODE(written.stat().st_mode) == 0o600, written


def test_a_file_named_dots_keeps_its_recovery_copy_in_the_recovery_folder(
    make_studio, state_dir, sample_path, monkeypatch
):
    odd = sample_path.parent / "...json"
    odd.write_bytes(sample_path.read_bytes())
    studio = make_studio()
    assert studio.files.open_path(odd, ask=False)
    _rename(studio.document, 0, "Dots")
    copy = studio.autosaver.autosave()
    assert copy is not None and copy.parent == state_dir / "recovery"
    assert not copy.name.startswith(".")
    studio.autosaver.stop()
    again = _reopen(make_studio, odd, monkeypatch)
    assert again.document.scenario.regions[0].name == "Dots"
