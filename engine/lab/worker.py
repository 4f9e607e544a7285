"""What runs on a Dask worker: load the scenario once, then play the seeds it is given.

The scenario travels to each worker once, as its canonical JSON (scattered by the driver),
and is parsed once per worker process: later games of the same fingerprint reuse the parsed
scenario. Each result carries the worker's rules fingerprint, so a cluster running another
version of Salient is noticed instead of mixing its games with ours.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from schemas.io import load_text
from schemas.scenario import Scenario

from .cache import engine_fingerprint, scenario_fingerprint
from .match import play_game

_LOADED: OrderedDict[str, Scenario] = OrderedDict()
PARSED: dict[str, int] = {}
"""How many times this process parsed each fingerprint (once, unless it was dropped)."""
KEEP = 4
"""Scenarios a worker keeps parsed (a long-lived cluster may serve several designers)."""


class WorkerLoadError(RuntimeError):
    """The worker read the scenario differently from the driver (another Salient version)."""


def scenario_for(text: str, fingerprint: str) -> Scenario:
    """The scenario of ``fingerprint``, parsed from ``text`` the first time only."""
    found = _LOADED.get(fingerprint)
    if found is not None:
        _LOADED.move_to_end(fingerprint)
        return found
    result = load_text(text, validate=False)
    if result.scenario is None:
        problems = "; ".join(str(i) for i in result.issues[:3])
        raise WorkerLoadError(f"the worker cannot read the scenario: {problems}")
    if scenario_fingerprint(result.scenario) != fingerprint:
        raise WorkerLoadError(
            "the worker reads the scenario differently (another Salient version?)"
        )
    _LOADED[fingerprint] = result.scenario
    PARSED[fingerprint] = PARSED.get(fingerprint, 0) + 1
    while len(_LOADED) > KEEP:
        _LOADED.popitem(last=False)
    return result.scenario


_ENGINE: list[str] = []
"""This process's rules fingerprint, worked out at its first game: the rules it runs are
those it imported then (reading and hashing every rules file again for each game told
nothing new)."""


def play_seed(text: str, fingerprint: str, seed: int, levels: dict[str, str]) -> dict[str, Any]:
    """Play one game; the record and the worker's rules fingerprint."""
    scenario = scenario_for(text, fingerprint)
    if not _ENGINE:
        _ENGINE.append(engine_fingerprint())
    return {"engine": _ENGINE[0], "game": play_game(scenario, seed, levels)}


def parsed() -> dict[str, int]:
    """How many times this process parsed each scenario (tests check: once per worker)."""
    return dict(PARSED)
