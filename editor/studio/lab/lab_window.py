"""Tools > Balance lab: many AI games of the scenario being edited, played in the background,
with the report's results, charts and games shown live and the capture heatmap on the map.

The lab plays the document's scenario as it is now, unsaved edits included (a snapshot: the
designer may go on editing while it runs). Games are kept in Salient's own folder by the
scenario's fingerprint, seed and level, so a rerun plays only the games it has not played, and
Cancel keeps every game finished. Each finished run is compared with the one before it
("did my edit help?"). An edit after a run takes its heatmap off the map, since the map no
longer shows the scenario those games were played on.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QCloseEvent, QShowEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QProgressBar,
    QPushButton,
    QSpinBox,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from editor.studio.validation_runner import snapshot

from .heat_layer import legend_pixmap
from .lab_map import LabMap
from .results import ChartsPane, GamesTable, SummaryPane, summary_html
from .runner import Finished, LabRun, RunRequest

if TYPE_CHECKING:
    from editor.studio.document import ScenarioDocument
    from editor.studio.window import StudioWindow
    from engine.lab.runs import Progress
    from schemas.scenario import Scenario

LOCAL, CLUSTER = "local", "cluster"


def duration(seconds: float) -> str:
    """``1 min 20 s``, ``45 s``, ``2 h 05 min``: an ETA a person reads at a glance."""
    seconds = max(0, round(seconds))
    if seconds < 60:
        return f"{seconds} s"
    minutes, seconds = divmod(seconds, 60)
    if minutes < 60:
        return f"{minutes} min {seconds:02d} s"
    hours, minutes = divmod(minutes, 60)
    return f"{hours} h {minutes:02d} min"


class BalanceLab(LabMap, QWidget):
    """The balance lab's window (one per studio, see :func:`balance_lab`)."""

    heatChanged = Signal(bool)
    """Whether the capture heatmap is on the map now."""
    heatAvailable = Signal(bool)
    """Whether there is a heatmap to show (a finished run of the scenario on the map)."""

    def __init__(self, studio: StudioWindow) -> None:
        super().__init__(studio, Qt.WindowType.Window)
        self.setObjectName("balance-lab")
        self.setWindowTitle("Balance lab — Salient")
        self.studio = studio
        self.connector: Callable[..., Any] | None = None
        """The Dask client maker (``None``: ``engine.lab.cluster.connect``); tests play in
        this process."""
        self.folder: Any = None
        """The cache's folder (``None``: per scenario in Salient's folder)."""
        self.run_thread: LabRun | None = None
        self.report: dict[str, Any] | None = None
        self.previous: dict[str, Any] | None = None
        self.comparison: dict[str, Any] | None = None
        self.scenario: Scenario | None = None
        """The scenario the shown report was played on."""
        self.document: ScenarioDocument | None = None
        self.stale = False
        self.unshown: Finished | None = None
        """A run that ended while the window was closed: drawn when it is shown again."""
        self._build()
        self.resize(1000, 760)
        # Another document opened in the studio makes the active undo stack change.
        studio.undo_group.activeStackChanged.connect(lambda _stack: self._document_swapped())

    # -- building --------------------------------------------------------------------------------

    def _build(self) -> None:
        from engine.ai import levels

        layout = QVBoxLayout(self)
        note = QLabel(
            "Plays AI-against-AI games of the scenario as it is in the studio, unsaved edits "
            "included. Games already played for this version are taken from earlier runs."
        )
        note.setWordWrap(True)
        layout.addWidget(note)
        form = QFormLayout()
        self.games = QSpinBox()
        self.games.setRange(1, 100_000)
        self.games.setValue(100)
        self.games.setSuffix(" games")
        self.first_seed = QSpinBox()
        self.first_seed.setRange(0, 2_000_000_000)
        self.first_seed.setValue(1)
        self.level = QComboBox()
        for name in levels.names():
            self.level.addItem(name, name)
            self.level.setItemData(
                self.level.count() - 1, levels.get(name).description, Qt.ItemDataRole.ToolTipRole
            )
        self.level.setCurrentIndex(max(0, self.level.findData(levels.DEFAULT)))
        self.where = QComboBox()
        self.where.addItem("This machine", LOCAL)
        self.where.addItem("A Dask cluster", CLUSTER)
        self.workers = QSpinBox()
        self.workers.setRange(1, 256)
        self.workers.setValue(os.cpu_count() or 1)
        self.workers.setSuffix(" worker processes")
        self.scheduler = QLineEdit()
        self.scheduler.setPlaceholderText("tcp://10.0.0.5:8786")
        self.where.currentIndexChanged.connect(lambda _i: self._where_changed())
        form.addRow("Games", self.games)
        form.addRow("First seed", self.first_seed)
        form.addRow("AI level (every side)", self.level)
        form.addRow("Play on", self.where)
        form.addRow("Workers", self.workers)
        form.addRow("Scheduler address", self.scheduler)
        self.form = form
        layout.addLayout(form)
        buttons = QHBoxLayout()
        self.run_button = QPushButton("Run")
        self.run_button.setDefault(True)
        self.run_button.clicked.connect(self.start)
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.setEnabled(False)
        self.cancel_button.setToolTip("Stop: the games finished so far are kept")
        self.cancel_button.clicked.connect(self.cancel)
        self.heat_box = QCheckBox("Show the capture heatmap on the map")
        self.heat_box.setEnabled(False)
        self.heat_box.toggled.connect(self.set_heat)
        self.save_button = QPushButton("Save report…")
        self.save_button.setEnabled(False)
        self.save_button.setToolTip(
            "Write the report shown (report.json, report.html and its charts as PNG "
            "images) in a folder you choose"
        )
        self.save_button.clicked.connect(self.save_report)
        buttons.addWidget(self.run_button)
        buttons.addWidget(self.cancel_button)
        buttons.addWidget(self.save_button)
        buttons.addStretch(1)
        buttons.addWidget(self.heat_box)
        self.heat_scale = QLabel()
        self.heat_scale.setPixmap(legend_pixmap())
        self.heat_scale.setToolTip("From no capture to the region captured most")
        self.heat_most = QLabel()
        for label in (self.heat_scale, self.heat_most):
            label.setVisible(False)
            buttons.addWidget(label)
        layout.addLayout(buttons)
        self.progress = QProgressBar()
        self.progress.setRange(0, 1)
        self.progress.setValue(0)
        self.status = QLabel(" ")
        self.status.setWordWrap(True)
        layout.addWidget(self.progress)
        layout.addWidget(self.status)
        self.tabs = QTabWidget()
        self.summary = SummaryPane()
        self.charts = ChartsPane()
        self.table = GamesTable()
        self.table.openRequested.connect(self.open_game)
        self.tabs.addTab(self.summary, "Results")
        self.tabs.addTab(self.charts, "Charts")
        self.tabs.addTab(self.table, "Games")
        layout.addWidget(self.tabs, 1)
        self._where_changed()

    def _where_changed(self) -> None:
        local = self.where.currentData() == LOCAL
        self.form.setRowVisible(self.workers, local)
        self.form.setRowVisible(self.scheduler, not local)

    # -- running ---------------------------------------------------------------------------------

    @property
    def running(self) -> bool:
        return self.run_thread is not None

    def request(self) -> RunRequest | str:
        """The run the form describes, or why there can be none."""
        studio = self.studio
        document = studio.document
        if document is None:
            return "Open a scenario first."
        errors = sum(1 for i in studio.load_issues if i.is_error)
        if studio.validation is not None:
            studio.validation.wait()  # an edit just before Run must be checked
            errors += sum(1 for i in studio.validation.issues if i.is_error)
        if errors:
            return (
                f"The scenario has {errors} error{'s' if errors != 1 else ''} (see Issues): "
                "the games need a scenario without errors."
            )
        scheduler = None
        if self.where.currentData() == CLUSTER:
            scheduler = self.scheduler.text().strip()
            if not scheduler:
                return "Give the Dask scheduler's address, such as tcp://10.0.0.5:8786."
        return RunRequest(
            scenario=snapshot(document.scenario),
            stem=document.play_name,
            games=self.games.value(),
            level=str(self.level.currentData()),
            first_seed=self.first_seed.value(),
            workers=self.workers.value() if scheduler is None else None,
            scheduler=scheduler,
        )

    def start(self) -> None:
        """Run: play the games asked for (in the background) and show the report."""
        if self.running:
            return
        request = self.request()
        if isinstance(request, str):
            self.status.setText(request)
            return
        self._watch(self.studio.document)
        thread = LabRun(request, folder=self.folder, connector=self.connector, parent=self)
        thread.progressed.connect(self._progressed)
        thread.done.connect(self._finished)
        self.run_thread = thread
        self.run_button.setEnabled(False)
        self.cancel_button.setEnabled(True)
        self.progress.setRange(0, request.games)
        self.progress.setValue(0)
        where = request.scheduler or f"{request.workers} local worker processes"
        self.status.setText(f"Starting {request.games} games on {where}…")
        thread.start()

    def cancel(self) -> None:
        if self.run_thread is not None:
            self.run_thread.cancel()
            self.cancel_button.setEnabled(False)
            self.status.setText("Stopping: the games finished so far are kept…")

    def _progressed(self, progress: Progress) -> None:
        if self.run_thread is None or self.run_thread.stop_event.is_set():
            return
        self.progress.setRange(0, max(1, progress.total))
        self.progress.setValue(progress.done)
        parts = [f"{progress.done} of {progress.total} games"]
        if progress.cached:
            parts.append(f"{progress.cached} kept from earlier runs")
        eta = progress.eta
        if eta is not None and progress.done < progress.total:
            parts.append(f"about {duration(eta)} left")
        elif progress.done == progress.cached < progress.total:
            parts.append("starting the workers")
        self.status.setText(", ".join(parts) + ".")

    def _finished(self, finished: Finished) -> None:
        thread, self.run_thread = self.run_thread, None
        if thread is not None:
            thread.wait()  # its last act was to send this: it has ended, or all but
            thread.deleteLater()
        self.run_button.setEnabled(True)
        self.cancel_button.setEnabled(False)
        if not self.isVisible() and finished.report is not None:
            # Closed while the run stopped: drawing the charts now would hold the studio up
            # for nothing; they are drawn when the lab is shown again.
            self.unshown = finished
            return
        self._show_finished(finished)

    def _show_finished(self, finished: Finished) -> None:
        if finished.report is None:
            self.status.setText(f"The lab could not run: {finished.error}")
            return
        report = finished.report
        played = report["played"]
        text = f"{played} of {report['requested']} games played."
        if finished.stopped:
            text = (
                f"Stopped: {played} of {report['requested']} games are played and kept; "
                "Run again to play the rest."
            )
        if finished.failed:
            text += f" {len(finished.failed)} failed (seeds listed under Results)."
        self.progress.setRange(0, max(1, report["requested"]))
        self.progress.setValue(played)
        self.status.setText(text)
        self.show_report(report, finished.request.scenario)

    def show_report(self, report: dict[str, Any], scenario: Scenario) -> None:
        """Show a finished run, compared with the one before when both played common seeds
        of another version of the scenario."""
        from engine.lab.report import compare

        # The run to compare with is the last one of another version: a rerun of the same
        # version (more games) is still compared with the version before the edit.
        last = self.report
        if (
            last is not None
            and last["played"]
            and last["scenario"]["fingerprint"] != report["scenario"]["fingerprint"]
        ):
            self.previous = last
        self.report, self.scenario, self.stale = report, scenario, False
        self.comparison = None
        previous = self.previous
        if (
            previous is not None
            and report["played"]
            and previous["scenario"]["fingerprint"] != report["scenario"]["fingerprint"]
            and previous["levels"] == report["levels"]
        ):
            found = compare(previous, report)
            self.comparison = found if found["seeds"] else None
        self.save_button.setEnabled(True)
        self.summary.text.setText(summary_html(report, self.comparison))
        self.charts.show_report(report)
        self.table.show_report(report)
        per_game = report["captures"]["per_game"]
        available = bool(per_game)
        self.heat_box.setEnabled(available)
        self.heat_scale.setVisible(available)
        self.heat_most.setVisible(available)
        if available:
            self.heat_most.setText(f"0 to {max(per_game.values()):.1f} captures a game")
        self.heatAvailable.emit(available)
        if available:
            if self.heat_box.isChecked():
                self.set_heat(True)
            else:
                self.heat_box.setChecked(True)
        else:
            self.heat_box.setChecked(False)
            self.set_heat(False)

    # -- games -----------------------------------------------------------------------------------

    def open_game(self, seed: int) -> None:
        """Watch the game of ``seed`` in the game view: the version of the scenario the lab
        played, the AI of the run's level on every side."""
        if self.report is None or self.scenario is None:
            return
        from editor.studio.play import studio_player

        studio_player(self.studio).watch(self.scenario, seed, self.report["levels"])
        self.status.setText(f"Game {seed} opened in the game view.")

    # -- saving --------------------------------------------------------------------------------

    def save_report(self) -> None:
        """Save report…: the report shown, as files in a folder the designer picks."""
        from .save_report import save_report

        save_report(self)

    # -- closing ---------------------------------------------------------------------------------

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        finished, self.unshown = self.unshown, None
        if finished is not None:
            self._show_finished(finished)

    def closeEvent(self, event: QCloseEvent) -> None:
        """Closing the lab stops its run (the games played are kept) and takes its heatmap
        off the map. It does not wait for the run to wind down (the Dask workers finish the
        games under way and the cluster shuts down, seconds on a busy machine): the run ends
        in the background and its report is shown when the lab is opened again."""
        self.cancel()
        self.set_heat(False)
        self.heatAvailable.emit(False)
        super().closeEvent(event)

    def stop_and_wait(self) -> None:
        """Stop the run and wait for its thread to end (the studio is closing: the thread
        must not outlive the window that owns it)."""
        thread = self.run_thread
        if thread is not None:
            thread.cancel()
            thread.wait()


def balance_lab(studio: StudioWindow) -> BalanceLab:
    """The studio's balance lab, made on first use."""
    lab = studio.findChild(BalanceLab, "balance-lab")
    return lab if isinstance(lab, BalanceLab) else BalanceLab(studio)


def show_balance_lab(studio: StudioWindow) -> BalanceLab:
    """Tools > Balance lab…: show the lab (over the studio, on the same screen)."""
    lab = balance_lab(studio)
    lab.show()
    lab.raise_()
    lab.activateWindow()
    if lab.report is not None and not lab.stale and lab.heat_box.isEnabled():
        lab.set_heat(lab.heat_box.isChecked())
    return lab
