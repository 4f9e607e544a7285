"""Effects of cards, events and tension levels: a typed, declarative language.

Each effect is a JSON object whose ``kind`` names it; ``if`` and ``choice`` nest further
effects. Effects that act on units pick them with a :class:`~schemas.selection.Selection`, so
"one enemy stack at random" and "every US unit in this battle" are the same mechanism.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from .base import (
    CardId,
    ConnectionId,
    EventId,
    FlagName,
    LeaderId,
    NationId,
    RegionId,
    ReinforcementId,
    SideRef,
    StrictModel,
    StructureId,
    SupplySourceId,
)
from .conditions import Condition
from .ranges import CardsDrawn, Modifier, Money, Points, Tension, TurnDelay, VictoryPoints
from .selection import Destination, Duration, Selection, UnitFilter


class AddVictoryPoints(StrictModel):
    """Give (or, negative, take) victory points."""

    kind: Literal["vp"]
    """Always ``vp``."""
    side: SideRef = "@self"
    """Who gains them."""
    amount: VictoryPoints
    """VP gained; negative to lose VP (never below zero)."""


class ChangeTension(StrictModel):
    """Move the tension index."""

    kind: Literal["tension"]
    """Always ``tension``."""
    amount: Tension
    """Change of the index."""


class AddTreasury(StrictModel):
    """Give (or take) treasury."""

    kind: Literal["treasury"]
    """Always ``treasury``."""
    side: SideRef = "@self"
    """Whose treasury."""
    amount: Money
    """Change of the treasury."""


class DrawCards(StrictModel):
    """Draw extra cards at once."""

    kind: Literal["draw_cards"]
    """Always ``draw_cards``."""
    side: SideRef = "@self"
    """Who draws."""
    count: CardsDrawn = 1
    """Cards drawn."""


class GrantReplacements(StrictModel):
    """Give replacement points, assigned by the player or at random among eligible units."""

    kind: Literal["replacements"]
    """Always ``replacements``."""
    side: SideRef = "@self"
    """Who receives them."""
    points: Points = 1
    """Replacement points."""
    units: UnitFilter | None = None
    """Only units matching this filter may receive them."""
    assign: Literal["player", "random"] = "player"
    """``random`` repairs random eligible units at once."""


class BringReinforcement(StrictModel):
    """Bring a reinforcement of the schedule into play now (or at its placement step)."""

    kind: Literal["reinforcement"]
    """Always ``reinforcement``."""
    reinforcement: ReinforcementId
    """The reinforcement."""


class RemoveUnits(StrictModel):
    """Take units off the map."""

    kind: Literal["remove_units"]
    """Always ``remove_units``."""
    select: Selection
    """Which units."""
    destroyed: bool = False
    """Count them as destroyed (their VP apply); otherwise they are withdrawn."""


class RemoveLeader(StrictModel):
    """Take a leader out of the game for good."""

    kind: Literal["remove_leader"]
    """Always ``remove_leader``."""
    leader: LeaderId
    """The leader."""
    killed: bool = False
    """Count it as killed (its VP apply); otherwise it is recalled."""


Stat = Literal[
    "attack",
    "defence",
    "combat",
    "morale",
    "movement",
    "battle_morale",
    "air_to_air",
    "search",
    "interception",
    "siege",
    "survival",
]
"""What a modifier changes. ``combat`` is attack and defence together; ``battle_morale`` is the
side's morale in the current battle. ``interception`` and ``siege`` are added to those tests'
die rolls (they succeed on a low roll, so negative helps the side testing); ``search`` and
``survival`` are added to those tests' targets (positive helps)."""

Round = Literal[
    "first",
    "ambush",
    "artillery",
    "air_support",
    "mines",
    "recon",
    "main",
    "next",
    "pursuit",
]
"""Battle rounds; ``first`` is whichever round opens the fighting."""


class Modify(StrictModel):
    """A lasting modifier on units' values or on a side's rolls."""

    kind: Literal["modify"]
    """Always ``modify``."""
    select: Selection
    """Units (or, for ``battle_morale``, the side of those units) affected."""
    stat: Stat
    """Value changed."""
    amount: Modifier
    """Change, positive or negative."""
    duration: Duration = Field(default_factory=Duration)
    """How long it lasts."""
    rounds: list[Round] = Field(default_factory=list)
    """In a battle, only these rounds; empty means every round."""


class Examine(StrictModel):
    """Reveal enemy stacks' contents to the playing side until the end of the phase."""

    kind: Literal["examine"]
    """Always ``examine``."""
    select: Selection
    """Stacks (or units) revealed."""


class Immobilize(StrictModel):
    """Stop units or stacks from moving."""

    kind: Literal["immobilize"]
    """Always ``immobilize``."""
    select: Selection
    """Units or stacks held in place."""
    duration: Duration = Field(default_factory=Duration)
    """How long they stay put."""


class MoveUnits(StrictModel):
    """Move units without spending MP (air bridges, sea transport by event)."""

    kind: Literal["move_units"]
    """Always ``move_units``."""
    select: Selection
    """Units moved."""
    to: Destination
    """Where they go."""
    immobile_turns: TurnDelay = 0
    """Turns they may not move after arriving."""


class Reroll(StrictModel):
    """Let some units roll their missed shots again in the current battle."""

    kind: Literal["reroll"]
    """Always ``reroll``."""
    select: Selection
    """Units that may re-roll; ``count`` caps how many."""
    rounds: list[Round] = Field(default_factory=list)
    """Only in these rounds; empty means every round."""


class AutomaticHits(StrictModel):
    """A side takes hits in the current battle without a roll."""

    kind: Literal["auto_hits"]
    """Always ``auto_hits``."""
    side: SideRef = "@enemy"
    """The side taking them."""
    hits: Points = 1
    """Hits taken, allocated as usual."""


class ShootFirst(StrictModel):
    """The side fires first, and the other replies with its survivors."""

    kind: Literal["shoot_first"]
    """Always ``shoot_first``."""
    side: SideRef = "@self"
    """The side firing first."""
    rounds: list[Round] = Field(default_factory=lambda: list[Round](["first"]))
    """Rounds in which it fires first."""


class CancelBattle(StrictModel):
    """Call off the current battle or siege; a side withdraws and nobody gains VP from it."""

    kind: Literal["cancel_battle"]
    """Always ``cancel_battle``."""
    retreating: Literal["@self", "@enemy", "attacker", "defender"] = "@self"
    """Who withdraws."""


class SetFlag(StrictModel):
    """Set a scenario flag, for later conditions (a chosen landing site, a treaty signed)."""

    kind: Literal["set_flag"]
    """Always ``set_flag``."""
    flag: FlagName
    """Flag name."""
    value: bool = True
    """New value."""


class ChoiceOption(StrictModel):
    """One answer to a choice."""

    label: str
    """Text of the option."""
    effects: list[Effect]
    """What happens when it is chosen."""


class Choice(StrictModel):
    """Ask a side to choose one option."""

    kind: Literal["choice"]
    """Always ``choice``."""
    side: SideRef = "@self"
    """Who chooses."""
    prompt: str = ""
    """Question shown to the player."""
    options: Annotated[list[ChoiceOption], Field(min_length=1)]
    """The options."""


class Conditional(StrictModel):
    """Apply some effects if a condition holds, others if not."""

    kind: Literal["if"]
    """Always ``if``."""
    condition: Condition
    """Test made when the effect applies."""
    then: list[Effect] = Field(default_factory=list)
    """Effects when it holds."""
    otherwise: list[Effect] = Field(default_factory=list)
    """Effects when it does not."""


class SetSupplySource(StrictModel):
    """Open or close a supply source."""

    kind: Literal["supply_source"]
    """Always ``supply_source``."""
    source: SupplySourceId
    """The source."""
    operative: bool
    """Whether it supplies from now on."""


class SetConnection(StrictModel):
    """Change a connection: blow or repair a bridge, cut or restore a road or a railway."""

    kind: Literal["connection"]
    """Always ``connection``."""
    connection: ConnectionId
    """The connection."""
    bridge: bool | None = None
    """New bridge state; ``null`` leaves it."""
    road: bool | None = None
    """New road state; ``null`` leaves it."""
    rail: bool | None = None
    """New rail state; ``null`` leaves it."""


class TransferControl(StrictModel):
    """Hand regions and structures to another nation (treaties, uprisings)."""

    kind: Literal["transfer"]
    """Always ``transfer``."""
    regions: list[RegionId] = Field(default_factory=list)
    """Regions handed over."""
    structures: list[StructureId] = Field(default_factory=list)
    """Structures handed over."""
    to: NationId
    """New owner."""


class ChangeCards(StrictModel):
    """Put cards into play or take them out."""

    kind: Literal["cards"]
    """Always ``cards``."""
    add: list[CardId] = Field(default_factory=list)
    """Cards shuffled into their side's deck (or put in hand, see ``to_hand``)."""
    remove: list[CardId] = Field(default_factory=list)
    """Cards taken out of deck and hand for good."""
    to_hand: bool = False
    """Added cards go straight to the hand."""


class TriggerEvent(StrictModel):
    """Fire another event now."""

    kind: Literal["event"]
    """Always ``event``."""
    event: EventId
    """The event."""


class EndGame(StrictModel):
    """End the game at once."""

    kind: Literal["end_game"]
    """Always ``end_game``."""
    winner: SideRef | None = None
    """Winning side; ``null`` for a draw (or a VP count, see ``by_vp``)."""
    by_vp: bool = False
    """Decide the winner by VP as at the normal end; only without a ``winner``."""

    @model_validator(mode="after")
    def _one_way(self) -> EndGame:
        if self.winner is not None and self.by_vp:
            raise ValueError("an end_game effect names a winner or counts VP, not both")
        return self


Effect = Annotated[
    AddVictoryPoints
    | ChangeTension
    | AddTreasury
    | DrawCards
    | GrantReplacements
    | BringReinforcement
    | RemoveUnits
    | RemoveLeader
    | Modify
    | Examine
    | Immobilize
    | MoveUnits
    | Reroll
    | AutomaticHits
    | ShootFirst
    | CancelBattle
    | SetFlag
    | Choice
    | Conditional
    | SetSupplySource
    | SetConnection
    | TransferControl
    | ChangeCards
    | TriggerEvent
    | EndGame,
    Field(discriminator="kind"),
]
"""Any effect, told apart by its ``kind``."""

# Built now, once what they refer to is defined, even where models are deferred: their
# fields' types stay forward references until then, and the walks over the format's fields
# (references for Find usages and validation, ranges, search) read those types.
for _model in (ChoiceOption, Choice, Conditional):
    _model.model_rebuild()
