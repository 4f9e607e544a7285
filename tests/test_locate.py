"""Pointers are turned into lines and columns that editors can jump to."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

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


# -- any JSON, any layout: the place of every value ------------------------------------------------

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=4),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.text(alphabet='ab/~\\"é', max_size=3), inner, max_size=4)
    ),
    max_leaves=25,
)


def _write(value: object, path: str, spaces: list[str], out: list[str], at: dict[str, int]) -> None:
    """Serialise ``value`` with the given whitespace, noting where each value starts."""
    at.setdefault(path, sum(map(len, out)))
    gap = spaces[len(at) % len(spaces)]
    if isinstance(value, dict):
        out.append("{" + gap)
        for n, (key, item) in enumerate(value.items()):
            out.append(("," + gap if n else "") + json.dumps(key) + gap + ":" + gap)
            _write(item, path + "/" + key.replace("~", "~0").replace("/", "~1"), spaces, out, at)
        out.append(gap + "}")
    elif isinstance(value, list):
        out.append("[" + gap)
        for n, item in enumerate(value):
            out.append("," + gap if n else "")
            _write(item, f"{path}/{n}", spaces, out, at)
        out.append(gap + "]")
    else:
        out.append(json.dumps(value))


@settings(max_examples=200, deadline=None)
@given(value=JSON, spaces=st.lists(st.sampled_from(["", " ", "\n", "\n  ", "\t"]), min_size=1))
def test_every_value_is_found_where_it_starts(value: object, spaces: list[str]) -> None:
    out: list[str] = []
    starts: dict[str, int] = {}
    _write(value, "", spaces, out, starts)
    text = "".join(out)
    assert json.loads(text) == value
    found = locate(text, [*starts, "/no/such/key"])
    for pointer, offset in starts.items():
        line = text.count("\n", 0, offset) + 1
        column = offset - text.rfind("\n", 0, offset)
        assert found[pointer] == (line, column), pointer
    assert found["/no/such/key"] == (1, 1)  # nothing of it exists: the whole file
