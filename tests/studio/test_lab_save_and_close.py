"""The balance lab's leftovers of issue 12: "Save report…" writes the report (JSON, PNG
charts, the self-contained HTML page) into the folder the designer picks and nowhere else;
closing the lab during a run stops the run without waiting for it to wind down."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from PySide6.QtGui import QImage
from PySide6.QtWidgets import QFileDialog, QMessageBox

from tests.studio.lab_helpers import in_process, local_lab


def _finished(qtbot, lab, timeout: int = 120_000) -> None:
    qtbot.waitUntil(lambda: not lab.running, timeout=timeout)


def _ran(qtbot, window, tmp_path: Path, games: int = 3):
    lab = local_lab(window, tmp_path / "games", games=games)
    assert not lab.save_button.isEnabled()  # nothing to save before a run
    lab.run_button.click()
    _finished(qtbot, lab)
    assert lab.report is not None and lab.report["played"] == games
    assert lab.save_button.isEnabled()
    return lab


def _pick(monkeypatch, folder: Path) -> None:
    monkeypatch.setattr(QFileDialog, "getExistingDirectory", lambda *a, **k: str(folder))


def test_save_report_writes_the_json_charts_and_page_in_the_folder_picked(
    qtbot, window, tmp_path: Path, monkeypatch
) -> None:
    lab = _ran(qtbot, window, tmp_path)
    folder = tmp_path / "mine"
    folder.mkdir()
    _pick(monkeypatch, folder)
    lab.save_button.click()
    names = sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*"))
    charts = [n for n in names if n.startswith("charts/")]
    # Nothing else: no staging folder or temporary file left behind.
    assert names == sorted(["charts", "report.html", "report.json", *charts])
    assert "charts/results.png" in charts and "charts/capture_map.png" in charts
    saved = json.loads((folder / "report.json").read_text(encoding="utf-8"))
    assert saved == json.loads(json.dumps(lab.report))
    for name in charts:
        image = QImage(str(folder / name))
        assert not image.isNull() and image.width() > 100, name
    page = (folder / "report.html").read_text(encoding="utf-8")
    # Self-contained: the charts are inside the page, which loads nothing from elsewhere.
    assert page.count("data:image/png;base64,") == len(charts)
    assert 'src="http' not in page and "src='http" not in page
    assert f"Report saved in {folder}" in lab.status.text()


def test_a_report_in_the_folder_is_replaced_only_when_the_designer_says_so(
    qtbot, window, tmp_path: Path, monkeypatch
) -> None:
    lab = _ran(qtbot, window, tmp_path)
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "report.json").write_text("{}", encoding="utf-8")
    _pick(monkeypatch, folder)
    asked: list[str] = []

    def answer(choice):
        def question(_parent, _title, text, *args: Any) -> QMessageBox.StandardButton:
            asked.append(text)
            return choice

        return question

    monkeypatch.setattr(QMessageBox, "question", answer(QMessageBox.StandardButton.Cancel))
    lab.save_button.click()
    assert asked and str(folder) in asked[0]
    assert (folder / "report.json").read_text(encoding="utf-8") == "{}"
    assert sorted(p.name for p in folder.iterdir()) == ["report.json"]
    monkeypatch.setattr(QMessageBox, "question", answer(QMessageBox.StandardButton.Yes))
    lab.save_button.click()
    assert json.loads((folder / "report.json").read_text(encoding="utf-8"))["played"] == 3


def test_nothing_is_written_outside_the_folder_through_a_link(
    qtbot, window, tmp_path: Path, monkeypatch
) -> None:
    lab = _ran(qtbot, window, tmp_path)
    folder, elsewhere = tmp_path / "mine", tmp_path / "elsewhere"
    folder.mkdir()
    elsewhere.mkdir()
    (folder / "charts").symlink_to(elsewhere, target_is_directory=True)
    _pick(monkeypatch, folder)
    lab.save_button.click()
    assert list(elsewhere.iterdir()) == []
    assert sorted(p.name for p in folder.iterdir()) == ["charts"]
    assert "not saved" in lab.status.text() and "charts" in lab.status.text()
    # A link in place of report.json is replaced, not written through.
    (folder / "charts").unlink()
    target = elsewhere / "theirs.json"
    target.write_text("keep", encoding="utf-8")
    (folder / "report.json").symlink_to(target)
    monkeypatch.setattr(QMessageBox, "question", lambda *a: QMessageBox.StandardButton.Yes)
    lab.save_button.click()
    assert target.read_text(encoding="utf-8") == "keep"
    assert not (folder / "report.json").is_symlink()
    assert json.loads((folder / "report.json").read_text(encoding="utf-8"))["played"] == 3


def test_closing_the_lab_mid_run_stops_it_without_waiting_for_it(
    qtbot, window, tmp_path: Path
) -> None:
    """Closing the lab waited for the run's thread, which waits for the Dask games under way
    and the cluster's shutdown: the studio froze for seconds. The run here cannot end until
    the test lets it, so a close that waited would never return."""
    release = threading.Event()

    @contextmanager
    def held(*args: Any) -> Iterator[Any]:
        try:
            with in_process(*args) as client:
                yield client
        finally:
            release.wait(120)  # the run winds down only once the test says so

    lab = local_lab(window, tmp_path / "games", games=60)
    lab.connector = held
    lab.run_button.click()
    qtbot.waitUntil(lambda: lab.progress.value() >= 1, timeout=120_000)
    thread = lab.run_thread
    lab.close()
    # The close returned while the run is still winding down: it was told to stop, not
    # waited for.
    assert not lab.isVisible()
    assert thread is not None and thread.isRunning() and thread.stop_event.is_set()
    release.set()
    _finished(qtbot, lab)
    # The stopped run's report is kept, and drawn only when the lab is shown again.
    assert lab.unshown is not None and lab.report is None
    from editor.studio.lab.lab_window import show_balance_lab

    show_balance_lab(window)
    assert lab.report is not None and 1 <= lab.report["played"] < 60
    assert lab.status.text().startswith("Stopped:")
    assert lab.run_button.isEnabled() and lab.save_button.isEnabled()


def test_closing_the_studio_mid_run_waits_for_the_run_to_end(qtbot, window, tmp_path: Path) -> None:
    """The run's thread belongs to the lab, a child of the studio: the studio closing must
    not leave it running (Qt aborts when a running thread is destroyed)."""
    from editor.studio.lab.actions import close_lab_windows

    lab = local_lab(window, tmp_path / "games", games=60)
    lab.run_button.click()
    qtbot.waitUntil(lambda: lab.progress.value() >= 1, timeout=120_000)
    thread = lab.run_thread
    close_lab_windows(window)
    assert thread is not None and thread.isFinished()
