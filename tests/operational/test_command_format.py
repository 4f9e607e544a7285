"""The order of battle, supply and asset tables in ``rules.operational`` (``command``,
``supply``, ``assets``): written in full and read back, and each fault located by its JSON
path and entity id (OQ1, OS1, OS2, OA1, OA2, OA8, OT12)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from schemas import CODES, dumps, load_text
from tests.operational.command_builder import CommandBuilder


def _ok() -> CommandBuilder:
    b = CommandBuilder(8, 2)
    b.hq("army", "c1r1", echelon="army")
    b.hq("div", "c2r1", parent="army")
    b.unit("inf", "inf", "c3r1", hq="div")
    b.unit("foe", "inf", "c7r2", nation="blueland")
    b.supply_source("c1r1")
    b.table(
        "assets",
        assets=[{"id": "stuka", "side": "red", "missions": ["ground_attack"], "arrives": 2}],
    )
    return b


def _missing_parent(b: CommandBuilder) -> None:
    b._command()["hqs"][1]["parent"] = "nobody-hq"  # no unit has this id


def _cycle(b: CommandBuilder) -> None:
    b._command()["hqs"][0]["parent"] = "div"


def _attached_to_missing(b: CommandBuilder) -> None:
    b._command()["attachments"][0]["hq"] = "inf"


def _late_asset(b: CommandBuilder) -> None:
    b.raw["rules"]["operational"]["assets"]["assets"][0]["arrives"] = 99


COMMAND_CASES: list[tuple[str, Callable[[CommandBuilder], object], str]] = [
    ("operational-hq-listed-twice", lambda b: b._command()["hqs"].append({"unit": "div"}),
     "/rules/operational/command/hqs/2/unit"),
    ("operational-hq-not-hq", lambda b: b._command()["hqs"].append({"unit": "foe"}),
     "/rules/operational/command/hqs/2/unit"),
    ("operational-hq-missing", _attached_to_missing,
     "/rules/operational/command/attachments/0/hq"),
    ("operational-hq-cycle", _cycle, "/rules/operational/command/hqs/0/parent"),
    ("operational-hq-side", lambda b: b.unit("spy", "inf", "c6r2", nation="blueland", hq="div"),
     "/rules/operational/command/attachments/1/hq"),
    ("operational-hq-roots", lambda b: b.hq("army2", "c1r2", echelon="army"),
     "/rules/operational/command/hqs"),
    ("operational-attached-twice",
     lambda b: b._command()["attachments"].append({"unit": "inf", "hq": "army"}),
     "/rules/operational/command/attachments/1/unit"),
    ("operational-unattached", lambda b: b.unit("stray", "inf", "c4r1"), "/units/4"),
    ("operational-no-supply-source",
     lambda b: b.raw["rules"]["operational"]["supply"].update(sources=[]),
     "/rules/operational/supply/sources"),
    ("operational-listed-twice",
     lambda b: b.raw["rules"]["operational"]["assets"]["assets"].append(
         {"id": "stuka", "side": "red"}), "/rules/operational/assets/assets/1/id"),
    ("operational-asset-turn", _late_asset, "/rules/operational/assets/assets/0/arrives"),
    ("operational-asset-mission",
     lambda b: b.raw["rules"]["operational"]["assets"]["assets"][0].update(
         domain="naval", missions=["recon"]),
     "/rules/operational/assets/assets/0/missions/0"),
    ("operational-asset-random",
     lambda b: b.raw["rules"]["operational"]["assets"]["assets"][0].update(
         arrives_by=4, arrival_chance=0),
     "/rules/operational/assets/assets/0/arrival_chance"),
    ("operational-air-superiority",
     lambda b: b.table("assets", air_superiority=[{"side": "red", "value": 1},
                                                  {"side": "blue", "value": 2}]),
     "/rules/operational/assets/air_superiority"),
]  # fmt: skip
"""One broken scenario per code (tests/test_validation_codes.py counts them as covered)."""


def test_the_base_is_clean_and_reads_back_unchanged() -> None:
    scenario = _ok().build()
    text = dumps(scenario)
    assert '"command"' in text and '"interdiction"' in text and '"loc_range"' in text
    again = load_text(text).scenario
    assert again == scenario and dumps(again) == text
    rules = scenario.rules.operational
    assert rules is not None
    assert rules.command.loc_range.army == 40 and rules.supply.costs.mechanized.move_plus == 5
    assert rules.supply.replacements.army.equipment == 6 and rules.assets.interdiction[9].fuel == 24


@pytest.mark.parametrize(("code", "breakage", "path"), COMMAND_CASES, ids=lambda c: c)
def test_command_code(code: str, breakage: Callable[[CommandBuilder], object], path: str) -> None:
    b = _ok()
    breakage(b)
    issues = load_text(json.dumps(b.raw)).issues
    found = [i for i in issues if i.code == code]
    assert found, [str(i) for i in issues]
    assert found[0].path == path
    assert found[0].severity == CODES[code].severity
    assert found[0].entity


def test_a_unit_reporting_to_a_missing_unit_is_a_reference_error() -> None:
    b = _ok()
    _missing_parent(b)
    issues = load_text(json.dumps(b.raw)).issues
    assert any(
        i.path == "/rules/operational/command/hqs/1/parent" and i.is_error for i in issues
    ), [str(i) for i in issues]


def test_an_asset_that_leaves_before_it_arrives_is_refused_where_it_is() -> None:
    b = _ok()
    raw: dict[str, Any] = b.raw["rules"]["operational"]["assets"]["assets"][0]
    raw["leaves"] = 2
    issues = load_text(json.dumps(b.raw)).issues
    assert any(i.path.startswith("/rules/operational/assets/assets/0") for i in issues), [
        str(i) for i in issues
    ]


@pytest.mark.parametrize(
    ("fields", "code", "field"),
    [
        ({"arrives_by": 99}, "operational-asset-turn", "arrives_by"),
        ({"leave_chance": 20, "leave_until": 99}, "operational-asset-turn", "leave_until"),
        ({"leave_chance": 20, "returns": False}, "operational-asset-random", "leave_chance"),
        ({"domain": "ground", "missions": ["logistics"], "supplies": []},
         "operational-asset-mission", "supplies"),
    ],
)  # fmt: skip
def test_oa2_oa13_os16_random_turns_and_logistics_faults_are_located(
    fields: dict[str, Any], code: str, field: str
) -> None:
    b = _ok()
    b.raw["rules"]["operational"]["assets"]["assets"][0].update(fields)
    issues = load_text(json.dumps(b.raw)).issues
    assert [i.path for i in issues if i.code == code] == [
        f"/rules/operational/assets/assets/0/{field}"
    ], [str(i) for i in issues]


def test_oa2_a_random_arrival_ending_before_it_starts_is_refused_where_it_is() -> None:
    b = _ok()
    b.raw["rules"]["operational"]["assets"]["assets"][0]["arrives_by"] = 1
    issues = load_text(json.dumps(b.raw)).issues
    refused = [i for i in issues if i.path.startswith("/rules/operational/assets/assets/0")]
    assert refused and "arrives_by" in refused[0].message, [str(i) for i in issues]
