"""The order of battle of an operational scenario as a tree the designer rearranges
(``rules.operational.command``, OQ1): what hangs under each HQ, which drops are refused and
why, and the rules a drop leaves. No widgets here: :mod:`.order_of_battle_view` shows it.

A unit is an HQ of the tree when ``command.hqs`` has an entry for it; a unit of an HQ type
without an entry yet is treated as one to place (dropping it on an HQ gives it its entry).
"""

from __future__ import annotations

from dataclasses import dataclass

from schemas.issues import Issue
from schemas.operational.hq import Attachment, HqEntry, HqRules
from schemas.operational.rules import OperationalRules
from schemas.scenario import Scenario
from schemas.validation.index import ScenarioIndex
from schemas.validation.op_command import check_operational_command


@dataclass(frozen=True)
class Node:
    """One unit of the tree: its id, label, whether it is an HQ, and what reports to it."""

    unit: str
    label: str
    hq: bool
    children: tuple[Node, ...] = ()


@dataclass(frozen=True)
class SideTree:
    """A side's roots (HQs without a superior) and the units reporting to no HQ."""

    side: str
    name: str
    roots: tuple[Node, ...]
    unattached: tuple[Node, ...]


def command_of(scenario: Scenario) -> HqRules | None:
    rules = scenario.rules.operational
    if scenario.rules.family != "operational" or rules is None:
        return None
    return rules.command


def side_of_units(scenario: Scenario) -> dict[str, str]:
    side_of_nation = {n.id: n.side for n in scenario.nations}
    return {u.id: side_of_nation[u.nation] for u in scenario.units if u.nation in side_of_nation}


def hq_typed(scenario: Scenario) -> set[str]:
    """Units whose type is of the ``hq`` category."""
    kinds = {
        t.id
        for t in scenario.unit_types
        if t.operational is not None and t.operational.category == "hq"
    }
    return {u.id for u in scenario.units if u.type in kinds}


def label_of(scenario: Scenario, unit_id: str) -> str:
    unit = next((u for u in scenario.units if u.id == unit_id), None)
    if unit is None:
        return f"{unit_id} (missing)"
    name = unit.name or unit.id
    echelon = unit.operational.echelon if unit.operational is not None else None
    return f"{name} ({echelon})" if echelon else name


def _parents(command: HqRules) -> dict[str, str | None]:
    """Every placed unit and what it reports to (the first entry of each wins, as in
    validation)."""
    up: dict[str, str | None] = {}
    for entry in command.hqs:
        up.setdefault(entry.unit, entry.parent)
    for link in command.attachments:
        up.setdefault(link.unit, link.hq)
    return up


def forest(scenario: Scenario) -> list[SideTree]:
    """The tree of each side, in the order of the scenario's sides. A unit whose HQ is not in
    the tree, or stands in a loop, shows as a root so that nothing is hidden."""
    command = command_of(scenario)
    if command is None:
        return []
    up = _parents(command)
    hqs = {e.unit for e in command.hqs} | hq_typed(scenario)
    below: dict[str, list[str]] = {}
    for unit, parent in up.items():
        if parent is not None and parent in up and parent != unit:
            below.setdefault(parent, []).append(unit)
    side_of = side_of_units(scenario)

    def node(unit: str, seen: frozenset[str]) -> Node:
        inner = seen | {unit}
        kids = tuple(node(k, inner) for k in below.get(unit, ()) if k not in inner)
        return Node(unit, label_of(scenario, unit), unit in hqs, kids)

    reachable: set[str] = set()

    def mark(unit: str) -> None:
        if unit in reachable:
            return
        reachable.add(unit)
        for kid in below.get(unit, ()):
            mark(kid)

    tops = [u for u, p in up.items() if p is None or p not in up or p == u]
    for top in tops:
        mark(top)
    # What is left stands in a loop: its first member is shown as a root.
    for unit in up:
        if unit not in reachable:
            tops.append(unit)
            mark(unit)
    land_units = [u.id for u in scenario.units if u.id not in up]
    trees = []
    for side in scenario.sides:
        roots = tuple(node(u, frozenset()) for u in tops if side_of.get(u) == side.id)
        loose = tuple(
            Node(u, label_of(scenario, u), u in hqs)
            for u in land_units
            if side_of.get(u) == side.id
        )
        trees.append(SideTree(side.id, side.name, roots, loose))
    return trees


def refusal(scenario: Scenario, moved: str, target: str | None, side: str) -> str | None:
    """Why ``moved`` may not be put under HQ ``target`` (``None``: made a root, or detached,
    on its side's heading ``side``); ``None`` when the drop is allowed."""
    command = command_of(scenario)
    if command is None:
        return "The scenario does not use the operational rules."
    side_of = side_of_units(scenario)
    name = label_of(scenario, moved)
    if side_of.get(moved) != side:
        return f"{name} fights for side '{side_of.get(moved)}', not '{side}'."
    if target is None:
        return None
    target_name = label_of(scenario, target)
    if target == moved:
        return f"{name} cannot report to itself."
    if target not in {e.unit for e in command.hqs}:
        return f"{target_name} is not an HQ of the tree: drop units on an HQ."
    if side_of.get(target) != side_of.get(moved):
        return (
            f"{target_name} is an HQ of side '{side_of.get(target)}'; {name} fights for "
            f"'{side_of.get(moved)}' (OQ1)."
        )
    up = _parents(command)
    if up.get(moved) == target:
        return f"{name} already reports to {target_name}."
    node: str | None = target
    chain: list[str] = []
    while node is not None and node not in chain:
        chain.append(node)
        if node == moved:
            return (
                f"{target_name} reports to {name}: putting {name} under it would make the "
                "HQs report to each other in a loop."
            )
        node = up.get(node)
    return None


def reassigned(scenario: Scenario, moved: str, target: str | None) -> OperationalRules:
    """The operational rules with ``moved`` reporting to ``target`` (``None``: an HQ made a
    root, another unit detached)."""
    rules = scenario.rules.operational
    assert rules is not None
    command = rules.command
    is_hq = any(e.unit == moved for e in command.hqs) or (
        moved in hq_typed(scenario) and not any(a.unit == moved for a in command.attachments)
    )
    if is_hq:
        hqs = list(command.hqs)
        at = next((n for n, e in enumerate(hqs) if e.unit == moved), None)
        if at is None:
            hqs.append(HqEntry(unit=moved, parent=target))
        else:
            hqs[at] = hqs[at].model_copy(update={"parent": target})
        command = command.model_copy(update={"hqs": hqs})
    else:
        links = list(command.attachments)
        at = next((n for n, a in enumerate(links) if a.unit == moved), None)
        if target is None:
            if at is not None:
                del links[at]
        elif at is None:
            links.append(Attachment(unit=moved, hq=target))
        else:
            links[at] = links[at].model_copy(update={"hq": target})
        command = command.model_copy(update={"attachments": links})
    return rules.model_copy(update={"command": command})


def tree_issues(scenario: Scenario) -> dict[str, list[Issue]]:
    """The issues of the HQ tree (and its supply and assets), by the unit they name."""
    found: dict[str, list[Issue]] = {}
    for issue in check_operational_command(ScenarioIndex(scenario)):
        if issue.entity:
            found.setdefault(issue.entity, []).append(issue)
    return found
