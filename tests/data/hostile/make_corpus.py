"""The hostile-file corpus: scenario files built to break a loader, each with the codes
``salient validate`` must report for it (issue 16).

Small files are written into this folder and committed; run this script again after a change
of the test base (``tests/factory.py``) or of the table below:

    .venv/bin/python tests/data/hostile/make_corpus.py

Large files (a map of thousands of regions with one mistake repeated everywhere, nesting a
hundred thousand levels deep) would bloat the repository: :func:`write_large` builds them
where a test asks, and ``LARGE`` lists what each must give.
"""

from __future__ import annotations

import copy
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent.parent
sys.path.insert(0, str(ROOT))

from tests.factory import base  # noqa: E402

Raw = dict[str, Any]
EXPECTED = HERE / "expected.json"


def _set(path: tuple[str | int, ...], value: Any) -> Callable[[Raw], None]:
    def change(raw: Raw) -> None:
        node = raw
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value

    return change


def _background(path: str) -> Callable[[Raw], None]:
    return _set(("map",), {"background": {"path": path, "width": 300, "height": 300}})


def _surrogate_key(raw: Raw) -> None:
    raw["regions"][0]["values"] = {"red\ud800": {"capture": 1}}


SMALL: dict[str, tuple[Callable[[Raw], None] | str, list[str], int]] = {
    # name: (change to the base, or the text itself; codes reported; exit status)
    "surrogate-in-title.json": (
        _set(("info", "title"), "Grid \ud800"),
        ["text-unpaired-surrogate"],
        0,
    ),
    "surrogate-in-id.json": (
        _set(("units", 0, "id"), "red-\udc00"),
        ["text-unpaired-surrogate", "schema"],
        1,
    ),
    "surrogate-in-key.json": (_surrogate_key, ["text-unpaired-surrogate", "schema"], 1),
    "integer-of-5000-digits.json": (
        _set(("calendar", "turns"), "HUGE"),
        ["json-number-too-long"],
        1,
    ),
    "supply-range-1e9.json": (_set(("rules",), {"supply": {"range": 10**9}}), ["schema"], 1),
    "card-copies-2e63.json": (_set(("cards", 0, "copies"), 2**63), ["schema"], 1),
    "turn-length-1e20.json": (_set(("calendar", "turn_length_days"), 10**20), ["schema"], 1),
    "turns-1e30.json": (_set(("calendar", "turns"), 10**30), ["schema"], 1),
    "calendar-past-year-9999.json": (
        _set(("calendar", "start_date"), "9999-12-20"),
        ["schema"],
        1,
    ),
    "turns-nan.json": (_set(("calendar", "turns"), "NAN"), ["schema"], 1),
    "background-dev-stdin.json": (_background("/dev/stdin"), ["image-outside-folder"], 0),
    "background-absolute.json": (_background("/etc/passwd"), ["image-outside-folder"], 0),
    "background-parent-folder.json": (
        _background("../../../outside.png"),
        ["image-outside-folder"],
        0,
    ),
    "background-folder.json": (_background("."), ["image-not-a-file"], 0),
    "background-missing.json": (_background("no-such-map.png"), ["image-not-a-file"], 0),
    "flag-dev-zero.json": (_set(("sides", 0, "flag"), "/dev/zero"), ["image-outside-folder"], 0),
    "duplicate-key.json": ("DUPLICATE", ["json-duplicate-key"], 1),
}
"""Files of the corpus, what breaks them, and what must be reported."""


def _text(name: str, change: Callable[[Raw], None] | str) -> str:
    raw = copy.deepcopy(base())
    if callable(change):
        change(raw)
    text = json.dumps(raw, indent=2)
    if change == "DUPLICATE":
        text = text.replace('"name": "Red",', '"name": "Red",\n      "name": "Scarlet",', 1)
    text = text.replace('"HUGE"', "9" * 5000).replace('"NAN"', "NaN")
    return text + "\n"


def write_small(folder: Path = HERE) -> dict[str, Any]:
    """Write the small files and ``expected.json``; returns the expectations."""
    expected: dict[str, Any] = {}
    for name, (change, codes, status) in SMALL.items():
        (folder / name).write_text(_text(name, change), encoding="utf-8")
        expected[name] = {"codes": sorted(set(codes)), "exit": status}
    EXPECTED.write_text(json.dumps(expected, indent=2) + "\n", encoding="utf-8")
    return expected


# -- large files, made where a test asks --------------------------------------------------------

LARGE: dict[str, tuple[list[str], int]] = {
    "same-region-id-everywhere.json": (["duplicate-id", "unknown-reference", "region-isolated"], 1),
    "every-connection-broken.json": (["unknown-reference", "region-isolated"], 1),
    "nested-100000-deep.json": (["json-syntax"], 1),
}


def write_large(folder: Path, regions: int = 2_000) -> dict[str, Path]:
    """Build the large files in ``folder`` from a generated map of ``regions`` regions."""
    from schemas.generator import generate_scenario
    from schemas.io import dumps

    raw = json.loads(dumps(generate_scenario(regions, 1)))
    out: dict[str, Path] = {}

    same = copy.deepcopy(raw)
    for region in same["regions"]:
        region["id"] = "r"
    out["same-region-id-everywhere.json"] = folder / "same-region-id-everywhere.json"
    out["same-region-id-everywhere.json"].write_text(json.dumps(same, indent=2))

    broken = copy.deepcopy(raw)
    for connection in broken["connections"]:
        connection["a"], connection["b"] = f"x{connection['a']}", f"y{connection['b']}"
    out["every-connection-broken.json"] = folder / "every-connection-broken.json"
    out["every-connection-broken.json"].write_text(json.dumps(broken, indent=2))

    deep = json.dumps(base())
    deep = deep.replace('"title": "Test grid"', '"title": ' + "[" * 100_000 + "]" * 100_000)
    out["nested-100000-deep.json"] = folder / "nested-100000-deep.json"
    out["nested-100000-deep.json"].write_text(deep)
    return out


if __name__ == "__main__":
    written = write_small()
    print(f"wrote {len(written)} files and expected.json in {HERE}")
