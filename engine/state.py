"""Everything that changes during a game, as plain data that saves to JSON and back.

The scenario (see :mod:`engine.world`) never changes; this module holds the rest: where each
unit is and how strong, who controls what, hands and decks, VP, lasting effects, and the
decisions waiting for a player. Nothing here knows the rules; the phase modules do.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from operator import attrgetter
from typing import TYPE_CHECKING, Any, TypeVar

from .records import BattleState, Decision, SpentCard

if TYPE_CHECKING:
    from .stack_index import StackIndex


@dataclass(slots=True)
class UnitState:
    """A unit or leader."""

    id: str
    side: str
    domain: str
    """``land``, ``air`` or ``naval``; leaders are ``land``."""
    leader: bool = False
    strength: int = 1
    status: str = "waiting"
    """``waiting`` (a reinforcement not yet in play), ``active``, ``aboard`` (carried by a ship,
    off the map, see :mod:`engine.naval.transport`), ``eliminated`` or ``removed``."""
    stack: str | None = None
    mp_spent: float = 0.0
    unsupplied: int = 0
    """Consecutive supply phases found out of supply."""
    supplied_by_logistics: bool = False
    immobile_until: int = 0
    """Last turn on which the unit may not move (0: free)."""
    base: str | None = None
    """For aircraft: the airfield structure they fly from and return to."""
    breakthroughs: int = 0
    """Breakthroughs made this turn."""
    carrier: str | None = None
    """For a unit ``aboard``: the ship that carries it."""
    carried_turn: int = 0
    """Last turn the unit came ashore from ships or aircraft (0: never): that turn it has no
    MP left and may not be carried again."""

    def __deepcopy__(self, memo: dict[int, object]) -> UnitState:
        # Every field is a plain immutable value: a copy is a new unit with the same values
        # (the AI's forks copy every unit; the generic deep copy took ten times as long).
        return UnitState(*_UNIT_VALUES(self))


@dataclass(slots=True)
class StackState:
    """Units of one side standing together in a region (or inside one of its structures)."""

    id: str
    side: str
    region: str
    units: list[str] = field(default_factory=list)
    structure: str | None = None
    moved: bool = False
    entrenched: bool = False
    came_from: str | None = None
    """Region the stack entered an enemy region from (where it retreats to)."""
    crossed: str | None = None
    """Connection id the stack crossed to enter a battle (first-round defence bonus)."""

    def __deepcopy__(self, memo: dict[int, object]) -> StackState:
        # Plain immutable values but the list of units, copied (see ``UnitState``).
        twin = StackState(*_STACK_VALUES(self))
        twin.units = list(self.units)
        return twin


_UNIT_VALUES = attrgetter(*(f.name for f in fields(UnitState)))
_STACK_VALUES = attrgetter(*(f.name for f in fields(StackState)))


@dataclass(slots=True)
class SideState:
    """A side's score, cards and pools."""

    id: str
    vp: int = 0
    treasury: int = 0
    deck: list[str] = field(default_factory=list)
    hand: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    """Red cards played, and cards taken out of the game."""
    replacement_points: int = 0


@dataclass(slots=True)
class Modifier:
    """A lasting effect in force: a modifier, an immobilisation, a revealed stack..."""

    source: str
    """Card or event id."""
    side: str
    """The side that set it in motion (``@self`` in the effect)."""
    effect: dict[str, Any]
    """The effect, as scenario JSON."""
    units: list[str] = field(default_factory=list)
    """The units it applies to, fixed when it started."""
    until_turn: int = 0
    """Last turn it lasts (0: until its other end condition)."""
    until: str = "end_of_turn"
    battle: str | None = None
    """Region of the battle it belongs to, for battle-long effects."""


@dataclass(slots=True)
class GameState:
    """The whole changing state of a game."""

    turn: int = 1
    side_index: int = 0
    phase_index: int = 0
    phase_acted: bool = False
    """Some non-card action was taken in this phase (cards are played at a phase's start)."""
    owner: dict[str, str | None] = field(default_factory=dict)
    """Region id to controlling nation."""
    structure_owner: dict[str, str | None] = field(default_factory=dict)
    units: dict[str, UnitState] = field(default_factory=dict)
    stacks: dict[str, StackState] = field(default_factory=dict)
    next_stack: int = 1
    sides: dict[str, SideState] = field(default_factory=dict)
    tension: int | None = None
    tension_steps_done: list[int] = field(default_factory=list)
    flags: dict[str, bool] = field(default_factory=dict)
    events_fired: list[str] = field(default_factory=list)
    cards_played: list[str] = field(default_factory=list)
    card_window: list[str | int | None] = field(default_factory=list)
    """Which card window ``window_spent`` belongs to (see :func:`engine.cards.window_key`)."""
    window_spent: list[SpentCard] = field(default_factory=list)
    """Copies of cards played in that window, followed through the deck: a copy played in a
    window is not played again in it, even if it draws itself back (E2)."""
    leaders_lost: list[str] = field(default_factory=list)
    sources_open: dict[str, bool] = field(default_factory=dict)
    connection_state: dict[str, list[bool]] = field(default_factory=dict)
    """Connection id to ``[bridge, road, rail]`` where an effect changed them."""
    modifiers: list[Modifier] = field(default_factory=list)
    pending: list[Decision] = field(default_factory=list)
    """Decisions waiting for a player, first one first (see :mod:`engine.decisions`)."""
    battle: BattleState | None = None
    """The battle being fought, while one is open."""
    unsupplied_regions: dict[str, list[str]] = field(default_factory=dict)
    """Per side, regions found out of supply at its last supply phase."""
    outcome: dict[str, Any] | None = None
    wego: dict[str, Any] | None = None
    """The open WEGO plan (:mod:`engine.wego.plan`); ``None`` in IGOUGO games."""
    operational: dict[str, Any] | None = None
    """The units' state under the operational rules (:mod:`engine.wego.op.state`); ``None``
    in games of the area family."""
    stats: dict[str, Any] = field(default_factory=dict)
    """Running totals for the outcome and charts: battles, losses per side, VP per turn."""
    _stack_index: StackIndex | None = field(default=None, init=False, repr=False, compare=False)
    """The stacks by region (:mod:`engine.stack_index`), built when first asked for; never
    saved (fields whose names start with ``_`` are not part of the state's JSON)."""
    _control_changes: int = field(default=0, init=False, repr=False, compare=False)
    """How many times a region or structure changed hands in this state (``board.set_owner``,
    ``board.set_structure_owner``): what is worked out from control is kept while it holds.
    Never saved."""

    # -- JSON ------------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = _dump(self)
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GameState:
        state = _load(cls, data)
        state.units = {k: _load(UnitState, v) for k, v in data["units"].items()}
        state.stacks = {k: _load(StackState, v) for k, v in data["stacks"].items()}
        state.sides = {k: _load(SideState, v) for k, v in data["sides"].items()}
        state.modifiers = [_load(Modifier, m) for m in data["modifiers"]]
        return state


T = TypeVar("T")


def _dump(value: Any) -> Any:
    if hasattr(value, "__dataclass_fields__"):
        return {f.name: _dump(getattr(value, f.name)) for f in fields(value) if f.name[0] != "_"}
    if isinstance(value, dict):
        return {k: _dump(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_dump(v) for v in value]
    return value


def _load(cls: type[T], data: dict[str, Any]) -> T:
    names = {f.name for f in fields(cls)}  # type: ignore[arg-type]
    return cls(**{k: v for k, v in data.items() if k in names})
