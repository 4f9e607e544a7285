"""The men, guns and vehicles a unit stands for (OU1, OU4, OU5; OF6, OF10), from its echelon,
category and strength by ``rules.operational.establishment`` (schemas/operational/
establishment.py), or from the unit's own full-strength figures where the scenario gives them
(OU1: ``personnel``, ``guns``, ``vehicles`` of its ``operational`` values). Pure rules:
statistics only, nothing in play reads them.
"""

from __future__ import annotations

from dataclasses import dataclass

from schemas.operational.rules import OperationalRules

from .units import OpUnit


@dataclass(frozen=True)
class Establishment:
    """What a unit stands for now."""

    men: int
    guns: int
    vehicles: int


def establishment(
    rules: OperationalRules, unit: OpUnit, strength: float | None = None
) -> Establishment:
    """The unit's men, guns and vehicles at ``strength`` % (its own by default): at full
    strength its own figures where the scenario gives them, otherwise its echelon's men and
    its category's rates per 1,000 of those men; times the strength, rounded."""
    table = rules.establishment
    full = float(unit.personnel if unit.personnel is not None else getattr(table.men, unit.echelon))
    share = (unit.strength if strength is None else strength) / 100.0
    rate = table.rate(unit.category)
    guns = full * rate.guns / 1000.0 if rate is not None else 0.0
    vehicles = full * rate.vehicles / 1000.0 if rate is not None else 0.0
    if unit.guns is not None:
        guns = float(unit.guns)
    if unit.vehicles is not None:
        vehicles = float(unit.vehicles)
    return Establishment(round(full * share), round(guns * share), round(vehicles * share))
