"""WEGO turns (``calendar.turn_system``): what a scenario holds that its turns never use.

A WEGO turn plays planning, execution, supply and the end-of-turn checks; the event, card,
reinforcement, air, siege and replacement phases are not played in it (docs/wego.md). Content
that only those phases use is reported once per kind, at its first entry, so a designer does
not wonder why it never happens.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..calendar import WegoSettings
from ..issues import Issue, make_issue, pointer
from .index import ScenarioIndex


def check_wego(ix: ScenarioIndex) -> Iterator[Issue]:
    scenario = ix.scenario
    calendar = scenario.calendar
    if calendar.turn_system != "wego":
        if calendar.wego != WegoSettings():
            yield make_issue(
                "wego-settings-unused",
                pointer("calendar", "wego"),
                "the WEGO settings are only read when 'turn_system' is 'wego'",
            )
        return
    unplayed = (
        ("events", "events", "events are not played in WEGO turns"),
        ("cards", "cards", "cards are not played in WEGO turns"),
        ("reinforcements", "reinforcements", "reinforcements do not arrive in WEGO turns"),
    )
    for section, what, message in unplayed:
        entries = getattr(scenario, section)
        if entries:
            yield make_issue(
                "wego-unplayed",
                pointer(section, 0),
                f"{message}: {len(entries)} {what} will never take part",
                entries[0].id,
            )
    kinds = {t.id: t for t in scenario.unit_types}
    for index, unit in enumerate(scenario.units):
        kind = kinds.get(unit.type)
        if kind is not None and kind.domain == "air":
            yield make_issue(
                "wego-unplayed",
                pointer("units", index),
                f"aircraft are given no orders in WEGO turns: '{unit.id}' will never fly",
                unit.id,
            )
            break
