"""Pointers are turned into lines and columns that editors can jump to."""

from __future__ import annotations

import json

from schemas import dumps, load_text
from schemas.locate import locate
from tests.factory import base

TEXT = '{\n  "a": [1, {"b": 2, "c": [3, 4]}],\n  "d~/x": {"e": "s\\"t"},\n  "f": {"g": 1}\n}'


def test_nested_values_and_escapes() -> None:
    found = locate(TEXT, ["/a/1/c/1", "/a/0", "/d~0~1x/e", ""])
    assert found == {"/a/1/c/1": (2, 30), "/a/0": (2, 9), "/d~0~1x/e": (3, 17), "": (1, 1)}


def test_missing_key_points_at_its_object() -> None:
    assert locate(TEXT, ["/f/missing"]) == {"/f/missing": (4, 8)}


def test_issue_in_a_canonical_file_points_at_its_line() -> None:
    text = dumps(load_text(json.dumps(base())).scenario)
    units = text.index('"units": [')
    text = text[:units] + text[units:].replace('"type": "gunboat"', '"type": "frigate"', 1)
    (issue,) = load_text(text).issues
    line, column = locate(text, [issue.path])[issue.path]
    assert text.splitlines()[line - 1].strip() == '"type": "frigate",'
    assert text.splitlines()[line - 1][column - 1] == '"'
