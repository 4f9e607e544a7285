"""The places of the game map as the game changes them: who controls each region, who
holds each structure, which supply sources are open, which crossings are bridged, and
where battles are to be fought.

Places are public knowledge, so all of this is drawn the same for every viewer, except
the battles: a side sees the battles it fights, and those of the enemy's turn in regions
where it has stacks of its own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import QColor

from editor.game.map.marks import MarkItem
from editor.game.map.regions import band_colour, connection_tip
from editor.game.map.style import Z_BADGES
from editor.game.map.tips import region_tip, source_tip, structure_tip, worth_vp
from engine import board
from engine.movement import connection_flags
from engine.phases.battles import pending

if TYPE_CHECKING:
    from editor.game.map.scene import GameMapScene

UNHELD = QColor("#f1f3f5")
"""A structure nobody holds."""


def refresh_places(scene: GameMapScene) -> None:
    """Controllers, structure owners, open sources and bridges."""
    game = scene.game
    for region_id, item in scene.region_items.items():
        band = band_colour(game, region_id, scene.nation_colours)
        if band != item.band or not item.toolTip():
            item.set_look(item.terrain, band, item.hatched)
            item.setToolTip(region_tip(game, region_id))
    for structure_id, item in scene.structure_items.items():
        structure = game.world.structures[structure_id]
        side = board.side_of_structure(game, structure_id)
        owner = scene.side_colours.get(side, UNHELD) if side else UNHELD
        look = (
            structure.kind,
            structure.fortification,
            structure.port,
            structure.airport,
            owner.rgba(),
            worth_vp(structure.values),
            scene.marks.get(structure_id, ""),
        )
        if look != item.look:
            item.set_look(look)
            item.setToolTip(structure_tip(game, structure_id))
    for source_id, item in scene.source_items.items():
        source = game.world.supply_sources[source_id]
        ring = scene.side_colours.get(source.sides[0]) if source.sides else None
        look = (
            game.state.sources_open.get(source_id, False),
            (ring or QColor("#2b2b2b")).rgba(),
        )
        if look != item.look:
            item.set_look(look)
            item.setToolTip(source_tip(game, source_id))
    for connection_id, bridge in scene.bridges.items():
        link = next(
            lk
            for lk in game.world.neighbours(game.world.connections[connection_id].a)
            if lk.connection.id == connection_id
        )
        bridged = connection_flags(game, link)[0]
        bridge.setVisible(bridged)
        tip = connection_tip(game, connection_id, bridged)
        if bridge.toolTip() != tip:
            bridge.setToolTip(tip)
            scene.connection_items[connection_id].setToolTip(tip)
    for connection_id, item in scene.connection_items.items():
        if not item.toolTip():
            item.setToolTip(connection_tip(game, connection_id, False))


def refresh_battles(scene: GameMapScene) -> None:
    """Crossed swords where battles are to be fought (red for the one being fought),
    where the viewer takes part or is the side fighting them."""
    game = scene.game
    viewer = scene.session.viewer
    battles: dict[str, bool] = {}
    if game.state.battle is not None:
        battles[game.state.battle["region"]] = True
    if game.phase == "battles" and game.outcome() is None:
        for region in pending(game):
            battles.setdefault(region, False)
    if viewer is not None and viewer != game.active_side:
        mine = {s.region for s in game.state.stacks.values() if s.side == viewer}
        battles = {r: v for r, v in battles.items() if r in mine}
    for region in set(scene.battle_marks) - set(battles):
        scene.removeItem(scene.battle_marks.pop(region))
    for region, is_open in battles.items():
        mark = scene.battle_marks.get(region)
        if mark is None:
            mark = scene.battle_marks[region] = MarkItem("battle", region, Z_BADGES)
            mark.setPos(scene.points[region])
            mark.set_offset(scene.battle_offset(region))
            scene.addItem(mark)
        mark.set_look((is_open,))
        name = game.world.regions[region].name
        mark.setToolTip(f"Battle at {name}" + (" (being fought)" if is_open else " (to fight)"))
