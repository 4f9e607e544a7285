"""After a won attack: break through into a neighbouring region, or stay.

The engine asks with a pending ``breakthrough`` decision that lists, per region, the units
that may go there (agile ones only where the terrain says so) and the leaders that go along.
The box asks the map for the region (a :class:`Targeting` request of the offered regions) and
lists the same regions as buttons; the player may leave some of the units behind.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import QCheckBox, QFrame, QVBoxLayout

from editor.game.panels.base import (
    button,
    button_row,
    clear_layout,
    heading,
    muted,
    outline_for_attention,
    person_decision,
)
from editor.game.panels.knowledge import plural, unit_name
from editor.game.session import Targeting
from engine.actions import Breakthrough

if TYPE_CHECKING:
    from editor.game.panels.base import SessionPanel


class BreakthroughBox(QFrame):
    """The breakthrough question of the battle panel (hidden when there is none)."""

    def __init__(self, panel: SessionPanel) -> None:
        super().__init__(panel)
        self.panel = panel
        self.session = panel.session
        self.title = heading("Breakthrough")
        self.text = muted()
        self.units_box = QVBoxLayout()
        self.regions_box = QVBoxLayout()
        self.stay = button("Stay: no breakthrough", "Keep the units in the battle's region")
        self.stay.clicked.connect(self._stay)
        self.on_map = button("Pick on the map", "Show the regions on the map again")
        self.on_map.clicked.connect(self.ask_map)
        row = button_row(self.on_map, self.stay)
        column = QVBoxLayout(self)
        column.setContentsMargins(6, 6, 6, 6)
        column.addWidget(self.title)
        column.addWidget(self.text)
        column.addLayout(self.units_box)
        column.addLayout(self.regions_box)
        column.addLayout(row)
        outline_for_attention(self, "breakthrough")
        self.checks: dict[str, QCheckBox] = {}
        self.request: Targeting | None = None
        self._asked: object = None
        self.hide()

    def decision(self) -> dict[str, Any] | None:
        return person_decision(self.session, "breakthrough")

    def update_view(self) -> None:
        decision = self.decision()
        self.setVisible(decision is not None)
        if decision is None:
            self._drop_request()
            return
        key = (self.session.game.turn, decision["region"], len(self.session.game.log))
        if key == self._asked:
            return
        first = self._asked is None or self._asked[:2] != key[:2]  # type: ignore[index]
        self._asked = key
        self._fill(decision)
        if first and self.session.targeting is None:
            self.ask_map()

    def _fill(self, decision: dict[str, Any]) -> None:
        game = self.session.game
        sight = self.panel.sight()
        options: dict[str, list[str]] = decision["options"]
        self.text.setText(
            f"You won at {sight.region(decision['region'])}. Units able to break through may "
            "push on into one neighbouring region (enemies there mean a new battle), or stay."
            + (
                f" {', '.join(unit_name(game, u) for u in decision['leaders'])} go along."
                if decision["leaders"]
                else ""
            )
        )
        for layout in (self.units_box, self.regions_box):
            clear_layout(layout)
        self.checks = {}
        for unit_id in dict.fromkeys(u for units in options.values() for u in units):
            check = QCheckBox(unit_name(game, unit_id))
            check.setChecked(True)
            self.checks[unit_id] = check
            self.units_box.addWidget(check)
        for region, units in options.items():
            go = button(
                f"Into {sight.region(region)} ({plural(len(units), 'unit')} may go)",
                "Break through into this region with the ticked units",
            )
            go.clicked.connect(lambda _=False, chosen=region: self.choose(chosen))
            self.regions_box.addWidget(go)

    def ask_map(self) -> None:
        decision = self.decision()
        if decision is None:
            return
        self.request = Targeting(
            "Pick the region to break through into",
            "region",
            frozenset(decision["options"]),
            1,
            done=lambda picked: self.choose(picked[0]),
        )
        self.session.ask_targets(self.request)

    def _drop_request(self) -> None:
        self.session.withdraw(self.request)
        self.request = None

    def choose(self, region: str) -> None:
        decision = self.decision()
        if decision is None:
            return
        allowed = decision["options"].get(region, [])
        units = tuple(u for u in allowed if u in self.checks and self.checks[u].isChecked())
        if not units:
            self.panel.message.say("Tick at least one unit that may go there, or stay.")
            return
        self._drop_request()
        self.panel.act(Breakthrough(region, units))

    def _stay(self) -> None:
        decision = self.decision()
        if decision is None:
            return
        self._drop_request()
        self.panel.act(Breakthrough(decision["region"]))
