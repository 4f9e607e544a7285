"""The few statistics the lab needs: rates with Wilson intervals, a two-proportion test,
quantiles.

Written out rather than imported: each is a closed formula of a few lines, and the engine keeps
its dependencies to numpy (SciPy would be a large install for three formulas).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

Z95 = 1.959963984540054
"""The standard normal quantile of 0.975: two-sided 95%."""


@dataclass(frozen=True)
class Rate:
    """``hits`` out of ``total``, with its 95% Wilson score interval."""

    hits: int
    total: int
    low: float
    high: float

    @property
    def value(self) -> float:
        return self.hits / self.total if self.total else 0.0

    def to_json(self) -> dict[str, float | int]:
        return {
            "count": self.hits,
            "of": self.total,
            "rate": round(self.value, 6),
            "low": round(self.low, 6),
            "high": round(self.high, 6),
        }


def wilson(hits: int, total: int, z: float = Z95) -> Rate:
    """The Wilson score interval: unlike the plain ``p ± z·se`` it stays within 0 and 1 and
    keeps its coverage for small samples and rates near 0 or 1 (a side that never wins in 20
    games gets 0-16%, not 0-0%)."""
    if total <= 0:
        return Rate(hits, total, 0.0, 1.0)
    p = hits / total
    z2 = z * z
    centre = (p + z2 / (2 * total)) / (1 + z2 / total)
    half = z * math.sqrt(p * (1 - p) / total + z2 / (4 * total * total)) / (1 + z2 / total)
    return Rate(hits, total, max(0.0, centre - half), min(1.0, centre + half))


@dataclass(frozen=True)
class Difference:
    """Two rates compared by the pooled two-proportion z-test."""

    first: Rate
    second: Rate
    z: float
    p_value: float

    @property
    def change(self) -> float:
        return self.second.value - self.first.value

    def significant(self, alpha: float = 0.05) -> bool:
        """Whether the change is beyond what chance gives at level ``alpha`` (two-sided)."""
        return self.p_value < alpha

    def to_json(self) -> dict[str, object]:
        return {
            "before": self.first.to_json(),
            "after": self.second.to_json(),
            "change": round(self.change, 6),
            "z": round(self.z, 4),
            "p_value": round(self.p_value, 6),
            "significant": self.significant(),
        }


def two_proportions(a: Rate, b: Rate) -> Difference:
    """Whether ``a`` and ``b`` differ more than chance explains: the pooled z statistic and
    its two-sided p-value (1.0 when there is nothing to compare)."""
    if a.total == 0 or b.total == 0:
        return Difference(a, b, 0.0, 1.0)
    pooled = (a.hits + b.hits) / (a.total + b.total)
    se = math.sqrt(pooled * (1 - pooled) * (1 / a.total + 1 / b.total))
    if se == 0:
        return Difference(a, b, 0.0, 1.0)
    z = (b.value - a.value) / se
    return Difference(a, b, z, math.erfc(abs(z) / math.sqrt(2)))


def quantile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile by linear interpolation between order statistics (NumPy's default
    method), of a non-empty sequence."""
    ordered = sorted(values)
    if not ordered:
        raise ValueError("no values")
    at = q * (len(ordered) - 1)
    below = math.floor(at)
    above = min(below + 1, len(ordered) - 1)
    return ordered[below] + (ordered[above] - ordered[below]) * (at - below)
