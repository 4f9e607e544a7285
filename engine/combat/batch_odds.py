"""Odds from the batch engine: many battles of one set-up fought at once
(:func:`.batch.fight_many`), summed up as means and distributions for the odds calculator
(``salient odds``) and for the AI."""

from __future__ import annotations

from dataclasses import fields
from typing import TYPE_CHECKING, Any

import numpy as np

from .batch import Battles, fight_many

if TYPE_CHECKING:
    from ..game import Game
    from .prepare import Setup

CHUNK = 100_000
"""Battles fought in one batch: more at once would only cost memory (a few hundred bytes
each), not time."""


def odds(setup: Setup, sides: int, runs: int = 1000, seed: int = 0) -> dict[str, Any]:
    """The outcome distribution of ``runs`` battles of ``setup`` (a private die seeded with
    ``seed``): the keys of :func:`.fast.preview` (means) and the distributions behind them."""
    rng = np.random.default_rng(seed)
    parts = [
        fight_many(setup, min(CHUNK, runs - done), rng, sides) for done in range(0, runs, CHUNK)
    ]
    return summary(parts[0] if len(parts) == 1 else _joined(parts))


def _joined(parts: list[Battles]) -> Battles:
    return Battles(*(np.concatenate([getattr(p, f.name) for p in parts]) for f in fields(Battles)))


def summary(found: Battles) -> dict[str, Any]:
    """Means and distributions of a batch of battles (see :func:`odds`)."""
    total = max(1, len(found))
    routed = found.routed >= 0
    loser = 1 - found.winner
    routed_loser = routed & (found.routed == loser)

    def spread(values: np.ndarray) -> dict[str, Any]:
        counts = np.bincount(values.astype(np.int64))
        return {
            "mean": float(values.mean()) if len(values) else 0.0,
            "p10": float(np.percentile(values, 10)) if len(values) else 0.0,
            "median": float(np.median(values)) if len(values) else 0.0,
            "p90": float(np.percentile(values, 90)) if len(values) else 0.0,
            "histogram": {str(i): int(c) for i, c in enumerate(counts) if c},
        }

    ends = {}
    for name, mask in (
        ("routed", routed_loser),
        ("wiped_out", found.wiped & ~routed_loser),
        ("retreats", ~found.wiped & ~routed_loser),
    ):
        ends[name] = {
            "attacker_wins": float((mask & (found.winner == 0)).sum() / total),
            "defender_wins": float((mask & (found.winner == 1)).sum() / total),
        }
    return {
        "attacker_win": float((found.winner == 0).sum() / total),
        "defender_win": float((found.winner == 1).sum() / total),
        "attacker_hits_lost": float(found.hits_lost[:, 0].mean()) if len(found) else 0.0,
        "defender_hits_lost": float(found.hits_lost[:, 1].mean()) if len(found) else 0.0,
        "attacker_units_lost": float(found.units_lost[:, 0].mean()) if len(found) else 0.0,
        "defender_units_lost": float(found.units_lost[:, 1].mean()) if len(found) else 0.0,
        "rounds": float(found.rounds.mean()) if len(found) else 0.0,
        "routs": float(routed.sum() / total),
        "pursuits": float(found.pursued.sum() / total),
        "runs": len(found),
        "endings": ends,
        "distributions": {
            "rounds": spread(found.rounds),
            "attacker_units_lost": spread(found.units_lost[:, 0]),
            "defender_units_lost": spread(found.units_lost[:, 1]),
            "attacker_hits_lost": spread(found.hits_lost[:, 0]),
            "defender_hits_lost": spread(found.hits_lost[:, 1]),
        },
    }


def preview(
    game: Game,
    region: str,
    *,
    runs: int = 1000,
    seed: int = 0,
    attacker: str | None = None,
    units: list[str] | None = None,
    structure: str | None = None,
) -> dict[str, Any]:
    """:func:`.fast.preview` on the batch engine: the same arguments and keys (plus the
    distributions), many times faster for hundreds of runs."""
    from .fast import setup_for

    setup = setup_for(game, region, attacker, units, structure)
    return odds(setup, game.scenario.rules.dice.sides, runs, seed)
