"""What a saved game may hold, as strict models: a save is read as carefully as a scenario.

A save is a file like any other: damaged by a full disk, edited by hand, or written to break
the program. These models say what each part of :meth:`engine.game.Game.save` may be: types
are strict (a turn written as ``"3"`` is refused, not converted), unknown keys are refused,
every number has a range, and every id field carries the ``Ref`` marker of the collection it
names, so :mod:`engine.save_checks` can check each one against the scenario the way
validation checks a scenario's references. The models only validate; the game is built from
the data as saved, so a save loads back to exactly the state it came from.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from schemas.base import (
    SLUG_PATTERN,
    CardId,
    ConnectionId,
    EventId,
    FlagName,
    LeaderId,
    NationId,
    Ref,
    RegionId,
    ReinforcementId,
    SideId,
    Slug,
    StructureId,
    SupplySourceId,
    UnitId,
)
from schemas.effects import ChoiceOption
from schemas.ranges import MAX_HIT_POINTS, MAX_ROUNDS, MAX_TURNS
from schemas.selection import DurationKind

from .wego.save_models import OperationalSave, WegoPlanSave


class SaveModel(BaseModel):
    """Base of the save models: strict types, no unknown keys, no NaN."""

    model_config = ConfigDict(strict=True, extra="forbid", allow_inf_nan=False)


StackId = Annotated[str, Field(pattern=r"^s[0-9]{1,9}$"), Ref("stacks")]
"""A stack of the saved state itself (``s1``, ``s2``...)."""
Text = Annotated[str, Field(max_length=10_000)]
Source = Annotated[str, Field(max_length=200)]
"""What set something off: a card or event id, or a word such as ``search``."""

Count = Annotated[int, Field(ge=0, le=10**9)]
Score = Annotated[int, Field(ge=-(10**9), le=10**9)]
"""VP, treasury, morale and tension totals, which grow over a game past a scenario's values."""
TurnNumber = Annotated[int, Field(ge=1, le=MAX_TURNS)]
LateTurn = Annotated[int, Field(ge=0, le=2 * MAX_TURNS)]
"""A turn number an effect may reach past the end of the game; 0 for none."""
Pair = Annotated[list[Score], Field(min_length=2, max_length=2)]
"""One value per side of a battle: attacker, then defender."""
Flags = Annotated[list[bool], Field(min_length=2, max_length=2)]


class UnitSave(SaveModel):
    id: UnitId
    side: SideId
    domain: Literal["land", "air", "naval"]
    leader: bool
    strength: Annotated[int, Field(ge=0, le=MAX_HIT_POINTS)]
    status: Literal["waiting", "active", "aboard", "eliminated", "removed"]
    stack: StackId | None
    mp_spent: Annotated[float, Field(ge=0, le=1e6)]
    unsupplied: Annotated[int, Field(ge=0, le=MAX_TURNS)]
    supplied_by_logistics: bool
    immobile_until: LateTurn
    base: StructureId | None
    breakthroughs: Annotated[int, Field(ge=0, le=MAX_ROUNDS)]
    # Sea and air transport (engine.naval.transport); saves made before it have neither key.
    carrier: UnitId | None = None
    carried_turn: LateTurn = 0


class StackSave(SaveModel):
    id: StackId
    side: SideId
    region: RegionId
    units: list[UnitId]
    structure: StructureId | None
    moved: bool
    entrenched: bool
    came_from: RegionId | None
    crossed: ConnectionId | None


class SideSave(SaveModel):
    id: SideId
    vp: Score
    treasury: Score
    deck: list[CardId]
    hand: list[CardId]
    removed: list[CardId]
    replacement_points: Count


class ModifierSave(SaveModel):
    source: Source
    side: SideId
    effect: dict[str, Any]
    """An effect of the format (checked as one), or a search's ``{"kind": "examine"}``."""
    units: list[UnitId]
    until_turn: LateTurn
    until: DurationKind
    battle: RegionId | None


class ChoiceDecision(SaveModel):
    kind: Literal["choice"]
    side: SideId
    source: Source
    acting_for: SideId
    prompt: Text
    options: Annotated[list[ChoiceOption], Field(min_length=1)]


class PlaceDecision(SaveModel):
    kind: Literal["place"]
    side: SideId
    reinforcement: ReinforcementId
    source: Source


class BreakthroughDecision(SaveModel):
    kind: Literal["breakthrough"]
    side: SideId
    region: RegionId
    options: dict[RegionId, list[UnitId]]
    leaders: list[LeaderId]
    via: dict[RegionId, ConnectionId]


class RetreatDecision(SaveModel):
    """A beaten side choosing among equally good retreat regions; it carries the rest of the
    retreat (the groups still to place) so the battle goes on once it is answered."""

    kind: Literal["retreat"]
    side: SideId
    options: Annotated[list[RegionId], Field(min_length=2)]
    units: list[UnitId]
    region: RegionId
    attacking: bool
    barred: list[RegionId]
    groups: list[tuple[RegionId | None, list[UnitId]]]
    aircraft: list[UnitId]
    vp: bool
    choice: bool


Decision = Annotated[
    ChoiceDecision | PlaceDecision | BreakthroughDecision | RetreatDecision,
    Field(discriminator="kind"),
]


class BattleEnding(SaveModel):
    winner: SideId
    rounds: Count
    routed: SideId | None
    pursuit: bool
    retreated: SideId | None


class BattleSave(SaveModel):
    region: RegionId
    structure: StructureId | None
    attacker: SideId
    defender: SideId
    attackers: list[UnitId]
    defenders: list[UnitId]
    entry: dict[UnitId, RegionId | None]
    crossings: list[Annotated[list[Slug | None], Field(min_length=2, max_length=2)]]
    """``[region came from, connection crossed]`` pairs; checked in :mod:`.save_checks`."""
    entrenched: bool
    had_combat: Flags
    ground: Flags
    card_window: SideId | None
    step: Annotated[int, Field(ge=0, le=10 * MAX_ROUNDS)]
    rounds: Annotated[int, Field(ge=0, le=10 * MAX_ROUNDS)]
    next_rounds: Annotated[int, Field(ge=0, le=10 * MAX_ROUNDS)]
    panicked: list[UnitId]
    drops: Pair
    lost: Annotated[list[Count], Field(min_length=2, max_length=2)]
    panics: Annotated[list[Count], Field(min_length=2, max_length=2)]
    morale_fixed: Pair | None
    upcoming: Annotated[str, Field(pattern=r"^[a-z_]{1,30}$")] | None
    retreat_allowed: bool
    ending: BattleEnding | None = None
    """Set while the loser chooses where to retreat: the result waits for that answer."""


class BattleResult(SaveModel):
    turn: TurnNumber
    region: RegionId
    structure: StructureId | None
    attacker: SideId
    defender: SideId
    winner: SideId | None
    loser: SideId | None
    rounds: Count
    routed: SideId | None
    pursuit: bool
    retreated: SideId | None
    cancelled: bool
    lost: dict[SideId, Count]


class SiegeResult(SaveModel):
    turn: TurnNumber
    structure: StructureId
    region: RegionId
    besieger: SideId
    besieged: SideId | None
    success: bool
    cancelled: bool


class Pool(SaveModel):
    points: Count
    nations: list[NationId]


class StatsSave(SaveModel):
    """Running totals, and the few things between two decisions the engine keeps there."""

    battles: Count
    sieges: Count
    losses: dict[SideId, Count]
    vp_by_turn: list[dict[SideId, Score]]
    losses_by_turn: list[dict[SideId, Count]]
    battle_results: list[BattleResult] = Field(default_factory=list)
    siege_results: list[SiegeResult] = Field(default_factory=list)
    breakthrough_battles: list[RegionId] = Field(default_factory=list)
    siege_window: SideId | None = None
    siege_region: RegionId | None = None
    siege_structure: StructureId | None = None
    sieges_done: list[StructureId] = Field(default_factory=list)
    supply_pending: SideId | None = None
    air_rebased: dict[UnitId, TurnNumber] = Field(default_factory=dict)
    replacement_pools: dict[SideId, list[Pool]] = Field(default_factory=dict)
    choosing_sides: list[SideId] = Field(default_factory=list)
    """Sides that make the choices the die would otherwise make
    (:func:`engine.decisions.let_choose`)."""


class OutcomeSave(SaveModel):
    winner: SideId | None
    reason: Text
    vp: dict[SideId, Score]
    turns_played: TurnNumber
    battles: Count
    losses: dict[SideId, Count]
    termination: (
        Literal["sudden_death", "tension", "victory_level", "last_turn", "effect"] | None
    ) = None
    """:class:`engine.outcome.Termination`; saves older than it tell it from the reason."""
    source: Source | None = None


class SpentCardSave(SaveModel):
    side: SideId
    card: CardId
    ahead: Annotated[int, Field(ge=-1, le=10**6)]


class StateSave(SaveModel):
    turn: TurnNumber
    side_index: Annotated[int, Field(ge=0, le=1_000)]
    phase_index: Annotated[int, Field(ge=0, le=100)]
    phase_acted: bool
    owner: dict[RegionId, NationId | None]
    structure_owner: dict[StructureId, NationId | None]
    units: dict[UnitId, UnitSave]
    stacks: dict[StackId, StackSave]
    next_stack: Annotated[int, Field(ge=1, le=10**9)]
    sides: dict[SideId, SideSave]
    tension: Score | None
    tension_steps_done: list[Score]
    flags: dict[FlagName, bool]
    events_fired: list[EventId]
    cards_played: list[CardId]
    card_window: Annotated[list[Slug | int | None], Field(max_length=20)] = Field(
        default_factory=list
    )
    """Names the card window ``window_spent`` belongs to (:func:`engine.cards.window_key`)."""
    window_spent: list[SpentCardSave] = Field(default_factory=list)
    leaders_lost: list[LeaderId]
    sources_open: dict[SupplySourceId, bool]
    connection_state: dict[ConnectionId, Annotated[list[bool], Field(min_length=3, max_length=3)]]
    modifiers: list[ModifierSave]
    pending: list[Decision]
    battle: BattleSave | None
    unsupplied_regions: dict[SideId, list[RegionId]]
    outcome: OutcomeSave | None
    stats: StatsSave
    wego: WegoPlanSave | None = None
    """The open plan of a WEGO turn (:mod:`engine.wego.save_models`)."""
    operational: OperationalSave | None = None
    """The units' state under the operational rules (:mod:`engine.wego.save_models`)."""


class LogRecord(BaseModel):
    """A record of the event log: its place, type and turn are checked; the rest is what the
    record type holds (plain JSON, its depth bounded before validation)."""

    model_config = ConfigDict(strict=True, extra="allow", allow_inf_nan=False)

    seq: Count
    type: Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]{0,39}$")]
    turn: TurnNumber
    side: SideId | None = None
    phase: Annotated[str, Field(pattern=SLUG_PATTERN)] | None = None


MT_WORDS = 624
"""Words of the Mersenne Twister's state (``random.getstate()``), followed by a position."""

DiceSave = Annotated[list[Any], Field(min_length=3, max_length=3)]
"""``[version, words, gauss]`` as :meth:`engine.dice.Dice.state` writes it; checked in
:mod:`engine.save_checks`."""


class GameSave(SaveModel):
    """The whole of :meth:`engine.game.Game.save`."""

    format: Literal[1]
    scenario_digest: Annotated[str, Field(pattern=r"^[0-9a-f]{16}$")]
    seed: Annotated[int, Field(ge=-(2**63), le=2**64)]
    fog: bool
    dice: DiceSave
    state: StateSave
    log: list[LogRecord]
