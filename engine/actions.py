"""Every decision a player makes, as an immutable value.

``Game.legal_actions()`` lists the actions open to the side to act; ``Game.apply(action)``
carries one out or raises :class:`~engine.errors.IllegalAction`. Actions serialise to small
JSON objects (``{"kind": "move", ...}``) so a UI, a network peer or a test can record them.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any, ClassVar


@dataclass(frozen=True, slots=True)
class Action:
    """Base of every action."""

    kind: ClassVar[str] = "action"

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind}
        for key, value in asdict(self).items():
            data[key] = list(value) if isinstance(value, tuple) else value
        return data

    @staticmethod
    def from_json(data: dict[str, Any]) -> Action:
        cls = ACTIONS[data["kind"]]
        values = {}
        for f in fields(cls):
            value = data.get(f.name)
            values[f.name] = tuple(value) if isinstance(value, list) else value
        return cls(**values)


@dataclass(frozen=True, slots=True)
class EndPhase(Action):
    """Finish the current phase (refused while something mandatory is left)."""

    kind: ClassVar[str] = "end_phase"


@dataclass(frozen=True, slots=True)
class Move(Action):
    """Move a stack along a path of regions (the stack's region first excluded)."""

    kind: ClassVar[str] = "move"
    stack: str
    path: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Split(Action):
    """Take some units out of a stack into a new stack in the same region."""

    kind: ClassVar[str] = "split"
    stack: str
    units: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Merge(Action):
    """Join stacks of one side standing in the same place into the first of them."""

    kind: ClassVar[str] = "merge"
    stacks: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Entrench(Action):
    """Dig in a stack that has not moved this phase."""

    kind: ClassVar[str] = "entrench"
    stack: str


@dataclass(frozen=True, slots=True)
class EnterStructure(Action):
    """Move a stack into a friendly structure of its region (costs no MP)."""

    kind: ClassVar[str] = "enter_structure"
    stack: str
    structure: str


@dataclass(frozen=True, slots=True)
class LeaveStructure(Action):
    """Move a stack out of its structure into the region (costs no MP)."""

    kind: ClassVar[str] = "leave_structure"
    stack: str


@dataclass(frozen=True, slots=True)
class PlayCard(Action):
    """Play a card from the hand, with the stacks, units or regions the player picks."""

    kind: ClassVar[str] = "play_card"
    card: str
    targets: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """Discard cards (when over the hand limit)."""

    kind: ClassVar[str] = "discard"
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ResolveBattle(Action):
    """Open the battle in a region (the active player picks the order)."""

    kind: ClassVar[str] = "resolve_battle"
    region: str


@dataclass(frozen=True, slots=True)
class ContinueBattle(Action):
    """Go on to the next round of the open battle (after playing any cards)."""

    kind: ClassVar[str] = "continue_battle"


@dataclass(frozen=True, slots=True)
class Retreat(Action):
    """Leave the open battle (allowed from the first round after the main one)."""

    kind: ClassVar[str] = "retreat"


@dataclass(frozen=True, slots=True)
class Breakthrough(Action):
    """Send units of a won battle into a neighbouring region; the battle's own region (or no
    units) declines."""

    kind: ClassVar[str] = "breakthrough"
    region: str
    units: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class ResolveSiege(Action):
    """Roll the siege of a fortified structure."""

    kind: ClassVar[str] = "resolve_siege"
    structure: str


@dataclass(frozen=True, slots=True)
class PlaceReinforcement(Action):
    """Choose where a reinforcement arrives."""

    kind: ClassVar[str] = "place_reinforcement"
    reinforcement: str
    region: str


@dataclass(frozen=True, slots=True)
class AssignReplacement(Action):
    """Spend a replacement point to bring a damaged unit back to full strength."""

    kind: ClassVar[str] = "assign_replacement"
    unit: str


@dataclass(frozen=True, slots=True)
class Choose(Action):
    """Answer an event's or card's question by the option's number."""

    kind: ClassVar[str] = "choose"
    option: int


@dataclass(frozen=True, slots=True)
class Rebase(Action):
    """Fly air units to another friendly airfield; they stay there (uses all their MP)."""

    kind: ClassVar[str] = "rebase"
    stack: str
    structure: str


@dataclass(frozen=True, slots=True)
class Embark(Action):
    """Put units of a land stack aboard the ships of a fleet lying in a friendly port of its
    region (naval movement phase, sea transport). No units means the whole stack."""

    kind: ClassVar[str] = "embark"
    stack: str
    fleet: str
    units: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Disembark(Action):
    """Put units a fleet carries ashore: in the port it lies in, or over a beach from its sea
    region (a landing). No units means every unit aboard."""

    kind: ClassVar[str] = "disembark"
    fleet: str
    region: str
    units: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Airlift(Action):
    """Fly land units standing inside an airport, with the air transports based there, to
    another friendly airport in range (offensive air phase). No units means the whole stack."""

    kind: ClassVar[str] = "airlift"
    transports: str
    stack: str
    structure: str
    units: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Drop(Action):
    """Drop paratroops standing inside an airport, with the air transports based there, into
    a land region in range (offensive air phase). No units means the whole stack."""

    kind: ClassVar[str] = "drop"
    transports: str
    stack: str
    region: str
    units: tuple[str, ...] = ()


ACTIONS: dict[str, type[Action]] = {
    cls.kind: cls
    for cls in (
        EndPhase,
        Move,
        Split,
        Merge,
        Entrench,
        EnterStructure,
        LeaveStructure,
        PlayCard,
        Discard,
        ResolveBattle,
        ContinueBattle,
        Retreat,
        Breakthrough,
        ResolveSiege,
        PlaceReinforcement,
        AssignReplacement,
        Choose,
        Rebase,
        Embark,
        Disembark,
        Airlift,
        Drop,
    )
}
"""Every action class by its ``kind``."""
