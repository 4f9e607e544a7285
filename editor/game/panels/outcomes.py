"""What each card and event did, gathered from the log, and told as one viewer may read it.

A card's record (``card``) or an event's (``event``) is followed in the log by the records
its effects wrote (units destroyed, VP, a supply source closed, a battle's hits...), up to
the next action or phase; the answer to a question it asked (``chose``) comes later and
joins it by its source. :class:`Happenings` keeps them together as they arrive, and
:func:`told` puts one in words for a viewer: who played what, then every change the viewer
may see, and a last line when some of it is hidden by the fog of war (or when nothing the
viewer can see changed), so a card never passes without the player learning what it did.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from editor.game.panels.knowledge import Sight
from editor.game.panels.wording import sentence

Record = dict[str, Any]

ENDS = frozenset({"action", "phase", "card", "event"})
"""Records after which what follows is no longer the last card's or event's doing."""
QUIET = frozenset({"decision", "flag", "action", "search", "battle_modifiers", "battle_fire"})
"""Records that are bookkeeping, or told by another record (never counted as hidden)."""


@dataclass
class Happening:
    """A card played or an event fired, and what its effects wrote."""

    kind: Literal["card", "event"]
    source: str
    """The card's or the event's id."""
    side: str | None
    """Who played the card; the side whose player-turn the event came in."""
    turn: int
    start: Record
    effects: list[Record] = field(default_factory=list)

    @property
    def seq(self) -> int:
        return int(self.start.get("seq", 0))


class Happenings:
    """The cards and events of a game, gathered from its log as records arrive."""

    def __init__(self) -> None:
        self.all: list[Happening] = []
        self._open: Happening | None = None
        self._latest: dict[str, Happening] = {}

    def add(self, records: list[Record]) -> list[Happening]:
        """Take new records; returns the happenings they started or added to, in order."""
        touched: dict[int, Happening] = {}
        for record in records:
            kind = record["type"]
            if kind in ("card", "event"):
                source = record["card"] if kind == "card" else record["event"]
                side = record.get("side_id") if kind == "card" else record.get("side")
                happening = Happening(kind, source, side, int(record.get("turn", 0)), record)
                self.all.append(happening)
                self._open = self._latest[source] = happening
                touched[id(happening)] = happening
            elif kind == "chose" and record.get("source") in self._latest:
                # The answer to its question, and what that did, belong to it.
                self._open = self._latest[record["source"]]
                self._open.effects.append(record)
                touched[id(self._open)] = self._open
            elif kind in ENDS:
                self._open = None
            elif self._open is not None:
                self._open.effects.append(record)
                touched[id(self._open)] = self._open
        return list(touched.values())


@dataclass(frozen=True)
class Told:
    """A happening in words: a title and the changes, one a line."""

    title: str
    lines: list[str]


def visible(sight: Sight, happening: Happening) -> bool:
    """Secret events are read only by the sides they name; every card is seen played."""
    return happening.kind == "card" or sight.event_visible(happening.source)


def told(sight: Sight, happening: Happening) -> Told | None:
    """The happening as ``sight``'s viewer may read it (``None``: a secret event)."""
    if not visible(sight, happening):
        return None
    name = sight.source(happening.source)
    if happening.kind == "card":
        title = f"{sight.side(happening.side)} played {name}"
    else:
        title = f"Event: {name}"
    lines: list[str] = []
    hidden = 0
    for record in happening.effects:
        line = sentence(sight, record)
        if line:
            if line not in lines:
                lines.append(line)
        elif record["type"] not in QUIET:
            hidden += 1
    if hidden:
        lines.append(
            "More happened that the fog of war hides from you."
            if lines
            else "What it did is hidden from you by the fog of war."
        )
    elif not lines:
        lines.append("Nothing you can see changed.")
    return Told(title, lines)
