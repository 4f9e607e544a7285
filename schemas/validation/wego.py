"""WEGO turns (``calendar.turn_system``): what a scenario holds that its turns never use.

A WEGO turn plays the event, card, reinforcement, offensive air, siege, replacement and
end-of-turn phases around its planning and execution (docs/wego.md), but opens no card window
in supply, movement or battle: a card playable only there is reported, so a designer does not
wonder why it never comes into play.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..calendar import WegoSettings
from ..issues import Issue, make_issue, pointer
from .index import ScenarioIndex

WEGO_CARD_PHASES = {"cards", "reinforcements", "air", "siege", "end_of_turn"}
"""Card phases a WEGO turn opens (docs/wego.md)."""


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
    # A WEGO turn opens the card windows of its IGOUGO phases (events, cards, reinforcements,
    # offensive air, sieges, end of turn: engine/wego/windows.py); it opens none in supply,
    # in movement (planning) or in battle (the execution asks nobody anything).
    for index, card in enumerate(scenario.cards):
        if card.phases and not set(card.phases) & WEGO_CARD_PHASES:
            yield make_issue(
                "wego-unplayed",
                pointer("cards", index, "phases"),
                f"card '{card.id}' is only played in "
                f"{', '.join(card.phases)}, which WEGO turns never open to cards",
                card.id,
            )
