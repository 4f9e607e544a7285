"""Organisational integrity (OC4, OW8): how well the units of one side in a battle work
together, as a multiplier of the side's total.

:func:`side_integrity` reads Table OC4 (``rules.operational.integrity``): a single unit fights
"alone"; several units read the column of the HQ steps from their HQs up to the nearest HQ
they all share (0: the same HQ, :meth:`~.hq.CommandTree.steps_to_common`), two steps or more
(or no shared HQ at all) reading the last column. Each nation present gives its row's value,
less its night cut in a night battle (OW8); the worst applies to the whole side. Integrity is
played only between units that all have an HQ in the tree: a scenario without an order of
battle fights at 100%.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from schemas.operational.integrity import IntegrityRow
from schemas.operational.rules import OperationalRules

from .hq import CommandTree


@dataclass(frozen=True)
class Integrity:
    """A side's integrity in one battle: the multiplier and what gave it (OF6)."""

    factor: float
    """Multiplier of the side's total (1.05 for 105%)."""
    column: str
    """``alone``, ``same_hq``, ``one_step``, ``two_steps`` or ``none`` (not played)."""
    nation: str
    """The nation whose row gave the worst value (empty when not played)."""


NOT_PLAYED = Integrity(1.0, "none", "")


def side_integrity(
    rules: OperationalRules,
    tree: CommandTree,
    unit_ids: Iterable[str],
    nations: Mapping[str, str],
    *,
    attacking: bool,
    night: bool = False,
) -> Integrity:
    """OC4, OW8: the integrity of the units ``unit_ids`` of one side (``nations``: unit id to
    nation id)."""
    table = rules.integrity
    ids = list(unit_ids)
    if not table.played or not ids:
        return NOT_PLAYED
    column = "alone"
    if len(ids) > 1:
        if any(not tree.is_hq(u) and tree.hq_of(u) is None for u in ids):
            return NOT_PLAYED  # a unit outside the order of battle: nothing to measure
        steps = tree.steps_to_common(ids)
        column = {0: "same_hq", 1: "one_step"}.get(steps if steps is not None else 2, "two_steps")
    worst: tuple[float, str] | None = None
    for nation in sorted({nations.get(u, "") for u in ids}):
        row: IntegrityRow = table.row(nation)
        value = row.value(attacking, column)
        if night and column != "alone":
            value -= row.night_cut  # OW8 (choice: a unit alone has nobody to lose touch with)
        value = max(0.0, value)
        if worst is None or value < worst[0]:
            worst = (value, nation)
    assert worst is not None
    return Integrity(worst[0] / 100.0, column, worst[1])
