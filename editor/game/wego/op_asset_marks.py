"""The planning markers of the asset missions on an operational game's map (OF12): each
mission of the side's plan that has a target hex rings that hex in the mission's colour,
with a label under the ring naming the mission and the asset (several assets at one hex
share the ring, their labels one under the other). Missions without a hex (interdiction,
counter-air) are listed in the Assets tab only.

Only the planning side's own missions are asked of the engine
(:func:`engine.wego.op.assets.missions` with ``viewer`` = that side), and only while the
board shows that side's plan, like the stacks' orders (:meth:`.PlanMapView.show_plan`).
"""

from __future__ import annotations

from collections import defaultdict

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor

from editor.game.panels.op_words import mission_words
from editor.game.wego.plan_marks import Given, PlanMarks, shortened
from engine.game import Game
from engine.wego.op import assets, state

MISSION_SHORT = {
    "ground_attack": "Bombard",
    "offensive_support": "Attack support",
    "defensive_support": "Defence support",
    "command": "Command",
    "recon": "Recon",
    "intelligence": "Intel",
    "air_supply": "Air supply",
    "logistics": "Logistics",
}
"""A marker's label is short: the map is crowded."""
MISSION_COLOURS: dict[str, QColor] = {
    "ground_attack": QColor("#a61e4d"),
    "offensive_support": QColor("#e8590c"),
    "defensive_support": QColor("#1971c2"),
    "command": QColor("#7048e8"),
    "interdiction": QColor("#5c940d"),
    "counter_air": QColor("#0c8599"),
    "recon": QColor("#495057"),
    "intelligence": QColor("#862e9c"),
    "air_supply": QColor("#2b8a3e"),
    "logistics": QColor("#b08900"),
}
LABEL_CHARS = 18
"""An asset's name is cut to this many characters on a marker (the tooltip has it whole)."""


def hex_words(game: Game, hex_id: str) -> str:
    """A hex as a player names it: its place's name, else "hex c12r4"."""
    region = game.world.regions.get(hex_id)
    if region is None or region.name == hex_id:
        return f"hex {hex_id}"
    return region.name


class AssetMarks(PlanMarks):
    """The markers of the side's asset missions on the map (see the module docstring)."""

    def orders(self, game: Game, side: str) -> dict[str, Given]:
        by_hex: dict[str, Given] = defaultdict(list)
        for asset_id, task in assets.missions(game, side, viewer=side).items():
            if task.target:
                by_hex[task.target].append((asset_id, task.mission))
        return by_hex

    def draw(self, game: Game, hex_id: str, given: Given) -> None:
        table = state.board_of(game).rules.assets
        place = hex_words(game, hex_id)
        names = []
        for n, (asset_id, mission) in enumerate(given):
            asset = table.asset(asset_id)
            name = (asset.name or asset_id) if asset is not None else asset_id
            names.append(f"{name}: {mission_words(mission)}")
            short = MISSION_SHORT.get(mission, mission_words(mission))
            self.label(
                f"asset-{asset_id}",
                f"{short} \u00b7 {shortened(name, LABEL_CHARS)}",
                MISSION_COLOURS.get(mission, QColor("#333333")),
                hex_id,
                -22 - 17 * n,
                f"{name}: {mission_words(mission)} at {place} (planned)",
            )
        first = MISSION_COLOURS.get(given[0][1], QColor("#333333"))
        tip = f"Asset missions planned at {place}:\n" + "\n".join(names)
        self.ring(hex_id, first, 3.0, Qt.PenStyle.DashLine, tip)
