"""Tools > Battle odds: how a battle between two forces in a region ends, over many fights,
from the battle simulation the AI uses (``engine.lab.forces.what_if`` and
``engine.combat.batch_odds.odds``, as ``salient odds``).

The region follows the map's selection (click a region), the forces start as the stacks there
(or, when the attacker has none in it, those of its neighbour holding most), and every change
(a unit added or removed, a count, the entrenchment, where the attack comes from, an edit of
the scenario) fights the battles again off the studio's thread: the newest answer wins.
"""

from __future__ import annotations

import contextlib
import threading
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QCloseEvent, QShowEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from editor.studio.validation_runner import snapshot

from .forces_list import TYPE, UNIT, Entry, ForceList
from .odds_answer import EndingsChart, answer_html, fight

if TYPE_CHECKING:
    from editor.studio.document import ScenarioDocument, Selection
    from editor.studio.window import StudioWindow
    from engine.game import Game
    from schemas.scenario import Scenario

DEBOUNCE_MS = 120
"""Changes made within this time are fought once (typing a count, several clicks)."""
DEFAULT_RUNS = 1000


class BattleOdds(QWidget):
    """The battle odds calculator's window (one per studio, see :func:`show_battle_odds`)."""

    arrived = Signal(int, object)
    """A computation's number and its answer (delivered on the studio's thread)."""
    updated = Signal()
    """The shown odds changed (tests wait for it)."""

    def __init__(self, studio: StudioWindow) -> None:
        super().__init__(studio, Qt.WindowType.Window)
        self.setObjectName("battle-odds")
        self.setWindowTitle("Battle odds — Salient")
        self.studio = studio
        self.document: ScenarioDocument | None = None
        self.scenario: Scenario | None = None
        self.game: Game | None = None
        self.result: dict[str, Any] | str | None = None
        self._asked = 0
        self._shown = 0
        self._loading = False
        self._outdated = False
        """The scenario was edited while the window was hidden."""
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(DEBOUNCE_MS)
        self._timer.timeout.connect(self._compute)
        self.arrived.connect(self._arrived)
        # Another document opened in the studio makes the active undo stack change.
        studio.undo_group.activeStackChanged.connect(lambda _stack: self._document_swapped())
        self._build()
        self.resize(900, 720)

    def _build(self) -> None:
        layout = QVBoxLayout(self)
        form = QFormLayout()
        self.region = QComboBox()
        self.region.currentIndexChanged.connect(lambda _i: self._region_changed())
        self.follow = QCheckBox("Follow the map's selection")
        self.follow.setChecked(True)
        self.follow.setToolTip("Click a region on the map to fight there")
        row = QHBoxLayout()
        row.addWidget(self.region, 1)
        row.addWidget(self.follow)
        form.addRow("Region", row)
        self.attacker_side = QComboBox()
        self.defender_side = QComboBox()
        self.attacker_side.currentIndexChanged.connect(lambda _i: self._side_changed(0))
        self.defender_side.currentIndexChanged.connect(lambda _i: self._side_changed(1))
        sides = QHBoxLayout()
        sides.addWidget(self.attacker_side, 1)
        sides.addWidget(QLabel("attacks"))
        sides.addWidget(self.defender_side, 1)
        self.reset_button = QPushButton("Stacks in the region")
        self.reset_button.setToolTip("Start the forces again from the stacks on the map")
        self.reset_button.clicked.connect(self.reset_forces)
        sides.addWidget(self.reset_button)
        form.addRow("Sides", sides)
        self.entrenched = QComboBox()
        for text, value in (
            ("As the scenario starts", None),
            ("Entrenched", True),
            ("Not entrenched", False),
        ):
            self.entrenched.addItem(text, value)
        self.came_from = QComboBox()
        self.came_from.setToolTip("Where the attackers come from: a river or strait crossed counts")
        self.runs = QSpinBox()
        self.runs.setRange(100, 100_000)
        self.runs.setSingleStep(1000)
        self.runs.setValue(DEFAULT_RUNS)
        self.runs.setSuffix(" battles")
        self.seed = QSpinBox()
        self.seed.setRange(0, 2_000_000_000)
        for box in (self.entrenched, self.came_from):
            box.currentIndexChanged.connect(lambda _i: self.changed())
        for spin in (self.runs, self.seed):
            spin.valueChanged.connect(lambda _v: self.changed())
        form.addRow("Defenders", self.entrenched)
        form.addRow("Attackers come from", self.came_from)
        form.addRow("Fight", self.runs)
        form.addRow("Seed", self.seed)
        layout.addLayout(form)
        forces = QHBoxLayout()
        self.forces = (ForceList("Attacking force"), ForceList("Defending force"))
        for force in self.forces:
            force.changed.connect(self.changed)
            forces.addWidget(force, 1)
        layout.addLayout(forces, 2)
        self.text = QLabel("Pick a region.")
        self.text.setTextFormat(Qt.TextFormat.RichText)
        self.text.setWordWrap(True)
        self.text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        results = QHBoxLayout()
        results.addWidget(self.text, 1)
        self.chart = EndingsChart()
        results.addWidget(self.chart, 1)
        layout.addLayout(results, 1)

    # -- the scenario ----------------------------------------------------------------------------

    def bind(self) -> None:
        """Work on the studio's current document (another may have been opened since)."""
        document = self.studio.document
        if document is self.document:
            return
        if self.document is not None:
            for signal, slot in (
                (self.document.changed, self._scenario_changed),
                (self.document.selectionChanged, self._selection_changed),
            ):
                with contextlib.suppress(RuntimeError, TypeError):
                    signal.disconnect(slot)
        self.document = document
        if document is None:
            self.scenario = self.game = None
            self.text.setText("Open a scenario first.")
            return
        document.changed.connect(self._scenario_changed)
        document.selectionChanged.connect(self._selection_changed)
        self._load(document.scenario, keep=False)
        selection = document.selection
        if selection.section == "regions" and len(selection.ids) == 1:
            self.set_region(selection.ids[0])

    def _document_swapped(self) -> None:
        if self.isVisible():
            self.bind()

    def _load(self, scenario: Scenario, *, keep: bool) -> None:
        """Take a snapshot of the scenario; ``keep`` the chosen forces (an edit) or start
        again (another document)."""
        from engine.game import Game

        self.scenario = snapshot(scenario)
        try:
            self.game = Game(self.scenario, 0, fog=False)
        except Exception:  # a scenario mid-edit (errors): the calculator says so when asked
            self.game = None
        chosen = self.region.currentData()
        self._loading = True
        try:
            self.region.clear()
            for region in sorted(self.scenario.regions, key=lambda r: r.name.lower()):
                self.region.addItem(f"{region.name} ({region.id})", region.id)
            playing = [s for s in self.scenario.sides if not s.neutral]
            for box in (self.attacker_side, self.defender_side):
                current = box.currentData()
                box.clear()
                for side in playing:
                    box.addItem(side.name, side.id)
                if current is not None and box.findData(current) >= 0:
                    box.setCurrentIndex(box.findData(current))
            if chosen is not None and self.region.findData(chosen) >= 0:
                self.region.setCurrentIndex(self.region.findData(chosen))
        finally:
            self._loading = False
        if keep:
            for force, box in zip(
                self.forces, (self.attacker_side, self.defender_side), strict=True
            ):
                entries = force.entries
                force.set_choices(self.scenario, box.currentData())
                force.set_entries(entries)
            self._fill_crossings()
            self.changed()
        else:
            self._region_changed()

    def _scenario_changed(self, _change: object) -> None:
        if self.document is None:
            return
        if self.isVisible():
            self._load(self.document.scenario, keep=True)
        else:
            self._outdated = True  # taken again when the window shows

    def _selection_changed(self, selection: Selection) -> None:
        if self.follow.isChecked() and selection.section == "regions" and len(selection.ids) == 1:
            self.set_region(selection.ids[0])

    def set_region(self, region_id: str) -> None:
        index = self.region.findData(region_id)
        if index >= 0 and index != self.region.currentIndex():
            self.region.setCurrentIndex(index)

    # -- the forces ------------------------------------------------------------------------------

    def _region_changed(self) -> None:
        if self._loading:
            return
        self._fill_crossings()
        self.reset_forces()

    def _side_changed(self, which: int) -> None:
        if self._loading or self.scenario is None:
            return
        side = (self.attacker_side, self.defender_side)[which].currentData()
        force = self.forces[which]
        force.set_choices(self.scenario, side)
        force.set_entries(self._standing(side, which))
        self.changed()

    def reset_forces(self) -> None:
        """Both forces from the map: the region's owner (or the side there) defends, another
        side attacks with its stacks there, or those of the neighbour where it has most."""
        scenario, region = self.scenario, self.region.currentData()
        if scenario is None or region is None:
            return
        owners = {n.id: n.side for n in scenario.nations}
        place = next((r for r in scenario.regions if r.id == region), None)
        playing = [self.attacker_side.itemData(i) for i in range(self.attacker_side.count())]
        present = [s for s in playing if self._units_of(s, region)]
        owner = owners.get(place.owner) if place is not None and place.owner else None
        defender = owner if owner in playing else (present[0] if present else None)
        defender = defender or (playing[0] if playing else None)
        attacker = next((s for s in [*present, *playing] if s != defender), None)
        self._loading = True
        try:
            for box, side in ((self.attacker_side, attacker), (self.defender_side, defender)):
                if side is not None:
                    box.setCurrentIndex(box.findData(side))
        finally:
            self._loading = False
        for which, side in enumerate((attacker, defender)):
            self.forces[which].set_choices(scenario, side)
            self.forces[which].set_entries(self._standing(side, which))
        self.changed()

    def _units_of(self, side: str | None, region: str) -> list[str]:
        from engine.lab.forces import standing

        if side is None or self.game is None:
            return []
        try:
            return standing(self.game, region, side)
        except Exception:
            return []

    def _standing(self, side: str | None, which: int) -> list[Entry]:
        """The side's units in the region; for the attacker with none there, those of the
        neighbour where it has most (and the attack comes from there)."""
        region = self.region.currentData()
        if region is None:
            return []
        found = self._units_of(side, region)
        if not found and which == 0 and self.game is not None:
            best: tuple[int, str] | None = None
            for link in self.game.world.neighbours(region):
                count = len(self._units_of(side, link.to))
                if count and (best is None or count > best[0]):
                    best = (count, link.to)
            if best is not None:
                found = self._units_of(side, best[1])
                index = self.came_from.findData(best[1])
                if index >= 0:
                    self.came_from.blockSignals(True)
                    self.came_from.setCurrentIndex(index)
                    self.came_from.blockSignals(False)
        return [Entry(UNIT, unit_id) for unit_id in found]

    def _fill_crossings(self) -> None:
        region = self.region.currentData()
        current = self.came_from.currentData()
        self.came_from.blockSignals(True)
        self.came_from.clear()
        self.came_from.addItem("Anywhere (no crossing counted)", None)
        if self.game is not None and region is not None:
            names = {r.id: r.name for r in self.game.world.regions.values()}
            for link in self.game.world.neighbours(region):
                self.came_from.addItem(
                    f"{names.get(link.to, link.to)} ({link.connection.type})", link.to
                )
        index = self.came_from.findData(current)
        self.came_from.setCurrentIndex(max(0, index))
        self.came_from.blockSignals(False)

    def add_unit(self, which: int, item_id: str, count: int = 1) -> None:
        """Add a unit type (``count`` of them) or a unit to a force, as the Add button does."""
        kinds = {t.id for t in self.scenario.unit_types} if self.scenario else set()
        self.forces[which].add(TYPE if item_id in kinds else UNIT, item_id, count)

    # -- fighting --------------------------------------------------------------------------------

    def changed(self) -> None:
        """Something the battle depends on changed: fight again shortly."""
        if not self._loading:
            self._timer.start()

    def _compute(self) -> None:
        scenario, region = self.scenario, self.region.currentData()
        if scenario is None or region is None:
            return
        self._asked += 1
        number = self._asked
        args = (
            scenario,
            region,
            self.forces[0].text(),
            self.forces[1].text(),
            (self.attacker_side.currentData(), self.defender_side.currentData()),
            self.entrenched.currentData(),
            self.came_from.currentData(),
            self.runs.value(),
            self.seed.value(),
        )
        self.text.setText(self.text.text() if self.result is not None else "Fighting…")

        def work() -> None:
            self.arrived.emit(number, fight(*args))

        threading.Thread(target=work, name="battle-odds", daemon=True).start()

    @property
    def busy(self) -> bool:
        return self._shown < self._asked or self._timer.isActive()

    def _arrived(self, number: int, result: dict[str, Any] | str) -> None:
        if number < self._shown:
            return  # an older answer, overtaken
        self._shown = number
        if number < self._asked:
            return  # a newer question is being fought
        self.result = result
        self._show(result)
        self.updated.emit()

    def _show(self, result: dict[str, Any] | str) -> None:
        if isinstance(result, str):
            self.text.setText(f"<p style='color:#9a3412'>{result}</p>")
            self.chart.clear_bars()
            return
        assert self.scenario is not None
        names = {side.id: side.name for side in self.scenario.sides}
        colours = {side.id: str(side.color) for side in self.scenario.sides}
        self.chart.show_result(result, colours)
        self.text.setText(answer_html(result, names))

    # -- showing ---------------------------------------------------------------------------------

    def showEvent(self, event: QShowEvent) -> None:
        if self._outdated and self.document is self.studio.document and self.document:
            self._load(self.document.scenario, keep=True)
        self._outdated = False
        self.bind()
        super().showEvent(event)

    def closeEvent(self, event: QCloseEvent) -> None:
        self._timer.stop()
        super().closeEvent(event)


def show_battle_odds(studio: StudioWindow) -> BattleOdds:
    """Tools > Battle odds…: the calculator, on the region selected on the map."""
    window = studio.findChild(BattleOdds, "battle-odds")
    if not isinstance(window, BattleOdds):
        window = BattleOdds(studio)
    window.show()
    window.raise_()
    window.activateWindow()
    return window
