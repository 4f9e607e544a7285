"""Sanity of the operational family's results table (``rules.operational.combat.results``).

The format accepts any damage in any cell (a modder may want an odd table), but a cell that
favours the attacker less at better odds, or on a better die roll, than its neighbour is far
more often a typing slip than a design: each such cell is reported where it lies, so the
studio's issues list opens the results table on it.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction

from ..issues import Issue, make_issue, pointer
from .index import ScenarioIndex

_RESULTS = ("rules", "operational", "combat", "results", "rows")


def _odds(ratio: float) -> str:
    """3 is "3:1", 0.5 "1:2", 1.5 "3:2" (as the studio's results table heads its columns)."""
    near = Fraction(ratio).limit_denominator(10)
    if abs(float(near) - ratio) < 1e-6:
        return f"{near.numerator}:{near.denominator}"
    return f"{round(ratio, 2):g}:1" if ratio >= 1 else f"1:{round(1 / ratio, 2):g}"


def check_results_order(ix: ScenarioIndex) -> Iterator[Issue]:
    rules = ix.scenario.rules
    tables = rules.operational
    if rules.family != "operational" or tables is None:
        return
    results = tables.combat.results
    for row, cells in enumerate(results.rows):
        for col, cell in enumerate(cells):
            before = []
            if col > 0:
                before.append((cells[col - 1], f"at {_odds(results.columns[col - 1])}", "odds"))
            if row > 0:
                before.append((results.rows[row - 1][col], f"on a {row}", "die"))
            here = f"{_odds(results.columns[col])}, die {row + 1}"
            for other, where, rises in before:
                if cell.defender < other.defender:
                    yield make_issue(
                        "operational-results-order",
                        pointer(*_RESULTS, row, col, "defender"),
                        f"the defender's damage at {here} ({cell.defender:g}%) is below its "
                        f"damage {where} ({other.defender:g}%): better {rises} should never "
                        "help the defender",
                    )
                    break
                if cell.attacker > other.attacker:
                    yield make_issue(
                        "operational-results-order",
                        pointer(*_RESULTS, row, col, "attacker"),
                        f"the attacker's damage at {here} ({cell.attacker:g}%) is above its "
                        f"damage {where} ({other.attacker:g}%): better {rises} should never "
                        "hurt the attacker more",
                    )
                    break
