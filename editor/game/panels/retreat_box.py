"""After a lost battle: where the beaten units retreat, when the rules leave it open.

The engine asks with a pending ``retreat`` decision (only the sides people play are asked:
the AI leaves it to the die, see :mod:`engine.combat.retreat`) that lists the regions equally
close to supply. The box asks the map for one of them (a :class:`Targeting` request, so the
allowed regions are marked there) and lists the same regions as buttons.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import QFrame, QVBoxLayout

from editor.game.panels.base import (
    button,
    button_row,
    clear_layout,
    heading,
    muted,
    outline_for_attention,
    person_decision,
)
from editor.game.session import Targeting
from engine.actions import Choose

if TYPE_CHECKING:
    from editor.game.panels.base import SessionPanel


class RetreatBox(QFrame):
    """The retreat question of the battle panel (hidden when there is none)."""

    def __init__(self, panel: SessionPanel) -> None:
        super().__init__(panel)
        self.panel = panel
        self.session = panel.session
        self.title = heading("Retreat")
        self.text = muted()
        self.regions_box = QVBoxLayout()
        self.on_map = button("Pick on the map", "Show the regions on the map again")
        self.on_map.clicked.connect(self.ask_map)
        column = QVBoxLayout(self)
        column.setContentsMargins(6, 6, 6, 6)
        column.addWidget(self.title)
        column.addWidget(self.text)
        column.addLayout(self.regions_box)
        column.addLayout(button_row(self.on_map))
        outline_for_attention(self, "retreat")
        self.request: Targeting | None = None
        self._asked: object = None
        self.hide()

    def decision(self) -> dict[str, Any] | None:
        return person_decision(self.session, "retreat")

    def update_view(self) -> None:
        decision = self.decision()
        self.setVisible(decision is not None)
        if decision is None:
            self._asked = None
            self.session.withdraw(self.request)
            self.request = None
            return
        key = (self.session.game.turn, decision["region"], tuple(decision["units"]))
        if key == self._asked:
            return
        self._asked = key
        self._fill(decision)
        if self.session.targeting is None:
            self.ask_map()

    def _fill(self, decision: dict[str, Any]) -> None:
        sight = self.panel.sight()
        where, who = sight.region(decision["region"]), sight.units(decision["units"])
        self.text.setText(
            f"Your units beaten at {where} ({who}) must retreat. These neighbouring regions "
            "are equally close to your supply: choose where they go, here or on the map."
        )
        clear_layout(self.regions_box)
        for index, region in enumerate(decision["options"]):
            go = button(f"Retreat to {sight.region(region)}", "The units retreat into this region")
            go.clicked.connect(lambda _=False, chosen=index: self.choose(chosen))
            self.regions_box.addWidget(go)

    def ask_map(self) -> None:
        decision = self.decision()
        if decision is None:
            return
        options: list[str] = decision["options"]
        self.request = Targeting(
            "Pick the region your beaten units retreat to",
            "region",
            frozenset(options),
            1,
            done=lambda picked: self.choose(options.index(picked[0])),
        )
        self.session.ask_targets(self.request)

    def choose(self, index: int) -> None:
        if self.decision() is None:
            return
        self.session.withdraw(self.request)
        self.request = None
        self.panel.act(Choose(index))
