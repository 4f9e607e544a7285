"""Small scenarios and edits for the diff, mod and merge tests."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from schemas import Scenario, dumps, load_text
from tests.factory import base

Raw = dict[str, Any]

ROOT = Path(__file__).resolve().parents[2]
WINTER_WAR = ROOT / "sample_scenarios" / "winter-war.json"
HARSH_WINTER = ROOT / "sample_scenarios" / "mods" / "harsh-winter.salient-mod.json"


def scenario(raw: Raw) -> Scenario:
    result = load_text(json.dumps(raw), validate=False)
    assert result.scenario is not None, result.issues[:3]
    return result.scenario


def grid() -> Scenario:
    """The test grid of ``tests.factory``, as a scenario."""
    return scenario(base())


def edited(original: Scenario, change: Callable[[Raw], None]) -> Scenario:
    """A copy of ``original`` changed by ``change`` on its JSON."""
    raw = json.loads(dumps(original))
    change(raw)
    return scenario(raw)


def item(raw: Raw, section: str, entity: str) -> Raw:
    return next(x for x in raw[section] if x["id"] == entity)


def rename(raw: Raw, section: str, old: str, new: str, references: list[tuple[str, str]]) -> None:
    """Rename an entity and the references named by (section, key) pairs, as the studio does."""
    item(raw, section, old)["id"] = new
    for other, key in references:
        for entry in raw[other]:
            holder = entry
            *parents, last = key.split("/")
            for part in parents:
                holder = holder.get(part) or {}
            if holder.get(last) == old:
                holder[last] = new


def copy_raw(raw: Raw) -> Raw:
    return copy.deepcopy(raw)
