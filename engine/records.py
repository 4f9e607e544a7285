"""The shapes of the engine's JSON records, as TypedDicts: the open battle, the decisions
waiting for a player, and the event log's records a view reads.

They are plain dicts at run time, so saves and logs keep their JSON format; the types tell a
reader (and mypy) which keys each holds. ``EventLog.typed(BattleOverRecord)`` gives the log's
records of one type, typed. A test checks every record of a played game against these shapes.
"""

# No ``from __future__ import annotations`` here: TypedDict reads ``NotRequired`` from the
# evaluated annotations on Python 3.11.
from typing import Any, Literal, NotRequired, TypedDict, get_type_hints

Term = list[str | int]
"""A labelled amount, ``[label, amount]`` (a modifier or a morale term)."""

# -- the open battle ----------------------------------------------------------------------------


class BattleSetup(TypedDict):
    """A battle before its first round (:func:`engine.combat.field.describe`): who fights
    whom where; side 0 is the attacker."""

    region: str
    structure: str | None
    """The fortified structure stormed, for an assault."""
    attacker: str
    defender: str
    attackers: list[str]
    defenders: list[str]
    entry: dict[str, str | None]
    """Attacking unit -> the region it came from (where it retreats to)."""
    crossings: list[list[str | None]]
    """``[came_from, connection]`` of the attacking stacks (first-round defence bonus)."""
    entrenched: bool
    had_combat: list[bool]
    """Per side: it brought combat units."""
    ground: list[bool]
    """Per side: it brought ground units (not only aircraft)."""
    card_window: str | None
    """The side whose card window is open, between rounds."""
    morale_fixed: list[int] | None
    """Per side: the starting battle morale, fixed as the first round begins (B4)."""


class BattleState(BattleSetup):
    """``GameState.battle``: the open battle between two player decisions."""

    step: int
    """Position in the sequence of rounds."""
    rounds: int
    next_rounds: int
    panicked: list[str]
    drops: list[int]
    """Per side: battle morale lost so far."""
    lost: list[int]
    panics: list[int]
    upcoming: str
    """The kind of the next round (``cards`` before the first)."""
    retreat_allowed: bool
    ending: NotRequired["BattleEnding"]
    """Set while the loser chooses where to retreat: the result waits for the answer."""


class BattleEnding(TypedDict):
    """How the fighting ended, kept until the loser has retreated."""

    winner: str | None
    rounds: int
    routed: str | None
    pursuit: bool
    retreated: str | None


class BattleResult(TypedDict):
    """How a battle ended: ``stats["battle_results"]`` and the ``battle_over`` record."""

    turn: int
    region: str
    structure: str | None
    attacker: str
    defender: str
    winner: str | None
    loser: str | None
    rounds: int
    routed: str | None
    pursuit: bool
    retreated: str | None
    cancelled: bool
    lost: dict[str, int]
    """Units each side lost."""


class SiegeResult(TypedDict):
    """How a siege roll went: ``stats["siege_results"]`` and the ``siege_over`` record."""

    turn: int
    structure: str
    region: str
    besieger: str
    besieged: str | None
    success: bool
    cancelled: bool


class SpentCard(TypedDict):
    """A copy of a black card played in the open card window, followed from the bottom of
    its deck until it is drawn again (``GameState.window_spent``, E2)."""

    side: str
    card: str
    ahead: int
    """Cards ahead of it in the deck; -1 once it is back in the hand, where it may not be
    played again in the same window."""


# -- decisions ----------------------------------------------------------------------------------


class ChoiceDecision(TypedDict):
    """An event's or card's question (:class:`~engine.actions.Choose` answers it)."""

    kind: Literal["choice"]
    side: str
    """Who answers."""
    source: str
    acting_for: str
    """The side the chosen effects act for (``@self``)."""
    prompt: str
    options: list[dict[str, Any]]
    """The options as scenario JSON (``label``, ``effects``)."""


class PlaceDecision(TypedDict):
    """Where a reinforcement arrives (:class:`~engine.actions.PlaceReinforcement`)."""

    kind: Literal["place"]
    side: str
    reinforcement: str
    source: str


class BreakthroughDecision(TypedDict):
    """Whether and where the winner of a battle breaks through (B10)."""

    kind: Literal["breakthrough"]
    side: str
    region: str
    """The battle's region (choosing it declines)."""
    options: dict[str, list[str]]
    """Region -> the units that may break through into it."""
    leaders: list[str]
    """Leaders that go along."""
    via: dict[str, str]
    """Region -> the connection crossed."""


class RetreatWork(TypedDict):
    """A retreat under way (:mod:`engine.combat.retreat`): the groups still to place and how."""

    side: str
    region: str
    attacking: bool
    barred: list[str]
    groups: list[list[Any]]
    """``[entry region or None, units]`` still to place."""
    aircraft: list[str]
    vp: bool
    choice: bool


class RetreatDecision(RetreatWork):
    """Where a beaten group retreats, among equally good regions, when its side chooses
    (:func:`engine.decisions.let_choose`); it carries the rest of the retreat."""

    kind: Literal["retreat"]
    options: list[str]
    units: list[str]


Decision = ChoiceDecision | PlaceDecision | BreakthroughDecision | RetreatDecision
"""A question waiting for a player (``GameState.pending``)."""

# -- the event log ------------------------------------------------------------------------------


class Stamp(TypedDict):
    """Every record: its number and when it happened (``side`` and ``phase`` while the game
    runs)."""

    seq: int
    turn: int
    side: NotRequired[str]
    phase: NotRequired[str]


class ActionRecord(Stamp):
    type: Literal["action"]
    by: str | None
    action: dict[str, Any]
    """The action's JSON (``Action.to_json``)."""


class PhaseRecord(Stamp):
    type: Literal["phase"]
    date: str


class MoveRecord(Stamp):
    type: Literal["move"]
    stack: str
    path: list[str]
    """From the region the move started in to where it ended."""
    cost: float
    units: list[str]


class EmbarkedRecord(Stamp):
    """Land units boarded a fleet in port (sea transport)."""

    type: Literal["embarked"]
    stack: str
    """The land stack they came from (gone when all of it boarded)."""
    fleet: str
    region: str
    units: list[str]
    carriers: dict[str, str]
    """Unit -> the ship carrying it."""


class DisembarkedRecord(Stamp):
    """Units a fleet carried went ashore, in its port or over a beach (a landing)."""

    type: Literal["disembarked"]
    fleet: str
    stack: str
    """The new land stack they form."""
    region: str
    origin: str
    """Where the fleet lay: the port's region or the sea region landed from."""
    connection: str | None
    """The beach crossed; ``None`` in a port."""
    units: list[str]
    opposed: bool
    """Enemy units held the region: a battle follows."""


class AirliftRecord(Stamp):
    """Land units flown by air transports to a friendly airport."""

    type: Literal["airlift"]
    transports: str
    stack: str
    """The new land stack the units form where they land."""
    origin: str
    region: str
    structure: str | None
    units: list[str]
    opposed: bool


class DropRecord(Stamp):
    """Paratroops dropped into a region (``opposed``: enemy units hold it, a battle follows)."""

    type: Literal["drop"]
    transports: str
    stack: str
    origin: str
    region: str
    structure: str | None
    units: list[str]
    opposed: bool


class OverrunRecord(Stamp):
    type: Literal["overrun"]
    stack: str
    region: str
    units: list[str]


class SplitRecord(Stamp):
    type: Literal["split"]
    stack: str
    new_stack: str
    units: list[str]


class MergedRecord(Stamp):
    type: Literal["merged"]
    stack: str
    stacks: list[str]


class EliminatedRecord(Stamp):
    type: Literal["eliminated"]
    unit: str
    owner: str
    cause: str


class VpRecord(Stamp):
    type: Literal["vp"]
    side_id: str
    change: int
    total: int
    reason: str


class TensionRecord(Stamp):
    type: Literal["tension"]
    change: int
    total: int
    reason: str


class CapturedRecord(Stamp):
    type: Literal["captured"]
    by: str
    taken_from: str | None
    region: NotRequired[str]
    structure: NotRequired[str]


class CardRecord(Stamp):
    type: Literal["card"]
    side_id: str
    card: str
    name: str
    targets: list[str]


class CardFailedRecord(Stamp):
    type: Literal["card_failed"]
    side_id: str
    card: str
    reason: str


class EventRecord(Stamp):
    type: Literal["event"]
    event: str
    title: str
    visible_to: list[str]


class DecisionRecord(Stamp):
    type: Literal["decision"]
    decision: str
    """The decision's ``kind``."""
    for_side: str


class ChoseRecord(Stamp):
    type: Literal["chose"]
    side_id: str
    option: str
    source: str


class ReinforcementRecord(Stamp):
    type: Literal["reinforcement"]
    reinforcement: str
    side_id: str
    region: str
    units: list[str]


class BattleStartRecord(Stamp):
    type: Literal["battle_start"]
    region: str
    structure: str | None
    attacker: str
    defender: str
    attackers: list[str]
    defenders: list[str]


class BattleMoraleStartRecord(Stamp):
    type: Literal["battle_morale_start"]
    side_id: str
    total: int
    terms: list[Term]


class BattleModifiersRecord(Stamp):
    type: Literal["battle_modifiers"]
    round: str
    number: int
    units: dict[str, list[Term]]
    """Unit -> every term of the factor it fires with this round."""


class BattleRoundRecord(Stamp):
    type: Literal["battle_round"]
    round: str
    number: int
    morale: list[int]


class BattleFireRecord(Stamp):
    type: Literal["battle_fire"]
    unit: str
    round: str
    factor: int
    rolls: list[int]
    rerolls: list[int]
    hits: int


class BattleHitsRecord(Stamp):
    type: Literal["battle_hits"]
    unit: str
    hits: int
    strength: int


class BattlePanicRecord(Stamp):
    type: Literal["battle_panic"]
    unit: str
    roll: int
    limit: int
    panicked: bool


class BattleMoraleRecord(Stamp):
    type: Literal["battle_morale"]
    side_id: str
    change: int
    total: int
    reason: str


class BattleRoutRecord(Stamp):
    type: Literal["battle_rout"]
    side_id: str | None
    reason: str
    morale: list[int]


class BattlePursuitRecord(Stamp):
    type: Literal["battle_pursuit"]
    side_id: str
    units: list[str]


class BattleAutoHitsRecord(Stamp):
    type: Literal["battle_auto_hits"]
    side_id: str
    hits: int
    source: str
    wasted: int


class BattleSupportLostRecord(Stamp):
    type: Literal["battle_support_lost"]
    units: list[str]


class BattleWithdrawalRecord(Stamp):
    type: Literal["battle_withdrawal"]
    side_id: str


class BattleCancelledRecord(Stamp):
    type: Literal["battle_cancelled"]
    side_id: str


class BattleRetreatRecord(Stamp):
    type: Literal["battle_retreat"]
    side_id: str
    units: list[str]
    to: str
    origin: NotRequired[str]
    jumped: NotRequired[bool]
    structure: NotRequired[str]


class BattleTrappedRecord(Stamp):
    type: Literal["battle_trapped"]
    side_id: str
    units: list[str]


class BattleOverRecord(Stamp, BattleResult):
    """The battle's result as it was recorded (fields of :class:`BattleResult`)."""

    type: Literal["battle_over"]


class BreakthroughRecord(Stamp):
    type: Literal["breakthrough"]
    side_id: str
    origin: str
    to: str
    units: list[str]
    battle: bool


class BreakthroughDeclinedRecord(Stamp):
    type: Literal["breakthrough_declined"]
    side_id: str
    region: str


class SiegeStartRecord(Stamp):
    type: Literal["siege_start"]
    structure: str
    region: str
    besieger: str
    besieged: str | None


class SiegeRollRecord(Stamp):
    type: Literal["siege_roll"]
    structure: str
    roll: int
    modifiers: list[Term]
    total: int
    level: int
    success: bool


class SiegeOverRecord(Stamp, SiegeResult):
    """The siege roll's result as it was recorded (fields of :class:`SiegeResult`)."""

    type: Literal["siege_over"]


class GameOverRecord(Stamp):
    type: Literal["game_over"]
    winner: str | None
    termination: str
    """An :class:`engine.outcome.Termination` value."""
    reason: str
    source: str | None
    vp: dict[str, int]
    turns_played: int
    battles: int
    losses: dict[str, int]


TYPED: tuple[type, ...] = (
    ActionRecord,
    PhaseRecord,
    MoveRecord,
    OverrunRecord,
    SplitRecord,
    MergedRecord,
    EliminatedRecord,
    VpRecord,
    TensionRecord,
    CapturedRecord,
    CardRecord,
    CardFailedRecord,
    EventRecord,
    DecisionRecord,
    ChoseRecord,
    ReinforcementRecord,
    BattleStartRecord,
    BattleMoraleStartRecord,
    BattleModifiersRecord,
    EmbarkedRecord,
    DisembarkedRecord,
    AirliftRecord,
    DropRecord,
    BattleRoundRecord,
    BattleFireRecord,
    BattleHitsRecord,
    BattlePanicRecord,
    BattleMoraleRecord,
    BattleRoutRecord,
    BattlePursuitRecord,
    BattleAutoHitsRecord,
    BattleSupportLostRecord,
    BattleWithdrawalRecord,
    BattleCancelledRecord,
    BattleRetreatRecord,
    BattleTrappedRecord,
    BattleOverRecord,
    BreakthroughRecord,
    BreakthroughDeclinedRecord,
    SiegeStartRecord,
    SiegeRollRecord,
    SiegeOverRecord,
    GameOverRecord,
)
"""Every record type with a declared shape."""


def kind_of(record_type: type) -> str:
    """The ``type`` a record TypedDict stands for (``MoveRecord`` -> ``"move"``)."""
    found = _KINDS.get(record_type)
    if found is None:
        literal = get_type_hints(record_type)["type"]
        found = _KINDS[record_type] = str(literal.__args__[0])
    return found


_KINDS: dict[type, str] = {}

BY_KIND: dict[str, type] = {kind_of(t): t for t in TYPED}
"""Record TypedDict by the ``type`` it stands for."""
