"""The phases of a player-turn as a grid: each phase ticked or not, with the turns it runs on.

Phases always run in the rules' fixed order and each at most once, so a free list (add,
remove, reorder) would only offer ways to get them wrong. The grid lists every phase in that
order; the calendar holds the ticked ones.
"""

from __future__ import annotations

from typing import Any

from pydantic.fields import FieldInfo
from PySide6.QtWidgets import QCheckBox, QGridLayout, QLabel, QSpinBox

from editor.shared.vocabulary import plain, word
from editor.shared.widgets import set_muted
from editor.studio.forms.fields import ValueEditor
from schemas.calendar import PHASE_ORDER, PhaseSpec
from schemas.selection import TurnRange

_LIMIT = 999


class PhasesEditor(ValueEditor):
    """``list[PhaseSpec]``: a row per phase (played?, from turn, to turn, every n turns)."""

    def __init__(self) -> None:
        super().__init__()
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setHorizontalSpacing(8)
        grid.setVerticalSpacing(2)
        tips = TurnRange.model_fields
        for col, (title, tip) in enumerate(
            (
                ("Phase", "Tick the phases each player-turn runs"),
                ("From turn", tips["from_turn"].description),
                ("To turn", tips["to_turn"].description),
                ("Every", tips["every"].description),
            )
        ):
            label = QLabel(title)
            set_muted(label)
            label.setToolTip(plain(tip))
            grid.addWidget(label, 0, col)
        self.rows: dict[str, tuple[QCheckBox, QSpinBox, QSpinBox, QSpinBox]] = {}
        for row, phase in enumerate(PHASE_ORDER, start=1):
            played = QCheckBox(word(phase, "phase"))
            first, last, every = QSpinBox(), QSpinBox(), QSpinBox()
            first.setRange(1, _LIMIT)
            last.setRange(0, _LIMIT)
            last.setSpecialValueText("end")
            every.setRange(1, _LIMIT)
            played.toggled.connect(self._changed)
            for box in (first, last, every):
                box.setKeyboardTracking(False)
                box.valueChanged.connect(self._changed)
            grid.addWidget(played, row, 0)
            grid.addWidget(first, row, 1)
            grid.addWidget(last, row, 2)
            grid.addWidget(every, row, 3)
            self.rows[phase] = (played, first, last, every)
        grid.setColumnStretch(0, 1)
        self._value: list[PhaseSpec] = []
        self._updating = False

    def value(self) -> list[PhaseSpec]:
        return list(self._value)

    def set_value(self, value: Any) -> None:
        self._value = list(value or [])
        specs = {}
        for spec in self._value:
            specs.setdefault(spec.phase, spec)
        self._updating = True
        for phase, (played, first, last, every) in self.rows.items():
            spec = specs.get(phase)
            turns = spec.turns if spec is not None else TurnRange()
            played.setChecked(spec is not None)
            first.setValue(turns.from_turn)
            last.setValue(turns.to_turn or 0)
            every.setValue(turns.every)
            for box in (first, last, every):
                box.setEnabled(spec is not None)
        self._updating = False

    def _changed(self, *_args: Any) -> None:
        if self._updating:
            return
        specs = []
        for phase, (played, first, last, every) in self.rows.items():
            for box in (first, last, every):
                box.setEnabled(played.isChecked())
            if played.isChecked():
                turns = TurnRange(
                    from_turn=first.value(), to_turn=last.value() or None, every=every.value()
                )
                specs.append(PhaseSpec(phase=phase, turns=turns))
        if specs != self._value:
            self._value = specs
            self.edited.emit(list(specs))


def phases_factory(name: str, annotation: Any, info: FieldInfo | None, context: Any) -> Any:
    """A ``FormContext`` factory putting the grid in the calendar's form."""
    is_phases = info is not None and info.annotation == list[PhaseSpec]
    return PhasesEditor() if is_phases else None
