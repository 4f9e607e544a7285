"""Random damage to a valid scenario: loading reports issues or loads cleanly, never crashes."""

from __future__ import annotations

import copy
import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from schemas import load_text
from schemas.io import dumps
from tests.factory import base

BASE_TEXT = dumps(load_text(json.dumps(base())).scenario)
BASE_RAW = json.loads(BASE_TEXT)

Node = Any


def _paths(node: Node, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(node, dict):
        for key, value in node.items():
            out += _paths(value, (*prefix, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            out += _paths(value, (*prefix, index))
    return out


PATHS = [p for p in _paths(BASE_RAW) if p]
COLLECTIONS = [k for k, v in BASE_RAW.items() if isinstance(v, list) and v]

ODD_VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**12), max_value=10**12),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=12),
    st.lists(st.integers(), max_size=3),
    st.dictionaries(st.text(max_size=5), st.integers(), max_size=2),
)


def _parent(raw: Node, path: tuple[Any, ...]) -> tuple[Node, Any]:
    node = raw
    for key in path[:-1]:
        node = node[key]
    return node, path[-1]


def _assert_sane(data: str | bytes) -> None:
    result = load_text(data)
    thorough = load_text(data, thorough=True)
    # The fast path must never accept what the thorough one refuses, nor read it differently.
    assert (result.scenario is None) == (thorough.scenario is None)
    assert result.scenario == thorough.scenario
    if result.scenario is None:
        assert result.issues, "a failed load must say why"
        assert any(issue.is_error for issue in result.issues)
    for issue in result.issues:
        assert issue.code and issue.message
        assert issue.path == "" or issue.path.startswith("/")


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_wrong_values(data: st.DataObject) -> None:
    raw = copy.deepcopy(BASE_RAW)
    for _ in range(data.draw(st.integers(1, 3))):
        path = data.draw(st.sampled_from(PATHS))
        try:
            parent, key = _parent(raw, path)
            parent[key] = data.draw(ODD_VALUES)
        except (KeyError, IndexError, TypeError):
            continue  # an earlier change removed this path
    _assert_sane(json.dumps(raw, allow_nan=True))


@settings(max_examples=100, deadline=None)
@given(data=st.data())
def test_deleted_and_duplicated_entities(data: st.DataObject) -> None:
    raw = copy.deepcopy(BASE_RAW)
    for _ in range(data.draw(st.integers(1, 4))):
        collection = raw[data.draw(st.sampled_from(COLLECTIONS))]
        if not collection:
            continue
        index = data.draw(st.integers(0, len(collection) - 1))
        if data.draw(st.booleans()):
            del collection[index]
        else:
            collection.append(copy.deepcopy(collection[index]))
    _assert_sane(json.dumps(raw))


@settings(max_examples=100, deadline=None)
@given(data=st.data())
def test_swapped_ids(data: st.DataObject) -> None:
    raw = copy.deepcopy(BASE_RAW)
    entities = [e for name in COLLECTIONS for e in raw[name] if isinstance(e, dict) and "id" in e]
    first = data.draw(st.sampled_from(entities))
    second = data.draw(st.sampled_from(entities))
    first["id"], second["id"] = second["id"], first["id"]
    _assert_sane(json.dumps(raw))


@settings(max_examples=100, deadline=None)
@given(cut=st.integers(0, len(BASE_TEXT)))
def test_truncated_files(cut: int) -> None:
    _assert_sane(BASE_TEXT[:cut])


@settings(max_examples=100, deadline=None)
@given(data=st.data())
def test_garbage_bytes(data: st.DataObject) -> None:
    blob = bytearray(BASE_TEXT.encode())
    for _ in range(data.draw(st.integers(1, 8))):
        position = data.draw(st.integers(0, len(blob) - 1))
        blob[position] = data.draw(st.integers(0, 255))
    _assert_sane(bytes(blob))


@settings(max_examples=50, deadline=None)
@given(blob=st.binary(max_size=200))
def test_random_bytes(blob: bytes) -> None:
    _assert_sane(blob)


@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_moved_vertices(data: st.DataObject) -> None:
    raw = copy.deepcopy(BASE_RAW)
    for _ in range(data.draw(st.integers(1, 6))):
        region = data.draw(st.sampled_from(raw["regions"]))
        ring = region["polygon"]["exterior"]
        index = data.draw(st.integers(0, len(ring) - 1))
        ring[index] = [
            data.draw(st.sampled_from([0.0, 50.0, 100.0, 150.0, 200.0, 300.0, 400.0])),
            data.draw(st.sampled_from([0.0, 50.0, 100.0, 150.0, 200.0, 300.0, 400.0])),
        ]
    _assert_sane(json.dumps(raw))
