"""The HQ tree of a side as a game reads it (OQ1, OQ2, OQ3, OQ6, OQ11, OO16, OC4).

:class:`CommandTree` is built once from ``rules.operational.command`` and the scenario's units
(an HQ's echelon is its unit's own); it answers who reports to whom, the chain of HQs above a
unit, the HQ a unit draws from when its own is gone (OQ11), an HQ's LOC range (Table OQ3, less
an interdiction cut, OA10), the HQ steps between units (organizational integrity, OC4), and
the task-organization move of a division HQ between corps (OO16), which returns a new tree.
"""

from __future__ import annotations

import math
from collections.abc import Container, Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Literal, get_args

from schemas.operational.hq import HqEntry, HqRules
from schemas.operational.units import QUALITY_LEVELS, Echelon, OperationalUnit, Quality
from schemas.scenario import Scenario

from .units import OpUnit

ECHELON_RANK: dict[str, int] = {
    "platoon": 0,
    "company": 1,
    "battalion": 2,
    "regiment": 3,
    "brigade": 3,
    "division": 4,
    "corps": 5,
    "army": 6,
    "front": 7,
}
"""OQ1, OQ6: the order of echelons; a regiment and a brigade stand level."""

CUT_FROM: Echelon = "division"
"""OA10: interdiction cuts the LOC range of HQs of this echelon and higher."""

Scope = Literal["direct", "all"]
"""OO13, OS11: an HQ with its direct attachments, or with every unit and HQ below it."""


@dataclass(frozen=True)
class CommandTree:
    """The order of battle: every HQ and unit with its parent HQ."""

    rules: HqRules
    parent: Mapping[str, str | None]
    """Every unit of the tree (HQ or not) -> its parent HQ (``None`` for a root HQ)."""
    entries: Mapping[str, HqEntry]
    """Each HQ's entry."""
    echelon: Mapping[str, Echelon]
    """Each HQ's echelon (its unit's)."""
    side: Mapping[str, str]
    """Each HQ's side."""
    children: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """Each HQ -> the HQs directly below it, in file order."""
    attached: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """Each HQ -> the units (not HQs) directly attached to it, in file order."""
    chains: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """Every unit of the tree -> :meth:`chain`, computed once."""

    @classmethod
    def of(cls, scenario: Scenario) -> CommandTree:
        """The tree of an operational scenario (an empty one for a scenario without HQs).
        Entries validation reports (unknown HQs, loops) are left out so the game still runs."""
        tables = scenario.rules.operational
        command = tables.command if tables is not None else HqRules()
        side_of_nation = {n.id: n.side for n in scenario.nations}
        units = {u.id: u for u in scenario.units}
        entries: dict[str, HqEntry] = {}
        for entry in command.hqs:
            if entry.unit in units and entry.unit not in entries:
                entries[entry.unit] = entry
        parent: dict[str, str | None] = {
            hq: (e.parent if e.parent in entries else None) for hq, e in entries.items()
        }
        _break_loops(parent)
        for link in command.attachments:
            if link.unit not in parent and link.hq in entries and link.unit in units:
                parent[link.unit] = link.hq
        echelon: dict[str, Echelon] = {}
        side: dict[str, str] = {}
        for hq in entries:
            state = units[hq].operational
            # A unit without operational values is read as units_of reads it (a battalion).
            echelon[hq] = (state or OperationalUnit()).echelon
            side[hq] = side_of_nation.get(units[hq].nation, "")
        return _linked(cls(command, parent, entries, echelon, side))

    def with_units(self, attached: Mapping[str, str]) -> CommandTree:
        """The tree with more units (not HQs) attached, unit -> HQ (OU12: a unit's parts
        report to its HQ)."""
        parent = dict(self.parent)
        parent.update({u: hq for u, hq in attached.items() if hq in self.entries})
        return _linked(replace(self, parent=parent))

    # -- who reports to whom ---------------------------------------------------------------------

    def is_hq(self, unit_id: str) -> bool:
        return unit_id in self.entries

    def hq_of(self, unit_id: str) -> str | None:
        """The unit's parent HQ (for an HQ: its superior), ``None`` if it has none."""
        return self.parent.get(unit_id)

    def chain(self, unit_id: str) -> tuple[str, ...]:
        """The HQs above the unit, nearest first, up to its side's root."""
        found = self.chains.get(unit_id)
        return found if found is not None else _chain(self.parent, unit_id)

    def acting_hq(self, unit_id: str, alive: Container[str]) -> tuple[str | None, bool]:
        """OQ11: the HQ the unit draws from: its own, or when that is gone the nearest one up
        that is still on the map; and whether its own HQ is lost."""
        chain = self.chain(unit_id)
        for n, hq in enumerate(chain):
            if hq in alive:
                return hq, n > 0
        return None, bool(chain)

    def hqs_of(self, side: str) -> tuple[str, ...]:
        """The side's HQs, every superior before the HQs below it."""
        roots = [hq for hq, up in self.parent.items() if up is None and self.side.get(hq) == side]
        out: list[str] = []
        todo = list(roots)
        while todo:
            hq = todo.pop(0)
            out.append(hq)
            todo.extend(self.children.get(hq, ()))
        return tuple(out)

    def plays_loc(self, side: str) -> bool:
        """Whether the side traces lines of communication (it has HQs in the tree)."""
        return any(s == side for s in self.side.values())

    def under(self, hq: str, scope: Scope = "direct") -> tuple[str, ...]:
        """OO13, OS11: the units an HQ's supply order covers, the HQ itself first: its direct
        attachments, or (``all``) every unit and HQ below it."""
        out = [hq, *self.attached.get(hq, ())]
        if scope == "all":
            for child in self.children.get(hq, ()):
                out.extend(self.under(child, "all"))
        return tuple(out)

    def steps_to_common(self, unit_ids: Iterable[str]) -> int | None:
        """OC4: HQ steps from the units' HQs up to the nearest HQ they all share (0: the same
        HQ); ``None`` when they share none, or a unit has no HQ."""
        chains = []
        for unit_id in unit_ids:
            own = (unit_id,) if self.is_hq(unit_id) else ()
            chain = own + self.chain(unit_id)
            if not chain:
                return None
            chains.append(chain)
        if not chains:
            return None
        shared = set(chains[0]).intersection(*chains[1:])
        if not shared:
            return None
        return max(next(n for n, hq in enumerate(c) if hq in shared) for c in chains)

    # -- ranges ----------------------------------------------------------------------------------

    def loc_range(self, hq: str, cut: float = 0.0) -> float:
        """OQ2, OQ3, OA10, OA11: the HQ's LOC range in MP: its entry's own, or Table OQ3 by
        echelon; ``cut`` percent comes off for division and higher HQs, the cut rounded up
        (24 at 10% -> 21)."""
        entry = self.entries[hq]
        echelon = self.echelon.get(hq, "division")
        value = entry.loc_range if entry.loc_range is not None else self.rules.loc_range.of(echelon)
        if cut > 0 and ECHELON_RANK[echelon] >= ECHELON_RANK[CUT_FROM]:
            value -= math.ceil(value * cut / 100.0 - 1e-9)
        return max(0.0, float(value))

    def rank(self, hq: str | None) -> int:
        return ECHELON_RANK[self.echelon[hq]] if hq is not None and hq in self.echelon else -1

    # -- task organization (OO16) ----------------------------------------------------------------

    def reassign_refusal(self, hq: str, new_parent: str) -> str:
        """OO16: why ``hq`` may not move under ``new_parent`` (empty when it may): only a
        division HQ, only to a corps HQ, and only within the same HQ of ``reassign_under``'s
        echelon (an army by default)."""
        if self.echelon.get(hq) != "division":
            return "only a division HQ changes corps (OO16)"
        if self.echelon.get(new_parent) != "corps":
            return "a division HQ moves only under a corps HQ (OO16)"
        if self.parent.get(hq) == new_parent:
            return "the division already reports to that corps"
        top = self.rules.reassign_under
        if self._above(hq, top) is None or self._above(hq, top) != self._above(new_parent, top):
            return f"the new corps is under another {top} (OO16)"
        return ""

    def reassign(self, hq: str, new_parent: str) -> CommandTree:
        """The tree with ``hq`` under ``new_parent``; ``ValueError`` when OO16 refuses it."""
        reason = self.reassign_refusal(hq, new_parent)
        if reason:
            raise ValueError(reason)
        parent = dict(self.parent)
        parent[hq] = new_parent
        return _linked(replace(self, parent=parent))

    def _above(self, hq: str, echelon: Echelon) -> str | None:
        for up in (hq, *self.chain(hq)):
            if self.echelon.get(up) == echelon:
                return up
        return None


def _break_loops(parent: dict[str, str | None]) -> None:
    # A loop (reported by validation) would never reach a root: its first HQ in file order
    # becomes a root, so every HQ still has a finite chain.
    for start in list(parent):
        seen: list[str] = []
        node: str | None = start
        while node is not None and node not in seen:
            seen.append(node)
            node = parent.get(node)
        if node is not None:
            parent[node] = None


def _chain(parent: Mapping[str, str | None], unit_id: str) -> tuple[str, ...]:
    out: list[str] = []
    node = parent.get(unit_id)
    while node is not None and node not in out:
        out.append(node)
        node = parent.get(node)
    return tuple(out)


def _linked(tree: CommandTree) -> CommandTree:
    children: dict[str, list[str]] = {hq: [] for hq in tree.entries}
    attached: dict[str, list[str]] = {hq: [] for hq in tree.entries}
    for unit_id, hq in tree.parent.items():
        if hq is None:
            continue
        (children if unit_id in tree.entries else attached)[hq].append(unit_id)
    return replace(
        tree,
        children={k: tuple(v) for k, v in children.items()},
        attached={k: tuple(v) for k, v in attached.items()},
        chains={unit_id: _chain(tree.parent, unit_id) for unit_id in tree.parent},
    )


def lose_hq(tree: CommandTree, units: Mapping[str, OpUnit], hq: str) -> dict[str, OpUnit]:
    """OQ11, OU3: when ``hq`` is destroyed, each unit directly attached to it drops the
    tree's quality levels (never below conscript). Returns the changed units by id; the
    caller removes the HQ itself (a unit whose HQ is gone then draws from the next one up,
    capped at Extended and at Basic supply: :mod:`.loc`, :mod:`.supply`)."""
    names: tuple[Quality, ...] = get_args(Quality)
    drop = tree.rules.lost_hq_quality_drop
    out: dict[str, OpUnit] = {}
    for unit_id in tree.attached.get(hq, ()):
        unit = units.get(unit_id)
        if unit is None:
            continue
        level = max(0, QUALITY_LEVELS[unit.quality] - drop)
        out[unit_id] = replace(unit, quality=names[level])
    return out
