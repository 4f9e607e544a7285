"""The game map's blocks of symbols after a change (issue 10): only the blocks that changed,
and those standing where a changed one is laid out, choose a spot again; the rest stay
exactly where they were, and a new scale places every block afresh."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF

from editor.game.map import declutter
from editor.game.map.declutter import Clutter, Group


class _Symbol:
    def __init__(self) -> None:
        self.offset = QPointF()

    def set_offset(self, offset: QPointF) -> None:
        self.offset = offset


def _crowd(count: int, wide: float = 30.0) -> tuple[Clutter, dict[str, Group]]:
    """A row of regions a map unit apart, each with one block of symbols ``wide`` pixels
    wide: at 10 pixels a unit, every block meets its neighbours."""
    points = {f"r{n}": QPointF(float(n), 0.0) for n in range(count)}
    clutter = Clutter(points, {}, {})
    groups = {}
    for region, point in points.items():
        group = Group(region, point, QRectF(-wide / 2, -8, wide, 16))
        group.members.append((_Symbol(), QPointF()))
        groups[region] = group
        clutter.set_region(region, [group], [])
    clutter.scale = 10.0
    return clutter, groups


def _shifts(clutter: Clutter) -> dict[str, tuple[float, float]]:
    return {g.region: (s.x(), s.y()) for g, s in clutter.placed}


def test_a_changed_block_moves_its_neighbours_only(monkeypatch) -> None:
    clutter, _groups = _crowd(40)
    clutter.apply(False)
    before = _shifts(clutter)
    assert len(set(before.values())) > 1, "the crowded blocks moved apart"
    placed_again: list[int] = []
    place = declutter.place

    def counted(groups, fixed, paths, scale, shapes, keep=None):  # type: ignore[no-untyped-def]
        placed_again.append(len(groups) - len(keep or {}))
        return place(groups, fixed, paths, scale, shapes, keep)

    monkeypatch.setattr(declutter, "place", counted)
    # One stack grows at r20: its block is wider.
    grown = Group("r20", QPointF(20.0, 0.0), QRectF(-25, -8, 50, 16))
    grown.members.append((_Symbol(), QPointF()))
    clutter.set_region("r20", [grown], [])
    clutter.apply(False)
    after = _shifts(clutter)
    assert placed_again and 1 <= placed_again[-1] <= 8, "the grown block and its neighbours"
    far = [r for r in before if abs(int(r[1:]) - 20) > 8]
    assert all(after[r] == before[r] for r in far), "blocks far from the change stay"
    # Nothing changed: nothing is placed again.
    clutter.apply(False)
    assert _shifts(clutter) == after and len(placed_again) == 1
    # A new scale places every block.
    clutter.scale = 12.0
    clutter.apply(False)
    assert placed_again[-1] == 40


def test_blocks_left_in_place_keep_their_symbols_offsets() -> None:
    clutter, groups = _crowd(12)
    clutter.apply(False)
    offsets = {r: g.members[0][0].offset for r, g in groups.items()}  # type: ignore[attr-defined]
    moved = Group("r0", QPointF(0.0, 0.0), QRectF(-10, -8, 20, 16))
    symbol = _Symbol()
    moved.members.append((symbol, QPointF()))
    clutter.set_region("r0", [moved], [])
    clutter.apply(False)
    shifts = _shifts(clutter)
    for region in ("r8", "r9", "r10", "r11"):
        item = groups[region].members[0][0]
        assert item.offset == offsets[region]  # type: ignore[attr-defined]
        assert (item.offset.x(), item.offset.y()) == shifts[region]  # type: ignore[attr-defined]
