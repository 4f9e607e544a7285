"""The film's tracking badges (OI8): in a film of the operational rules under the fog of war,
each enemy stack the frame shows carries a square badge at its hex's upper right in the colour
of the intelligence level the side read it at in that tick (Table OI2, the colours of the
intelligence overlay, :mod:`editor.game.wego.op_intel`), with the figure once hexes are large
enough on screen; pointing at it says what that level shows. The levels are the frame's
(:attr:`engine.wego.film.Frame.levels`): the film only reads them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from editor.game.wego.op_intel import LEVEL_SHOWS, IntelBadgesItem, level_words

if TYPE_CHECKING:
    from editor.game.map.scene import GameMapScene
    from engine.wego.film import Frame


def tracking_cells(scene: GameMapScene, frame: Frame) -> list[tuple[str, int, str]]:
    """(hex, best level, tooltip) for every hex holding enemy stacks the frame's viewer read
    through its intelligence (none without fog, or for the area rules)."""
    best: dict[str, int] = {}
    for stack_id, level in (frame.levels or {}).items():
        view = frame.stacks.get(stack_id)
        if view is not None and view.region in scene.points:
            best[view.region] = max(level, best.get(view.region, 0))
    cells = []
    for hex_id, level in sorted(best.items()):
        tip = (
            f"Tracked by your intelligence at {level_words(level)}: "
            f"{LEVEL_SHOWS.get(level, '')} (OI8)"
        )
        cells.append((hex_id, level, tip))
    return cells


def tracking_badges(scene: GameMapScene, frame: Frame) -> IntelBadgesItem | None:
    """The frame's badges as one item added to ``scene`` (``None`` when there are none)."""
    cells = tracking_cells(scene, frame)
    if not cells:
        return None
    item = IntelBadgesItem(scene, cells)
    item.setData(0, "film-tracking")
    scene.addItem(item)
    return item
