"""The balance lab and the studio's map: the capture heatmap of the shown run goes on the map
and comes off it when the scenario is edited since that run, or another one is opened (the
map would no longer show the scenario those games were played on).

A part of :class:`~editor.studio.lab.lab_window.BalanceLab`, kept apart as the window's
code grew.
"""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, Any

from .heat_layer import clear_heat, show_heat

if TYPE_CHECKING:
    from PySide6.QtWidgets import QCheckBox, QLabel

    from editor.studio.document import ScenarioDocument
    from editor.studio.window import StudioWindow
    from schemas.scenario import Scenario


class LabMap:
    """The heatmap's half of the lab window (mixed into :class:`BalanceLab`)."""

    studio: StudioWindow
    report: dict[str, Any] | None
    scenario: Scenario | None
    document: ScenarioDocument | None
    stale: bool
    heat_box: QCheckBox
    status: QLabel

    def _watch(self, document: ScenarioDocument | None) -> None:
        """Follow the edits of the document the lab runs on."""
        if self.document is document:
            return
        if self.document is not None:
            with contextlib.suppress(RuntimeError, TypeError):
                self.document.changed.disconnect(self._scenario_changed)
        self.document = document
        if document is not None:
            document.changed.connect(self._scenario_changed)

    def _scenario_changed(self, _change: object) -> None:
        if self.report is None or self.stale:
            return
        self.stale = True
        self.heat_box.setChecked(False)
        self.heat_box.setEnabled(False)
        self.set_heat(False)
        self.heatAvailable.emit(False)
        self.status.setText(
            "The scenario changed since this run: the heatmap is off the map. Run again to "
            "see what the edit did (the comparison with this run is shown then)."
        )

    def _document_swapped(self) -> None:
        if self.document is None or self.studio.document is self.document:
            return
        self._watch(None)
        if self.report is not None and not self.stale:
            self._scenario_changed(None)
            self.status.setText(
                "Another scenario is open in the studio: these results are of the one before. "
                "Run to play the open one."
            )

    def heat_possible(self) -> bool:
        """Whether the heatmap may go on the map: a run with captures, of the document the
        studio shows, not edited since."""
        studio = self.studio
        return (
            self.report is not None
            and self.scenario is not None
            and not self.stale
            and studio.scene is not None
            and studio.document is self.document
            and bool(self.report["captures"]["per_game"])
        )

    def set_heat(self, shown: bool) -> None:
        """Put the capture heatmap on the studio's map, or take it off."""
        scene = self.studio.scene
        if shown and self.heat_possible() and self.isVisible():
            assert self.report is not None and self.scenario is not None and scene is not None
            # Made anew each time: a rerun with more games changes the shades.
            show_heat(scene, self.scenario, self.report["captures"]["per_game"])
        else:
            clear_heat(scene)
            shown = False
        if self.heat_box.isChecked() != shown:
            self.heat_box.blockSignals(True)
            self.heat_box.setChecked(shown)
            self.heat_box.blockSignals(False)
        self.heatChanged.emit(shown)
