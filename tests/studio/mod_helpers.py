"""A base scenario and mods on disk for the studio's mod tests: the Winter War, the sample
"harsh winter" mod (in a folder of its own, so image paths are rebased), and a second mod that
conflicts with it, made here the way a modder would."""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from editor.studio.document import with_value
from editor.studio.validation_runner import snapshot
from schemas.io import load_file
from schemas.mods import make_mod, save_mod
from schemas.scenario import Scenario

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "sample_scenarios"
HARSH = SAMPLES / "mods" / "harsh-winter.salient-mod.json"


@dataclass(frozen=True)
class Files:
    base: Path
    harsh: Path
    thaw: Path
    folder: Path


def edited(scenario: Scenario, changes: list[tuple[str, str, list[str], Any]]) -> Scenario:
    """A copy of ``scenario`` with fields set: (section, id, path, value) each."""
    out = snapshot(scenario)
    for section, entity, path, value in changes:
        items = getattr(out, section)
        index = [e.id for e in items].index(entity)
        items[index] = with_value(items[index], path, value)
    return out


THAW_CHANGES: list[tuple[str, str, list[str], Any]] = [
    ("terrain", "forest", ["movement_cost"], 1),
    ("terrain", "marsh", ["movement_cost"], 3),
    ("cards", "field-kitchens", ["text"], "Thawed soup."),
    ("regions", "helsinki", ["terrain"], "marsh"),
]
"""The second mod, "An Early Thaw": three changes the harsh winter also makes, one its own."""


def mod_files(folder: Path) -> Files:
    """Copies of the base and the harsh-winter mod, and the early-thaw mod, in ``folder``."""
    base = folder / "winter-war.json"
    shutil.copy(SAMPLES / "winter-war.json", base)
    mods = folder / "mods"
    mods.mkdir()
    harsh = mods / HARSH.name
    shutil.copy(HARSH, harsh)
    scenario = load_file(base, validate=False).scenario
    assert scenario is not None
    thaw_mod = make_mod(
        scenario,
        edited(scenario, THAW_CHANGES),
        mod_id="early-thaw",
        name="An Early Thaw",
        base_id="winter-war",
    )
    thaw = folder / "early-thaw.salient-mod.json"
    save_mod(thaw_mod, thaw)
    return Files(base, harsh, thaw, folder)


def value(document: Any, section: str, entity: str, field: str) -> Any:
    return getattr(document.get(section, entity), field)
