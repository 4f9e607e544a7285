"""The ``rules`` section: every number the rules use, with the rulebook's value as default.

Modifiers are written as they apply: a penalty is negative, a bonus positive. Checklist ids
(``B3``, ``S4``...) point to ``docs/rules.md``.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field, field_validator, model_validator

from .base import StrictModel
from .operational import OperationalRules
from .ranges import (
    CardCount,
    Cost,
    CostPerRegion,
    DieSides,
    Distance,
    Fraction,
    LogisticUnits,
    Modifier,
    Multiplier,
    PointsPerTurn,
    PositiveCost,
    PositiveRounds,
    PositiveThreshold,
    Radius,
    Ratio,
    Rounds,
    Stacking,
    SurvivalMultiplier,
    Threshold,
    TurnCount,
    VictoryLevel,
)


class DiceRules(StrictModel):
    """The die every test rolls."""

    sides: DieSides = 10
    """Faces of the die; rolls run from 0 to sides - 1."""


class CommandRules(StrictModel):
    """U3: how many stacking points a leader commands before penalties start."""

    limit_1_star: Threshold = 10
    """Stacking points a one-star leader commands without penalty."""
    limit_2_star: Threshold = 20
    """Stacking points a two-star leader commands without penalty."""
    limit_3_star: Threshold = 40
    """Stacking points a three-star leader commands without penalty."""
    penalty_step: PositiveThreshold = 5
    """Each started block of this many points over the limit costs one penalty step."""
    morale_penalty: Modifier = -1
    """Morale change per penalty step."""
    combat_penalty: Modifier = -1
    """Combat change (the leader's attack and defence bonus) per penalty step."""


class MovementRules(StrictModel):
    """V1-V5, M4: movement costs and their exceptions."""

    air_cost_per_region: PositiveCost = 1
    """MP an air unit pays for each region, whatever its terrain (A1)."""
    trail_cost_reduction: Cost = 1
    """MP a trail takes off a region's terrain cost (M2)."""
    minimum_land_cost: Cost = 1
    """No land entry costs less than this after trails, before roads and rail."""
    road_cost_per_region: CostPerRegion = 0.5
    """MP per region on a move that runs along roads through friendly regions (M4)."""
    rail_cost_per_region: CostPerRegion = 0.0
    """MP per region on a move along rail through friendly regions, for sides that may use it."""
    overrun_ratio: Ratio = 10.0
    """A moving stack overruns when its hit points reach this multiple of the defenders' (V2)."""
    overrun_mp_cost: Cost = 1
    """MP an overrun costs the moving stack."""
    minimal_move: bool = True
    """A stack that has spent no MP may always move one region, then stops (V4)."""


class StackingRules(StrictModel):
    """U4: limits per region."""

    air_default: Stacking = 4
    """Air stacking of a region without a larger airfield or override."""


class EntrenchmentRules(StrictModel):
    """U5."""

    attacker_modifier: Modifier = -1
    """Combat modifier for every unit attacking an entrenched stack."""


class FogRules(StrictModel):
    """V7: what one side sees of the other.

    A search succeeds on a roll at most ``search_success_max`` plus the search modifiers
    (the searching leader's combat value, cards, the terrain's ``search_modifier``), so
    positive modifiers make a search likelier.
    """

    enabled: bool = True
    """Play with fog of war unless the players switch it off."""
    search_success_max: Modifier = 3
    """A search succeeds when the roll is at most this plus the search modifiers."""
    air_recon: bool = True
    """Aircraft with the ``recon`` role that end an offensive flight over hidden enemy stacks
    search there when the side's offensive air phase ends; what they find stays revealed to
    the side until the end of the game turn."""


class BattleRules(StrictModel):
    """B2-B10: battle rounds, morale, losses, panic, rout and breakthrough."""

    max_next_rounds: Rounds = 3
    """Next rounds after the main round (B2)."""
    max_rounds: PositiveRounds = 8
    """Rounds a battle may last, card round excluded."""
    zero_always_hits: bool = True
    """A roll of 0 hits whatever the modifiers (B3)."""
    elite_reroll: bool = True
    """Elite units roll a missed shot again."""
    reduced_strength_fraction: Fraction = 0.5
    """A unit at or under this fraction of its hit points uses its reduced values."""
    armour_superiority_ratio: Ratio = 2.0
    """Armour superiority needs this many times the opponent's armour units..."""
    armour_superiority_min_units: Threshold = 2
    """...and at least this many armour units."""
    armour_superiority_combat: Modifier = 1
    """Combat bonus of the side with armour superiority."""
    armour_superiority_morale: Modifier = 1
    """Battle morale bonus of the side with armour superiority."""
    armour_present_morale: Modifier = 1
    """Battle morale bonus of a side with any armour unit (B4)."""
    air_present_morale: Modifier = 1
    """Battle morale bonus of a side with any air unit in the battle."""
    morale_per_unit_lost: Modifier = -1
    """Battle morale change for each unit eliminated or panicked."""
    morale_per_next_round: Modifier = -1
    """Battle morale change at each next round."""
    heavy_losses_fraction: Fraction = 0.5
    """A round is one of heavy losses when hits exceed this fraction of the strength present."""
    heavy_losses_morale: Modifier = -1
    """Battle morale change in a round of heavy losses."""
    panic_hits_fraction: Fraction = 0.5
    """A unit tests for panic when a round's hits reach this fraction of its remaining strength."""
    panic_morale_multiplier: Multiplier = 2
    """A unit panics when the roll exceeds its base morale times this (B6)."""
    cavalry_only_hit_fraction: Fraction = 0.5
    """Share of other units' hits that armour takes when only armour is left (B5)."""
    total_elimination_support_fraction: Fraction = 0.5
    """Share of support units lost when all combat units of a side are gone (B8)."""
    connection_bonus_rounds: PositiveRounds = 1
    """Rounds in which the crossed connection's defence bonus applies (the first only)."""
    max_breakthroughs_per_turn: Rounds = 2
    """Breakthroughs one stack may make in a turn; nations without the double ability get 1."""
    air_only_rounds: PositiveRounds = 2
    """Rounds of a battle in which only air units attack land units (A4)."""


class AirRules(StrictModel):
    """A1-A5: anti-aircraft fire, interception and air combat.

    Interception modifiers are added to the die: an interception succeeds on a low roll, so a
    negative modifier makes it likelier. Combat modifiers are added to combat factors.
    """

    aa_radar_modifier: Modifier = 1
    """AA combat modifier when the AA unit's nation has radar."""
    aa_stealth_modifier: Modifier = -3
    """AA combat modifier when every target is stealthy."""
    interception_success_max: Modifier = 3
    """An interception succeeds when the modified roll is at most this."""
    interception_radius: Radius = 1
    """Regions away from fighters in which an interception may be tried."""
    interception_final_destination_modifier: Modifier = -1
    """Roll modifier when the intercepted stack has reached its destination."""
    interception_radar_modifier: Modifier = -3
    """Roll modifier when the intercepting side has radar."""
    interception_no_fighters_modifier: Modifier = 5
    """Roll modifier when the side that is not moving has no fighters."""
    interception_adjacent_modifier: Modifier = -1
    """Roll modifier when the interceptors are in a neighbouring region."""
    interception_grounded_modifier: Modifier = 1
    """Roll modifier when every interceptor started on the ground."""
    air_combat_radar_modifier: Modifier = 1
    """Fighters' combat modifier when only their side has radar."""


class NavalRules(StrictModel):
    """Naval movement (000 sections 4.2, 5 and 8): off by default, when ships move with the land
    units in the land movement phase as before this section existed.

    With ``enabled``, ships move in a naval movement phase of their own (after the offensive
    air movement, before land movement). A sea region costs its terrain's MP, so the sea
    classes of the rulebook (coastal waters, high seas, ocean) are terrain types with their own
    costs; ships end every move on the coast inside a friendly port, which is their base.
    """

    enabled: bool = False
    """Play the naval movement phase; ``false`` keeps ships in the land movement phase."""
    sea_stacking: Stacking = 12
    """Stacking points of ships one side may have in one sea region."""
    port_entry_cost: Cost = 0
    """MP a ship pays to sail from a sea region into a friendly port (M5 makes friendly
    structures free to enter)."""


class TransportRules(StrictModel):
    """Land units carried by ships and aircraft (000 sections 3.2 and 8): each switch turns
    one way of carrying on. Carriers are units with a ``transport_capacity``; what they carry
    is counted in stacking points.

    Sea transport and landings happen in the naval movement phase, so they also need
    ``naval.enabled``; air transport and drops happen in the offensive air movement phase.
    """

    sea: bool = True
    """Land units board ships in a friendly port, sail with them and go ashore in a friendly
    port (needs ``naval.enabled``)."""
    landings: bool = True
    """Units aboard ships land from the sea over a beach (a connection type with
    ``only_from_sea``), into a friendly or an enemy region (needs ``sea``)."""
    air: bool = True
    """Land units inside a friendly airfield fly with air transports to another friendly
    airfield."""
    paratroops: bool = True
    """Units with the ``paratroop`` role jump from air transports into any region in range
    (needs ``air``)."""


class SiegeRules(StrictModel):
    """G1: sieges of fortified structures.

    Roll modifiers are added to the die: the structure surrenders on a roll at most its
    fortification level, so negative modifiers help the besieger.
    """

    min_besiegers: PositiveThreshold = 2
    """Combat units one side needs in the region to besiege."""
    siege_artillery_modifier: Modifier = -1
    """Roll modifier for each siege artillery unit."""
    artillery_or_bomber_modifier: Modifier = -1
    """Roll modifier when any artillery or bomber takes part."""
    overcrowding_step: PositiveThreshold = 5
    """Every this many hit points of combat units inside..."""
    overcrowding_modifier: Modifier = -1
    """...changes the roll by this."""
    besieger_leader_modifier: Modifier = -2
    """Roll modifier for a besieging leader with the siege ability."""
    besieged_leader_modifier: Modifier = 2
    """Roll modifier for a besieged leader with the siege ability."""
    assault_defence_modifier: Modifier = 2
    """Defence bonus of units inside a fortified structure that is assaulted."""
    port_needs_blockade: bool = False
    """A fortified port can only be besieged while enemy ships blockade it."""


class SupplyStage(StrictModel):
    """Effects on a unit that has been out of supply for a number of consecutive supply phases."""

    turns: TurnCount
    """Consecutive supply phases out of supply from which this stage applies."""
    movement: Modifier = 0
    """MP change for every unit."""
    motorized_movement: Modifier = 0
    """Extra MP change for motorized and heavy units."""
    attack: Modifier = 0
    """Attack change."""
    defence: Modifier = 0
    """Defence change."""
    morale: Modifier = 0
    """Morale change."""
    survival_multiplier: SurvivalMultiplier = 3
    """The survival test passes on a roll at most morale times this, plus modifiers."""
    eliminate_artillery: bool = False
    """Artillery units are eliminated at this stage."""


def _default_supply_stages() -> list[SupplyStage]:
    return [
        SupplyStage(turns=1, motorized_movement=-1, morale=-1, survival_multiplier=3),
        SupplyStage(turns=2, movement=-1, attack=-1, morale=-1, survival_multiplier=3),
        SupplyStage(
            turns=3,
            movement=-2,
            attack=-1,
            defence=-1,
            morale=-1,
            survival_multiplier=2,
            eliminate_artillery=True,
        ),
    ]


class SupplyRules(StrictModel):
    """S1-S5."""

    range: Distance = 3
    """Regions a supply line reaches from a source or relay, the origin not counted."""
    logistics_consumed: LogisticUnits = 1
    """Logistic units a stack uses up to count as supplied until its next supply phase."""
    city_survival_modifier: Modifier = 1
    """Added to the survival target of a unit in a region with a structure (the survival
    test passes on a roll at most morale times the stage's multiplier plus modifiers)."""
    stages: list[SupplyStage] = Field(default_factory=_default_supply_stages, min_length=1)
    """Out-of-supply stages, in increasing order of ``turns``; the last one repeats."""

    @field_validator("stages")
    @classmethod
    def _increasing(cls, stages: list[SupplyStage]) -> list[SupplyStage]:
        turns = [stage.turns for stage in stages]
        if turns != sorted(set(turns)):
            raise ValueError(f"stage turns must strictly increase, found {turns}")
        return stages


class CardRules(StrictModel):
    """E2."""

    draw_per_turn: CardCount = 2
    """Cards a side draws in its cards phase."""
    hand_limit: CardCount = 10
    """Cards a side may keep; the excess must be discarded."""


class ReplacementRules(StrictModel):
    """E4."""

    points_per_turn: PointsPerTurn = 1
    """Replacement points each side receives every player-turn, before scheduled extras."""


class VictoryRules(StrictModel):
    """W1."""

    victory_level: VictoryLevel | None = 20
    """A side at or above this many VP at the end of a turn, and ahead of every other side,
    wins at once. ``null`` switches the check off."""


RulesFamily = Literal["area", "operational"]
"""``area``: the rules of docs/rules.md; ``operational``: the hex rules of
docs/rules-operational.md (a hex map and WEGO turns)."""


class Rules(StrictModel):
    """Every number of the rules, grouped by chapter."""

    dice: DiceRules = Field(default_factory=DiceRules)
    """The die."""
    command: CommandRules = Field(default_factory=CommandRules)
    """Leaders' command limits and penalties."""
    movement: MovementRules = Field(default_factory=MovementRules)
    """Movement costs."""
    stacking: StackingRules = Field(default_factory=StackingRules)
    """Stacking defaults."""
    entrenchment: EntrenchmentRules = Field(default_factory=EntrenchmentRules)
    """Entrenchment."""
    fog: FogRules = Field(default_factory=FogRules)
    """Fog of war and searches."""
    battle: BattleRules = Field(default_factory=BattleRules)
    """Battles."""
    air: AirRules = Field(default_factory=AirRules)
    """Air interception and AA fire."""
    naval: NavalRules = Field(default_factory=NavalRules)
    """Naval movement."""
    transport: TransportRules = Field(default_factory=TransportRules)
    """Sea and air transport, landings and drops."""
    siege: SiegeRules = Field(default_factory=SiegeRules)
    """Sieges."""
    supply: SupplyRules = Field(default_factory=SupplyRules)
    """Supply."""
    cards: CardRules = Field(default_factory=CardRules)
    """Card draws and hand size."""
    replacements: ReplacementRules = Field(default_factory=ReplacementRules)
    """Replacement points."""
    victory: VictoryRules = Field(default_factory=VictoryRules)
    """Victory thresholds."""
    family: RulesFamily = "area"
    """Which rules the scenario plays: ``area`` (docs/rules.md) or ``operational``
    (docs/rules-operational.md, which needs a hex map and WEGO turns)."""
    operational: OperationalRules | None = None
    """The operational family's tables; filled with their defaults when ``family`` is
    ``operational`` and the file gives none."""

    @model_validator(mode="before")
    @classmethod
    def _operational_tables(cls, data: Any) -> Any:
        # An operational scenario always carries its tables, so that a saved file shows every
        # knob of the family (the rules section is written in full).
        operational = isinstance(data, dict) and data.get("family") == "operational"
        if operational and data.get("operational") is None:
            data = {**data, "operational": {}}
        return data
