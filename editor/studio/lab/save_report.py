"""The balance lab's "Save report…": the report shown, written as ``salient balance`` writes
it (``report.json``, ``charts/*.png``, the self-contained ``report.html``) in a folder the
designer picks, all or nothing and nothing outside that folder (see
:mod:`editor.studio.lab.report_folder`). A folder that holds a report already is replaced
only when the designer says so.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QFileDialog, QMessageBox

from editor.shared.settings import settings

from .report_folder import existing_report, report_files, write_folder

if TYPE_CHECKING:
    from .lab_window import BalanceLab

LAST_FOLDER = "balance/report-folder"
"""Where the last report was saved (the dialog opens there)."""


def ask_folder(lab: BalanceLab) -> Path | None:
    """The folder the designer picks (``None``: cancelled)."""
    start = str(settings().value(LAST_FOLDER, "") or Path.home())
    chosen = QFileDialog.getExistingDirectory(lab, "Save the balance report in", start)
    return Path(chosen) if chosen else None


def replace_ok(lab: BalanceLab, folder: Path) -> bool:
    """Whether the report already in ``folder`` may be replaced."""
    answer = QMessageBox.question(
        lab,
        "Replace the report?",
        f"'{folder}' holds a balance report already. Replace it with this one?",
        QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel,
        QMessageBox.StandardButton.Cancel,
    )
    return answer == QMessageBox.StandardButton.Yes


def save_report(lab: BalanceLab, folder: Path | None = None) -> list[Path]:
    """Ask where (unless ``folder`` is given) and save the lab's report there; returns the
    files written (none when cancelled or refused; the lab's status line says why)."""
    report = lab.report
    if report is None:
        lab.status.setText("There is no report to save yet: Run first.")
        return []
    if folder is None:
        folder = ask_folder(lab)
        if folder is None:
            return []
    if existing_report(folder) and not replace_ok(lab, folder):
        return []
    QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
    try:
        written = write_folder(report_files(report, lab.scenario), folder)
    except OSError as error:
        lab.status.setText(f"The report was not saved: {error.strerror or error}.")
        return []
    finally:
        QApplication.restoreOverrideCursor()
    settings().setValue(LAST_FOLDER, str(folder))
    charts = sum(1 for p in written if p.suffix == ".png")
    lab.status.setText(
        f"Report saved in {folder}: report.html, report.json and {charts} chart"
        f"{'s' if charts != 1 else ''}."
    )
    return written
